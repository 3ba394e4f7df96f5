//! Files Plug ships rather than users upload: the viewer libraries (Workers static assets), the
//! favicon, and the web app on the API origin, which also sends stray content paths on to the
//! link origin.

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

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

/// GET of a path the API origin has no route for: the web app (`/`, `/app/…`, and `/enter`, the
/// sign-in hand-off of platform.md 4), else a content path that moves to the link origin.
pub async fn api_origin_page(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let url = req.url()?;
    let app_page = match url.path() {
        "/" | "/enter" => Some("/app/index.html"),
        p if p.starts_with("/app/") => Some(p),
        _ => None,
    };
    if let Some(path) = app_page {
        return match static_asset(cx, path).await {
            Ok(mut response) => {
                let headers = response.headers_mut();
                headers.set("Cache-Control", "no-cache")?;
                // The app holds the token: no other page may frame it.
                headers.set("X-Frame-Options", "DENY")?;
                Ok(response)
            }
            Err(_) if url.path() == "/" => crate::routes::home::page(cx),
            Err(e) => Err(e),
        };
    }
    let target = format!(
        "{}{}{}",
        cx.config.serve_base_url,
        url.path(),
        url.query().map(|q| format!("?{q}")).unwrap_or_default()
    );
    crate::http::redirect(&target, 302)
}
