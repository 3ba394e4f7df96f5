//! badge.js: the chip, the only part every page pays for (README "The badge"). It reads the tag,
//! sends the beacon, paints the chip and, when the viewer reaches for it (pointer over, focus, a
//! click, `__PlatformBadge.open()`) or a little after start, loads badge-panel.js from where
//! badge.js came from. The panel takes over from there (`widget::start`); the hand-off is one
//! object on the global, read and cleared by the panel as it starts.
#![cfg_attr(feature = "panel", allow(dead_code))]

use crate::api;
use crate::concat;
use crate::config::{self, Config, Position};
use crate::events::Callback;
use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use core::cell::Cell;
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue, UnwrapThrowExt};
use web_sys::{
    CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement, ShadowRoot, Window,
};

/// Where the widget stores "hidden for this session" (the panel's "Hide for this session").
pub const DISMISSED_KEY: &str = "platform-badge-dismissed";
/// Shown by the chip when the viewer asked for the panel and badge-panel.js could not be loaded.
pub const PANEL_FAILED: &str =
    "Could not load the feedback panel. Check the connection and try again.";

/// `all: initial` keeps page CSS out of the host; `!important` here beats even `!important` page
/// rules, because important declarations from the inner (shadow) context win. Theme overrides sit
/// on the `.b` wrapper inside the shadow root, where page CSS cannot reach. The panel brings its
/// own rules (`view::STYLE`).
const STYLE: &str = "\
:host{all:initial!important;position:fixed!important;z-index:2147483647!important;display:block!important;\
--badge-bg:#1f2937!important;--badge-fg:#f9fafb!important;--badge-accent:#3b82f6!important;\
--badge-radius:6px!important;--badge-shadow:0 1px 3px rgba(0,0,0,0.12)!important;\
--badge-font:system-ui, sans-serif!important}\
*{box-sizing:border-box}\
[hidden]{display:none!important}\
.b{font:12px/1.4 var(--badge-font);color:var(--badge-fg)}\
button{font:inherit;color:inherit;margin:0;cursor:pointer}\
:focus-visible{outline:2px solid var(--badge-accent);outline-offset:2px}\
.c{display:flex;align-items:center;gap:5px;height:30px;min-width:120px;padding:0 10px;border:0;\
border-radius:var(--badge-radius);background:var(--badge-bg);box-shadow:var(--badge-shadow);\
white-space:nowrap;transition:transform .15s}\
.c:hover{transform:translateY(-1px)}\
.c svg{flex:none;color:var(--badge-accent)}\
.c canvas{width:7.75em;height:1.4em}\
#e{position:absolute;right:0;bottom:38px;width:260px;padding:8px 12px;background:var(--badge-bg);\
border-radius:var(--badge-radius);box-shadow:var(--badge-shadow)}\
.t #e{bottom:auto;top:38px}\
.l #e{right:auto;left:0}\
@media (max-width:480px){.c{height:26px;min-width:0;padding:0 7px;gap:4px;font-size:10px}}\
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}";

/// `--badge-font` and `--badge-fg` of `STYLE`, for the canvas label when no theme sets them.
const DEFAULT_FONT: &str = "system-ui, sans-serif";
const DEFAULT_COLOR: &str = "#f9fafb";
/// The label canvas's CSS size at the chip's 12px font: `.c canvas{width:7.75em;height:1.4em}`.
/// A fixed box, the same as the shell's (crates/render/src/badge_tag.rs), so the chip replaces the
/// shell without moving, and the shell needs no words, whose font the page's first frame would
/// otherwise load (docs/speed.md, session 24). "Running on Plug" is 81 to 97.5 px wide at 12px
/// in the common system fonts (Roboto to DejaVu Sans); the words are centred in it and condensed
/// where wider.
const LABEL_WIDTH: f64 = 93.0;
const LABEL_HEIGHT: f64 = 16.8;

const PLUG_ICON: &str = "<svg width=\"14\" height=\"14\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">\
<path fill=\"currentColor\" d=\"M5 1h2v4H5zm4 0h2v4H9zM3 5h10v3a5 5 0 0 1-4 4.9V15H7v-2.1A5 5 0 0 1 3 8z\"/></svg>";

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

/// The shadow root's content until the panel arrives: the chip and the line that says the panel
/// could not be loaded. Element ids: `b` wrapper, `c` chip, `n` its label canvas, `e` that line.
fn markup(config: &Config) -> String {
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
        "<canvas id=\"n\" aria-hidden=\"true\"></canvas></button><div id=\"e\" role=\"alert\" hidden>",
        PANEL_FAILED,
        "</div></div>",
    ])
}

