//! The badge's optional look: a whitelisted theme (docs/model.md "The badge") and a
//! corner position, parsed once at the boundary so stored values are always safe.

use std::fmt;

use serde_json::Value;

use crate::error::RenderError;

/// The theme keys the badge reads, in the order they are written out.
pub const THEME_KEYS: [&str; 6] = ["bg", "fg", "accent", "radius", "shadow", "font"];

/// Longest accepted theme value, in characters.
pub const THEME_VALUE_MAX: usize = 200;

/// A badge theme holding only whitelisted keys with values that cannot break
/// out of a CSS value or an HTML attribute. Build it with [`parse_theme`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Theme {
    values: [Option<String>; 6],
}

impl Theme {
    pub fn get(&self, key: &str) -> Option<&str> {
        let index = THEME_KEYS.iter().position(|k| *k == key)?;
        self.values[index].as_deref()
    }

    /// The keys that are set with their values, in [`THEME_KEYS`] order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        THEME_KEYS
            .iter()
            .zip(&self.values)
            .filter_map(|(key, value)| Some((*key, value.as_deref()?)))
    }

    pub fn is_empty(&self) -> bool {
        self.values.iter().all(Option::is_none)
    }

    /// The theme as a compact JSON object (`{"bg":"#000"}`), keys in a fixed order.
    pub fn to_json(&self) -> String {
        let fields: Vec<String> = self
            .iter()
            .map(|(key, value)| format!("\"{key}\":{}", Value::from(value)))
            .collect();
        format!("{{{}}}", fields.join(","))
    }

    /// The theme as a JSON value, for API responses and storage.
    pub fn to_value(&self) -> Value {
        let map = self
            .iter()
            .map(|(key, value)| (key.to_string(), Value::from(value)))
            .collect();
        Value::Object(map)
    }
}

/// Parses a theme object: unknown keys are dropped, `null` values count as
/// unset, every kept value must pass [`check_theme_value`]. `null` as a whole
/// is the empty theme.
pub fn parse_theme(json: &Value) -> Result<Theme, RenderError> {
    let object = match json {
        Value::Null => return Ok(Theme::default()),
        Value::Object(object) => object,
        _ => return Err(theme_error("", "must be a JSON object")),
    };
    let mut theme = Theme::default();
    for (slot, key) in theme.values.iter_mut().zip(THEME_KEYS) {
        *slot = match object.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(value)) => Some(check_theme_value(key, value)?),
            Some(_) => return Err(theme_error(key, "must be a string")),
        };
    }
    Ok(theme)
}

/// [`parse_theme`] for JSON text, such as a stored column.
pub fn parse_theme_str(json: &str) -> Result<Theme, RenderError> {
    let value: Value =
        serde_json::from_str(json).map_err(|_| theme_error("", "is not valid JSON"))?;
    parse_theme(&value)
}

/// Accepts a CSS value of at most [`THEME_VALUE_MAX`] characters free of
/// anything that could end the value, the rule, a comment, the attribute or
/// the script element it travels in.
pub fn check_theme_value(key: &str, raw: &str) -> Result<String, RenderError> {
    // Checked before trimming: a control character anywhere is refused, not repaired.
    if raw.chars().any(is_forbidden_char) || raw.contains("/*") || raw.contains("*/") {
        return Err(theme_error(
            key,
            "must not contain ; { } < > backticks, backslashes, comments or control characters",
        ));
    }
    // Quotes are fine in a value (`"Inter", sans-serif`) as long as every string is closed.
    if raw.matches('"').count() % 2 == 1 || raw.matches('\'').count() % 2 == 1 {
        return Err(theme_error(key, "must close every quoted string"));
    }
    let value = raw.trim();
    if value.is_empty() {
        return Err(theme_error(key, "must not be empty"));
    }
    if value.chars().count() > THEME_VALUE_MAX {
        return Err(theme_error(key, "must be at most 200 characters"));
    }
    Ok(value.to_string())
}

fn is_forbidden_char(c: char) -> bool {
    matches!(c, ';' | '{' | '}' | '<' | '>' | '`' | '\\') || c.is_control()
}

fn theme_error(key: &str, issue: &'static str) -> RenderError {
    RenderError::Theme {
        key: key.to_string(),
        issue,
    }
}

/// The corner the badge chip sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Position {
    #[default]
    BottomRight,
    BottomLeft,
    TopRight,
    TopLeft,
}

impl Position {
    pub const ALL: [Position; 4] = [
        Position::BottomRight,
        Position::BottomLeft,
        Position::TopRight,
        Position::TopLeft,
    ];

