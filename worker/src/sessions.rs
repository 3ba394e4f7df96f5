//! The sessions of the link and content origins: tickets, cookies and what they are signed with.
//! A Bearer caller trades a one-time ticket (`POST /api/v2/serve-sessions`) for the link origin's
//! HttpOnly cookie; the link origin hands a reader on to one Inspiration's content origin with a
//! ticket of its own, which sets a cookie valid for that Inspiration alone. The API's token never
//! reaches an uploaded page. The origins and the API handler use this module; it uses neither.

use plug_domain::ids::{EntityId, UserId};
use plug_domain::token::{self, Expectations};
use sha2::{Digest, Sha256};
use worker::Request;

use crate::config::Config;
use crate::error::ApiResult;
use crate::http::{cookie, cookies, Ctx};
use crate::random::{hex, random_bytes};
use crate::store::directory::{self, User};
use crate::store::tickets;

const LINK_COOKIE: &str = "plug_session";
/// The content origin's cookie; `__Host-` on https so a sibling content origin cannot toss one
/// over it (it still could not pass: the cookie is signed for one Inspiration).
const CONTENT_COOKIE: &str = "plug_content";
const CONTENT_COOKIE_HTTPS: &str = "__Host-plug_content";
pub const TICKET_TTL_MS: i64 = 60_000;
const SESSION_TTL_SECONDS: i64 = 8 * 3600;
const LINK_AUDIENCE: &str = "plug-serve";

/// Session cookies (and the no-count pass) are signed with keys derived from JWT_SECRET, so they
/// are never valid API tokens nor each other.
pub fn session_key(cx: &Ctx, purpose: &str) -> Vec<u8> {
    Sha256::digest(format!("{purpose}|{}", cx.config.jwt_secret)).to_vec()
}

pub fn new_ticket() -> String {
    hex(&random_bytes::<32>())
}

/// `Set-Cookie` for the link origin: the signed-in session of `user_id`, HttpOnly.
pub fn link_cookie(cx: &Ctx, user_id: &UserId) -> String {
    let session = token::mint(
        user_id,
        &session_key(cx, "plug-serve-session"),
        cx.now,
        SESSION_TTL_SECONDS,
        None,
        Some(LINK_AUDIENCE),
    );
    let secure = if Config::is_https(&cx.config.serve_base_url) {
        "; Secure"
    } else {
        ""
    };
    format!(
        "{LINK_COOKIE}={session}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_TTL_SECONDS}{secure}"
    )
}

/// The user id a valid link-origin session cookie is signed for (whose row may since be gone, or
/// who may since have signed out), with when it was issued.
pub fn link_user_id(cx: &Ctx, req: &Request) -> Option<(UserId, i64)> {
    let value = cookie(req, LINK_COOKIE)?;
    let expect = Expectations {
        issuer: None,
        audience: Some(LINK_AUDIENCE),
    };
    let key = session_key(cx, "plug-serve-session");
    token::verify_issued(&value, &key, cx.now, &expect)
        .ok()
        .map(|(sub, issued)| (UserId::from(sub), issued))
}

/// The user of the signed session cookie `name`, when it verifies for `audience` under the key
/// derived for `purpose`: each cookie has its own audience and key, so none stands in for another.
fn verified_cookie(
    cx: &Ctx,
    req: &Request,
    name: &str,
    audience: &str,
    purpose: &str,
) -> Option<UserId> {
    let value = cookie(req, name)?;
    let expect = Expectations {
        issuer: None,
        audience: Some(audience),
    };
    let key = session_key(cx, purpose);
    token::verify(&value, &key, cx.now, &expect)
        .ok()
        .map(UserId::from)
}

/// The link origin's sign-in flow (README "Security": login CSRF). A browser the link origin sends
/// to `/enter` gets a random value in a cookie of its own, and `/enter` carries only its hash
/// (`flow=`) into the serve ticket it mints. `/_plug/session` spends such a ticket only in a
/// browser holding that flow's cookie, so a sign-in `/enter` minted for one browser, forwarded or
/// leaked, signs no other browser in (the API's serve sessions are bound to none, as the interface
/// defines them: README "Security"). One cookie per flow (the
/// name ends with the hash's first 8 digits), so two links opened at once do not undo each other.
const FLOW_COOKIE: &str = "plug_flow_";
const FLOW_COOKIE_HTTPS: &str = "__Host-plug_flow_";
/// Long enough to sign in on the web app first; the cookie is cleared once spent.
const FLOW_SECONDS: i64 = 15 * 60;

