//! Links, views, reactions and feedback: the rows that make a drop part of a grid.

use worker::{D1Database, D1PreparedStatement};

use super::db::{self, int, opt_text, text};
use crate::error::ApiResult;

pub fn insert_link(db: &D1Database, link_id: &str, target_id: &str, source_id: &str, note: Option<&str>, noted_by: &str, now: i64) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO links (link_id, target_id, source_id, note, noted_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        &[text(link_id), text(target_id), text(source_id), opt_text(note), text(noted_by), int(now)],
    )
}

/// Records one view if this viewer has not been counted today; true when it counted.
pub async fn record_view(db: &D1Database, entity_id: &str, day: &str, viewer: &str) -> ApiResult<bool> {
    let inserted = db::run(
        db,
        "INSERT INTO view_keys (entity_id, day, viewer) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
        &[text(entity_id), text(day), text(viewer)],
    )
    .await?;
    if inserted == 0 {
        return Ok(false);
    }
    db::run(db, "UPDATE entities SET view_count = view_count + 1 WHERE entity_id = ?1", &[text(entity_id)]).await?;
    Ok(true)
}
