//! The visible lists of entities with keyset pagination (openapi.yaml): one query a page,
//! whatever its size, with the read rule written in SQL.

use crate::store::db::Db;
use plug_domain::ids::{GridId, SpaceId, UserId};
use wasm_bindgen::JsValue;

use super::db::{self, flag, int, text};
use super::entities::{EntityRow, SELECT};
use crate::error::ApiResult;

/// What a list may show: everything for admins, else the SQL form of
/// `plug_domain::access::can_read` for a member of the grid (keep the two in step).
pub struct ListViewer<'a> {
    pub user_id: &'a UserId,
    pub is_admin: bool,
    pub now: i64,
}

/// The sort column and direction of a list.
#[derive(Clone, Copy)]
pub enum SortColumn {
    CreatedAt,
    UpdatedAt,
    ViewCount,
    ReactionTotal,
}

impl SortColumn {
    pub fn column(self) -> &'static str {
        match self {
            SortColumn::CreatedAt => "e.created_at",
            SortColumn::UpdatedAt => "e.updated_at",
            SortColumn::ViewCount => "e.view_count",
            SortColumn::ReactionTotal => "e.reaction_total",
        }
    }

    pub fn key_of(self, row: &EntityRow) -> i64 {
        match self {
            SortColumn::CreatedAt => row.created_at,
            SortColumn::UpdatedAt => row.updated_at,
            SortColumn::ViewCount => row.view_count,
            SortColumn::ReactionTotal => row.reaction_total,
        }
    }
}

pub struct ListQuery<'a> {
    pub grid_id: &'a GridId,
    pub realm: &'a str,
    pub kind: Option<&'a str>,
    pub owner_id: Option<&'a UserId>,
    pub space_id: Option<&'a SpaceId>,
    pub sort: SortColumn,
    pub after: Option<(i64, String)>,
    pub limit: i64,
}

/// One page of the entities `viewer` may see, in sort order; fetches `limit + 1` to know if more
/// follow. Runtimes: every member sees every runtime of the grid (openapi.yaml) unless its state
/// collapses it (3.2). Inspirations: declared visibility and expiry apply too.
const INSPIRATION_VISIBLE: &str = "(e.expires_at IS NULL OR e.expires_at > ?5)
   AND (e.visibility IN ('authenticated', 'link')
     OR (e.visibility = 'grid' AND (
       NOT EXISTS (SELECT 1 FROM visibility_spaces vs WHERE vs.entity_id = e.entity_id)
       OR EXISTS (SELECT 1 FROM visibility_spaces vs
                  JOIN space_members sm ON sm.space_id = vs.space_id AND sm.user_id = ?4
                  WHERE vs.entity_id = e.entity_id))))";

pub async fn list_visible(
    db: &Db,
    viewer: &ListViewer<'_>,
    q: &ListQuery<'_>,
) -> ApiResult<Vec<EntityRow>> {
    let declared = if q.realm == "runtime" {
        "1 = 1"
    } else {
        INSPIRATION_VISIBLE
    };
    let mut sql = Sql {
        text: format!(
            "{SELECT} WHERE e.grid_id = ?1 AND e.realm = ?2 AND e.status != 'purged'
             AND (?3 = 1 OR e.owner_id = ?4 OR (
               e.status NOT IN {hidden} AND ?5 = ?5
               AND {declared}))",
            hidden = hidden_states!()
        ),
        args: vec![
            text(q.grid_id),
            text(q.realm),
            flag(viewer.is_admin),
            text(viewer.user_id),
            int(viewer.now),
        ],
    };
    filter_and_page(&mut sql, q);
    db::all(db, &sql.text, &sql.args).await
}

/// A statement being built, with its positional arguments.
struct Sql {
    text: String,
    args: Vec<JsValue>,
}

impl Sql {
    /// Appends a clause whose `?N` is the next parameter.
    fn bind(&mut self, clause: &str, value: JsValue) {
        self.args.push(value);
        let index = format!("?{}", self.args.len());
        self.text.push_str(&clause.replace("?N", &index));
    }
}

/// The list's filters, then the keyset step after the cursor, the order and the look-ahead limit.
fn filter_and_page(sql: &mut Sql, q: &ListQuery<'_>) {
    if let Some(kind) = q.kind {
        sql.bind(" AND e.kind = ?N", text(kind));
    }
    if let Some(owner) = q.owner_id {
        sql.bind(" AND e.owner_id = ?N", text(owner));
    }
    if let Some(space) = q.space_id {
        sql.bind(" AND e.space_id = ?N", text(space));
    }
    let after_at = q.after.as_ref().map(|(key, id)| {
        sql.args.push(int(*key));
        sql.args.push(text(id));
        (sql.args.len() - 1, sql.args.len())
    });
    sql.args.push(int(q.limit + 1));
    let tail = db::keyset(q.sort.column(), "e.entity_id", after_at, sql.args.len());
    sql.text.push_str(&tail);
}
