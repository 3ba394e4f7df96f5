//! Archive, unarchive, pin and unpin (openapi.yaml).

use plug_domain::time::DAY_MS;
use plug_domain::validate;
use wasm_bindgen::JsValue;
use worker::{Request, Response};

use super::{owned_inspiration, write_and_reload};
use crate::auth;
use crate::error::ApiResult;
use crate::http::{field, json, read_object, read_optional_object, Ctx};
use crate::jobs::provision;
use crate::store::db::{int, text};
use crate::store::entities::{self, EntityRow};
use crate::store::objects;

pub async fn archive(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    set_archived(cx, req, id, true).await
}

pub async fn unarchive(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    set_archived(cx, req, id, false).await
}

pub(super) async fn set_archived(
    cx: &Ctx,
    req: Request,
    id: &str,
    archived: bool,
) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let seen = owned_inspiration(cx, &caller, id).await?;
    let row = &seen.row;
    let is_archived = row.status == plug_domain::Status::Archived;
    let columns: Vec<(&str, JsValue)> = if archived == is_archived {
        Vec::new()
    } else if archived {
        vec![("status", text("archived")), ("archived_at", int(cx.now))]
    } else {
        let (restored, detail) = restored_status(cx, row).await?;
        vec![
            ("status", text(restored)),
            ("status_detail", crate::store::db::opt_text(detail)),
            ("archived_at", JsValue::NULL),
        ]
    };
    let statements = if columns.is_empty() {
        Vec::new()
    } else {
        vec![entities::update_columns(
            &cx.db,
            &row.entity_id,
            &columns,
            cx.now,
        )?]
    };
    json(
        200,
        &write_and_reload(cx, &caller, statements, &row.entity_id).await?,
    )
}

/// What an unarchived Inspiration returns to: `live` only when its content is really in R2;
/// still `provisioning` when its drop is recent enough to be storing; else `failed`.
async fn restored_status<'a>(
    cx: &Ctx,
    row: &'a EntityRow,
) -> ApiResult<(&'static str, Option<&'a str>)> {
    if row.status_detail.is_some() {
        return Ok(("failed", row.status_detail.as_deref()));
    }
    if cx
        .r2(objects::is_stored(&cx.bucket, &row.entity_id))
        .await?
    {
        return Ok(("live", None));
    }
    if cx.now - row.created_at < provision::DEADLINE_MS {
        return Ok(("provisioning", None));
    }
    Ok(("failed", Some(provision::STUCK_DETAIL)))
}

pub async fn pin(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["pin_reason"])?;
    let reason = validate::pin_reason(field::req_str(&body, "pin_reason")?)?;
    let seen = owned_inspiration(cx, &caller, id).await?;
    let columns = vec![
        ("pinned", int(1)),
        ("pin_reason", text(&reason)),
        ("expires_at", JsValue::NULL),
    ];
    let update = entities::update_columns(&cx.db, &seen.row.entity_id, &columns, cx.now)?;
    json(
        200,
        &write_and_reload(cx, &caller, vec![update], &seen.row.entity_id).await?,
    )
}

pub async fn unpin(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["expires_in_days"])?;
    let days = validate::expires_in_days(
        field::opt_int(&body, "expires_in_days")?.unwrap_or(validate::DEFAULT_EXPIRES_DAYS),
    )?;
    let seen = owned_inspiration(cx, &caller, id).await?;
    let columns = vec![
        ("pinned", int(0)),
        ("pin_reason", JsValue::NULL),
        ("expires_at", int(cx.now + days * DAY_MS)),
    ];
    let update = entities::update_columns(&cx.db, &seen.row.entity_id, &columns, cx.now)?;
    json(
        200,
        &write_and_reload(cx, &caller, vec![update], &seen.row.entity_id).await?,
    )
}
