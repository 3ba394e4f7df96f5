//! The serving origin (platform.md 3): uploaded content at its scope's URL,
//! per viewer (anonymous, Bearer, or the serving-origin session cookie), with
//! the badge tag streamed into every HTML response. Never the API.

use futures_util::{stream, StreamExt};
use plug_domain::badge::{resolve, BadgeState};
use plug_domain::{BadgeMode, SourceType, Status};
use plug_render::{BadgeInjector, BadgeTag, OfficeKind, PageKind, Position};
use worker::{Method, Request, Response};

use super::common::{self, Seen};
use super::{provision, sessions, views};
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::http::{header, Ctx};
use crate::present;
use crate::store::identity;

/// Where an Inspiration was asked for: its grid, the scope path and its name, then the file path.
struct ContentPath<'a> {
    grid: &'a str,
    scope: ScopePath<'a>,
    name: &'a str,
    /// Segments after the name, joined; empty for the index.
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

fn parse_path(path: &str) -> Option<ContentPath<'_>> {
    let trimmed = path.strip_prefix('/')?;
    let needs_slash = !trimmed.ends_with('/');
    let seg: Vec<&str> = trimmed.split('/').collect();
    let (grid, scope, name, rest) = match seg.as_slice() {
        [grid, "s", space, name, rest @ ..] => (*grid, ScopePath::Space(space), *name, rest),
        [grid, "u", user, name, rest @ ..] => (*grid, ScopePath::Personal(user), *name, rest),
        [grid, name, rest @ ..] => (*grid, ScopePath::Org, *name, rest),
        _ => return None,
    };
    if grid.is_empty() || name.is_empty() {
        return None;
    }
    Some(ContentPath {
        grid,
        scope,
        name,
        rest: rest.join("/"),
        needs_slash: needs_slash && rest.is_empty(),
    })
}

pub async fn handle(cx: &Ctx, req: Request) -> ApiResult<Response> {
    // Everything here is a page or a file to read.
    if !matches!(crate::http::method(&req), Some(Method::Get | Method::Head)) {
        return crate::http::method_not_allowed(cx, &req, &[Method::Get, Method::Head]);
    }
    let path = req.path();
    match path.as_str() {
        "/healthz" => return Ok(Response::ok("ok")?),
        "/robots.txt" => return robots(cx),
        "/sitemap.xml" => return sitemap(cx).await,
        "/_plug/session" => return sessions::redeem(cx, &req).await,
        "/_plug/no-count" => return views::choose_no_count(cx, &req, false),
        "/" => return Err(ApiError::not_found()),
        _ => {}
    }
    if path.starts_with("/_plug/vendor/") {
        return vendor(cx, req).await;
    }
    if path.starts_with("/api/") || path.starts_with("/admin/") {
        return Err(ApiError::not_found());
    }
    let Some(at) = parse_path(&path) else {
        return Err(not_found_page());
    };
    serve_content(cx, &req, at)
        .await
        .map_err(|e| if e.status == 404 { not_found_page() } else { e })
}

async fn serve_content(cx: &Ctx, req: &Request, at: ContentPath<'_>) -> ApiResult<Response> {
    let grid = identity::find_grid_by_slug(&cx.db, at.grid)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let user = viewer_user(cx, req).await?;
    let row = crate::store::entities::find_by_name(&cx.db, &grid.grid_id, at.name)
        .await?
        .filter(|r| r.realm == "inspiration")
        .ok_or_else(ApiError::not_found)?;
    let viewer = match &user {
        Some(u) => auth::viewer_of_user(cx, &u.user_id, &grid.grid_id).await?,
        None => Default::default(),
    };
    let seen = common::check_visible(cx, row, viewer).await?;
    let current = present::serve_url(&cx.config, &seen.row);
    if !path_matches(&at, &seen) {
        // The scope moved: a reader of the entity follows it to the new URL.
        return redirect(&format!("{current}{}", at.rest));
    }
    if at.needs_slash {
        return redirect(&current);
    }
    match Status::parse(&seen.row.status) {
        Some(Status::Provisioning) => {
            return Err(ApiError::unavailable(
                "this drop is still being stored; retry in a second",
                1,
            ))
        }
        Some(Status::Failed) => return Err(ApiError::not_found()),
        _ => {}
    }
    let response = if at.rest == "_plug/file" {
        original(cx, req, &seen).await?
    } else if at.rest.is_empty() {
        index(cx, req, &seen, user.as_ref().map(|u| u.user_id.as_str())).await?
    } else {
        site_file(cx, req, &seen, &at.rest).await?
    };
    Ok(with_security_headers(cx, response, &seen))
}

