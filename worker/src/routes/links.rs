//! Inspiration-Runtime links (openapi.yaml; docs/model.md "Wire details"): create with
//! a note, delete by the noter or a grid admin, and both list directions with
//! unreadable sides silently omitted. Links are realm-agnostic.

use std::collections::HashMap;

use plug_domain::ids::{EntityId, LinkId};
use plug_domain::validate::{self, FieldError};
use plug_domain::wire::EntitySummary;
use worker::{Request, Response};

use super::common::{self, Seen};
use super::paging;
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{field, json, no_content, read_object, Ctx};
use crate::present;
use crate::random::new_uuid;
use crate::store::db;
use crate::store::social::{self, LinkSide};

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
        if db::violated_unique(&e, None) {
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
    list(cx, &req, &caller, id, None, OtherSide::Inspiration).await
}

/// GET /api/v2/inspirations/:id/inspired-runtimes: what it inspired, each with a `linked_runtime` summary.
pub async fn inspired_by_source(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let realm = Some(plug_domain::Realm::Inspiration);
    list(cx, &req, &caller, id, realm, OtherSide::Runtime).await
}

/// A page of links with the other side of each: the entity, its links and their other sides are
/// one batch. An entity named by name (not UUID) is looked up first. Links whose other side the
/// caller cannot read are left out before the page is cut, as the Inspiration list leaves out
/// rows in its query: a page is short only at the end, and `next_cursor` is null there, so
/// neither tells that hidden links exist (interface 4.10: "silently omitted").
async fn list(
    cx: &Ctx,
    req: &Request,
    caller: &Caller,
    id: &str,
    realm: Option<plug_domain::Realm>,
    side: OtherSide,
) -> ApiResult<Response> {
    let pairs = paging::list_query(req, paging::PAGE_PARAMS)?;
    let page = paging::page_request(&pairs, LINK_SORT)?;
    let entity_id = match validate::is_uuid(id) {
        true => EntityId::from(id.to_ascii_lowercase()),
        false => {
            common::load_visible(cx, Some(caller), id, realm)
                .await?
                .row
                .entity_id
        }
    };
    let link_side = match side {
        OtherSide::Inspiration => LinkSide::Target,
        OtherSide::Runtime => LinkSide::Source,
    };
    let user_id = &caller.user.user_id;
    let mut after = page.after;
    let mut fetch = page.limit;
    let mut first = true;
    let mut shown: Vec<(social::LinkRow, EntitySummary)> = Vec::new();
    // Until the page and its look-ahead row are full of links the caller may see, or none are
    // left: one batch when nothing is hidden, as before.
    loop {
        let found =
            social::links_page(&cx.db, link_side, &entity_id, after.take(), fetch, user_id).await?;
        if first {
            let (row, access) = found
                .this
                .filter(|(row, _)| common::realm_matches(row, realm))
                .ok_or_else(ApiError::not_found)?;
            common::seen_by_caller(cx, caller, row, access)?;
            first = false;
        }
        let exhausted = found.links.len() as i64 <= fetch;
        let mut others: HashMap<EntityId, Seen> = HashMap::new();
        for (row, access) in found.others {
            // Sources or runtimes the caller cannot read are left out without a trace.
            match common::seen_by_caller(cx, caller, row, access) {
                Ok(seen) => drop(others.insert(seen.row.entity_id.clone(), seen)),
                Err(e) if e.is_not_found() => {}
                Err(e) => return Err(e),
            }
        }
        for link in found.links {
            after = Some((link.created_at, link.link_id.to_string()));
            let other_id = match side {
                OtherSide::Inspiration => &link.source_id,
                OtherSide::Runtime => &link.target_id,
            };
            if let Some(other) = others.get(other_id) {
                let summary = summary_of(cx, other)?;
                shown.push((link, summary));
            }
        }
        if exhausted || shown.len() as i64 > page.limit {
            break;
        }
        fetch = validate::LIST_LIMIT_MAX;
    }
    let next = paging::next_cursor(&mut shown, page.limit, LINK_SORT, |(l, _)| {
        (l.created_at, l.link_id.to_string())
    });
    let items = shown
        .into_iter()
        .map(|(link, summary)| {
            let mut row = present::link(&link);
            match side {
                OtherSide::Inspiration => row.inspiration = Some(summary),
                OtherSide::Runtime => row.linked_runtime = Some(summary),
            }
            row
        })
        .collect();
    paging::envelope(items, next)
}

fn summary_of(cx: &Ctx, seen: &Seen) -> ApiResult<EntitySummary> {
    if seen.row.realm == plug_domain::Realm::Runtime {
        let row = present::runtime_summary(&cx.config, &seen.row, cx.now);
        return Ok(EntitySummary::Runtime(Box::new(row)));
    }
    let row = present::summary(
        &cx.config,
        &seen.row,
        seen.row.reactions()?,
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
