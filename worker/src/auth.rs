//! Who is calling: the one place that turns a request into a verified caller
//! (Bearer JWT + active grid, openapi.yaml "Authentication"), checks the operator token, and
//! gates old CLI versions. Handlers receive a `Caller` or an error.

use plug_domain::access::Viewer;
use plug_domain::ids::{SpaceId, UserId};
use plug_domain::token::{self, Expectations, TokenError};
use plug_domain::Role;
use worker::Request;

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{header, Ctx};
use crate::store::directory::{self, Grid, User};
use crate::store::limits::{self, Limit};

/// A verified user acting in one active grid.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    pub grid: Grid,
    pub role: Role,
    /// Confined to `grid` (`GRID_ONLY`): an entity of another grid is seen as anyone sees it.
    pub grid_only: bool,
}

/// The header `/mcp` adds to the tool calls of an app a person let act in one grid
/// (`routes::mcp`): the caller is confined to that grid, even reading by UUID. It only ever takes
/// rights away, so a client that sends it itself confines no one but itself.
pub const GRID_ONLY: &str = "X-Plug-Grid-Only";

impl Caller {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}

pub fn bearer(req: &Request) -> Option<String> {
    let value = header(req, "Authorization")?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_string())
}

/// The caller's token: `Authorization: Bearer`, or, behind Cloudflare Access configured as the
/// OpenID provider, the `Cf-Access-Jwt-Assertion` header Access adds to every request it lets in.
/// Access adds it on its cookie, so it signs in only what the person or the API origin's own page
/// asked for (`plug_domain::origins::ambient_credential_counts`): a write another page had the
/// browser make is anonymous, as a cookie is nowhere else in the API.
pub fn token_of(cx: &Ctx, req: &Request) -> Option<String> {
    bearer(req).or_else(|| {
        cx.config
            .oidc
            .as_ref()
            .filter(|_| own_request(cx, req))
            .and_then(|_| header(req, ACCESS_ASSERTION))
    })
}

const ACCESS_ASSERTION: &str = "Cf-Access-Jwt-Assertion";

fn own_request(cx: &Ctx, req: &Request) -> bool {
    plug_domain::origins::ambient_credential_counts(
        header(req, "Sec-Fetch-Site").as_deref(),
        header(req, "Origin").as_deref(),
        &cx.config.base_url,
    )
}

/// The 401 of a request that needs a token and brought none it may use.
pub fn missing_token(cx: &Ctx, req: &Request) -> ApiError {
    if cx.config.oidc.is_some() && header(req, ACCESS_ASSERTION).is_some() {
        return ApiError::unauthorized(
            "another page made this request: the Cloudflare Access session signs in only Plug's own pages; send Authorization: Bearer",
        );
    }
    ApiError::unauthorized("missing Authorization: Bearer token")
}

/// The signed-in user of a request that needs no grid (`/api/v2/me`, connected apps); 401 without
/// a valid token.
pub async fn signed_in(cx: &Ctx, req: &Request) -> ApiResult<User> {
    let token = token_of(cx, req).ok_or_else(|| missing_token(cx, req))?;
    verify_user(cx, &token).await
}

/// Verifies a token and loads its user; any failure is 401.
pub async fn verify_user(cx: &Ctx, token: &str) -> ApiResult<User> {
    let user_id = verified_user_id(cx, token).await?;
    directory::find_user(&cx.db, &user_id)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown user"))
}

/// The user id a token names, once its signature and claims check out; any failure is 401. The
/// header's `alg` picks the path: HS256 is checked with `JWT_SECRET` only, RS256/ES256 against the
/// OpenID provider's published keys only, so no key ever checks a token of another kind.
pub async fn verified_user_id(cx: &Ctx, token: &str) -> ApiResult<UserId> {
    if token.starts_with(crate::routes::oauth::ACCESS_PREFIX) {
        return Err(ApiError::unauthorized(
            "an MCP access token is accepted at /mcp only",
        ));
    }
    let alg = plug_domain::oidc::algorithm(token);
    if let Some(config) = &cx.config.oidc {
        if alg
            .as_deref()
            .is_some_and(|a| plug_domain::oidc::ALGORITHMS.contains(&a))
        {
            let identity = crate::oidc::verify(cx, config, token).await?;
            return crate::oidc::user_of(cx, &identity).await;
        }
    }
    if cx.config.jwt_secret.is_empty() {
        return Err(ApiError::unauthorized(
            "token verification is not configured",
        ));
    }
    let expect = Expectations {
        issuer: cx.config.jwt_issuer.as_deref(),
        audience: cx.config.jwt_audience.as_deref(),
    };
    token::verify(token, cx.config.jwt_secret.as_bytes(), cx.now, &expect)
        .map(UserId::from)
        .map_err(|e| {
            ApiError::unauthorized(match e {
                TokenError::Expired => "token expired",
                TokenError::MissingExpiry => "token has no exp claim",
                TokenError::Algorithm if cx.config.oidc.is_some() => {
                    "token algorithm must be HS256, RS256 or ES256"
                }
                TokenError::Algorithm => "token algorithm must be HS256",
                _ => "invalid token",
            })
        })
}

/// The verified caller and active grid. `write` refuses a `plug` older than MIN_CLI_VERSION
/// (docs/model.md "Wire details"), before anything else, and makes the grid header required for
/// multi-grid users.
pub async fn caller(cx: &Ctx, req: &Request, write: bool) -> ApiResult<Caller> {
    caller_admitted(cx, req, write, None, false).await
}

