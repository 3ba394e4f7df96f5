//! Reading the create form (openapi.yaml; docs/model.md "Wire details"): the multipart body, its
//! fields in the documented order of checks, and the file. Nothing here writes.

use plug_domain::access::{create_combination, StoredVisibility};
use plug_domain::ids::EntityId;
use plug_domain::validate::{self, FieldError};
use plug_domain::{CreateVisibility, Scope, SourceType, UploadedVia, WireEnum};
use wasm_bindgen::JsCast;
use worker::{FormData, FormEntry, Request};

use super::{member_space, MAX_FILE_BYTES, MULTIPART_SLACK};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, Ctx};
use crate::routes::common;
use crate::store::directory::Space;

/// The validated form of a drop, before any file check.
pub(super) struct CreateInput {
    pub base_name: String,
    pub display_name: String,
    pub scope: Scope,
    pub space: Option<Space>,
    pub stored_visibility: StoredVisibility,
    pub expires_in_days: Option<i64>,
    pub pin_reason: Option<String>,
    pub source_type: SourceType,
    pub uploaded_via: UploadedVia,
    pub inspired_by: Vec<EntityId>,
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

pub(super) fn enum_field<T: WireEnum>(form: &FormData, name: &str) -> ApiResult<T> {
    let raw = required(form, name)?;
    T::parse(&raw).ok_or_else(|| FieldError::new(name, "enum", T::expected()).into())
}

/// `inspired_by`: repeated fields, or one field holding a JSON array (docs/model.md "Wire
/// details").
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
    let scope = enum_field::<Scope>(form, "scope")?;
    let visibility = enum_field::<CreateVisibility>(form, "visibility")?;
    let source_type = enum_field::<SourceType>(form, "source_type")?;
    let uploaded_via = enum_field::<UploadedVia>(form, "uploaded_via")?;
    let (expires_in_days, pin_reason) = expiry_fields(form)?;
    let stored_visibility = stored_visibility(scope, visibility)?;
    let space = match scope {
        Scope::Space => Some(own_space(cx, caller, form).await?),
        // Not used at this scope, but checked as the update route checks it: a bad value is
        // refused rather than silently ignored.
        _ => {
            let sent = form_text(form, "space_id").filter(|s| !s.is_empty() && s != "null");
            if let Some(id) = sent {
                validate::uuid("space_id", &id)?;
            }
            None
        }
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

/// The stored visibility of a scope and visibility pair (docs/model.md "Visibility"), or 400.
fn stored_visibility(scope: Scope, visibility: CreateVisibility) -> ApiResult<StoredVisibility> {
    create_combination(scope, visibility).ok_or_else(|| {
        ApiError::new(
            ErrorCode::ScopeInvalid,
            format!("scope {scope} cannot have visibility {visibility}"),
        )
        .with_detail(FieldError::new(
            "visibility",
            "combination",
            allowed_combinations_hint(),
        ))
    })
}

/// The space a `space`-scoped drop lives in: `space_id`, which the caller must belong to.
async fn own_space(cx: &Ctx, caller: &Caller, form: &FormData) -> ApiResult<Space> {
    let space_id = form_text(form, "space_id").filter(|s| !s.is_empty());
    member_space(cx, caller, space_id).await
}

pub(super) fn allowed_combinations_hint() -> &'static str {
    "allowed: personal+private, personal+org, personal+link, space+space, space+org, org+org"
}

/// `expires_in_days` (default 30; `null` pins and then needs `pin_reason`) and `pin_reason`,
/// checked whenever sent (`validate::create_expiry`).
pub(super) fn expiry_fields(form: &FormData) -> ApiResult<(Option<i64>, Option<String>)> {
    let days = form_text(form, "expires_in_days");
    let reason = form_text(form, "pin_reason");
    Ok(validate::create_expiry(days.as_deref(), reason.as_deref())?)
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

/// The multipart body, refused before it is read when its declared length cannot fit.
pub(super) async fn read_form(req: &mut Request) -> ApiResult<FormData> {
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
    // Most often an upload cut off on its way (a proxy's timeout, a dropped connection): the body
    // ends before its closing boundary. Nothing was read, so nothing was stored.
    let unreadable = |_| {
        ApiError::validation(
            "The upload could not be read as multipart/form-data: it ends before its closing \
             boundary (cut off on its way) or is malformed. Nothing was stored; send it again.",
        )
        .with_detail(FieldError::new(
            "file",
            "unreadable",
            "send the whole request again",
        ))
    };
    let promise = match declared {
        Some(_) => req.inner().form_data().map_err(unreadable)?,
        // Without a length (chunked), the runtime would read a body of any size whole: read it
        // up to the cap, 413 as soon as it passes it, then parse the bytes read.
        None => {
            let max = (MAX_FILE_BYTES + MULTIPART_SLACK) as usize;
            let mut bytes = crate::http::read_capped(req, max).await.map_err(|e| {
                if e.status() == 413 {
                    too_large()
                } else {
                    e
                }
            })?;
            let headers = worker::web_sys::Headers::new().map_err(unreadable)?;
            headers
                .set("Content-Type", &content_type)
                .map_err(unreadable)?;
            let init = worker::web_sys::ResponseInit::new();
            init.set_headers(&headers);
            worker::web_sys::Response::new_with_opt_u8_array_and_init(Some(&mut bytes), &init)
                .and_then(|body| body.form_data())
                .map_err(unreadable)?
        }
    };
    let form = js_sys::futures::JsFuture::from(promise)
        .await
        .map_err(unreadable)?;
    // A field the form does not have is refused, as in every JSON body, not silently ignored.
    let names = form_names(&form).map_err(unreadable)?;
    field::only_known_names(names.iter().map(String::as_str), CREATE_FIELDS)?;
    validate::repeated_field(names.iter().map(String::as_str))?;
    Ok(FormData::from(form))
}

/// The fields of the create form (openapi.yaml, `POST /api/v2/inspirations`).
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
pub(super) fn the_file(form: &FormData) -> ApiResult<worker::File> {
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
