//! The badge's DOM: a `<platform-badge>` host with a closed shadow root holding the chip and the panel.
//! The markup is one static template (far smaller in wasm than element-by-element construction).

use crate::concat;
use crate::config::{self, Config, Position};
use alloc::borrow::ToOwned;
use alloc::string::String;
use wasm_bindgen::{JsCast, UnwrapThrowExt};
use web_sys::{
    CanvasRenderingContext2d, Document, Element, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlFormElement, HtmlSelectElement, HtmlTextAreaElement, ShadowRoot, ShadowRootInit,
    ShadowRootMode, Window,
};

/// `all: initial` keeps page CSS out of the host; `!important` here beats even `!important` page
/// rules, because important declarations from the inner (shadow) context win. Theme overrides sit
/// on the `.b` wrapper inside the shadow root, where page CSS cannot reach.
const STYLE: &str = "\
:host{all:initial!important;position:fixed!important;z-index:2147483647!important;display:block!important;\
--badge-bg:#1f2937!important;--badge-fg:#f9fafb!important;--badge-accent:#3b82f6!important;\
--badge-radius:6px!important;--badge-shadow:0 1px 3px rgba(0,0,0,0.12)!important;\
--badge-font:system-ui, sans-serif!important}\
*{box-sizing:border-box}\
[hidden]{display:none!important}\
.b{font:12px/1.4 var(--badge-font);color:var(--badge-fg)}\
button,select,textarea{font:inherit;color:inherit;margin:0}\
button{cursor:pointer}\
:focus-visible{outline:2px solid var(--badge-accent);outline-offset:2px}\
.c{display:flex;align-items:center;gap:5px;height:30px;min-width:120px;padding:0 10px;border:0;\
border-radius:var(--badge-radius);background:var(--badge-bg);box-shadow:var(--badge-shadow);\
white-space:nowrap;transition:transform .15s}\
.c:hover{transform:translateY(-1px)}\
.c svg{flex:none;color:var(--badge-accent)}\
.c canvas{height:1.4em}\
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
select,textarea{width:100%;padding:6px 8px;border:1px solid #d1d5db;border-radius:4px;\
background:#fff;color:#111827}\
textarea{min-height:80px;resize:vertical}\
.x{border:0;background:none;font-size:20px;line-height:1;padding:2px 6px;border-radius:4px}\
#go{border:0;border-radius:4px;padding:6px 14px;background:var(--badge-accent);color:#fff;font-weight:600}\
#go:disabled{opacity:.5;cursor:default}\
.e{color:#fca5a5}\
#h{align-self:flex-start;border:0;background:none;padding:0;text-decoration:underline;opacity:.8}\
@media (max-width:480px){.c{height:26px;min-width:0;padding:0 7px;gap:4px;font-size:10px}\
.b .p{position:fixed;left:0;right:0;top:auto;bottom:0;width:auto;max-width:none;\
border-radius:var(--badge-radius) var(--badge-radius) 0 0}}\
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}";

/// `--badge-font` and `--badge-fg` of `STYLE`, for the canvas label when no theme sets them.
const DEFAULT_FONT: &str = "system-ui, sans-serif";
const DEFAULT_COLOR: &str = "#f9fafb";
/// The label canvas's CSS height at the chip's 12px font: `.c canvas{height:1.4em}`.
const LABEL_HEIGHT: f64 = 16.8;

const PLUG_ICON: &str = "<svg width=\"14\" height=\"14\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">\
<path fill=\"currentColor\" d=\"M5 1h2v4H5zm4 0h2v4H9zM3 5h10v3a5 5 0 0 1-4 4.9V15H7v-2.1A5 5 0 0 1 3 8z\"/></svg>";

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

/// The host's corner; kept out of the page's reach by `!important` like the rest of `:host`.
fn corner_style(position: Position) -> &'static str {
    match position {
        Position::BottomRight => ":host{bottom:16px!important;right:16px!important}",
        Position::BottomLeft => ":host{bottom:16px!important;left:16px!important}",
        Position::TopRight => ":host{top:16px!important;right:16px!important}",
        Position::TopLeft => ":host{top:16px!important;left:16px!important}",
    }
}

/// Wrapper classes: `t` opens the panel below the chip, `l` aligns it to the left edge.
fn wrapper_class(position: Position) -> &'static str {
    match (position.is_top(), position.is_left()) {
        (false, false) => "b",
        (false, true) => "b l",
        (true, false) => "b t",
        (true, true) => "b t l",
    }
}

/// The shadow root's whole content. `name` is safe to splice in: `config::platform_name` only
/// lets letters, digits, spaces and `.-_` through.
fn markup(config: &Config) -> String {
    let name = config.name.as_str();
    let hide = if config.mode.allows_dismiss() {
        HIDE_BUTTON
    } else {
        ""
    };
    concat(&[
        "<style>",
        STYLE,
        corner_style(config.position),
        "</style><div id=\"b\" class=\"",
        wrapper_class(config.position),
        "\"><button class=\"c\" id=\"c\" type=\"button\" aria-expanded=\"false\" aria-controls=\"p\" aria-label=\"",
        &label(config),
        "\">",
        PLUG_ICON,
        "<canvas id=\"n\" aria-hidden=\"true\"></canvas></button><div class=\"p\" id=\"p\" role=\"dialog\" aria-label=\"About ",
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
        "</div></div>",
    ])
}

