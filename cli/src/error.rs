//! The one error type of the CLI: what went wrong, how to say it on a terminal
//! (message, server code, details, request id, a hint) and which exit code it earns.

use std::fmt;

use plug_domain::wire::ErrorBody;
use serde_json::Value;

/// One `{ field, issue, hint }` row of an API error.
pub use plug_domain::wire::ErrorDetail as Detail;

/// An error answer from the server, parsed from the interface's error shape.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApiFailure {
    pub status: u16,
    pub code: String,
    pub message: String,
    pub details: Vec<Detail>,
    pub request_id: Option<String>,
    /// The body as received when it was JSON, for `--json` output.
    pub body: Option<Value>,
}

/// The advice printed under an API error, for the failures a person can fix from here.
impl ApiFailure {
    pub fn hint(&self) -> Option<String> {
        let hint = match (self.status, self.code.as_str()) {
        (426, _) => format!(
            "this plug is {}, older than the server accepts. Upgrade it (`cargo install plug --force`, \
             or `cargo install --path cli --force` in a Plug checkout), then run the command again",
            env!("CARGO_PKG_VERSION")
        ),
        (401, _) => "your token is missing, expired or not valid here: run `plug login` with a fresh one, or set PLUG_TOKEN".into(),
        (_, "ORG_HEADER_REQUIRED") => "you belong to several grids: pass --grid <slug>, set PLUG_GRID, or store one with `plug login --grid <slug>`".into(),
        (_, "ORG_NOT_ACCESSIBLE") => "check the grid slug (--grid, PLUG_GRID or `plug login --grid`)".into(),
        (_, "SCOPE_INVALID") => "allowed scope+visibility: personal+private, personal+org, personal+link, space+space, space+org, org+org".into(),
        (429, _) => "the server rate-limits drops and reactions: wait a little and run the command again".into(),
        (404, _) => "check the name or id (`plug ls` lists yours); hidden and archived Inspirations read as not found to others".into(),
        _ => return None,
    };
        Some(hint)
    }
}

#[derive(Debug)]
pub enum CliError {
    /// The command line cannot be acted on (bad path, unsupported file, bad option value): exit 2.
    Usage {
        message: String,
        hint: Option<String>,
    },
    /// The server refused or failed: exit 1.
    Api(Box<ApiFailure>),
    /// Anything else that stops the command (network, config, local I/O): exit 1.
    Failed {
        message: String,
        hint: Option<String>,
    },
}

pub type CliResult<T> = Result<T, CliError>;

impl CliError {
    pub fn usage(message: impl Into<String>) -> Self {
        CliError::Usage {
            message: message.into(),
            hint: None,
        }
    }

    pub fn failed(message: impl Into<String>) -> Self {
        CliError::Failed {
            message: message.into(),
            hint: None,
        }
    }

    /// Adds (or replaces) the hint printed under the message.
    pub fn with_hint(self, text: impl Into<String>) -> Self {
        let text = Some(text.into());
        match self {
            CliError::Usage { message, .. } => CliError::Usage {
                message,
                hint: text,
            },
            CliError::Failed { message, .. } => CliError::Failed {
                message,
                hint: text,
            },
            api @ CliError::Api(_) => api,
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage { .. } => 2,
            CliError::Api(_) | CliError::Failed { .. } => 1,
        }
    }

    /// The JSON printed on stdout under `--json`: the server's body as sent, or the same shape built locally.
    pub fn to_json(&self) -> Value {
        match self {
            CliError::Api(f) => f.body.clone().unwrap_or_else(|| {
                serde_json::json!({ "error": { "code": f.code, "message": f.message, "details": [], "request_id": f.request_id } })
            }),
            CliError::Usage { message, .. } => serde_json::json!({ "error": { "code": "USAGE", "message": message } }),
            CliError::Failed { message, .. } => serde_json::json!({ "error": { "code": "FAILED", "message": message } }),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::failed(e.to_string())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { message, .. } | CliError::Failed { message, .. } => {
                f.write_str(message)
            }
            CliError::Api(a) if a.code.is_empty() => f.write_str(&a.message),
            CliError::Api(a) => write!(f, "{} ({})", a.message, a.code),
        }
    }
}

