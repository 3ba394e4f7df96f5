//! The serving origin (platform.md 3): uploaded content, never the API.

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

pub async fn handle(_cx: &Ctx, req: Request) -> ApiResult<Response> {
    if req.path() == "/healthz" {
        return Ok(Response::ok("ok")?);
    }
    Err(ApiError::not_found())
}

/// Content paths asked of the API origin move to the serving origin.
pub fn redirect_to_serving_origin(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let url = req.url()?;
    let target = format!("{}{}{}", cx.config.serve_base_url, url.path(), url.query().map(|q| format!("?{q}")).unwrap_or_default());
    let target = worker::Url::parse(&target).map_err(ApiError::internal)?;
    Ok(Response::redirect_with_status(target, 302)?)
}
