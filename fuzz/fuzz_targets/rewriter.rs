//! cargo-fuzz entry point for [`plug_fuzz::rewriter`]; the harness and its oracle live in the library
//! so `cargo test` replays regressions through the very same code.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| plug_fuzz::rewriter(data));
