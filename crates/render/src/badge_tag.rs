//! The badge `<script>` tag (docs/model.md "The badge"): it names the entity, grid,
//! mode, corner and theme and loads badge.js by URL (the bytes are never inlined).

use plug_domain::badge::Decider;

use crate::escape;
use crate::theme::{Position, Theme};

/// `data-platform-badge-mode`: who decided the badge is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BadgeTagMode {
    /// The entity's own setting or the default; a viewer's session dismiss is respected.
    #[default]
    Auto,
    /// The platform policy forces the badge on.
    ForceShow,
    /// The grid policy forces the badge on.
    LockedShow,
}

impl BadgeTagMode {
    pub fn as_str(self) -> &'static str {
        match self {
            BadgeTagMode::Auto => "auto",
            BadgeTagMode::ForceShow => "force-show",
            BadgeTagMode::LockedShow => "locked-show",
        }
    }
}

/// The rule that switched the badge on picks the mode (docs/model.md "The badge").
impl From<Decider> for BadgeTagMode {
    fn from(decider: Decider) -> Self {
        match decider {
            Decider::Platform => BadgeTagMode::ForceShow,
            Decider::Grid => BadgeTagMode::LockedShow,
            Decider::Entity | Decider::Default => BadgeTagMode::Auto,
        }
    }
}

/// Everything the badge script tag carries. Only build one when the resolved
/// badge state is on: an off badge emits no tag at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadgeTag {
    /// The API origin (`BASE_URL`) that serves badge.js; a trailing `/` is ignored.
    pub base_url: String,
    pub entity_id: String,
    pub grid_slug: String,
    pub mode: BadgeTagMode,
    pub position: Option<Position>,
    pub theme: Option<Theme>,
}

