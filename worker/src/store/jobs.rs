//! The background jobs' statements: an upload's outcome, its enrichment, and what the daily purge
//! deletes or marks.

use crate::store::db::Db;
use plug_domain::ids::EntityId;
use serde::Deserialize;

use super::db::{self, int, opt_int, opt_text, text};
use crate::error::ApiResult;

/// Ends provisioning with `status` (live or failed); a row that already left it is untouched.
/// An upload's outcome in one statement: the number of files stored, and the move on from
/// `provisioning` unless someone archived it meanwhile (then only the count is kept).
pub async fn finish_provisioning(
    db: &Db,
    entity_id: &EntityId,
    status: &str,
    detail: Option<&str>,
    file_count: Option<i64>,
    now: i64,
) -> ApiResult<()> {
    // Every right-hand side reads the row as it was, so `status` below is the old status.
    db::run(
        db,
        "UPDATE entities SET file_count = COALESCE(?5, file_count),
           status = CASE status WHEN 'provisioning' THEN ?2 ELSE status END,
           status_detail = CASE status WHEN 'provisioning' THEN ?3 ELSE status_detail END,
           updated_at = CASE status WHEN 'provisioning' THEN ?4 ELSE updated_at END
         WHERE entity_id = ?1",
        &[
            text(entity_id),
            text(status),
            opt_text(detail),
            int(now),
            opt_int(file_count),
        ],
    )
    .await
    .map(drop)
}

/// Marks `failed` every Inspiration still `provisioning` that started before `started_before`:
/// its storage step failed without reporting (the isolate was stopped). Returns how many.
pub async fn fail_stuck_provisioning(
    db: &Db,
    started_before: i64,
    detail: &str,
    now: i64,
) -> ApiResult<usize> {
    db::run(
        db,
        "UPDATE entities SET status = 'failed', status_detail = ?2, updated_at = ?3
         WHERE status = 'provisioning' AND created_at < ?1",
        &[int(started_before), text(detail), int(now)],
    )
    .await
}

/// What enrichment found, written once; a description the owner gave is kept.
pub struct Enrichment<'a> {
    pub description: Option<&'a str>,
    pub icon: Option<&'a str>,
    pub category: Option<&'a str>,
    /// The tags as a JSON array.
    pub tags: &'a str,
}

pub async fn set_enriched(
    db: &Db,
    entity_id: &EntityId,
    found: &Enrichment<'_>,
    now: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE entities SET brain_status = 'enriched', updated_at = ?2,
           description = COALESCE(description, ?3), icon = ?4, category = ?5, tags = ?6
         WHERE entity_id = ?1",
        &[
            text(entity_id),
            int(now),
            opt_text(found.description),
            opt_text(found.icon),
            opt_text(found.category),
            text(found.tags),
        ],
    )
    .await
    .map(drop)
}

pub async fn set_enrichment_skipped(db: &Db, entity_id: &EntityId) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE entities SET brain_status = 'skipped' WHERE entity_id = ?1",
        &[text(entity_id)],
    )
    .await
    .map(drop)
}

/// Up to `limit` Inspirations past their restore window (expired or archived before `cutoff`).
/// A pin keeps a drop from expiring, not from its archive: archived is archived, pinned or not.
pub async fn due_for_purge(db: &Db, cutoff: i64, limit: i64) -> ApiResult<Vec<EntityId>> {
    #[derive(Deserialize)]
    struct Due {
        entity_id: EntityId,
    }
    let due: Vec<Due> = db::all(
        db,
        "SELECT entity_id FROM entities
         WHERE realm = 'inspiration' AND status != 'purged'
           AND ((pinned = 0 AND expires_at IS NOT NULL AND expires_at <= ?1)
             OR (status = 'archived' AND archived_at <= ?1))
         LIMIT ?2",
        &[int(cutoff), int(limit)],
    )
    .await?;
    Ok(due.into_iter().map(|d| d.entity_id).collect())
}

/// Marks an Inspiration purged and forgets its site index, together.
pub async fn mark_purged(db: &Db, entity_id: &EntityId, now: i64) -> ApiResult<()> {
    let mark = db::stmt(
        db,
        "UPDATE entities SET status = 'purged', purged_at = ?2, updated_at = ?2 WHERE entity_id = ?1",
        &[text(entity_id), int(now)],
    )?;
    db::batch(db, vec![mark, super::site_files::delete(db, entity_id)?]).await
}

/// View keys of days before `day` (UTC, `YYYY-MM-DD`) can no longer dedupe anything.
pub async fn prune_view_keys(db: &Db, day: &str) -> ApiResult<()> {
    db::run(db, "DELETE FROM view_keys WHERE day < ?1", &[text(day)])
        .await
        .map(drop)
}
