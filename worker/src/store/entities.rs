//! Inspirations and Runtimes in the `entities` table: look-ups and the writes of the entity
//! routes (the visible lists are in `lists`).

use plug_domain::ids::{EntityId, GridId, SpaceId, UserId};
use plug_domain::wire::Reactions;
use plug_domain::{
    BadgeMode, BrainStatus, EntityKind, Realm, Role, Scope, SourceType, Status, UploadedVia,
    Visibility,
};
use serde::Deserialize;
use wasm_bindgen::JsValue;
use worker::D1PreparedStatement;

use crate::store::db::Db;

use super::db::{self, flag, int, opt_int, opt_text, text};
use crate::error::{ApiError, ApiResult};

/// One entity with the names it is shown with (grid, owner, space). The closed vocabularies are
/// typed: a row holding a value outside them fails to load (a 500 that is logged), never a default.
#[derive(Debug, Clone, Deserialize)]
pub struct EntityRow {
    pub entity_id: EntityId,
    pub grid_id: GridId,
    pub realm: Realm,
    pub kind: EntityKind,
    pub name: String,
    pub display_name: String,
    pub owner_id: UserId,
    pub scope: Scope,
    pub space_id: Option<SpaceId>,
    pub visibility: Visibility,
    #[serde(deserialize_with = "db::flag_column")]
    pub link_indexed: bool,
    pub status: Status,
    pub status_detail: Option<String>,
    pub source_type: Option<SourceType>,
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    /// A zipped site's `Cross-Origin-Embedder-Policy` when it asked to be cross-origin isolated.
    pub embedder_policy: Option<String>,
    #[serde(deserialize_with = "db::flag_column")]
    pub pinned: bool,
    pub expires_at: Option<i64>,
    pub badge_mode: Option<BadgeMode>,
    pub brain_status: Option<BrainStatus>,
    pub description: Option<String>,
    pub icon: Option<String>,
    pub category: Option<String>,
    pub tags: Option<String>,
    pub runtime_url: Option<String>,
    pub view_count: i64,
    pub reaction_total: i64,
    pub archived_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub grid_slug: String,
    pub owner_slug: String,
    pub owner_name: String,
    pub space_slug: Option<String>,
    pub space_name: Option<String>,
    /// `{kind: count}` of its reactions, read with the row so a page of rows is one query.
    pub reaction_counts: Option<String>,
    /// The access columns of [`with_access_statement`]'s rows (absent from the others), which
    /// [`WithAccessRow::decode`] takes out. They are read here rather than in a struct that
    /// `#[serde(flatten)]`s the row, which compiled this row's deserializer a second time (about
    /// 4 KiB of the Worker's gzip upload; docs/speed.md).
    pub access_visibility_spaces: Option<String>,
    pub access_viewer_role: Option<Role>,
    pub access_viewer_spaces: Option<String>,
    pub access_inspired_by: Option<String>,
}

impl EntityRow {
    /// The reaction counts per kind (see [`reactions_from`]).
    pub fn reactions(&self) -> ApiResult<Reactions> {
        reactions_from(self.reaction_counts.as_deref())
    }
}

/// Reaction counts from their `{kind: count}` JSON: every current kind (0 when never pressed)
/// and any retired kind that still has history.
pub fn reactions_from(counts_json: Option<&str>) -> ApiResult<Reactions> {
    let mut map: Reactions = plug_domain::ReactionKind::ALL
        .iter()
        .map(|kind| (kind.as_str().to_string(), 0))
        .collect();
    if let Some(json) = counts_json {
        let counts: Reactions = serde_json::from_str(json).map_err(ApiError::internal)?;
        map.extend(counts);
    }
    Ok(map)
}

pub(super) const SELECT: &str =
    "SELECT e.entity_id, e.grid_id, e.realm, e.kind, e.name, e.display_name, e.owner_id,
    e.scope, e.space_id, e.visibility, e.link_indexed, e.status, e.status_detail, e.source_type,
    e.file_name, e.content_type, e.embedder_policy, e.pinned, e.expires_at,
    e.badge_mode, e.brain_status, e.description, e.icon, e.category, e.tags, e.runtime_url,
    e.view_count, e.reaction_total, e.archived_at, e.created_at, e.updated_at,
    g.slug AS grid_slug, u.slug AS owner_slug, u.name AS owner_name,
    s.slug AS space_slug, s.name AS space_name,
    (SELECT json_group_object(rc.kind, rc.count) FROM reaction_counts rc
       WHERE rc.entity_id = e.entity_id) AS reaction_counts
  FROM entities e
  JOIN grids g ON g.grid_id = e.grid_id
  JOIN users u ON u.user_id = e.owner_id
  LEFT JOIN spaces s ON s.space_id = e.space_id";

