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

/// What a sign-in ticket is stored under: its hash, or for one bound to a flow (the link origin's
/// flow cookie, `sessions::new_flow`) the hash of the ticket with the flow's hash. A bound ticket
/// is then found only by a request that brings both the ticket and that browser's flow cookie, and
/// no schema change was needed.
fn serve_hash(ticket: &str, flow: Option<&str>) -> String {
    match flow {
        Some(flow) => hex(&Sha256::digest(format!("{ticket}|{flow}").as_bytes())),
        None => hash(ticket),
    }
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
        "INSERT INTO serve_tickets (ticket_hash, user_id, target_url, expires_at)
         SELECT ?1, user_id, ?3, ?4 FROM users WHERE user_id = ?2",
        &[
            text(&serve_hash(ticket, flow)),
            text(user_id),
            text(target_url),
            int(expires_at),
        ],
    )
    .await?;
    Ok(changed == 1)
}

#[derive(Deserialize)]
pub struct ServeTicket {
    pub user_id: UserId,
    pub target_url: String,
    ticket_hash: String,
}

impl ServeTicket {
    /// Which of the flows the redeeming browser holds the ticket was bound to (None: unbound).
    pub fn flow<'a>(&self, ticket: &str, flows: &'a [String]) -> Option<&'a String> {
        flows
            .iter()
            .find(|f| serve_hash(ticket, Some(f)) == self.ticket_hash)
    }
}

/// The sign-in ticket's user and target, once; None when unknown, used or expired, or bound to a
/// flow this browser does not hold (`flows`: the hashes of its flow cookies). A bound ticket
/// brought without its cookie is not spent.
pub async fn redeem_serve_ticket(
    db: &Db,
    ticket: &str,
    flows: &[String],
    now: i64,
) -> ApiResult<Option<ServeTicket>> {
    let mut hashes = vec![hash(ticket)];
    hashes.extend(flows.iter().map(|f| serve_hash(ticket, Some(f))));
    let list = (0..hashes.len())
        .map(|i| format!("?{}", i + 2))
        .collect::<Vec<_>>()
        .join(", ");
    let mut args = vec![int(now)];
    args.extend(hashes.iter().map(|h| text(h)));
    db::first(
        db,
        &format!(
            "UPDATE serve_tickets SET used_at = ?1 WHERE ticket_hash IN ({list}) AND used_at IS NULL AND expires_at > ?1
             RETURNING user_id, target_url, ticket_hash"
        ),
        &args,
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
    fn a_bound_ticket_is_found_only_with_its_flow() {
        let flows = ["a".repeat(64), "b".repeat(64)];
        let bound = ServeTicket {
            user_id: UserId::from("u"),
            target_url: String::new(),
            ticket_hash: serve_hash("t", Some(&flows[1])),
        };
        assert_eq!(bound.flow("t", &flows), Some(&flows[1]));
        assert_eq!(bound.flow("t", &flows[..1]), None, "not without its flow");
        assert_eq!(bound.flow("other", &flows), None);
        let unbound = ServeTicket {
            ticket_hash: serve_hash("t", None),
            ..bound
        };
        assert_eq!(unbound.flow("t", &flows), None);
        assert_eq!(
            serve_hash("t", None),
            hash("t"),
            "unbound tickets are stored as before"
        );
        assert_ne!(serve_hash("t", Some(&flows[0])), serve_hash("t", None));
    }
}
