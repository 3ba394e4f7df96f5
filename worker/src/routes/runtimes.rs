//! The Runtime list (interface.md 4.4, 2.3): kind, owner and space filters, two
//! sorts, keyset cursor; hidden states only for their owner and grid admins.

use plug_domain::cursor::Cursor;
use plug_domain::validate::{self, FieldError};
use plug_domain::{RuntimeKindFilter, RuntimeSort};
use serde_json::{json, Value};
use worker::{Request, Response};

use super::inspirations::page_cursor;
use crate::auth;
use crate::error::ApiResult;
use crate::http::{json, query, query_pairs, Ctx};
use crate::present;
use crate::store::entities::{self, ListQuery, ListViewer, SortColumn};
use crate::store::identity;

pub async fn list(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let pairs = query_pairs(&req);
    let kind = match query(&pairs, "kind") {
        None => RuntimeKindFilter::All,
        Some(k) => RuntimeKindFilter::parse(k)
            .ok_or_else(|| FieldError::new("kind", "enum", RuntimeKindFilter::expected()))?,
    };
    let sort = match query(&pairs, "sort") {
        None => RuntimeSort::UpdatedAtDesc,
        Some(s) => RuntimeSort::parse(s)
            .ok_or_else(|| FieldError::new("sort", "enum", RuntimeSort::expected()))?,
    };
    let limit = validate::list_limit(query(&pairs, "limit"))?;
    let after = match query(&pairs, "cursor").filter(|c| !c.is_empty()) {
        Some(raw) => {
            let c = Cursor::decode(raw, sort.as_str()).ok_or_else(|| {
                FieldError::new(
                    "cursor",
                    "invalid",
                    "pass next_cursor unchanged, with the same sort",
                )
            })?;
            Some((c.key, c.id))
        }
        None => None,
    };
    let empty = || {
        json(
            200,
            &json!({ "items": [], "next_cursor": null, "total_returned": 0 }),
        )
    };
    let owner_id = match query(&pairs, "owner").filter(|o| !o.is_empty()) {
        Some("me") => Some(caller.user.user_id.clone()),
        Some(slug) => match identity::find_user_by_slug(&cx.db, slug).await? {
            Some(u) => Some(u.user_id),
            None => return empty(),
        },
        None => None,
    };
    let space_id = match query(&pairs, "space_id").filter(|s| !s.is_empty()) {
        Some(id) => Some(validate::uuid("space_id", id)?),
        None => None,
    };
    let column = match sort {
        RuntimeSort::CreatedAtDesc => SortColumn::CreatedAt,
        RuntimeSort::UpdatedAtDesc => SortColumn::UpdatedAt,
    };
    let kind_filter = match kind {
        RuntimeKindFilter::All => None,
        other => Some(other.as_str()),
    };
    let viewer = ListViewer {
        user_id: &caller.user.user_id,
        is_admin: caller.is_admin(),
        now: cx.now,
    };
    let q = ListQuery {
        grid_id: &caller.grid.grid_id,
        realm: "runtime",
        kind: kind_filter,
        owner_id: owner_id.as_deref(),
        space_id: space_id.as_deref(),
        sort: column,
        after,
        limit,
    };
    let mut rows = entities::list_visible(&cx.db, &viewer, &q).await?;
    let next_cursor = page_cursor(&mut rows, limit, column, sort.as_str());
    let items: Vec<Value> = rows
        .iter()
        .map(|r| present::runtime_summary(&cx.config, r, cx.now))
        .collect();
    json(
        200,
        &json!({ "total_returned": items.len(), "items": items, "next_cursor": next_cursor }),
    )
}
