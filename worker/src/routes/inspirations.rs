//! The Inspiration routes (interface.md 4.1-4.3, 4.5; platform.md 5): drop,
//! read, list, update, archive and pin. Handlers parse, call the rules, respond.

use plug_domain::access::{create_combination, RequestedVisibility, StoredVisibility};
use plug_domain::time::DAY_MS;
use plug_domain::validate::{self, FieldError};
use plug_domain::{CreateVisibility, InspirationSort, Scope, SourceType, UploadedVia, Visibility};
use serde_json::Value;
use wasm_bindgen::JsValue;
use worker::{FormData, FormEntry, Request, Response};

use super::common::{self, Seen};
use super::paging::{self, OwnerFilter};
use super::{provision, views};
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{
    field, json, new_uuid, query, query_pairs, random_bytes, read_object, read_optional_object, Ctx,
};
use crate::present::{self, FullParts};
use crate::store::db::{self, int, opt_text, text};
use crate::store::entities::{self, ListQuery, ListViewer, NewInspiration, SortColumn};
use crate::store::identity::{self, Space};
use crate::store::limits;

pub const MAX_FILE_BYTES: u64 = plug_content::MAX_UPLOAD_BYTES as u64;
/// Room for the multipart envelope and form fields around a 50 MB file.
const MULTIPART_SLACK: u64 = 1024 * 1024;

/// The full shape of an entity the caller can see.
pub async fn full_shape(cx: &Ctx, seen: &Seen) -> ApiResult<Value> {
    let ids = [seen.row.entity_id.clone()];
    let counts = entities::reaction_counts(&cx.db, &ids).await?;
    let inspired_by = entities::inspired_by(&cx.db, &seen.row.entity_id).await?;
    let parts = FullParts {
        row: &seen.row,
        visibility_spaces: &seen.spaces,
        reactions: present::reactions_map(&counts, &seen.row.entity_id),
        inspired_by,
        owner_or_admin: seen.owner_or_admin(),
    };
    Ok(present::full(&cx.config, parts, cx.now))
}

async fn reload(cx: &Ctx, caller: &Caller, entity_id: &str) -> ApiResult<Value> {
    let seen = common::load_visible(cx, Some(caller), entity_id, Some("inspiration")).await?;
    full_shape(cx, &seen).await
}

// ---------------------------------------------------------------- create

/// The validated form of a drop, before any file check.
struct CreateInput {
    base_name: String,
    display_name: String,
    scope: Scope,
    space: Option<Space>,
    stored_visibility: StoredVisibility,
    expires_in_days: Option<i64>,
    pin_reason: Option<String>,
    source_type: SourceType,
    uploaded_via: UploadedVia,
    inspired_by: Vec<String>,
}

fn form_text(form: &FormData, name: &str) -> Option<String> {
    match form.get(name) {
        Some(FormEntry::Field(v)) => Some(v),
        _ => None,
    }
}

fn required(form: &FormData, name: &str) -> ApiResult<String> {
    form_text(form, name)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| FieldError::new(name, "required", "this field is required").into())
}

fn enum_field<T>(
    form: &FormData,
    name: &str,
    parse: fn(&str) -> Option<T>,
    expected: String,
) -> ApiResult<T> {
    let raw = required(form, name)?;
    parse(&raw).ok_or_else(|| FieldError::new(name, "enum", expected).into())
}