/// The chip's words, painted on its canvas and given to assistive technology as its name.
pub fn label(config: &Config) -> String {
    concat(&["Running on ", &config.name])
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
    /// Builds the badge and appends it to the page (body, or the root element if there is none yet).
    pub fn mount(window: &Window, document: &Document, config: &Config) -> View {
        let host: HtmlElement = document
            .create_element("platform-badge")
            .unwrap_throw()
            .unchecked_into();
        let shadow = host
            .attach_shadow(&ShadowRootInit::new(ShadowRootMode::Closed))
            .unwrap_throw();
        shadow.set_inner_html(&markup(config));
        let (font, color) = apply_theme(&shadow, config);
        let parent: Option<Element> = document.body().map(Into::into);
        parent
            .or_else(|| document.document_element())
            .unwrap_throw()
            .append_child(&host)
            .unwrap_throw();
        let chip: HtmlElement = part(&shadow, "c");
        let font = concat(&["12px ", font.as_deref().unwrap_or(DEFAULT_FONT)]);
        let color = color.as_deref().unwrap_or(DEFAULT_COLOR);
        let _ = paint_label(window, &part(&shadow, "n"), &label(config), &font, color);
        View {
            chip,
            panel: part(&shadow, "p"),
            form: part(&shadow, "f"),
            category: part(&shadow, "k"),
            text: part(&shadow, "q"),
            submit: part(&shadow, "go"),
            status: part(&shadow, "s"),
            host,
            shadow,
        }
    }
}

/// Paints the chip's words on its canvas. Canvas pixels are never a Largest Contentful Paint
/// candidate (text and images are), so the badge cannot become a page's LCP element, not even on
/// an empty page (README "The badge"). The font and colour are the chip's (`STYLE` and the theme),
/// known here without asking for computed style, which would force a layout of the whole page
/// before the chip can show. The canvas is drawn at the chip's 12px in device pixels; CSS sizes it
/// to `1.4em` high (its width follows), so the narrow-screen 10px chip scales it down.
fn paint_label(
    window: &Window,
    canvas: &HtmlCanvasElement,
    text: &str,
    font: &str,
    color: &str,
) -> Option<()> {
    let context: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
    context.set_font(font);
    let ratio = window.device_pixel_ratio();
    let width = context.measure_text(text).ok()?.width();
    // Resizing clears the canvas and its state: scale and font are set after it.
    canvas.set_width((width * ratio) as u32 + 1);
    canvas.set_height((LABEL_HEIGHT * ratio) as u32);
    context.scale(ratio, ratio).ok()?;
    context.set_font(font);
    context.set_fill_style_str(color);
    context.set_text_baseline("middle");
    context.fill_text(text, 0.0, LABEL_HEIGHT / 2.0).ok()
}

fn part<T: JsCast>(shadow: &ShadowRoot, id: &str) -> T {
    shadow.get_element_by_id(id).unwrap_throw().unchecked_into()
}

/// Theme values go through the CSSOM (`setProperty`), never into CSS text. Returns the theme's
/// font family and text colour, which the chip's canvas label is painted with.
fn apply_theme(shadow: &ShadowRoot, config: &Config) -> (Option<String>, Option<String>) {
    let (mut font, mut color) = (None, None);
    if let Some(json) = &config.theme {
        let style = part::<HtmlElement>(shadow, "b").style();
        config::for_each_theme_value(json, |variable, value| {
            let _ = style.set_property(variable, value);
            match variable {
                "--badge-font" => font = Some(value.to_owned()),
                "--badge-fg" => color = Some(value.to_owned()),
                _ => {}
            }
        });
    }
    (font, color)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Mode;

    fn config(mode: Mode, position: Position) -> Config {
        Config {
            entity: "e1".into(),
            api_origin: "http://localhost:8787".into(),
            mode,
            position,
            name: "Plug".into(),
            theme: None,
        }
    }

    #[test]
    fn auto_mode_offers_hide_for_this_session() {
        assert!(markup(&config(Mode::Auto, Position::BottomRight)).contains("id=\"h\""));
    }

    #[test]
    fn forced_modes_offer_no_dismiss_control() {
        for mode in [Mode::ForceShow, Mode::LockedShow] {
            assert!(!markup(&config(mode, Position::BottomRight)).contains("id=\"h\""));
        }
    }

    #[test]
    fn chip_says_running_on_the_platform_name() {
        let mut plain = config(Mode::Auto, Position::BottomRight);
        plain.name = "Acme".into();
        assert!(markup(&plain).contains("aria-label=\"Running on Acme\""));
    }

    #[test]
    fn feedback_form_lists_the_five_categories_and_limits_text() {
        let html = markup(&config(Mode::Auto, Position::BottomRight));
        for value in ["reaction", "bug", "feature_request", "comment", "other"] {
            assert!(
                html.contains(&["value=\"", value, "\""].concat()),
                "{value}"
            );
        }
        assert!(html.contains("maxlength=\"2000\""));
    }

    #[test]
    fn each_position_pins_its_own_corner() {
        let top_left = markup(&config(Mode::Auto, Position::TopLeft));
        assert!(top_left.contains(":host{top:16px!important;left:16px!important}"));
        assert!(top_left.contains("class=\"b t l\""));
        let bottom_right = markup(&config(Mode::Auto, Position::BottomRight));
        assert!(bottom_right.contains(":host{bottom:16px!important;right:16px!important}"));
        assert!(bottom_right.contains("class=\"b\""));
    }
}
