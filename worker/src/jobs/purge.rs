//! The daily purge (platform.md 5): expired and archived content stays
//! restorable for PURGE_AFTER_DAYS, then loses its R2 objects and its row is
//! marked purged. Also clears counters and keys no request can need again.

use serde::Deserialize;
use worker::Env;

use super::provision;
use crate::config::Config;
use crate::error::ApiResult;
use crate::store::db::{self, int, text};

/// Entities purged per batch; the loop runs until none are due.
const BATCH: i64 = 100;

pub async fn run(env: &Env) -> ApiResult<()> {
    let db = env.d1("DB")?;
    let bucket = env.bucket("BUCKET")?;
    let config = Config::from_env(env);
    let now = worker::Date::now().as_millis() as i64;
    let cutoff = now - config.purge_after_days * plug_domain::time::DAY_MS;
    #[derive(Deserialize)]
    struct Due {
        entity_id: String,
    }
    loop {
        let due: Vec<Due> = db::all(
            &db,
            "SELECT entity_id FROM entities
             WHERE realm = 'inspiration' AND status != 'purged' AND pinned = 0
               AND ((expires_at IS NOT NULL AND expires_at <= ?1) OR (status = 'archived' AND archived_at <= ?1))
             LIMIT ?2",
            &[int(cutoff), int(BATCH)],
        )
        .await?;
        if due.is_empty() {
            break;
        }
        for entity in &due {
            if let Err(e) = provision::remove_prefix(&bucket, &entity.entity_id).await {
                worker::console_error!(
                    "purge of {} failed, will retry tomorrow: {e}",
                    entity.entity_id
                );
                return Ok(());
            }
            db::run(
                &db,
                "UPDATE entities SET status = 'purged', purged_at = ?2, updated_at = ?2 WHERE entity_id = ?1",
                &[text(&entity.entity_id), int(now)],
            )
            .await?;
        }
    }
    crate::store::limits::prune(&db, now).await?;
    let yesterday = plug_domain::time::utc_day(now - plug_domain::time::DAY_MS);
    db::run(
        &db,
        "DELETE FROM view_keys WHERE day < ?1",
        &[text(&yesterday)],
    )
    .await?;
    crate::store::tickets::prune(&db, now).await?;
    Ok(())
}
