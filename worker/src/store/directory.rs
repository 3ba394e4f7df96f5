//! The directory: users, grids, memberships, spaces and platform settings, the rows the
//! operator API writes and every authenticated request reads.

use crate::store::db::Db;
use plug_domain::ids::{GridId, SpaceId, UserId};
use plug_domain::Role;
use serde::{Deserialize, Serialize};
use worker::D1PreparedStatement;

use super::db::{self, int, opt_text, text};
use crate::error::ApiResult;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct User {
    pub user_id: UserId,
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Grid {
    pub grid_id: GridId,
    pub slug: String,
    pub badge_policy: String,
    pub badge_theme: Option<String>,
    pub badge_position: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Space {
    pub space_id: SpaceId,
    pub grid_id: GridId,
    pub slug: String,
    pub name: String,
}

/// A user's membership of one grid, with the grid.
#[derive(Debug, Clone, Deserialize)]
pub struct Membership {
    pub role: Role,
    #[serde(flatten)]
    pub grid: Grid,
}

const GRID_COLUMNS: &str = "g.grid_id, g.slug, g.badge_policy, g.badge_theme, g.badge_position";

pub async fn insert_user(db: &Db, user: &User, now: i64) -> ApiResult<()> {
    db::run_of(db, insert_user_statement(db, user, now)?)
        .await
        .map(drop)
}

/// The statement [`insert_user`] runs, to batch with a first sign-in's other rows.
pub fn insert_user_statement(
    db: &Db,
    user: &User,
    now: i64,
) -> ApiResult<worker::D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO users (user_id, slug, name, created_at) VALUES (?1, ?2, ?3, ?4)",
        &[
            text(&user.user_id),
            text(&user.slug),
            text(&user.name),
            int(now),
        ],
    )
}

pub async fn find_user(db: &Db, user_id: &UserId) -> ApiResult<Option<User>> {
    db::first_of(db, find_user_statement(db, user_id)?).await
}

/// The statement [`find_user`] runs, to batch with other reads (rows decode as [`User`]).
pub fn find_user_statement(db: &Db, user_id: &UserId) -> ApiResult<worker::D1PreparedStatement> {
    db::stmt(
        db,
        "SELECT user_id, slug, name FROM users WHERE user_id = ?1",
        &[text(user_id)],
    )
}

/// The user a session cookie issued at `issued` (ms, whole seconds) is signed for, unless they
/// signed out of the web app since, or within that second: such a cookie opens nothing (README
/// "Security"). A cookie's time is whole seconds, so one issued just before a sign-out in the
/// same second must not outlive it.
pub fn find_signed_in_user_statement(
    db: &Db,
    user_id: &UserId,
    issued: i64,
) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "SELECT user_id, slug, name FROM users WHERE user_id = ?1 AND COALESCE(signed_out_at, 0) < ?2",
        &[text(user_id), int(issued)],
    )
}

/// Signing out of the web app: every link- and content-origin cookie of this user issued before
/// now stops opening anything, in every browser.
pub async fn sign_out(db: &Db, user_id: &UserId, now: i64) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE users SET signed_out_at = ?2 WHERE user_id = ?1",
        &[text(user_id), int(now)],
    )
    .await
    .map(|_| ())
}

pub async fn find_user_by_slug(db: &Db, slug: &str) -> ApiResult<Option<User>> {
    db::first(
        db,
        "SELECT user_id, slug, name FROM users WHERE slug = ?1",
        &[text(slug)],
    )
    .await
}

pub async fn insert_grid(
    db: &Db,
    grid_id: &GridId,
    slug: &str,
    name: &str,
    now: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO grids (grid_id, slug, name, created_at) VALUES (?1, ?2, ?3, ?4)",
        &[text(grid_id), text(slug), text(name), int(now)],
    )
    .await
    .map(drop)
}

pub async fn find_grid_by_slug(db: &Db, slug: &str) -> ApiResult<Option<Grid>> {
    let sql = format!("SELECT {GRID_COLUMNS} FROM grids g WHERE g.slug = ?1");
    db::first(db, &sql, &[text(slug)]).await
}

pub async fn find_grid(db: &Db, grid_id: &GridId) -> ApiResult<Option<Grid>> {
    let sql = format!("SELECT {GRID_COLUMNS} FROM grids g WHERE g.grid_id = ?1");
    db::first(db, &sql, &[text(grid_id)]).await
}

