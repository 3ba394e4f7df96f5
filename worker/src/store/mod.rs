//! All SQL lives here, in named query functions per table group.

pub mod db;
pub mod entities;
pub mod identities;
pub mod identity;
pub mod jobs;
pub mod limits;
pub mod lists;
pub mod site_files;
pub mod social;
pub mod tickets;
