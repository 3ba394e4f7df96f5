//! The API origin's front page: what Plug is and where to go next.

use worker::Response;

use crate::error::ApiResult;
use crate::http::Ctx;

pub fn page(cx: &Ctx) -> ApiResult<Response> {
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
