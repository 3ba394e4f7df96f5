//! What both the link and the content origins answer with that is Plug's own rather than a user's:
//! the favicon, the viewer libraries (Workers static assets), the "not found or not shared with you"
//! page and its JSON twin.

use plug_domain::origins::is_navigation;
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{header, Ctx};
use crate::store::directory::User;

/// Plug's mark, served at `/favicon.ico` of the link and content origins.
const FAVICON_PNG: &[u8] = include_bytes!("../../assets/favicon.png");

pub fn favicon() -> ApiResult<Response> {
    let mut response = Response::from_bytes(FAVICON_PNG.to_vec())?;
    let headers = response.headers_mut();
    headers.set("Content-Type", "image/png")?;
    headers.set("Cache-Control", "public, max-age=604800")?;
    Ok(response)
}

/// React, pdf.js and the office viewers at `/_plug/vendor/…` of every content origin. One copy
/// in static assets serves them all; browsers partition their caches by site anyway, so each
/// content origin caches its own copy for a week.
pub async fn vendor(cx: &Ctx, path: &str) -> ApiResult<Response> {
    let mut response = static_asset(cx, path.trim_start_matches("/_plug")).await?;
    let headers = response.headers_mut();
    headers.set("Access-Control-Allow-Origin", "*")?;
    if path.starts_with("/_plug/vendor/plug-") {
        // Plug's own viewer scripts change with each deploy, and the page that loads them is
        // never cached: five minutes, so a new Worker never meets an old viewer for long.
        headers.set("Cache-Control", "public, max-age=300")?;
    }
    Ok(response)
}

/// A file of `public/` (Workers static assets) with its content type.
pub async fn static_asset(cx: &Ctx, path: &str) -> ApiResult<Response> {
    let assets = cx.env.assets("ASSETS")?;
    let url = format!("http://assets.local{path}");
    let fetched = assets.fetch(url, None).await?;
    if fetched.status_code() != 200 {
        return Err(ApiError::not_found());
    }
    let content_type = fetched
        .headers()
        .get("Content-Type")?
        .unwrap_or_else(|| "application/octet-stream".into());
    // The asset's own JS stream, handed on as it is: piping it through a Rust stream copied every
    // chunk into and out of wasm, and a 500 KB library took half a second to arrive locally.
    let mut response = Response::from_body(fetched.body().clone())?;
    let headers = response.headers_mut();
    headers.set("Content-Type", &content_type)?;
    headers.set("Cache-Control", "public, max-age=604800")?;
    headers.set("X-Content-Type-Options", "nosniff")?;
    Ok(response)
}

/// A browser navigating (not a script, an include or an API client).
pub fn navigation(req: &Request) -> bool {
    is_navigation(
        header(req, "Sec-Fetch-Mode").as_deref(),
        header(req, "Accept").as_deref(),
    )
}

/// The JSON 404 of both origins, the same for missing and hidden.
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
    notice_response(cx, 404, "This link is wrong or not shared with you", &lines)
}

/// A sign-in link `/_plug/session` will not spend, for a browser: used, expired, or started in
/// another browser (README "Security": login CSRF). 401; nothing is set.
pub fn sign_in_refused(cx: &Ctx) -> Response {
    let lines = ["A sign-in link works once, within a minute, and only in the browser that asked for it. This one was used already, has expired, or was made in another browser. Open the link you were sent again.".to_string()];
    notice_response(cx, 401, "This sign-in link cannot be used here", &lines)
}

/// A notice page for a browser (one way back to Plug), never cached or indexed, under the
/// notice's own CSP.
fn notice_response(cx: &Ctx, status: u16, title: &str, lines: &[String]) -> Response {
    let actions = [("Open Plug", format!("{}/", cx.config.base_url))];
    let html = plug_render::notice_page(&plug_render::Notice {
        platform_name: &cx.config.platform_name,
        title,
        lines,
        actions: &actions,
    });
    let mut response = Response::from_html(html)
        .expect("a string body is always valid")
        .with_status(status);
    let headers = response.headers_mut();
    let _ = headers.set("Content-Security-Policy", plug_render::NOTICE_CSP);
    let _ = headers.set("Cache-Control", "no-store");
    let _ = headers.set("X-Robots-Tag", "noindex");
    response
}
