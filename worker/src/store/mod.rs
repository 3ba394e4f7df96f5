//! All SQL lives here, in named query functions per table group; every R2 object in `objects`.

pub mod db;
pub mod entities;
pub mod identities;
pub mod identity;
pub mod jobs;
pub mod limits;
pub mod lists;
pub mod oauth;
pub mod objects;
pub mod site_files;
pub mod social;
pub mod tickets;
