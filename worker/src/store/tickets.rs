//! One-time tickets: a link-origin sign-in (`serve_tickets`, from the API's serve-sessions route)
//! and a hand-off to one Inspiration's content origin (`content_tickets`). Only a hash is stored;
//! redeeming marks the ticket used in the same statement, so a ticket works once.

use crate::store::db::Db;
use plug_domain::ids::{EntityId, UserId};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use wasm_bindgen::JsValue;
use worker::D1PreparedStatement;

use super::db::{self, int, text};
use crate::error::{ApiError, ApiResult};
use crate::random::hex;
use crate::store::directory::{self, Grid, User};
use crate::store::entities::{self, Access, EntityRow};

fn hash(ticket: &str) -> String {
    hex(&Sha256::digest(ticket.as_bytes()))
}

/// A link-origin sign-in ticket of `user_id` for `target_url`, bound to the browser's `flow` when
/// given, stored only while the user exists (one statement); whether it was stored.
pub async fn insert_serve_ticket_if_user(
    db: &Db,
    ticket: &str,
    flow: Option<&str>,
    user_id: &UserId,
    target_url: &str,
    expires_at: i64,
) -> ApiResult<bool> {
    let changed = db::run(
        db,
        "INSERT INTO serve_tickets (ticket_hash, user_id, target_url, expires_at, flow_hash)
         SELECT ?1, user_id, ?3, ?4, ?5 FROM users WHERE user_id = ?2",
        &[
            text(&hash(ticket)),
            text(user_id),
            text(target_url),
            int(expires_at),
            flow.map_or(JsValue::NULL, text),
        ],
    )
    .await?;
    Ok(changed == 1)
}

#[derive(Deserialize)]
pub struct ServeTicket {
    pub user_id: UserId,
    pub target_url: String,
    flow_hash: Option<String>,
}

/// Who may spend a sign-in ticket that was just spent.
#[derive(Debug, PartialEq)]
pub enum Holder<'a> {
    /// Bound to no browser (`POST /api/v2/serve-sessions`): whoever opens it.
    Anyone,
    /// Bound to a flow this browser holds: this browser, which then clears that flow.
    Flow(&'a String),
    /// Bound to a flow this browser does not hold: no one. It is spent all the same, so the
    /// address a site sent a signed-in browser to (`/enter` with the site's own flow) is dead once
    /// that browser has opened it, and can never sign the site's browser in as the victim.
    Refused,
}

impl ServeTicket {
    /// Who may spend it, given the hashes of the flow cookies the redeeming browser holds.
    pub fn holder<'a>(&self, flows: &'a [String]) -> Holder<'a> {
        match &self.flow_hash {
            None => Holder::Anyone,
            Some(bound) => flows
                .iter()
                .find(|f| *f == bound)
                .map_or(Holder::Refused, Holder::Flow),
        }
    }
}

/// Spends the sign-in ticket, whoever brings it: its user, target and flow, once; None when
/// unknown, used or expired. Whether this browser may have it is [`ServeTicket::holder`]'s to say:
/// a ticket bound to a flow is spent by the first browser that opens it, with or without that
/// flow's cookie, so it never waits unspent in an address bar it was sent to.
pub async fn redeem_serve_ticket(
    db: &Db,
    ticket: &str,
    now: i64,
) -> ApiResult<Option<ServeTicket>> {
    db::first(
        db,
        "UPDATE serve_tickets SET used_at = ?1 WHERE ticket_hash = ?2 AND used_at IS NULL AND expires_at > ?1
         RETURNING user_id, target_url, flow_hash",
        &[int(now), text(&hash(ticket))],
    )
    .await
}

/// A content ticket for whichever Inspiration `filter` finds (over `entities e`; `?1` and `?2`
/// are `first` and `second`), stored in the same batch as the reads that decide whether it is
/// handed out: the link origin's redirect is then one round trip. Nothing is stored when no such
/// Inspiration or no such user exists (the batch's result says how many rows were written). A
/// ticket only says who the viewer is, on that one origin: the content origin still checks that
/// they may read it, and a ticket never handed out is useless.
pub fn content_ticket_where(
    db: &Db,
    ticket: &str,
    filter: &str,
    first: JsValue,
    second: JsValue,
    user_id: &UserId,
    expires_at: i64,
) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        &format!(
            "INSERT INTO content_tickets (ticket_hash, entity_id, user_id, expires_at)
             SELECT ?4, e.entity_id, u.user_id, ?5 FROM entities e JOIN users u ON u.user_id = ?3
             WHERE {filter} AND e.realm = 'inspiration'"
        ),
        &[
            first,
            second,
            text(user_id),
            text(&hash(ticket)),
            int(expires_at),
        ],
    )
}

