//! The operator API (platform.md 6): provisioning users, grids, memberships,
//! spaces, runtimes, badge policies and tokens. Guarded by ADMIN_TOKEN.

use plug_domain::time::{iso, parse_iso};
use plug_domain::validate::{self, FieldError};
use plug_domain::{BadgePolicy, EntityKind, Role, Status, Visibility};
use plug_render::{parse_theme, Position};
use serde_json::json;
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, new_uuid, no_content, read_object, read_optional_object, Ctx};
use crate::present;
use crate::store::db::{self, int, text};
use crate::store::entities;
use crate::store::identity::{self, Grid, Space, User};

fn conflict(what: &str) -> ApiError {
    ApiError::new(ErrorCode::NameCollision, format!("{what} already exists"))
}

/// Maps a UNIQUE violation to 409 and passes other errors through.
fn or_conflict(e: ApiError, what: &str) -> ApiError {
    if db::is_unique_violation(&e) {
        conflict(what)
    } else {
        e
    }
}

async fn grid(cx: &Ctx, slug: &str) -> ApiResult<Grid> {
    identity::find_grid_by_slug(&cx.db, slug)
        .await?
        .ok_or_else(|| ApiError::not_found_what("grid"))
}

async fn user(cx: &Ctx, user_id: &str) -> ApiResult<User> {
    if !validate::is_uuid(user_id) {
        return Err(ApiError::not_found_what("user"));
    }
    identity::find_user(&cx.db, user_id)
        .await?
        .ok_or_else(|| ApiError::not_found_what("user"))
}

pub async fn create_user(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["slug", "name"])?;
    let slug = validate::slug("slug", field::req_str(&body, "slug")?)?;
    let name = validate::person_name("name", field::req_str(&body, "name")?)?;
    let user = User {
        user_id: new_uuid(),
        slug,
        name,
    };
    identity::insert_user(&cx.db, &user, cx.now)
        .await
        .map_err(|e| or_conflict(e, "a user with this slug"))?;
    json(201, &user)
}

pub async fn create_grid(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["slug", "name"])?;
    let slug = validate::slug("slug", field::req_str(&body, "slug")?)?;
    let name = validate::person_name("name", field::req_str(&body, "name")?)?;
    let grid_id = new_uuid();
    identity::insert_grid(&cx.db, &grid_id, &slug, &name, cx.now)
        .await
        .map_err(|e| or_conflict(e, "a grid with this slug"))?;
    json(
        201,
        &json!({ "grid_id": grid_id, "slug": slug, "name": name }),
    )
}

pub async fn put_member(
    cx: &Ctx,
    mut req: Request,
    grid_slug: &str,
    user_id: &str,
) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["role"])?;
    let role_raw = field::req_str(&body, "role")?;
    let role =
        Role::parse(role_raw).ok_or_else(|| FieldError::new("role", "enum", Role::expected()))?;
    let grid = grid(cx, grid_slug).await?;
    let user = user(cx, user_id).await?;
    identity::upsert_membership(&cx.db, &grid.grid_id, &user.user_id, role.as_str(), cx.now)
        .await?;
    json(
        200,
        &json!({ "grid_id": grid.grid_id, "grid_slug": grid.slug, "user_id": user.user_id, "role": role }),
    )
}

pub async fn delete_member(
    cx: &Ctx,
    _req: Request,
    grid_slug: &str,
    user_id: &str,
) -> ApiResult<Response> {
    let grid = grid(cx, grid_slug).await?;
    let user = user(cx, user_id).await?;
    if identity::delete_membership(&cx.db, &grid.grid_id, &user.user_id).await? == 0 {
        return Err(ApiError::not_found_what("membership"));
    }
    no_content()
}

pub async fn create_space(cx: &Ctx, mut req: Request, grid_slug: &str) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["slug", "name"])?;
    let slug = validate::slug("slug", field::req_str(&body, "slug")?)?;
    if slug == "everyone" {
        return Err(FieldError::new("slug", "reserved", "'everyone' means the whole grid").into());
    }
    let name = validate::person_name("name", field::req_str(&body, "name")?)?;
    let grid = grid(cx, grid_slug).await?;
    let space = Space {
        space_id: new_uuid(),
        grid_id: grid.grid_id,
        slug,
        name,
    };
    identity::insert_space(&cx.db, &space, cx.now)
        .await
        .map_err(|e| or_conflict(e, "a space with this slug in the grid"))?;
    json(
        201,
        &json!({ "space_id": space.space_id, "slug": space.slug, "name": space.name }),
    )
}

