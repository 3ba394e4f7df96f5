//! The badge `<script>` tag (docs/model.md "The badge"): it names the entity, grid,
//! mode, corner and theme and loads badge.js by URL (the bytes are never inlined). Before it, the
//! chip's shell: its shape in a declarative closed shadow root, painted with the page's first frame
//! and replaced by badge.js's chip (docs/api.md: the chip's shell).

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
    /// Write the chip's shell before the tag. Off when the viewer hid the badge for this session
    /// in `auto` mode (the `platform-badge-dismissed` cookie the panel sets beside its
    /// sessionStorage flag), so a hidden badge does not flash its shape on every page.
    pub shell: bool,
}

/// The cookie badge-panel.js sets (a session cookie of the content origin) when the viewer hides
/// the badge for this session; sessionStorage stays what badge.js decides by.
pub const DISMISSED_COOKIE: &str = "platform-badge-dismissed";

/// The shell's look: the chip's box, icon and corner from badge.js's own CSS (badge/src/chip.rs
/// `STYLE`). It has no words: an empty box (`i`) holds the label's place at the size of badge.js's
/// label canvas (`LABEL_WIDTH`), in `em`, which needs no font. Words, even hidden, made the page's
/// first frame load the chip's font (system-ui) beside the page's own, a few ms before its
/// Largest Contentful Paint (docs/speed.md, session 24). If badge.js never starts (blocked,
/// offline), the shell hides after 10 s, and from then on takes no clicks either (only the box
/// does while it shows, never the host's own).
const SHELL_STYLE: &str = "\
:host{all:initial!important;position:fixed!important;z-index:2147483647!important;display:block!important;\
pointer-events:none!important}\
*{box-sizing:border-box}\
.b{--badge-bg:#1f2937;--badge-accent:#3b82f6;--badge-radius:6px;--badge-shadow:0 1px 3px rgba(0,0,0,0.12);\
--badge-font:system-ui, sans-serif}\
.c{display:flex;align-items:center;gap:5px;height:30px;min-width:120px;padding:0 10px;\
font:12px/1.4 var(--badge-font);white-space:nowrap;border-radius:var(--badge-radius);\
background:var(--badge-bg);box-shadow:var(--badge-shadow);pointer-events:auto;animation:o 0s 10s forwards}\
@keyframes o{to{visibility:hidden}}\
svg{flex:none;color:var(--badge-accent)}\
i{width:7.75em;height:1.4em}\
@media (max-width:480px){.c{height:26px;min-width:0;padding:0 7px;gap:4px;font-size:10px}}";

/// badge.js's icon (badge/src/chip.rs `PLUG_ICON`).
const SHELL_ICON: &str = "<svg width=\"14\" height=\"14\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">\
<path fill=\"currentColor\" d=\"M5 1h2v4H5zm4 0h2v4H9zM3 5h10v3a5 5 0 0 1-4 4.9V15H7v-2.1A5 5 0 0 1 3 8z\"/></svg>";

impl BadgeTag {
    /// What the page gets before its `</body>`: the shell (when `shell`), then the script tag.
    pub fn to_html(&self) -> String {
        let mut html = if self.shell {
            self.shell_html()
        } else {
            String::new()
        };
        html.push_str(&self.script_html());
        html
    }

    /// The chip's shape as a `<platform-badge data-platform-shell>` with a declarative closed
    /// shadow root: a browser paints it as soon as it parses it, before badge.js has arrived,
    /// and neither page CSS nor page scripts reach inside. Pure ASCII; theme values (already held
    /// to safe characters by `parse_theme`) are escaped into a style attribute.
    pub fn shell_html(&self) -> String {
        let position = self.position.unwrap_or_default();
        let (vertical, horizontal) = match position {
            Position::BottomRight => ("bottom", "right"),
            Position::BottomLeft => ("bottom", "left"),
            Position::TopRight => ("top", "right"),
            Position::TopLeft => ("top", "left"),
        };
        let mut look = String::new();
        if let Some(theme) = &self.theme {
            for (key, value) in theme.iter() {
                if key != "fg" {
                    look.push_str(&format!("--badge-{key}:{value};"));
                }
            }
        }
        let style = if look.is_empty() {
            String::new()
        } else {
            format!(" style=\"{}\"", escape::attr_ascii(&look))
        };
        format!(
            "<platform-badge data-platform-shell aria-hidden=\"true\"><template shadowrootmode=\"closed\">\
             <style>{SHELL_STYLE}:host{{{vertical}:16px!important;{horizontal}:16px!important}}</style>\
             <div class=\"b\"{style}><div class=\"c\">{SHELL_ICON}<i></i></div></div>\
             </template></platform-badge>"
        )
    }

    /// The script tag as pure-ASCII HTML, every attribute value escaped; an empty theme is left out.
    pub fn script_html(&self) -> String {
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
            shell: false,
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
    fn the_shell_comes_first_in_a_closed_declarative_root_at_the_tags_corner() {
        let tag = BadgeTag {
            shell: true,
            position: Some(Position::TopLeft),
            ..sample_tag()
        };
        let html = tag.to_html();
        assert!(html.is_ascii());
        let (name, attributes) = browser_attributes(&html);
        assert_eq!(name, "platform-badge");
        assert_eq!(attributes["data-platform-shell"], "");
        assert_eq!(attributes["aria-hidden"], "true");
        assert!(html.contains("<template shadowrootmode=\"closed\">"));
        assert!(html.contains(":host{top:16px!important;left:16px!important}"));
        // The script follows the shell, so the parser has the shell before it waits for badge.js.
        assert!(html.ends_with(
            &BadgeTag {
                shell: false,
                ..tag.clone()
            }
            .to_html()
        ));
        assert!(html.find("</platform-badge>") < html.find("<script"));
        // No words (a font to load before the page's first paint, and text an LCP candidate):
        // an empty box as wide as badge.js's label canvas.
        assert!(html.contains("<i></i>") && html.contains("i{width:7.75em;height:1.4em}"));
        assert!(!html.contains("Running on"));
        assert!(
            !sample_tag().to_html().contains("<platform-badge"),
            "no shell unless asked"
        );
    }

    #[test]
    fn the_shell_takes_the_themes_look_but_not_its_text_colour() {
        let theme = parse_theme(&json!({
            "bg": "#0b3d91", "fg": "#ffffff", "font": "Noto Sans, \"Fira Sans\", 微软雅黑",
            "radius": "0"
        }))
        .unwrap();
        let tag = BadgeTag {
            shell: true,
            theme: Some(theme),
            ..sample_tag()
        };
        let html = tag.shell_html();
        assert!(html.is_ascii(), "{html}");
        let div = &html[html.find("<div class=\"b\"").unwrap()..];
        let (_, attributes) = browser_attributes(div);
        assert_eq!(
            attributes["style"],
            "--badge-bg:#0b3d91;--badge-radius:0;--badge-font:Noto Sans, \"Fira Sans\", 微软雅黑;"
        );
        assert!(html.contains(":host{bottom:16px!important;right:16px!important}"));
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
