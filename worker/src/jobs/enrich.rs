//! Background enrichment (docs/model.md "States"): description, icon, category and
//! tags read from the content itself; `skipped` when nothing usable is found.

use plug_content::Enrichment;
use plug_domain::ids::EntityId;

use crate::store::db::Db;
use crate::store::jobs;

/// Records what was found in the content, or `skipped`.
async fn write(
    db: &Db,
    entity_id: &EntityId,
    found: Option<Enrichment>,
) -> crate::error::ApiResult<()> {
    let now = worker::Date::now().as_millis() as i64;
    match found {
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

/// Records enrichment; when that write fails, tries to leave the entity `skipped` at least.
pub async fn record(db: &Db, entity_id: &EntityId, found: Option<Enrichment>) {
    if write(db, entity_id, found).await.is_err() {
        let skipped = jobs::set_enrichment_skipped(db, entity_id).await;
        crate::error::report(&format!("marking {entity_id} enrichment skipped"), skipped);
    }
}
