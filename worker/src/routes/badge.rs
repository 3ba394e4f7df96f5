//! badge.js and badge-panel.js (openapi.yaml) and the entity badge_mode route.

use plug_domain::ids::GridId;
use worker::{Request, Response};

use plug_domain::badge;
use plug_domain::time::iso;
use plug_domain::validate::FieldError;
use plug_domain::{BadgeMode, BadgePolicy};
use serde_json::json;

use super::common;
use crate::auth;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, read_object, Ctx};
use crate::store::directory;
use crate::store::entities::{self, Change};

/// badge.js itself is a static asset (`public/badge.js`, copied from `build/` by
/// scripts/build.sh): carried in the wasm it cost the upload about 15 KiB gzip. Only its ETag is
/// compiled in, so a changed badge still rebuilds the Worker and a stale copy can never be
/// answered with the new ETag.
const BADGE_ETAG: &str = include_str!("../../../build/badge.js.etag");
/// badge-panel.js, the About/Feedback panel badge.js loads when the viewer reaches for it
/// (README "The badge"): served the same way, with its own ETag.
const PANEL_ETAG: &str = include_str!("../../../build/badge-panel.js.etag");

pub async fn serve(cx: &Ctx, req: Request) -> ApiResult<Response> {
    serve_asset(cx, req, "/badge.js", BADGE_ETAG).await
}

pub async fn serve_panel(cx: &Ctx, req: Request) -> ApiResult<Response> {
    serve_asset(cx, req, "/badge-panel.js", PANEL_ETAG).await
}

async fn serve_asset(cx: &Ctx, req: Request, path: &str, etag: &str) -> ApiResult<Response> {
    let etag = etag.trim();
    let matches = crate::http::header(&req, "If-None-Match")
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut response = if matches {
        Response::empty()?.with_status(304)
    } else {
        crate::origins::pages::static_asset(cx, path).await?
    };
    let headers = response.headers_mut();
    let _ = headers.set("Content-Type", "text/javascript; charset=utf-8");
    let _ = headers.set("Cache-Control", "public, max-age=86400, must-revalidate");
    let _ = headers.set("ETag", etag);
    let _ = headers.set("Access-Control-Allow-Origin", "*");
    // Loadable by a cross-origin isolated site (`Cross-Origin-Embedder-Policy: require-corp`).
    let _ = headers.set("Cross-Origin-Resource-Policy", "cross-origin");
    let _ = headers.set("X-Content-Type-Options", "nosniff");
    Ok(response)
}

/// PATCH /api/v2/entities/:id `{ badge_mode }` (openapi.yaml): refused up front when a policy
/// overrides it.
pub async fn patch_mode(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["badge_mode"])?;
    let raw = field::req_str(&body, "badge_mode")?;
    let mode = BadgeMode::parse(raw)
        .ok_or_else(|| FieldError::new("badge_mode", "enum", BadgeMode::expected()))?;
    let seen = common::load_owned(cx, &caller, id, None, ErrorCode::Forbidden).await?;
    let (platform, grid) = policies(cx, &seen.row.grid_id).await?;
    if let Some(message) = badge::override_message(platform, grid) {
        return Err(ApiError::new(ErrorCode::BadgePolicyOverride, message));
    }
    entities::run_update(
        &cx.db,
        &seen.row.entity_id,
        &[Change::BadgeMode(mode)],
        cx.now,
    )
    .await?;
    let (state, _) = badge::resolve(platform, grid, Some(mode));
    json(
        200,
        &json!({
            "entity_id": seen.row.entity_id,
            "badge_mode": mode,
            "badge_state": if state == badge::BadgeState::On { "on" } else { "off" },
            "updated_at": iso(cx.now),
        }),
    )
}

/// The platform and grid badge policies in force for a grid.
pub async fn policies(cx: &Ctx, grid_id: &GridId) -> ApiResult<(BadgePolicy, BadgePolicy)> {
    let grid = directory::find_grid(&cx.db, grid_id).await?;
    let grid_policy = grid_policy(grid.as_ref());
    Ok((platform_policy(cx).await?, grid_policy))
}

/// The platform's badge policy (openapi.yaml), `none` when unset.
pub async fn platform_policy(cx: &Ctx) -> ApiResult<BadgePolicy> {
    let stored = directory::setting(&cx.db, "badge_policy").await?;
    Ok(policy_or_none(stored.as_deref()))
}

/// A stored badge policy, `none` when unset or unknown.
pub fn policy_or_none(stored: Option<&str>) -> BadgePolicy {
    stored
        .and_then(BadgePolicy::parse)
        .unwrap_or(BadgePolicy::None)
}

/// A grid's badge policy, `none` when unset.
pub fn grid_policy(grid: Option<&directory::Grid>) -> BadgePolicy {
    grid.and_then(|g| BadgePolicy::parse(&g.badge_policy))
        .unwrap_or(BadgePolicy::None)
}
