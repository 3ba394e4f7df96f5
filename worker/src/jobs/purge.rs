//! The daily purge (docs/model.md "States"): expired and archived content stays
//! restorable for PURGE_AFTER_DAYS, then loses its R2 objects and its row is
//! marked purged. Also clears counters and keys no request can need again. The sweep, every
//! ten minutes, marks uploads stuck in `provisioning` failed and forgets rate-limit events past
//! their window.

use worker::Env;

use super::provision;
use crate::config::Config;
use crate::error::ApiResult;
use crate::store::{jobs, objects};

/// Entities purged per batch; the loop runs until none are due.
const BATCH: i64 = 100;

/// The frequent job: uploads stuck in `provisioning` are marked failed.
pub async fn sweep(env: &Env) -> ApiResult<()> {
    let now = worker::Date::now().as_millis() as i64;
    let db = crate::store::db::Db::new(env.d1("DB")?)?;
    let swept = provision::sweep_stuck(&db, now).await?;
    if swept > 0 {
        worker::console_warn!("marked {swept} stuck uploads failed");
    }
    crate::store::limits::prune(&db, now).await
}

pub async fn run(env: &Env) -> ApiResult<()> {
    let db = crate::store::db::Db::new(env.d1("DB")?)?;
    let bucket = env.bucket("BUCKET")?;
    let config = Config::from_env(env);
    let now = worker::Date::now().as_millis() as i64;
    provision::sweep_stuck(&db, now).await?;
    let cutoff = now - config.purge_after_days * plug_domain::time::DAY_MS;
    loop {
        let due = jobs::due_for_purge(&db, cutoff, BATCH).await?;
        if due.is_empty() {
            break;
        }
        for entity_id in &due {
            if let Err(e) = objects::remove_prefix(&bucket, entity_id).await {
                worker::console_error!("purge of {entity_id} failed, will retry tomorrow: {e}");
                return Ok(());
            }
            jobs::mark_purged(&db, entity_id, now).await?;
        }
    }
    crate::store::limits::prune(&db, now).await?;
    let yesterday = plug_domain::time::utc_day(now - plug_domain::time::DAY_MS);
    jobs::prune_view_keys(&db, &yesterday).await?;
    crate::store::tickets::prune(&db, now).await?;
    crate::store::oauth::prune(&db, now).await?;
    Ok(())
}