pub async fn put_space_member(
    cx: &Ctx,
    _req: Request,
    space_id: &str,
    user_id: &str,
) -> ApiResult<Response> {
    let space = match validate::is_uuid(space_id) {
        true => identity::find_space(&cx.db, space_id).await?,
        false => None,
    }
    .ok_or_else(|| ApiError::not_found_what("space"))?;
    let user = user(cx, user_id).await?;
    identity::add_space_member(&cx.db, &space.space_id, &user.user_id, cx.now).await?;
    json(
        200,
        &json!({ "space_id": space.space_id, "user_id": user.user_id }),
    )
}

fn policy_of(body: &serde_json::Map<String, serde_json::Value>) -> ApiResult<BadgePolicy> {
    field::only_known(body, &["policy"])?;
    let raw = field::req_str(body, "policy")?;
    Ok(BadgePolicy::parse(raw)
        .ok_or_else(|| FieldError::new("policy", "enum", BadgePolicy::expected()))?)
}

pub async fn put_platform_badge_policy(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let policy = policy_of(&read_object(&mut req).await?)?;
    identity::put_setting(&cx.db, "badge_policy", policy.as_str()).await?;
    json(200, &json!({ "policy": policy }))
}

pub async fn put_grid_badge_policy(
    cx: &Ctx,
    mut req: Request,
    grid_slug: &str,
) -> ApiResult<Response> {
    let policy = policy_of(&read_object(&mut req).await?)?;
    let grid = grid(cx, grid_slug).await?;
    identity::set_grid_badge_policy(&cx.db, &grid.grid_id, policy.as_str()).await?;
    json(200, &json!({ "grid_slug": grid.slug, "policy": policy }))
}

pub async fn put_grid_badge_style(
    cx: &Ctx,
    mut req: Request,
    grid_slug: &str,
) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["theme", "position"])?;
    let theme = match body.get("theme") {
        None | Some(serde_json::Value::Null) => None,
        Some(value) => Some(
            parse_theme(value).map_err(|e| FieldError::new("theme", "invalid", e.to_string()))?,
        ),
    };
    let position = match field::opt_str(&body, "position")? {
        None => None,
        Some(raw) => Some(Position::parse(raw).map_err(|_| {
            FieldError::new(
                "position",
                "enum",
                "bottom-right, bottom-left, top-right, top-left",
            )
        })?),
    };
    let grid = grid(cx, grid_slug).await?;
    let theme_json = theme.as_ref().map(|t| t.to_json());
    identity::set_grid_badge_style(
        &cx.db,
        &grid.grid_id,
        theme_json.as_deref(),
        position.map(|p| p.as_str()),
    )
    .await?;
    let theme_value: serde_json::Value = theme_json
        .as_deref()
        .and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or(serde_json::Value::Null);
    json(
        200,
        &json!({ "grid_slug": grid.slug, "theme": theme_value, "position": position.map(|p| p.as_str()) }),
    )
}

pub async fn create_token(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["user_id", "ttl_seconds"])?;
    let user_id = validate::uuid("user_id", field::req_str(&body, "user_id")?)?;
    let ttl = field::opt_int(&body, "ttl_seconds")?.unwrap_or(3600);
    if !(1..=31_536_000).contains(&ttl) {
        return Err(FieldError::new("ttl_seconds", "range", "1 to 31536000 seconds").into());
    }
    let user = user(cx, &user_id).await?;
    let token = plug_domain::token::mint(
        &user.user_id,
        cx.config.jwt_secret.as_bytes(),
        cx.now,
        ttl,
        cx.config.jwt_issuer.as_deref(),
        cx.config.jwt_audience.as_deref(),
    );
    json(
        201,
        &json!({ "token": token, "expires_at": iso(cx.now + ttl * 1000) }),
    )
}

