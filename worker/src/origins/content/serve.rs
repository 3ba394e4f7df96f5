//! What a content origin sends for a readable Inspiration (README "What runs where"): the index
//! (the HTML file, the site's index.html or a viewer page), the original file and a site's files,
//! at the origin's root, with the badge tag streamed into every HTML response.

use futures_util::{stream, StreamExt};
use plug_content::EntryInflater;
use plug_domain::ids::UserId;
use plug_domain::SourceType;
use plug_render::{OfficeKind, PageKind};
use worker::{Request, Response};

use super::response::{badge_tag, is_indexable, set_csp, stream_html, with_security_headers};
use crate::cache;
use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;
use crate::routes::common::Seen;
use crate::routes::views;
use crate::store::objects::{self, ByteChunks};
use crate::store::site_files;

/// What the content origin sends for a path of a readable Inspiration. `rest` is the path
/// without its leading `/`: empty for the index, `_plug/file` for the original, else a site file.
pub async fn entity(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    rest: &str,
    user_id: Option<&UserId>,
) -> ApiResult<Response> {
    let response = if rest == "_plug/file" {
        original(cx, req, seen).await?
    } else if rest.is_empty() {
        index(cx, req, seen, user_id).await?
    } else if rest == FAVICON && !is_zip_site(seen) {
        crate::origins::pages::favicon()?
    } else {
        site_file(cx, req, seen, rest).await?
    };
    Ok(with_security_headers(cx, response, seen))
}

const FAVICON: &str = "favicon.ico";

fn source_type(seen: &Seen) -> SourceType {
    seen.row.source_type.unwrap_or(SourceType::Html)
}

pub(super) fn is_zip_site(seen: &Seen) -> bool {
    source_type(seen) == SourceType::Html
        && seen
            .row
            .file_name
            .as_deref()
            .is_some_and(|f| f.to_ascii_lowercase().ends_with(".zip"))
}

/// The page at the Inspiration's URL: the site's index, the HTML file, or a wrapper page.
async fn index(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    user_id: Option<&UserId>,
) -> ApiResult<Response> {
    let tag = badge_tag(cx, seen).await?;
    // With the badge off there is no beacon: count the visit here. A drop not open to anyone is
    // counted here too, where the viewer is known: its beacon, sent without a viewer, counts
    // only a `link` drop (`plug_domain::views::beacon_may_count`).
    let row = &seen.row;
    let open =
        plug_domain::access::open_to_anyone(row.visibility, row.status, row.expires_at, cx.now);
    if tag.is_none() || !open {
        views::count_later(cx, req, views::CountedAt::Page, &seen.row, user_id);
    }
    let id = &seen.row.entity_id;
    let title = &seen.row.display_name;
    let file = "_plug/file";
    let download = "_plug/file?download=1";
    let kind = PageKind::from(source_type(seen));
    let page = match source_type(seen) {
        SourceType::Html => {
            let body = if is_zip_site(seen) {
                match site_home(cx, seen, crate::origins::pages::navigation(req)).await? {
                    Home::Page(body) => body,
                    Home::Under(folder) => {
                        let query = req.url()?.query().map(|q| format!("?{q}"));
                        let to = format!("/{folder}/{}", query.unwrap_or_default());
                        return crate::http::redirect(&to, 302);
                    }
                }
            } else {
                object_chunks(cx, &objects::original_key(id)).await?
            };
            return stream_html(cx, seen, body, tag, kind).await;
        }
        SourceType::Markdown => {
            let bytes = get_bytes(cx, &objects::original_key(id)).await?;
            plug_render::markdown_page(&String::from_utf8_lossy(&bytes), title, download)
        }
        SourceType::Image => {
            let name = seen.row.file_name.as_deref().unwrap_or_default();
            let vector = name.to_ascii_lowercase().ends_with(".svg");
            plug_render::image_page(title, file, download, vector)
        }
        SourceType::Pdf => plug_render::pdf_page(title, file, download),
        SourceType::Docx => plug_render::office_page(OfficeKind::Docx, title, file, download),
        SourceType::Xlsx => plug_render::office_page(OfficeKind::Xlsx, title, file, download),
        SourceType::Pptx => plug_render::office_page(OfficeKind::Pptx, title, file, download),
        SourceType::ReactSingleFile => {
            // The source rides in the page when small (nearly all are): the browser then starts
            // its libraries and Tailwind without a second round trip.
            let object = stored_object(cx, &objects::original_key(id)).await?;
            let source = match object.body() {
                Some(body) if object.size() <= INLINE_SOURCE_MAX => Some(body.bytes().await?),
                _ => None,
            };
            let source = source.as_deref().map(String::from_utf8_lossy);
            plug_render::react_page(title, file, download, source.as_deref())
        }
    };
    viewer_page(cx, seen, &page, tag.as_ref(), kind)
}

