//! Loading an entity the way every route must: by UUID or slug, applying
//! visibility and state rules, so a hidden entity is a 404 like a missing one.

use plug_domain::access::{can_read, EntityFacts, Viewer};
use plug_domain::ids::{EntityId, SpaceId};
use plug_domain::Realm;

use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::Ctx;
use crate::store::entities::{self, EntityRow};

/// An entity together with what the caller is to it.
pub struct Seen {
    pub row: EntityRow,
    pub viewer: Viewer,
    /// `(space_id, slug)` listed for grid visibility.
    pub spaces: Vec<(SpaceId, String)>,
}

impl Seen {
    pub fn owner_or_admin(&self) -> bool {
        self.viewer.is_owner_or_admin(&self.row.owner_id)
    }
}

/// Finds by UUID anywhere, or by slug in the caller's active grid (anonymous callers: UUID only).
pub async fn find(cx: &Ctx, caller: Option<&Caller>, id: &str) -> ApiResult<Option<EntityRow>> {
    if plug_domain::validate::is_uuid(id) {
        return entities::find(&cx.db, &EntityId::from(id.to_ascii_lowercase())).await;
    }
    match caller {
        Some(c) => entities::find_by_name(&cx.db, &c.grid.grid_id, id).await,
        None => Ok(None),
    }
}

pub fn realm_matches(row: &EntityRow, realm: Option<Realm>) -> bool {
    realm.is_none_or(|r| row.realm == r)
}

/// The entity if the caller may read it, else 404.
pub async fn load_visible(
    cx: &Ctx,
    caller: Option<&Caller>,
    id: &str,
    realm: Option<Realm>,
) -> ApiResult<Seen> {
    let row = find(cx, caller, id)
        .await?
        .filter(|r| realm_matches(r, realm))
        .ok_or_else(ApiError::not_found)?;
    let viewer = auth::viewer_in(cx, caller, &row.grid_id).await?;
    check_visible(cx, row, viewer).await
}

/// The entity as `viewer` sees it, or 404 when visibility and state hide it.
pub async fn check_visible(cx: &Ctx, row: EntityRow, viewer: Viewer) -> ApiResult<Seen> {
    let spaces = entities::visibility_spaces(&cx.db, &row.entity_id).await?;
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