impl ApiFailure {
    /// Reads an error answer: the interface shape `{ error: { code, message, details, request_id } }`,
    /// the feedback endpoint's flat `{ error, code }`, or anything else as plain text.
    pub fn parse(status: u16, header_request_id: Option<String>, text: &str) -> ApiFailure {
        let body: Option<Value> = serde_json::from_str(text).ok();
        let mut failure = ApiFailure {
            status,
            request_id: header_request_id,
            ..ApiFailure::default()
        };
        match ErrorBody::read(text) {
            Some(e) => {
                failure.code = e.code;
                failure.message = e.message;
                failure.details = e.details;
                if !e.request_id.is_empty() {
                    failure.request_id = Some(e.request_id);
                }
            }
            None => failure.message = plain_message(status, text),
        }
        if failure.message.is_empty() {
            failure.message = plain_message(status, "");
        } else if failure.code.is_empty() && !failure.message.contains("(HTTP ") {
            // Without a code, the status is the only handle a reader has on what happened.
            failure.message = format!("{} (HTTP {status})", failure.message);
        }
        // Shown on a terminal: what the server wrote may style or move nothing there.
        let clean = |s: &mut String| *s = crate::ui::clean(s).into_owned();
        clean(&mut failure.code);
        clean(&mut failure.message);
        for d in &mut failure.details {
            clean(&mut d.field);
            clean(&mut d.issue);
            clean(&mut d.hint);
        }
        if let Some(id) = &mut failure.request_id {
            clean(id);
        }
        failure.body = body;
        failure
    }
}

/// A readable message for a non-JSON answer: the status and the first line of the body, if short.
fn plain_message(status: u16, text: &str) -> String {
    let first = text.lines().next().unwrap_or("").trim();
    let reason = match status {
        404 => "not found",
        413 => "the upload is too large for the server",
        426 => "this plug is too old for the server",
        429 => "rate limited",
        501 => "not implemented by this server yet",
        500..=599 => "the server failed",
        _ => "the server refused the request",
    };
    if first.is_empty() || first.len() > 200 || first.starts_with('<') {
        format!("{reason} (HTTP {status})")
    } else {
        format!("{reason} (HTTP {status}): {first}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upgrade_hint_accompanies_426() {
        let failure = ApiFailure {
            status: 426,
            code: "CLI_UPGRADE_REQUIRED".into(),
            ..ApiFailure::default()
        };
        assert!(failure.hint().unwrap().contains("cargo install"));
    }

    #[test]
    fn parses_the_interface_error_shape_with_details_and_request_id() {
        let text = r#"{"error":{"code":"VALIDATION_FAILED","message":"name: pattern","details":[{"field":"name","issue":"pattern","hint":"lower-case"}],"request_id":"r-1"}}"#;
        let f = ApiFailure::parse(400, None, text);
        assert_eq!(f.code, "VALIDATION_FAILED");
        assert_eq!(f.message, "name: pattern");
        assert_eq!(
            f.details,
            vec![Detail {
                field: "name".into(),
                issue: "pattern".into(),
                hint: "lower-case".into()
            }]
        );
        assert_eq!(f.request_id.as_deref(), Some("r-1"));
    }

    #[test]
    fn parses_the_flat_feedback_error_shape() {
        let f = ApiFailure::parse(
            400,
            Some("hdr".into()),
            r#"{"error":"text too long","code":"VALIDATION_FAILED"}"#,
        );
        assert_eq!(
            (f.message.as_str(), f.code.as_str()),
            ("text too long", "VALIDATION_FAILED")
        );
        assert_eq!(f.request_id.as_deref(), Some("hdr"));
    }

    #[test]
    fn a_non_json_answer_still_reads_as_a_sentence() {
        let f = ApiFailure::parse(501, None, "<html>nope</html>");
        assert_eq!(f.message, "not implemented by this server yet (HTTP 501)");
        assert!(f.code.is_empty());
        assert_eq!(
            CliError::Api(Box::new(f)).to_string(),
            "not implemented by this server yet (HTTP 501)"
        );
    }
}
