//! Every R2 object of Plug, its key, write, ranged read and delete: an Inspiration's original
//! (a file, or a zipped site's zip as uploaded) at `inspirations/{id}/original`, and the files of a
//! site stored before migration 0003 at `inspirations/{id}/site/{path}`. Callers that serve a page
//! wrap a read in `Ctx::r2` so it counts in `Server-Timing`.

use futures_util::{stream, StreamExt};
use plug_domain::ids::EntityId;
use worker::{Bucket, HttpMetadata};

/// Whether an Inspiration's content is in R2: its original (a file, or a site's zip), or the
/// home page of a site stored before migration 0003.
pub async fn is_stored(bucket: &Bucket, entity_id: &EntityId) -> worker::Result<bool> {
    if bucket.head(original_key(entity_id)).await?.is_some() {
        return Ok(true);
    }
    Ok(bucket
        .head(site_key(entity_id, "index.html"))
        .await?
        .is_some())
}

pub fn original_key(entity_id: &EntityId) -> String {
    format!("inspirations/{entity_id}/original")
}

pub fn site_key(entity_id: &EntityId, path: &str) -> String {
    format!("inspirations/{entity_id}/site/{path}")
}

fn prefix(entity_id: &EntityId) -> String {
    format!("inspirations/{entity_id}/")
}

/// An object, or None when it is missing (a key too long to be stored is missing without asking).
pub async fn get(bucket: &Bucket, key: &str) -> worker::Result<Option<worker::Object>> {
    if !plug_domain::limits::is_storable_key(key) {
        return Ok(None);
    }
    bucket.get(key).execute().await
}

/// An object's metadata, or None when it is missing (as for `get`).
pub async fn head(bucket: &Bucket, key: &str) -> worker::Result<Option<worker::Object>> {
    if !plug_domain::limits::is_storable_key(key) {
        return Ok(None);
    }
    bucket.head(key).await
}

/// Writes `bytes` at `key` and remembers the key in `written`, so a failed upload can remove what
/// it wrote.
pub async fn put(
    bucket: &Bucket,
    key: String,
    bytes: Vec<u8>,
    content_type: &str,
    written: &mut Vec<String>,
) -> Result<(), String> {
    let metadata = HttpMetadata {
        content_type: Some(content_type.to_string()),
        ..Default::default()
    };
    bucket
        .put(&key, bytes)
        .http_metadata(metadata)
        .execute()
        .await
        .map_err(|e| format!("put {key}: {e}"))?;
    written.push(key);
    Ok(())
}

pub async fn remove_all(bucket: &Bucket, keys: &[String]) {
    for chunk in keys.chunks(1000) {
        if let Err(e) = bucket.delete_multiple(chunk.to_vec()).await {
            worker::console_error!("removing {} stored objects failed: {e}", chunk.len());
        }
    }
}

/// Deletes every object under an entity's prefix (purge).
pub async fn remove_prefix(bucket: &Bucket, entity_id: &EntityId) -> Result<usize, String> {
    let mut removed = 0;
    loop {
        let listing = bucket
            .list()
            .prefix(prefix(entity_id))
            .limit(1000)
            .execute()
            .await
            .map_err(|e| e.to_string())?;
        let keys: Vec<String> = listing.objects().iter().map(|o| o.key()).collect();
        if keys.is_empty() {
            return Ok(removed);
        }
        removed += keys.len();
        bucket
            .delete_multiple(keys)
            .await
            .map_err(|e| e.to_string())?;
    }
}

/// Bytes are read from R2 in ranges that double from the first, small one up to this size: the
/// first byte leaves early, and the reads right after it (while it is still on its way out) are
/// small too.
const RANGE_BYTES: u64 = 1 << 20;
const FIRST_RANGE_BYTES: u64 = 64 << 10;

/// The `(offset, length)` ranges `range_chunks` reads, in order: 64 KB, then 64, 128, 256 and
/// 512 KB, then 1 MB at a time, the last one shorter; none for an empty object.
fn ranges(offset: u64, length: u64) -> impl Iterator<Item = (u64, u64)> {
    let end = offset + length;
    let mut start = offset;
    let mut size = FIRST_RANGE_BYTES;
    std::iter::from_fn(move || {
        (start < end).then(|| {
            let range = (start, size.min(end - start));
            start += range.1;
            // The first two ranges are both 64 KB.
            if start > offset + FIRST_RANGE_BYTES {
                size = (size * 2).min(RANGE_BYTES);
            }
            range
        })
    })
}

pub type ByteChunks = std::pin::Pin<Box<dyn futures_util::Stream<Item = worker::Result<Vec<u8>>>>>;

/// `length` bytes of an R2 object from `offset`, read one range at a time with the next range
/// already requested: the first byte leaves after one range whatever the store does, and the
/// Worker never holds more than two ranges of a file.
pub fn range_chunks(bucket: &Bucket, key: &str, offset: u64, length: u64) -> ByteChunks {
    let bucket = bucket.clone();
    let key = key.to_string();
    let fetch_range = move |(offset, length): (u64, u64)| {
        let bucket = bucket.clone();
        let key = key.clone();
        async move {
            let range = worker::Range::OffsetWithLength { offset, length };
            let object = bucket
                .get(&key)
                .range(range)
                .execute()
                .await?
                .ok_or_else(|| worker::Error::RustError("object vanished".into()))?;
            object
                .body()
                .ok_or_else(|| worker::Error::RustError("no body".into()))?
                .bytes()
                .await
        }
    };
    let mut all = ranges(offset, length);
    let first = all.next();
    // The first range is read alone: a big second range read beside it would slow the first
    // byte down (the local R2 reads them side by side on the same thread). The rest is read
    // with the next range already requested.
    let first = stream::iter(first).then(fetch_range.clone());
    let rest = stream::iter(all).map(fetch_range).buffered(2);
    Box::pin(first.chain(rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_double_from_64_kb_to_1_mb_and_cover_every_byte_once() {
        const KB: u64 = 1 << 10;
        let sizes: Vec<u64> = ranges(0, 10 << 20).map(|(_, length)| length).collect();
        assert_eq!(
            &sizes[..6],
            &[64 * KB, 64 * KB, 128 * KB, 256 * KB, 512 * KB, 1024 * KB]
        );
        for (offset, length) in [(0, 10 << 20), (7, 100 * KB), (3, 1), (0, 64 * KB + 1)] {
            let mut next = offset;
            for (start, size) in ranges(offset, length) {
                assert_eq!(start, next);
                assert!(size > 0 && size <= RANGE_BYTES);
                next += size;
            }
            assert_eq!(next, offset + length);
        }
        assert_eq!(ranges(5, 0).count(), 0);
    }
}
