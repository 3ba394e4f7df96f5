//! Sessions on the serving origin (platform.md 4): a Bearer caller trades a
//! one-time ticket for an HttpOnly cookie there, so browsers can view
//! non-link content without the API's token ever reaching uploaded pages.

use plug_domain::token::{self, Expectations};
use plug_domain::validate::FieldError;
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};
use worker::{Request, Response};

use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::http::{cookie, field, hex, json, random_bytes, read_optional_object, Ctx};
use crate::store::db::{self, int, text};
use crate::store::identity::{self, User};

const COOKIE: &str = "plug_session";
const TICKET_TTL_MS: i64 = 60_000;
const SESSION_TTL_SECONDS: i64 = 8 * 3600;

fn ticket_hash(ticket: &str) -> String {
    hex(&Sha256::digest(ticket.as_bytes()))
}

/// Session cookies are signed with a key derived from JWT_SECRET, so they are never valid API tokens.
fn session_key(cx: &Ctx) -> Vec<u8> {
    Sha256::digest(format!("plug-serve-session|{}", cx.config.jwt_secret)).to_vec()
}

/// POST /api/v2/serve-sessions `{ url? }` → `{ url }`: open it in the browser to sign in on the serving origin.
pub async fn create(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    // A POST from `plug open`, so an old client is told to upgrade like on every other write;
    // it reads only, so a multi-grid user needs no grid header.
    auth::check_cli_version(cx, &req)?;
    let caller = auth::caller(cx, &req, false).await?;
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["url"])?;
    let target = field::opt_str(&body, "url")?
        .map(str::to_string)
        .unwrap_or_else(|| format!("{}/", cx.config.serve_base_url));
    if !target.starts_with(&format!("{}/", cx.config.serve_base_url)) {
        return Err(FieldError::new(
            "url",
            "origin",
            format!("a URL on {}", cx.config.serve_base_url),
        )
        .into());
    }
    let ticket = hex(&random_bytes::<32>());
    db::run(
        &cx.db,
        "INSERT INTO serve_tickets (ticket_hash, user_id, target_url, expires_at) VALUES (?1, ?2, ?3, ?4)",
        &[text(&ticket_hash(&ticket)), text(&caller.user.user_id), text(&target), int(cx.now + TICKET_TTL_MS)],
    )
    .await?;
    let url = format!("{}/_plug/session?ticket={ticket}", cx.config.serve_base_url);
    json(
        201,
        &json!({ "url": url, "expires_at": plug_domain::time::iso(cx.now + TICKET_TTL_MS) }),
    )
}

/// GET /_plug/session?ticket=… on the serving origin: sets the cookie once and redirects.
pub async fn redeem(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    #[derive(Deserialize)]
    struct Ticket {
        user_id: String,
        target_url: String,
    }
    let ticket = req
        .url()?
        .query_pairs()
        .find(|(k, _)| k == "ticket")
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default();
    let found: Option<Ticket> = db::first(
        &cx.db,
        "UPDATE serve_tickets SET used_at = ?2 WHERE ticket_hash = ?1 AND used_at IS NULL AND expires_at > ?2
         RETURNING user_id, target_url",
        &[text(&ticket_hash(&ticket)), int(cx.now)],
    )
    .await?;
    let ticket = found
        .ok_or_else(|| ApiError::unauthorized("this sign-in link is invalid, used or expired"))?;
    let session = token::mint(
        &ticket.user_id,
        &session_key(cx),
        cx.now,
        SESSION_TTL_SECONDS,
        None,
        Some("plug-serve"),
    );
    let secure = if cx.config.serve_base_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    let mut response = crate::http::redirect(&ticket.target_url, 302)?;
    let cookie = format!(
        "{COOKIE}={session}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_TTL_SECONDS}{secure}"
    );
    let _ = response.headers_mut().set("Set-Cookie", &cookie);
    Ok(response)
}

/// The user of a valid session cookie, if any; a bad cookie is simply anonymous.
pub async fn user_from_cookie(cx: &Ctx, req: &Request) -> Option<User> {
    let value = cookie(req, COOKIE)?;
    let expect = Expectations {
        issuer: None,
        audience: Some("plug-serve"),
    };
    let user_id = token::verify(&value, &session_key(cx), cx.now, &expect).ok()?;
    identity::find_user(&cx.db, &user_id).await.ok().flatten()
}