fn path_matches(at: &ContentPath<'_>, seen: &Seen) -> bool {
    let row = &seen.row;
    match (&at.scope, row.scope.as_str()) {
        (ScopePath::Org, "org") => true,
        (ScopePath::Space(slug), "space") => row.space_slug.as_deref() == Some(*slug),
        (ScopePath::Personal(slug), "personal") => row.owner_slug == *slug,
        _ => false,
    }
}

/// The viewer on the serving origin: a Bearer header, else the session cookie, else anonymous.
async fn viewer_user(cx: &Ctx, req: &Request) -> ApiResult<Option<identity::User>> {
    match header(req, "Authorization") {
        Some(value) => {
            let token = value
                .split_once(' ')
                .map(|(_, t)| t.trim().to_string())
                .unwrap_or_default();
            Ok(Some(auth::verify_user(cx, &token).await?))
        }
        None => Ok(sessions::user_from_cookie(cx, req).await),
    }
}

fn redirect(url: &str) -> ApiResult<Response> {
    crate::http::redirect(url, 301)
}

fn not_found_page() -> ApiError {
    ApiError::new(
        404,
        "NOT_FOUND",
        "nothing here: the link is wrong, or this drop is not visible to you",
    )
}

/// The resolved badge for an entity: a tag to inject, or None when off.
async fn badge_tag(cx: &Ctx, seen: &Seen) -> ApiResult<Option<BadgeTag>> {
    let (platform, grid_policy) = super::badge::policies(cx, &seen.row.grid_id).await?;
    let grid = identity::find_grid(&cx.db, &seen.row.grid_id)
        .await?
        .ok_or_else(|| ApiError::internal("grid vanished"))?;
    let entity = seen.row.badge_mode.as_deref().and_then(BadgeMode::parse);
    let (state, decider) = resolve(platform, grid_policy, entity);
    if state == BadgeState::Off {
        return Ok(None);
    }
    Ok(Some(BadgeTag {
        base_url: cx.config.base_url.clone(),
        entity_id: seen.row.entity_id.clone(),
        grid_slug: grid.slug.clone(),
        mode: decider.into(),
        position: grid
            .badge_position
            .as_deref()
            .and_then(|p| Position::parse(p).ok()),
        theme: grid
            .badge_theme
            .as_deref()
            .and_then(|t| plug_render::parse_theme_str(t).ok()),
    }))
}

fn source_type(seen: &Seen) -> SourceType {
    seen.row
        .source_type
        .as_deref()
        .and_then(SourceType::parse)
        .unwrap_or(SourceType::Html)
}

fn is_zip_site(seen: &Seen) -> bool {
    source_type(seen) == SourceType::Html
        && seen
            .row
            .file_name
            .as_deref()
            .is_some_and(|f| f.to_ascii_lowercase().ends_with(".zip"))
}