/// A page Plug wrote (a viewer, a markdown page) with the badge and its kind's CSP.
fn viewer_page(
    cx: &Ctx,
    seen: &Seen,
    page: &str,
    tag: Option<&plug_render::BadgeTag>,
    kind: PageKind,
) -> ApiResult<Response> {
    let html = plug_render::rewrite_page(page, tag, !is_indexable(cx, seen))
        .map_err(ApiError::internal)?;
    let mut response = Response::from_html(html)?;
    set_csp(cx, &mut response, kind, seen);
    Ok(response)
}

/// The largest React source inlined in its page; a larger one the page fetches.
const INLINE_SOURCE_MAX: u64 = 512 * 1024;

async fn get_bytes(cx: &Ctx, key: &str) -> ApiResult<Vec<u8>> {
    let object = stored_object(cx, key).await?;
    let body = object.body().ok_or_else(ApiError::not_found)?;
    Ok(body.bytes().await?)
}

/// A stored object; a missing one is the 404 of the page asking for it.
async fn stored_object(cx: &Ctx, key: &str) -> ApiResult<worker::Object> {
    cx.r2(objects::get(&cx.bucket, key))
        .await?
        .ok_or_else(ApiError::not_found)
}

/// The bytes of an R2 object as a stream (see `objects::range_chunks`).
async fn object_chunks(cx: &Ctx, key: &str) -> ApiResult<ByteChunks> {
    let head = cx
        .r2(objects::head(&cx.bucket, key))
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(objects::range_chunks(&cx.bucket, key, 0, head.size()))
}

/// A file of a stored site, read from its span of the zip and inflated on the way.
fn site_entry_chunks(cx: &Ctx, seen: &Seen, file: &site_files::SiteFile) -> ByteChunks {
    let key = objects::original_key(&seen.row.entity_id);
    let raw = objects::range_chunks(
        &cx.bucket,
        &key,
        file.data_offset as u64,
        file.stored_size as u64,
    );
    if file.deflated == 0 {
        return raw;
    }
    let inflate_error = |e: plug_content::ContentError| worker::Error::RustError(e.to_string());
    // A last `None` lets the decoder check that the stream ended at the recorded size.
    let inflated = raw
        .map(Some)
        .chain(stream::once(std::future::ready(None)))
        .scan(
            EntryInflater::new(file.size as u64),
            move |inflater, chunk| {
                std::future::ready(Some(match chunk {
                    Some(chunk) => chunk.and_then(|c| inflater.push(&c).map_err(inflate_error)),
                    None => inflater
                        .finish()
                        .map(|()| Vec::new())
                        .map_err(inflate_error),
                }))
            },
        )
        .filter(|c| std::future::ready(!matches!(c, Ok(v) if v.is_empty())));
    Box::pin(inflated)
}

/// A file of a stored site, whole (a home page read for its sub-path, a `.md` drawn as a page).
async fn site_entry_bytes(
    cx: &Ctx,
    seen: &Seen,
    file: &site_files::SiteFile,
) -> ApiResult<Vec<u8>> {
    let mut bytes = Vec::with_capacity(file.size as usize);
    let mut chunks = site_entry_chunks(cx, seen, file);
    while let Some(chunk) = chunks.next().await {
        bytes.extend_from_slice(&chunk?);
    }
    Ok(bytes)
}

