//! Everything Plug does with uploaded bytes: checks them per source type,
//! unpacks zipped sites safely, and reads enrichment hints from the content.
//!
//! Platform-neutral: no filesystem, threads or clocks, so it compiles both
//! natively (unit tests) and into the Worker's wasm.
//!
//! - [`validate`] turns `(source_type, file name, bytes)` into an [`Upload`]
//!   or a [`ContentError`] (415, 413 or 422 with a message for the user).
//! - [`SiteArchive`] is a zipped site checked in full (paths, links,
//!   duplicates, encryption, bombs) and read back one file at a time.
//! - [`content_type_for`] names the Content-Type a stored path is served with.
//! - [`extract_enrichment`] reads description, icon, category and tags from
//!   the content itself, for the background enrichment step.
//!
//! How the Worker is meant to use it (storage and enrichment calls are its own):
//!
//! ```no_run
//! use plug_content::{content_type_for, extract_enrichment, validate, ContentError, Upload};
//! use plug_domain::SourceType;
//!
//! fn put(key: &str, bytes: Vec<u8>, content_type: &str) { /* R2 */ }
//!
//! fn drop_html(file_name: &str, bytes: Vec<u8>) -> Result<(), ContentError> {
//!     match validate(SourceType::Html, file_name, bytes)? {
//!         Upload::File { bytes, content_type } => {
//!             let _hints = extract_enrichment(SourceType::Html, file_name, &bytes);
//!             put("index.html", bytes, content_type);
//!         }
//!         // Every file was checked by `validate`; nothing was stored before.
//!         Upload::Site(mut site) => {
//!             for i in 0..site.len() {
//!                 let bytes = site.read(i)?;
//!                 put(site.path(i), bytes, content_type_for(site.path(i)));
//!             }
//!             let home = site.index_of("index.html").map(|i| site.read(i)).transpose()?;
//!             let _hints = home.and_then(|page| extract_enrichment(SourceType::Html, "index.html", &page));
//!         }
//!     }
//!     Ok(())
//! }
//! ```

mod archive;
mod charset;
mod content_type;
mod enrich;
mod error;
mod fingerprint;
mod format;
mod image;
mod office;
mod range;
mod site_base;
mod site_fallback;
mod sniff;
mod svg;
#[cfg(test)]
mod test_zip;
mod validate;

pub use archive::{ArchiveLimits, EmbedderPolicy, EntryInflater, SiteArchive, SiteEntry};
pub use charset::{legacy_charset, CHARSET_SCAN};
pub use content_type::{content_type_for, precompressed, Precompressed};
pub use enrich::{extract_enrichment, Enrichment};
pub use error::ContentError;
pub use fingerprint::fingerprinted;
pub use format::check_extension;
pub use range::{byte_range, if_range_holds, ByteRange};
pub use site_base::base_folder;
pub use site_fallback::{missing_path, spa_shell, Fallback, PathIs, SitePaths};
pub use validate::{validate, Upload, MAX_UPLOAD_BYTES};
