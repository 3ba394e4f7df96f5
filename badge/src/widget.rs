//! badge-panel.js: the widget's states (docs/model.md "The badge"; Idle, Expanded, Confirmed,
//! plus Hidden once dismissed) and the two subscriptions that move between them: events inside
//! the badge and on the page. The chip (chip.rs) hands over once the panel is built.
#![cfg_attr(not(feature = "panel"), allow(dead_code))]

use crate::api;
use crate::chip::DISMISSED_KEY;
use crate::events::{listen, Callback};
use crate::view::{Panel, View};
use alloc::boxed::Box;
use alloc::string::String;
use core::cell::{Cell, OnceCell};
use js_sys::Reflect;
use wasm_bindgen::{JsCast, JsValue, UnwrapThrowExt};
use web_sys::{Document, Element, Event, EventTarget, KeyboardEvent, Window};

/// `plug_render::DISMISSED_COOKIE`, for the whole origin, until the browser session ends.
const DISMISSED_COOKIE: &str = "platform-badge-dismissed=1; path=/; SameSite=Lax";
const THANKS: &str = "Thanks \u{2014} your feedback was sent.";
const SEND_FAILED: &str = "Could not send your feedback. Please try again.";
/// How long the thanks shows before the panel closes (docs/model.md "The badge": about a second).
const CONFIRMATION_MS: i32 = 1_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Idle,
    Expanded,
    Confirmed,
    Hidden,
}

impl State {
    /// The value of `window.__PlatformBadge.state`.
    pub fn name(self) -> &'static str {
        match self {
            State::Idle => "idle",
            State::Expanded => "expanded",
            State::Confirmed => "confirmed",
            State::Hidden => "hidden",
        }
    }

    fn is_open(self) -> bool {
        matches!(self, State::Expanded | State::Confirmed)
    }
}

/// Takes the chip's hand-off (`window.__PlatformBadge._h`, see chip.rs: the shadow root and
/// whether the viewer already asked for the panel), builds the panel into the shadow root and opens it if the viewer already asked. Without a hand-off (the script loaded by
/// anything but the chip, or twice) it does nothing.
pub fn start(window: Window) {
    let document = window.document().unwrap_throw();
    let global = Reflect::get(&window, &"__PlatformBadge".into()).unwrap_or_default();
    let handoff = Reflect::get(&global, &"_h".into()).unwrap_or_default();
    if !handoff.is_object() {
        return;
    }
    let _ = Reflect::set(&global, &"_h".into(), &JsValue::UNDEFINED);
    let field = |name: &str| Reflect::get(&handoff, &name.into()).unwrap_or_default();
    // The same tag the chip read (it started only when the tag was usable).
    let Some(config) = crate::config::read(&document) else {
        return;
    };
    let panel = Panel {
        allows_dismiss: config.mode.allows_dismiss(),
        api_origin: config.api_origin,
        entity: config.entity,
        name: config.name,
    };
    let view = View::mount(field("s").unchecked_into(), &panel);
    let widget = Widget::mount(window, document, global, panel, view);
    let _ = Reflect::set(&handoff, &"m".into(), &JsValue::TRUE);
    if field("o").is_truthy() {
        widget.open();
    }
}

fn session_storage(window: &Window) -> Option<web_sys::Storage> {
    window.session_storage().ok().flatten()
}

/// The mounted badge. It lives as long as the page, so it is leaked once mounted (`mount`) and
/// every callback borrows it for `'static`; dismissing removes the host and leaves it Hidden.
pub struct Widget {
    window: Window,
    document: Document,
    /// `window.__PlatformBadge`, where `state` is published.
    global: JsValue,
    panel: Panel,
    view: View,
    state: Cell<State>,
    sending: Cell<bool>,
    /// The pending `setTimeout` that ends Confirmed, and its callback (created on first use).
    confirmation: Cell<Option<i32>>,
    on_confirmation_elapsed: OnceCell<Callback>,
    /// One callback for both outcomes of every feedback request, created on first use.
    on_settled: OnceCell<Callback>,
}

