//! Changing who can see an entity (openapi.yaml): one planner turns a
//! requested mode and its sub-state into what is stored, for all three routes.

use plug_domain::access::{map_legacy, LegacyVisibility, RequestedVisibility, StoredVisibility};
use plug_domain::ids::SpaceId;
use plug_domain::time::iso;
use plug_domain::validate::FieldError;
use plug_domain::wire::VisibilityChanged;
use plug_domain::{Scope, Visibility};
use worker::{Request, Response};

use super::common::{self, Seen};
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, read_object, Ctx};
use crate::present;
use crate::store::directory::Grid;
use crate::store::entities::{self, Change, EntityRow};

/// What will be stored: the canonical mode and its sub-state.
pub struct VisibilityPlan {
    pub mode: Visibility,
    pub space_ids: Vec<SpaceId>,
    pub link_indexed: bool,
}

/// What a request asked for: a mode and the sub-state fields sent with it.
pub struct VisibilityAsk {
    pub requested: RequestedVisibility,
    pub visibility_spaces: Option<Vec<String>>,
    pub link_indexed: Option<bool>,
}

/// `strict`: sub-state fields with the wrong mode are refused (visibility routes) rather than
/// ignored (the update route honours them only where they apply).
pub async fn plan(
    cx: &Ctx,
    grid: &Grid,
    ask: VisibilityAsk,
    scope: Scope,
    own_space_id: Option<&SpaceId>,
    strict: bool,
) -> ApiResult<VisibilityPlan> {
    let mode = match ask.requested {
        RequestedVisibility::Canonical(mode) => mode,
        RequestedVisibility::Legacy(legacy) => {
            return plan_legacy(legacy, scope, own_space_id, &ask);
        }
    };
    if strict {
        refuse_misplaced_sub_state(mode, &ask)?;
    }
    let space_ids = match mode {
        Visibility::Grid => {
            super::admin::resolve_space_slugs(cx, grid, mode, ask.visibility_spaces)
                .await?
                .into_iter()
                .map(|s| s.space_id)
                .collect()
        }
        _ => Vec::new(),
    };
    Ok(VisibilityPlan {
        mode,
        space_ids,
        link_indexed: mode == Visibility::Link && ask.link_indexed.unwrap_or(false),
    })
}

/// `visibility_spaces` belongs to grid and `link_indexed` to link; sent with another mode, 400.
fn refuse_misplaced_sub_state(mode: Visibility, ask: &VisibilityAsk) -> ApiResult<()> {
    if ask.visibility_spaces.is_some() && mode != Visibility::Grid {
        return Err(FieldError::new(
            "visibility_spaces",
            "mode",
            "only valid with visibility grid",
        )
        .into());
    }
    if ask.link_indexed.is_some() && mode != Visibility::Link {
        return Err(
            FieldError::new("link_indexed", "mode", "only valid with visibility link").into(),
        );
    }
    Ok(())
}

fn plan_legacy(
    legacy: LegacyVisibility,
    scope: Scope,
    own_space_id: Option<&SpaceId>,
    ask: &VisibilityAsk,
) -> ApiResult<VisibilityPlan> {
    if ask.visibility_spaces.is_some() || ask.link_indexed.is_some() {
        return Err(FieldError::new("visibility", "legacy", "legacy visibility values cannot be combined with visibility_spaces or link_indexed; use grid or link").into());
    }
    let scope_invalid = || {
        ApiError::new(
            ErrorCode::ScopeInvalid,
            format!("legacy visibility is not allowed at scope {scope}"),
        )
    };
    let (stored, indexed) = map_legacy(scope, legacy).ok_or_else(scope_invalid)?;
    let space_ids = match stored {
        StoredVisibility::GridOwnSpace => vec![own_space_id.ok_or_else(scope_invalid)?.clone()],
        _ => Vec::new(),
    };
    Ok(VisibilityPlan {
        mode: stored.mode(),
        space_ids,
        link_indexed: indexed,
    })
}

/// PATCH /api/v2/entities/:id/visibility: the canonical modes only.
pub async fn patch_entity(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    patch(cx, req, id, false).await
}

/// PATCH /api/v2/inspirations/:id/visibility: legacy values allowed too.
pub async fn patch_inspiration(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    patch(cx, req, id, true).await
}

async fn patch(cx: &Ctx, mut req: Request, id: &str, legacy_allowed: bool) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["visibility", "visibility_spaces", "link_indexed"])?;
    let ask = VisibilityAsk {
        requested: parse_requested(field::req_str(&body, "visibility")?, legacy_allowed)?,
        visibility_spaces: field::opt_str_list(&body, "visibility_spaces")?,
        link_indexed: field::opt_bool(&body, "link_indexed")?,
    };
    let realm = legacy_allowed.then_some(plug_domain::Realm::Inspiration);
    let seen = common::load_owned(cx, &caller, id, realm, ErrorCode::NotOwner).await?;
    let row = &seen.row;
    let owned_space = row.space_id.as_ref();
    let plan = plan(cx, &caller.grid, ask, row.scope, owned_space, true).await?;
    let after = store_plan(cx, &caller, row, &plan).await?;
    let changed = VisibilityChanged {
        entity_id: row.entity_id.clone(),
        name: row.name.clone(),
        visibility: plan.mode,
        substate: present::substate(plan.mode, &after.spaces, plan.link_indexed),
        updated_at: iso(cx.now),
    };
    json(200, &changed)
}

/// The mode, the indexing flag and the listed spaces, replaced and read back in one batch.
async fn store_plan(
    cx: &Ctx,
    caller: &Caller,
    row: &EntityRow,
    plan: &VisibilityPlan,
) -> ApiResult<Seen> {
    let changes = [
        Change::Visibility(plan.mode),
        Change::LinkIndexed(plan.link_indexed),
    ];
    let mut statements = vec![
        entities::update(&cx.db, &row.entity_id, &changes, cx.now)?,
        entities::clear_visibility_spaces(&cx.db, &row.entity_id)?,
    ];
    for space_id in &plan.space_ids {
        statements.push(entities::insert_visibility_space(
            &cx.db,
            &row.entity_id,
            space_id,
        )?);
    }
    common::write_and_reload(cx, caller, statements, &row.entity_id).await
}

fn parse_requested(raw: &str, legacy_allowed: bool) -> ApiResult<RequestedVisibility> {
    match RequestedVisibility::parse(raw) {
        Some(RequestedVisibility::Legacy(LegacyVisibility::Org)) if !legacy_allowed => {
            Err(FieldError::new(
                "visibility",
                "deprecated",
                "'org' is deprecated: use 'grid' (with visibility_spaces ['everyone'])",
            )
            .into())
        }
        Some(RequestedVisibility::Legacy(_)) if !legacy_allowed => {
            Err(FieldError::new("visibility", "enum", "private, authenticated, grid, link").into())
        }
        Some(requested) => Ok(requested),
        None => {
            Err(FieldError::new("visibility", "enum", "private, authenticated, grid, link").into())
        }
    }
}