impl BadgeTag {
    /// The tag as pure-ASCII HTML, every attribute value escaped; an empty theme is left out.
    pub fn to_html(&self) -> String {
        let src = format!("{}/badge.js", self.base_url.trim_end_matches('/'));
        let mut html = format!(
            "<script src=\"{}\" data-platform-tag=\"badge\" data-platform-badge data-platform-entity=\"{}\" \
             data-platform-org=\"{}\" data-platform-badge-mode=\"{}\"",
            escape::attr_ascii(&src),
            escape::attr_ascii(&self.entity_id),
            escape::attr_ascii(&self.grid_slug),
            self.mode.as_str(),
        );
        if let Some(position) = self.position {
            html.push_str(&format!(" data-platform-position=\"{position}\""));
        }
        if let Some(theme) = self.theme.as_ref().filter(|t| !t.is_empty()) {
            html.push_str(&format!(
                " data-platform-theme=\"{}\"",
                escape::attr_ascii(&theme.to_json())
            ));
        }
        html.push_str("></script>");
        html
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeMap;

    use html5gum::{Token, Tokenizer};
    use serde_json::json;

    use super::*;
    use crate::theme::parse_theme;

    pub(crate) fn sample_tag() -> BadgeTag {
        BadgeTag {
            base_url: "http://localhost:8787".into(),
            entity_id: "0f8e4a52-3c1d-4b6e-9a7f-2d5c8e1b4a90".into(),
            grid_slug: "acme".into(),
            mode: BadgeTagMode::Auto,
            position: None,
            theme: None,
        }
    }

    /// Reads the attributes of the first start tag the way a browser's tokenizer does.
    fn browser_attributes(html: &str) -> (String, BTreeMap<String, String>) {
        for token in Tokenizer::new(html).flatten() {
            if let Token::StartTag(tag) = token {
                let name = String::from_utf8(tag.name.to_vec()).unwrap();
                let attributes = tag
                    .attributes
                    .iter()
                    .map(|(k, v)| {
                        (
                            String::from_utf8(k.to_vec()).unwrap(),
                            String::from_utf8(v.to_vec()).unwrap(),
                        )
                    })
                    .collect();
                return (name, attributes);
            }
        }
        panic!("no start tag in {html}");
    }

    #[test]
    fn minimal_tag_carries_the_required_attributes_in_order() {
        assert_eq!(
            sample_tag().to_html(),
            "<script src=\"http://localhost:8787/badge.js\" data-platform-tag=\"badge\" data-platform-badge \
             data-platform-entity=\"0f8e4a52-3c1d-4b6e-9a7f-2d5c8e1b4a90\" data-platform-org=\"acme\" \
             data-platform-badge-mode=\"auto\"></script>"
        );
    }

    #[test]
    fn trailing_slash_of_the_base_url_is_not_doubled() {
        let tag = BadgeTag {
            base_url: "https://plug.example/".into(),
            ..sample_tag()
        };
        assert!(tag
            .to_html()
            .starts_with("<script src=\"https://plug.example/badge.js\""));
    }

    #[test]
    fn modes_print_their_wire_strings_and_follow_the_deciding_rule() {
        assert_eq!(BadgeTagMode::from(Decider::Platform).as_str(), "force-show");
        assert_eq!(BadgeTagMode::from(Decider::Grid).as_str(), "locked-show");
        assert_eq!(BadgeTagMode::from(Decider::Entity).as_str(), "auto");
        assert_eq!(BadgeTagMode::from(Decider::Default).as_str(), "auto");
        let tag = BadgeTag {
            mode: BadgeTagMode::LockedShow,
            ..sample_tag()
        };
        assert!(tag
            .to_html()
            .contains(" data-platform-badge-mode=\"locked-show\""));
    }

    #[test]
    fn position_and_theme_are_emitted_only_when_set() {
        let bare = sample_tag().to_html();
        assert!(!bare.contains("data-platform-position") && !bare.contains("data-platform-theme"));
        let empty_theme = BadgeTag {
            theme: Some(Theme::default()),
            ..sample_tag()
        };
        assert!(!empty_theme.to_html().contains("data-platform-theme"));
        let tag = BadgeTag {
            position: Some(Position::TopLeft),
            ..sample_tag()
        };
        assert!(tag
            .to_html()
            .contains(" data-platform-position=\"top-left\""));
    }

    #[test]
    fn theme_json_round_trips_through_a_browser_attribute_parse() {
        let theme = parse_theme(&json!({
            "bg": "#1f2937", "font": "Noto Sans JP, 微软雅黑, system-ui & co",
            "shadow": "0 1px 3px rgba(0,0,0,0.12)"
        }))
        .unwrap();
        let tag = BadgeTag {
            theme: Some(theme.clone()),
            position: Some(Position::BottomLeft),
            ..sample_tag()
        };
        let html = tag.to_html();
        assert!(html.is_ascii(), "{html}");
        let (name, attributes) = browser_attributes(&html);
        assert_eq!(name, "script");
        let parsed: serde_json::Value =
            serde_json::from_str(&attributes["data-platform-theme"]).unwrap();
        assert_eq!(parsed, theme.to_value());
        assert_eq!(attributes["data-platform-position"], "bottom-left");
        assert_eq!(attributes["data-platform-badge"], "");
        assert_eq!(attributes["data-platform-tag"], "badge");
    }

    #[test]
    fn hostile_identifiers_cannot_leave_their_attribute() {
        let tag = BadgeTag {
            entity_id: "x\" onload=\"alert(1)".into(),
            grid_slug: "a'><script>alert(2)</script>".into(),
            base_url: "https://e.example/\"><img src=x>".into(),
            ..sample_tag()
        };
        let html = tag.to_html();
        let (_, attributes) = browser_attributes(&html);
        assert_eq!(attributes["data-platform-entity"], "x\" onload=\"alert(1)");
        assert_eq!(
            attributes["data-platform-org"],
            "a'><script>alert(2)</script>"
        );
        assert!(!attributes.contains_key("onload"));
        assert_eq!(html.matches("<script").count(), 1);
    }
}
