//! CORS for the two endpoints pages on other origins call: the feedback POST
//! and the visit beacon (badge.js runs on the serving origin and on Runtimes).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

pub fn allow_any_origin(response: &mut Response) {
    let headers = response.headers_mut();
    let _ = headers.set("Access-Control-Allow-Origin", "*");
    let _ = headers.set("Access-Control-Max-Age", "86400");
}

fn is_cross_origin_endpoint(seg: &[&str]) -> bool {
    matches!(
        seg,
        ["api", "v2", "entities", _, "feedback"] | ["api", "v2", "views", _]
    )
}

pub fn preflight(_cx: &Ctx, _req: &Request, seg: &[&str]) -> ApiResult<Response> {
    if !is_cross_origin_endpoint(seg) {
        return Err(ApiError::not_found());
    }
    let mut response = Response::empty()?.with_status(204);
    allow_any_origin(&mut response);
    let headers = response.headers_mut();
    let _ = headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
    let _ = headers.set(
        "Access-Control-Allow-Headers",
        "Content-Type, Authorization",
    );
    Ok(response)
}
