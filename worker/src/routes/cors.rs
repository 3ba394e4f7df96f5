//! CORS for the two endpoints pages on other origins call: the feedback POST
//! and the visit beacon (badge.js runs on the serving origin and on Runtimes).

use worker::Response;

use crate::error::ApiResult;

pub fn allow_any_origin(response: &mut Response) {
    let headers = response.headers_mut();
    let _ = headers.set("Access-Control-Allow-Origin", "*");
    let _ = headers.set("Access-Control-Max-Age", "86400");
    // The view beacon is a no-cors request: a cross-origin isolated page (docs/serving.md)
    // takes its answer only with this.
    let _ = headers.set("Cross-Origin-Resource-Policy", "cross-origin");
}

/// The answer to a preflight of a route the table marks cross-origin.
pub fn preflight() -> ApiResult<Response> {
    let mut response = Response::empty()?.with_status(204);
    allow_any_origin(&mut response);
    let headers = response.headers_mut();
    let _ = headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
    let _ = headers.set(
        "Access-Control-Allow-Headers",
        "Content-Type, Authorization, MCP-Protocol-Version",
    );
    Ok(response)
}
