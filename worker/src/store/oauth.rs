//! Plug's OAuth authorization server for `/mcp` (migration 0007): registered clients, `/authorize`
//! requests in progress, codes, grants and their tokens. Every secret is stored as its SHA-256; a
//! code or a refresh token is spent in the same statement that finds it, so it works once.

use plug_domain::ids::{GridId, UserId};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::db::{self, int, opt_text, text, Db};
use crate::error::ApiResult;
use crate::random::hex;

pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Every row this module reads, in one shape: one deserializer in the upload instead of five.
/// Each query fills the columns it names; the rest keep their defaults.
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct Row {
    pub client_id: String,
    pub client_name: String,
    /// A JSON array of strings.
    pub redirect_uris: String,
    pub redirect_uri: String,
    pub state: Option<String>,
    pub code_challenge: String,
    pub resource: String,
    pub scope: Option<String>,
    pub provider_verifier: Option<String>,
    pub user_id: Option<UserId>,
    pub grid_id: Option<GridId>,
    pub grant_id: String,
    pub grid_slug: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// A registered client: `client_id`, `client_name`, `redirect_uris`.
pub type Client = Row;
/// An `/authorize` in progress.
pub type Pending = Row;
/// A spent code's facts.
pub type Code = Row;
/// A grant as a token finds it, only while its person is still a member of its grid; or, listed
/// for its person, with `client_name`, `redirect_uri` (the first registered), `grid_slug`,
/// `created_at` and `last_used_at`.
pub type Grant = Row;

impl Row {
    pub fn redirect_uris(&self) -> Vec<String> {
        serde_json::from_str(&self.redirect_uris).unwrap_or_default()
    }
}

pub async fn insert_client(
    db: &Db,
    client_id: &str,
    name: &str,
    redirect_uris: &str,
    now: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES (?1, ?2, ?3, ?4)",
        &[text(client_id), text(name), text(redirect_uris), int(now)],
    )
    .await
    .map(drop)
}

pub async fn client(db: &Db, client_id: &str) -> ApiResult<Option<Client>> {
    db::first(
        db,
        "SELECT client_id, client_name, redirect_uris FROM oauth_clients WHERE client_id = ?1",
        &[text(client_id)],
    )
    .await
}

pub struct NewPending<'a> {
    pub secret: &'a str,
    pub csrf: &'a str,
    pub client_id: &'a str,
    pub redirect_uri: &'a str,
    pub state: Option<&'a str>,
    pub code_challenge: &'a str,
    pub resource: &'a str,
    pub scope: Option<&'a str>,
    pub provider_verifier: Option<&'a str>,
    pub expires_at: i64,
}

pub async fn insert_pending(db: &Db, p: &NewPending<'_>) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO oauth_requests (request_hash, csrf_hash, client_id, redirect_uri, state, code_challenge,
           resource, scope, provider_verifier, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        &[
            text(&hash(p.secret)),
            text(&hash(p.csrf)),
            text(p.client_id),
            text(p.redirect_uri),
            opt_text(p.state),
            text(p.code_challenge),
            text(p.resource),
            opt_text(p.scope),
            opt_text(p.provider_verifier),
            int(p.expires_at),
        ],
    )
    .await
    .map(drop)
}

const PENDING_COLUMNS: &str =
    "r.client_id, c.client_name, r.redirect_uri, r.state, r.code_challenge,
  r.resource, r.scope, r.provider_verifier, r.user_id";

/// The request the browser's cookie names, when it is not expired (and, with `csrf`, only when the
/// form's token is the one made for it).
pub async fn pending(
    db: &Db,
    secret: &str,
    csrf: Option<&str>,
    now: i64,
) -> ApiResult<Option<Pending>> {
    db::first(
        db,
        &format!(
            "SELECT {PENDING_COLUMNS} FROM oauth_requests r JOIN oauth_clients c ON c.client_id = r.client_id
             WHERE r.request_hash = ?1 AND r.expires_at > ?2 AND (?3 IS NULL OR r.csrf_hash = ?3)"
        ),
        &[text(&hash(secret)), int(now), opt_text(csrf.map(hash).as_deref())],
    )
    .await
}

