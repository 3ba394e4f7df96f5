//! The three kinds of origin, told apart by Host in `lib.rs` (README "What runs where"): the API
//! (`api`, its handlers in `crate::routes`), the link origin where every `url` lives (`link`), and one
//! content origin per Inspiration (`content`). What the link and content origins both answer with
//! is in `pages`.

pub mod api;
pub mod content;
pub mod link;
pub mod pages;

#[cfg(test)]
mod openapi;
