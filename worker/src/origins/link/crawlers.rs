//! What the link origin tells crawlers (docs/model.md "Visibility"): `robots.txt` names the
//! sitemap, and
//! `sitemap.xml` lists the `url` of every live, link-visible, indexed Inspiration.

use worker::Response;

use crate::error::ApiResult;
use crate::http::Ctx;
use crate::present;
use crate::store::entities;

pub fn robots(cx: &Ctx) -> ApiResult<Response> {
    let body = format!(
        "User-agent: *\nAllow: /\nSitemap: {}/sitemap.xml\n",
        cx.config.serve_base_url
    );
    let mut response = Response::ok(body)?;
    response
        .headers_mut()
        .set("Content-Type", "text/plain; charset=utf-8")?;
    Ok(response)
}

/// Only live, unexpired, link + link_indexed Inspirations are listed, by their `url`.
pub async fn sitemap(cx: &Ctx) -> ApiResult<Response> {
    let rows = entities::indexable(&cx.db, cx.now).await?;
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for row in &rows {
        let url = present::serve_url(&cx.config, row);
        let lastmod = plug_domain::time::iso(row.updated_at);
        xml.push_str(&format!(
            "  <url><loc>{}</loc><lastmod>{lastmod}</lastmod></url>\n",
            xml_escape(&url)
        ));
    }
    xml.push_str("</urlset>\n");
    let mut response = Response::ok(xml)?;
    response
        .headers_mut()
        .set("Content-Type", "application/xml; charset=utf-8")?;
    Ok(response)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