/// A user and their memberships (oldest first) in one statement: what every authenticated API
/// request needs before anything else, so it costs one round trip, not two. `before` runs in the
/// same batch first (a rate-limit admission keyed by the user), so it costs no trip of its own.
pub async fn user_with_memberships(
    db: &Db,
    user_id: &UserId,
    before: Option<D1PreparedStatement>,
) -> ApiResult<Option<(User, Vec<Membership>)>> {
    // The user's columns are fields here, not a `#[serde(flatten)]` of `User`: flattening
    // compiles the inner type's deserializer a second time (docs/speed.md).
    #[derive(Deserialize)]
    struct Row {
        user_id: UserId,
        slug: String,
        name: String,
        role: Option<Role>,
        grid_id: Option<GridId>,
        grid_slug: Option<String>,
        badge_policy: Option<String>,
        badge_theme: Option<String>,
        badge_position: Option<String>,
    }
    let select = db::stmt(
        db,
        "SELECT u.user_id, u.slug, u.name, m.role, g.grid_id, g.slug AS grid_slug, g.badge_policy,
                g.badge_theme, g.badge_position
         FROM users u LEFT JOIN memberships m ON m.user_id = u.user_id
         LEFT JOIN grids g ON g.grid_id = m.grid_id
         WHERE u.user_id = ?1 ORDER BY m.created_at, g.slug",
        &[text(user_id)],
    )?;
    let statements: Vec<D1PreparedStatement> = before.into_iter().chain([select]).collect();
    let results = db::batch_results(db, statements).await?;
    let rows: Vec<Row> = match results.last() {
        Some(last) => db::rows(last)?,
        None => Vec::new(),
    };
    let Some(user) = rows.first().map(|r| User {
        user_id: r.user_id.clone(),
        slug: r.slug.clone(),
        name: r.name.clone(),
    }) else {
        return Ok(None);
    };
    let memberships = rows
        .into_iter()
        .filter_map(|r| {
            Some(Membership {
                role: r.role?,
                grid: Grid {
                    grid_id: r.grid_id?,
                    slug: r.grid_slug?,
                    badge_policy: r.badge_policy?,
                    badge_theme: r.badge_theme,
                    badge_position: r.badge_position,
                },
            })
        })
        .collect();
    Ok(Some((user, memberships)))
}

pub async fn role_in(db: &Db, grid_id: &GridId, user_id: &UserId) -> ApiResult<Option<Role>> {
    db::first_value(
        db,
        "SELECT role FROM memberships WHERE grid_id = ?1 AND user_id = ?2",
        &[text(grid_id), text(user_id)],
        "role",
    )
    .await
}

pub async fn upsert_membership(
    db: &Db,
    grid_id: &GridId,
    user_id: &UserId,
    role: Role,
    now: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO memberships (grid_id, user_id, role, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (grid_id, user_id) DO UPDATE SET role = excluded.role",
        &[text(grid_id), text(user_id), text(role.as_str()), int(now)],
    )
    .await
    .map(drop)
}

pub async fn delete_membership(db: &Db, grid_id: &GridId, user_id: &UserId) -> ApiResult<usize> {
    db::run(
        db,
        "DELETE FROM memberships WHERE grid_id = ?1 AND user_id = ?2",
        &[text(grid_id), text(user_id)],
    )
    .await
}

pub async fn insert_space(db: &Db, space: &Space, now: i64) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO spaces (space_id, grid_id, slug, name, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        &[text(&space.space_id), text(&space.grid_id), text(&space.slug), text(&space.name), int(now)],
    )
    .await
    .map(drop)
}

pub async fn find_space(db: &Db, space_id: &SpaceId) -> ApiResult<Option<Space>> {
    db::first(
        db,
        "SELECT space_id, grid_id, slug, name FROM spaces WHERE space_id = ?1",
        &[text(space_id)],
    )
    .await
}

/// A space of a grid as one of its members sees it in a list.
#[derive(Debug, Deserialize)]
pub struct SpaceListed {
    pub space_id: SpaceId,
    pub slug: String,
    pub name: String,
    /// Whether the caller belongs to it.
    #[serde(deserialize_with = "db::flag_column")]
    pub member: bool,
}

