//! What the injected `<script data-platform-tag="badge">` tag asks for, read once at start.
//! The parsing rules are plain functions so they are unit-tested natively; only `read` touches the DOM.

use alloc::borrow::ToOwned;
use alloc::string::String;
use js_sys::{Reflect, JSON};
use wasm_bindgen::JsValue;
use web_sys::Document;

/// How the badge treats a viewer's "hide for this session" choice (`data-platform-badge-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Default: the viewer may hide the badge for the session.
    Auto,
    /// The platform forces the badge on: no dismiss control, the session flag is ignored.
    ForceShow,
    /// The grid forces the badge on: same behaviour as `ForceShow`.
    LockedShow,
}

impl Mode {
    /// Unknown or missing values fall back to `auto`, the spec's default.
    pub fn parse(value: Option<&str>) -> Mode {
        match value {
            Some("force-show") => Mode::ForceShow,
            Some("locked-show") => Mode::LockedShow,
            _ => Mode::Auto,
        }
    }

    pub fn allows_dismiss(self) -> bool {
        self == Mode::Auto
    }
}

/// The viewport corner the chip sits in (`data-platform-position`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    BottomRight,
    BottomLeft,
    TopRight,
    TopLeft,
}

impl Position {
    /// Unknown or missing values fall back to bottom-right, the spec's default.
    pub fn parse(value: Option<&str>) -> Position {
        match value {
            Some("bottom-left") => Position::BottomLeft,
            Some("top-right") => Position::TopRight,
            Some("top-left") => Position::TopLeft,
            _ => Position::BottomRight,
        }
    }

    pub fn is_top(self) -> bool {
        matches!(self, Position::TopRight | Position::TopLeft)
    }

    pub fn is_left(self) -> bool {
        matches!(self, Position::BottomLeft | Position::TopLeft)
    }
}

/// Theme keys the tag may set, each with the CSS variable it overrides; anything else is dropped.
pub const THEME_KEYS: [(&str, &str); 6] = [
    ("bg", "--badge-bg"),
    ("fg", "--badge-fg"),
    ("accent", "--badge-accent"),
    ("radius", "--badge-radius"),
    ("shadow", "--badge-shadow"),
    ("font", "--badge-font"),
];

/// A theme value is applied only when it cannot break out of a declaration or the markup
/// (the spec rejects `;`, `{`, `}` and `</`; `<` and `>` are refused outright to be safe).
pub fn is_safe_theme_value(value: &str) -> bool {
    // A byte scan: a `char` array pattern links a UTF-8 searcher into the wasm.
    !value.is_empty()
        && !value
            .bytes()
            .any(|b| matches!(b, b';' | b'{' | b'}' | b'<' | b'>'))
}

/// Entity ids go into request paths, so only UUID-like tokens are accepted.
pub fn is_entity_id(value: &str) -> bool {
    (1..=64).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The origin (`scheme://host[:port]`) of an absolute URL, e.g. the `src` that served badge.js.
/// Byte scanning and `get` keep panicking slice code (and its formatting machinery) out of the wasm.
pub fn origin_of(url: &str) -> Option<&str> {
    let bytes = url.as_bytes();
    let authority_start = bytes.windows(3).position(|w| w == b"://")? + 3;
    let authority_len = bytes
        .iter()
        .skip(authority_start)
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(bytes.len() - authority_start);
    let authority_end = authority_start + authority_len;
    (authority_end > authority_start)
        .then(|| url.get(..authority_end))
        .flatten()
}

/// The platform's display name: the tag's `data-platform-name` when it is a plain short name,
/// else "Plug". Plain means ASCII letters, digits, spaces, `.`, `-`, `_`: safe in markup as is.
pub fn platform_name(value: Option<&str>) -> &str {
    let name = value.map_or("", str::trim_ascii);
    let plain = (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'.' | b'-' | b'_'));
    if plain {
        name
    } else {
        "Plug"
    }
}

/// Everything the widget needs from its script tag.
pub struct Config {
    pub entity: String,
    pub api_origin: String,
    pub mode: Mode,
    pub position: Position,
    pub name: String,
    /// The raw `data-platform-theme` JSON; `for_each_theme_value` filters it.
    pub theme: Option<String>,
}

/// Reads the badge's own tag; `None` when there is no tag, no usable entity or no origin,
/// in which case the badge stays out of the page entirely.
pub fn read(document: &Document) -> Option<Config> {
    let tag = document
        .query_selector("script[data-platform-tag=\"badge\"]")
        .ok()??;
    let entity = tag.get_attribute("data-platform-entity")?;
    if !is_entity_id(&entity) {
        return None;
    }
    // The attribute, not the resolved `src` property: Plug writes it absolute (`{base_url}/badge.js`),
    // and one getter fewer is a binding less in badge.js.
    let src = tag.get_attribute("src")?;
    Some(Config {
        api_origin: origin_of(&src)?.to_owned(),
        entity,
        mode: Mode::parse(tag.get_attribute("data-platform-badge-mode").as_deref()),
        position: Position::parse(tag.get_attribute("data-platform-position").as_deref()),
        name: platform_name(tag.get_attribute("data-platform-name").as_deref()).to_owned(),
        theme: tag.get_attribute("data-platform-theme"),
    })
}