/// What a content ticket hands over, read in the batch that spends it.
pub struct Redeemed {
    pub user: User,
    /// The ticket's Inspiration (by id, any realm) with this user's access to it, as
    /// `entities::find_with_access` reads it; None when it is gone.
    pub found: Option<(EntityRow, Access)>,
    /// Its grid with the platform's badge policy, as `directory::grid_and_platform_badge_policy`
    /// reads it.
    pub badge: Option<(Grid, Option<String>)>,
}

/// The user a content ticket hands over, once, and only on the origin of the entity it is bound
/// to, with what the page then reads for them: one batch (one round trip where there were three)
/// spends the ticket, reads the user's row, the Inspiration with the user's access, and its
/// grid's badge policy. The reads after the first find the user through the ticket just spent,
/// and are trusted only when the spending statement itself answered: a replay (even one racing it
/// in the same millisecond) finds the ticket spent, and gets nothing.
pub async fn redeem_content_ticket(
    db: &Db,
    ticket: &str,
    entity_id: &EntityId,
    now: i64,
) -> ApiResult<Option<Redeemed>> {
    #[derive(Deserialize)]
    struct Row {
        user_id: UserId,
    }
    let hash = hash(ticket);
    let args = [text(&hash), text(entity_id), int(now)];
    let spent_by = "(SELECT user_id FROM content_tickets WHERE ticket_hash = ?3 AND entity_id = ?1 AND used_at = ?4)";
    let results = db::batch_results(
        db,
        vec![
            db::stmt(
                db,
                "UPDATE content_tickets SET used_at = ?3
                 WHERE ticket_hash = ?1 AND entity_id = ?2 AND used_at IS NULL AND expires_at > ?3
                 RETURNING user_id",
                &args,
            )?,
            db::stmt(
                db,
                "SELECT u.user_id, u.slug, u.name FROM content_tickets t JOIN users u ON u.user_id = t.user_id
                 WHERE t.ticket_hash = ?1 AND t.entity_id = ?2 AND t.used_at = ?3",
                &args,
            )?,
            entities::with_access_of_where(
                db,
                spent_by,
                "e.entity_id = ?1 AND ?2 IS NULL",
                &[text(entity_id), JsValue::NULL, text(&hash), int(now)],
            )?,
            directory::badge_policy_where(
                db,
                "(SELECT grid_id FROM entities WHERE entity_id = ?1)",
                &[text(entity_id)],
            )?,
        ],
    )
    .await?;
    let first = |i: usize| {
        results
            .get(i)
            .ok_or_else(|| ApiError::internal("short batch"))
    };
    let spent: Option<Row> = db::rows(first(0)?)?.into_iter().next();
    let Some(spent) = spent else { return Ok(None) };
    let user: Option<User> = db::rows(first(1)?)?.into_iter().next();
    let Some(user) = user.filter(|u| u.user_id == spent.user_id) else {
        return Ok(None);
    };
    let found = db::rows::<entities::WithAccessRow>(first(2)?)?
        .into_iter()
        .next()
        .map(entities::WithAccessRow::decode)
        .transpose()?;
    let badge = db::rows::<directory::BadgePolicyRow>(first(3)?)?
        .into_iter()
        .next()
        .map(directory::BadgePolicyRow::decode);
    Ok(Some(Redeemed { user, found, badge }))
}

/// Expired tickets of both kinds are useless; the daily cron clears them.
pub async fn prune(db: &Db, now: i64) -> ApiResult<()> {
    db::batch(
        db,
        vec![
            db::stmt(
                db,
                "DELETE FROM serve_tickets WHERE expires_at < ?1",
                &[int(now)],
            )?,
            db::stmt(
                db,
                "DELETE FROM content_tickets WHERE expires_at < ?1",
                &[int(now)],
            )?,
        ],
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_ticket_is_spent_by_its_flow_alone() {
        let flows = ["a".repeat(64), "b".repeat(64)];
        let bound = ServeTicket {
            user_id: UserId::from("u"),
            target_url: String::new(),
            flow_hash: Some(flows[1].clone()),
        };
        assert_eq!(bound.holder(&flows), Holder::Flow(&flows[1]));
        assert_eq!(
            bound.holder(&flows[..1]),
            Holder::Refused,
            "not without its flow"
        );
        assert_eq!(bound.holder(&[]), Holder::Refused);
        let unbound = ServeTicket {
            flow_hash: None,
            ..bound
        };
        assert_eq!(unbound.holder(&flows), Holder::Anyone);
        assert_eq!(unbound.holder(&[]), Holder::Anyone);
    }
}
