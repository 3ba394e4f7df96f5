//! Serving-origin sessions (platform.md 4).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

pub async fn create(_cx: &Ctx, _req: Request) -> ApiResult<Response> {
    Err(ApiError::new(501, "NOT_IMPLEMENTED", "serve sessions are not implemented yet"))
}
