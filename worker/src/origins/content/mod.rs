//! A content origin (README "What runs where"): one per Inspiration, its label the entity id.
//! Its bytes are served here at the origin's root and its scripts run here, so a page can never act with
//! anyone's rights but its own: the cookie of this origin is signed for this Inspiration alone.
//! Viewers arrive from the link origin, with a one-time ticket when it knows who they are; one
//! this origin does not know goes through the link origin's hand-off and comes back.

use std::rc::Rc;

use plug_domain::ids::{EntityId, UserId};
use plug_domain::{Realm, Status, Visibility};
use worker::{Method, Request, Response, Url};

mod response;
mod serve;

use crate::auth;
use crate::cache;
use crate::config::Config;
use crate::error::{ApiError, ApiResult};
use crate::http::{header, Ctx};
use crate::origins::link::handoff::{NO_COUNT_PARAM, TICKET_PARAM};
use crate::origins::pages::{self, navigation, not_found_error, not_shared};
use crate::routes::common::{self, Seen};
use crate::routes::views;
use crate::sessions;
use crate::store::directory::User;
use crate::store::entities::{self, Access, EntityKey, EntityRow};
use crate::store::tickets;

/// What a hand-off from the link origin added to the URL.
struct HandOff {
    ticket: Option<String>,
    /// The link origin's no-count pass, still to be checked (`views::no_count_pass_ok`).
    no_count_pass: Option<String>,
    /// The URL without the hand-off's parameters: where the viewer really is.
    clean: Url,
}

impl HandOff {
    fn of(url: &Url) -> HandOff {
        let mut ticket = None;
        let mut no_count_pass = None;
        let mut kept = Vec::new();
        let mut had_any = false;
        for (k, v) in url.query_pairs() {
            match k.as_ref() {
                TICKET_PARAM => ticket = Some(v.into_owned()),
                NO_COUNT_PARAM => no_count_pass = Some(v.into_owned()),
                _ => {
                    kept.push((k.into_owned(), v.into_owned()));
                    continue;
                }
            }
            had_any = true;
        }
        let mut clean = url.clone();
        if had_any {
            clean.set_query(None);
            if !kept.is_empty() {
                clean.query_pairs_mut().extend_pairs(kept);
            }
        }
        HandOff {
            ticket,
            no_count_pass,
            clean,
        }
    }
}

pub async fn handle(cx: &Ctx, req: Request, label: &str) -> ApiResult<Response> {
    if !matches!(crate::http::method(&req), Some(Method::Get | Method::Head)) {
        return crate::http::method_not_allowed(cx, &req, &[Method::Get, Method::Head]);
    }
    // The label is the entity id; an origin with any other label has nothing on it at all, and is
    // answered before anything else of the request is read.
    if !plug_domain::validate::is_uuid(label) {
        return nothing_here(cx, &req);
    }
    // A service worker would outlive the drop: it answers the origin's requests from the browser,
    // so a page hidden, removed or expired would go on showing to whoever had opened it, where no
    // rule of this Worker applies. Browsers mark a registration's script fetch (and each update's).
    if header(&req, "Service-Worker").as_deref() == Some("script") {
        return Err(ApiError::forbidden(
            "a drop cannot register a service worker: its pages must stop when it is hidden or removed",
        ));
    }
    let entity_id = EntityId::from(label);
    let path = req.path();
    let url = req.url()?;
    let pass = HandOff::of(&url);
    let mut set_cookies = Vec::new();
    let user = viewer(cx, &req, &entity_id, &pass, &mut set_cookies).await?;
    let no_count = pass
        .no_count_pass
        .as_deref()
        .is_some_and(|p| views::no_count_pass_ok(cx, p, &entity_id, pass.ticket.as_deref()));
    if no_count {
        cx.no_count_pass.set(true);
        set_cookies.push(views::content_no_count_cookie(Config::is_https(
            &cx.config.content_origin,
        )));
    }
    let seen = seen_here(cx, &entity_id, user.as_ref()).await?;
    // The owner handed over to their own drop is never counted (platform.md 7), but the badge's
    // beacon carries no viewer: the same readable cookie as a no-count choice keeps badge.js from
    // sending it, on this drop's origin alone and for this browser session.
    let owner_here =
        matches!((&seen, &user), (Some(seen), Some(user)) if seen.row.owner_id == user.user_id);
    if owner_here && pass.ticket.is_some() && !no_count {
        set_cookies.push(views::content_no_count_cookie(Config::is_https(
            &cx.config.content_origin,
        )));
    }
    let result = match seen {
        Some(seen) if seen.row.status == Status::Provisioning => Err(ApiError::unavailable(
            "this drop is still being stored; retry in a second",
            1,
        )),
        // Viewer libraries and the crawl rules go to whoever may see the Inspiration, like its
        // own files: to anyone else this origin is the same 404 as one with nothing behind it.
        Some(_) if path.starts_with("/_plug/vendor/") => pages::vendor(cx, &path).await,
        Some(seen) if path == "/robots.txt" => robots(&seen),
        None if path == "/robots.txt" => Err(not_found_error()),
        Some(seen) => {
            let user_id = user.as_ref().map(|u| &u.user_id);
            serve::entity(cx, &req, &seen, &path[1..], user_id).await
        }
        None => refuse(cx, &req, &pass),
    };
    // The cookies of a hand-off are set whatever the answer, so the next request is known. The
    // not-shared page here never names the viewer: the drop's own script reads whatever its
    // origin answers (a missing `/x.css` fetched as HTML, a popup), and its owner is told nothing
    // of who looks (the link origin, where no drop runs, says who is signed in).
    let mut response = match result {
        Ok(response) => response,
        Err(e) if e.is_not_found() && navigation(&req) => not_shared(cx, None),
        Err(e) => e.to_response(&cx.request_id),
    };
    for cookie in set_cookies {
        response.headers_mut().append("Set-Cookie", &cookie)?;
    }
    Ok(response)
}

