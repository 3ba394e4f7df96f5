//! POST /admin/v1/grids/:grid/runtimes: register a Runtime (openapi.yaml).

use plug_domain::ids::{EntityId, SpaceId, UserId};
use plug_domain::validate::{self, FieldError};
use plug_domain::{EntityKind, Status, Visibility};
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, read_object, Ctx};
use crate::present;
use crate::random::new_uuid;
use crate::store::db;
use crate::store::directory::{self, Grid, Space};
use crate::store::entities;
use plug_domain::wire::RegisteredRuntime;

use super::{grid, or_conflict};

pub async fn create_runtime(cx: &Ctx, mut req: Request, grid_slug: &str) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, RUNTIME_FIELDS)?;
    let grid = grid(cx, grid_slug).await?;
    let owner_id = grid_member(cx, &grid, field::req_str(&body, "owner_id")?).await?;
    let fields = runtime_fields(&body)?;
    let space_id = match field::opt_str(&body, "space_id")? {
        Some(id) => Some(space_in_grid(cx, &grid, id).await?),
        None => None,
    };
    let listed = field::opt_str_list(&body, "visibility_spaces")?;
    let spaces = resolve_space_slugs(cx, &grid, fields.visibility, listed).await?;
    let entity_id: EntityId = new_uuid();
    let runtime = entities::NewRuntime {
        entity_id: &entity_id,
        grid_id: &grid.grid_id,
        kind: fields.kind,
        name: &fields.name,
        display_name: &fields.display_name,
        owner_id: &owner_id,
        space_id: space_id.as_ref(),
        visibility: fields.visibility,
        link_indexed: fields.link_indexed,
        status: fields.status,
        url: fields.url,
        now: cx.now,
    };
    let mut statements = vec![entities::insert_runtime(&cx.db, &runtime)?];
    for space in &spaces {
        statements.push(entities::insert_visibility_space(
            &cx.db,
            &entity_id,
            &space.space_id,
        )?);
    }
    db::batch(&cx.db, statements)
        .await
        .map_err(|e| or_conflict(e, "an entity with this name in the grid"))?;
    let pairs: Vec<(SpaceId, String)> = spaces.into_iter().map(|s| (s.space_id, s.slug)).collect();
    runtime_created(cx, &entity_id, &pairs, fields.link_indexed).await
}

const RUNTIME_FIELDS: &[&str] = &[
    "owner_id",
    "kind",
    "name",
    "display_name",
    "status",
    "visibility",
    "visibility_spaces",
    "link_indexed",
    "space_id",
    "url",
];

/// The checked fields of a Runtime registration that need no look-up.
struct RuntimeFields<'a> {
    kind: EntityKind,
    name: String,
    display_name: String,
    status: Status,
    visibility: Visibility,
    link_indexed: bool,
    url: Option<&'a str>,
}

fn runtime_fields(
    body: &serde_json::Map<String, serde_json::Value>,
) -> ApiResult<RuntimeFields<'_>> {
    let kind = match EntityKind::parse(field::req_str(body, "kind")?) {
        Some(k @ (EntityKind::App | EntityKind::Agent)) => k,
        _ => return Err(FieldError::new("kind", "enum", "app, agent").into()),
    };
    let name = validate::name(field::req_str(body, "name")?)?;
    let display_name = match field::opt_str(body, "display_name")? {
        Some(d) => validate::display_name(d)?,
        None => name.clone(),
    };
    let status = Status::parse(field::req_str(body, "status")?)
        .filter(|s| !matches!(s, Status::Live | Status::Purged))
        .ok_or_else(|| {
            FieldError::new("status", "enum", "running, building, provisioning, paused, draft, stopped, expired, archived, failed, failed_serving")
        })?;
    let visibility = match field::opt_str(body, "visibility")? {
        Some(v) => Visibility::parse(v)
            .ok_or_else(|| FieldError::new("visibility", "enum", Visibility::expected()))?,
        None => Visibility::Grid,
    };
    let link_indexed =
        field::opt_bool(body, "link_indexed")?.unwrap_or(false) && visibility == Visibility::Link;
    Ok(RuntimeFields {
        kind,
        name,
        display_name,
        status,
        visibility,
        link_indexed,
        url: field::opt_str(body, "url")?,
    })
}

/// `owner_id` as a member of the grid.
async fn grid_member(cx: &Ctx, grid: &Grid, owner_id: &str) -> ApiResult<UserId> {
    let owner_id = UserId::from(validate::uuid("owner_id", owner_id)?);
    if directory::role_in(&cx.db, &grid.grid_id, &owner_id)
        .await?
        .is_none()
    {
        return Err(FieldError::new(
            "owner_id",
            "not_member",
            "the owner must be a member of the grid",
        )
        .into());
    }
    Ok(owner_id)
}

/// `space_id` as a space of the grid.
async fn space_in_grid(cx: &Ctx, grid: &Grid, space_id: &str) -> ApiResult<SpaceId> {
    let space_id = SpaceId::from(validate::uuid("space_id", space_id)?);
    let space = directory::find_space(&cx.db, &space_id).await?;
    Ok(space
        .filter(|s| s.grid_id == grid.grid_id)
        .ok_or_else(|| FieldError::new("space_id", "unknown", "a space of this grid"))?
        .space_id)
}

/// 201 with the Runtime summary row plus its `visibility` (openapi.yaml).
async fn runtime_created(
    cx: &Ctx,
    entity_id: &EntityId,
    spaces: &[(SpaceId, String)],
    link_indexed: bool,
) -> ApiResult<Response> {
    let row = entities::find(&cx.db, entity_id)
        .await?
        .ok_or_else(|| ApiError::internal("runtime vanished"))?;
    let registered = RegisteredRuntime {
        runtime: present::runtime_summary(&cx.config, &row, cx.now),
        visibility: row.visibility,
        substate: present::substate(row.visibility, spaces, link_indexed),
    };
    json(201, &registered)
}

/// Turns `visibility_spaces` slugs into spaces of the grid; `['everyone']` or none means the whole grid.
pub async fn resolve_space_slugs(
    cx: &Ctx,
    grid: &Grid,
    visibility: Visibility,
    slugs: Option<Vec<String>>,
) -> ApiResult<Vec<Space>> {
    let Some(slugs) = slugs else {
        return Ok(Vec::new());
    };
    if visibility != Visibility::Grid {
        return Err(FieldError::new(
            "visibility_spaces",
            "mode",
            "only valid with visibility grid",
        )
        .into());
    }
    let (slugs, everyone) = validate::visibility_spaces(slugs)?;
    let mut spaces = Vec::with_capacity(slugs.len());
    for slug in slugs {
        let space = directory::find_space_by_slug(&cx.db, &grid.grid_id, &slug).await?;
        spaces.push(space.ok_or_else(|| no_such_space(&slug))?);
    }
    if everyone {
        spaces.clear();
    }
    Ok(spaces)
}

fn no_such_space(slug: &str) -> ApiError {
    ApiError::new(
        ErrorCode::SpaceNotFound,
        format!("no space '{slug}' in this grid"),
    )
    .with_detail(FieldError::new(
        "visibility_spaces",
        "unknown",
        format!("'{slug}' is not a space of the grid"),
    ))
}
