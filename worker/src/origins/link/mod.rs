//! The link origin (README "What runs where"; openapi.yaml, "serving"): every `url` lives here,
//! and it answers only with what Plug writes itself. A reader is sent on to the Inspiration's own content
//! origin (with a one-time ticket when the viewer is known); a browser with no session is sent to
//! sign in on the web app and brought back; a signed-in viewer who still may not read it gets the
//! not-shared page. Every page that reaches an Inspiration goes through `access`.

mod access;
mod crawlers;
pub mod handoff;
mod path;

use worker::{Method, Request, Response};

use self::access::{visit, Asked, Claimed, Scanner};
use self::handoff::{enter, miss};
use self::path::parse_path;
use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;
use crate::origins::pages;
use crate::routes::views;

/// A page of the link origin at a path of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Healthz,
    Robots,
    Sitemap,
    Favicon,
    SignIn,
    NoCount,
    HandOff,
    Vendor,
}

/// The link origin's own pages, all GET (HEAD finds what GET finds); a path ending in `{file}`
/// takes any path below it. Held equal to openapi.yaml, with `URL_FORMS`, by `origins::openapi`.
pub static PAGES: &[(&str, Page)] = &[
    ("/healthz", Page::Healthz),
    ("/robots.txt", Page::Robots),
    ("/sitemap.xml", Page::Sitemap),
    ("/favicon.ico", Page::Favicon),
    ("/_plug/session", Page::SignIn),
    ("/_plug/no-count", Page::NoCount),
    ("/_plug/handoff", Page::HandOff),
    ("/_plug/vendor/{file}", Page::Vendor),
];

/// Every other path is an Inspiration's `url` (`path::parse_path`): its index in each scope form,
/// and below it the original and a zipped site's files, which go on to the content origin as they
/// are (the org form stands for all three). `path::tests` holds each form to what `parse_path`
/// reads; only the tests need the list itself.
#[cfg(test)]
pub static URL_FORMS: &[&str] = &[
    "/{grid}/{name}/",
    "/{grid}/s/{space}/{name}/",
    "/{grid}/u/{user}/{name}/",
    "/{grid}/{name}/_plug/file",
    "/{grid}/{name}/{file}",
];

pub fn page_at(path: &str) -> Option<Page> {
    PAGES
        .iter()
        .find(|(p, _)| match p.strip_suffix("{file}") {
            Some(prefix) => path.starts_with(prefix),
            None => *p == path,
        })
        .map(|(_, page)| *page)
}

pub async fn handle(cx: &Ctx, req: Request) -> ApiResult<Response> {
    // Everything here is a page, a redirect or a file to read.
    if !matches!(crate::http::method(&req), Some(Method::Get | Method::Head)) {
        return crate::http::method_not_allowed(cx, &req, &[Method::Get, Method::Head]);
    }
    let path = req.path();
    if let Some(page) = page_at(&path) {
        return match page {
            Page::Healthz => Ok(Response::ok("ok")?),
            Page::Robots => crawlers::robots(cx),
            Page::Sitemap => crawlers::sitemap(cx).await,
            Page::Favicon => pages::favicon(),
            Page::SignIn => handoff::redeem(cx, &req).await,
            Page::NoCount => views::choose_no_count(cx, &req, false),
            Page::HandOff => handoff::handoff(cx, &req).await,
            Page::Vendor => pages::vendor(cx, &path).await,
        };
    }
    if path.starts_with("/api/") || path.starts_with("/admin/") {
        // API routes are not answered here, whoever asks.
        return Err(ApiError::not_found());
    }
    // One round trip decides (`access::visit`): the scan limit, who it is, what they may read,
    // and the ticket that takes them there.
    let claimed = Claimed::of(cx, &req).await?;
    let scanner = Scanner::of(cx, &req, claimed.token_user());
    let at = parse_path(&path);
    let asked = match &at {
        Some(at) => Asked::At(at),
        None => Asked::Nothing,
    };
    let found = visit(cx, claimed, Some(&scanner), asked).await?;
    let user = found.user.as_ref();
    match (at, found.seen) {
        (Some(at), Some(seen)) => enter(cx, &req, &seen, &at, user, found.ticket).await,
        _ => miss(cx, &req, user, Some(&scanner)).await,
    }
}