/// The page at the Inspiration's URL: the site's index, the HTML file, or a wrapper page.
async fn index(cx: &Ctx, req: &Request, seen: &Seen, user_id: Option<&str>) -> ApiResult<Response> {
    let tag = badge_tag(cx, seen).await?;
    if tag.is_none() {
        // With the badge off there is no beacon: count the visit here.
        views::count_later(cx, req, &seen.row, user_id);
    }
    let id = &seen.row.entity_id;
    let title = &seen.row.display_name;
    let file = "_plug/file";
    let download = "_plug/file?download=1";
    let kind = PageKind::from(source_type(seen));
    let page = match source_type(seen) {
        SourceType::Html => {
            let key = if is_zip_site(seen) {
                provision::site_key(id, "index.html")
            } else {
                provision::original_key(id)
            };
            return stream_html(cx, &key, tag, is_indexable(seen), kind).await;
        }
        SourceType::Markdown => {
            let bytes = get_bytes(cx, &provision::original_key(id)).await?;
            plug_render::markdown_page(&String::from_utf8_lossy(&bytes), title, download)
        }
        SourceType::Image => plug_render::image_page(title, file, download),
        SourceType::Pdf => plug_render::pdf_page(title, file, download),
        SourceType::Docx => plug_render::office_page(OfficeKind::Docx, title, file, download),
        SourceType::Xlsx => plug_render::office_page(OfficeKind::Xlsx, title, file, download),
        SourceType::Pptx => plug_render::office_page(OfficeKind::Pptx, title, file, download),
        SourceType::ReactSingleFile => plug_render::react_page(title, file, download),
    };
    let html = plug_render::rewrite_page(&page, tag.as_ref(), !is_indexable(seen))
        .map_err(ApiError::internal)?;
    let mut response = Response::from_html(html)?;
    set_csp(cx, &mut response, kind);
    Ok(response)
}

fn set_csp(cx: &Ctx, response: &mut Response, kind: PageKind) {
    let csp = plug_render::csp_for(kind, &cx.config.base_url, &cx.config.serve_base_url);
    let _ = response.headers_mut().set("Content-Security-Policy", &csp);
}

async fn get_bytes(cx: &Ctx, key: &str) -> ApiResult<Vec<u8>> {
    let object = stored_object(cx, key).await?;
    let body = object.body().ok_or_else(ApiError::not_found)?;
    Ok(body.bytes().await?)
}

/// A stored object's bytes as a stream.
async fn object_stream(cx: &Ctx, key: &str) -> ApiResult<worker::ByteStream> {
    let object = stored_object(cx, key).await?;
    Ok(object.body().ok_or_else(ApiError::not_found)?.stream()?)
}

/// A stored object; a missing one is the 404 of the page asking for it.
async fn stored_object(cx: &Ctx, key: &str) -> ApiResult<worker::Object> {
    cx.bucket
        .get(key)
        .execute()
        .await?
        .ok_or_else(ApiError::not_found)
}

/// HTML larger than this is read from R2 in ranges of this size, after a smaller first range
/// so the first byte leaves early.
const RANGE_BYTES: u64 = 1 << 20;
const FIRST_RANGE_BYTES: u64 = 256 << 10;

type ByteChunks = std::pin::Pin<Box<dyn futures_util::Stream<Item = worker::Result<Vec<u8>>>>>;

/// The bytes of an R2 object as a stream. Large objects are read one range at a time with the
/// next range already requested, so the first byte leaves after one range whatever the store
/// does, and the Worker never holds more than two ranges of a page.
async fn object_chunks(cx: &Ctx, key: &str) -> ApiResult<ByteChunks> {
    let head = cx.bucket.head(key).await?.ok_or_else(ApiError::not_found)?;
    let size = head.size();
    if size <= RANGE_BYTES {
        return Ok(Box::pin(object_stream(cx, key).await?));
    }
    let bucket = cx.env.bucket("BUCKET")?;
    let key = key.to_string();
    let fetch_range = move |(offset, length): (u64, u64)| {
        let bucket = bucket.clone();
        let key = key.clone();
        async move {
            let range = worker::Range::OffsetWithLength { offset, length };
            let object = bucket
                .get(&key)
                .range(range)
                .execute()
                .await?
                .ok_or_else(|| worker::Error::RustError("object vanished".into()))?;
            object
                .body()
                .ok_or_else(|| worker::Error::RustError("no body".into()))?
                .bytes()
                .await
        }
    };
    let ranges = std::iter::once((0, FIRST_RANGE_BYTES))
        .chain(
            (FIRST_RANGE_BYTES..size)
                .step_by(RANGE_BYTES as usize)
                .map(|offset| (offset, RANGE_BYTES)),
        )
        .map(move |(offset, length)| (offset, length.min(size - offset)));
    Ok(Box::pin(stream::iter(ranges).map(fetch_range).buffered(2)))
}

