//! The one error type of this crate: a refused theme or position (a client's
//! mistake, 400) or a failed HTML rewrite (the served page could not stream).

use std::fmt;

use plug_domain::validate::FieldError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// A badge theme value was refused; `key` is the theme key (`bg`, ...) or
    /// empty when the theme as a whole is malformed.
    Theme { key: String, issue: &'static str },
    /// A badge position outside the four corners.
    Position(String),
    /// lol_html gave up on the document.
    Rewrite(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Theme { key, issue } if key.is_empty() => write!(f, "theme {issue}"),
            RenderError::Theme { key, issue } => write!(f, "theme.{key} {issue}"),
            RenderError::Position(value) => {
                write!(f, "position {value:?} is not one of bottom-right, bottom-left, top-right, top-left")
            }
            RenderError::Rewrite(reason) => write!(f, "HTML rewrite failed: {reason}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Theme and position mistakes become one `error.details` row of a 400
/// VALIDATION_FAILED; a rewrite failure is not a client error and maps to a
/// generic row only so the conversion is total.
impl From<RenderError> for FieldError {
    fn from(error: RenderError) -> Self {
        match error {
            RenderError::Theme { key, issue } if key.is_empty() => {
                FieldError::new("theme", "invalid", issue)
            }
            RenderError::Theme { key, issue } => {
                FieldError::new(&format!("theme.{key}"), "invalid", issue)
            }
            RenderError::Position(_) => FieldError::new(
                "position",
                "invalid",
                "one of bottom-right, bottom-left, top-right, top-left",
            ),
            RenderError::Rewrite(reason) => FieldError::new("body", "rewrite", reason),
        }
    }
}