/// Calls `apply(css_variable, value)` for each whitelisted key of the theme JSON whose value is a
/// safe string. Parsed by the browser's own `JSON.parse` (no serde in the bundle); bad JSON is ignored.
pub fn for_each_theme_value(json: &str, mut apply: impl FnMut(&str, &str)) {
    let Ok(theme) = JSON::parse(json) else {
        return;
    };
    if !theme.is_object() {
        return;
    }
    for (key, variable) in THEME_KEYS {
        let value = Reflect::get(&theme, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_string());
        if let Some(value) = value.filter(|value| is_safe_theme_value(value)) {
            apply(variable, &value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_defaults_to_auto_for_missing_or_unknown_values() {
        assert_eq!(Mode::parse(None), Mode::Auto);
        assert_eq!(Mode::parse(Some("sometimes")), Mode::Auto);
        assert_eq!(Mode::parse(Some("auto")), Mode::Auto);
    }

    #[test]
    fn only_auto_mode_lets_the_viewer_dismiss() {
        assert!(Mode::parse(Some("auto")).allows_dismiss());
        assert!(!Mode::parse(Some("force-show")).allows_dismiss());
        assert!(!Mode::parse(Some("locked-show")).allows_dismiss());
    }

    #[test]
    fn position_defaults_to_bottom_right() {
        assert_eq!(Position::parse(None), Position::BottomRight);
        assert_eq!(Position::parse(Some("middle")), Position::BottomRight);
    }

    #[test]
    fn position_knows_its_edges() {
        let top_left = Position::parse(Some("top-left"));
        assert!(top_left.is_top() && top_left.is_left());
        let bottom_left = Position::parse(Some("bottom-left"));
        assert!(!bottom_left.is_top() && bottom_left.is_left());
        let top_right = Position::parse(Some("top-right"));
        assert!(top_right.is_top() && !top_right.is_left());
    }

    #[test]
    fn theme_values_that_could_escape_a_declaration_are_refused() {
        for bad in ["red;x:y", "a{", "}", "</style>", "<b>", "a>b", ""] {
            assert!(!is_safe_theme_value(bad), "{bad} should be refused");
        }
        for good in [
            "#ff0000",
            "rgba(0,0,0,0.2)",
            "8px",
            "Georgia, \"Times New Roman\", serif",
        ] {
            assert!(is_safe_theme_value(good), "{good} should pass");
        }
    }

    #[test]
    fn entity_ids_are_limited_to_path_safe_tokens() {
        assert!(is_entity_id("0b7e3c1e-8d4f-4f7a-9a51-2f3c4d5e6f70"));
        assert!(!is_entity_id(""));
        assert!(!is_entity_id("../admin"));
        assert!(!is_entity_id("a/b"));
        assert!(!is_entity_id("a?b"));
        assert!(!is_entity_id(&"a".repeat(65)));
    }

    #[test]
    fn origin_is_scheme_host_and_port_of_the_script_url() {
        assert_eq!(
            origin_of("http://localhost:8787/badge.js"),
            Some("http://localhost:8787")
        );
        assert_eq!(
            origin_of("https://api.plug.dev/badge.js?v=2"),
            Some("https://api.plug.dev")
        );
        assert_eq!(
            origin_of("https://api.plug.dev?v=2"),
            Some("https://api.plug.dev")
        );
        assert_eq!(
            origin_of("https://api.plug.dev"),
            Some("https://api.plug.dev")
        );
    }

    #[test]
    fn origin_is_absent_for_urls_without_an_authority() {
        assert_eq!(origin_of(""), None);
        assert_eq!(origin_of("/badge.js"), None);
        assert_eq!(origin_of("file:///badge.js"), None);
    }

    #[test]
    fn platform_name_falls_back_to_plug() {
        assert_eq!(platform_name(None), "Plug");
        assert_eq!(platform_name(Some("  ")), "Plug");
        assert_eq!(platform_name(Some(" Acme Cloud ")), "Acme Cloud");
    }

    #[test]
    fn platform_name_with_markup_characters_falls_back_to_plug() {
        assert_eq!(platform_name(Some("<img src=x>")), "Plug");
        assert_eq!(platform_name(Some("A&B")), "Plug");
        assert_eq!(platform_name(Some(&"x".repeat(33))), "Plug");
        assert_eq!(platform_name(Some("Caf\u{e9}")), "Plug");
    }
}
