//! badge.js (interface.md 4.13) and the entity badge_mode route (4.11).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

const BADGE_JS: &[u8] = include_bytes!("../../../build/badge.js");
const BADGE_ETAG: &str = include_str!("../../../build/badge.js.etag");

pub fn serve(_cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let etag = BADGE_ETAG.trim();
    let matches = crate::http::header(req, "If-None-Match").is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut response = if matches { Response::empty()?.with_status(304) } else { Response::from_bytes(BADGE_JS.to_vec())? };
    let headers = response.headers_mut();
    let _ = headers.set("Content-Type", "text/javascript; charset=utf-8");
    let _ = headers.set("Cache-Control", "public, max-age=86400, must-revalidate");
    let _ = headers.set("ETag", etag);
    let _ = headers.set("Access-Control-Allow-Origin", "*");
    let _ = headers.set("X-Content-Type-Options", "nosniff");
    Ok(response)
}

pub async fn patch_mode(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(ApiError::new(501, "NOT_IMPLEMENTED", "badge mode is not implemented yet"))
}
