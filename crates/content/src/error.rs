//! Why uploaded bytes were refused, in words a user can act on.
//! Each variant maps to one HTTP status and error code (openapi.yaml; docs/model.md "Errors").

use std::fmt;

use plug_domain::error_code::ErrorCode;

/// A refused upload. The message is shown to the user as is: it says what is
/// wrong and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentError {
    /// 415: the file's extension does not fit the declared source_type.
    UnsupportedMediaType { message: String },
    /// 422: the contents are not a well-formed file of their type.
    Malformed { message: String },
    /// 413: the file, or what it unpacks to, is larger than Plug accepts.
    TooLarge { message: String },
}

impl ContentError {
    pub(crate) fn unsupported(message: impl Into<String>) -> Self {
        ContentError::UnsupportedMediaType {
            message: message.into(),
        }
    }

    pub(crate) fn malformed(message: impl Into<String>) -> Self {
        ContentError::Malformed {
            message: message.into(),
        }
    }

    pub(crate) fn too_large(message: impl Into<String>) -> Self {
        ContentError::TooLarge {
            message: message.into(),
        }
    }

    /// The HTTP status the Worker answers with, from the code's table.
    pub fn status(&self) -> u16 {
        self.code().status()
    }

    /// The `error.code` (docs/model.md "Errors").
    pub fn code(&self) -> ErrorCode {
        match self {
            ContentError::UnsupportedMediaType { .. } => ErrorCode::UnsupportedMediaType,
            ContentError::Malformed { .. } => ErrorCode::ContentMalformed,
            ContentError::TooLarge { .. } => ErrorCode::PayloadTooLarge,
        }
    }

    /// The user-facing explanation.
    pub fn message(&self) -> &str {
        match self {
            ContentError::UnsupportedMediaType { message }
            | ContentError::Malformed { message }
            | ContentError::TooLarge { message } => message,
        }
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for ContentError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_maps_to_its_status_and_code() {
        let cases = [
            (
                ContentError::unsupported("a"),
                415,
                "UNSUPPORTED_MEDIA_TYPE",
            ),
            (ContentError::malformed("b"), 422, "CONTENT_MALFORMED"),
            (ContentError::too_large("c"), 413, "PAYLOAD_TOO_LARGE"),
        ];
        for (error, status, code) in cases {
            assert_eq!(error.status(), status);
            assert_eq!(error.code().as_str(), code);
        }
        assert_eq!(ContentError::malformed("broken").to_string(), "broken");
    }
}