fn flow_prefix(cx: &Ctx) -> &'static str {
    if Config::is_https(&cx.config.serve_base_url) {
        FLOW_COOKIE_HTTPS
    } else {
        FLOW_COOKIE
    }
}

/// The hash that stands for a flow cookie's value in URLs and tickets.
pub fn flow_hash(value: &str) -> String {
    hex(&Sha256::digest(format!("plug-flow|{value}").as_bytes()))
}

/// Whether `flow` can be a flow hash (`/enter` passes on nothing else).
pub fn is_flow_hash(flow: &str) -> bool {
    flow.len() == 64
        && flow
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A new flow: its `Set-Cookie` (HttpOnly, SameSite=Lax, host-only, 15 minutes) and its hash.
pub fn new_flow(cx: &Ctx) -> (String, String) {
    let value = new_ticket();
    let hash = flow_hash(&value);
    let secure = if Config::is_https(&cx.config.serve_base_url) {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{}{}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={FLOW_SECONDS}{secure}",
        flow_prefix(cx),
        &hash[..8]
    );
    (cookie, hash)
}

/// The flows this browser started: (cookie name, hash) of every flow cookie it sent, at most 8.
pub fn flows(cx: &Ctx, req: &Request) -> Vec<(String, String)> {
    let prefix = flow_prefix(cx);
    crate::http::header(req, "Cookie")
        .unwrap_or_default()
        .split(';')
        .filter_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            let hash = flow_hash(v);
            (k.strip_prefix(prefix)? == &hash[..8]).then(|| (k.to_string(), hash))
        })
        .take(8)
        .collect()
}

/// `Set-Cookie` that clears the flow cookie `name` once its sign-in is spent.
pub fn clear_flow(cx: &Ctx, name: &str) -> String {
    let secure = if Config::is_https(&cx.config.serve_base_url) {
        "; Secure"
    } else {
        ""
    };
    format!("{name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}")
}

/// The API origin's `/enter` cookie: set for a signed-in browser (`POST /api/v2/enter-session`
/// whenever the web app runs, and `POST /enter`, the small page's one request), sent only to
/// `/enter` (its path), so that a shared `url` opened in this browser goes on to the link origin's
/// sign-in at once, without a page. It can do nothing else: no API route reads it, and it is
/// signed with a key of its own.
const ENTER_COOKIE: &str = "plug_enter";
const ENTER_AUDIENCE: &str = "plug-enter";
/// The `/enter` cookie lasts as long as the sign-in behind it (`enter_life`), within these.
const ENTER_MIN_SECONDS: i64 = 8 * 3600;
const ENTER_MAX_SECONDS: i64 = 30 * 24 * 3600;
/// A provider sign-in that refreshes itself (the deployment asks for `offline_access`) has no end
/// the Worker can see: the cookie lasts a week from the last time the app ran with it.
const ENTER_REFRESHED_SECONDS: i64 = 7 * 24 * 3600;

/// How long the `/enter` cookie of a browser signed in with `token` (already verified) lasts: as
/// long as that sign-in. A token of the identity provider, where the web app holds a refresh
/// token, a week (renewed each time the app runs); any other token until its `exp`; at least 8 h
/// (a link session's life, what the cookie gave before) and at most 30 days.
pub fn enter_life(cx: &Ctx, token: &str) -> i64 {
    let refreshed = cx.config.oidc.as_ref().is_some_and(|oidc| {
        oidc.scopes
            .split_whitespace()
            .any(|s| s == "offline_access")
            && plug_domain::oidc::algorithm(token)
                .is_some_and(|a| plug_domain::oidc::ALGORITHMS.contains(&a.as_str()))
    });
    if refreshed {
        return ENTER_REFRESHED_SECONDS;
    }
    let left = plug_domain::oidc::expiry(token).map_or(0, |exp| exp - cx.now / 1000);
    left.clamp(ENTER_MIN_SECONDS, ENTER_MAX_SECONDS)
}

