//! The site index (migration 0003): where each file of a zipped site sits inside its stored zip.

use plug_content::SiteEntry;
use plug_domain::ids::EntityId;
use serde::Deserialize;
use worker::D1PreparedStatement;

use crate::store::db::Db;

use super::db::{self, text};
use crate::error::ApiResult;

/// Index rows travel as JSON arrays of at most about this many bytes, one statement each: a
/// site of 20,000 files is a handful of statements in the create batch, not 20,000, and each
/// bound value stays far below D1's 2 MB limit.
const CHUNK_BYTES: usize = 512 * 1024;

/// The statements that write a site's index, to run in the batch that creates its entity.
pub fn insert_statements<'a>(
    db: &Db,
    entity_id: &EntityId,
    entries: impl Iterator<Item = SiteEntry<'a>>,
) -> ApiResult<Vec<D1PreparedStatement>> {
    chunks(entries)
        .iter()
        .map(|rows| {
            db::stmt(
                db,
                "INSERT INTO site_files (entity_id, path, data_offset, stored_size, size, deflated)
                 SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4
                 FROM json_each(?2)",
                &[text(entity_id), text(rows)],
            )
        })
        .collect()
}

/// The index as JSON arrays of `[path, data_offset, stored_size, size, deflated]` rows.
fn chunks<'a>(entries: impl Iterator<Item = SiteEntry<'a>>) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut rows: Vec<serde_json::Value> = Vec::new();
    let mut bytes = 0;
    for e in entries {
        bytes += e.path.len() + 48;
        rows.push(serde_json::json!([
            e.path,
            e.data_offset,
            e.stored_size,
            e.size,
            e.deflated
        ]));
        if bytes >= CHUNK_BYTES {
            chunks.push(serde_json::Value::Array(std::mem::take(&mut rows)).to_string());
            bytes = 0;
        }
    }
    if !rows.is_empty() {
        chunks.push(serde_json::Value::Array(rows).to_string());
    }
    chunks
}

/// One file of a stored site.
#[derive(Debug, Deserialize)]
pub struct SiteFile {
    pub path: String,
    pub data_offset: i64,
    pub stored_size: i64,
    pub size: i64,
    pub deflated: i64,
}

/// What a site path names: a file, a folder with an `index.html`, or nothing.
pub enum Lookup {
    File(SiteFile),
    Folder,
    Missing,
}

/// Finds `path`, or learns it is a folder (`docs` for `docs/index.html`), or finds the page a
/// clean URL names (`about` for `about.html`, as Next's static export links it and static hosts
/// serve it), in one statement. The file itself wins, then the folder, then the page.
pub async fn find(db: &Db, entity_id: &EntityId, path: &str) -> ApiResult<Lookup> {
    let folder_index = format!("{path}/index.html");
    let page = format!("{path}.html");
    let rows: Vec<SiteFile> = db::all(
        db,
        "SELECT path, data_offset, stored_size, size, deflated FROM site_files
         WHERE entity_id = ?1 AND path IN (?2, ?3, ?4)",
        &[
            text(entity_id),
            text(path),
            text(&folder_index),
            text(&page),
        ],
    )
    .await?;
    let mut lookup = Lookup::Missing;
    for row in rows {
        if row.path == path {
            return Ok(Lookup::File(row));
        } else if row.path == folder_index {
            lookup = Lookup::Folder;
        } else if matches!(lookup, Lookup::Missing) {
            lookup = Lookup::File(row);
        }
    }
    Ok(lookup)
}

/// Forgets a purged site's index.
pub fn delete(db: &Db, entity_id: &EntityId) -> ApiResult<D1PreparedStatement> {
    db::stmt(
        db,
        "DELETE FROM site_files WHERE entity_id = ?1",
        &[text(entity_id)],
    )
}
