//! Reaction toggles (interface.md 4.8, 3.3).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

pub async fn toggle(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(ApiError::new(501, "NOT_IMPLEMENTED", "reactions are not implemented yet"))
}