pub async fn find(db: &Db, entity_id: &EntityId) -> ApiResult<Option<EntityRow>> {
    db::first(
        db,
        &format!("{SELECT} WHERE e.entity_id = ?1"),
        &[text(entity_id)],
    )
    .await
}

/// What decides whether a viewer may read an entity, read with its row: the spaces it is
/// visible to and the viewer's role and spaces in its grid; and what its full shape adds to the
/// row (the ids it was inspired by), so loading an entity for someone is one statement.
#[derive(Debug, Clone)]
pub struct Access {
    pub visibility_spaces: Vec<(SpaceId, String)>,
    pub viewer_role: Option<Role>,
    pub viewer_space_ids: Vec<SpaceId>,
    pub inspired_by: Vec<EntityId>,
}

/// The access columns; `?3` is the viewer's user id (NULL for nobody).
const ACCESS_COLUMNS: &str = "
    (SELECT json_group_array(json_array(vs.space_id, vsp.slug)) FROM visibility_spaces vs
       JOIN spaces vsp ON vsp.space_id = vs.space_id WHERE vs.entity_id = e.entity_id)
       AS access_visibility_spaces,
    (SELECT role FROM memberships WHERE grid_id = e.grid_id AND user_id = ?3) AS access_viewer_role,
    (SELECT json_group_array(sm.space_id) FROM space_members sm
       JOIN spaces vsm ON vsm.space_id = sm.space_id
       WHERE vsm.grid_id = e.grid_id AND sm.user_id = ?3) AS access_viewer_spaces,
    (SELECT json_group_array(source_id) FROM (SELECT source_id FROM links
       WHERE target_id = e.entity_id ORDER BY created_at, link_id)) AS access_inspired_by,";

/// Which entity to load: by id anywhere, or by name in a grid.
pub enum EntityKey<'a> {
    Id(&'a EntityId),
    Name(&'a GridId, &'a str),
}

/// The statement that loads an entity with its [`Access`] for `viewer`, to run alone
/// ([`find_with_access`]) or as the last statement of a write's batch.
pub fn with_access_statement(
    db: &Db,
    key: EntityKey<'_>,
    viewer: Option<&UserId>,
) -> ApiResult<D1PreparedStatement> {
    let (filter, first, second) = match key {
        EntityKey::Id(id) => ("e.entity_id = ?1 AND ?2 IS NULL", text(id), JsValue::NULL),
        EntityKey::Name(grid, name) => ("e.grid_id = ?1 AND e.name = ?2", text(grid), text(name)),
    };
    with_access_where(db, filter, &[first, second, db::opt_text(viewer)])
}

/// A row of [`with_access_statement`]: an [`EntityRow`] with its access columns.
#[derive(Deserialize)]
#[serde(transparent)]
pub struct WithAccessRow(EntityRow);

impl WithAccessRow {
    /// The row and its [`Access`]; a missing access column (other than the viewer's role, NULL
    /// for a viewer outside the grid) fails as it did when the columns were required fields.
    pub fn decode(self) -> ApiResult<(EntityRow, Access)> {
        fn decode<T: serde::de::DeserializeOwned>(
            json: Option<String>,
            column: &str,
        ) -> ApiResult<T> {
            let json =
                json.ok_or_else(|| ApiError::internal(format!("missing field `{column}`")))?;
            serde_json::from_str(&json).map_err(ApiError::internal)
        }
        let mut row = self.0;
        let mut visibility_spaces: Vec<(SpaceId, String)> = decode(
            row.access_visibility_spaces.take(),
            "access_visibility_spaces",
        )?;
        visibility_spaces.sort_by(|a, b| a.1.cmp(&b.1));
        let access = Access {
            visibility_spaces,
            viewer_role: row.access_viewer_role.take(),
            viewer_space_ids: decode(row.access_viewer_spaces.take(), "access_viewer_spaces")?,
            inspired_by: decode(row.access_inspired_by.take(), "access_inspired_by")?,
        };
        Ok((row, access))
    }
}

/// An entity with what decides who may read it, in one statement (one round trip where three
/// were): every route that loads an entity for someone starts here.
pub async fn find_with_access(
    db: &Db,
    key: EntityKey<'_>,
    viewer: Option<&UserId>,
) -> ApiResult<Option<(EntityRow, Access)>> {
    let statement = with_access_statement(db, key, viewer)?;
    let found: Option<WithAccessRow> = db::first_of(db, statement).await?;
    found.map(WithAccessRow::decode).transpose()
}

