//! Background enrichment (interface.md 3.1): description, icon, category and
//! tags read from the content itself; `skipped` when nothing usable is found.

use crate::store::db::Db;
use plug_domain::ids::EntityId;
use plug_domain::SourceType;

use crate::store::jobs;

pub async fn run_enrichment(
    db: &Db,
    entity_id: &EntityId,
    source_type: SourceType,
    file_name: &str,
    bytes: &[u8],
) -> crate::error::ApiResult<()> {
    let now = worker::Date::now().as_millis() as i64;
    match plug_content::extract_enrichment(source_type, file_name, bytes) {
        Some(found) => {
            let tags = serde_json::to_string(&found.tags).unwrap_or_else(|_| "[]".into());
            let enrichment = jobs::Enrichment {
                description: found.description.as_deref(),
                icon: found.icon.as_deref(),
                category: found.category.as_deref(),
                tags: &tags,
            };
            jobs::set_enriched(db, entity_id, &enrichment, now).await
        }
        None => jobs::set_enrichment_skipped(db, entity_id).await,
    }
}

pub async fn enrich(
    db: &Db,
    entity_id: &EntityId,
    source_type: SourceType,
    file_name: &str,
    bytes: &[u8],
) {
    if run_enrichment(db, entity_id, source_type, file_name, bytes)
        .await
        .is_err()
    {
        let skipped = jobs::set_enrichment_skipped(db, entity_id).await;
        crate::error::report(&format!("marking {entity_id} enrichment skipped"), skipped);
    }
}
