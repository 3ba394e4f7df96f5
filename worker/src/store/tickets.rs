//! One-time tickets: a link-origin sign-in (`serve_tickets`, from the API's serve-sessions route)
//! and a hand-off to one Inspiration's content origin (`content_tickets`). Only a hash is stored;
//! redeeming marks the ticket used in the same statement, so a ticket works once.

use crate::store::db::Db;
use plug_domain::ids::{EntityId, UserId};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::db::{self, int, text};
use crate::error::ApiResult;
use crate::random::hex;

fn hash(ticket: &str) -> String {
    hex(&Sha256::digest(ticket.as_bytes()))
}

pub async fn insert_serve_ticket(
    db: &Db,
    ticket: &str,
    user_id: &UserId,
    target_url: &str,
    expires_at: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO serve_tickets (ticket_hash, user_id, target_url, expires_at) VALUES (?1, ?2, ?3, ?4)",
        &[text(&hash(ticket)), text(user_id), text(target_url), int(expires_at)],
    )
    .await
    .map(drop)
}

#[derive(Deserialize)]
pub struct ServeTicket {
    pub user_id: UserId,
    pub target_url: String,
}

/// The sign-in ticket's user and target, once; None when unknown, used or expired.
pub async fn redeem_serve_ticket(
    db: &Db,
    ticket: &str,
    now: i64,
) -> ApiResult<Option<ServeTicket>> {
    db::first(
        db,
        "UPDATE serve_tickets SET used_at = ?2 WHERE ticket_hash = ?1 AND used_at IS NULL AND expires_at > ?2
         RETURNING user_id, target_url",
        &[text(&hash(ticket)), int(now)],
    )
    .await
}

pub async fn insert_content_ticket(
    db: &Db,
    ticket: &str,
    entity_id: &EntityId,
    user_id: &UserId,
    expires_at: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO content_tickets (ticket_hash, entity_id, user_id, expires_at) VALUES (?1, ?2, ?3, ?4)",
        &[text(&hash(ticket)), text(entity_id), text(user_id), int(expires_at)],
    )
    .await
    .map(drop)
}

/// The user a content ticket hands over, once, and only on the origin of the entity it is bound to.
pub async fn redeem_content_ticket(
    db: &Db,
    ticket: &str,
    entity_id: &EntityId,
    now: i64,
) -> ApiResult<Option<UserId>> {
    #[derive(Deserialize)]
    struct Row {
        user_id: UserId,
    }
    let row: Option<Row> = db::first(
        db,
        "UPDATE content_tickets SET used_at = ?3
         WHERE ticket_hash = ?1 AND entity_id = ?2 AND used_at IS NULL AND expires_at > ?3
         RETURNING user_id",
        &[text(&hash(ticket)), text(entity_id), int(now)],
    )
    .await?;
    Ok(row.map(|r| r.user_id))
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
