//! Exact sliding-window rate limits (README "Limits"; docs/model.md "Errors") counted in D1: a
//! request is admitted and recorded in one statement when fewer than the limit were admitted in the
//! last window, and given back when the request is refused later. No rolling window ever holds
//! more.

use crate::store::db::Db;
use serde::Deserialize;

use super::db::{self, int, text};
use crate::error::{ApiError, ApiResult};

pub struct Limit {
    pub name: &'static str,
    pub max: i64,
    pub window_ms: i64,
}

pub const MINUTE_MS: i64 = 60_000;
pub const HOUR_MS: i64 = 60 * MINUTE_MS;
pub const DAY_MS: i64 = 24 * HOUR_MS;

impl Limit {
    pub const fn new(name: &'static str, max: i64, window_ms: i64) -> Self {
        Limit {
            name,
            max,
            window_ms,
        }
    }

    /// What a 429 says the limit is ("10 per minute", "5 per 10 minutes"), from the numbers
    /// themselves, so the message can never disagree with what is enforced.
    pub fn hint(&self) -> String {
        let window = [(DAY_MS, "day"), (HOUR_MS, "hour"), (MINUTE_MS, "minute")]
            .into_iter()
            .find(|(unit, _)| self.window_ms % unit == 0)
            .map(|(unit, name)| match self.window_ms / unit {
                1 => name.to_string(),
                n => format!("{n} {name}s"),
            })
            .unwrap_or_else(|| format!("{} seconds", self.window_ms / 1000));
        format!("{} per {window}", self.max)
    }
}

pub const CREATES_PER_USER: Limit = Limit::new("inspirations_created_per_user", 10, MINUTE_MS);
pub const CREATES_PER_GRID: Limit = Limit::new("inspirations_created_per_grid", 100, HOUR_MS);
pub const REACTIONS_PER_USER: Limit = Limit::new("reactions_per_user", 60, MINUTE_MS);
pub const READS_PER_USER: Limit = Limit::new("inspiration_reads_per_user", 200, MINUTE_MS);
pub const FEEDBACK_PER_IP_AND_ENTITY: Limit =
    Limit::new("feedback_per_ip_and_entity", 5, 10 * MINUTE_MS);
pub const FEEDBACK_PER_ENTITY: Limit = Limit::new("feedback_per_entity", 100, DAY_MS);
/// One sender's share of a drop's day of feedback (docs/api.md "Feedback limits"): without it one
/// address, at 5 every 10 minutes, filled the drop's 100 a day in under four hours and silenced
/// everyone else; now it takes ten addresses.
pub const FEEDBACK_PER_IP_AND_ENTITY_DAILY: Limit =
    Limit::new("feedback_per_ip_and_entity_per_day", 10, DAY_MS);
// One sender can fill a tenth of a drop's day, never all of it.
const _: () = assert!(FEEDBACK_PER_IP_AND_ENTITY_DAILY.max * 10 <= FEEDBACK_PER_ENTITY.max);

/// Misses on the link origin (a `url` that is not there or not shared), per client IP.
pub const LINK_MISSES_PER_IP: Limit = Limit::new("link_misses_per_ip", 60, MINUTE_MS);

/// Misses on the link origin by an API client with a token, per verified user: the same budget
/// as an anonymous client's, so a token never makes scanning for names cheaper.
pub const LINK_MISSES_PER_USER: Limit = Limit::new("link_misses_per_user", 60, MINUTE_MS);

fn bucket(limit: &Limit, key: &str) -> String {
    format!("{}:{key}", limit.name)
}

/// Admits one use of `limit` for `key` when fewer than `max` were admitted in the last
/// `window_ms` (a sliding window, checked and recorded in one statement); else 429.
pub async fn take(db: &Db, limit: &Limit, key: &str, now: i64) -> ApiResult<()> {
    match db::batch(db, vec![admit_statement(db, limit, key, now)?]).await {
        Err(e) if is_full(&e) => Err(refusal(db, limit, &bucket(limit, key), now).await?),
        done => done,
    }
}