/// The chip's words, painted on its canvas and given to assistive technology as its name.
pub fn label(config: &Config) -> String {
    concat(&["Running on ", &config.name])
}

/// The URL of badge-panel.js: next to badge.js on the API origin (interface: `{base_url}`).
pub fn panel_url(api_origin: &str) -> String {
    concat(&[api_origin, "/badge-panel.js"])
}

/// Whether the viewer hid the badge earlier in this browser session. Storage can be unavailable
/// (sandboxed frames, privacy modes): then the badge simply shows.
/// Read as `sessionStorage[key]` through `Reflect`, whose one binding the chip already has: the
/// getter throws where storage is denied, which is an error here, so the badge shows.
pub fn dismissed_this_session(window: &Window) -> bool {
    Reflect::get(window, &"sessionStorage".into())
        .and_then(|storage| Reflect::get(&storage, &DISMISSED_KEY.into()))
        .is_ok_and(|value| value.is_string())
}

/// Reads the tag, sends the view beacon (once per page load) and shows the chip unless the
/// viewer hid it for this session in `auto` mode.
pub fn start(window: Window) {
    let document = window.document().unwrap_throw();
    let global = Reflect::get(&window, &"__PlatformBadge".into()).unwrap_throw();
    let Some(config) = config::read(&document) else {
        return;
    };
    if !api::no_count(&document) {
        api::send_beacon(&window, &config.api_origin, &config.entity);
    }
    if config.mode.allows_dismiss() && dismissed_this_session(&window) {
        set(&global, "state", &"hidden".into());
        return;
    }
    let shadow = mount(&window, &document, &config);
    set(&global, "state", &"idle".into());
    Chip::new(document, global, &shadow, &config).subscribe(&shadow);
}

/// Builds the chip and appends it to the page (body, or the root element if there is none yet).
fn mount(window: &Window, document: &Document, config: &Config) -> ShadowRoot {
    let host: HtmlElement = document
        .create_element("platform-badge")
        .unwrap_throw()
        .unchecked_into();
    // `{ mode: "closed" }` by the JS engine's parser: web-sys's ShadowRootInit adds glue.
    let init = js_sys::JSON::parse(r#"{"mode":"closed"}"#).unwrap_throw();
    let shadow = host.unchecked_ref::<NewHost>().attach_shadow(&init);
    shadow.set_inner_html(&markup(config));
    let (font, color) = apply_theme(&shadow, config);
    let parent: Option<Element> = document.body().map(Into::into);
    parent
        .or_else(|| document.document_element())
        .unwrap_throw()
        .append_child(&host)
        .unwrap_throw();
    let font = concat(&["12px ", font.as_deref().unwrap_or(DEFAULT_FONT)]);
    let color = color.as_deref().unwrap_or(DEFAULT_COLOR);
    let _ = paint_label(window, &part(&shadow, "n"), &label(config), &font, color);
    shadow
}

/// The mounted chip until the panel takes over. Leaked: it lives as long as the page.
struct Chip {
    document: Document,
    /// What the panel reads as it starts: `s` the shadow root, `o` whether the panel should open
    /// as soon as it is built. The panel sets `m` once it is built; it reads the rest of what it
    /// needs from the same script tag as the chip (`config::read`).
    handoff: Object,
    global: JsValue,
    src: String,
    /// A badge-panel.js script is in the page and has not failed.
    requested: Cell<bool>,
    error: HtmlElement,
}

impl Chip {
    fn new(
        document: Document,
        global: JsValue,
        shadow: &ShadowRoot,
        config: &Config,
    ) -> &'static Chip {
        let handoff = Object::new();
        set(&handoff, "s", shadow);
        let chip: &'static Chip = Box::leak(Box::new(Chip {
            error: part(shadow, "e"),
            document,
            handoff,
            global,
            src: panel_url(&config.api_origin),
            requested: Cell::new(false),
        }));
        chip
    }

    fn subscribe(&'static self, shadow: &ShadowRoot) {
        // The panel is fetched as soon as the chip is on screen (a click then finds it built);
        // a click before that asks it to open once built, and fetches it again after a failure.
        // A click and `__PlatformBadge.open()` are the same callback.
        self.request();
        let open = Callback::new(move |_| {
            self.want_open(true);
            self.request();
        })
        .into_js_value();
        let _ = shadow.add_event_listener_with_callback("click", open.unchecked_ref());
        let close = Callback::new(move |_| self.want_open(false)).into_js_value();
        set(&self.global, "open", &open);
        set(&self.global, "close", &close);
    }

    /// Whether the panel is built: from then on it answers clicks and `open`/`close` itself.
    fn panel_built(&self) -> bool {
        Reflect::get(&self.handoff, &"m".into()).is_ok_and(|built| built.is_truthy())
    }

    fn want_open(&self, open: bool) {
        if !self.panel_built() {
            set(&self.handoff, "o", &open.into());
            self.error.set_hidden(true);
        }
    }

    /// Adds the badge-panel.js script once (again after a failure). The panel's wrapper starts
    /// only when it finds the hand-off on the global.
    fn request(&'static self) {
        if self.requested.get() || self.panel_built() {
            return;
        }
        self.requested.set(true);
        set(&self.global, "_h", &self.handoff);
        let script = self.document.create_element("script").unwrap_throw();
        let _ = script.set_attribute("src", &self.src);
        let failed = Callback::new(move |_| self.failed()).into_js_value();
        set(&script, "onerror", &failed);
        if let Some(root) = self.document.document_element() {
            let _ = root.append_child(&script);
        }
    }

    /// The panel could not be fetched (offline, blocked): say so if the viewer asked for it, and
    /// try again on the next reach.
    fn failed(&self) {
        self.requested.set(false);
        let asked = Reflect::get(&self.handoff, &"o".into()).is_ok_and(|o| o.is_truthy());
        if asked {
            self.error.set_hidden(false);
            set(&self.handoff, "o", &false.into());
        }
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `attachShadow` with a plain object: web-sys's takes a `ShadowRootInit`, whose builder and
    /// mode enum add glue. A new element cannot refuse a shadow root, so no `catch`.
    type NewHost;
    #[wasm_bindgen(method, js_name = attachShadow)]
    fn attach_shadow(this: &NewHost, init: &JsValue) -> ShadowRoot;
}

