//! Every error code the API answers with (docs/model.md "Errors") and the one table that
//! gives each its HTTP status. Handlers name a code; the status follows from it.

use serde::{Serialize, Serializer};

macro_rules! error_codes {
    ($($variant:ident = ($text:literal, $status:literal),)+) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($variant,)+
        }

        impl ErrorCode {
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)+];

            /// The wire spelling, e.g. `VALIDATION_FAILED`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)+
                }
            }

            pub fn status(self) -> u16 {
                match self {
                    $(ErrorCode::$variant => $status,)+
                }
            }
        }
    };
}

error_codes! {
    ValidationFailed = ("VALIDATION_FAILED", 400),
    ScopeInvalid = ("SCOPE_INVALID", 400),
    SpaceRequired = ("SPACE_REQUIRED", 400),
    SpaceNotFound = ("SPACE_NOT_FOUND", 400),
    InspiredByInvalid = ("INSPIRED_BY_INVALID", 400),
    OrgHeaderRequired = ("ORG_HEADER_REQUIRED", 400),
    Unauthorized = ("UNAUTHORIZED", 401),
    Forbidden = ("FORBIDDEN", 403),
    NotOwner = ("NOT_OWNER", 403),
    SpaceNotMember = ("SPACE_NOT_MEMBER", 403),
    OrgNotAccessible = ("ORG_NOT_ACCESSIBLE", 403),
    BadgePolicyOverride = ("BADGE_POLICY_OVERRIDE", 403),
    NotFound = ("NOT_FOUND", 404),
    MethodNotAllowed = ("METHOD_NOT_ALLOWED", 405),
    NameCollision = ("NAME_COLLISION", 409),
    MisdirectedRequest = ("MISDIRECTED_REQUEST", 421),
    LinkExists = ("LINK_EXISTS", 409),
    PayloadTooLarge = ("PAYLOAD_TOO_LARGE", 413),
    UnsupportedMediaType = ("UNSUPPORTED_MEDIA_TYPE", 415),
    ContentMalformed = ("CONTENT_MALFORMED", 422),
    CliUpgradeRequired = ("CLI_UPGRADE_REQUIRED", 426),
    RateLimited = ("RATE_LIMITED", 429),
    Internal = ("INTERNAL", 500),
    Unavailable = ("UNAVAILABLE", 503),
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    /// The codes `openapi.yaml` lets `error.code` take, from its Error schema.
    fn documented_codes() -> Vec<String> {
        let doc = include_str!("../../../openapi.yaml");
        let at = doc.find("    Error:").expect("an Error schema");
        let list = &doc[at..];
        let start = list.find("enum: [").expect("a code enum") + "enum: [".len();
        let end = start + list[start..].find(']').expect("the enum ends");
        list[start..end]
            .split(',')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    }

    #[test]
    fn the_codes_are_exactly_the_documented_ones() {
        let mut ours: Vec<String> = ErrorCode::ALL.iter().map(|c| c.to_string()).collect();
        let mut documented = documented_codes();
        ours.sort();
        documented.sort();
        assert_eq!(ours, documented);
    }

    #[test]
    fn each_code_has_the_status_the_interface_gives_it() {
        assert_eq!(ErrorCode::ValidationFailed.status(), 400);
        assert_eq!(ErrorCode::NotOwner.status(), 403);
        assert_eq!(ErrorCode::NameCollision.status(), 409);
        assert_eq!(ErrorCode::ContentMalformed.status(), 422);
        assert_eq!(ErrorCode::CliUpgradeRequired.status(), 426);
        for code in ErrorCode::ALL {
            assert!((400..600).contains(&code.status()), "{code}");
            assert_eq!(serde_json::to_string(code).unwrap(), format!("\"{code}\""));
        }
    }
}