/// `inspired_by`: repeated fields, or one field holding a JSON array (platform.md 9).
fn inspired_by_ids(form: &FormData) -> ApiResult<Vec<String>> {
    let mut ids = Vec::new();
    for entry in form.get_all("inspired_by").unwrap_or_default() {
        let FormEntry::Field(raw) = entry else {
            continue;
        };
        let raw = raw.trim().to_string();
        if raw.starts_with('[') {
            let list: Vec<String> = serde_json::from_str(&raw).map_err(|_| {
                FieldError::new("inspired_by", "format", "a JSON array of entity ids")
            })?;
            ids.extend(list);
        } else if !raw.is_empty() {
            ids.push(raw);
        }
    }
    if ids.len() > validate::INSPIRED_BY_MAX {
        return Err(FieldError::new("inspired_by", "too_many", "up to 10 entity ids").into());
    }
    let mut unique: Vec<String> = Vec::new();
    for id in ids {
        let id = id.to_ascii_lowercase();
        if !validate::is_uuid(&id) {
            return Err(ApiError::new(
                ErrorCode::InspiredByInvalid,
                format!("'{id}' is not an entity id"),
            )
            .with_detail(FieldError::new(
                "inspired_by",
                "format",
                "entity ids (UUIDs)",
            )));
        }
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    Ok(unique)
}

async fn parse_create(cx: &Ctx, caller: &Caller, form: &FormData) -> ApiResult<CreateInput> {
    let base_name = validate::name(&required(form, "name")?)?;
    let display_name = match form_text(form, "display_name") {
        Some(d) => validate::display_name(&d)?,
        None => base_name.clone(),
    };
    let scope = enum_field(form, "scope", Scope::parse, Scope::expected())?;
    let visibility = enum_field(
        form,
        "visibility",
        CreateVisibility::parse,
        CreateVisibility::expected(),
    )?;
    let source_type = enum_field(
        form,
        "source_type",
        SourceType::parse,
        SourceType::expected(),
    )?;
    let uploaded_via = enum_field(
        form,
        "uploaded_via",
        UploadedVia::parse,
        UploadedVia::expected(),
    )?;
    let (expires_in_days, pin_reason) = expiry_fields(form)?;
    let stored_visibility = create_combination(scope, visibility).ok_or_else(|| {
        ApiError::new(
            ErrorCode::ScopeInvalid,
            format!("scope {scope} cannot have visibility {visibility}"),
        )
        .with_detail(FieldError::new(
            "visibility",
            "combination",
            allowed_combinations_hint(),
        ))
    })?;
    let space = match scope {
        Scope::Space => Some(
            member_space(
                cx,
                caller,
                form_text(form, "space_id").filter(|s| !s.is_empty()),
            )
            .await?,
        ),
        _ => None,
    };
    let inspired_by = inspired_by_ids(form)?;
    Ok(CreateInput {
        base_name,
        display_name,
        scope,
        space,
        stored_visibility,
        expires_in_days,
        pin_reason,
        source_type,
        uploaded_via,
        inspired_by,
    })
}

fn allowed_combinations_hint() -> &'static str {
    "allowed: personal+private, personal+org, personal+link, space+space, space+org, org+org"
}

/// `expires_in_days` (default 30; `null` pins and then needs `pin_reason`).
fn expiry_fields(form: &FormData) -> ApiResult<(Option<i64>, Option<String>)> {
    let raw = form_text(form, "expires_in_days");
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok((Some(validate::DEFAULT_EXPIRES_DAYS), None)),
        Some("null") => {
            let reason = form_text(form, "pin_reason").ok_or_else(|| {
                FieldError::new(
                    "pin_reason",
                    "required",
                    "pinning (expires_in_days null) needs a pin_reason of 5-280 characters",
                )
            })?;
            Ok((None, Some(validate::pin_reason(&reason)?)))
        }
        Some(n) => {
            let days = n.parse::<i64>().map_err(|_| {
                FieldError::new(
                    "expires_in_days",
                    "type",
                    "an integer from 1 to 365, or null to pin",
                )
            })?;
            Ok((Some(validate::expires_in_days(days)?), None))
        }
    }
}

/// The space a `space`-scoped Inspiration goes to: required, in the grid, and the caller a member.
async fn member_space(cx: &Ctx, caller: &Caller, space_id: Option<String>) -> ApiResult<Space> {
    let space_id = space_id.ok_or_else(|| {
        ApiError::new(ErrorCode::SpaceRequired, "scope space needs a space_id").with_detail(
            FieldError::new("space_id", "required", "the UUID of a space you belong to"),
        )
    })?;
    let not_member = || {
        ApiError::new(
            ErrorCode::SpaceNotMember,
            "you are not a member of that space",
        )
    };
    if !validate::is_uuid(&space_id) {
        return Err(FieldError::new("space_id", "format", "a space UUID").into());
    }
    let space = identity::find_space(&cx.db, &space_id.to_ascii_lowercase())
        .await?
        .filter(|s| s.grid_id == caller.grid.grid_id)
        .ok_or_else(not_member)?;
    if !identity::is_space_member(&cx.db, &space.space_id, &caller.user.user_id).await? {
        return Err(not_member());
    }
    Ok(space)
}