fn set(target: &JsValue, name: &str, value: &JsValue) {
    let _ = Reflect::set(target, &name.into(), value);
}

/// Paints the chip's words on its canvas. Canvas pixels are never a Largest Contentful Paint
/// candidate (text and images are), so the badge cannot become a page's LCP element, not even on
/// an empty page (README "The badge"). The font and colour are the chip's (`STYLE` and the theme),
/// known here without asking for computed style, which would force a layout of the whole page
/// before the chip can show. The canvas is drawn at the chip's 12px in device pixels; CSS sizes it
/// in `em`, so the narrow-screen 10px chip scales it down.
fn paint_label(
    window: &Window,
    canvas: &HtmlCanvasElement,
    text: &str,
    font: &str,
    color: &str,
) -> Option<()> {
    let context: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
    let ratio = window.device_pixel_ratio();
    // Resizing clears the canvas and its state: scale and font are set after it.
    canvas.set_width((LABEL_WIDTH * ratio) as u32);
    canvas.set_height((LABEL_HEIGHT * ratio) as u32);
    context.scale(ratio, ratio).ok()?;
    context.set_font(font);
    context.set_fill_style_str(color);
    context.set_text_baseline("middle");
    context.set_text_align("center");
    context
        .fill_text_with_max_width(text, LABEL_WIDTH / 2.0, LABEL_HEIGHT / 2.0, LABEL_WIDTH)
        .ok()
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

    fn config(position: Position) -> Config {
        Config {
            entity: "e1".into(),
            api_origin: "http://localhost:8787".into(),
            mode: Mode::Auto,
            position,
            name: "Plug".into(),
            theme: None,
        }
    }

    #[test]
    fn chip_says_running_on_the_platform_name() {
        let mut plain = config(Position::BottomRight);
        plain.name = "Acme".into();
        assert!(markup(&plain).contains("aria-label=\"Running on Acme\""));
    }

    #[test]
    fn the_chip_alone_carries_no_panel() {
        let html = markup(&config(Position::BottomRight));
        assert!(!html.contains("<form") && !html.contains("id=\"p\""));
    }

    #[test]
    fn each_position_pins_its_own_corner() {
        let top_left = markup(&config(Position::TopLeft));
        assert!(top_left.contains(":host{top:16px!important;left:16px!important}"));
        assert!(top_left.contains("class=\"b t l\""));
        let bottom_right = markup(&config(Position::BottomRight));
        assert!(bottom_right.contains(":host{bottom:16px!important;right:16px!important}"));
        assert!(bottom_right.contains("class=\"b\""));
    }

    #[test]
    fn the_panel_comes_from_next_to_badge_js() {
        assert_eq!(
            panel_url("https://api.plug.dev"),
            "https://api.plug.dev/badge-panel.js"
        );
    }
}