/// A zipped site's home page, or the folder it was built to be served under.
enum Home {
    Page(ByteChunks),
    Under(String),
}

/// The largest home page read whole to look for the sub-path its site was built for (Vite's and
/// Docusaurus's are a few KB); a larger one streams as before.
const HOME_SCAN_MAX: i64 = 256 * 1024;

/// The site's `index.html`. A site built for a sub-path (every root-relative link of its home
/// page under `/{folder}/`, a folder the zip does not have, while the zip has the linked file
/// without it) moves to `/{folder}/`: its router and links then see the path they were built for,
/// and `missing_site_file` answers the paths under it. The file checked is the one the page asks
/// for next, so the isolate's memo answers that request. Only a navigation moves: a program (an
/// unfurler, `curl`) gets the home page itself, as it would from a site built for the root.
async fn site_home(cx: &Ctx, seen: &Seen, navigation: bool) -> ApiResult<Home> {
    let lookup = site_lookup(cx, seen, "index.html").await?;
    let site_files::Lookup::File(file) = &*lookup else {
        return Ok(Home::Page(site_file_chunks(cx, seen, "index.html").await?));
    };
    if !navigation || file.size > HOME_SCAN_MAX {
        return Ok(Home::Page(site_entry_chunks(cx, seen, file)));
    }
    let bytes = site_entry_bytes(cx, seen, file).await?;
    if let Some((folder, linked)) = plug_content::base_folder(&bytes) {
        let within = &linked[folder.len() + 1..];
        if matches!(
            &*site_lookup(cx, seen, &linked).await?,
            site_files::Lookup::Missing
        ) && matches!(
            &*site_lookup(cx, seen, within).await?,
            site_files::Lookup::File(_)
        ) {
            return Ok(Home::Under(folder));
        }
    }
    Ok(Home::Page(Box::pin(stream::once(std::future::ready(Ok(
        bytes,
    ))))))
}

/// The folder the site's home page links everything under (`plug_content::base_folder`), read
/// from `index.html` (up to [`HOME_SCAN_MAX`]) on a miss under a folder the zip does not have;
/// `None` for a site built for the root.
async fn built_under(cx: &Ctx, seen: &Seen) -> ApiResult<std::rc::Rc<Option<String>>> {
    let key = seen.row.entity_id.to_string();
    let load = async {
        let lookup = site_lookup(cx, seen, "index.html").await?;
        let site_files::Lookup::File(file) = &*lookup else {
            return Ok(None);
        };
        if file.size > HOME_SCAN_MAX {
            return Ok(None);
        }
        let bytes = site_entry_bytes(cx, seen, file).await?;
        Ok(plug_content::base_folder(&bytes).map(|(folder, _)| folder))
    };
    cache::get_or_load(&cache::SITE_BASES, key, cx.now, load, |_| true).await
}

/// The bytes of the site file at `path`; a path that is not a file is the page's 404.
async fn site_file_chunks(cx: &Ctx, seen: &Seen, path: &str) -> ApiResult<ByteChunks> {
    match &*site_lookup(cx, seen, path).await? {
        site_files::Lookup::File(file) => Ok(site_entry_chunks(cx, seen, file)),
        _ => object_chunks(cx, &objects::site_key(&seen.row.entity_id, path)).await,
    }
}

/// Where `path` sits in the site's zip. A stored site never changes, so the isolate's memo
/// answers repeat visits without a round trip.
async fn site_lookup(
    cx: &Ctx,
    seen: &Seen,
    path: &str,
) -> ApiResult<std::rc::Rc<site_files::Lookup>> {
    let key = format!("{}\n{path}", seen.row.entity_id);
    let load = site_files::find(&cx.db, &seen.row.entity_id, path);
    cache::get_or_load(&cache::SITE_FILES, key, cx.now, load, |_| true).await
}

