//! Who is asking on the link origin and what they may read: the one path every page of this origin
//! takes to an Inspiration (a `url`, a hand-off, the return from signing in). A missing and a
//! hidden Inspiration look exactly alike, and scanning for names is rate limited.

use plug_domain::ids::EntityId;
use plug_domain::{Realm, Status};
use worker::{Request, Url};

use super::handoff::without_hand_off_params;
use super::path::LinkPath;
use crate::auth;
use crate::config::Origin;
use crate::error::ApiResult;
use crate::http::{client_ip, Ctx};
use crate::routes::common::{self, Seen};
use crate::sessions;
use crate::store::identity::{self, User};
use crate::store::{entities, limits};

/// Who a miss on the link origin is counted against: an API client by its verified user (a
/// token does not make guessing a `url`'s 4-hex suffix free), anyone else by IP.
pub struct Scanner {
    limit: &'static limits::Limit,
    key: String,
}

impl Scanner {
    pub fn of(cx: &Ctx, req: &Request, user: Option<&User>) -> Scanner {
        match user.filter(|_| auth::bearer(req).is_some()) {
            Some(user) => Scanner {
                limit: &limits::LINK_MISSES_PER_USER,
                key: user.user_id.to_string(),
            },
            None => Scanner {
                limit: &limits::LINK_MISSES_PER_IP,
                key: client_key(cx, req),
            },
        }
    }

    /// A client that has missed too often lately is refused everything for a while: the only
    /// random part of a `url` is its 4-hex suffix, so a hit must not stay cheap to find.
    pub async fn guard(&self, cx: &Ctx) -> ApiResult<()> {
        limits::refuse_if_over(&cx.db, self.limit, &self.key, cx.now).await
    }

    pub async fn count_miss(&self, cx: &Ctx) -> ApiResult<()> {
        limits::take(&cx.db, self.limit, &self.key, cx.now).await
    }
}

/// The viewer on the link origin: a Bearer token (API clients), else the session cookie.
pub async fn viewer(cx: &Ctx, req: &Request) -> ApiResult<Option<User>> {
    match auth::bearer(req) {
        Some(token) => Ok(Some(auth::verify_user(cx, &token).await?)),
        None => sessions::link_user(cx, req).await,
    }
}

/// The Inspiration at `at` if `user` may read it now; None for missing, hidden and failed alike.
pub async fn readable(cx: &Ctx, at: &LinkPath<'_>, user: Option<&User>) -> ApiResult<Option<Seen>> {
    let Some(grid) = identity::find_grid_by_slug(&cx.db, at.grid).await? else {
        return Ok(None);
    };
    let row = entities::find_by_name(&cx.db, &grid.grid_id, at.name)
        .await?
        .filter(|r| r.realm == Realm::Inspiration);
    let Some(row) = row else { return Ok(None) };
    visible_to(cx, row, user).await
}

/// The row as `user` sees it: None when visibility or state hide it, or when it failed to store.
pub async fn visible_to(
    cx: &Ctx,
    row: entities::EntityRow,
    user: Option<&User>,
) -> ApiResult<Option<Seen>> {
    let viewer = match user {
        Some(u) => auth::viewer_of_user(cx, &u.user_id, &row.grid_id).await?,
        None => Default::default(),
    };
    match common::check_visible(cx, row, viewer).await {
        Ok(seen) if seen.row.status == Status::Failed => Ok(None),
        Ok(seen) => Ok(Some(seen)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(e),
    }
}

/// The content URL a hand-off returns to and its Inspiration, if `user` may read it.
pub async fn handoff_target(
    cx: &Ctx,
    to: &str,
    user: Option<&User>,
) -> ApiResult<Option<(Url, Seen)>> {
    let Ok(to) = Url::parse(to) else {
        return Ok(None);
    };
    // Only ever back to a content origin, exactly as configured (scheme, host and port).
    let Some(Origin::Content(label)) = cx.config.origin_of_url(&to) else {
        return Ok(None);
    };
    if !plug_domain::validate::is_uuid(&label) {
        return Ok(None);
    }
    let to = without_hand_off_params(&to);
    let row = entities::find(&cx.db, &EntityId::from(label))
        .await?
        .filter(|r| r.realm == Realm::Inspiration);
    let seen = match row {
        Some(row) => visible_to(cx, row, user).await?,
        None => None,
    };
    Ok(seen.map(|seen| (to, seen)))
}

/// The client as the scan limit knows it: its IP, one-way hashed under the daily salt.
fn client_key(cx: &Ctx, req: &Request) -> String {
    plug_domain::views::ip_hash(cx.config.jwt_secret.as_bytes(), &client_ip(req), cx.now)
}
