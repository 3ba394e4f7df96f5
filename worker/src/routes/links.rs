//! Inspiration-Runtime links (interface.md 4.10, 2.7; platform.md 9): create with
//! a note, delete by the noter or a grid admin, and both list directions with
//! unreadable sides silently omitted. Links are realm-agnostic.

use plug_domain::ids::LinkId;
use plug_domain::validate::{self, FieldError};
use plug_domain::wire::EntitySummary;
use worker::{Request, Response};

use super::common::{self, Seen};
use super::paging;
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, new_uuid, no_content, query_pairs, read_object, Ctx};
use crate::present;
use crate::store::social::{self};
use crate::store::{db, entities};

const LINK_SORT: &str = "link_created_at_desc";

/// POST /api/v2/runtimes/:id/inspirations `{ inspiration_entity_id, note? }`.
pub async fn create(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["inspiration_entity_id", "note"])?;
    let source_id = validate::uuid(
        "inspiration_entity_id",
        field::req_str(&body, "inspiration_entity_id")?,
    )?;
    let note = field::opt_str(&body, "note")?
        .map(validate::note)
        .transpose()?
        .filter(|n| !n.is_empty());
    let target = common::load_visible(cx, Some(&caller), id, None).await?;
    let source = common::load_visible(cx, Some(&caller), &source_id, None).await?;
    if target.row.entity_id == source.row.entity_id {
        return Err(FieldError::new(
            "inspiration_entity_id",
            "self",
            "an entity cannot inspire itself",
        )
        .into());
    }
    let link_id: LinkId = new_uuid();
    let insert = social::insert_link(
        &cx.db,
        &link_id,
        &target.row.entity_id,
        &source.row.entity_id,
        note.as_deref(),
        &caller.user.user_id,
        cx.now,
    )?;
    db::batch(&cx.db, vec![insert]).await.map_err(|e| {
        if db::is_unique_violation(&e) {
            ApiError::new(ErrorCode::LinkExists, "these two are already linked")
        } else {
            e
        }
    })?;
    let link = social::find_link(&cx.db, &link_id)
        .await?
        .ok_or_else(|| ApiError::internal("link vanished"))?;
    json(201, &present::link(&link))
}

/// DELETE /api/v2/runtimes/:id/inspirations/:link_id: the noter or a grid admin; 204.
pub async fn delete(cx: &Ctx, req: Request, id: &str, link_id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let target = common::load_visible(cx, Some(&caller), id, None).await?;
    let link = match validate::is_uuid(link_id) {
        true => social::find_link(&cx.db, &LinkId::from(link_id)).await?,
        false => None,
    }
    .filter(|l| l.target_id == target.row.entity_id)
    .ok_or_else(|| ApiError::not_found_what("link"))?;
    if link.noted_by != caller.user.user_id && !target.viewer.is_grid_admin {
        return Err(ApiError::forbidden(
            "only the user who noted this link or a grid admin can remove it",
        ));
    }
    social::delete_link(&cx.db, &link.link_id).await?;
    no_content()
}

/// GET /api/v2/runtimes/:id/inspirations: the sources, each with an `inspiration` summary.
pub async fn sources_of(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let target = common::load_visible(cx, Some(&caller), id, None).await?;
    list(
        cx,
        &req,
        &caller,
        &target,
        "target_id",
        OtherSide::Inspiration,
    )
    .await
}

/// GET /api/v2/inspirations/:id/inspired-runtimes: what it inspired, each with a `linked_runtime` summary.
pub async fn inspired_by_source(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let source =
        common::load_visible(cx, Some(&caller), id, Some(plug_domain::Realm::Inspiration)).await?;
    list(cx, &req, &caller, &source, "source_id", OtherSide::Runtime).await
}

async fn list(
    cx: &Ctx,
    req: &Request,
    caller: &Caller,
    this: &Seen,
    column: &str,
    side: OtherSide,
) -> ApiResult<Response> {
    let page = paging::page_request(&query_pairs(req), LINK_SORT)?;
    let mut links =
        social::links_of(&cx.db, column, &this.row.entity_id, page.after, page.limit).await?;
    let next = paging::next_cursor(&mut links, page.limit, LINK_SORT, |l| {
        (l.created_at, l.link_id.to_string())
    });
    let mut items = Vec::new();
    for link in &links {
        let other_id = if column == "target_id" {
            &link.source_id
        } else {
            &link.target_id
        };
        // Sources or runtimes the caller cannot read are left out without a trace; any other
        // failure is the request's.
        let other = match common::load_visible(cx, Some(caller), other_id, None).await {
            Ok(other) => other,
            Err(e) if e.is_not_found() => continue,
            Err(e) => return Err(e),
        };
        let mut row = present::link(link);
        let summary = Some(summary_of(cx, &other).await?);
        match side {
            OtherSide::Inspiration => row.inspiration = summary,
            OtherSide::Runtime => row.linked_runtime = summary,
        }
        items.push(row);
    }
    paging::envelope(items, next)
}

async fn summary_of(cx: &Ctx, seen: &Seen) -> ApiResult<EntitySummary> {
    if seen.row.realm == plug_domain::Realm::Runtime {
        let row = present::runtime_summary(&cx.config, &seen.row, cx.now);
        return Ok(EntitySummary::Runtime(Box::new(row)));
    }
    let ids = [seen.row.entity_id.clone()];
    let counts = entities::reaction_counts(&cx.db, &ids).await?;
    let row = present::summary(
        &cx.config,
        &seen.row,
        present::reactions_map(&counts, &seen.row.entity_id),
        seen.owner_or_admin(),
        cx.now,
    );
    Ok(EntitySummary::Inspiration(Box::new(row)))
}

/// Which side of a link a list shows beside each row.
#[derive(Clone, Copy)]
enum OtherSide {
    /// The Runtime's list shows each row's `inspiration`.
    Inspiration,
    /// The Inspiration's list shows each row's `linked_runtime`.
    Runtime,
}