/// The uploaded file itself: inline for viewers, as an attachment with `?download=1`.
async fn original(cx: &Ctx, req: &Request, seen: &Seen) -> ApiResult<Response> {
    let object = stored_object(cx, &objects::original_key(&seen.row.entity_id)).await?;
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
    let download = download_asked(req);
    let file_name = seen.row.file_name.as_deref().unwrap_or("download");
    let _ = headers.set(
        "Content-Disposition",
        &plug_domain::origins::content_disposition(download, file_name),
    );
    Ok(response)
}

/// A file of a zipped site; HTML files get the badge too.
async fn site_file(cx: &Ctx, req: &Request, seen: &Seen, rest: &str) -> ApiResult<Response> {
    if !is_zip_site(seen) {
        return Err(ApiError::not_found());
    }
    let path = if rest.ends_with('/') {
        format!("{rest}index.html")
    } else {
        rest.to_string()
    };
    let path = percent_encoding::percent_decode_str(&path)
        .decode_utf8()
        .map_err(|_| ApiError::not_found())?
        .into_owned();
    if path.split('/').any(|s| s == ".." || s == ".") {
        return Err(ApiError::not_found());
    }
    let mut found = site_lookup(cx, seen, &path).await?;
    if matches!(&*found, site_files::Lookup::Missing) {
        if let Some(other) = other_normal_forms(&path) {
            for variant in other {
                let again = site_lookup(cx, seen, &variant).await?;
                if !matches!(&*again, site_files::Lookup::Missing) {
                    found = again;
                    break;
                }
            }
        }
    }
    match &*found {
        site_files::Lookup::File(file) => site_entry(cx, req, seen, file).await,
        // `docs` for a folder `docs/` moves to the folder's index.
        site_files::Lookup::Folder => folder_redirect(&path),
        site_files::Lookup::Missing if path == FAVICON => crate::origins::pages::favicon(),
        site_files::Lookup::Missing => missing_site_file(cx, req, seen, &path).await,
    }
}

/// `docs` for a folder `docs/` moves to the folder's index.
fn folder_redirect(path: &str) -> ApiResult<Response> {
    redirect_within(&format!("{path}/"))
}

/// A 301 to `/{path}` on this site. The name goes back as the browser sent it, percent-encoded:
/// decoded, a `?` or `#` in it ended the path there, and `文档` or `café` went out as Latin-1
/// bytes the browser read as another name (a 404).
fn redirect_within(path: &str) -> ApiResult<Response> {
    use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};
    const KEEP_SLASHES: &AsciiSet = &CONTROLS
        .add(b' ')
        .add(b'"')
        .add(b'#')
        .add(b'%')
        .add(b'<')
        .add(b'>')
        .add(b'?')
        .add(b'\\')
        .add(b'`');
    crate::http::redirect(
        &format!("/{}", utf8_percent_encode(path, KEEP_SLASHES)),
        301,
    )
}

/// The path in its other Unicode normal forms, for a name with letters past ASCII: macOS's
/// Finder zips `café.html` decomposed (NFD: `e` and a combining accent) while the page links it
/// composed (NFC), as typed; macOS's own disk matches either, so the site worked where it was
/// made. The Worker's JavaScript normalises, so no Unicode tables ship in its wasm.
fn other_normal_forms(path: &str) -> Option<Vec<String>> {
    if path.is_ascii() {
        return None;
    }
    let js = js_sys::JsString::from(path);
    let mut forms: Vec<String> = Vec::new();
    for form in ["NFC", "NFD"] {
        let other = String::from(js.normalize(form));
        if other != path && !forms.contains(&other) {
            forms.push(other);
        }
    }
    Some(forms)
}

