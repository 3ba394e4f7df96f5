//! Feedback from the badge (interface.md 4.12) and the owner's inbox (platform.md 5).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

pub async fn create(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(ApiError::new(501, "NOT_IMPLEMENTED", "feedback is not implemented yet"))
}

pub async fn list(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(ApiError::new(501, "NOT_IMPLEMENTED", "feedback is not implemented yet"))
}