/// Streams an HTML object from R2 through the page rewriter (badge tag, robots meta), chunk by chunk.
async fn stream_html(
    cx: &Ctx,
    key: &str,
    tag: Option<BadgeTag>,
    indexable: bool,
    kind: PageKind,
) -> ApiResult<Response> {
    let body = object_chunks(cx, key).await?;
    let mut response = match (tag, indexable) {
        (None, true) => Response::from_stream(body)?,
        (tag, _) => {
            let injector = std::rc::Rc::new(std::cell::RefCell::new(Some(
                BadgeInjector::for_page(tag.as_ref(), !indexable),
            )));
            let tail = injector.clone();
            let rewritten = body.map(move |chunk| {
                let chunk = chunk?;
                let mut guard = injector.borrow_mut();
                let rewriter = guard
                    .as_mut()
                    .ok_or_else(|| worker::Error::RustError("rewriter ended".into()))?;
                rewriter
                    .write(&chunk)
                    .map_err(|e| worker::Error::RustError(e.to_string()))
            });
            let end = stream::once(async move {
                let rewriter = tail.borrow_mut().take();
                match rewriter {
                    Some(r) => r.end().map_err(|e| worker::Error::RustError(e.to_string())),
                    None => Ok(Vec::new()),
                }
            });
            Response::from_stream(
                rewritten
                    .chain(end)
                    .filter(|c| std::future::ready(!matches!(c, Ok(v) if v.is_empty()))),
            )?
        }
    };
    let _ = response
        .headers_mut()
        .set("Content-Type", "text/html; charset=utf-8");
    set_csp(cx, &mut response, kind);
    Ok(response)
}

