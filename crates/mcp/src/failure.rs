//! A refused or failed call as the agent sees it: Plug's code, message and details, plus a hint
//! on how to change the call, and the seconds to wait when rate limited.

use plug_domain::error_code::ErrorCode;
use plug_domain::wire::ErrorBody;
use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub status: u16,
    pub code: String,
    pub message: String,
    /// `error.details`: `[{ field, issue, hint }]` (boxed: a failure travels in every Result).
    pub details: Box<Value>,
    pub retry_after: Option<u64>,
    pub request_id: Option<String>,
}

impl Failure {
    /// A failure of this side, with the status of its code.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure::coded(code, message.into())
    }

    #[inline(never)]
    fn coded(code: ErrorCode, message: String) -> Failure {
        Failure::answered(code.status(), code.as_str(), message)
    }

    /// A failure the server answered with (its code may be one this build does not know).
    fn answered(status: u16, code: &str, message: impl Into<String>) -> Failure {
        Failure {
            status,
            code: code.to_string(),
            message: message.into(),
            details: Box::new(json!([])),
            retry_after: None,
            request_id: None,
        }
    }

    /// 400 VALIDATION_FAILED naming the argument at fault, before any call is made.
    pub fn invalid(field: &str, issue: &str, hint: impl Into<String>) -> Failure {
        let hint = hint.into();
        let mut f = Failure::new(
            ErrorCode::ValidationFailed,
            format!("{field}: {issue} ({hint})"),
        );
        f.details = Box::new(json!([{ "field": field, "issue": issue, "hint": hint }]));
        f
    }

    /// A non-2xx answer of the API: the interface's error shape, the feedback endpoint's flat
    /// `{ error, code }`, or anything else as a sentence with the status.
    pub fn from_response(status: u16, retry_after: Option<&str>, body: &str) -> Failure {
        let mut f = match ErrorBody::read(body) {
            Some(e) => {
                let mut f = Failure::answered(status, &e.code, e.message);
                // By hand, not by a derived `Serialize`: the Worker carries this code (`/mcp`).
                let rows = e
                    .details
                    .into_iter()
                    .map(|d| json!({ "field": d.field, "issue": d.issue, "hint": d.hint }));
                f.details = Box::new(Value::Array(rows.collect()));
                f.request_id = Some(e.request_id).filter(|id| !id.is_empty());
                f
            }
            None => Failure::answered(status, "", format!("the server answered HTTP {status}")),
        };
        if f.code.is_empty() {
            f.code = match status {
                401 => "UNAUTHORIZED",
                404 => "NOT_FOUND",
                429 => "RATE_LIMITED",
                500..=599 => "UNAVAILABLE",
                _ => "FAILED",
            }
            .to_string();
        }
        f.retry_after = retry_after.and_then(|v| v.trim().parse().ok());
        f
    }

    /// What the agent can do about it.
    pub fn hint(&self) -> String {
        let from_details: Vec<&str> = self
            .details
            .as_array()
            .map(|d| d.iter().filter_map(|x| x["hint"].as_str()).collect())
            .unwrap_or_default();
        let advice = match self.code.as_str() {
            "NAME_COLLISION" => "that name is taken at this scope: call again with another `name`".to_string(),
            "RATE_LIMITED" => format!(
                "rate limited: retry after {} s",
                self.retry_after.unwrap_or(1)
            ),
            "SCOPE_INVALID" => "allowed scope+visibility: personal+private, personal+org, personal+link, space+space, space+org, org+org".into(),
            "SPACE_REQUIRED" => "scope space needs `space_id`".into(),
            "SPACE_NOT_MEMBER" => "you are not a member of that space: use another `space_id` or scope personal".into(),
            "INSPIRED_BY_INVALID" => "every `inspired_by` id must be an entity id you can read".into(),
            "NOT_FOUND" => "check the id or name; `list` and `list_runtimes` show what you can see".into(),
            "UNAUTHORIZED" => "the token is missing, expired or not valid here: set PLUG_TOKEN or run `plug login`".into(),
            "ORG_NOT_ACCESSIBLE" => "the grid is unknown or you are not a member: check PLUG_GRID or the X-Platform-Grid header".into(),
            "ORG_HEADER_REQUIRED" => "you belong to several grids: set PLUG_GRID or send X-Platform-Grid".into(),
            "FORBIDDEN" | "NOT_OWNER" => "only the owner or a grid admin can do this".into(),
            "PAYLOAD_TOO_LARGE" => "the file is over 50 MB, or a site over 5,000 files or 200 MB unpacked".into(),
            "UNSUPPORTED_MEDIA_TYPE" => "the file's extension does not match a type Plug takes".into(),
            "CONTENT_MALFORMED" => "the file's contents are not what its extension says (a zip needs index.html at its root)".into(),
            "LINK_EXISTS" => "these two are already linked; `context` lists the link".into(),
            "CLI_UPGRADE_REQUIRED" => "upgrade plug (`cargo install --path cli --force`)".into(),
            "INTERNAL" | "UNAVAILABLE" => "the server failed: retry with backoff".into(),
            _ => String::new(),
        };
        let mut parts: Vec<String> = from_details.iter().map(|h| h.to_string()).collect();
        if !advice.is_empty() {
            parts.push(advice);
        }
        parts.join("; ")
    }

    /// The body of the tool error: `{ error: { code, message, hint, status, details, ... } }`.
    pub fn to_json(&self) -> Value {
        let mut error = json!({
            "code": self.code,
            "message": self.message,
            "hint": self.hint(),
            "status": self.status,
            "details": *self.details.clone(),
        });
        if let Some(seconds) = self.retry_after {
            error["retry_after_seconds"] = json!(seconds);
        }
        if let Some(id) = &self.request_id {
            error["request_id"] = json!(id);
        }
        json!({ "error": error })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_collision_says_to_pick_another_name() {
        let f = Failure::from_response(
            409,
            None,
            r#"{"error":{"code":"NAME_COLLISION","message":"taken","details":[],"request_id":"r1"}}"#,
        );
        assert_eq!(f.code, "NAME_COLLISION");
        assert!(f.hint().contains("another `name`"));
        assert_eq!(f.to_json()["error"]["request_id"], "r1");
    }

    #[test]
    fn a_429_says_when_to_retry() {
        let f = Failure::from_response(
            429,
            Some("7"),
            r#"{"error":{"code":"RATE_LIMITED","message":"slow down","details":[{"field":"rate_limit","issue":"drops_per_minute","hint":"10 per minute"}],"request_id":"r"}}"#,
        );
        assert_eq!(f.retry_after, Some(7));
        assert_eq!(f.hint(), "10 per minute; rate limited: retry after 7 s");
        assert_eq!(f.to_json()["error"]["retry_after_seconds"], 7);
    }

    #[test]
    fn flat_and_plain_answers_still_carry_a_code() {
        let flat = Failure::from_response(
            400,
            None,
            r#"{"error":"too long","code":"VALIDATION_FAILED"}"#,
        );
        assert_eq!(
            (flat.code.as_str(), flat.message.as_str()),
            ("VALIDATION_FAILED", "too long")
        );
        let plain = Failure::from_response(502, None, "<html>bad gateway</html>");
        assert_eq!(plain.code, "UNAVAILABLE");
    }
}
