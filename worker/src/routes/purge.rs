//! The daily purge (platform.md 5): content past its restore window loses its
//! R2 objects and its row is marked purged.

use worker::Env;

use crate::error::ApiResult;

pub async fn run(env: &Env) -> ApiResult<()> {
    let db = env.d1("DB")?;
    let now = worker::Date::now().as_millis() as i64;
    crate::store::limits::prune(&db, now).await
}
