//! Sending a reader on to an Inspiration's content origin: from its `url`, from the hand-off a
//! content origin asks for (`/_plug/handoff`), and after signing in (`/_plug/session`). A viewer who
//! may not read it is sent to sign in, or gets the not-shared page.

use worker::{Request, Response, Url};

use super::access::{handoff_url, visit, Asked, Claimed, Scanner};
use super::path::{parse_path, path_matches, LinkPath};
use crate::config::Origin;
use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;
use crate::origins::pages::{navigation, not_found_error, not_shared, sign_in_refused};
use crate::present;
use crate::routes::common::Seen;
use crate::routes::views;
use crate::sessions;
use crate::store::directory::User;
use crate::store::tickets;
use plug_domain::{Status, Visibility};

/// A reader at the `url`: follow a scope move, add the slash, or go on to the content origin.
pub async fn enter(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    at: &LinkPath<'_>,
    user: Option<&User>,
    ticket: Option<String>,
) -> ApiResult<Response> {
    let current = present::serve_url(&cx.config, &seen.row);
    if !path_matches(at, seen) {
        // The scope moved: a reader of the entity follows it to the new URL.
        return crate::http::redirect(&format!("{current}{}", at.rest), 301);
    }
    if at.needs_slash {
        return crate::http::redirect(&current, 301);
    }
    if seen.row.status == Status::Provisioning {
        return Err(ApiError::unavailable(
            "this drop is still being stored; retry in a second",
            1,
        ));
    }
    let url = req.url()?;
    let target = content_target(cx, seen, at, &url)?;
    to_content(cx, req, seen, user, target.as_str(), ticket).await
}

/// The content-origin URL of a `url` path: the same path below the origin's root and the same
/// query, less any hand-off parameters someone else put there (only Plug adds those).
fn content_target(cx: &Ctx, seen: &Seen, at: &LinkPath<'_>, asked: &Url) -> ApiResult<Url> {
    let mut target = Url::parse(&format!(
        "{}/{}",
        cx.config.content_url(&seen.row.entity_id),
        at.rest
    ))
    .map_err(ApiError::internal)?;
    target.set_query(asked.query());
    Ok(without_hand_off_params(&target))
}

/// `url` without `plug_ticket` and `plug_nc`: a hand-off's parameters come from Plug alone, never
/// passed along from a link someone shared.
pub fn without_hand_off_params(url: &Url) -> Url {
    let ours = |k: &str| k == TICKET_PARAM || k == NO_COUNT_PARAM;
    if !url.query_pairs().any(|(k, _)| ours(&k)) {
        return url.clone();
    }
    let kept: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| !ours(k))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let mut clean = url.clone();
    clean.set_query(None);
    if !kept.is_empty() {
        clean.query_pairs_mut().extend_pairs(kept);
    }
    clean
}

/// The redirect into the content origin: with a ticket when the viewer is known (a non-link
/// Inspiration needs it; a link one learns who is looking, so the owner is never counted), and
/// the viewer's no-count choice, which the content origin keeps as its own cookie. `made` is the
/// ticket `access::visit` stored for this Inspiration and viewer with its reads.
async fn to_content(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    user: Option<&User>,
    target: &str,
    made: Option<String>,
) -> ApiResult<Response> {
    let mut target = Url::parse(target).map_err(ApiError::internal)?;
    let mut ticket = None;
    if user.is_some() {
        // `visit` stores one whenever it finds both the user and the Inspiration.
        let made = made.ok_or_else(|| ApiError::internal("no ticket stored"))?;
        target.query_pairs_mut().append_pair(TICKET_PARAM, &made);
        ticket = Some(made);
    } else if seen.row.visibility != Visibility::Link {
        return Err(ApiError::internal(
            "a hidden Inspiration reached without a viewer",
        ));
    }
    if views::no_count_chosen(req) {
        let pass = views::no_count_pass(cx, &seen.row.entity_id, ticket.as_deref());
        target.query_pairs_mut().append_pair(NO_COUNT_PARAM, &pass);
    }
    let mut response = crate::http::redirect(target.as_str(), 302)?;
    response.headers_mut().set("Cache-Control", "no-store")?;
    response
        .headers_mut()
        .set("Referrer-Policy", "no-referrer")?;
    Ok(response)
}

/// The query parameters a hand-off adds on the content origin.
pub const TICKET_PARAM: &str = "plug_ticket";
pub const NO_COUNT_PARAM: &str = "plug_nc";

/// GET /_plug/handoff?to=<content URL>: a content origin sends a viewer it does not know here; a
/// reader goes back with a ticket, anyone else as at a `url` they cannot read.
pub async fn handoff(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let claimed = Claimed::of(cx, req).await?;
    let pairs = crate::http::query_pairs(req);
    let to = crate::http::query(&pairs, "to").unwrap_or_default();
    let target = handoff_url(cx, to);
    let asked = match &target {
        Some((_, id)) => Asked::Id(id),
        None => Asked::Nothing,
    };
    let found = visit(cx, claimed, None, asked).await?;
    match (target, found.seen) {
        (Some((to, _)), Some(seen)) => {
            let user = found.user.as_ref();
            to_content(cx, req, &seen, user, to.as_str(), found.ticket).await
        }
        _ => miss(cx, req, found.user.as_ref(), None).await,
    }
}

