//! badge.js: the "Running on Plug" corner chip, its About/Feedback panel and the visit beacon.
//! `start` runs once when the wasm loads (the bundle's wrapper makes a second load a no-op).

// `no_std` on wasm: with no std and a panic handler that only traps, none of core's panic message
// formatting is linked (about 5 KB of wasm). Native builds keep std for the unit tests.
#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

mod api;
mod config;
mod events;
mod view;
mod widget;

use alloc::string::String;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use web_sys::Window;
use widget::{State, Widget};

// The badge allocates a few short strings; a tiny free-list allocator saves about 8 KB of wasm
// over std's default. The locked variant keeps this free of `unsafe` at a cost of a few bytes.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::LockedAllocator<lol_alloc::FreeListAllocator> =
    lol_alloc::LockedAllocator::new(lol_alloc::FreeListAllocator::new());

/// A panic in the badge stops the badge, never the page: trap without formatting a message.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

#[wasm_bindgen]
extern "C" {
    /// The page's `window`, read directly: `web_sys::window()` probes four globals to find it.
    #[wasm_bindgen(thread_local_v2, js_name = window)]
    static WINDOW: Window;
}

/// Joins string pieces; a plain loop is far smaller in wasm than `[..].concat()` or `format!`.
pub(crate) fn concat(parts: &[&str]) -> String {
    let mut joined = String::new();
    for part in parts {
        joined.push_str(part);
    }
    joined
}

/// Reads the tag, sends the view beacon (once per page load) and shows the chip unless the
/// viewer hid it for this session in `auto` mode.
#[wasm_bindgen(start)]
fn start() {
    let window = WINDOW.with(Window::clone);
    let document = window.document().unwrap_throw();
    let global = Reflect::get(&window, &"__PlatformBadge".into()).unwrap_throw();
    let Some(config) = config::read(&document) else {
        return;
    };
    if !api::no_count(&document) {
        api::send_beacon(&window, &config.api_origin, &config.entity);
    }
    if config.mode.allows_dismiss() && widget::dismissed_this_session(&window) {
        let _ = Reflect::set(&global, &"state".into(), &State::Hidden.name().into());
        return;
    }
    Widget::mount(window, document, global, config);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concat_joins_pieces_in_order() {
        assert_eq!(concat(&["a", "", "bc", "d"]), "abcd");
        assert_eq!(concat(&[]), "");
    }
}