impl Widget {
    /// Wires the panel's events and publishes `open`/`close` in place of the chip's.
    pub fn mount(
        window: Window,
        document: Document,
        global: JsValue,
        panel: Panel,
        view: View,
    ) -> &'static Widget {
        let widget: &'static Widget = Box::leak(Box::new(Widget {
            window,
            document,
            global,
            panel,
            view,
            state: Cell::new(State::Idle),
            sending: Cell::new(false),
            confirmation: Cell::new(None),
            on_confirmation_elapsed: OnceCell::new(),
            on_settled: OnceCell::new(),
        }));
        widget.subscribe();
        widget.publish_api();
        widget
    }

    fn subscribe(&'static self) {
        listen(
            &self.view.shadow,
            &["click", "input", "submit"],
            false,
            move |event| self.on_badge_event(event.unchecked_ref()),
        );
        // Capture phase: a page handler that stops propagation must not keep the panel open.
        listen(&self.document, &["click", "keydown"], true, move |event| {
            self.on_page_event(event.unchecked_ref())
        });
    }

    /// `window.__PlatformBadge.open()` / `.close()`, owned by the page's global from now on.
    fn publish_api(&'static self) {
        let open = Callback::new(move |_| self.open()).into_js_value();
        let close = Callback::new(move |_| self.close()).into_js_value();
        let _ = Reflect::set(&self.global, &"open".into(), &open);
        let _ = Reflect::set(&self.global, &"close".into(), &close);
    }

    fn set_state(&self, state: State) {
        self.state.set(state);
        let _ = Reflect::set(&self.global, &"state".into(), &state.name().into());
    }

    fn on_badge_event(&'static self, event: &Event) {
        match event.type_().as_str() {
            "click" => match clicked_button(event).as_deref() {
                Some("c") => self.toggle(),
                Some("x") => self.close(),
                Some("h") => self.dismiss(),
                _ => {}
            },
            "input" => self.update_submit(),
            "submit" => {
                event.prevent_default();
                self.submit();
            }
            _ => {}
        }
    }

    fn on_page_event(&self, event: &Event) {
        if event.type_() == "keydown" {
            if event.unchecked_ref::<KeyboardEvent>().key() == "Escape" {
                self.close();
            }
        } else if self.is_outside(event) {
            self.close();
        }
    }

    pub fn open(&self) {
        if self.state.get() != State::Idle {
            return;
        }
        self.set_state(State::Expanded);
        self.view.panel.set_hidden(false);
        let _ = self.view.chip.set_attribute("aria-expanded", "true");
        let _ = self.view.panel.focus();
    }

    /// Back to Idle. Focus returns to the chip unless the viewer has put it somewhere else on the page.
    pub fn close(&self) {
        if !self.state.get().is_open() {
            return;
        }
        self.set_state(State::Idle);
        self.cancel_scheduled_close();
        self.view.panel.set_hidden(true);
        let _ = self.view.chip.set_attribute("aria-expanded", "false");
        self.show_status("", false);
        if self.focus_is_ours_or_nowhere() {
            let _ = self.view.chip.focus();
        }
    }

    fn toggle(&self) {
        if self.state.get().is_open() {
            self.close();
        } else {
            self.open();
        }
    }

    fn focus_is_ours_or_nowhere(&self) -> bool {
        match self.document.active_element() {
            None => true,
            Some(active) => {
                active == *self.view.host
                    || self.document.body().is_some_and(|body| active == *body)
            }
        }
    }

    /// Clicks inside a closed shadow root reach the document retargeted to the host.
    fn is_outside(&self, event: &Event) -> bool {
        let host: &EventTarget = self.view.host.as_ref();
        event.target().is_some_and(|target| target != *host)
    }

    fn update_submit(&self) {
        let empty = self.view.text.value().trim_ascii().is_empty();
        self.view.submit.set_disabled(empty || self.sending.get());
    }

    fn submit(&'static self) {
        let text = self.view.text.value();
        if self.state.get() != State::Expanded || self.sending.get() || text.trim_ascii().is_empty()
        {
            return;
        }
        self.sending.set(true);
        self.update_submit();
        self.show_status("", false);
        let request = api::post_feedback(
            &self.window,
            &self.panel.api_origin,
            &self.panel.entity,
            &self.view.category.value(),
            text.trim_ascii(),
        );
        let on_settled = self.on_settled.get_or_init(|| {
            Callback::new(move |settled| self.finish_submit(api::succeeded(&settled)))
        });
        let _ = request.then2(on_settled, on_settled);
    }

    fn finish_submit(&'static self, succeeded: bool) {
        self.sending.set(false);
        if succeeded {
            self.view.form.reset();
            self.show_status(THANKS, false);
            if self.state.get() == State::Expanded {
                self.set_state(State::Confirmed);
                self.schedule_close();
            }
        } else {
            self.show_status(SEND_FAILED, true);
        }
        self.update_submit();
    }

    /// Closes the panel once the thanks has been read (docs/model.md "The badge": about a second).
    fn schedule_close(&'static self) {
        let elapsed = self
            .on_confirmation_elapsed
            .get_or_init(|| Callback::new(move |_| self.close()));
        let handle = self
            .window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                elapsed.as_ref().unchecked_ref(),
                CONFIRMATION_MS,
            );
        self.confirmation.set(handle.ok());
    }

    fn cancel_scheduled_close(&self) {
        if let Some(handle) = self.confirmation.take() {
            self.window.clear_timeout_with_handle(handle);
        }
    }

    fn show_status(&self, message: &str, is_error: bool) {
        self.view.status.set_text_content(Some(message));
        let _ = self
            .view
            .status
            .set_attribute("class", if is_error { "e" } else { "" });
    }

    /// "Hide for this session" (auto mode only): gone now and on every page of this session.
    fn dismiss(&self) {
        if let Some(storage) = session_storage(&self.window) {
            let _ = storage.set_item(DISMISSED_KEY, "1");
        }
        // The same choice as a session cookie of this origin, which the Worker reads to leave the
        // chip's shell out of this origin's next pages (docs/api.md: the chip's shell);
        // sessionStorage above stays what badge.js decides by.
        if let Some(document) = self.window.document() {
            let _ = Reflect::set(&document, &"cookie".into(), &DISMISSED_COOKIE.into());
        }
        self.cancel_scheduled_close();
        self.set_state(State::Hidden);
        // The listeners stay (see `events::listen`): Hidden is never open, so they do nothing now.
        self.view.host.remove();
    }
}

/// The id of the badge button a click landed in (the chip holds an icon and a label).
/// Click targets are elements; `closest` throwing (an error result) covers anything else.
fn clicked_button(event: &Event) -> Option<String> {
    let target = event.target()?;
    let button = target.unchecked_ref::<Element>().closest("button").ok()??;
    Some(button.id())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_report_the_names_tests_and_the_page_see() {
        let names = [
            State::Idle,
            State::Expanded,
            State::Confirmed,
            State::Hidden,
        ]
        .map(State::name);
        assert_eq!(names, ["idle", "expanded", "confirmed", "hidden"]);
    }

    #[test]
    fn only_expanded_and_confirmed_show_the_panel() {
        assert!(State::Expanded.is_open() && State::Confirmed.is_open());
        assert!(!State::Idle.is_open() && !State::Hidden.is_open());
    }

    #[test]
    fn thanks_message_matches_the_wording_viewers_see() {
        assert_eq!(THANKS, "Thanks — your feedback was sent.");
    }
}
