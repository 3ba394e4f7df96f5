//! Links, views, reactions and feedback: the rows that make a drop part of a grid.

use plug_domain::ids::{EntityId, LinkId, UserId};
use worker::D1PreparedStatement;

use crate::store::db::Db;

use super::db::{self, int, opt_text, text};
use crate::error::ApiResult;

pub fn insert_link(
    db: &Db,
    link_id: &LinkId,
    target_id: &EntityId,
    source_id: &EntityId,
    note: Option<&str>,
    noted_by: &UserId,
    now: i64,
) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO links (link_id, target_id, source_id, note, noted_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        &[text(link_id), text(target_id), text(source_id), opt_text(note), text(noted_by), int(now)],
    )
}

/// Records one view if this viewer has not been counted today and is not the owner; true when it
/// counted. One statement checks the entity, the owner and the day's key together, and the key's
/// trigger (migration 0005) counts the view in the same statement.
pub async fn record_view(
    db: &Db,
    entity_id: &EntityId,
    day: &str,
    viewer: &str,
    viewer_user: Option<&UserId>,
) -> ApiResult<bool> {
    let inserted = db::run(
        db,
        "INSERT INTO view_keys (entity_id, day, viewer)
         SELECT entity_id, ?2, ?3 FROM entities
         WHERE entity_id = ?1 AND status != 'purged' AND owner_id IS NOT ?4
         ON CONFLICT DO NOTHING",
        &[
            text(entity_id),
            text(day),
            text(viewer),
            opt_text(viewer_user),
        ],
    )
    .await?;
    Ok(inserted > 0)
}

/// Toggles one user's reaction: takes it back if it is on, else puts it on. The row's triggers
/// (migration 0005) recompute the kind's count and the entity's total in the same statement, so
/// each step is whole on its own. Returns whether the kind is now on.
pub async fn toggle_reaction(
    db: &Db,
    entity_id: &EntityId,
    user_id: &UserId,
    kind: &str,
    now: i64,
) -> ApiResult<bool> {
    let taken_back = db::run(
        db,
        "DELETE FROM reactions WHERE entity_id = ?1 AND user_id = ?2 AND kind = ?3",
        &[text(entity_id), text(user_id), text(kind)],
    )
    .await?;
    if taken_back > 0 {
        return Ok(false);
    }
    db::run(
        db,
        "INSERT INTO reactions (entity_id, user_id, kind, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING",
        &[text(entity_id), text(user_id), text(kind), int(now)],
    )
    .await?;
    Ok(true)
}

/// The kinds the user has on for an entity, in a stable order.
pub async fn user_reactions(
    db: &Db,
    entity_id: &EntityId,
    user_id: &UserId,
) -> ApiResult<Vec<String>> {
    #[derive(serde::Deserialize)]
    struct Row {
        kind: String,
    }
    let rows: Vec<Row> = db::all(
        db,
        "SELECT kind FROM reactions WHERE entity_id = ?1 AND user_id = ?2 ORDER BY created_at, kind",
        &[text(entity_id), text(user_id)],
    )
    .await?;
    Ok(rows.into_iter().map(|r| r.kind).collect())
}

#[derive(Debug, Clone, serde::Deserialize)]
pub struct LinkRow {
    pub link_id: LinkId,
    pub target_id: EntityId,
    pub source_id: EntityId,
    pub note: Option<String>,
    pub noted_by: UserId,
    pub noter_name: String,
    pub noter_slug: String,
    pub created_at: i64,
}

const LINK_SELECT: &str = "SELECT l.link_id, l.target_id, l.source_id, l.note, l.noted_by,
    u.name AS noter_name, u.slug AS noter_slug, l.created_at
  FROM links l JOIN users u ON u.user_id = l.noted_by";

pub async fn find_link(db: &Db, link_id: &LinkId) -> ApiResult<Option<LinkRow>> {
    db::first(
        db,
        &format!("{LINK_SELECT} WHERE l.link_id = ?1"),
        &[text(link_id)],
    )
    .await
}

/// Links of one side (`column` is `target_id` or `source_id`), newest first, after a keyset cursor.
pub async fn links_of(
    db: &Db,
    column: &str,
    entity_id: &EntityId,
    after: Option<(i64, String)>,
    limit: i64,
) -> ApiResult<Vec<LinkRow>> {
    let column = if column == "source_id" {
        "l.source_id"
    } else {
        "l.target_id"
    };
    match after {
        Some((key, id)) => {
            db::all(
                db,
                &format!("{LINK_SELECT} WHERE {column} = ?1 AND (l.created_at < ?2 OR (l.created_at = ?2 AND l.link_id < ?3))
                          ORDER BY l.created_at DESC, l.link_id DESC LIMIT ?4"),
                &[text(entity_id), int(key), text(&id), int(limit + 1)],
            )
            .await
        }
        None => {
            db::all(
                db,
                &format!("{LINK_SELECT} WHERE {column} = ?1 ORDER BY l.created_at DESC, l.link_id DESC LIMIT ?2"),
                &[text(entity_id), int(limit + 1)],
            )
            .await
        }
    }
}

pub async fn delete_link(db: &Db, link_id: &LinkId) -> ApiResult<()> {
    db::run(db, "DELETE FROM links WHERE link_id = ?1", &[text(link_id)])
        .await
        .map(drop)
}

pub struct NewFeedback<'a> {
    pub feedback_id: &'a str,
    pub entity_id: &'a EntityId,
    pub category: &'a str,
    pub text: &'a str,
    pub user_agent: Option<&'a str>,
    pub page_url: Option<&'a str>,
    pub ip_hash: &'a str,
    pub now: i64,
}

pub async fn insert_feedback(db: &Db, f: &NewFeedback<'_>) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO feedback (feedback_id, entity_id, category, text, source, user_agent, page_url, ip_hash, created_at)
         VALUES (?1, ?2, ?3, ?4, 'badge', ?5, ?6, ?7, ?8)",
        &[text(f.feedback_id), text(f.entity_id), text(f.category), text(f.text), opt_text(f.user_agent), opt_text(f.page_url), text(f.ip_hash), int(f.now)],
    )
    .await
    .map(drop)
}

#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
pub struct FeedbackRow {
    pub feedback_id: String,
    pub entity_id: EntityId,
    pub category: String,
    pub text: String,
    pub source: String,
    pub user_agent: Option<String>,
    pub page_url: Option<String>,
    pub created_at: i64,
}

pub async fn list_feedback(
    db: &Db,
    entity_id: &EntityId,
    after: Option<(i64, String)>,
    limit: i64,
) -> ApiResult<Vec<FeedbackRow>> {
    let select = "SELECT feedback_id, entity_id, category, text, source, user_agent, page_url, created_at FROM feedback";
    match after {
        Some((key, id)) => {
            db::all(
                db,
                &format!("{select} WHERE entity_id = ?1 AND (created_at < ?2 OR (created_at = ?2 AND feedback_id < ?3))
                          ORDER BY created_at DESC, feedback_id DESC LIMIT ?4"),
                &[text(entity_id), int(key), text(&id), int(limit + 1)],
            )
            .await
        }
        None => {
            db::all(db, &format!("{select} WHERE entity_id = ?1 ORDER BY created_at DESC, feedback_id DESC LIMIT ?2"), &[text(entity_id), int(limit + 1)]).await
        }
    }
}
