//! The link origin (platform.md 3, 4): every `url` lives here, and it answers only with what Plug
//! writes itself. A reader is sent on to the Inspiration's own content origin (with a one-time
//! ticket when the viewer is known); a browser with no session is sent to sign in on the web app
//! and brought back; a signed-in viewer who still may not read it gets the not-shared page. A
//! missing and a hidden Inspiration look exactly alike, and scanning for names is rate limited.

use plug_domain::ids::EntityId;
use plug_domain::origins::is_navigation;
use plug_domain::{Realm, Status, Visibility};
use worker::{Method, Request, Response, Url};

use super::common::{self, Seen};
use super::{assets, crawlers, sessions, views};
use crate::auth;
use crate::config::Origin;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{client_ip, header, Ctx};
use crate::present;
use crate::store::identity::{self, User};
use crate::store::{entities, limits};

/// Where an Inspiration was asked for: its grid, the scope path and its name, then the file path.
pub struct LinkPath<'a> {
    grid: &'a str,
    scope: ScopePath<'a>,
    name: &'a str,
    /// The path below the name, without its leading `/`; empty for the index.
    rest: String,
    /// `/{grid}/{name}` without the trailing slash.
    needs_slash: bool,
}

#[derive(PartialEq, Eq)]
enum ScopePath<'a> {
    Org,
    Space(&'a str),
    Personal(&'a str),
}

fn parse_path(path: &str) -> Option<LinkPath<'_>> {
    let trimmed = path.strip_prefix('/')?;
    let needs_slash = !trimmed.ends_with('/');
    let seg: Vec<&str> = trimmed.split('/').collect();
    let (grid, scope, name, rest) = match seg.as_slice() {
        [grid, "s", space, name, rest @ ..] => (*grid, ScopePath::Space(space), *name, rest),
        [grid, "u", user, name, rest @ ..] => (*grid, ScopePath::Personal(user), *name, rest),
        [grid, name, rest @ ..] => (*grid, ScopePath::Org, *name, rest),
        _ => return None,
    };
    if grid.is_empty() || name.is_empty() || grid.starts_with('_') {
        return None;
    }
    Some(LinkPath {
        grid,
        scope,
        name,
        rest: rest.join("/"),
        needs_slash: needs_slash && rest.is_empty(),
    })
}

pub async fn handle(cx: &Ctx, req: Request) -> ApiResult<Response> {
    // Everything here is a page, a redirect or a file to read.
    if !matches!(crate::http::method(&req), Some(Method::Get | Method::Head)) {
        return crate::http::method_not_allowed(cx, &req, &[Method::Get, Method::Head]);
    }
    let path = req.path();
    match path.as_str() {
        "/healthz" => return Ok(Response::ok("ok")?),
        "/robots.txt" => return crawlers::robots(cx),
        "/sitemap.xml" => return crawlers::sitemap(cx).await,
        "/favicon.ico" => return assets::favicon(),
        "/_plug/session" => return sessions::redeem(cx, &req).await,
        "/_plug/no-count" => return views::choose_no_count(cx, &req, false),
        "/_plug/handoff" => return handoff(cx, &req).await,
        _ => {}
    }
    if path.starts_with("/_plug/vendor/") {
        return assets::vendor(cx, &path).await;
    }
    if path.starts_with("/api/") || path.starts_with("/admin/") {
        // API routes are not answered here, whoever asks.
        return Err(ApiError::not_found());
    }
    let user = viewer(cx, &req).await?;
    let scanner = Scanner::of(cx, &req, user.as_ref());
    scanner.guard(cx).await?;
    let Some(at) = parse_path(&path) else {
        return miss(cx, &req, user.as_ref(), Some(&scanner)).await;
    };
    match readable(cx, &at, user.as_ref()).await? {
        Some(seen) => enter(cx, &req, &seen, &at, user.as_ref()).await,
        None => miss(cx, &req, user.as_ref(), Some(&scanner)).await,
    }
}

/// Who a miss on the link origin is counted against: an API client by its verified user (a
/// token does not make guessing a `url`'s 4-hex suffix free), anyone else by IP.
struct Scanner {
    limit: &'static limits::Limit,
    key: String,
}

impl Scanner {
    fn of(cx: &Ctx, req: &Request, user: Option<&User>) -> Scanner {
        match user.filter(|_| auth::bearer(req).is_some()) {
            Some(user) => Scanner {
                limit: &limits::LINK_MISSES_PER_USER,
                key: user.user_id.to_string(),
            },
            None => Scanner {
                limit: &limits::LINK_MISSES_PER_IP,
                key: client_key(cx, req),
            },
        }
    }

