//! Loading an entity the way every route must: by UUID or slug, applying
//! visibility and state rules, so a hidden entity is a 404 like a missing one.

use plug_domain::access::{can_read, confined, EntityFacts, Viewer};
use plug_domain::ids::{EntityId, GridId, SpaceId, UserId};
use plug_domain::Realm;
use worker::D1PreparedStatement;

use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::Ctx;
use crate::store::db;
use crate::store::entities::{self, Access, EntityRow};

/// An entity together with what the caller is to it.
pub struct Seen {
    pub row: EntityRow,
    pub viewer: Viewer,
    /// `(space_id, slug)` listed for grid visibility.
    pub spaces: Vec<(SpaceId, String)>,
    /// The ids it was inspired by, oldest first (loaded with the row; empty from `check_visible`).
    pub inspired_by: Vec<EntityId>,
    /// The one grid its caller is confined to (`Caller::grid_only`), if any.
    pub only_grid: Option<GridId>,
}

impl Seen {
    pub fn owner_or_admin(&self) -> bool {
        self.viewer.is_owner_or_admin(&self.row.owner_id)
    }
}

pub fn realm_matches(row: &EntityRow, realm: Option<Realm>) -> bool {
    realm.is_none_or(|r| row.realm == r)
}

/// The entity if the caller may read it, else 404: the row, its visibility spaces and the
/// caller's place in its grid come in one statement.
pub async fn load_visible(
    cx: &Ctx,
    caller: Option<&Caller>,
    id: &str,
    realm: Option<Realm>,
) -> ApiResult<Seen> {
    // By UUID anywhere, or by name in the caller's active grid (anonymous callers: UUID only).
    let by_id = plug_domain::validate::is_uuid(id).then(|| EntityId::from(id.to_ascii_lowercase()));
    let key = match (&by_id, caller) {
        (Some(entity_id), _) => entities::EntityKey::Id(entity_id),
        (None, Some(c)) => entities::EntityKey::Name(&c.grid.grid_id, id),
        (None, None) => return Err(ApiError::not_found()),
    };
    let user_id = caller.map(|c| &c.user.user_id);
    let (row, access) = entities::find_with_access(&cx.db, key, user_id)
        .await?
        .filter(|(row, _)| realm_matches(row, realm))
        .ok_or_else(ApiError::not_found)?;
    let only_grid = caller.filter(|c| c.grid_only).map(|c| &c.grid.grid_id);
    seen_in(cx, user_id, only_grid, row, access)
}

/// The entity as the user (or nobody) sees it, from its row and access facts; 404 when hidden.
pub fn seen_by(
    cx: &Ctx,
    user_id: Option<&UserId>,
    row: EntityRow,
    access: Access,
) -> ApiResult<Seen> {
    seen_in(cx, user_id, None, row, access)
}

/// The entity as `caller` sees it: [`seen_by`], confined to the caller's grid when it is
/// (`Caller::grid_only`).
pub fn seen_by_caller(
    cx: &Ctx,
    caller: &Caller,
    row: EntityRow,
    access: Access,
) -> ApiResult<Seen> {
    let only_grid = caller.grid_only.then_some(&caller.grid.grid_id);
    seen_in(cx, Some(&caller.user.user_id), only_grid, row, access)
}

/// [`seen_by`] for a caller confined to `only_grid` (`Caller::grid_only`), who in any other grid
/// sees what anyone does (`access::confined`).
fn seen_in(
    cx: &Ctx,
    user_id: Option<&UserId>,
    only_grid: Option<&GridId>,
    row: EntityRow,
    access: Access,
) -> ApiResult<Seen> {
    let viewer = match user_id {
        Some(user_id) => auth::viewer_from(user_id, access.viewer_role, access.viewer_space_ids),
        None => Viewer::default(),
    };
    let viewer = confined(viewer, only_grid, &row.grid_id);
    let mut seen = visible(cx, row, viewer, access.visibility_spaces)?;
    seen.inspired_by = access.inspired_by;
    seen.only_grid = only_grid.cloned();
    Ok(seen)
}

/// The ids of `seen.inspired_by` its viewer may read, in their order: one statement loads every
/// source with the viewer's access. A source they cannot see (private, in a hidden state, of a
/// grid they are not in) is left out without a trace, as the links lists leave it out: its id
/// would tell an existing Inspiration from a missing one.
pub async fn readable_sources(cx: &Ctx, seen: &Seen) -> ApiResult<Vec<EntityId>> {
    if seen.inspired_by.is_empty() {
        return Ok(Vec::new());
    }
    let user_id = seen.viewer.user_id.as_ref();
    let found = entities::find_many_with_access(&cx.db, &seen.inspired_by, user_id).await?;
    let mut readable = Vec::with_capacity(found.len());
    for (row, access) in found {
        match seen_in(cx, user_id, seen.only_grid.as_ref(), row, access) {
            Ok(source) => readable.push(source.row.entity_id),
            Err(e) if e.is_not_found() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(seen
        .inspired_by
        .iter()
        .filter(|id| readable.contains(id))
        .cloned()
        .collect())
}

/// Runs a write's statements and reads the entity back as the caller now sees it, in one batch
/// (one round trip, one transaction).
pub async fn write_and_reload(
    cx: &Ctx,
    caller: &Caller,
    mut statements: Vec<D1PreparedStatement>,
    entity_id: &EntityId,
) -> ApiResult<Seen> {
    let user_id = &caller.user.user_id;
    statements.push(entities::with_access_statement(
        &cx.db,
        entities::EntityKey::Id(entity_id),
        Some(user_id),
    )?);
    let results = db::batch_results(&cx.db, statements).await?;
    let last = results
        .last()
        .ok_or_else(|| ApiError::internal("empty batch"))?;
    let (row, access) = db::rows::<entities::WithAccessRow>(last)?
        .into_iter()
        .next()
        .ok_or_else(ApiError::not_found)?
        .decode()?;
    seen_by(cx, Some(user_id), row, access)
}

fn visible(
    cx: &Ctx,
    row: EntityRow,
    viewer: Viewer,
    spaces: Vec<(SpaceId, String)>,
) -> ApiResult<Seen> {
    let space_ids: Vec<SpaceId> = spaces.iter().map(|(id, _)| id.clone()).collect();
    let facts = EntityFacts {
        owner_id: &row.owner_id,
        visibility: row.visibility,
        visibility_space_ids: &space_ids,
        status: row.status,
        expires_at: if row.realm == Realm::Inspiration {
            row.expires_at
        } else {
            None
        },
    };
    if !can_read(&viewer, &facts, cx.now) {
        return Err(ApiError::not_found());
    }
    Ok(Seen {
        row,
        viewer,
        spaces,
        inspired_by: Vec::new(),
        only_grid: None,
    })
}

/// For writes: the entity must be in the caller's active grid and visible, and the caller its
/// owner or a grid admin (else `forbidden_code`, e.g. FORBIDDEN or NOT_OWNER).
pub async fn load_owned(
    cx: &Ctx,
    caller: &Caller,
    id: &str,
    realm: Option<Realm>,
    forbidden_code: ErrorCode,
) -> ApiResult<Seen> {
    let seen = load_visible(cx, Some(caller), id, realm).await?;
    if seen.row.grid_id != caller.grid.grid_id {
        return Err(ApiError::not_found());
    }
    if !seen.owner_or_admin() {
        return Err(ApiError::new(
            forbidden_code,
            "only the owner or a grid admin can do this",
        ));
    }
    Ok(seen)
}