/// Every inspired_by id must exist and be readable by the caller.
async fn check_inspired_by(cx: &Ctx, caller: &Caller, ids: &[String]) -> ApiResult<()> {
    for id in ids {
        // Only "not there or not visible" makes an id invalid; a failing database is a 500.
        match common::load_visible(cx, Some(caller), id, None).await {
            Ok(_) => {}
            Err(e) if !e.is_not_found() => return Err(e),
            Err(_) => {
                return Err(ApiError::new(
                    ErrorCode::InspiredByInvalid,
                    format!("inspired_by id {id} does not exist or is not visible to you"),
                )
                .with_detail(FieldError::new("inspired_by", "invalid", id.clone())))
            }
        }
    }
    Ok(())
}

fn too_large() -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, "the file is larger than 50 MB").with_detail(
        FieldError::new(
            "file",
            "too_large",
            format!("at most 50 MB ({MAX_FILE_BYTES} bytes)"),
        ),
    )
}

pub async fn create(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    // Refuse before reading the body when the declared length says it cannot fit.
    let declared: Option<u64> =
        crate::http::header(&req, "Content-Length").and_then(|v| v.parse().ok());
    if declared.is_some_and(|len| len > MAX_FILE_BYTES + MULTIPART_SLACK) {
        return Err(too_large());
    }
    let content_type = crate::http::header(&req, "Content-Type").unwrap_or_default();
    if !content_type
        .to_ascii_lowercase()
        .starts_with("multipart/form-data")
    {
        return Err(ApiError::validation(
            "the body must be multipart/form-data with a file field",
        ));
    }
    let form = req
        .form_data()
        .await
        .map_err(|_| ApiError::validation("the multipart body could not be parsed"))?;
    let input = parse_create(cx, &caller, &form).await?;
    let Some(FormEntry::File(file)) = form.get("file") else {
        return Err(FieldError::new(
            "file",
            "required",
            "attach the file to drop as the 'file' field",
        )
        .into());
    };
    if file.size() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let file_name = file.name();
    plug_content::check_extension(input.source_type, &file_name).map_err(content_error)?;
    check_inspired_by(cx, &caller, &input.inspired_by).await?;
    let bytes = file.bytes().await?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let size = bytes.len() as i64;
    let upload =
        plug_content::validate(input.source_type, &file_name, bytes).map_err(content_error)?;

    let user_slot = limits::take(
        &cx.db,
        &limits::CREATES_PER_USER,
        &caller.user.user_id,
        cx.now,
    )
    .await?;
    let grid_slot = match limits::take(
        &cx.db,
        &limits::CREATES_PER_GRID,
        &caller.grid.grid_id,
        cx.now,
    )
    .await
    {
        Ok(slot) => slot,
        Err(e) => {
            limits::give_back(&cx.db, &user_slot).await?;
            return Err(e);
        }
    };
    let entity_id = match insert(
        cx,
        &caller,
        &input,
        &file_name,
        provision::content_type(&upload),
        size,
    )
    .await
    {
        Ok(id) => id,
        Err(e) => {
            limits::give_back(&cx.db, &user_slot).await?;
            limits::give_back(&cx.db, &grid_slot).await?;
            return Err(e);
        }
    };
    provision::start(cx, &entity_id, input.source_type, file_name, upload);
    json(201, &reload(cx, &caller, &entity_id).await?)
}

fn content_error(e: plug_content::ContentError) -> ApiError {
    ApiError::new(e.code(), e.message().to_string()).with_detail(FieldError::new(
        "file",
        e.code().as_str().to_ascii_lowercase(),
        e.message().to_string(),
    ))
}