/// The person signed in: the request is now theirs, with a new CSRF token for the consent form
/// (the sign-in form's is spent with it).
pub async fn set_pending_user(
    db: &Db,
    secret: &str,
    user_id: &UserId,
    csrf: &str,
) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE oauth_requests SET user_id = ?2, csrf_hash = ?3 WHERE request_hash = ?1",
        &[text(&hash(secret)), text(user_id), text(&hash(csrf))],
    )
    .await
    .map(drop)
}

/// The person's answer: the request ends here, once, whatever the answer.
pub async fn take_pending(
    db: &Db,
    secret: &str,
    csrf: &str,
    now: i64,
) -> ApiResult<Option<Pending>> {
    db::first(
        db,
        "DELETE FROM oauth_requests WHERE request_hash = ?1 AND csrf_hash = ?2 AND expires_at > ?3
           AND user_id IS NOT NULL
         RETURNING client_id, (SELECT client_name FROM oauth_clients c WHERE c.client_id = oauth_requests.client_id) AS client_name,
           redirect_uri, state, code_challenge, resource, scope, provider_verifier, user_id",
        &[text(&hash(secret)), text(&hash(csrf)), int(now)],
    )
    .await
}

pub async fn insert_code(
    db: &Db,
    code: &str,
    p: &Pending,
    user_id: &UserId,
    grid_id: &GridId,
    expires_at: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO oauth_codes (code_hash, client_id, redirect_uri, code_challenge, resource, scope, user_id,
           grid_id, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        &[
            text(&hash(code)),
            text(&p.client_id),
            text(&p.redirect_uri),
            text(&p.code_challenge),
            text(&p.resource),
            opt_text(p.scope.as_deref()),
            text(user_id),
            text(grid_id),
            int(expires_at),
        ],
    )
    .await
    .map(drop)
}

/// Spends a code: its facts when it is unused and unexpired, else None.
pub async fn redeem_code(db: &Db, code: &str, now: i64) -> ApiResult<Option<Code>> {
    db::first(
        db,
        "UPDATE oauth_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL AND expires_at > ?2
         RETURNING client_id, redirect_uri, code_challenge, resource, scope, user_id, grid_id",
        &[text(&hash(code)), int(now)],
    )
    .await
}

/// A spent code or refresh token presented again: someone else has a copy, so the grant it made
/// ends, with its tokens (RFC 6749 4.1.2, OAuth 2.1 4.3.1). A code whose first exchange has not
/// yet written its grant is marked instead ([`REPLAYED`]), and [`insert_grant`] then writes none.
pub async fn replayed(db: &Db, secret: &str) -> ApiResult<()> {
    let secret = hash(secret);
    db::batch(
        db,
        vec![
            db::stmt(
                db,
                "DELETE FROM oauth_grants WHERE grant_id IN
                   (SELECT grant_id FROM oauth_codes WHERE code_hash = ?1 AND used_at IS NOT NULL
                    UNION SELECT grant_id FROM oauth_tokens WHERE token_hash = ?1 AND kind = 'refresh' AND used_at IS NOT NULL)",
                &[text(&secret)],
            )?,
            db::stmt(
                db,
                "UPDATE oauth_codes SET grant_id = ?2
                 WHERE code_hash = ?1 AND used_at IS NOT NULL AND grant_id IS NULL",
                &[text(&secret), text(REPLAYED)],
            )?,
        ],
    )
    .await
}

/// What a spent code's `grant_id` holds when a copy of it came back before its grant was written.
const REPLAYED: &str = "replayed";