/// A content origin with no Inspiration behind it: the not-shared page for a browser, else 404.
fn nothing_here(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    if navigation(req) {
        return Ok(not_shared(cx, None));
    }
    Err(not_found_error())
}

/// The Inspiration with its access facts for `user` (or nobody), from the isolate's memo when it
/// was read in the last few seconds: a repeat visit costs no round trip.
async fn with_access(
    cx: &Ctx,
    entity_id: &EntityId,
    user: Option<&UserId>,
) -> ApiResult<Rc<Option<(EntityRow, Access)>>> {
    let load = async {
        let found = entities::find_with_access(&cx.db, EntityKey::Id(entity_id), user).await?;
        Ok(inspiration(found))
    };
    cache::get_or_load(
        &cache::ENTITIES,
        access_key(entity_id, user),
        cx.now,
        load,
        settled,
    )
    .await
}

/// The memo's key for an Inspiration's access facts for `user`.
fn access_key(entity_id: &EntityId, user: Option<&UserId>) -> String {
    format!("{entity_id}:{}", user.map_or("", |u| u.as_str()))
}

/// Only an Inspiration has a content origin.
fn inspiration(found: Option<(EntityRow, Access)>) -> Option<(EntityRow, Access)> {
    found.filter(|(row, _)| row.realm == Realm::Inspiration)
}

/// Whether the memo may keep what was read: a drop still being stored is read afresh, so its page
/// turns live the moment it is.
fn settled(found: &Option<(EntityRow, Access)>) -> bool {
    found
        .as_ref()
        .is_none_or(|(row, _)| row.status != Status::Provisioning)
}

/// What a content ticket's batch read besides its user (the Inspiration with their access, its
/// grid's badge policy) goes to the memo, exactly as the loads it stands for would have put it:
/// the page is then served with no further round trip.
fn remember(cx: &Ctx, entity_id: &EntityId, redeemed: tickets::Redeemed) -> User {
    let user = redeemed.user;
    let found = inspiration(redeemed.found);
    let key = access_key(entity_id, Some(&user.user_id));
    cache::put(&cache::ENTITIES, key, cx.now, found, settled);
    if let Some(badge) = redeemed.badge {
        let key = badge.0.grid_id.to_string();
        cache::put(&cache::BADGES, key, cx.now, Some(badge), Option::is_some);
    }
    user
}

