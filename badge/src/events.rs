//! DOM listeners of the widget, added once for the page's life.
//! One callback may serve several event types, and every callback shares one closure type, because
//! each distinct closure type adds wasm-bindgen glue to badge.js.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::EventTarget;

/// The one closure type of the badge: events, the feedback response and the public API use it.
pub type Callback = Closure<dyn FnMut(JsValue)>;

/// Calls `handle` for each of `event_types` on `target` for the rest of the page's life. The badge
/// never removes its listeners: once hidden, its handlers find nothing to do (a closed panel
/// ignores close requests, and the removed host receives no events), which keeps the
/// unsubscribe machinery out of badge.js.
pub fn listen(
    target: &EventTarget,
    event_types: &[&str],
    capture: bool,
    handle: impl FnMut(JsValue) + 'static,
) {
    let callback = Callback::new(handle).into_js_value();
    for event_type in event_types {
        let _ = target.add_event_listener_with_callback_and_bool(
            event_type,
            callback.unchecked_ref(),
            capture,
        );
    }
}