/// `Set-Cookie` for the `/enter` cookie of `user_id` for `seconds`, or (`None`) the one that
/// clears it.
pub fn enter_cookie(cx: &Ctx, signed_in: Option<(&UserId, i64)>) -> String {
    let secure = if Config::is_https(&cx.config.base_url) {
        "; Secure"
    } else {
        ""
    };
    let (value, max_age) = match signed_in {
        Some((user_id, seconds)) => (
            token::mint(
                user_id,
                &session_key(cx, "plug-enter-session"),
                cx.now,
                seconds,
                None,
                Some(ENTER_AUDIENCE),
            ),
            seconds,
        ),
        None => (String::new(), 0),
    };
    format!(
        "{ENTER_COOKIE}={value}; Path=/enter; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
    )
}

/// The user id a valid `/enter` cookie is signed for.
pub fn enter_user_id(cx: &Ctx, req: &Request) -> Option<UserId> {
    verified_cookie(cx, req, ENTER_COOKIE, ENTER_AUDIENCE, "plug-enter-session")
}

/// The user a content ticket hands over, once, on the origin of the entity it was made for, with
/// what the page reads for them (`tickets::Redeemed`), all in one round trip.
pub async fn redeem_content_ticket(
    cx: &Ctx,
    ticket: &str,
    entity_id: &EntityId,
) -> ApiResult<Option<tickets::Redeemed>> {
    tickets::redeem_content_ticket(&cx.db, ticket, entity_id, cx.now).await
}

fn content_audience(entity_id: &EntityId) -> String {
    format!("plug-content:{entity_id}")
}

/// `Set-Cookie` for a content origin: host-only, HttpOnly, valid for this Inspiration alone.
/// SameSite=None on https so a preview frame of the web app still loads the site's files.
pub fn content_cookie(cx: &Ctx, user_id: &UserId, entity_id: &EntityId) -> String {
    let value = token::mint(
        user_id,
        &session_key(cx, "plug-content-session"),
        cx.now,
        SESSION_TTL_SECONDS,
        None,
        Some(&content_audience(entity_id)),
    );
    if Config::is_https(&cx.config.content_origin) {
        format!("{CONTENT_COOKIE_HTTPS}={value}; Path=/; HttpOnly; Secure; SameSite=None; Max-Age={SESSION_TTL_SECONDS}")
    } else {
        format!("{CONTENT_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_TTL_SECONDS}")
    }
}

/// The user of a content cookie signed for `entity_id`. Every cookie of the name is tried, so one
/// tossed in by another origin cannot shadow the real one.
pub async fn content_user(
    cx: &Ctx,
    req: &Request,
    entity_id: &EntityId,
) -> ApiResult<Option<User>> {
    let name = if Config::is_https(&cx.config.content_origin) {
        CONTENT_COOKIE_HTTPS
    } else {
        CONTENT_COOKIE
    };
    let audience = content_audience(entity_id);
    let expect = Expectations {
        issuer: None,
        audience: Some(&audience),
    };
    let key = session_key(cx, "plug-content-session");
    let verified = cookies(req, name)
        .into_iter()
        .find_map(|value| token::verify_issued(&value, &key, cx.now, &expect).ok());
    let Some((user_id, issued)) = verified else {
        return Ok(None);
    };
    // The isolate's memo keeps the user a few seconds: a page's every asset carries the cookie.
    // A cookie older than the user's last sign-out finds no one.
    let user_id = UserId::from(user_id);
    let load = async {
        let statement = directory::find_signed_in_user_statement(&cx.db, &user_id, issued)?;
        crate::store::db::first_of(&cx.db, statement).await
    };
    let user = crate::cache::get_or_load(
        &crate::cache::USERS,
        format!("{user_id}@{issued}"),
        cx.now,
        load,
        |u| u.is_some(),
    )
    .await?;
    Ok(user.as_ref().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flow_hash_is_64_lowercase_hex_digits_and_nothing_else() {
        let hash = flow_hash("value");
        assert!(is_flow_hash(&hash));
        assert_ne!(hash, flow_hash("other"));
        for not in [
            "",
            "z".repeat(64).as_str(),
            &hash.to_uppercase(),
            &hash[1..],
            &format!("{hash}0"),
        ] {
            assert!(!is_flow_hash(not), "{not}");
        }
    }
}