/// The Inspiration as this viewer may see it here, or None (missing, hidden, or failed).
async fn seen_here(cx: &Ctx, entity_id: &EntityId, user: Option<&User>) -> ApiResult<Option<Seen>> {
    let user_id = user.map(|u| &u.user_id);
    let found = with_access(cx, entity_id, user_id).await?;
    let Some((row, access)) = found.as_ref().clone() else {
        return Ok(None);
    };
    match common::seen_by(cx, user_id, row, access) {
        Ok(seen) if seen.row.status == Status::Failed => Ok(None),
        Ok(seen) => Ok(Some(seen)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Who is looking: a hand-off ticket (which also sets this origin's cookie), else a Bearer token
/// (API clients), else this origin's cookie for this Inspiration. The ticket and the cookie count
/// only for this origin's own requests and for navigations to it, the cookie not for a frame
/// another page opens (`is_framed_elsewhere`, a sibling drop's included): a page elsewhere (another
/// Inspiration's origin, any site) that includes a file of this one by `<script src>`, `<img>` or
/// a stylesheet is sent the cookie by the browser, and must still be answered as a stranger.
async fn viewer(
    cx: &Ctx,
    req: &Request,
    entity_id: &EntityId,
    pass: &HandOff,
    set_cookies: &mut Vec<String>,
) -> ApiResult<Option<User>> {
    if let Some(token) = auth::bearer(req) {
        return Ok(Some(auth::verify_user(cx, &token).await?));
    }
    let own = plug_domain::origins::is_own_or_navigation(
        header(req, "Sec-Fetch-Site").as_deref(),
        header(req, "Sec-Fetch-Mode").as_deref(),
    );
    if !own {
        return Ok(None);
    }
    if let Some(ticket) = &pass.ticket {
        if let Some(redeemed) = sessions::redeem_content_ticket(cx, ticket, entity_id).await? {
            let user = remember(cx, entity_id, redeemed);
            set_cookies.push(sessions::content_cookie(cx, &user.user_id, entity_id));
            if crate::http::cookie(req, handoff_cookie(cx)).is_some() {
                let (name, secure) = (handoff_cookie(cx), secure_attribute(cx));
                set_cookies.push(format!("{name}=; Path=/; Max-Age=0{secure}"));
            }
            return Ok(Some(user));
        }
    }
    let framed_elsewhere = plug_domain::origins::is_framed_elsewhere(
        header(req, "Sec-Fetch-Site").as_deref(),
        header(req, "Sec-Fetch-Dest").as_deref(),
    );
    if framed_elsewhere {
        return Ok(None);
    }
    sessions::content_user(cx, req, entity_id).await
}

/// Set while a browser is away at the link origin's hand-off (a minute at most): a ticket that
/// does not work on the way back then lands on the not-shared page, so there is never a loop.
/// Without it a spent ticket is only an old address: the address bar keeps the ticket the page
/// was opened with, so a copied address, a bookmark or a reload after the cookie's 8 h carries
/// one, and goes through the hand-off again like an address without it. Its only effect is to
/// stop a second pass; `__Host-` on https, so a sibling drop cannot set one for the parent domain
/// and send its visitors' old addresses of every other drop to the not-shared page.
const HANDOFF_COOKIE: &str = "plug_handoff";
const HANDOFF_COOKIE_HTTPS: &str = "__Host-plug_handoff";

fn handoff_cookie(cx: &Ctx) -> &'static str {
    if Config::is_https(&cx.config.content_origin) {
        HANDOFF_COOKIE_HTTPS
    } else {
        HANDOFF_COOKIE
    }
}

fn secure_attribute(cx: &Ctx) -> &'static str {
    if Config::is_https(&cx.config.content_origin) {
        "; Secure"
    } else {
        ""
    }
}

/// Not readable here: a browser goes through the link origin's hand-off (which signs it in and
/// brings it back); one that just came back from it with a ticket that did not work lands on the
/// not-shared page instead. API clients get the JSON error.
fn refuse(cx: &Ctx, req: &Request, pass: &HandOff) -> ApiResult<Response> {
    if !navigation(req) {
        return Err(not_found_error());
    }
    if pass.ticket.is_some() && crate::http::cookie(req, handoff_cookie(cx)).is_some() {
        return Ok(not_shared(cx, None));
    }
    let mut handoff = Url::parse(&format!("{}/_plug/handoff", cx.config.serve_base_url))
        .map_err(ApiError::internal)?;
    handoff
        .query_pairs_mut()
        .append_pair("to", pass.clean.as_str());
    let mut response = crate::http::redirect(handoff.as_str(), 302)?;
    let headers = response.headers_mut();
    headers.set("Cache-Control", "no-store")?;
    let (name, secure) = (handoff_cookie(cx), secure_attribute(cx));
    headers.append(
        "Set-Cookie",
        &format!("{name}=1; Path=/; HttpOnly; SameSite=Lax; Max-Age=60{secure}"),
    )?;
    Ok(response)
}

/// Crawlers may index a content origin only when its Inspiration is link-visible, indexed and
/// live. (`lib.rs` sends no `Server-Timing` with it: whether the memo knew the drop would tell one
/// someone opened lately.)
fn robots(seen: &Seen) -> ApiResult<Response> {
    let row = &seen.row;
    let indexable =
        row.visibility == Visibility::Link && row.link_indexed && row.status == Status::Live;
    let rule = if indexable { "Allow: /" } else { "Disallow: /" };
    let mut response = Response::ok(format!("User-agent: *\n{rule}\n"))?;
    response
        .headers_mut()
        .set("Content-Type", "text/plain; charset=utf-8")?;
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_off_takes_its_own_parameters_and_keeps_the_sites() {
        let url =
            Url::parse("http://e.localhost:8787/docs/?q=1&plug_ticket=abc&plug_nc=1&q=2").unwrap();
        let pass = HandOff::of(&url);
        assert_eq!(pass.ticket.as_deref(), Some("abc"));
        assert_eq!(pass.no_count_pass.as_deref(), Some("1"));
        assert_eq!(pass.clean.as_str(), "http://e.localhost:8787/docs/?q=1&q=2");
        let plain = Url::parse("http://e.localhost:8787/a?b=c").unwrap();
        let pass = HandOff::of(&plain);
        assert!(pass.ticket.is_none() && pass.no_count_pass.is_none());
        assert_eq!(
            pass.clean, plain,
            "a URL without a hand-off is left as it is"
        );
    }
}
