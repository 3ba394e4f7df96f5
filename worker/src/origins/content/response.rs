//! What every answer of a content origin is dressed in: the badge tag resolved for the
//! Inspiration, HTML streamed through the page rewriter (badge, robots meta), the CSP of its page
//! kind, and the security headers on everything served.

use futures_util::{stream, StreamExt};
use plug_domain::badge::{resolve, BadgeState};
use plug_render::{BadgeInjector, BadgeTag, BadgeTagMode, HeadAdditions, PageKind, Position};
use worker::Response;

use crate::cache;
use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;
use crate::present;
use crate::routes::common::Seen;
use crate::store::directory;
use crate::store::objects::ByteChunks;

/// The resolved badge for an entity: a tag to inject, or None when off.
pub async fn badge_tag(cx: &Ctx, seen: &Seen) -> ApiResult<Option<BadgeTag>> {
    // One statement gives the grid's policy, slug and badge style, and the platform's policy;
    // the isolate's memo keeps them a few seconds.
    let grid_id = &seen.row.grid_id;
    let load = directory::grid_and_platform_badge_policy(&cx.db, grid_id);
    let found = cache::get_or_load(&cache::BADGES, grid_id.to_string(), cx.now, load, |found| {
        found.is_some()
    })
    .await?;
    let (grid, platform) = found
        .as_ref()
        .as_ref()
        .ok_or_else(|| ApiError::internal("grid vanished"))?;
    let platform = crate::routes::badge::policy_or_none(platform.as_deref());
    let grid_policy = crate::routes::badge::grid_policy(Some(grid));
    let entity = seen.row.badge_mode;
    let (state, decider) = resolve(platform, grid_policy, entity);
    if state == BadgeState::Off {
        return Ok(None);
    }
    let mode = BadgeTagMode::from(decider);
    Ok(Some(BadgeTag {
        base_url: cx.config.base_url.clone(),
        entity_id: seen.row.entity_id.to_string(),
        grid_slug: grid.slug.clone(),
        mode,
        position: grid
            .badge_position
            .as_deref()
            .and_then(|p| Position::parse(p).ok()),
        theme: grid
            .badge_theme
            .as_deref()
            .and_then(|t| plug_render::parse_theme_str(t).ok()),
        // A viewer who hid the badge for this session (auto mode only) gets no shell to flash.
        shell: !(mode == BadgeTagMode::Auto && cx.badge_dismissed),
    }))
}

/// The page's CSP; "self" is the Inspiration's own content origin.
pub fn set_csp(cx: &Ctx, response: &mut Response, kind: PageKind, seen: &Seen) {
    let own = cx.config.content_url(&seen.row.entity_id);
    let csp = plug_render::csp_for(kind, &cx.config.base_url, &own);
    let _ = response.headers_mut().set("Content-Security-Policy", &csp);
}

/// Streams HTML through the page rewriter (badge tag, robots meta), chunk by chunk. The first
/// 1024 bytes are read before anything is sent, to serve a page written in the older encoding
/// it declares with that charset (`plug_content::legacy_charset`), else as UTF-8.
pub async fn stream_html(
    cx: &Ctx,
    seen: &Seen,
    mut body: ByteChunks,
    tag: Option<BadgeTag>,
    kind: PageKind,
) -> ApiResult<Response> {
    let mut head = Vec::new();
    while head.len() < plug_content::CHARSET_SCAN {
        match body.next().await {
            Some(chunk) => head.extend_from_slice(&chunk?),
            None => break,
        }
    }
    let charset = plug_content::legacy_charset(&head).unwrap_or("utf-8");
    let additions = HeadAdditions {
        noindex: !is_indexable(cx, seen),
        tool_globals: plug_render::calls_tool_globals(&head),
        site: super::serve::is_zip_site(seen),
    };
    let untouched = tag.is_none()
        && !additions.noindex
        && !additions.tool_globals
        && !plug_render::names_cdn(&head);
    let body: ByteChunks = Box::pin(stream::once(std::future::ready(Ok(head))).chain(body));
    let mut response = match tag {
        None if untouched => Response::from_stream(body)?,
        tag => {
            let injector = std::rc::Rc::new(std::cell::RefCell::new(Some(
                BadgeInjector::for_page(tag.as_ref(), additions),
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
        .set("Content-Type", &format!("text/html; charset={charset}"));
    set_csp(cx, &mut response, kind, seen);
    Ok(response)
}

pub fn is_indexable(cx: &Ctx, seen: &Seen) -> bool {
    open_to_anyone(cx, seen) && seen.row.link_indexed
}

/// Anyone may open the drop now: link, in no hidden state (`plug_domain::access::open_to_anyone`).
fn open_to_anyone(cx: &Ctx, seen: &Seen) -> bool {
    let row = &seen.row;
    plug_domain::access::open_to_anyone(row.visibility, row.status, row.expires_at, cx.now)
}

/// Headers on everything served: nosniff, referrer policy, noindex unless indexable,
/// no caching of per-viewer answers in shared caches (nor of a hidden drop's pages at all), and framing only by Plug unless anyone may
/// open the drop (link, in no hidden state).
pub fn with_security_headers(cx: &Ctx, mut response: Response, seen: &Seen) -> Response {
    let canonical = format!(
        "<{}>; rel=\"canonical\"",
        present::serve_url(&cx.config, &seen.row)
    );
    let headers = response.headers_mut();
    let _ = headers.set("Link", &canonical);
    let _ = headers.set("X-Content-Type-Options", "nosniff");
    let _ = headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    if !matches!(headers.has("Cache-Control"), Ok(true)) {
        // Back and a reopened tab show a kept `no-cache` answer without asking: a drop not
        // everyone may open keeps none (without a validator it is fetched whole anyway), so the
        // next person at a shared browser meets the access check, not a copy (docs/security.md).
        let keep = open_to_anyone(cx, seen) || matches!(headers.has("ETag"), Ok(true));
        let policy = if keep {
            "private, no-cache"
        } else {
            "private, no-store"
        };
        let _ = headers.set("Cache-Control", policy);
    }
    if !is_indexable(cx, seen) {
        let _ = headers.set("X-Robots-Tag", "noindex, nofollow");
    }
    if let Some(policy) = seen.row.embedder_policy.as_deref() {
        // The site asked to be cross-origin isolated (docs/serving.md): every answer of its
        // origin, so its pages and their workers get `SharedArrayBuffer`.
        let _ = headers.set("Cross-Origin-Opener-Policy", "same-origin");
        let _ = headers.set("Cross-Origin-Embedder-Policy", policy);
    }
    if !open_to_anyone(cx, seen) {
        // A second policy: both are enforced, and this one restricts nothing but framing. A link
        // drop in a hidden state (archived, expired) is its owner's and admins' alone: it too.
        let frames = plug_render::frame_ancestors(&cx.config.base_url, &cx.config.serve_base_url);
        let _ = headers.append("Content-Security-Policy", &frames);
    }
    response
}
