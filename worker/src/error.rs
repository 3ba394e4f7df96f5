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

/// How a database call failed, read once from the driver's message (`store::db`); the columns
/// the constraint names stay in `internal` (`UNIQUE constraint failed: t.a, t.b`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbFailure {
    Unique,
    NotNull,
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

    /// The error body every client reads (`plug_domain::wire::ErrorBody`).
    pub fn to_response(&self, request_id: &str) -> Response {
        self.log(request_id);
        self.respond(self.body(request_id))
    }

    fn body(&self, request_id: &str) -> serde_json::Value {
        // `wire::ErrorBody`, built as a `Value` directly: a derived `Serialize` of the struct costs
        // the upload 3 KiB gzip (measured). `tests::the_body_is_the_wire_error_body` holds them equal.
        json!({
            "error": {
                "code": self.code,
                "message": self.message,
                "details": self.details,
                "request_id": request_id,
            }
        })
    }

    /// The feedback endpoint's flat body: `{ error, code }`.
    pub fn to_flat_response(&self, request_id: &str) -> Response {
        self.log(request_id);
        self.respond(json!({ "error": self.message, "code": self.code }))
    }

    fn respond(&self, body: serde_json::Value) -> Response {
        let mut response = json_response(self.status(), &body);
        // HTTP's 401 names its scheme (RFC 9110 15.5.2, RFC 6750 3); `/mcp` adds its own details.
        if self.status() == 401 {
            let _ = response.headers_mut().set("WWW-Authenticate", "Bearer");
        }
        if let Some(seconds) = self.retry_after {
            let _ = response
                .headers_mut()
                .set("Retry-After", &seconds.to_string());
        }
        response
    }
}

/// A JSON body with its status, never cached (errors answer with it; `http::json` with
/// [`text_response`], its text already serialized). It lives here so the error type depends on
/// nothing else of the Worker.
pub fn json_response(status: u16, body: &serde_json::Value) -> Response {
    text_response(
        status,
        serde_json::to_string(body).unwrap_or_else(|_| "{}".into()),
    )
}

/// A JSON answer from its serialized text, never cached.
pub fn text_response(status: u16, text: String) -> Response {
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

#[cfg(test)]
mod tests {
    use super::*;
    use plug_domain::wire::{ErrorBody, ErrorDetail, ErrorPayload};

    #[test]
    fn the_body_is_the_wire_error_body() {
        let e = ApiError::invalid(FieldError::new("name", "pattern", "lower-case"));
        let body: ErrorBody = serde_json::from_value(e.body("r1")).unwrap();
        let want = ErrorPayload {
            code: "VALIDATION_FAILED".into(),
            message: e.message.clone(),
            details: vec![ErrorDetail {
                field: "name".into(),
                issue: "pattern".into(),
                hint: "lower-case".into(),
            }],
            request_id: "r1".into(),
        };
        assert_eq!(body.error, want);
        assert_eq!(ErrorBody::read(&e.body("r1").to_string()), Some(want));
    }
}
