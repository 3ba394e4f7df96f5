//! Background enrichment (interface.md 3.1): description, icon, category and
//! tags read from the content itself; `skipped` when nothing usable is found.

use plug_domain::SourceType;
use worker::D1Database;

use crate::store::db::{self, int, opt_text, text};

pub async fn run_enrichment(
    db: &D1Database,
    entity_id: &str,
    source_type: SourceType,
    file_name: &str,
    bytes: &[u8],
) -> crate::error::ApiResult<()> {
    let now = worker::Date::now().as_millis() as i64;
    match plug_content::extract_enrichment(source_type, file_name, bytes) {
        Some(found) => {
            let tags = serde_json::to_string(&found.tags).unwrap_or_else(|_| "[]".into());
            db::run(
                db,
                "UPDATE entities SET brain_status = 'enriched', updated_at = ?2,
                   description = COALESCE(description, ?3), icon = ?4, category = ?5, tags = ?6
                 WHERE entity_id = ?1",
                &[
                    text(entity_id),
                    int(now),
                    opt_text(found.description.as_deref()),
                    opt_text(found.icon.as_deref()),
                    opt_text(found.category.as_deref()),
                    text(&tags),
                ],
            )
            .await
            .map(drop)
        }
        None => db::run(
            db,
            "UPDATE entities SET brain_status = 'skipped' WHERE entity_id = ?1",
            &[text(entity_id)],
        )
        .await
        .map(drop),
    }
}

pub async fn enrich(
    db: &D1Database,
    entity_id: &str,
    source_type: SourceType,
    file_name: &str,
    bytes: &[u8],
) {
    if run_enrichment(db, entity_id, source_type, file_name, bytes)
        .await
        .is_err()
    {
        let skipped = crate::store::db::run(
            db,
            "UPDATE entities SET brain_status = 'skipped' WHERE entity_id = ?1",
            &[text(entity_id)],
        )
        .await;
        crate::error::report(&format!("marking {entity_id} enrichment skipped"), skipped);
    }
}
