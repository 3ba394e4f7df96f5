//! The one application error: every failure maps to a status, a code and the
//! interface's JSON body here, and nowhere else. 5xx bodies hide internals;
//! the log keeps them with the request id.

pub use plug_domain::error_code::ErrorCode;
use plug_domain::validate::FieldError;
use serde_json::json;
use worker::Response;

#[derive(Debug)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    pub details: Vec<FieldError>,
    pub retry_after: Option<i64>,
    /// What went wrong inside, logged for 5xx and never sent.
    pub internal: Option<String>,
    /// Set by the store when a database call failed, so no caller reads the driver's message.
    pub db_failure: Option<DbFailure>,
}

/// How a database call failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbFailure {
    UniqueViolation,
    Other,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError {
            code,
            message: message.into(),
            details: Vec::new(),
            retry_after: None,
            internal: None,
            db_failure: None,
        }
    }

    /// The HTTP status, from the code's one table.
    pub fn status(&self) -> u16 {
        self.code.status()
    }

    pub fn is_not_found(&self) -> bool {
        self.code == ErrorCode::NotFound
    }

    pub fn with_detail(mut self, detail: FieldError) -> Self {
        self.details.push(detail);
        self
    }

    /// 400 VALIDATION_FAILED naming the field at fault.
    pub fn invalid(detail: FieldError) -> Self {
        let message = format!("{}: {} ({})", detail.field, detail.issue, detail.hint);
        ApiError::new(ErrorCode::ValidationFailed, message).with_detail(detail)
    }

    pub fn validation(message: impl Into<String>) -> Self {
        ApiError::new(ErrorCode::ValidationFailed, message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        ApiError::new(ErrorCode::Unauthorized, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        ApiError::new(ErrorCode::Forbidden, message)
    }

    /// The one 404 for missing, other-grid, wrong-realm and hidden entities alike.
    pub fn not_found() -> Self {
        ApiError::new(ErrorCode::NotFound, "not found")
    }

    pub fn not_found_what(what: &str) -> Self {
        ApiError::new(ErrorCode::NotFound, format!("{what} not found"))
    }

    pub fn rate_limited(limit_name: &str, hint: String, retry_after: i64) -> Self {
        let mut e = ApiError::new(
            ErrorCode::RateLimited,
            format!("rate limit exceeded: {hint}"),
        )
        .with_detail(FieldError::new("rate_limit", limit_name, hint));
        e.retry_after = Some(retry_after.max(1));
        e
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        let mut e = ApiError::new(ErrorCode::Internal, "internal error; retry with backoff");
        e.internal = Some(cause.to_string());
        e
    }

    pub fn unavailable(message: impl Into<String>, retry_after: i64) -> Self {
        let mut e = ApiError::new(ErrorCode::Unavailable, message);
        e.retry_after = Some(retry_after);
        e
    }

    fn log(&self, request_id: &str) {
        if self.status() >= 500 {
            worker::console_error!(
                "request {request_id}: {} {}: {}",
                self.status(),
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
        let mut response = json_response(self.status(), &body);
        if let Some(seconds) = self.retry_after {
            let _ = response
                .headers_mut()
                .set("Retry-After", &seconds.to_string());
        }
        response
    }
}

/// A JSON body with its status, never cached. Errors and `http::json` both answer with it; it
/// lives here so the error type depends on nothing else of the Worker.
pub fn json_response(status: u16, body: &serde_json::Value) -> Response {
    let text = serde_json::to_string(body).unwrap_or_else(|_| "{}".into());
    let mut response = Response::ok(text)
        .expect("a string body is always valid")
        .with_status(status);
    let _ = response
        .headers_mut()
        .set("Content-Type", "application/json; charset=utf-8");
    let _ = response.headers_mut().set("Cache-Control", "no-store");
    response
}

/// Logs a failure of background work, which has no response to carry it: nothing fails silently.
pub fn report<T>(what: &str, result: ApiResult<T>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(e) => {
            worker::console_error!(
                "{what} failed: {} {}",
                e.code,
                e.internal.as_deref().unwrap_or(&e.message)
            );
            None
        }
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
