//! Inspiration-Runtime links (interface.md 4.10).

use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

fn todo() -> ApiError {
    ApiError::new(501, "NOT_IMPLEMENTED", "links are not implemented yet")
}

pub async fn create(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(todo())
}
pub async fn delete(_cx: &Ctx, _req: Request, _id: &str, _link: &str) -> ApiResult<Response> {
    Err(todo())
}
pub async fn sources_of(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(todo())
}
pub async fn inspired_by_source(_cx: &Ctx, _req: Request, _id: &str) -> ApiResult<Response> {
    Err(todo())
}