    /// A client that has missed too often lately is refused everything for a while: the only
    /// random part of a `url` is its 4-hex suffix, so a hit must not stay cheap to find.
    async fn guard(&self, cx: &Ctx) -> ApiResult<()> {
        limits::refuse_if_over(&cx.db, self.limit, &self.key, cx.now).await
    }

    async fn count_miss(&self, cx: &Ctx) -> ApiResult<()> {
        limits::take(&cx.db, self.limit, &self.key, cx.now).await
    }
}

/// The viewer on the link origin: a Bearer token (API clients), else the session cookie.
async fn viewer(cx: &Ctx, req: &Request) -> ApiResult<Option<User>> {
    match auth::bearer(req) {
        Some(token) => Ok(Some(auth::verify_user(cx, &token).await?)),
        None => sessions::link_user(cx, req).await,
    }
}

/// The Inspiration at `at` if `user` may read it now; None for missing, hidden and failed alike.
async fn readable(cx: &Ctx, at: &LinkPath<'_>, user: Option<&User>) -> ApiResult<Option<Seen>> {
    let Some(grid) = identity::find_grid_by_slug(&cx.db, at.grid).await? else {
        return Ok(None);
    };
    let row = entities::find_by_name(&cx.db, &grid.grid_id, at.name)
        .await?
        .filter(|r| r.realm == Realm::Inspiration);
    let Some(row) = row else { return Ok(None) };
    visible_to(cx, row, user).await
}