    pub fn parse(value: &str) -> Result<Position, RenderError> {
        Position::ALL
            .into_iter()
            .find(|p| p.as_str() == value)
            .ok_or_else(|| RenderError::Position(value.to_string()))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Position::BottomRight => "bottom-right",
            Position::BottomLeft => "bottom-left",
            Position::TopRight => "top-right",
            Position::TopLeft => "top-left",
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn keeps_whitelisted_keys_and_drops_unknown_ones() {
        let theme = parse_theme(
            &json!({"bg": "#111", "font": "Inter, sans-serif", "logo": "x.png", "z": 1}),
        )
        .unwrap();
        assert_eq!(theme.get("bg"), Some("#111"));
        assert_eq!(theme.get("font"), Some("Inter, sans-serif"));
        assert_eq!(theme.get("logo"), None);
        assert_eq!(
            theme.to_json(),
            r##"{"bg":"#111","font":"Inter, sans-serif"}"##
        );
    }

    #[test]
    fn writes_keys_in_whitelist_order_whatever_the_input_order() {
        let theme = parse_theme(&json!({"shadow": "none", "radius": "8px", "accent": "red", "fg": "#fff", "bg": "#000"}))
            .unwrap();
        let keys: Vec<&str> = theme.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["bg", "fg", "accent", "radius", "shadow"]);
        assert_eq!(
            theme.to_value(),
            json!({"bg": "#000", "fg": "#fff", "accent": "red", "radius": "8px", "shadow": "none"})
        );
    }

    #[test]
    fn accepts_the_documented_defaults_as_values() {
        let theme = parse_theme(&json!({
            "bg": "#1f2937", "fg": "#f9fafb", "accent": "#3b82f6", "radius": "6px",
            "shadow": "0 1px 3px rgba(0,0,0,0.12)", "font": "system-ui, sans-serif"
        }))
        .unwrap();
        assert_eq!(theme.iter().count(), 6);
    }

    #[test]
    fn refuses_values_that_could_break_out_of_css_or_html() {
        let payloads = [
            "red; background: url(x)",
            "red} body {display:none",
            "{",
            "</script><script>alert(1)</script>",
            "<b>",
            "a>b",
            "\"unclosed",
            "it's",
            "back\\slash",
            "red\n",
            "r\u{0}ed",
            "red\u{7f}",
            "red\u{85}",
            "red /* comment",
            "red */",
            "`tick`",
        ];
        for payload in payloads {
            let err = parse_theme(&json!({ "bg": payload })).unwrap_err();
            assert!(
                matches!(&err, RenderError::Theme { key, .. } if key == "bg"),
                "{payload:?} gave {err:?}"
            );
        }
    }

    #[test]
    fn accepts_closed_quotes_in_font_stacks() {
        let theme =
            parse_theme(&json!({ "font": "\"Inter\", 'Helvetica Neue', sans-serif" })).unwrap();
        assert_eq!(
            theme.get("font"),
            Some("\"Inter\", 'Helvetica Neue', sans-serif")
        );
    }

    #[test]
    fn refuses_non_string_empty_and_overlong_values() {
        assert!(parse_theme(&json!({"radius": 6})).is_err());
        assert!(parse_theme(&json!({"radius": "   "})).is_err());
        assert!(parse_theme(&json!({"font": "a".repeat(201)})).is_err());
        assert!(parse_theme(&json!({"font": "é".repeat(200)})).is_ok());
    }

    #[test]
    fn null_values_are_unset_and_non_objects_are_refused() {
        assert!(parse_theme(&json!({"bg": null})).unwrap().is_empty());
        assert!(parse_theme(&Value::Null).unwrap().is_empty());
        assert!(parse_theme(&json!(["bg", "red"])).is_err());
        assert!(parse_theme(&json!("red")).is_err());
    }

    #[test]
    fn parses_theme_text_and_reports_bad_json() {
        assert_eq!(
            parse_theme_str(r#"{"fg":" #fff "}"#).unwrap().get("fg"),
            Some("#fff")
        );
        assert!(parse_theme_str("{bg:").is_err());
    }

    #[test]
    fn errors_name_the_offending_key_for_the_api() {
        let err = parse_theme(&json!({"accent": "a;b"})).unwrap_err();
        let field: plug_domain::validate::FieldError = err.into();
        assert_eq!(field.field, "theme.accent");
    }

    #[test]
    fn positions_parse_from_and_print_to_their_wire_strings() {
        for position in Position::ALL {
            assert_eq!(Position::parse(position.as_str()), Ok(position));
        }
        assert_eq!(Position::default(), Position::BottomRight);
        assert!(Position::parse("Bottom-Right").is_err());
        assert!(Position::parse("center").is_err());
    }
}
