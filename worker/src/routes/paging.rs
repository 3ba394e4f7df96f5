//! What every list shares: `limit` and `cursor` parameters, the owner filter,
//! the next cursor of a page, and the `{ items, next_cursor, total_returned }`
//! envelope (openapi.yaml; docs/model.md "Wire details").

use plug_domain::cursor::Cursor;
use plug_domain::ids::UserId;
use plug_domain::validate::{self, FieldError};
use plug_domain::WireEnum;
use worker::{Request, Response};

use crate::auth::Caller;
use crate::error::ApiResult;
use crate::http::{json, query, query_pairs, Ctx};
use crate::store::directory;
use crate::store::entities::EntityRow;
use crate::store::lists::{self, ListQuery, ListViewer};

/// A page request: its size and where it starts (the last row's sort key and id).
pub struct PageRequest {
    pub limit: i64,
    pub after: Option<(i64, String)>,
}

/// The parameters every page takes.
pub const PAGE_PARAMS: &[&str] = &["cursor", "limit"];

/// The query of a list whose parameters are `params`: each at most once, else 400
/// VALIDATION_FAILED (issue `repeated`), as the create form refuses a field sent twice
/// (docs/api.md "Query parameters").
pub fn list_query(req: &Request, params: &[&str]) -> ApiResult<Vec<(String, String)>> {
    let pairs = query_pairs(req);
    validate::single_valued_params(pairs.iter().map(|(k, _)| k.as_str()), params)?;
    Ok(pairs)
}

/// Reads `limit` (1-100, default 50) and `cursor`, which must have been made for `sort`.
/// A closed-vocabulary query parameter (`sort`, `kind`): `default` when absent, 400 naming the
/// accepted values when unknown.
pub fn enum_query<T: WireEnum>(pairs: &[(String, String)], name: &str, default: T) -> ApiResult<T> {
    match query(pairs, name) {
        None => Ok(default),
        Some(raw) => {
            T::parse(raw).ok_or_else(|| FieldError::new(name, "enum", T::expected()).into())
        }
    }
}

pub fn page_request(pairs: &[(String, String)], sort: &str) -> ApiResult<PageRequest> {
    let limit = validate::list_limit(query(pairs, "limit"))?;
    let after = match query(pairs, "cursor").filter(|c| !c.is_empty()) {
        Some(raw) => {
            let cursor = Cursor::decode(raw, sort).ok_or_else(|| {
                FieldError::new(
                    "cursor",
                    "invalid",
                    "pass next_cursor from the previous page unchanged, with the same sort",
                )
            })?;
            Some((cursor.key, cursor.id))
        }
        None => None,
    };
    Ok(PageRequest { limit, after })
}

/// Trims the look-ahead row a query fetched and returns the cursor after the page's last row
/// when more rows follow. `key_of` gives a row's sort key and id.
pub fn next_cursor<T>(
    rows: &mut Vec<T>,
    limit: i64,
    sort: &str,
    key_of: impl Fn(&T) -> (i64, String),
) -> Option<String> {
    if rows.len() as i64 <= limit {
        return None;
    }
    rows.truncate(limit as usize);
    rows.last().map(|last| {
        let (key, id) = key_of(last);
        Cursor {
            sort: sort.to_string(),
            key,
            id,
        }
        .encode()
    })
}

/// One page of the entities `caller` may see, with the cursor after it: the keyset walk both
/// entity lists (Inspirations and Runtimes) share. `sort` names the cursor's sort.
pub async fn visible_entities(
    cx: &Ctx,
    caller: &Caller,
    query: &ListQuery<'_>,
    sort: &str,
) -> ApiResult<(Vec<EntityRow>, Option<String>)> {
    let viewer = ListViewer {
        user_id: &caller.user.user_id,
        is_admin: caller.is_admin(),
        now: cx.now,
    };
    let mut rows = lists::list_visible(&cx.db, &viewer, query).await?;
    let column = query.sort;
    let next = next_cursor(&mut rows, query.limit, sort, |r| {
        (column.key_of(r), r.entity_id.to_string())
    });
    Ok((rows, next))
}

/// The owner filter: `me`, a user slug, or none. `Err(())`-like `None` inside means an
/// unknown owner, whose list is simply empty.
pub enum OwnerFilter {
    Any,
    Only(UserId),
    Nobody,
}

pub async fn owner_filter(
    cx: &Ctx,
    caller: &Caller,
    pairs: &[(String, String)],
) -> ApiResult<OwnerFilter> {
    Ok(match query(pairs, "owner").filter(|o| !o.is_empty()) {
        None => OwnerFilter::Any,
        Some("me") => OwnerFilter::Only(caller.user.user_id.clone()),
        Some(slug) => match directory::find_user_by_slug(&cx.db, slug).await? {
            Some(user) => OwnerFilter::Only(user.user_id),
            None => OwnerFilter::Nobody,
        },
    })
}

/// `{ items, next_cursor, total_returned }`.
pub fn envelope<T: serde::Serialize>(
    items: Vec<T>,
    next_cursor: Option<String>,
) -> ApiResult<Response> {
    json(200, &plug_domain::wire::Page::new(items, next_cursor))
}
