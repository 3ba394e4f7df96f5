//! Plug's domain rules, free of any runtime: everything here compiles natively
//! and is unit-tested with plain `cargo test`. The Worker and the CLI adapt it.

pub mod enums;

pub use enums::*;