/// Every space of `grid_id` by slug, with whether `user_id` is a member.
pub async fn spaces_in_grid(
    db: &Db,
    grid_id: &GridId,
    user_id: &UserId,
) -> ApiResult<Vec<SpaceListed>> {
    db::all(
        db,
        "SELECT s.space_id, s.slug, s.name, (sm.user_id IS NOT NULL) AS member
         FROM spaces s LEFT JOIN space_members sm ON sm.space_id = s.space_id AND sm.user_id = ?2
         WHERE s.grid_id = ?1 ORDER BY s.slug",
        &[text(grid_id), text(user_id)],
    )
    .await
}

pub async fn find_space_by_slug(db: &Db, grid_id: &GridId, slug: &str) -> ApiResult<Option<Space>> {
    db::first(
        db,
        "SELECT space_id, grid_id, slug, name FROM spaces WHERE grid_id = ?1 AND slug = ?2",
        &[text(grid_id), text(slug)],
    )
    .await
}

pub async fn add_space_member(
    db: &Db,
    space_id: &SpaceId,
    user_id: &UserId,
    now: i64,
) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO space_members (space_id, user_id, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (space_id, user_id) DO NOTHING",
        &[text(space_id), text(user_id), int(now)],
    )
    .await
    .map(drop)
}

pub async fn is_space_member(db: &Db, space_id: &SpaceId, user_id: &UserId) -> ApiResult<bool> {
    let row: Option<SpaceId> = db::first_value(
        db,
        "SELECT space_id FROM space_members WHERE space_id = ?1 AND user_id = ?2",
        &[text(space_id), text(user_id)],
        "space_id",
    )
    .await?;
    Ok(row.is_some())
}

pub async fn set_grid_badge_policy(db: &Db, grid_id: &GridId, policy: &str) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE grids SET badge_policy = ?2 WHERE grid_id = ?1",
        &[text(grid_id), text(policy)],
    )
    .await
    .map(drop)
}

pub async fn set_grid_badge_style(
    db: &Db,
    grid_id: &GridId,
    theme: Option<&str>,
    position: Option<&str>,
) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE grids SET badge_theme = ?2, badge_position = ?3 WHERE grid_id = ?1",
        &[text(grid_id), opt_text(theme), opt_text(position)],
    )
    .await
    .map(drop)
}

/// A grid and the platform's badge policy in one statement: what a served page reads to
/// resolve its badge.
pub async fn grid_and_platform_badge_policy(
    db: &Db,
    grid_id: &GridId,
) -> ApiResult<Option<(Grid, Option<String>)>> {
    let statement = badge_policy_where(db, "?1", &[text(grid_id)])?;
    let row: Option<BadgePolicyRow> = db::first_of(db, statement).await?;
    Ok(row.map(BadgePolicyRow::decode))
}

/// The statement of [`grid_and_platform_badge_policy`] for the grid whose id is the SQL
/// expression `grid_id` (a parameter, or a sub-select to batch it with other reads); rows decode
/// as [`BadgePolicyRow`].
pub fn badge_policy_where(
    db: &Db,
    grid_id: &str,
    args: &[wasm_bindgen::JsValue],
) -> ApiResult<D1PreparedStatement> {
    let sql = format!(
        "SELECT {GRID_COLUMNS},
                (SELECT value FROM settings WHERE key = 'badge_policy') AS platform_badge_policy
         FROM grids g WHERE g.grid_id = {grid_id}"
    );
    db::stmt(db, &sql, args)
}

/// A row of [`badge_policy_where`]: the grid's columns as fields, not a `#[serde(flatten)]` of
/// `Grid`, which would compile `Grid`'s deserializer a second time (docs/speed.md).
#[derive(Deserialize)]
pub struct BadgePolicyRow {
    grid_id: GridId,
    slug: String,
    badge_policy: String,
    badge_theme: Option<String>,
    badge_position: Option<String>,
    platform_badge_policy: Option<String>,
}

impl BadgePolicyRow {
    pub fn decode(self) -> (Grid, Option<String>) {
        let grid = Grid {
            grid_id: self.grid_id,
            slug: self.slug,
            badge_policy: self.badge_policy,
            badge_theme: self.badge_theme,
            badge_position: self.badge_position,
        };
        (grid, self.platform_badge_policy)
    }
}

pub async fn setting(db: &Db, key: &str) -> ApiResult<Option<String>> {
    db::first_value(
        db,
        "SELECT value FROM settings WHERE key = ?1",
        &[text(key)],
        "value",
    )
    .await
}

pub async fn put_setting(db: &Db, key: &str, value: &str) -> ApiResult<()> {
    db::run(
        db,
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        &[text(key), text(value)],
    )
    .await
    .map(drop)
}