/// The entities matching `filter`, each with its [`Access`], as one statement (rows decode as
/// [`WithAccessRow`]). `?3` in `args` is the viewer's user id; the filter uses the others.
pub fn with_access_where(
    db: &Db,
    filter: &str,
    args: &[JsValue],
) -> ApiResult<D1PreparedStatement> {
    with_access_of_where(db, "?3", filter, args)
}

/// [`with_access_where`] for the viewer the SQL expression `viewer` names in place of `?3` (a
/// sub-select, so that a batch can load an entity for the user a statement before it found).
pub fn with_access_of_where(
    db: &Db,
    viewer: &str,
    filter: &str,
    args: &[JsValue],
) -> ApiResult<D1PreparedStatement> {
    let columns = ACCESS_COLUMNS.replace("?3", viewer);
    let select = SELECT.replacen("SELECT ", &format!("SELECT {columns}"), 1);
    db::stmt(db, &format!("{select} WHERE {filter}"), args)
}

/// Several entities by id, each with its [`Access`] for `viewer`, in one statement (the sources an
/// Inspiration names in `inspired_by`, which the caller sees only where they may read them).
pub async fn find_many_with_access(
    db: &Db,
    ids: &[EntityId],
    viewer: Option<&UserId>,
) -> ApiResult<Vec<(EntityRow, Access)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids = serde_json::to_string(ids).map_err(ApiError::internal)?;
    let statement = with_access_where(
        db,
        "e.entity_id IN (SELECT value FROM json_each(?1)) AND ?2 IS NULL",
        &[text(&ids), JsValue::NULL, opt_text(viewer)],
    )?;
    let results = db::batch_results(db, vec![statement]).await?;
    let rows = match results.first() {
        Some(result) => db::rows::<WithAccessRow>(result)?,
        None => Vec::new(),
    };
    rows.into_iter().map(WithAccessRow::decode).collect()
}

/// The row a new Inspiration starts as.
pub struct NewInspiration<'a> {
    pub entity_id: &'a EntityId,
    pub grid_id: &'a GridId,
    pub name: &'a str,
    pub display_name: &'a str,
    pub owner_id: &'a UserId,
    pub scope: Scope,
    pub space_id: Option<&'a SpaceId>,
    pub visibility: Visibility,
    pub source_type: SourceType,
    pub uploaded_via: UploadedVia,
    pub file_name: &'a str,
    pub content_type: &'a str,
    pub embedder_policy: Option<&'a str>,
    pub size_bytes: i64,
    pub pinned: bool,
    pub pin_reason: Option<&'a str>,
    pub expires_at: Option<i64>,
    pub now: i64,
}

pub fn insert_inspiration(db: &Db, n: &NewInspiration<'_>) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO entities (entity_id, grid_id, realm, kind, name, display_name, owner_id, scope, space_id,
           visibility, status, source_type, uploaded_via, file_name, content_type, size_bytes, pinned, pin_reason,
           expires_at, brain_status, created_at, updated_at, embedder_policy)
         VALUES (?1, ?2, 'inspiration', 'inspiration', ?3, ?4, ?5, ?6, ?7, ?8, 'provisioning', ?9, ?10, ?11, ?12,
           ?13, ?14, ?15, ?16, 'pending', ?17, ?17, ?18)",
        &[
            text(n.entity_id),
            text(n.grid_id),
            text(n.name),
            text(n.display_name),
            text(n.owner_id),
            text(n.scope.as_str()),
            opt_text(n.space_id),
            text(n.visibility.as_str()),
            text(n.source_type.as_str()),
            text(n.uploaded_via.as_str()),
            text(n.file_name),
            text(n.content_type),
            int(n.size_bytes),
            flag(n.pinned),
            opt_text(n.pin_reason),
            opt_int(n.expires_at),
            int(n.now),
            opt_text(n.embedder_policy),
        ],
    )
}

/// A Runtime the operator API registers (openapi.yaml).
pub struct NewRuntime<'a> {
    pub entity_id: &'a EntityId,
    pub grid_id: &'a GridId,
    pub kind: EntityKind,
    pub name: &'a str,
    pub display_name: &'a str,
    pub owner_id: &'a UserId,
    pub space_id: Option<&'a SpaceId>,
    pub visibility: Visibility,
    pub link_indexed: bool,
    pub status: Status,
    pub url: Option<&'a str>,
    pub now: i64,
}