/// A statement that admits one use of `limit` for `key` as part of a write's batch, or fails the
/// whole batch when the window is full (the event id is NULL then, which its NOT NULL constraint
/// refuses). The admission and the write are one transaction: nothing is ever given back.
pub fn admit_statement(
    db: &Db,
    limit: &Limit,
    key: &str,
    now: i64,
) -> ApiResult<worker::D1PreparedStatement> {
    db::stmt(
        db,
        "INSERT INTO rate_events (bucket, at, event_id, expires_at)
         VALUES (?1, ?2,
           CASE WHEN (SELECT count(*) FROM rate_events WHERE bucket = ?1 AND at > ?2 - ?4) < ?5
             THEN ?3 END,
           ?2 + ?4)",
        &[
            text(&bucket(limit, key)),
            int(now),
            text(&crate::random::new_uuid::<String>()),
            int(limit.window_ms),
            int(limit.max),
        ],
    )
}

/// True when a batch failed because an [`admit_statement`] found its window full.
pub fn is_full(e: &ApiError) -> bool {
    super::db::violated_not_null(e, "rate_events.event_id")
}

/// The 429 of the first of `wanted` whose window is full, after a batch of
/// [`admit_statement`]s failed on one.
pub async fn refusal_of(db: &Db, wanted: &[(&Limit, &str)], now: i64) -> ApiResult<ApiError> {
    for (limit, key) in wanted {
        if let Err(e) = refuse_if_over(db, limit, key, now).await {
            return Ok(e);
        }
    }
    Err(ApiError::internal(
        "a rate limit refused, then none was full",
    ))
}

/// The 429 for a bucket that is full: Retry-After is when the `max`-th newest admitted request
/// leaves the window, the moment one more fits.
async fn refusal(db: &Db, limit: &Limit, bucket: &str, now: i64) -> ApiResult<ApiError> {
    #[derive(Deserialize)]
    struct Oldest {
        at: i64,
    }
    let leaving: Option<Oldest> = db::first(
        db,
        "SELECT at FROM rate_events WHERE bucket = ?1 AND at > ?2 - ?3
         ORDER BY at DESC LIMIT 1 OFFSET ?4",
        &[
            text(bucket),
            int(now),
            int(limit.window_ms),
            int(limit.max - 1),
        ],
    )
    .await?;
    let frees_at = leaving.map_or(now, |e| e.at + limit.window_ms);
    let retry_after = ((frees_at - now + 999) / 1000).max(1);
    Ok(ApiError::rate_limited(
        limit.name,
        limit.hint(),
        retry_after,
    ))
}

/// 429 while `key` has used up `limit` in the last window, without counting this request.
pub async fn refuse_if_over(db: &Db, limit: &Limit, key: &str, now: i64) -> ApiResult<()> {
    let count: Option<Count> = db::first_of(db, count_statement(db, limit, key, now)?).await?;
    refuse_if_counted_over(db, limit, key, now, count).await
}

/// A row of [`count_statement`].
#[derive(Deserialize)]
pub struct Count {
    n: i64,
}

/// The statement [`refuse_if_over`] reads, to run in a batch with the request's other reads.
pub fn count_statement(
    db: &Db,
    limit: &Limit,
    key: &str,
    now: i64,
) -> ApiResult<worker::D1PreparedStatement> {
    db::stmt(
        db,
        "SELECT count(*) AS n FROM rate_events WHERE bucket = ?1 AND at > ?2 - ?3",
        &[text(&bucket(limit, key)), int(now), int(limit.window_ms)],
    )
}

/// 429 when the [`count_statement`] of `limit` and `key` counted it full.
pub async fn refuse_if_counted_over(
    db: &Db,
    limit: &Limit,
    key: &str,
    now: i64,
    count: Option<Count>,
) -> ApiResult<()> {
    if count.map_or(0, |c| c.n) >= limit.max {
        return Err(refusal(db, limit, &bucket(limit, key), now).await?);
    }
    Ok(())
}

/// Rows past their window count for nothing; the ten-minute sweep clears them.
pub async fn prune(db: &Db, now: i64) -> ApiResult<()> {
    db::run(
        db,
        "DELETE FROM rate_events WHERE expires_at < ?1",
        &[int(now)],
    )
    .await
    .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_says_its_own_numbers() {
        assert_eq!(CREATES_PER_USER.hint(), "10 per minute");
        assert_eq!(CREATES_PER_GRID.hint(), "100 per hour");
        assert_eq!(FEEDBACK_PER_IP_AND_ENTITY.hint(), "5 per 10 minutes");
        assert_eq!(FEEDBACK_PER_ENTITY.hint(), "100 per day");
        assert_eq!(FEEDBACK_PER_IP_AND_ENTITY_DAILY.hint(), "10 per day");
        assert_eq!(Limit::new("x", 3, 90_000).hint(), "3 per 90 seconds");
    }
}