pub async fn create_runtime(cx: &Ctx, mut req: Request, grid_slug: &str) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(
        &body,
        &[
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
        ],
    )?;
    let grid = grid(cx, grid_slug).await?;
    let owner_id = validate::uuid("owner_id", field::req_str(&body, "owner_id")?)?;
    if identity::role_in(&cx.db, &grid.grid_id, &owner_id)
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
    let kind = match EntityKind::parse(field::req_str(&body, "kind")?) {
        Some(k @ (EntityKind::App | EntityKind::Agent)) => k,
        _ => return Err(FieldError::new("kind", "enum", "app, agent").into()),
    };
    let name = validate::name(field::req_str(&body, "name")?)?;
    let display_name = match field::opt_str(&body, "display_name")? {
        Some(d) => validate::display_name(d)?,
        None => name.clone(),
    };
    let status = Status::parse(field::req_str(&body, "status")?)
        .filter(|s| !matches!(s, Status::Live | Status::Purged))
        .ok_or_else(|| {
            FieldError::new("status", "enum", "running, building, provisioning, paused, draft, stopped, expired, archived, failed, failed_serving")
        })?;
    let visibility = match field::opt_str(&body, "visibility")? {
        Some(v) => Visibility::parse(v)
            .ok_or_else(|| FieldError::new("visibility", "enum", Visibility::expected()))?,
        None => Visibility::Grid,
    };
    let space_id = match field::opt_str(&body, "space_id")? {
        Some(id) => {
            let space = identity::find_space(&cx.db, &validate::uuid("space_id", id)?).await?;
            Some(
                space
                    .filter(|s| s.grid_id == grid.grid_id)
                    .ok_or_else(|| FieldError::new("space_id", "unknown", "a space of this grid"))?
                    .space_id,
            )
        }
        None => None,
    };
    let spaces = resolve_space_slugs(
        cx,
        &grid,
        visibility,
        field::opt_str_list(&body, "visibility_spaces")?,
    )
    .await?;
    let link_indexed =
        field::opt_bool(&body, "link_indexed")?.unwrap_or(false) && visibility == Visibility::Link;
    let url = field::opt_str(&body, "url")?;
    let entity_id = new_uuid();
    let runtime = entities::NewRuntime {
        entity_id: &entity_id,
        grid_id: &grid.grid_id,
        kind: kind.as_str(),
        name: &name,
        display_name: &display_name,
        owner_id: &owner_id,
        space_id: space_id.as_deref(),
        visibility: visibility.as_str(),
        link_indexed,
        status: status.as_str(),
        url,
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
    let row = entities::find(&cx.db, &entity_id)
        .await?
        .ok_or_else(|| ApiError::internal("runtime vanished"))?;
    let mut value = present::runtime_summary(&cx.config, &row, cx.now);
    value["visibility"] = json!(row.visibility);
    let pairs: Vec<(String, String)> = spaces.into_iter().map(|s| (s.space_id, s.slug)).collect();
    if let serde_json::Value::Object(map) = &mut value {
        present::add_visibility_substate(map, &row.visibility, &pairs, link_indexed);
    }
    json(201, &value)
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
    if slugs.is_empty() {
        return Err(FieldError::new(
            "visibility_spaces",
            "empty",
            "a non-empty array of space slugs, or ['everyone']",
        )
        .into());
    }
    if slugs.iter().any(|s| s == "everyone") {
        return Ok(Vec::new());
    }
    let mut spaces = Vec::new();
    for slug in slugs {
        let space = identity::find_space_by_slug(&cx.db, &grid.grid_id, &slug)
            .await?
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::SpaceNotFound,
                    format!("no space '{slug}' in this grid"),
                )
                .with_detail(FieldError::new(
                    "visibility_spaces",
                    "unknown",
                    format!("'{slug}' is not a space of the grid"),
                ))
            })?;
        if !spaces.iter().any(|s: &Space| s.space_id == space.space_id) {
            spaces.push(space);
        }
    }
    Ok(spaces)
}

pub async fn patch_entity(cx: &Ctx, mut req: Request, entity_id: &str) -> ApiResult<Response> {
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["status", "expires_at", "created_at", "updated_at"])?;
    if body.is_empty() {
        return Err(ApiError::validation(
            "send at least one of status, expires_at, created_at, updated_at",
        ));
    }
    let row = match validate::is_uuid(entity_id) {
        true => entities::find(&cx.db, entity_id).await?,
        false => None,
    }
    .ok_or_else(ApiError::not_found)?;
    let mut columns = Vec::new();
    if let Some(status) = field::opt_str(&body, "status")? {
        let status = Status::parse(status)
            .ok_or_else(|| FieldError::new("status", "enum", Status::expected()))?;
        columns.push(("status", text(status.as_str())));
        if status == Status::Archived && row.archived_at.is_none() {
            columns.push(("archived_at", int(cx.now)));
        }
    }
    if let Some(raw) = field::nullable_str(&body, "expires_at")? {
        let value = raw
            .map(|s| {
                parse_iso(s).ok_or_else(|| {
                    FieldError::new("expires_at", "format", "an ISO 8601 timestamp or null")
                })
            })
            .transpose()?;
        columns.push(("expires_at", value.map_or(wasm_bindgen::JsValue::NULL, int)));
        columns.push(("pinned", int(0)));
    }
    let mut updated_at = None;
    for key in ["created_at", "updated_at"] {
        if let Some(raw) = field::opt_str(&body, key)? {
            let ms = parse_iso(raw)
                .ok_or_else(|| FieldError::new(key, "format", "an ISO 8601 timestamp"))?;
            if key == "updated_at" {
                updated_at = Some(ms);
            } else {
                columns.push((key, int(ms)));
            }
        }
    }
    entities::run_update(
        &cx.db,
        &row.entity_id,
        &columns,
        updated_at.unwrap_or(cx.now),
    )
    .await?;
    let row = entities::find(&cx.db, &row.entity_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    json(
        200,
        &json!({
            "entity_id": row.entity_id,
            "status": row.status,
            "expires_at": row.expires_at.map(iso),
            "created_at": iso(row.created_at),
            "updated_at": iso(row.updated_at),
        }),
    )
}