/// A file of the site found by its path: pages get the badge.
async fn site_entry(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    file: &site_files::SiteFile,
) -> ApiResult<Response> {
    // The file found may be `about.html` for `about`: its own name gives the type.
    let content_type = plug_content::content_type_for(&file.path);
    let markdown = content_type.starts_with("text/markdown");
    if markdown && wants_drawn_markdown(req, file) {
        return site_markdown(cx, req, seen, file).await;
    }
    let body = site_entry_chunks(cx, seen, file);
    if content_type.starts_with("text/html") {
        let tag = badge_tag(cx, seen).await?;
        return stream_html(cx, seen, body, tag, PageKind::Html).await;
    }
    // A stored site never changes: a file's place in its zip names its bytes for good, so the
    // tag is strong (byte for byte), which a ranged read's `If-Range` needs.
    let etag = format!("\"{:x}-{:x}\"", file.data_offset, file.size);
    if req
        .headers()
        .get("If-None-Match")?
        .is_some_and(|asked| asked.contains(&etag))
    {
        let mut response = Response::empty()?.with_status(304);
        cached_for(response.headers_mut(), &file.path, &etag);
        return Ok(response);
    }
    let Some(packed) = plug_content::precompressed(&file.path) else {
        let mut response = site_asset_range(cx, req, seen, file, body, content_type, &etag)?;
        cached_for(response.headers_mut(), &file.path, &etag);
        if markdown {
            let _ = response.headers_mut().set("Vary", MARKDOWN_VARY);
        }
        return Ok(response);
    };
    let response = fixed_length(body, file.size as u64)?;
    // `game.wasm.gz` goes out as the wasm it holds, its bytes as stored: the browser inflates
    // them, and `Manual` keeps the runtime from compressing them a second time. Their length is
    // what Unity's loader shows its progress bar by.
    let mut response = site_asset(cx, seen, response, packed.content_type, file.size)?
        .with_encode_body(worker::EncodeBody::Manual);
    let _ = response
        .headers_mut()
        .set("Content-Encoding", packed.encoding);
    cached_for(response.headers_mut(), &file.path, &etag);
    Ok(response)
}

/// What a `.md` file's answer depends on: a person's navigation gets it drawn, a script its source.
const MARKDOWN_VARY: &str = "Sec-Fetch-Mode, Accept";

/// The largest `.md` file of a site drawn as a page; a larger one is sent as its source. A
/// dropped `.md` is read whole too, and changelogs run to 170 KB (docs/viewers.md).
const SITE_MARKDOWN_MAX: i64 = 8 * 1024 * 1024;

/// A `.md` file of a zipped site is drawn as a dropped one is when a person opens it (a link
/// of the site's page, an address typed or shared, a frame), and sent as its source to the site's
/// own scripts (docsify and its kind fetch `README.md` to draw it themselves) and to programs.
/// (A navigation never asks for a byte range.)
fn wants_drawn_markdown(req: &Request, file: &site_files::SiteFile) -> bool {
    file.size <= SITE_MARKDOWN_MAX && crate::origins::pages::navigation(req) && !download_asked(req)
}

/// `?download=1`: the file as uploaded (the markdown page's "Download original" link, whose
/// `download` attribute saves it under its own name; the original of a drop as an attachment).
fn download_asked(req: &Request) -> bool {
    req.url()
        .ok()
        .is_some_and(|u| u.query_pairs().any(|(k, v)| k == "download" && v != "0"))
}

/// A `.md` file of the site as a markdown page with the badge, its relative links and images
/// resolving to the files beside it in the zip.
async fn site_markdown(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    file: &site_files::SiteFile,
) -> ApiResult<Response> {
    let tag = badge_tag(cx, seen).await?;
    let bytes = site_entry_bytes(cx, seen, file).await?;
    let name = file.path.rsplit('/').next().unwrap_or(&file.path);
    // The address's own last segment, as the browser sent it (percent-encoded), so the link
    // names this file whichever Unicode form found it.
    let url = req.url()?;
    let last = url.path().rsplit('/').next().unwrap_or_default();
    let download = format!("{last}?download=1");
    let page = plug_render::site_markdown_page(&String::from_utf8_lossy(&bytes), name, &download);
    let mut response = viewer_page(cx, seen, &page, tag.as_ref(), PageKind::Markdown)?;
    let _ = response.headers_mut().set("Vary", MARKDOWN_VARY);
    Ok(response)
}

