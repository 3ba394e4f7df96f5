//! The API origin's handlers, one module per resource (the table is `origins::api`); each handler
//! parses, calls the rules and the store, responds. `common`, `paging` and `cors` are their helpers.

pub mod admin;
pub mod badge;
pub mod common;
pub mod consent;
pub mod cors;
pub mod feedback;
pub mod inspirations;
pub mod links;
pub mod mcp;
pub mod oauth;
pub mod paging;
pub mod reactions;
pub mod runtimes;
pub mod sessions;
pub mod signin;
pub mod spaces;
pub mod views;
pub mod visibility;