pub fn insert_runtime(db: &Db, n: &NewRuntime<'_>) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO entities (entity_id, grid_id, realm, kind, name, display_name, owner_id, scope, space_id,
           visibility, link_indexed, status, runtime_url, created_at, updated_at)
         VALUES (?1, ?2, 'runtime', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)",
        &[
            text(n.entity_id),
            text(n.grid_id),
            text(n.kind.as_str()),
            text(n.name),
            text(n.display_name),
            text(n.owner_id),
            text(if n.space_id.is_some() { "space" } else { "org" }),
            opt_text(n.space_id),
            text(n.visibility.as_str()),
            flag(n.link_indexed),
            text(n.status.as_str()),
            opt_text(n.url),
            int(n.now),
        ],
    )
}

pub fn insert_visibility_space(
    db: &Db,
    entity_id: &EntityId,
    space_id: &SpaceId,
) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO visibility_spaces (entity_id, space_id) VALUES (?1, ?2)",
        &[text(entity_id), text(space_id)],
    )
}

pub fn clear_visibility_spaces(db: &Db, entity_id: &EntityId) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "DELETE FROM visibility_spaces WHERE entity_id = ?1",
        &[text(entity_id)],
    )
}

/// One column an entity update sets, typed: the routes say what changes, and only this file
/// knows the column names and how each value is stored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Change<'a> {
    DisplayName(&'a str),
    Description(Option<&'a str>),
    Scope(Scope),
    SpaceId(Option<&'a SpaceId>),
    Visibility(Visibility),
    LinkIndexed(bool),
    Status(Status),
    StatusDetail(Option<&'a str>),
    ArchivedAt(Option<i64>),
    Pinned(bool),
    PinReason(Option<&'a str>),
    ExpiresAt(Option<i64>),
    CreatedAt(i64),
    BadgeMode(BadgeMode),
}

impl Change<'_> {
    /// The column it sets and the value bound to it.
    fn column(&self) -> (&'static str, JsValue) {
        match *self {
            Change::DisplayName(v) => ("display_name", text(v)),
            Change::Description(v) => ("description", opt_text(v)),
            Change::Scope(v) => ("scope", text(v.as_str())),
            Change::SpaceId(v) => ("space_id", opt_text(v)),
            Change::Visibility(v) => ("visibility", text(v.as_str())),
            Change::LinkIndexed(v) => ("link_indexed", flag(v)),
            Change::Status(v) => ("status", text(v.as_str())),
            Change::StatusDetail(v) => ("status_detail", opt_text(v)),
            Change::ArchivedAt(v) => ("archived_at", opt_int(v)),
            Change::Pinned(v) => ("pinned", flag(v)),
            Change::PinReason(v) => ("pin_reason", opt_text(v)),
            Change::ExpiresAt(v) => ("expires_at", opt_int(v)),
            Change::CreatedAt(v) => ("created_at", int(v)),
            Change::BadgeMode(v) => ("badge_mode", text(v.as_str())),
        }
    }
}

/// The UPDATE of one entity that applies `changes` in order and stamps `updated_at` with `now`.
pub fn update(
    db: &Db,
    entity_id: &EntityId,
    changes: &[Change<'_>],
    now: i64,
) -> ApiResult<D1PreparedStatement> {
    let mut sets = vec!["updated_at = ?2".to_string()];
    let mut args = vec![text(entity_id), int(now)];
    for change in changes {
        let (column, value) = change.column();
        args.push(value);
        sets.push(format!("{column} = ?{}", args.len()));
    }
    let sql = format!(
        "UPDATE entities SET {} WHERE entity_id = ?1",
        sets.join(", ")
    );
    db::stmt(db, &sql, &args)
}

/// [`update`], run on its own.
pub async fn run_update(
    db: &Db,
    entity_id: &EntityId,
    changes: &[Change<'_>],
    now: i64,
) -> ApiResult<()> {
    db::batch(db, vec![update(db, entity_id, changes, now)?]).await
}

/// Live, unexpired link + link_indexed Inspirations: the sitemap.
pub async fn indexable(db: &Db, now: i64) -> ApiResult<Vec<EntityRow>> {
    db::all(
        db,
        &format!(
            "{SELECT} WHERE e.realm = 'inspiration' AND e.visibility = 'link' AND e.link_indexed = 1
             AND e.status = 'live' AND (e.expires_at IS NULL OR e.expires_at > ?1)
             ORDER BY e.updated_at DESC LIMIT 50000"
        ),
        &[int(now)],
    )
    .await
}
