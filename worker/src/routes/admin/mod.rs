//! The operator API (openapi.yaml): provisioning users, grids, memberships, spaces, badge
//! policies and tokens here; Runtimes in `runtimes`, support overrides of entities in
//! `overrides`. Guarded by ADMIN_TOKEN before any route runs.

mod overrides;
mod runtimes;

pub use overrides::patch_entity;
pub use runtimes::{create_runtime, resolve_space_slugs};

use plug_domain::ids::{GridId, SpaceId, UserId};
use plug_domain::time::iso;
use plug_domain::validate::{self, FieldError};
use plug_domain::{BadgePolicy, Role};
use plug_render::{parse_theme, Position};
use serde_json::json;
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, no_content, read_object, Ctx};
use crate::random::new_uuid;
use crate::store::db;
use crate::store::directory::{self, Grid, Space, User};

pub(super) fn conflict(what: &str) -> ApiError {
    ApiError::new(ErrorCode::NameCollision, format!("{what} already exists"))
}

/// Maps a UNIQUE violation to 409 and passes other errors through.
pub(super) fn or_conflict(e: ApiError, what: &str) -> ApiError {
    if db::violated_unique(&e, None) {
        conflict(what)
    } else {
        e
    }
}

pub(super) async fn grid(cx: &Ctx, slug: &str) -> ApiResult<Grid> {
    directory::find_grid_by_slug(&cx.db, slug)
        .await?
        .ok_or_else(|| ApiError::not_found_what("grid"))
}

pub(super) async fn user(cx: &Ctx, user_id: &str) -> ApiResult<User> {
    if !validate::is_uuid(user_id) {
        return Err(ApiError::not_found_what("user"));
    }
    directory::find_user(&cx.db, &UserId::from(user_id))
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
    directory::insert_user(&cx.db, &user, cx.now)
        .await
        .map_err(|e| or_conflict(e, "a user with this slug"))?;
    json(201, &user)
}

pub async fn create_grid(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["slug", "name"])?;
    let slug = validate::grid_slug("slug", field::req_str(&body, "slug")?)?;
    let name = validate::person_name("name", field::req_str(&body, "name")?)?;
    let grid_id: GridId = new_uuid();
    directory::insert_grid(&cx.db, &grid_id, &slug, &name, cx.now)
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
    directory::upsert_membership(&cx.db, &grid.grid_id, &user.user_id, role, cx.now).await?;
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
    if directory::delete_membership(&cx.db, &grid.grid_id, &user.user_id).await? == 0 {
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
    directory::insert_space(&cx.db, &space, cx.now)
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
        true => directory::find_space(&cx.db, &SpaceId::from(space_id)).await?,
        false => None,
    }
    .ok_or_else(|| ApiError::not_found_what("space"))?;
    let user = user(cx, user_id).await?;
    directory::add_space_member(&cx.db, &space.space_id, &user.user_id, cx.now).await?;
    json(
        200,
        &json!({ "space_id": space.space_id, "user_id": user.user_id }),
    )
}

pub(super) fn policy_of(
    body: &serde_json::Map<String, serde_json::Value>,
) -> ApiResult<BadgePolicy> {
    field::only_known(body, &["policy"])?;
    let raw = field::req_str(body, "policy")?;
    Ok(BadgePolicy::parse(raw)
        .ok_or_else(|| FieldError::new("policy", "enum", BadgePolicy::expected()))?)
}

pub async fn put_platform_badge_policy(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let policy = policy_of(&read_object(&mut req).await?)?;
    directory::put_setting(&cx.db, "badge_policy", policy.as_str()).await?;
    json(200, &json!({ "policy": policy }))
}

pub async fn put_grid_badge_policy(
    cx: &Ctx,
    mut req: Request,
    grid_slug: &str,
) -> ApiResult<Response> {
    let policy = policy_of(&read_object(&mut req).await?)?;
    let grid = grid(cx, grid_slug).await?;
    directory::set_grid_badge_policy(&cx.db, &grid.grid_id, policy.as_str()).await?;
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
    directory::set_grid_badge_style(
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

/// `PUT /admin/v1/grids/:grid/email-domains` `{ domains }`: who joins the grid as a member on a
/// first sign-in through the OpenID provider (a verified email of one of these domains). Replaces
/// the list; `[]` lets nobody in by domain.
pub async fn put_grid_email_domains(
    cx: &Ctx,
    mut req: Request,
    grid_slug: &str,
) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["domains"])?;
    let raw = field::opt_str_list(&body, "domains")?
        .ok_or_else(|| FieldError::new("domains", "required", "an array of email domains"))?;
    if raw.len() > 50 {
        return Err(FieldError::new("domains", "too_many", "at most 50 domains").into());
    }
    let mut domains: Vec<String> = Vec::new();
    for given in raw {
        let d = given
            .strip_prefix('@')
            .unwrap_or(&given)
            .to_ascii_lowercase();
        if given.len() > 253 || !plug_domain::oidc::is_domain(&d) {
            return Err(FieldError::new(
                "domains",
                "pattern",
                format!("'{d}' is not an email domain such as example.com"),
            )
            .into());
        }
        if !domains.contains(&d) {
            domains.push(d);
        }
    }
    let grid = grid(cx, grid_slug).await?;
    crate::store::identities::set_grid_domains(&cx.db, &grid.grid_id, &domains, cx.now).await?;
    json(200, &json!({ "grid_slug": grid.slug, "domains": domains }))
}

/// `PUT /admin/v1/users/:user/identity` `{ subject, issuer? }`: links a provider identity to an
/// existing user (issuer defaults to OIDC_ISSUER), so that person signs in as that user.
pub async fn put_user_identity(cx: &Ctx, mut req: Request, user_id: &str) -> ApiResult<Response> {
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["subject", "issuer"])?;
    let subject = field::req_str(&body, "subject")?.to_string();
    if subject.is_empty() || subject.chars().count() > 255 {
        return Err(
            FieldError::new("subject", "length", "1-255 chars: the provider's `sub`").into(),
        );
    }
    let issuer = match field::opt_str(&body, "issuer")? {
        Some(i) => i.trim_end_matches('/').to_string(),
        None => cx
            .config
            .oidc
            .as_ref()
            .map(|o| o.issuer.clone())
            .ok_or_else(|| {
                FieldError::new(
                    "issuer",
                    "required",
                    "no OIDC_ISSUER is configured: name it",
                )
            })?,
    };
    let user = user(cx, user_id).await?;
    crate::store::identities::link(&cx.db, &issuer, &subject, &user.user_id, cx.now).await?;
    json(
        200,
        &json!({ "user_id": user.user_id, "issuer": issuer, "subject": subject }),
    )
}
