//! PATCH /api/v2/inspirations/:id (openapi.yaml): names, scope moves, visibility. The body is
//! validated whole before anything is loaded; every change lands in one batch.

use plug_domain::access::{refined_mode, RequestedVisibility};
use plug_domain::ids::{EntityId, SpaceId};
use plug_domain::validate::{self, FieldError};
use plug_domain::Scope;
use serde_json::{Map, Value};
use worker::{D1PreparedStatement, Request, Response};

use super::{member_space, owned_inspiration, write_and_reload};
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult};
use crate::http::{field, json, read_optional_object, Ctx};
use crate::routes::visibility::{self, VisibilityAsk, VisibilityPlan};
use crate::store::entities::{self, Change, EntityRow};

const UPDATABLE: &[&str] = &[
    "display_name",
    "description",
    "visibility",
    "visibility_spaces",
    "link_indexed",
    "scope",
    "space_id",
];

/// What an update asks for, every field checked.
struct Asked<'a> {
    display_name: Option<String>,
    /// `Some(None)` clears the description.
    description: Option<Option<String>>,
    visibility: Option<RequestedVisibility>,
    scope: Option<Scope>,
    visibility_spaces: Option<Vec<String>>,
    link_indexed: Option<bool>,
    /// `space_id` as sent: absent, null, or an id.
    space_id: Option<Option<&'a str>>,
}

fn parse(body: &Map<String, Value>) -> ApiResult<Asked<'_>> {
    if body.is_empty() {
        return Err(ApiError::validation("send at least one field to update"));
    }
    field::only_known(body, UPDATABLE)?;
    let visibility = field::opt_str(body, "visibility")?
        .map(|v| {
            RequestedVisibility::parse(v).ok_or_else(|| {
                ApiError::from(FieldError::new(
                    "visibility",
                    "enum",
                    "private, authenticated, grid, link",
                ))
            })
        })
        .transpose()?;
    let scope = field::opt_str(body, "scope")?
        .map(|s| {
            Scope::parse(s)
                .ok_or_else(|| ApiError::from(FieldError::new("scope", "enum", Scope::expected())))
        })
        .transpose()?;
    let space_id = field::nullable_str(body, "space_id")?;
    // Checked whatever the scope, so a bad value is refused rather than silently ignored.
    if let Some(Some(id)) = space_id {
        validate::uuid("space_id", id)?;
    }
    Ok(Asked {
        display_name: field::opt_str(body, "display_name")?
            .map(validate::display_name)
            .transpose()?,
        description: field::nullable_str(body, "description")?
            .map(|d| d.map(validate::description).transpose())
            .transpose()?,
        visibility,
        scope,
        visibility_spaces: field::opt_str_list(body, "visibility_spaces")?,
        link_indexed: field::opt_bool(body, "link_indexed")?,
        space_id,
    })
}

pub async fn update(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_optional_object(&mut req).await?;
    let mut asked = parse(&body)?;
    let seen = owned_inspiration(cx, &caller, id).await?;
    let row = &seen.row;
    let (moved_to, scope, own_space) = scope_change(cx, &caller, row, &asked).await?;
    let mut changes = Vec::new();
    if let Some(space_id) = &moved_to {
        changes.push(Change::SpaceId(space_id.as_ref()));
        changes.push(Change::Scope(scope));
    }
    let (display_name, description) = (asked.display_name.take(), asked.description.take());
    if let Some(d) = &display_name {
        changes.push(Change::DisplayName(d));
    }
    if let Some(d) = &description {
        changes.push(Change::Description(d.as_deref().filter(|s| !s.is_empty())));
    }
    let plan = visibility_change(cx, &caller, row, asked, scope, own_space.as_ref()).await?;
    let mut statements = Vec::new();
    if let Some(plan) = &plan {
        changes.push(Change::Visibility(plan.mode));
        changes.push(Change::LinkIndexed(plan.link_indexed));
    }
    statements.push(entities::update(&cx.db, &row.entity_id, &changes, cx.now)?);
    if let Some(plan) = &plan {
        statements.extend(visibility_space_rows(cx, &row.entity_id, plan)?);
    }
    json(
        200,
        &write_and_reload(cx, &caller, statements, &row.entity_id).await?,
    )
}

/// Where a scope move puts the Inspiration (`Some` of its new space, or of None out of any space;
/// None when the update moves nothing), the scope after the update, and the space the Inspiration
/// sits in then (legacy `space` visibility means that one).
async fn scope_change(
    cx: &Ctx,
    caller: &Caller,
    row: &EntityRow,
    asked: &Asked<'_>,
) -> ApiResult<(Option<Option<SpaceId>>, Scope, Option<SpaceId>)> {
    let scope = asked.scope.unwrap_or(row.scope);
    let mut moved_to = None;
    if asked.scope.is_some() || asked.space_id.is_some() {
        moved_to = Some(if scope == Scope::Space {
            let wanted = asked.space_id.flatten().map(str::to_string);
            Some(member_space(cx, caller, wanted).await?.space_id)
        } else {
            None
        });
    }
    let own_space = match &moved_to {
        Some(Some(space_id)) => Some(space_id.clone()),
        _ => (scope == Scope::Space)
            .then(|| row.space_id.clone())
            .flatten(),
    };
    Ok((moved_to, scope, own_space))
}

/// The visibility the update asks for, planned; spaces or indexing sent alone refine the current
/// mode, as if it had been sent again, when they belong to it (else they change nothing).
async fn visibility_change(
    cx: &Ctx,
    caller: &Caller,
    row: &EntityRow,
    asked: Asked<'_>,
    scope: Scope,
    own_space: Option<&SpaceId>,
) -> ApiResult<Option<VisibilityPlan>> {
    let requested = asked.visibility.or_else(|| {
        refined_mode(
            row.visibility,
            asked.visibility_spaces.is_some(),
            asked.link_indexed.is_some(),
        )
        .map(RequestedVisibility::Canonical)
    });
    let Some(requested) = requested else {
        return Ok(None);
    };
    let ask = VisibilityAsk {
        requested,
        visibility_spaces: asked.visibility_spaces,
        link_indexed: asked.link_indexed,
    };
    let plan = visibility::plan(cx, &caller.grid, ask, scope, own_space, false).await?;
    Ok(Some(plan))
}

/// The statements that replace the entity's visibility spaces with the plan's.
fn visibility_space_rows(
    cx: &Ctx,
    entity_id: &EntityId,
    plan: &VisibilityPlan,
) -> ApiResult<Vec<D1PreparedStatement>> {
    let mut statements = vec![entities::clear_visibility_spaces(&cx.db, entity_id)?];
    for space_id in &plan.space_ids {
        statements.push(entities::insert_visibility_space(
            &cx.db, entity_id, space_id,
        )?);
    }
    Ok(statements)
}