pub struct Issue<'a> {
    pub grant_id: &'a str,
    pub access: &'a str,
    pub access_expires_at: i64,
    pub refresh: &'a str,
    pub refresh_expires_at: i64,
}

/// A new grant from a spent code, with its first tokens, in one batch; false (nothing written)
/// when a copy of the code was presented since it was spent ([`replayed`]).
pub async fn insert_grant(
    db: &Db,
    code: &str,
    c: &Code,
    tokens: &Issue<'_>,
    now: i64,
) -> ApiResult<bool> {
    let code = hash(code);
    let mut statements = vec![
        // Claims the code for this grant unless a replay marked it first.
        db::stmt(
            db,
            "UPDATE oauth_codes SET grant_id = ?2 WHERE code_hash = ?1 AND grant_id IS NULL",
            &[text(&code), text(tokens.grant_id)],
        )?,
        db::stmt(
            db,
            "INSERT INTO oauth_grants (grant_id, client_id, user_id, grid_id, resource, scope, created_at, last_used_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7
             WHERE EXISTS (SELECT 1 FROM oauth_codes WHERE code_hash = ?8 AND grant_id = ?1)",
            &[
                text(tokens.grant_id),
                text(&c.client_id),
                opt_text(c.user_id.as_deref()),
                opt_text(c.grid_id.as_deref()),
                text(&c.resource),
                opt_text(c.scope.as_deref()),
                int(now),
                text(&code),
            ],
        )?,
    ];
    statements.extend(token_statements(db, tokens)?);
    let results = db::batch_results(db, statements).await?;
    Ok(db::changes(&results[1]) > 0)
}

fn token_statements(db: &Db, t: &Issue<'_>) -> ApiResult<Vec<worker::D1PreparedStatement>> {
    // Written only while the grant exists: its code may have been replayed, or the grant revoked.
    let sql = "INSERT INTO oauth_tokens (token_hash, grant_id, kind, expires_at)
         SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM oauth_grants WHERE grant_id = ?2)";
    Ok(vec![
        db::stmt(
            db,
            sql,
            &[
                text(&hash(t.access)),
                text(t.grant_id),
                text("access"),
                int(t.access_expires_at),
            ],
        )?,
        db::stmt(
            db,
            sql,
            &[
                text(&hash(t.refresh)),
                text(t.grant_id),
                text("refresh"),
                int(t.refresh_expires_at),
            ],
        )?,
    ])
}

const GRANT_OF_TOKEN: &str =
    "SELECT g.grant_id, g.client_id, g.user_id, gr.slug AS grid_slug, g.resource
  FROM oauth_tokens t JOIN oauth_grants g ON g.grant_id = t.grant_id
  JOIN memberships m ON m.grid_id = g.grid_id AND m.user_id = g.user_id
  JOIN grids gr ON gr.grid_id = g.grid_id";

/// Spends a refresh token: its grant when it is unused, unexpired and the membership holds. The
/// grant is trusted only when the spending statement itself answered: a replay racing the first
/// use in the same millisecond finds the row spent (`used_at` already `now`) and gets nothing, so
/// it cannot start a second family of tokens that reuse detection never sees.
pub async fn spend_refresh(db: &Db, refresh: &str, now: i64) -> ApiResult<Option<Grant>> {
    let results = db::batch_results(
        db,
        vec![
            db::stmt(
                db,
                "UPDATE oauth_tokens SET used_at = ?2
                 WHERE token_hash = ?1 AND kind = 'refresh' AND used_at IS NULL AND expires_at > ?2
                 RETURNING grant_id",
                &[text(&hash(refresh)), int(now)],
            )?,
            db::stmt(
                db,
                &format!("{GRANT_OF_TOKEN} WHERE t.token_hash = ?1 AND t.used_at = ?2"),
                &[text(&hash(refresh)), int(now)],
            )?,
        ],
    )
    .await?;
    #[derive(Deserialize)]
    struct Spent {
        grant_id: String,
    }
    let spent: Option<Spent> = match results.first() {
        Some(r) => db::rows(r)?.into_iter().next(),
        None => None,
    };
    let Some(spent) = spent else {
        return Ok(None);
    };
    let rows: Vec<Grant> = match results.get(1) {
        Some(r) => db::rows(r)?,
        None => Vec::new(),
    };
    Ok(rows.into_iter().find(|g| g.grant_id == spent.grant_id))
}

