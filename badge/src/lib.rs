//! badge.js: the "Running on Plug" corner chip and the visit beacon; badge-panel.js: its
//! About/Feedback panel, loaded by the chip when the viewer reaches for it (README "The badge").
//! One crate builds both: the `panel` feature picks which `start` runs when the wasm loads (the
//! other side's code is then dead and left out of the wasm). badge.js's wrapper makes a second load
//! a no-op; badge-panel.js only starts when the chip has asked for it.

// `no_std` on wasm: with no std and a panic handler that only traps, none of core's panic message
// formatting is linked (about 5 KB of wasm). Native builds keep std for the unit tests.
#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

mod api;
mod chip;
mod config;
mod events;
mod view;
mod widget;

use alloc::string::String;
use wasm_bindgen::prelude::*;
use web_sys::Window;

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

/// badge.js: reads the tag, sends the view beacon and shows the chip (`chip::start`).
#[cfg(not(feature = "panel"))]
#[wasm_bindgen(start)]
fn start() {
    chip::start(WINDOW.with(Window::clone));
}

/// badge-panel.js: builds the panel into the chip's shadow root (`widget::start`).
#[cfg(feature = "panel")]
#[wasm_bindgen(start)]
fn start() {
    widget::start(WINDOW.with(Window::clone));
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
