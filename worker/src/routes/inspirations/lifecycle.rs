//! Archive, unarchive, pin and unpin (openapi.yaml).

use plug_domain::time::DAY_MS;
use plug_domain::{validate, Status};
use worker::{Request, Response};

use super::{owned_inspiration, write_and_reload};
use crate::auth;
use crate::error::ApiResult;
use crate::http::{field, json, read_object, read_optional_object, Ctx};
use crate::jobs::provision;
use crate::store::entities::{self, Change, EntityRow};
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
    let is_archived = row.status == Status::Archived;
    let changes = if archived == is_archived {
        Vec::new()
    } else if archived {
        vec![
            Change::Status(Status::Archived),
            Change::ArchivedAt(Some(cx.now)),
        ]
    } else {
        let (restored, detail) = restored_status(cx, row).await?;
        vec![
            Change::Status(restored),
            Change::StatusDetail(detail),
            Change::ArchivedAt(None),
        ]
    };
    let statements = if changes.is_empty() {
        Vec::new()
    } else {
        vec![entities::update(&cx.db, &row.entity_id, &changes, cx.now)?]
    };
    json(
        200,
        &write_and_reload(cx, &caller, statements, &row.entity_id).await?,
    )
}

/// What an unarchived Inspiration returns to: `live` only when its content is really in R2;
/// still `provisioning` when its drop is recent enough to be storing; else `failed`.
async fn restored_status<'a>(cx: &Ctx, row: &'a EntityRow) -> ApiResult<(Status, Option<&'a str>)> {
    if row.status_detail.is_some() {
        return Ok((Status::Failed, row.status_detail.as_deref()));
    }
    if cx
        .r2(objects::is_stored(&cx.bucket, &row.entity_id))
        .await?
    {
        return Ok((Status::Live, None));
    }
    if cx.now - row.created_at < provision::DEADLINE_MS {
        return Ok((Status::Provisioning, None));
    }
    Ok((Status::Failed, Some(provision::STUCK_DETAIL)))
}

pub async fn pin(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["pin_reason"])?;
    let reason = validate::pin_reason(field::req_str(&body, "pin_reason")?)?;
    let seen = owned_inspiration(cx, &caller, id).await?;
    let changes = [
        Change::Pinned(true),
        Change::PinReason(Some(&reason)),
        Change::ExpiresAt(None),
    ];
    let update = entities::update(&cx.db, &seen.row.entity_id, &changes, cx.now)?;
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
    let changes = [
        Change::Pinned(false),
        Change::PinReason(None),
        Change::ExpiresAt(Some(cx.now + days * DAY_MS)),
    ];
    let update = entities::update(&cx.db, &seen.row.entity_id, &changes, cx.now)?;
    json(
        200,
        &write_and_reload(cx, &caller, vec![update], &seen.row.entity_id).await?,
    )
}