/// New tokens of a grant (a refresh).
/// A refreshed pair of tokens; false (nothing written) when the grant ended meanwhile.
pub async fn insert_tokens(db: &Db, tokens: &Issue<'_>, now: i64) -> ApiResult<bool> {
    let mut statements = token_statements(db, tokens)?;
    statements.push(db::stmt(
        db,
        "UPDATE oauth_grants SET last_used_at = ?2 WHERE grant_id = ?1",
        &[text(tokens.grant_id), int(now)],
    )?);
    let results = db::batch_results(db, statements).await?;
    Ok(db::changes(&results[0]) > 0)
}

/// The grant of an unexpired access token, while the membership holds.
pub async fn grant_of_access(db: &Db, access: &str, now: i64) -> ApiResult<Option<Grant>> {
    db::first(
        db,
        &format!(
            "{GRANT_OF_TOKEN} WHERE t.token_hash = ?1 AND t.kind = 'access' AND t.expires_at > ?2"
        ),
        &[text(&hash(access)), int(now)],
    )
    .await
}

/// RFC 7009: a token of the client ends its whole grant (access and refresh tokens alike).
pub async fn revoke_token(db: &Db, token: &str, client_id: Option<&str>) -> ApiResult<()> {
    db::run(
        db,
        "DELETE FROM oauth_grants WHERE (?2 IS NULL OR client_id = ?2) AND grant_id IN
           (SELECT grant_id FROM oauth_tokens WHERE token_hash = ?1)",
        &[text(&hash(token)), opt_text(client_id)],
    )
    .await
    .map(drop)
}

/// A person's connected apps: their grants in every grid, newest first (100 at most).
pub async fn grants_of(db: &Db, user_id: &UserId) -> ApiResult<Vec<Grant>> {
    db::all(
        db,
        "SELECT g.grant_id, g.client_id, c.client_name,
           COALESCE(json_extract(c.redirect_uris, '$[0]'), '') AS redirect_uri,
           gr.slug AS grid_slug, g.created_at, g.last_used_at
         FROM oauth_grants g JOIN oauth_clients c ON c.client_id = g.client_id
         JOIN grids gr ON gr.grid_id = g.grid_id
         WHERE g.user_id = ?1 ORDER BY g.created_at DESC LIMIT 100",
        &[text(user_id)],
    )
    .await
}

/// Ends one of the person's grants and, by cascade, every token of it; false when they have none
/// of that id.
pub async fn end_grant(db: &Db, user_id: &UserId, grant_id: &str) -> ApiResult<bool> {
    let ended = db::run(
        db,
        "DELETE FROM oauth_grants WHERE grant_id = ?1 AND user_id = ?2",
        &[text(grant_id), text(user_id)],
    )
    .await?;
    Ok(ended > 0)
}

/// What expired is useless; the daily cron clears it.
pub async fn prune(db: &Db, now: i64) -> ApiResult<()> {
    db::batch(
        db,
        vec![
            db::stmt(
                db,
                "DELETE FROM oauth_requests WHERE expires_at < ?1",
                &[int(now)],
            )?,
            db::stmt(
                db,
                "DELETE FROM oauth_codes WHERE expires_at < ?1",
                &[int(now - 86_400_000)],
            )?,
            db::stmt(
                db,
                "DELETE FROM oauth_tokens WHERE expires_at < ?1",
                &[int(now)],
            )?,
        ],
    )
    .await
}
