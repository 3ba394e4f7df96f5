//! Provider identities (issuer + subject) of users and the email domains a grid lets in on a
//! first sign-in (migration 0006).

use plug_domain::ids::{GridId, UserId};
use serde::Deserialize;

use super::db::{self, int, opt_text, text, Db};
use super::directory::{self, User};
use crate::error::ApiResult;

/// The Plug user a provider identity maps to, if it signed in before (or the operator linked it).
pub async fn user_of(db: &Db, issuer: &str, subject: &str) -> ApiResult<Option<UserId>> {
    db::first_value(
        db,
        "SELECT user_id FROM identities WHERE issuer = ?1 AND subject = ?2",
        &[text(issuer), text(subject)],
        "user_id",
    )
    .await
}

/// The grids that let in addresses of `domain`.
pub async fn grids_allowing(db: &Db, domain: &str) -> ApiResult<Vec<GridId>> {
    #[derive(Deserialize)]
    struct Row {
        grid_id: GridId,
    }
    let rows: Vec<Row> = db::all(
        db,
        "SELECT grid_id FROM grid_email_domains WHERE domain = ?1 ORDER BY created_at, grid_id",
        &[text(domain)],
    )
    .await?;
    Ok(rows.into_iter().map(|r| r.grid_id).collect())
}

/// A first sign-in in one batch: the user, their identity and a membership (role member) in each
/// grid that allows their domain. A concurrent first sign-in of the same identity makes this fail
/// on the identity's key, and the caller reads the winner's row.
pub async fn create_signed_in_user(
    db: &Db,
    user: &User,
    issuer: &str,
    subject: &str,
    email: Option<&str>,
    grids: &[GridId],
    now: i64,
) -> ApiResult<()> {
    let mut statements = vec![
        directory::insert_user_statement(db, user, now)?,
        db::stmt(
            db,
            "INSERT INTO identities (issuer, subject, user_id, email, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            &[
                text(issuer),
                text(subject),
                text(&user.user_id),
                opt_text(email),
                int(now),
            ],
        )?,
    ];
    for grid_id in grids {
        statements.push(db::stmt(
            db,
            "INSERT INTO memberships (grid_id, user_id, role, created_at) VALUES (?1, ?2, 'member', ?3)
             ON CONFLICT (grid_id, user_id) DO NOTHING",
            &[text(grid_id), text(&user.user_id), int(now)],
        )?);
    }
    db::batch(db, statements).await
}

/// Links a provider identity to an existing user (the operator API); replaces an earlier link.
pub async fn link(
    db: &Db,
    issuer: &str,
    subject: &str,
    user_id: &UserId,
    now: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO identities (issuer, subject, user_id, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (issuer, subject) DO UPDATE SET user_id = excluded.user_id",
        &[text(issuer), text(subject), text(user_id), int(now)],
    )
    .await
    .map(drop)
}

/// Replaces the email domains a grid lets in.
pub async fn set_grid_domains(
    db: &Db,
    grid_id: &GridId,
    domains: &[String],
    now: i64,
) -> ApiResult<()> {
    let mut statements = vec![db::stmt(
        db,
        "DELETE FROM grid_email_domains WHERE grid_id = ?1",
        &[text(grid_id)],
    )?];
    for domain in domains {
        statements.push(db::stmt(
            db,
            "INSERT INTO grid_email_domains (grid_id, domain, created_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (grid_id, domain) DO NOTHING",
            &[text(grid_id), text(domain), int(now)],
        )?);
    }
    db::batch(db, statements).await
}
