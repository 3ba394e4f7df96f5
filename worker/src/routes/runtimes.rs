//! The Runtime list (interface.md 4.4).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

pub async fn list(_cx: &Ctx, _req: Request) -> ApiResult<Response> {
    Err(ApiError::new(501, "NOT_IMPLEMENTED", "runtimes are not implemented yet"))
}
