//! The panel's DOM (badge-panel.js): built into the chip's closed shadow root, inside its `.b`
//! wrapper, so the theme and the corner classes the chip set apply to it too. The markup is one
//! static template (far smaller in wasm than element-by-element construction).
#![cfg_attr(not(feature = "panel"), allow(dead_code))]

use crate::concat;
use alloc::string::String;
use wasm_bindgen::{JsCast, UnwrapThrowExt};
use web_sys::{
    Element, HtmlButtonElement, HtmlElement, HtmlFormElement, HtmlSelectElement,
    HtmlTextAreaElement, ShadowRoot,
};

/// The panel's rules; the chip's `STYLE` (chip.rs) holds the host, the variables, fonts, buttons,
/// focus ring and reduced motion.
const STYLE: &str = "\
.p{position:absolute;right:0;bottom:38px;width:360px;max-width:calc(100vw - 32px);\
padding:12px 16px 16px;display:flex;flex-direction:column;gap:10px;background:var(--badge-bg);\
border-radius:var(--badge-radius);box-shadow:var(--badge-shadow),0 8px 24px rgba(0,0,0,.25);\
animation:in .15s ease-out}\
.t .p{bottom:auto;top:38px}\
.l .p{right:auto;left:0}\
.p:focus{outline:0}\
@keyframes in{from{opacity:0;transform:translateY(4px)}}\
.hd,.r{display:flex;align-items:center;justify-content:space-between;gap:8px}\
h2{margin:0;font-size:14px}\
p{margin:0}\
a{color:var(--badge-accent)}\
form{display:flex;flex-direction:column;gap:6px}\
label{font-weight:600}\
select,textarea{font:inherit;margin:0;width:100%;padding:6px 8px;border:1px solid #d1d5db;border-radius:4px;\
background:#fff;color:#111827}\
textarea{min-height:80px;resize:vertical}\
.x{border:0;background:none;font-size:20px;line-height:1;padding:2px 6px;border-radius:4px}\
#go{border:0;border-radius:4px;padding:6px 14px;background:var(--badge-accent);color:#fff;font-weight:600}\
#go:disabled{opacity:.5;cursor:default}\
.e{color:#fca5a5}\
#h{align-self:flex-start;border:0;background:none;padding:0;text-decoration:underline;opacity:.8}\
@media (max-width:480px){.b .p{position:fixed;left:0;right:0;top:auto;bottom:0;width:auto;max-width:none;\
border-radius:var(--badge-radius) var(--badge-radius) 0 0}}";

const CATEGORIES: &str = "<option value=\"reaction\">Reaction</option><option value=\"bug\">Bug report</option>\
<option value=\"feature_request\">Feature request</option><option value=\"comment\">Comment</option>\
<option value=\"other\">Other</option>";

const FEEDBACK_FORM: &str = "<form id=\"f\"><h2>Feedback</h2>\
<label for=\"k\">Category</label><select id=\"k\">";

const FEEDBACK_FORM_END: &str = "</select>\
<label for=\"q\">Your feedback</label><textarea id=\"q\" maxlength=\"2000\" rows=\"4\"></textarea>\
<div class=\"r\"><span id=\"s\" role=\"status\" aria-live=\"polite\"></span>\
<button id=\"go\" type=\"submit\" disabled>Send</button></div></form>";

const HIDE_BUTTON: &str = "<button id=\"h\" type=\"button\">Hide for this session</button>";

/// What the panel says and offers, from the chip's hand-off (`widget::start`).
pub struct Panel {
    pub api_origin: String,
    pub entity: String,
    /// Already held to plain letters, digits, spaces and `.-_` by `config::platform_name`.
    pub name: String,
    /// `auto` mode: "Hide for this session" is offered.
    pub allows_dismiss: bool,
}

/// The panel's whole content, appended to the chip's wrapper. `name` is safe to splice in.
fn markup(panel: &Panel) -> String {
    let name = panel.name.as_str();
    let hide = if panel.allows_dismiss {
        HIDE_BUTTON
    } else {
        ""
    };
    concat(&[
        "<style>",
        STYLE,
        "</style><div class=\"p\" id=\"p\" role=\"dialog\" aria-label=\"About ",
        name,
        " and feedback\" tabindex=\"-1\" hidden><div class=\"hd\"><h2>About ",
        name,
        "</h2><button class=\"x\" id=\"x\" type=\"button\" aria-label=\"Close\">&times;</button></div><p>",
        "This page is shared with ",
        name,
        ", where teams drop static work and get a link worth sharing. ",
        "<a href=\"https://plug.dev\" target=\"_blank\" rel=\"noopener\">Visit plug.dev</a></p>",
        FEEDBACK_FORM,
        CATEGORIES,
        FEEDBACK_FORM_END,
        hide,
        "</div>",
    ])
}

/// Handles to the parts of the badge the widget reads or changes. Element ids are one or two
/// letters because they ship in badge.js: `b` wrapper, `c` chip, `p` panel, `x` close, `f` form,
/// `k` category, `q` text, `go` submit, `s` status line, `h` "Hide for this session".
pub struct View {
    pub host: HtmlElement,
    pub shadow: ShadowRoot,
    pub chip: HtmlElement,
    pub panel: HtmlElement,
    pub form: HtmlFormElement,
    pub category: HtmlSelectElement,
    pub text: HtmlTextAreaElement,
    pub submit: HtmlButtonElement,
    pub status: Element,
}

impl View {
    /// Builds the panel (hidden) into the chip's shadow root.
    pub fn mount(shadow: ShadowRoot, panel: &Panel) -> View {
        let wrapper: Element = part(&shadow, "b");
        wrapper
            .insert_adjacent_html("beforeend", &markup(panel))
            .unwrap_throw();
        View {
            chip: part(&shadow, "c"),
            panel: part(&shadow, "p"),
            form: part(&shadow, "f"),
            category: part(&shadow, "k"),
            text: part(&shadow, "q"),
            submit: part(&shadow, "go"),
            status: part(&shadow, "s"),
            host: shadow.host().unchecked_into(),
            shadow,
        }
    }
}

fn part<T: JsCast>(shadow: &ShadowRoot, id: &str) -> T {
    shadow.get_element_by_id(id).unwrap_throw().unchecked_into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panel(allows_dismiss: bool) -> Panel {
        Panel {
            api_origin: "http://localhost:8787".into(),
            entity: "e1".into(),
            name: "Acme".into(),
            allows_dismiss,
        }
    }

    #[test]
    fn auto_mode_offers_hide_for_this_session() {
        assert!(markup(&panel(true)).contains("id=\"h\""));
    }

    #[test]
    fn forced_modes_offer_no_dismiss_control() {
        assert!(!markup(&panel(false)).contains("id=\"h\""));
    }

    #[test]
    fn the_panel_is_labelled_with_the_platform_name() {
        assert!(markup(&panel(true)).contains("aria-label=\"About Acme and feedback\""));
    }

    #[test]
    fn feedback_form_lists_the_five_categories_and_limits_text() {
        let html = markup(&panel(true));
        for value in ["reaction", "bug", "feature_request", "comment", "other"] {
            assert!(
                html.contains(&["value=\"", value, "\""].concat()),
                "{value}"
            );
        }
        assert!(html.contains("maxlength=\"2000\""));
    }
}