/// Writes the entity, its visibility space and its inspired_by links in one atomic batch,
/// retrying the random name suffix on the rare collision.
async fn insert(
    cx: &Ctx,
    caller: &Caller,
    input: &CreateInput,
    file_name: &str,
    content_type: &str,
    size: i64,
) -> ApiResult<String> {
    let entity_id = new_uuid();
    let stored = input.stored_visibility;
    for _attempt in 0..5 {
        let name = validate::suffixed_name(&input.base_name, random_bytes::<2>());
        let new = NewInspiration {
            entity_id: &entity_id,
            grid_id: &caller.grid.grid_id,
            name: &name,
            display_name: &input.display_name,
            owner_id: &caller.user.user_id,
            scope: input.scope.as_str(),
            space_id: input.space.as_ref().map(|s| s.space_id.as_str()),
            visibility: stored.mode().as_str(),
            source_type: input.source_type.as_str(),
            uploaded_via: input.uploaded_via.as_str(),
            file_name,
            content_type,
            size_bytes: size,
            pinned: input.expires_in_days.is_none(),
            pin_reason: input.pin_reason.as_deref(),
            expires_at: input.expires_in_days.map(|d| cx.now + d * DAY_MS),
            now: cx.now,
        };
        let mut statements = vec![entities::insert_inspiration(&cx.db, &new)?];
        if let (StoredVisibility::GridOwnSpace, Some(space)) = (stored, &input.space) {
            statements.push(entities::insert_visibility_space(
                &cx.db,
                &entity_id,
                &space.space_id,
            )?);
        }
        for source in &input.inspired_by {
            statements.push(crate::store::social::insert_link(
                &cx.db,
                &new_uuid(),
                &entity_id,
                source,
                None,
                &caller.user.user_id,
                cx.now,
            )?);
        }
        match db::batch(&cx.db, statements).await {
            Ok(()) => return Ok(entity_id),
            Err(e)
                if db::is_unique_violation(&e)
                    && e.internal
                        .as_deref()
                        .is_some_and(|m| m.contains("entities.grid_id")) =>
            {
                continue
            }
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::new(
        ErrorCode::NameCollision,
        "that name is taken in this grid; try another name",
    ))
}

// ---------------------------------------------------------------- read

pub async fn read(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::optional_caller(cx, &req).await?;
    if let Some(c) = &caller {
        limits::take(&cx.db, &limits::READS_PER_USER, &c.user.user_id, cx.now).await?;
    }
    let seen = common::load_visible(cx, caller.as_ref(), id, Some("inspiration")).await?;
    views::count_later(
        cx,
        &req,
        &seen.row,
        caller.as_ref().map(|c| c.user.user_id.as_str()),
    );
    json(200, &full_shape(cx, &seen).await?)
}

// ---------------------------------------------------------------- list

pub async fn list(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let pairs = query_pairs(&req);
    let sort = match query(&pairs, "sort") {
        None => InspirationSort::CreatedAtDesc,
        Some(s) => InspirationSort::parse(s)
            .ok_or_else(|| FieldError::new("sort", "enum", InspirationSort::expected()))?,
    };
    let page = paging::page_request(&pairs, sort.as_str())?;
    let owner_id = match paging::owner_filter(cx, &caller, &pairs).await? {
        OwnerFilter::Any => None,
        OwnerFilter::Only(id) => Some(id),
        OwnerFilter::Nobody => return paging::envelope(Vec::new(), None),
    };
    let space_id = match query(&pairs, "space").filter(|s| !s.is_empty()) {
        Some(slug) => Some(member_space_by_slug(cx, &caller, slug).await?.space_id),
        None => None,
    };
    let column = match sort {
        InspirationSort::CreatedAtDesc => SortColumn::CreatedAt,
        InspirationSort::ViewCountDesc => SortColumn::ViewCount,
        InspirationSort::ReactionsDesc => SortColumn::ReactionTotal,
    };
    let viewer = ListViewer {
        user_id: &caller.user.user_id,
        is_admin: caller.is_admin(),
        now: cx.now,
    };
    let query = ListQuery {
        grid_id: &caller.grid.grid_id,
        realm: "inspiration",
        kind: None,
        owner_id: owner_id.as_deref(),
        space_id: space_id.as_deref(),
        sort: column,
        after: page.after,
        limit: page.limit,
    };
    let mut rows = entities::list_visible(&cx.db, &viewer, &query).await?;
    let next = paging::next_cursor(&mut rows, page.limit, sort.as_str(), |r| {
        (column.key_of(r), r.entity_id.clone())
    });
    let ids: Vec<String> = rows.iter().map(|r| r.entity_id.clone()).collect();
    let counts = entities::reaction_counts(&cx.db, &ids).await?;
    let items: Vec<Value> = rows
        .iter()
        .map(|row| {
            let mine = caller.is_admin() || row.owner_id == caller.user.user_id;
            present::summary(
                &cx.config,
                row,
                present::reactions_map(&counts, &row.entity_id),
                mine,
                cx.now,
            )
        })
        .collect();
    paging::envelope(items, next)
}

/// A space of the active grid, by slug, that the caller belongs to (else 403 SPACE_NOT_MEMBER).
async fn member_space_by_slug(cx: &Ctx, caller: &Caller, slug: &str) -> ApiResult<Space> {
    let not_member = || {
        ApiError::new(
            ErrorCode::SpaceNotMember,
            format!("you are not a member of space '{slug}'"),
        )
    };
    let space = identity::find_space_by_slug(&cx.db, &caller.grid.grid_id, slug)
        .await?
        .ok_or_else(not_member)?;
    if !identity::is_space_member(&cx.db, &space.space_id, &caller.user.user_id).await? {
        return Err(not_member());
    }
    Ok(space)
}

// ---------------------------------------------------------------- update

pub async fn update(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_optional_object(&mut req).await?;
    if body.is_empty() {
        return Err(ApiError::validation("send at least one field to update"));
    }
    field::only_known(
        &body,
        &[
            "display_name",
            "description",
            "visibility",
            "visibility_spaces",
            "link_indexed",
            "scope",
            "space_id",
        ],
    )?;
    // Validate every field before touching anything.
    let display_name = field::opt_str(&body, "display_name")?
        .map(validate::display_name)
        .transpose()?;
    let description = field::nullable_str(&body, "description")?
        .map(|d| d.map(validate::description).transpose())
        .transpose()?;
    let requested_visibility = field::opt_str(&body, "visibility")?
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
    let scope = field::opt_str(&body, "scope")?
        .map(|s| {
            Scope::parse(s)
                .ok_or_else(|| ApiError::from(FieldError::new("scope", "enum", Scope::expected())))
        })
        .transpose()?;
    let visibility_spaces = field::opt_str_list(&body, "visibility_spaces")?;
    let link_indexed = field::opt_bool(&body, "link_indexed")?;
    let space_id_field = field::nullable_str(&body, "space_id")?;
    // Checked whatever the scope, so a bad value is refused rather than silently ignored.
    if let Some(Some(id)) = space_id_field {
        validate::uuid("space_id", id)?;
    }

    let seen =
        common::load_owned(cx, &caller, id, Some("inspiration"), ErrorCode::Forbidden).await?;
    let row = &seen.row;
    let current_scope = Scope::parse(&row.scope).unwrap_or(Scope::Org);
    let new_scope = scope.unwrap_or(current_scope);
    let mut columns: Vec<(&str, JsValue)> = Vec::new();
    let mut new_space: Option<Space> = None;
    if scope.is_some() || space_id_field.is_some() {
        match new_scope {
            Scope::Space => {
                let space =
                    member_space(cx, &caller, space_id_field.flatten().map(str::to_string)).await?;
                columns.push(("space_id", text(&space.space_id)));
                new_space = Some(space);
            }
            _ => columns.push(("space_id", JsValue::NULL)),
        }
        columns.push(("scope", text(new_scope.as_str())));
    }
    if let Some(d) = &display_name {
        columns.push(("display_name", text(d)));
    }
    if let Some(d) = &description {
        columns.push((
            "description",
            opt_text(d.as_deref().filter(|s| !s.is_empty())),
        ));
    }
    let space_for_legacy = new_space.as_ref().map(|s| s.space_id.clone()).or_else(|| {
        if new_scope == Scope::Space {
            row.space_id.clone()
        } else {
            None
        }
    });
    // Spaces or indexing alone refine the current mode, as if it had been sent again.
    let refines_current = visibility_spaces.is_some() || link_indexed.is_some();
    let requested = requested_visibility.or_else(|| {
        refines_current.then(|| {
            let current = Visibility::parse(&row.visibility).unwrap_or(Visibility::Private);
            RequestedVisibility::Canonical(current)
        })
    });
    let visibility_plan = match requested {
        Some(requested) => Some(
            super::visibility::plan(
                cx,
                &caller.grid,
                requested,
                new_scope,
                space_for_legacy.as_deref(),
                visibility_spaces,
                link_indexed,
                false,
            )
            .await?,
        ),
        None => None,
    };
    let mut statements = Vec::new();
    if let Some(plan) = &visibility_plan {
        columns.push(("visibility", text(plan.mode.as_str())));
        columns.push(("link_indexed", int(i64::from(plan.link_indexed))));
        statements.push(entities::clear_visibility_spaces(&cx.db, &row.entity_id)?);
        for space_id in &plan.space_ids {
            statements.push(entities::insert_visibility_space(
                &cx.db,
                &row.entity_id,
                space_id,
            )?);
        }
    }
    statements.insert(
        0,
        entities::update_columns(&cx.db, &row.entity_id, &columns, cx.now)?,
    );
    db::batch(&cx.db, statements).await?;
    json(200, &reload(cx, &caller, &row.entity_id).await?)
}

// ---------------------------------------------------------------- archive and pin

pub async fn archive(cx: &Ctx, req: Request, id: &str, archived: bool) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let seen =
        common::load_owned(cx, &caller, id, Some("inspiration"), ErrorCode::Forbidden).await?;
    let row = &seen.row;
    let is_archived = row.status == "archived";
    let columns: Vec<(&str, JsValue)> = if archived == is_archived {
        Vec::new()
    } else if archived {
        vec![("status", text("archived")), ("archived_at", int(cx.now))]
    } else {
        // Restore to live when its content is stored, else to failed (it never went live).
        let restored = if row.status_detail.is_none() {
            "live"
        } else {
            "failed"
        };
        vec![("status", text(restored)), ("archived_at", JsValue::NULL)]
    };
    if !columns.is_empty() {
        entities::run_update(&cx.db, &row.entity_id, &columns, cx.now).await?;
    }
    json(200, &reload(cx, &caller, &row.entity_id).await?)
}

