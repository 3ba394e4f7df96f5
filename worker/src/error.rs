//! The one application error: every failure maps to a status, a code and the
//! interface's JSON body here, and nowhere else. 5xx bodies hide internals;
//! the log keeps them with the request id.

use plug_domain::validate::FieldError;
use serde_json::json;
use worker::Response;

#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: &'static str,
    pub message: String,
    pub details: Vec<FieldError>,
    pub retry_after: Option<i64>,
    /// What went wrong inside, logged for 5xx and never sent.
    pub internal: Option<String>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: u16, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            details: Vec::new(),
            retry_after: None,
            internal: None,
        }
    }

    pub fn with_detail(mut self, detail: FieldError) -> Self {
        self.details.push(detail);
        self
    }

    /// 400 VALIDATION_FAILED naming the field at fault.
    pub fn invalid(detail: FieldError) -> Self {
        let message = format!("{}: {} ({})", detail.field, detail.issue, detail.hint);
        ApiError::new(400, "VALIDATION_FAILED", message).with_detail(detail)
    }

    pub fn validation(message: impl Into<String>) -> Self {
        ApiError::new(400, "VALIDATION_FAILED", message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        ApiError::new(401, "UNAUTHORIZED", message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        ApiError::new(403, "FORBIDDEN", message)
    }

    /// The one 404 for missing, other-grid, wrong-realm and hidden entities alike.
    pub fn not_found() -> Self {
        ApiError::new(404, "NOT_FOUND", "not found")
    }

    pub fn not_found_what(what: &str) -> Self {
        ApiError::new(404, "NOT_FOUND", format!("{what} not found"))
    }

    pub fn rate_limited(limit_name: &str, hint: String, retry_after: i64) -> Self {
        let mut e = ApiError::new(429, "RATE_LIMITED", format!("rate limit exceeded: {hint}"))
            .with_detail(FieldError::new("rate_limit", limit_name, hint));
        e.retry_after = Some(retry_after.max(1));
        e
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        let mut e = ApiError::new(500, "INTERNAL", "internal error; retry with backoff");
        e.internal = Some(cause.to_string());
        e
    }

    pub fn unavailable(message: impl Into<String>, retry_after: i64) -> Self {
        let mut e = ApiError::new(503, "UNAVAILABLE", message);
        e.retry_after = Some(retry_after);
        e
    }

    fn log(&self, request_id: &str) {
        if self.status >= 500 {
            worker::console_error!(
                "request {request_id}: {} {}: {}",
                self.status,
                self.code,
                self.internal.as_deref().unwrap_or(&self.message)
            );
        }
    }

    /// The interface's error body: `{ error: { code, message, details, request_id } }`.
    pub fn to_response(&self, request_id: &str) -> Response {
        self.log(request_id);
        let body = json!({
            "error": {
                "code": self.code,
                "message": self.message,
                "details": self.details,
                "request_id": request_id,
            }
        });
        self.respond(body)
    }

    /// The feedback endpoint's flat body: `{ error, code }`.
    pub fn to_flat_response(&self, request_id: &str) -> Response {
        self.log(request_id);
        self.respond(json!({ "error": self.message, "code": self.code }))
    }

    fn respond(&self, body: serde_json::Value) -> Response {
        let mut response = crate::http::json_response(self.status, &body);
        if let Some(seconds) = self.retry_after {
            let _ = response
                .headers_mut()
                .set("Retry-After", &seconds.to_string());
        }
        response
    }
}

impl From<worker::Error> for ApiError {
    fn from(e: worker::Error) -> Self {
        ApiError::internal(e)
    }
}

impl From<FieldError> for ApiError {
    fn from(e: FieldError) -> Self {
        ApiError::invalid(e)
    }
}
