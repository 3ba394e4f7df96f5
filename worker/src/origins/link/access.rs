//! Who is asking on the link origin and what they may read: the one path every page of this origin
//! takes to an Inspiration (a `url`, a hand-off, the return from signing in). A missing and a
//! hidden Inspiration look exactly alike, and scanning for names is rate limited.

use plug_domain::ids::{EntityId, UserId};
use plug_domain::{Realm, Status};
use wasm_bindgen::JsValue;
use worker::{Request, Url};

use super::handoff::without_hand_off_params;
use super::path::LinkPath;
use crate::auth;
use crate::config::Origin;
use crate::error::ApiResult;
use crate::http::{client_ip, Ctx};
use crate::routes::common::{self, Seen};
use crate::sessions;
use crate::store::directory::{self, User};
use crate::store::{db, entities, limits, tickets};

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

    pub async fn count_miss(&self, cx: &Ctx) -> ApiResult<()> {
        limits::take(&cx.db, self.limit, &self.key, cx.now).await
    }
}

/// The content URL a hand-off returns to, if it is one: only ever a content origin exactly as
/// configured (scheme, host and port), with a label that can be an entity id.
pub fn handoff_url(cx: &Ctx, to: &str) -> Option<(Url, EntityId)> {
    let to = Url::parse(to).ok()?;
    let Some(Origin::Content(label)) = cx.config.origin_of_url(&to) else {
        return None;
    };
    if !plug_domain::validate::is_uuid(&label) {
        return None;
    }
    Some((without_hand_off_params(&to), EntityId::from(label)))
}

/// Which Inspiration a visit asks for.
pub enum Asked<'a> {
    /// A `url` path (grid slug and name).
    At(&'a LinkPath<'a>),
    /// A hand-off back to its content origin.
    Id(&'a EntityId),
    /// A path that names none.
    Nothing,
}

/// Who is asking as the request says: a verified Bearer user (API clients), or the user id the
/// link origin's cookie is signed for and when it was issued (their row is read with the rest, in
/// [`visit`], and found only if they have not signed out since).
pub enum Claimed {
    Token(User),
    Cookie(UserId, i64),
    Nobody,
}

impl Claimed {
    pub async fn of(cx: &Ctx, req: &Request) -> ApiResult<Claimed> {
        if let Some(token) = auth::bearer(req) {
            return Ok(Claimed::Token(auth::verify_user(cx, &token).await?));
        }
        Ok(match sessions::link_user_id(cx, req) {
            Some((user_id, issued)) => Claimed::Cookie(user_id, issued),
            None => Claimed::Nobody,
        })
    }

    /// The user of a Bearer token: misses are counted against them rather than their IP.
    pub fn token_user(&self) -> Option<&User> {
        match self {
            Claimed::Token(u) => Some(u),
            _ => None,
        }
    }

    fn user_id(&self) -> Option<&UserId> {
        match self {
            Claimed::Token(u) => Some(&u.user_id),
            Claimed::Cookie(id, _) => Some(id),
            Claimed::Nobody => None,
        }
    }
}

/// What a visit to the link origin found, all of it read in one D1 batch (one round trip where
/// there were eight: the user, the scan limit, the grid, the entity, the viewer's role and spaces,
/// the spaces it is shared with, then the ticket).
pub struct Visit {
    pub user: Option<User>,
    /// The Inspiration, if this viewer may read it (None for missing, hidden and failed alike).
    pub seen: Option<Seen>,
    /// A content ticket for `seen` and `user`, already stored, when both are known.
    pub ticket: Option<String>,
}

/// Reads a visit in one batch: the scan limit's count (when `scanner` is given, refused with 429
/// when full), the cookie user's row, the Inspiration with the viewer's access, and a content
/// ticket for it that is handed out only if the rest says so.
pub async fn visit(
    cx: &Ctx,
    claimed: Claimed,
    scanner: Option<&Scanner>,
    asked: Asked<'_>,
) -> ApiResult<Visit> {
    let mut statements = Vec::new();
    if let Some(scanner) = scanner {
        statements.push(limits::count_statement(
            &cx.db,
            scanner.limit,
            &scanner.key,
            cx.now,
        )?);
    }
    if let Claimed::Cookie(user_id, issued) = &claimed {
        statements.push(directory::find_signed_in_user_statement(
            &cx.db, user_id, *issued,
        )?);
    }
    let (filter, first, second) = match asked {
        Asked::At(at) => (
            "e.grid_id = (SELECT grid_id FROM grids WHERE slug = ?1) AND e.name = ?2",
            db::text(at.grid),
            db::text(at.name),
        ),
        Asked::Id(id) => (
            "e.entity_id = ?1 AND ?2 IS NULL",
            db::text(id),
            JsValue::NULL,
        ),
        Asked::Nothing => ("0", JsValue::NULL, JsValue::NULL),
    };
    let looks = !matches!(asked, Asked::Nothing);
    if looks {
        statements.push(entities::with_access_where(
            &cx.db,
            filter,
            &[
                first.clone(),
                second.clone(),
                db::opt_text(claimed.user_id()),
            ],
        )?);
    }
    let ticket = match claimed.user_id() {
        Some(user_id) if looks => {
            let ticket = sessions::new_ticket();
            statements.push(tickets::content_ticket_where(
                &cx.db,
                &ticket,
                filter,
                first,
                second,
                user_id,
                cx.now + sessions::TICKET_TTL_MS,
            )?);
            Some(ticket)
        }
        _ => None,
    };
    let results = if statements.is_empty() {
        Vec::new()
    } else {
        db::batch_results(&cx.db, statements).await?
    };
    let mut results = results.iter();
    if let Some(scanner) = scanner {
        let count = db::rows(results.next().ok_or_else(short)?)?
            .into_iter()
            .next();
        limits::refuse_if_counted_over(&cx.db, scanner.limit, &scanner.key, cx.now, count).await?;
    }
    let user = match claimed {
        Claimed::Token(user) => Some(user),
        Claimed::Cookie(..) => db::rows::<User>(results.next().ok_or_else(short)?)?
            .into_iter()
            .next(),
        Claimed::Nobody => None,
    };
    if !looks {
        return Ok(Visit {
            user,
            seen: None,
            ticket: None,
        });
    }
    let found = db::rows::<entities::WithAccessRow>(results.next().ok_or_else(short)?)?
        .into_iter()
        .next()
        .map(entities::WithAccessRow::decode)
        .transpose()?;
    let stored = match results.next() {
        Some(result) => result.meta().ok().flatten().and_then(|m| m.changes) == Some(1),
        None => false,
    };
    let user_id = user.as_ref().map(|u| &u.user_id);
    let seen = match found {
        Some((row, access)) if row.realm == Realm::Inspiration => {
            match common::seen_by(cx, user_id, row, access) {
                Ok(seen) if seen.row.status == Status::Failed => None,
                Ok(seen) => Some(seen),
                Err(e) if e.is_not_found() => None,
                Err(e) => return Err(e),
            }
        }
        _ => None,
    };
    // A ticket goes out only for an Inspiration this user may read, and only once it is stored.
    let ticket = ticket.filter(|_| stored && seen.is_some() && user.is_some());
    Ok(Visit { user, seen, ticket })
}

fn short() -> crate::error::ApiError {
    crate::error::ApiError::internal("short batch")
}

/// The client as the scan limit knows it: its IP, one-way hashed under the daily salt.
fn client_key(cx: &Ctx, req: &Request) -> String {
    plug_domain::views::ip_hash(cx.config.jwt_secret.as_bytes(), &client_ip(req), cx.now)
}
