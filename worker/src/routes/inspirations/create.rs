//! POST /api/v2/inspirations (interface.md 4.1): validate the form and the bytes before the 201,
//! write the rows in one batch, then store and enrich in the background.

use plug_domain::access::{create_combination, StoredVisibility};
use plug_domain::ids::{EntityId, LinkId};
use plug_domain::time::DAY_MS;
use plug_domain::validate::{self, FieldError};
use plug_domain::{CreateVisibility, Scope, SourceType, UploadedVia};
use wasm_bindgen::JsCast;
use worker::{FormData, FormEntry, Request, Response};

use super::{member_space, reload, MAX_FILE_BYTES, MULTIPART_SLACK};
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, new_uuid, random_bytes, Ctx};
use crate::jobs::provision;
use crate::routes::common;
use crate::store::db;
use crate::store::entities::{self, NewInspiration};
use crate::store::identity::Space;
use crate::store::limits;

/// The validated form of a drop, before any file check.
pub(super) struct CreateInput {
    base_name: String,
    display_name: String,
    scope: Scope,
    space: Option<Space>,
    stored_visibility: StoredVisibility,
    expires_in_days: Option<i64>,
    pin_reason: Option<String>,
    source_type: SourceType,
    uploaded_via: UploadedVia,
    inspired_by: Vec<EntityId>,
}

pub(super) fn form_text(form: &FormData, name: &str) -> Option<String> {
    match form.get(name) {
        Some(FormEntry::Field(v)) => Some(v),
        _ => None,
    }
}

pub(super) fn required(form: &FormData, name: &str) -> ApiResult<String> {
    form_text(form, name)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| FieldError::new(name, "required", "this field is required").into())
}

pub(super) fn enum_field<T>(
    form: &FormData,
    name: &str,
    parse: fn(&str) -> Option<T>,
    expected: String,
) -> ApiResult<T> {
    let raw = required(form, name)?;
    parse(&raw).ok_or_else(|| FieldError::new(name, "enum", expected).into())
}

/// `inspired_by`: repeated fields, or one field holding a JSON array (platform.md 9).
pub(super) fn inspired_by_ids(form: &FormData) -> ApiResult<Vec<EntityId>> {
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
    let mut unique: Vec<EntityId> = Vec::new();
    for id in ids {
        let id = EntityId::from(id.to_ascii_lowercase());
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

pub(super) async fn parse_create(
    cx: &Ctx,
    caller: &Caller,
    form: &FormData,
) -> ApiResult<CreateInput> {
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

pub(super) fn allowed_combinations_hint() -> &'static str {
    "allowed: personal+private, personal+org, personal+link, space+space, space+org, org+org"
}

/// `expires_in_days` (default 30; `null` pins and then needs `pin_reason`).
pub(super) fn expiry_fields(form: &FormData) -> ApiResult<(Option<i64>, Option<String>)> {
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

/// Every inspired_by id must exist and be readable by the caller.
pub(super) async fn check_inspired_by(
    cx: &Ctx,
    caller: &Caller,
    ids: &[EntityId],
) -> ApiResult<()> {
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
                .with_detail(FieldError::new(
                    "inspired_by",
                    "invalid",
                    id.to_string(),
                )))
            }
        }
    }
    Ok(())
}

pub(super) fn too_large() -> ApiError {
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
    let form = read_form(&mut req).await?;
    let input = parse_create(cx, &caller, &form).await?;
    let file = the_file(&form)?;
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
    let content_type = provision::content_type(&upload);
    let entity_id =
        insert_within_limits(cx, &caller, &input, &file_name, content_type, size).await?;
    provision::start(cx, &entity_id, input.source_type, file_name, upload);
    json(201, &reload(cx, &caller, &entity_id).await?)
}

/// The multipart body, refused before it is read when its declared length cannot fit.
async fn read_form(req: &mut Request) -> ApiResult<FormData> {
    let declared: Option<u64> =
        crate::http::header(req, "Content-Length").and_then(|v| v.parse().ok());
    if declared.is_some_and(|len| len > MAX_FILE_BYTES + MULTIPART_SLACK) {
        return Err(too_large());
    }
    let content_type = crate::http::header(req, "Content-Type").unwrap_or_default();
    if !content_type
        .to_ascii_lowercase()
        .starts_with("multipart/form-data")
    {
        return Err(ApiError::validation(
            "the body must be multipart/form-data with a file field",
        ));
    }
    let unreadable = |_| ApiError::validation("the multipart body could not be parsed");
    let promise = req.inner().form_data().map_err(unreadable)?;
    let form = js_sys::futures::JsFuture::from(promise)
        .await
        .map_err(unreadable)?;
    // A field the form does not have is refused, as in every JSON body, not silently ignored.
    let names = form_names(&form).map_err(unreadable)?;
    field::only_known_names(names.iter().map(String::as_str), CREATE_FIELDS)?;
    Ok(FormData::from(form))
}

/// The fields of interface.md 4.1.
const CREATE_FIELDS: &[&str] = &[
    "file",
    "name",
    "display_name",
    "scope",
    "space_id",
    "visibility",
    "expires_in_days",
    "pin_reason",
    "source_type",
    "uploaded_via",
    "inspired_by",
];

/// The names of a FormData's entries (`formData.keys()`).
fn form_names(form: &wasm_bindgen::JsValue) -> Result<Vec<String>, wasm_bindgen::JsValue> {
    let keys = js_sys::Reflect::get(form, &"keys".into())?;
    let keys: js_sys::Function = keys.dyn_into()?;
    let iterator = keys.call0(form)?;
    let mut names = Vec::new();
    if let Some(entries) = js_sys::try_iter(&iterator)? {
        for name in entries {
            names.push(name?.as_string().unwrap_or_default());
        }
    }
    Ok(names)
}

/// The `file` field, at most 50 MB.
fn the_file(form: &FormData) -> ApiResult<worker::File> {
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
    Ok(file)
}

/// Takes a create slot of the user and of the grid, writes the rows, and gives both slots back
/// when the write does not happen, so a refused drop costs nothing.
async fn insert_within_limits(
    cx: &Ctx,
    caller: &Caller,
    input: &CreateInput,
    file_name: &str,
    content_type: &str,
    size: i64,
) -> ApiResult<EntityId> {
    let wanted = [
        (&limits::CREATES_PER_USER, caller.user.user_id.as_str()),
        (&limits::CREATES_PER_GRID, caller.grid.grid_id.as_str()),
    ];
    let slots = limits::take_all(&cx.db, &wanted, cx.now).await?;
    match insert(cx, caller, input, file_name, content_type, size).await {
        Ok(id) => Ok(id),
        Err(e) => {
            limits::give_back_all(&cx.db, &slots).await?;
            Err(e)
        }
    }
}

pub(super) fn content_error(e: plug_content::ContentError) -> ApiError {
    ApiError::new(e.code(), e.message().to_string()).with_detail(FieldError::new(
        "file",
        e.code().as_str().to_ascii_lowercase(),
        e.message().to_string(),
    ))
}

/// Writes the entity, its visibility space and its inspired_by links in one atomic batch,
/// retrying the random name suffix on the rare collision.
pub(super) async fn insert(
    cx: &Ctx,
    caller: &Caller,
    input: &CreateInput,
    file_name: &str,
    content_type: &str,
    size: i64,
) -> ApiResult<EntityId> {
    let entity_id: EntityId = new_uuid();
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
            space_id: input.space.as_ref().map(|s| &s.space_id),
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
                &new_uuid::<LinkId>(),
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
