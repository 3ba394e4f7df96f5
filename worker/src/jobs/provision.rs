//! After a 201: store the validated upload in R2 (a zipped site as its one zip),
//! move the Inspiration to `live` or to `failed`, then enrich it. Runs in
//! `wait_until`; a failure removes every object it wrote.

use plug_content::Upload;
use plug_domain::ids::EntityId;
use plug_domain::SourceType;
use worker::{Bucket, Env};

use crate::store::db::Db;

use crate::error::report;
use crate::http::Ctx;
use crate::store::jobs::finish_provisioning;
use crate::store::objects;

/// An upload still `provisioning` this long after its drop will never finish: storing takes
/// seconds and `waitUntil` ends after 30 s. The sweep marks it failed.
pub const DEADLINE_MS: i64 = 15 * 60 * 1000;
pub const STUCK_DETAIL: &str = "storing the upload did not finish; drop it again";

/// Marks uploads past [`DEADLINE_MS`] failed, so none stays `provisioning` (503) for ever.
pub async fn sweep_stuck(db: &Db, now: i64) -> crate::error::ApiResult<usize> {
    crate::store::jobs::fail_stuck_provisioning(db, now - DEADLINE_MS, STUCK_DETAIL, now).await
}

pub fn content_type(upload: &Upload) -> &'static str {
    match upload {
        Upload::Site(_) => "application/zip",
        Upload::File { content_type, .. } => content_type,
    }
}

pub fn start(
    cx: &Ctx,
    entity_id: &EntityId,
    source_type: SourceType,
    file_name: String,
    upload: Upload,
) {
    let env: Env = cx.env.clone();
    let entity_id = entity_id.clone();
    cx.defer(async move {
        let (Ok(db), Ok(bucket)) = (env.d1("DB").and_then(Db::new), env.bucket("BUCKET")) else {
            worker::console_error!("provisioning {entity_id}: the DB or BUCKET binding is missing");
            return;
        };
        // Read before storing, so the upload is moved into R2 rather than copied beside it.
        let mut upload = upload;
        let hints = enrichment_hints(&mut upload, source_type, &file_name);
        if provision(&db, &bucket, &entity_id, upload).await {
            super::enrich::record(&db, &entity_id, hints).await;
        }
    });
}

/// What enrichment finds in the upload: a zipped site's `index.html`, or the file itself.
fn enrichment_hints(
    upload: &mut Upload,
    source_type: SourceType,
    file_name: &str,
) -> Option<plug_content::Enrichment> {
    let (sample_type, sample_name) = enrichment_sample(source_type, file_name);
    match upload {
        Upload::File { bytes, .. } => {
            plug_content::extract_enrichment(sample_type, sample_name, bytes)
        }
        Upload::Site(site) => {
            let home = site.index_of("index.html").map(|i| site.read(i))?.ok()?;
            plug_content::extract_enrichment(sample_type, sample_name, &home)
        }
    }
}

/// Stores the upload and marks the entity `live`, or removes what was written and marks it
/// `failed`. True when it went live.
async fn provision(db: &Db, bucket: &Bucket, entity_id: &EntityId, upload: Upload) -> bool {
    let mut written = Vec::new();
    let outcome = store(bucket, entity_id, upload, &mut written).await;
    let now = worker::Date::now().as_millis() as i64;
    match outcome {
        Ok(file_count) => {
            let marked =
                finish_provisioning(db, entity_id, "live", None, Some(file_count), now).await;
            report(&format!("provisioning {entity_id}"), marked);
            true
        }
        Err(reason) => {
            worker::console_error!("provisioning {entity_id} failed: {reason}");
            objects::remove_all(bucket, &written).await;
            let detail = Some("storing the upload failed; drop it again");
            let marked = finish_provisioning(db, entity_id, "failed", detail, None, now).await;
            report(&format!("marking {entity_id} failed"), marked);
            false
        }
    }
}

/// What enrichment reads: a zipped site's `index.html`, or the file itself.
fn enrichment_sample(source_type: SourceType, file_name: &str) -> (SourceType, &str) {
    match source_type {
        SourceType::Html if file_name.to_ascii_lowercase().ends_with(".zip") => {
            (SourceType::Html, "index.html")
        }
        other => (other, file_name),
    }
}

/// Stores the upload as the original: a single file, or a zipped site's zip as uploaded (its
/// index went into the create batch). One write either way, so storing takes the same time
/// whatever a site's number of files. Returns the number of files.
async fn store(
    bucket: &Bucket,
    entity_id: &EntityId,
    upload: Upload,
    written: &mut Vec<String>,
) -> Result<i64, String> {
    let (bytes, content_type, file_count) = match upload {
        Upload::File {
            bytes,
            content_type,
        } => (bytes, content_type, 1),
        Upload::Site(site) => {
            let file_count = site.len() as i64;
            (site.into_bytes(), "application/zip", file_count)
        }
    };
    let key = objects::original_key(entity_id);
    objects::put(bucket, key, bytes, content_type, written).await?;
    Ok(file_count)
}
