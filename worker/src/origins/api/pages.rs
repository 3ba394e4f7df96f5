//! The API origin's pages: the web app (Workers static assets), its front page when the app is
//! not built, the health check and the OpenAPI document; a stray content path goes on to the link
//! origin.

use worker::{Request, Response};

use crate::error::ApiResult;
use crate::http::Ctx;
use crate::origins::pages::static_asset;

pub async fn healthz(_cx: &Ctx, _req: Request) -> ApiResult<Response> {
    Ok(Response::ok("ok")?)
}

/// The OpenAPI description of every route, kept beside the code and held equal to this table.
/// `scripts/build.sh` copies it into the static assets: 19 KB gzip the Worker upload does not carry.
pub async fn openapi(cx: &Ctx, _req: Request) -> ApiResult<Response> {
    let mut response = static_asset(cx, "/openapi.yaml").await?;
    let headers = response.headers_mut();
    headers.set("Cache-Control", "public, max-age=300")?;
    headers.set("Content-Type", "application/yaml; charset=utf-8")?;
    headers.set("Access-Control-Allow-Origin", "*")?;
    Ok(response)
}

/// GET of a path the API origin has no route for: the web app (`/`, `/app/…`, and `/enter`, the
/// sign-in hand-off of README "Signing in"), else a content path that moves to the link origin.
pub async fn api_origin_page(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let url = req.url()?;
    if url.path() == "/enter" {
        if let Some(response) = crate::routes::sessions::enter_at_once(cx, &req).await? {
            return Ok(response);
        }
    }
    // /enter is a small page of its own that goes on at once when the app holds a token; it
    // sends `app=1` back here when the app itself is needed (to sign in, or to say why not).
    let app_page = match url.path() {
        "/enter" if !url.query_pairs().any(|(k, _)| k == "app") => Some("/app/enter.html"),
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
                // Nor keep a handle on it: a drop that opened it could later send its tab to a
                // look-alike sign-in page. The app's own popups (Open) are kept.
                headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups")?;
                Ok(response)
            }
            Err(_) if url.path() == "/" => home(cx),
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

/// The front page when the web app is not built: what Plug is and where to go next.
fn home(cx: &Ctx) -> ApiResult<Response> {
    let name = &cx.config.platform_name;
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
<title>{name}</title><style>body{{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}}code{{background:#f3f4f6;padding:.1em .3em;border-radius:4px}}</style></head>\
<body><h1>{name}</h1><p>Drop a static artifact, get a URL worth sharing.</p>\
<p>Drop from a terminal with <code>plug ./page.html</code>, or call <code>POST /api/v2/inspirations</code>.</p>\
<p>Served content lives on <a href=\"{serve}/\">{serve}</a>.</p></body></html>",
        serve = cx.config.serve_base_url
    );
    let mut response = Response::from_html(html)?;
    let _ = response
        .headers_mut()
        .set("X-Content-Type-Options", "nosniff");
    Ok(response)
}