/// How long a browser keeps a site file that is not a page (docs/serving.md: zipped sites'
/// caching): a year without asking when its name carries its hash (`plug_content::fingerprinted`),
/// else until the next visit, which the `ETag` answers with a 304 after the access check. Both
/// are `private`: what a content origin answers depends on who asks.
fn cached_for(headers: &mut worker::Headers, path: &str, etag: &str) {
    let _ = headers.set("ETag", etag);
    if plug_content::fingerprinted(path) {
        let _ = headers.set("Cache-Control", "private, max-age=31536000, immutable");
    }
}

/// A file of the site that is not a page, whole or the one range asked for
/// (`plug_content::byte_range`): a site's video plays in Safari and seeks in any browser. A range
/// under an `If-Range` that names other bytes is ignored (`plug_content::if_range_holds`).
fn site_asset_range(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    file: &site_files::SiteFile,
    whole: ByteChunks,
    content_type: &str,
    etag: &str,
) -> ApiResult<Response> {
    let size = file.size as u64;
    let if_range = req.headers().get("If-Range")?;
    let asked = req
        .headers()
        .get("Range")?
        .filter(|_| plug_content::if_range_holds(if_range.as_deref(), etag));
    let (mut response, length) = match plug_content::byte_range(asked.as_deref(), size) {
        plug_content::ByteRange::Whole => (fixed_length(whole, size)?, size),
        plug_content::ByteRange::Unsatisfiable => {
            let mut response = Response::empty()?.with_status(416);
            let _ = response
                .headers_mut()
                .set("Content-Range", &format!("bytes */{size}"));
            (response, 0)
        }
        plug_content::ByteRange::Part { start, end } => {
            let length = end - start + 1;
            let part = if file.deflated == 0 {
                // Stored as is: read just that span of the zip.
                let key = objects::original_key(&seen.row.entity_id);
                objects::range_chunks(&cx.bucket, &key, file.data_offset as u64 + start, length)
            } else {
                // Deflated: inflate from the start, keep the span, stop reading past it.
                slice_chunks(whole, start, end)
            };
            let mut response = fixed_length(part, length)?.with_status(206);
            let _ = response
                .headers_mut()
                .set("Content-Range", &format!("bytes {start}-{end}/{size}"));
            (response, length)
        }
    };
    let _ = response.headers_mut().set("Accept-Ranges", "bytes");
    site_asset(cx, seen, response, content_type, length)
}

/// A body of `length` bytes that goes out with that `Content-Length` (a browser shows a download's
/// progress, a media player knows the part's size): the runtime sends any other stream chunked and
/// drops the header.
fn fixed_length(body: ByteChunks, length: u64) -> ApiResult<Response> {
    let fixed: worker::worker_sys::FixedLengthStream =
        worker::FixedLengthStream::wrap(body, length).into();
    Ok(Response::from_body(worker::ResponseBody::Stream(
        fixed.readable(),
    ))?)
}

/// The bytes `start..=end` of a stream, which ends once they are out.
fn slice_chunks(body: ByteChunks, start: u64, end: u64) -> ByteChunks {
    let sliced = body
        .scan(0u64, move |pos, chunk| {
            let at = *pos;
            if at > end {
                return std::future::ready(None);
            }
            std::future::ready(Some(chunk.map(|chunk| {
                let len = chunk.len() as u64;
                *pos = at + len;
                let from = start.saturating_sub(at).min(len) as usize;
                let to = (end + 1).saturating_sub(at).min(len) as usize;
                chunk[from..to.max(from)].to_vec()
            })))
        })
        .filter(|c| std::future::ready(!matches!(c, Ok(v) if v.is_empty())));
    Box::pin(sliced)
}

/// The Worker's answers to `plug_content::missing_path`'s questions: each path's lookup is kept,
/// so the file the rules pick is served without asking again.
struct SiteLookups<'a> {
    cx: &'a Ctx,
    seen: &'a Seen,
    found: Vec<(String, std::rc::Rc<site_files::Lookup>)>,
}