/// Like `caller`, admitting one use of a per-user rate limit in the same round trip (429 when the
/// user's window is full). `gridless`: see `optional_caller`.
pub async fn caller_admitted(
    cx: &Ctx,
    req: &Request,
    write: bool,
    limit: Option<&Limit>,
    gridless: bool,
) -> ApiResult<Caller> {
    if write {
        check_cli_version(cx, req)?;
    }
    let token = token_of(cx, req).ok_or_else(|| missing_token(cx, req))?;
    let user_id = verified_user_id(cx, &token).await?;
    let admit = limit
        .map(|l| limits::admit_statement(&cx.db, l, &user_id, cx.now))
        .transpose()?;
    let found = match directory::user_with_memberships(&cx.db, &user_id, admit).await {
        Err(e) if limits::is_full(&e) => {
            let limit = limit.ok_or(e)?;
            return Err(limits::refusal_of(&cx.db, &[(limit, &user_id)], cx.now).await?);
        }
        found => found?,
    };
    let (user, memberships) = found.ok_or_else(|| ApiError::unauthorized("unknown user"))?;
    active_grid(req, user, memberships, write, gridless)
}

/// Like `caller`, but a request without Authorization is anonymous (None). A bad token is still 401,
/// and so is an Authorization header that holds no Bearer token (`Basic …`, a bare `Bearer`): the
/// client meant to sign in, and a 404 for what it may read would hide why (interface 5).
/// A signed-in user of no grid who names none is a caller in no grid (an empty grid id, which no
/// name resolves in): the read by UUID, where a token is optional (link) and `authenticated` is
/// for any signed-in user, is the one route that takes one (interface 4.2, 2.5).
pub async fn optional_caller(
    cx: &Ctx,
    req: &Request,
    limit: Option<&Limit>,
) -> ApiResult<Option<Caller>> {
    if token_of(cx, req).is_none() {
        if header(req, "Authorization").is_some() {
            return Err(ApiError::unauthorized(
                "Authorization must be: Bearer <token>",
            ));
        }
        return Ok(None);
    }
    caller_admitted(cx, req, false, limit, true).await.map(Some)
}

/// Resolves X-Platform-Grid (or its alias X-Platform-Org) against the user's memberships.
fn active_grid(
    req: &Request,
    user: User,
    memberships: Vec<directory::Membership>,
    write: bool,
    gridless: bool,
) -> ApiResult<Caller> {
    let requested = header(req, "X-Platform-Grid").or_else(|| header(req, "X-Platform-Org"));
    let chosen = match requested {
        Some(slug) => memberships
            .into_iter()
            .find(|m| m.grid.slug == slug)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::OrgNotAccessible,
                    format!("grid '{slug}' does not exist or you are not a member"),
                )
            })?,
        None => {
            if write && memberships.len() > 1 {
                return Err(ApiError::new(
                    ErrorCode::OrgHeaderRequired,
                    "you belong to several grids: send X-Platform-Grid with the grid slug",
                ));
            }
            match memberships.into_iter().next() {
                Some(m) => m,
                None if gridless => directory::Membership {
                    role: Role::Member,
                    grid: Grid {
                        grid_id: plug_domain::ids::GridId::from(""),
                        slug: String::new(),
                        badge_policy: String::new(),
                        badge_theme: None,
                        badge_position: None,
                    },
                },
                None => {
                    return Err(ApiError::new(
                        ErrorCode::OrgNotAccessible,
                        "you are not a member of any grid",
                    ))
                }
            }
        }
    };
    Ok(Caller {
        user,
        grid: chosen.grid,
        role: chosen.role,
        grid_only: header(req, GRID_ONLY).is_some(),
    })
}

/// The viewer facts of a signed-in user from their role and spaces in an entity's grid; spaces
/// count only for a member.
pub fn viewer_from(user_id: &UserId, role: Option<Role>, space_ids: Vec<SpaceId>) -> Viewer {
    let is_member = role.is_some();
    Viewer {
        user_id: Some(user_id.clone()),
        is_grid_member: is_member,
        is_grid_admin: role == Some(Role::Admin),
        space_ids: if is_member { space_ids } else { Vec::new() },
    }
}

/// The operator API's guard: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time.
pub fn require_operator(cx: &Ctx, req: &Request) -> ApiResult<()> {
    use subtle::ConstantTimeEq;
    let presented = bearer(req).unwrap_or_default();
    let expected = &cx.config.admin_token;
    let same = !expected.is_empty() && bool::from(presented.as_bytes().ct_eq(expected.as_bytes()));
    if same {
        Ok(())
    } else {
        Err(ApiError::unauthorized("operator token required"))
    }
}

/// Writes from a `plug/<semver>` client older than MIN_CLI_VERSION get 426.
pub fn check_cli_version(cx: &Ctx, req: &Request) -> ApiResult<()> {
    let Some(agent) = header(req, "User-Agent") else {
        return Ok(());
    };
    let Some(version) = agent
        .strip_prefix("plug/")
        .map(|v| v.split_whitespace().next().unwrap_or(""))
    else {
        return Ok(());
    };
    if semver_lt(version, &cx.config.min_cli_version) {
        return Err(ApiError::new(
            ErrorCode::CliUpgradeRequired,
            format!(
                "plug {version} is too old; version {} or newer is required: upgrade with `cargo install plug` (or your package manager)",
                cx.config.min_cli_version
            ),
        ));
    }
    Ok(())
}

fn semver_parts(v: &str) -> (u64, u64, u64) {
    let core = v.split(['-', '+']).next().unwrap_or("");
    let mut it = core.split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    (
        it.next().unwrap_or(0),
        it.next().unwrap_or(0),
        it.next().unwrap_or(0),
    )
}

fn semver_lt(a: &str, b: &str) -> bool {
    semver_parts(a) < semver_parts(b)
}
