//! One module per resource; each handler parses, calls the rules and the store, responds.

pub mod admin;
pub mod assets;
pub mod badge;
pub mod common;
pub mod content;
pub mod cors;
pub mod crawlers;
pub mod feedback;
pub mod home;
pub mod inspirations;
pub mod link;
pub mod links;
pub mod mcp;
pub mod paging;
pub mod reactions;
pub mod runtimes;
pub mod serve;
pub mod sessions;
pub mod signin;
pub mod spaces;
pub mod views;
pub mod visibility;