impl plug_content::SitePaths for SiteLookups<'_> {
    type Error = ApiError;

    async fn find(&mut self, path: &str) -> ApiResult<plug_content::PathIs> {
        let lookup = site_lookup(self.cx, self.seen, path).await?;
        let is = match &*lookup {
            site_files::Lookup::File(file) => plug_content::PathIs::File(file.path.clone()),
            site_files::Lookup::Folder => plug_content::PathIs::Folder,
            site_files::Lookup::Missing => plug_content::PathIs::Missing,
        };
        self.found.push((path.to_string(), lookup));
        Ok(is)
    }

    async fn built_under(&mut self) -> ApiResult<Option<String>> {
        Ok((*built_under(self.cx, self.seen).await?).clone())
    }

    /// Read whole up to [`HOME_SCAN_MAX`], as the home page is; a larger page is no shell.
    async fn spa_shell(&mut self, path: &str) -> ApiResult<bool> {
        let file = self
            .found
            .iter()
            .find_map(|(asked, lookup)| match &**lookup {
                site_files::Lookup::File(file) if asked == path => Some(file),
                _ => None,
            });
        let Some(file) = file.filter(|file| file.size <= HOME_SCAN_MAX) else {
            return Ok(false);
        };
        let bytes = site_entry_bytes(self.cx, self.seen, file).await?;
        Ok(plug_content::spa_shell(&bytes))
    }
}

/// A path the site does not have: `plug_content::missing_path` says what it gets (the site built
/// for a sub-path, a relatively linked app's files, `200.html`, `404.html`, `index.html`), this
/// serves it. Anything else, or a site stored before the index, goes on as before.
async fn missing_site_file(
    cx: &Ctx,
    req: &Request,
    seen: &Seen,
    path: &str,
) -> ApiResult<Response> {
    let navigation = crate::origins::pages::navigation(req);
    let mut site = SiteLookups {
        cx,
        seen,
        found: Vec::new(),
    };
    match plug_content::missing_path(&mut site, path, navigation).await? {
        plug_content::Fallback::File { path, status } => {
            let file = site
                .found
                .iter()
                .find_map(|(asked, lookup)| match &**lookup {
                    site_files::Lookup::File(file) if *asked == path => Some(file),
                    _ => None,
                });
            let Some(file) = file else {
                return Err(ApiError::not_found());
            };
            let response = site_entry(cx, req, seen, file).await?;
            Ok(if status == 200 {
                response
            } else {
                response.with_status(status)
            })
        }
        plug_content::Fallback::Redirect(to) => redirect_within(&to),
        plug_content::Fallback::Nothing => legacy_site_file(cx, seen, path).await,
    }
}

/// A site file that is not a page: its type, its length and the site's CSP.
fn site_asset(
    cx: &Ctx,
    seen: &Seen,
    mut response: Response,
    content_type: &str,
    size: impl ToString,
) -> ApiResult<Response> {
    let headers = response.headers_mut();
    let _ = headers.set("Content-Type", content_type);
    let _ = headers.set("Content-Length", &size.to_string());
    set_csp(cx, &mut response, PageKind::Html, seen);
    Ok(response)
}

/// A file of a site stored before migration 0003, when each file was its own R2 object.
async fn legacy_site_file(cx: &Ctx, seen: &Seen, path: &str) -> ApiResult<Response> {
    let key = objects::site_key(&seen.row.entity_id, path);
    let content_type = plug_content::content_type_for(path);
    if content_type.starts_with("text/html") {
        let tag = badge_tag(cx, seen).await?;
        let body = object_chunks(cx, &key).await?;
        return stream_html(cx, seen, body, tag, PageKind::Html).await;
    }
    let Some(object) = cx.r2(objects::get(&cx.bucket, &key)).await? else {
        let folder_index = format!("{key}/index.html");
        if cx
            .r2(objects::head(&cx.bucket, &folder_index))
            .await?
            .is_some()
        {
            return folder_redirect(path);
        }
        return Err(ApiError::not_found());
    };
    let body = object.body().ok_or_else(ApiError::not_found)?.stream()?;
    site_asset(
        cx,
        seen,
        Response::from_stream(body)?,
        content_type,
        object.size(),
    )
}
