//! The Runtime list (openapi.yaml): kind, owner and space filters, two
//! sorts, keyset cursor; hidden states only for their owner and grid admins.

use plug_domain::ids::SpaceId;
use plug_domain::validate;
use plug_domain::{RuntimeKindFilter, RuntimeSort};
use worker::{Request, Response};

use super::paging::{self, OwnerFilter};
use crate::auth;
use crate::error::ApiResult;
use crate::http::{query, Ctx};
use crate::present;
use crate::store::lists::{ListQuery, SortColumn};

pub async fn list(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let pairs = paging::list_query(
        &req,
        &["kind", "owner", "space_id", "sort", "cursor", "limit"],
    )?;
    let kind = paging::enum_query(&pairs, "kind", RuntimeKindFilter::All)?;
    let sort = paging::enum_query(&pairs, "sort", RuntimeSort::UpdatedAtDesc)?;
    let page = paging::page_request(&pairs, sort.as_str())?;
    let space_id = match query(&pairs, "space_id").filter(|s| !s.is_empty()) {
        Some(id) => Some(SpaceId::from(validate::uuid("space_id", id)?)),
        None => None,
    };
    let owner_id = match paging::owner_filter(cx, &caller, &pairs).await? {
        OwnerFilter::Any => None,
        OwnerFilter::Only(id) => Some(id),
        OwnerFilter::Nobody => return paging::envelope(Vec::<()>::new(), None),
    };
    let column = match sort {
        RuntimeSort::CreatedAtDesc => SortColumn::CreatedAt,
        RuntimeSort::UpdatedAtDesc => SortColumn::UpdatedAt,
    };
    let kind_filter = match kind {
        RuntimeKindFilter::All => None,
        other => Some(other.as_str()),
    };
    let q = ListQuery {
        grid_id: &caller.grid.grid_id,
        realm: "runtime",
        kind: kind_filter,
        owner_id: owner_id.as_ref(),
        space_id: space_id.as_ref(),
        sort: column,
        after: page.after,
        limit: page.limit,
    };
    let (rows, next) = paging::visible_entities(cx, &caller, &q, sort.as_str()).await?;
    let items: Vec<_> = rows
        .iter()
        .map(|r| present::runtime_summary(&cx.config, r, cx.now))
        .collect();
    paging::envelope(items, next)
}