/// The uploaded file itself: inline for viewers, as an attachment with `?download=1`.
async fn original(cx: &Ctx, req: &Request, seen: &Seen) -> ApiResult<Response> {
    let object = stored_object(cx, &provision::original_key(&seen.row.entity_id)).await?;
    let body = object.body().ok_or_else(ApiError::not_found)?.stream()?;
    let mut response = Response::from_stream(body)?;
    let content_type = seen
        .row
        .content_type
        .clone()
        .unwrap_or_else(|| "application/octet-stream".into());
    let headers = response.headers_mut();
    // An uploaded HTML or SVG file is data here, never a page: it is rendered only at the URL.
    let safe_type =
        if content_type.starts_with("text/html") || content_type.starts_with("image/svg") {
            if content_type.starts_with("image/svg") {
                content_type.as_str()
            } else {
                "text/plain; charset=utf-8"
            }
        } else {
            content_type.as_str()
        };
    let _ = headers.set("Content-Type", safe_type);
    let _ = headers.set("Content-Length", &object.size().to_string());
    let _ = headers.set(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    let download = req
        .url()
        .ok()
        .is_some_and(|u| u.query_pairs().any(|(k, v)| k == "download" && v != "0"));
    let file_name = seen
        .row
        .file_name
        .clone()
        .unwrap_or_else(|| "download".into());
    let safe_name: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let disposition = if download { "attachment" } else { "inline" };
    let _ = headers.set(
        "Content-Disposition",
        &format!("{disposition}; filename=\"{safe_name}\""),
    );
    Ok(response)
}

/// A file of a zipped site; HTML files get the badge too.
async fn site_file(cx: &Ctx, _req: &Request, seen: &Seen, rest: &str) -> ApiResult<Response> {
    if !is_zip_site(seen) {
        return Err(ApiError::not_found());
    }
    let path = if rest.ends_with('/') {
        format!("{rest}index.html")
    } else {
        rest.to_string()
    };
    let path = percent_decode(&path);
    if path.split('/').any(|s| s == ".." || s == ".") {
        return Err(ApiError::not_found());
    }
    let key = provision::site_key(&seen.row.entity_id, &path);
    let content_type = plug_content::content_type_for(&path);
    if content_type.starts_with("text/html") {
        let tag = badge_tag(cx, seen).await?;
        return stream_html(cx, &key, tag, is_indexable(seen), PageKind::Html).await;
    }
    let Some(object) = cx.bucket.get(&key).execute().await? else {
        // `docs` for a folder `docs/` moves to the folder's index.
        if cx.bucket.head(format!("{key}/index.html")).await?.is_some() {
            return redirect(&format!(
                "{}{path}/",
                present::serve_url(&cx.config, &seen.row)
            ));
        }
        return Err(ApiError::not_found());
    };
    let body = object.body().ok_or_else(ApiError::not_found)?.stream()?;
    let mut response = Response::from_stream(body)?;
    let _ = response.headers_mut().set("Content-Type", content_type);
    let _ = response
        .headers_mut()
        .set("Content-Length", &object.size().to_string());
    set_csp(cx, &mut response, PageKind::Html);
    Ok(response)
}

fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&path[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_indexable(seen: &Seen) -> bool {
    seen.row.visibility == "link" && seen.row.link_indexed != 0
}

/// Headers on everything served: nosniff, referrer policy, noindex unless link + indexed,
/// no caching of per-viewer answers in shared caches.
fn with_security_headers(_cx: &Ctx, mut response: Response, seen: &Seen) -> Response {
    let headers = response.headers_mut();
    let _ = headers.set("X-Content-Type-Options", "nosniff");
    let _ = headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    let _ = headers.set("Cache-Control", "private, no-cache");
    if !is_indexable(seen) {
        let _ = headers.set("X-Robots-Tag", "noindex, nofollow");
    }
    response
}

fn robots(cx: &Ctx) -> ApiResult<Response> {
    let body = format!(
        "User-agent: *\nAllow: /\nSitemap: {}/sitemap.xml\n",
        cx.config.serve_base_url
    );
    let mut response = Response::ok(body)?;
    let _ = response
        .headers_mut()
        .set("Content-Type", "text/plain; charset=utf-8");
    Ok(response)
}

/// Only live, unexpired, link + link_indexed Inspirations are listed.
async fn sitemap(cx: &Ctx) -> ApiResult<Response> {
    let rows = crate::store::entities::indexable(&cx.db, cx.now).await?;
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
    let _ = response
        .headers_mut()
        .set("Content-Type", "application/xml; charset=utf-8");
    Ok(response)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// React, pdf.js and the office viewers, from Workers static assets.
async fn vendor(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let path = req.path();
    static_asset(cx, path.trim_start_matches("/_plug")).await
}

/// A file of `public/` (Workers static assets) with its content type.
pub async fn static_asset(cx: &Ctx, path: &str) -> ApiResult<Response> {
    let assets = cx.env.assets("ASSETS")?;
    let url = format!("http://assets.local{path}");
    let mut fetched = assets.fetch(url, None).await?;
    if fetched.status_code() != 200 {
        return Err(ApiError::not_found());
    }
    let content_type = fetched
        .headers()
        .get("Content-Type")?
        .unwrap_or_else(|| "application/octet-stream".into());
    let mut response = Response::from_stream(fetched.stream()?)?;
    let _ = response.headers_mut().set("Content-Type", &content_type);
    let _ = response
        .headers_mut()
        .set("Cache-Control", "public, max-age=604800");
    let _ = response
        .headers_mut()
        .set("X-Content-Type-Options", "nosniff");
    Ok(response)
}

/// Content paths asked of the API origin move to the serving origin.
pub async fn redirect_to_serving_origin(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let url = req.url()?;
    // The web app (public/app/) lives on the API origin: it calls the API same-origin.
    if url.path() == "/" || url.path().starts_with("/app/") {
        let path = if url.path() == "/" {
            "/app/index.html"
        } else {
            url.path()
        };
        return match static_asset(cx, path).await {
            Ok(mut response) => {
                let _ = response.headers_mut().set("Cache-Control", "no-cache");
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
