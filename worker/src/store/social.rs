//! Links, views, reactions and feedback: the rows that make a drop part of a grid.

use plug_domain::ids::{EntityId, LinkId, UserId};
use plug_domain::FeedbackCategory;
use worker::D1PreparedStatement;

use crate::store::db::Db;
use crate::store::entities::{self, Access, EntityKey, EntityRow, WithAccessRow};
use wasm_bindgen::JsValue;

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
    now: i64,
    inspiration_ok: bool,
) -> ApiResult<bool> {
    // A hidden state (3.2) is private to its owner and admins: no one can view it, so nothing
    // counts, whatever a beacon that knows its id says. `inspiration_ok` false (a beacon from a
    // page that is not the Inspiration's own) counts only a Runtime, whose pages are elsewhere.
    let inserted = db::run(
        db,
        concat!(
            "INSERT INTO view_keys (entity_id, day, viewer)
             SELECT entity_id, ?2, ?3 FROM entities
             WHERE entity_id = ?1 AND owner_id IS NOT ?4
               AND status != 'purged' AND status NOT IN ",
            hidden_states!(),
            " AND (expires_at IS NULL OR expires_at > ?5)
               AND (?6 = 1 OR realm != 'inspiration')
             ON CONFLICT DO NOTHING"
        ),
        &[
            text(entity_id),
            text(day),
            text(viewer),
            opt_text(viewer_user),
            int(now),
            int(i64::from(inspiration_ok)),
        ],
    )
    .await?;
    Ok(inserted > 0)
}

/// Toggles one user's reaction and reads back the entity's counts and the user's kinds, in one
/// batch (one transaction): the reaction is taken back if it is on, else put on (the INSERT runs
/// only when the DELETE before it changed nothing). The row's triggers (migration 0005)
/// recompute the kind's count and the entity's total in the same transaction.
pub async fn toggle_reaction(
    db: &Db,
    entity_id: &EntityId,
    user_id: &UserId,
    kind: &str,
    now: i64,
) -> ApiResult<ReactionsAfter> {
    let args = [text(entity_id), text(user_id), text(kind), int(now)];
    let statements = vec![
        db::stmt(
            db,
            "DELETE FROM reactions WHERE entity_id = ?1 AND user_id = ?2 AND kind = ?3",
            &args[..3],
        )?,
        db::stmt(
            db,
            "INSERT INTO reactions (entity_id, user_id, kind, created_at)
             SELECT ?1, ?2, ?3, ?4 WHERE changes() = 0
             ON CONFLICT DO NOTHING",
            &args,
        )?,
        db::stmt(
            db,
            "SELECT (SELECT json_group_object(kind, count) FROM reaction_counts
                       WHERE entity_id = ?1) AS counts,
                    (SELECT json_group_array(kind) FROM (SELECT kind FROM reactions
                       WHERE entity_id = ?1 AND user_id = ?2 ORDER BY created_at, kind)) AS mine",
            &args[..2],
        )?,
    ];
    let results = db::batch_results(db, statements).await?;
    #[derive(serde::Deserialize)]
    struct Row {
        counts: Option<String>,
        mine: String,
    }
    let row: Row = results
        .last()
        .map(db::rows::<Row>)
        .transpose()?
        .and_then(|rows| rows.into_iter().next())
        .ok_or_else(|| crate::error::ApiError::internal("no reaction state"))?;
    Ok(ReactionsAfter {
        counts: row.counts,
        user_reactions: serde_json::from_str(&row.mine)
            .map_err(crate::error::ApiError::internal)?,
    })
}

/// An entity's reaction counts (`{kind: count}` JSON, as on the entity row) and the kinds one
/// user has on, after a toggle.
pub struct ReactionsAfter {
    pub counts: Option<String>,
    pub user_reactions: Vec<String>,
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

/// One page of an entity's links (newest first, `limit + 1` rows to tell whether more follow),
/// the entity itself and the entity on the other side of each link, all with their access facts
/// for `viewer`: one batch, one round trip, whatever the page size.
pub async fn links_page(
    db: &Db,
    side: LinkSide,
    entity_id: &EntityId,
    after: Option<(i64, String)>,
    limit: i64,
    viewer: &UserId,
) -> ApiResult<LinksPage> {
    let (this, other) = match side {
        LinkSide::Target => ("l.target_id", "l.source_id"),
        LinkSide::Source => ("l.source_id", "l.target_id"),
    };
    let after_at = after.is_some().then_some((2, 4));
    let (key, id) = after.map_or((JsValue::NULL, JsValue::NULL), |(k, i)| (int(k), text(&i)));
    let page = format!(
        "{this} = ?1{}",
        db::keyset("l.created_at", "l.link_id", after_at, 5)
    );
    let args = [text(entity_id), key, text(viewer), id, int(limit + 1)];
    let statements = vec![
        entities::with_access_statement(db, EntityKey::Id(entity_id), Some(viewer))?,
        db::stmt(db, &format!("{LINK_SELECT} WHERE {page}"), &args)?,
        entities::with_access_where(
            db,
            &format!("e.entity_id IN (SELECT {other} FROM links l WHERE {page})"),
            &args,
        )?,
    ];
    let results = db::batch_results(db, statements).await?;
    let [this, links, others] = &results[..] else {
        return Err(crate::error::ApiError::internal("links batch"));
    };
    let decode = |rows: Vec<WithAccessRow>| -> ApiResult<Vec<(EntityRow, Access)>> {
        rows.into_iter().map(WithAccessRow::decode).collect()
    };
    Ok(LinksPage {
        this: decode(db::rows(this)?)?.into_iter().next(),
        links: db::rows(links)?,
        others: decode(db::rows(others)?)?,
    })
}

/// Which end of its links an entity is: a Runtime is the target, an Inspiration the source.
#[derive(Clone, Copy)]
pub enum LinkSide {
    Target,
    Source,
}

/// What [`links_page`] reads.
pub struct LinksPage {
    pub this: Option<(EntityRow, Access)>,
    pub links: Vec<LinkRow>,
    pub others: Vec<(EntityRow, Access)>,
}

pub async fn delete_link(db: &Db, link_id: &LinkId) -> ApiResult<()> {
    db::run(db, "DELETE FROM links WHERE link_id = ?1", &[text(link_id)])
        .await
        .map(drop)
}

pub struct NewFeedback<'a> {
    pub feedback_id: &'a str,
    pub entity_id: &'a EntityId,
    pub category: FeedbackCategory,
    pub text: &'a str,
    pub user_agent: Option<&'a str>,
    pub page_url: Option<&'a str>,
    pub ip_hash: &'a str,
    pub now: i64,
}

pub fn insert_feedback(db: &Db, f: &NewFeedback<'_>) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO feedback (feedback_id, entity_id, category, text, source, user_agent, page_url, ip_hash, created_at)
         VALUES (?1, ?2, ?3, ?4, 'badge', ?5, ?6, ?7, ?8)",
        &[text(f.feedback_id), text(f.entity_id), text(f.category.as_str()), text(f.text), opt_text(f.user_agent), opt_text(f.page_url), text(f.ip_hash), int(f.now)],
    )
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
    let after_at = after.is_some().then_some((2, 3));
    let (key, id) = after.map_or((JsValue::NULL, JsValue::NULL), |(k, i)| (int(k), text(&i)));
    let page = db::keyset("created_at", "feedback_id", after_at, 4);
    db::all(
        db,
        &format!("{select} WHERE entity_id = ?1{page}"),
        &[text(entity_id), key, id, int(limit + 1)],
    )
    .await
}
