//! Work that runs after the response or on the cron, never inside a request's answer: storing an
//! upload in R2 (`provision`), reading what it is about (`enrich`) and the daily `purge`.

pub mod enrich;
pub mod provision;
pub mod purge;
