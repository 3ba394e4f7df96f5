//! Exact fixed-window rate limits (interface.md 8, platform.md 8) counted in
//! D1: take a slot atomically, and give it back when the request is refused.

use serde::Deserialize;
use worker::D1Database;

use super::db::{self, int, text};
use crate::error::{ApiError, ApiResult};

pub struct Limit {
    pub name: &'static str,
    pub max: i64,
    pub window_ms: i64,
    pub hint: &'static str,
}

pub const CREATES_PER_USER: Limit = Limit {
    name: "inspirations_created_per_user",
    max: 10,
    window_ms: 60_000,
    hint: "10 per minute",
};
pub const CREATES_PER_GRID: Limit = Limit {
    name: "inspirations_created_per_grid",
    max: 100,
    window_ms: 3_600_000,
    hint: "100 per hour",
};
pub const REACTIONS_PER_USER: Limit = Limit {
    name: "reactions_per_user",
    max: 60,
    window_ms: 60_000,
    hint: "60 per minute",
};
pub const READS_PER_USER: Limit = Limit {
    name: "inspiration_reads_per_user",
    max: 200,
    window_ms: 60_000,
    hint: "200 per minute",
};
pub const FEEDBACK_PER_IP_AND_ENTITY: Limit = Limit {
    name: "feedback_per_ip_and_entity",
    max: 5,
    window_ms: 600_000,
    hint: "5 per 10 minutes",
};
pub const FEEDBACK_PER_ENTITY: Limit = Limit {
    name: "feedback_per_entity",
    max: 100,
    window_ms: 86_400_000,
    hint: "100 per day",
};

/// Misses on the link origin (a `url` that is not there or not shared), per client IP.
pub const LINK_MISSES_PER_IP: Limit = Limit {
    name: "link_misses_per_ip",
    max: 60,
    window_ms: 60_000,
    hint: "60 per minute",
};

/// A slot taken in one window, so it can be given back if the request fails later.
pub struct Slot {
    bucket: String,
    window_start: i64,
}

/// Counts one use of `limit` for `key`; over the limit, the count is restored and 429 returned.
pub async fn take(db: &D1Database, limit: &Limit, key: &str, now: i64) -> ApiResult<Slot> {
    #[derive(Deserialize)]
    struct Row {
        count: i64,
    }
    let window_start = now - now.rem_euclid(limit.window_ms);
    let bucket = format!("{}:{key}", limit.name);
    let row: Option<Row> = db::first(
        db,
        "INSERT INTO rate_counters (bucket, window_start, count) VALUES (?1, ?2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1 RETURNING count",
        &[text(&bucket), int(window_start)],
    )
    .await?;
    let slot = Slot {
        bucket,
        window_start,
    };
    if row.map_or(0, |r| r.count) > limit.max {
        give_back(db, &slot).await?;
        let retry_after = (window_start + limit.window_ms - now + 999) / 1000;
        return Err(ApiError::rate_limited(
            limit.name,
            limit.hint.to_string(),
            retry_after,
        ));
    }
    Ok(slot)
}

/// Takes one slot of each `(limit, key)` in order; when one refuses, the slots already taken are
/// given back, so a refused request counts against nothing.
pub async fn take_all(
    db: &D1Database,
    wanted: &[(&Limit, &str)],
    now: i64,
) -> ApiResult<Vec<Slot>> {
    let mut taken = Vec::with_capacity(wanted.len());
    for (limit, key) in wanted {
        match take(db, limit, key, now).await {
            Ok(slot) => taken.push(slot),
            Err(e) => {
                give_back_all(db, &taken).await?;
                return Err(e);
            }
        }
    }
    Ok(taken)
}

pub async fn give_back_all(db: &D1Database, slots: &[Slot]) -> ApiResult<()> {
    for slot in slots {
        give_back(db, slot).await?;
    }
    Ok(())
}

/// 429 while `key` has used up `limit` in the current window, without counting this request.
pub async fn refuse_if_over(db: &D1Database, limit: &Limit, key: &str, now: i64) -> ApiResult<()> {
    #[derive(Deserialize)]
    struct Row {
        count: i64,
    }
    let window_start = now - now.rem_euclid(limit.window_ms);
    let row: Option<Row> = db::first(
        db,
        "SELECT count FROM rate_counters WHERE bucket = ?1 AND window_start = ?2",
        &[text(&format!("{}:{key}", limit.name)), int(window_start)],
    )
    .await?;
    if row.map_or(0, |r| r.count) >= limit.max {
        let retry_after = (window_start + limit.window_ms - now + 999) / 1000;
        return Err(ApiError::rate_limited(
            limit.name,
            limit.hint.to_string(),
            retry_after,
        ));
    }
    Ok(())
}

pub async fn give_back(db: &D1Database, slot: &Slot) -> ApiResult<()> {
    db::run(
        db,
        "UPDATE rate_counters SET count = count - 1 WHERE bucket = ?1 AND window_start = ?2 AND count > 0",
        &[text(&slot.bucket), int(slot.window_start)],
    )
    .await
    .map(drop)
}

/// Old windows are useless; the daily cron clears them.
pub async fn prune(db: &D1Database, now: i64) -> ApiResult<()> {
    db::run(
        db,
        "DELETE FROM rate_counters WHERE window_start < ?1",
        &[int(now - 2 * 86_400_000)],
    )
    .await
    .map(drop)
}
