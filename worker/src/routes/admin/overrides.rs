//! PATCH /admin/v1/entities/:id: support overrides (restore, back-date, force expiry).

use plug_domain::ids::EntityId;
use plug_domain::time::{iso, parse_iso};
use plug_domain::validate::{self, FieldError};
use plug_domain::Status;
use serde_json::json;
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult};
use crate::http::{field, json, read_optional_object, Ctx};
use crate::store::entities::{self, Change, EntityRow};

const OVERRIDES: &[&str] = &["status", "expires_at", "created_at", "updated_at"];

pub async fn patch_entity(cx: &Ctx, mut req: Request, entity_id: &str) -> ApiResult<Response> {
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, OVERRIDES)?;
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
    let mut changes = status_changes(&body, &row, cx.now)?;
    changes.extend(expiry_changes(&body)?);
    let (created_at, updated_at) = (
        timestamp(&body, "created_at")?,
        timestamp(&body, "updated_at")?,
    );
    if let Some(ms) = created_at {
        changes.push(Change::CreatedAt(ms));
    }
    let stamp = updated_at.unwrap_or(cx.now);
    entities::run_update(&cx.db, &row.entity_id, &changes, stamp).await?;
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

type Body = serde_json::Map<String, serde_json::Value>;

/// `status`, and `archived_at` when it archives a drop that was not archived before.
fn status_changes(body: &Body, row: &EntityRow, now: i64) -> ApiResult<Vec<Change<'static>>> {
    let Some(status) = field::opt_str(body, "status")? else {
        return Ok(Vec::new());
    };
    let status = Status::parse(status)
        .ok_or_else(|| FieldError::new("status", "enum", Status::expected()))?;
    let mut changes = vec![Change::Status(status)];
    if status == Status::Archived && row.archived_at.is_none() {
        changes.push(Change::ArchivedAt(Some(now)));
    }
    Ok(changes)
}

/// `expires_at` (a time, or null for none), which also unpins.
fn expiry_changes(body: &Body) -> ApiResult<Vec<Change<'static>>> {
    let Some(raw) = field::nullable_str(body, "expires_at")? else {
        return Ok(Vec::new());
    };
    let value = raw
        .map(|s| {
            parse_iso(s).ok_or_else(|| {
                FieldError::new("expires_at", "format", "an ISO 8601 timestamp or null")
            })
        })
        .transpose()?;
    Ok(vec![Change::ExpiresAt(value), Change::Pinned(false)])
}

fn timestamp(body: &Body, key: &str) -> ApiResult<Option<i64>> {
    field::opt_str(body, key)?
        .map(|raw| {
            parse_iso(raw)
                .ok_or_else(|| FieldError::new(key, "format", "an ISO 8601 timestamp").into())
        })
        .transpose()
}