/// GET /_plug/session?ticket=… on the link origin: sets the cookie once, then goes straight on to
/// the content (or the not-shared page), never back through a check that a refused cookie could
/// turn into a loop. Two round trips: the ticket, then one batch (`access::visit`) with the user,
/// the Inspiration the target names with their access to it, and the content ticket.
///
/// A sign-in `/enter` minted for a flow the link origin started (README "Security") is good only
/// in the browser holding that flow's cookie: one forwarded or leaked to another browser, or sent
/// by another site to a browser signed in to the web app (`/enter` with that site's own flow), is
/// spent there and refused without touching this browser's session. A ticket the API minted for a
/// Bearer caller (`POST /api/v2/serve-sessions`: `plug open`, the web app's Open) is bound to no
/// browser and sets the session wherever it is opened, as the interface defines it.
pub async fn redeem(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let pairs = crate::http::query_pairs(req);
    let ticket = crate::http::query(&pairs, "ticket").unwrap_or_default();
    let held = sessions::flows(cx, req);
    let hashes: Vec<String> = held.iter().map(|(_, h)| h.clone()).collect();
    let Some(found) = tickets::redeem_serve_ticket(&cx.db, ticket, cx.now).await? else {
        return sign_in_failed(cx, req);
    };
    let flow = match found.holder(&hashes) {
        tickets::Holder::Anyone => None,
        tickets::Holder::Flow(f) => held.iter().find(|(_, h)| h == f).map(|(n, _)| n.clone()),
        tickets::Holder::Refused => return sign_in_failed(cx, req),
    };
    let (mut response, user) = go_on(cx, req, found.user_id.clone(), &found.target_url).await?;
    let headers = response.headers_mut();
    headers.append("Set-Cookie", &sessions::link_cookie(cx, &user.user_id))?;
    if let Some(name) = flow {
        headers.append("Set-Cookie", &sessions::clear_flow(cx, &name))?;
    }
    Ok(response)
}

/// A sign-in ticket that is unknown, used, expired or not this browser's: a page for a browser,
/// 401 for anyone else. Nothing is set.
fn sign_in_failed(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    if navigation(req) {
        return Ok(sign_in_refused(cx));
    }
    Err(ApiError::unauthorized(
        "this sign-in link is invalid, used or expired, or was not started in this browser",
    ))
}

/// Where a sign-in for `user_id` at `target` leads: the content with a ticket (one batch, see
/// [`redeem`]), a redirect to `target` on the link origin (a moved scope, a missing slash, not a
/// `url` at all), or the not-shared page. `POST /enter` uses it too, to go to the content at once.
pub async fn go_on(
    cx: &Ctx,
    req: &Request,
    user_id: plug_domain::ids::UserId,
    target: &str,
) -> ApiResult<(Response, User)> {
    let url = Url::parse(target).map_err(|_| ApiError::not_found())?;
    let on_link = cx.config.origin_of_url(&url) == Some(Origin::Link);
    // What the target asks for: a hand-off back to a content origin, or a `url`.
    let handoff = if on_link && url.path() == "/_plug/handoff" {
        let to = url
            .query_pairs()
            .find(|(k, _)| k == "to")
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default();
        Some(handoff_url(cx, &to))
    } else {
        None
    };
    let at = match handoff {
        None if on_link => parse_path(url.path()),
        _ => None,
    };
    let asked = match (&handoff, &at) {
        (Some(Some((_, id))), _) => Asked::Id(id),
        (None, Some(at)) => Asked::At(at),
        _ => Asked::Nothing,
    };
    // Just proven (a serve ticket, a token): a session as of now.
    let seen = visit(cx, Claimed::Cookie(user_id, cx.now), None, asked).await?;
    let user = seen
        .user
        .clone()
        .ok_or_else(|| ApiError::unauthorized("unknown user"))?;
    let response = match (handoff, at, seen.seen) {
        _ if !on_link => not_shared(cx, Some(&user)),
        (Some(Some((to, _))), _, Some(readable)) => {
            to_content(cx, req, &readable, Some(&user), to.as_str(), seen.ticket).await?
        }
        (Some(_), _, _) => not_shared(cx, Some(&user)),
        // Not a `url` at all: the link origin takes it from here.
        (None, None, _) => crate::http::redirect(target, 302)?,
        (None, Some(at), Some(readable)) if path_matches(&at, &readable) && !at.needs_slash => {
            let content = content_target(cx, &readable, &at, &url)?;
            let ticket = seen.ticket;
            to_content(cx, req, &readable, Some(&user), content.as_str(), ticket).await?
        }
        // A moved scope or a missing slash: the link origin takes it from here.
        (None, Some(_), Some(_)) => crate::http::redirect(target, 302)?,
        (None, Some(_), None) => not_shared(cx, Some(&user)),
    };
    Ok((response, user))
}

/// What a viewer who may not read the `url` gets. A navigation with no session goes to sign in
/// on the web app and comes back; a signed-in one gets the not-shared page; API clients get the
/// JSON error. Missing and hidden look exactly alike.
pub async fn miss(
    cx: &Ctx,
    req: &Request,
    user: Option<&User>,
    scanner: Option<&Scanner>,
) -> ApiResult<Response> {
    if let Some(scanner) = scanner {
        scanner.count_miss(cx).await?;
    }
    if !navigation(req) {
        return Err(not_found_error());
    }
    match user {
        None => {
            // The sign-in starts a flow bound to this browser: only its hash goes to `/enter`, and
            // only this browser can spend the sign-in that comes back (`redeem`).
            let here = req.url()?;
            let (cookie, flow) = sessions::new_flow(cx);
            let mut enter =
                Url::parse(&format!("{}/enter", cx.config.base_url)).map_err(ApiError::internal)?;
            enter
                .query_pairs_mut()
                .append_pair("to", here.as_str())
                .append_pair("flow", &flow);
            let mut response = crate::http::redirect(enter.as_str(), 302)?;
            let headers = response.headers_mut();
            headers.set("Cache-Control", "no-store")?;
            headers.append("Set-Cookie", &cookie)?;
            Ok(response)
        }
        Some(user) => Ok(not_shared(cx, Some(user))),
    }
}
