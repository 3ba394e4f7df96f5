//! Plug's domain rules, free of any runtime: everything here compiles natively
//! and is unit-tested with plain `cargo test`. The Worker and the CLI adapt it.

pub mod access;
pub mod agents;
pub mod badge;
pub mod cursor;
pub mod enums;
pub mod error_code;
pub mod ids;
pub mod limits;
pub mod oauth;
pub mod oidc;
pub mod origins;
pub mod retention;
pub mod time;
pub mod token;
pub mod validate;
pub mod views;
pub mod wire;

pub use enums::*;