pub async fn pin(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["pin_reason"])?;
    let reason = validate::pin_reason(field::req_str(&body, "pin_reason")?)?;
    let seen =
        common::load_owned(cx, &caller, id, Some("inspiration"), ErrorCode::Forbidden).await?;
    let columns = vec![
        ("pinned", int(1)),
        ("pin_reason", text(&reason)),
        ("expires_at", JsValue::NULL),
    ];
    entities::run_update(&cx.db, &seen.row.entity_id, &columns, cx.now).await?;
    json(200, &reload(cx, &caller, &seen.row.entity_id).await?)
}

pub async fn unpin(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["expires_in_days"])?;
    let days = validate::expires_in_days(
        field::opt_int(&body, "expires_in_days")?.unwrap_or(validate::DEFAULT_EXPIRES_DAYS),
    )?;
    let seen =
        common::load_owned(cx, &caller, id, Some("inspiration"), ErrorCode::Forbidden).await?;
    let columns = vec![
        ("pinned", int(0)),
        ("pin_reason", JsValue::NULL),
        ("expires_at", int(cx.now + days * DAY_MS)),
    ];
    entities::run_update(&cx.db, &seen.row.entity_id, &columns, cx.now).await?;
    json(200, &reload(cx, &caller, &seen.row.entity_id).await?)
}
