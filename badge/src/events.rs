//! DOM listeners owned by the widget and removed when dropped, like gloo-events' `EventListener`.
//! One callback may serve several event types, and every callback shares one closure type, because
//! each distinct closure type adds wasm-bindgen glue to badge.js.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::EventTarget;

/// The one closure type of the badge: events, the feedback response and the public API use it.
pub type Callback = Closure<dyn FnMut(JsValue)>;

/// `callback` listening on `target` for each of `event_types` until dropped.
pub struct Subscription {
    target: EventTarget,
    event_types: &'static [&'static str],
    capture: bool,
    callback: Callback,
}

impl Subscription {
    pub fn new(
        target: &EventTarget,
        event_types: &'static [&'static str],
        capture: bool,
        handle: impl FnMut(JsValue) + 'static,
    ) -> Subscription {
        let callback = Callback::new(handle);
        for event_type in event_types {
            let _ = target.add_event_listener_with_callback_and_bool(
                event_type,
                callback.as_ref().unchecked_ref(),
                capture,
            );
        }
        Subscription {
            target: target.clone(),
            event_types,
            capture,
            callback,
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        for event_type in self.event_types {
            let _ = self.target.remove_event_listener_with_callback_and_bool(
                event_type,
                self.callback.as_ref().unchecked_ref(),
                self.capture,
            );
        }
    }
}