/// The row as `user` sees it: None when visibility or state hide it, or when it failed to store.
pub async fn visible_to(
    cx: &Ctx,
    row: entities::EntityRow,
    user: Option<&User>,
) -> ApiResult<Option<Seen>> {
    let viewer = match user {
        Some(u) => auth::viewer_of_user(cx, &u.user_id, &row.grid_id).await?,
        None => Default::default(),
    };
    match common::check_visible(cx, row, viewer).await {
        Ok(seen) if seen.row.status == Status::Failed => Ok(None),
        Ok(seen) => Ok(Some(seen)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(e),
    }
}

/// A reader at the `url`: follow a scope move, add the slash, or go on to the content origin.
async fn enter(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    at: &LinkPath<'_>,
    user: Option<&User>,
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
    to_content(cx, req, seen, user, target.as_str()).await
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
fn without_hand_off_params(url: &Url) -> Url {
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
/// the viewer's no-count choice, which the content origin keeps as its own cookie.
async fn to_content(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    user: Option<&User>,
    target: &str,
) -> ApiResult<Response> {
    let mut target = Url::parse(target).map_err(ApiError::internal)?;
    let mut ticket = None;
    if let Some(user) = user {
        let made = sessions::content_ticket(cx, &seen.row.entity_id, &user.user_id).await?;
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

fn path_matches(at: &LinkPath<'_>, seen: &Seen) -> bool {
    let row = &seen.row;
    match (&at.scope, row.scope.as_str()) {
        (ScopePath::Org, "org") => true,
        (ScopePath::Space(slug), "space") => row.space_slug.as_deref() == Some(*slug),
        (ScopePath::Personal(slug), "personal") => row.owner_slug == *slug,
        _ => false,
    }
}

/// GET /_plug/handoff?to=<content URL>: a content origin sends a viewer it does not know here; a
/// reader goes back with a ticket, anyone else as at a `url` they cannot read.
async fn handoff(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let user = viewer(cx, req).await?;
    let pairs = crate::http::query_pairs(req);
    let to = crate::http::query(&pairs, "to").unwrap_or_default();
    match handoff_target(cx, to, user.as_ref()).await? {
        Some((to, seen)) => to_content(cx, req, &seen, user.as_ref(), to.as_str()).await,
        None => miss(cx, req, user.as_ref(), None).await,
    }
}

/// The content URL a hand-off returns to and its Inspiration, if `user` may read it.
async fn handoff_target(cx: &Ctx, to: &str, user: Option<&User>) -> ApiResult<Option<(Url, Seen)>> {
    let Ok(to) = Url::parse(to) else {
        return Ok(None);
    };
    // Only ever back to a content origin, exactly as configured (scheme, host and port).
    let Some(Origin::Content(label)) = cx.config.origin_of_url(&to) else {
        return Ok(None);
    };
    if !plug_domain::validate::is_uuid(&label) {
        return Ok(None);
    }
    let to = without_hand_off_params(&to);
    let row = entities::find(&cx.db, &EntityId::from(label))
        .await?
        .filter(|r| r.realm == Realm::Inspiration);
    let seen = match row {
        Some(row) => visible_to(cx, row, user).await?,
        None => None,
    };
    Ok(seen.map(|seen| (to, seen)))
}

/// After the web app signed this browser in (`/_plug/session`): straight to the content or to the
/// not-shared page, never back through a check that a refused cookie could turn into a loop.
pub async fn after_sign_in(
    cx: &Ctx,
    req: &Request,
    target: &str,
    user: User,
) -> ApiResult<Response> {
    let url = Url::parse(target).map_err(|_| ApiError::not_found())?;
    if cx.config.origin_of_url(&url) != Some(Origin::Link) {
        return Ok(not_shared(cx, Some(&user)));
    }
    if url.path() == "/_plug/handoff" {
        let to = url
            .query_pairs()
            .find(|(k, _)| k == "to")
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default();
        return match handoff_target(cx, &to, Some(&user)).await? {
            Some((to, seen)) => to_content(cx, req, &seen, Some(&user), to.as_str()).await,
            None => Ok(not_shared(cx, Some(&user))),
        };
    }
    let Some(at) = parse_path(url.path()) else {
        return crate::http::redirect(target, 302);
    };
    match readable(cx, &at, Some(&user)).await? {
        Some(seen) if path_matches(&at, &seen) && !at.needs_slash => {
            let content = content_target(cx, &seen, &at, &url)?;
            to_content(cx, req, &seen, Some(&user), content.as_str()).await
        }
        // A moved scope or a missing slash: the link origin, now signed in, takes it from here.
        Some(_) => crate::http::redirect(target, 302),
        None => Ok(not_shared(cx, Some(&user))),
    }
}

/// What a viewer who may not read the `url` gets. A navigation with no session goes to sign in
/// on the web app and comes back; a signed-in one gets the not-shared page; API clients get the
/// JSON error. Missing and hidden look exactly alike.
async fn miss(
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
            let here = req.url()?;
            let mut enter =
                Url::parse(&format!("{}/enter", cx.config.base_url)).map_err(ApiError::internal)?;
            enter.query_pairs_mut().append_pair("to", here.as_str());
            let mut response = crate::http::redirect(enter.as_str(), 302)?;
            response.headers_mut().set("Cache-Control", "no-store")?;
            Ok(response)
        }
        Some(user) => Ok(not_shared(cx, Some(user))),
    }
}

pub fn navigation(req: &Request) -> bool {
    is_navigation(
        header(req, "Sec-Fetch-Mode").as_deref(),
        header(req, "Accept").as_deref(),
    )
}

pub fn not_found_error() -> ApiError {
    ApiError::new(
        ErrorCode::NotFound,
        "nothing here: the link is wrong, or this drop is not shared with you",
    )
}

/// The HTML "not found or not shared with you" page, status 404, the same for missing and hidden.
pub fn not_shared(cx: &Ctx, user: Option<&User>) -> Response {
    let mut lines = vec![
        "The link may be mistyped, or what it points to is not shared with you. Ask the person who sent it to share it with you.".to_string(),
    ];
    if let Some(user) = user {
        lines.push(format!(
            "You are signed in as {} ({}).",
            user.name, user.slug
        ));
    }
    let actions = [("Open Plug", format!("{}/", cx.config.base_url))];
    let html = plug_render::notice_page(&plug_render::Notice {
        platform_name: &cx.config.platform_name,
        title: "This link is wrong or not shared with you",
        lines: &lines,
        actions: &actions,
    });
    let mut response = Response::from_html(html)
        .expect("a string body is always valid")
        .with_status(404);
    let headers = response.headers_mut();
    let _ = headers.set("Content-Security-Policy", plug_render::NOTICE_CSP);
    let _ = headers.set("Cache-Control", "no-store");
    let _ = headers.set("X-Robots-Tag", "noindex");
    response
}

/// The client as the scan limit knows it: its IP, one-way hashed under the daily salt.
fn client_key(cx: &Ctx, req: &Request) -> String {
    plug_domain::views::ip_hash(cx.config.jwt_secret.as_bytes(), &client_ip(req), cx.now)
}
