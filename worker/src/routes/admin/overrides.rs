//! PATCH /admin/v1/entities/:id: support overrides (restore, back-date, force expiry).

use plug_domain::ids::EntityId;
use plug_domain::time::{iso, parse_iso};
use plug_domain::validate::{self, FieldError};
use plug_domain::Status;
use serde_json::json;
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::{field, json, read_optional_object, Ctx};
use crate::store::db::{int, text};
use crate::store::entities;

pub async fn patch_entity(cx: &Ctx, mut req: Request, entity_id: &str) -> ApiResult<Response> {
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["status", "expires_at", "created_at", "updated_at"])?;
    if body.is_empty() {
        return Err(ApiError::validation(
            "send at least one of status, expires_at, created_at, updated_at",
        ));
    }
    let row = match validate::is_uuid(entity_id) {
        true => entities::find(&cx.db, &EntityId::from(entity_id)).await?,
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
