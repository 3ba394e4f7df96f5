//! GET /api/v2/inspirations/:id and the list (openapi.yaml).

use plug_domain::wire::InspirationSummary;
use plug_domain::InspirationSort;
use worker::{Request, Response};

use super::{full_shape, member_space_by_slug};
use crate::auth::{self, Caller};
use crate::error::ApiResult;
use crate::http::{json, query, Ctx};
use crate::present;
use crate::routes::common;
use crate::routes::paging::{self, OwnerFilter};
use crate::routes::views;
use crate::store::entities::EntityRow;
use crate::store::limits;
use crate::store::lists::{ListQuery, SortColumn};

pub async fn read(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    // A signed-in read is admitted against the user's read limit in the same round trip.
    let caller = auth::optional_caller(cx, &req, Some(&limits::READS_PER_USER)).await?;
    let seen = common::load_visible(
        cx,
        caller.as_ref(),
        id,
        Some(plug_domain::Realm::Inspiration),
    )
    .await?;
    views::count_later(
        cx,
        &req,
        views::CountedAt::Read,
        &seen.row,
        caller.as_ref().map(|c| &c.user.user_id),
    );
    json(200, &full_shape(cx, &seen).await?)
}

pub async fn list(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let pairs = paging::list_query(&req, &["owner", "space", "sort", "cursor", "limit"])?;
    let sort = paging::enum_query(&pairs, "sort", InspirationSort::CreatedAtDesc)?;
    let page = paging::page_request(&pairs, sort.as_str())?;
    let owner_id = match paging::owner_filter(cx, &caller, &pairs).await? {
        OwnerFilter::Any => None,
        OwnerFilter::Only(id) => Some(id),
        OwnerFilter::Nobody => return paging::envelope(Vec::<()>::new(), None),
    };
    let space_id = match query(&pairs, "space").filter(|s| !s.is_empty()) {
        Some(slug) => Some(member_space_by_slug(cx, &caller, slug).await?.space_id),
        None => None,
    };
    let query = ListQuery {
        grid_id: &caller.grid.grid_id,
        realm: "inspiration",
        kind: None,
        owner_id: owner_id.as_ref(),
        space_id: space_id.as_ref(),
        sort: match sort {
            InspirationSort::CreatedAtDesc => SortColumn::CreatedAt,
            InspirationSort::ViewCountDesc => SortColumn::ViewCount,
            InspirationSort::ReactionsDesc => SortColumn::ReactionTotal,
        },
        after: page.after,
        limit: page.limit,
    };
    let (rows, next) = paging::visible_entities(cx, &caller, &query, sort.as_str()).await?;
    paging::envelope(summaries(cx, &caller, &rows)?, next)
}

/// The summary rows of a page; their reaction counts came with the rows.
fn summaries(cx: &Ctx, caller: &Caller, rows: &[EntityRow]) -> ApiResult<Vec<InspirationSummary>> {
    let summary = |row: &EntityRow| {
        let mine = caller.is_admin() || row.owner_id == caller.user.user_id;
        Ok(present::summary(
            &cx.config,
            row,
            row.reactions()?,
            mine,
            cx.now,
        ))
    };
    rows.iter().map(summary).collect()
}
