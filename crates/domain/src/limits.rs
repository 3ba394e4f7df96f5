//! The size caps of a drop, in one place for the Worker, `plug`, the web app's copy of them
//! (`web/src/intake.js`) and the README's "Limits". The API names the 50 MB upload (openapi.yaml);
//! the site caps are Plug's, chosen so that storing a site fits the time a Worker gets for it.

/// Largest upload, in bytes (openapi.yaml; README "Limits").
pub const UPLOAD_MAX_BYTES: u64 = 50 * 1024 * 1024;
/// Largest body of `POST /mcp`: a `drop` call's largest upload as `content_base64` (4 bytes per 3),
/// and 1 MB for the rest of the message. Checked from `Content-Length` before reading, and as a
/// chunked body streams in (README "Limits").
pub const MCP_BODY_MAX_BYTES: u64 = UPLOAD_MAX_BYTES.div_ceil(3) * 4 + 1024 * 1024;
/// Files a zipped site (or an Office package) may hold, directories and macOS clutter
/// (`__MACOSX/`, `.DS_Store`) not counted. A site is stored as its one zip, so this bounds the
/// memory of reading the zip's directory (about 400 bytes per entry), not storage writes.
pub const SITE_MAX_FILES: usize = 20_000;
/// Bytes a zipped site may unpack to: every byte is inflated once when it is dropped, to check
/// it, so this bounds the CPU time of a drop.
pub const SITE_MAX_UNPACKED_BYTES: u64 = 1024 * 1024 * 1024;
/// Bytes of file paths a zipped site may hold, its files' paths (as stored, UTF-8) together. Each
/// path is a row of the site's index in D1, the one database every grid shares (docs/scale.md):
/// 20,000 files of 1,000-byte paths were 20 MB of index for one drop. 4 MB is 200 bytes a file at
/// the file cap, twice what docs/scale.md counts for a whole index row.
pub const SITE_MAX_PATH_BYTES: usize = 4 * 1024 * 1024;

const MB: u64 = 1024 * 1024;
const GB: u64 = 1024 * MB;

/// A cap in the words the README and the messages use: "1 GB", "200 MB".
pub fn cap_text(bytes: u64) -> String {
    if bytes.is_multiple_of(GB) {
        format!("{} GB", bytes / GB)
    } else {
        format!("{} MB", bytes.div_ceil(MB))
    }
}

/// Entries of a zip that are not files of the site: folders and Finder clutter.
pub fn is_zip_clutter(path: &str) -> bool {
    path.ends_with('/')
        || path.split('/').next() == Some("__MACOSX")
        || path.rsplit('/').next() == Some(".DS_Store")
}

/// The longest object key R2 stores, in bytes (UTF-8). A requested path makes a key
/// (`inspirations/{id}/site/{path}`): one longer than this cannot name a stored object, so it is
/// missing, and is never sent to R2, which would refuse it with an error (a 500 for any stranger).
pub const STORAGE_KEY_MAX_BYTES: usize = 1024;

/// Whether `key` could name a stored object at all.
pub fn is_storable_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= STORAGE_KEY_MAX_BYTES
}

/// Why a site of `files` files unpacking to `unpacked` bytes is over the caps, if it is.
pub fn site_over_caps(files: usize, unpacked: u64) -> Option<String> {
    if files > SITE_MAX_FILES {
        return Some(format!(
            "it holds {files} files; a site may hold at most {SITE_MAX_FILES}"
        ));
    }
    if unpacked > SITE_MAX_UNPACKED_BYTES {
        return Some(format!(
            "it unpacks to {} MB; a site may unpack to at most {}",
            unpacked.div_ceil(MB),
            cap_text(SITE_MAX_UNPACKED_BYTES)
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_longer_than_storage_takes_is_never_a_stored_object() {
        let prefix = "inspirations/0b6e3f6a-2f4e-4f0e-9a51-6c1e7d0b9a11/site/";
        let fits = format!(
            "{prefix}{}",
            "a".repeat(STORAGE_KEY_MAX_BYTES - prefix.len())
        );
        assert!(is_storable_key(&fits));
        assert!(!is_storable_key(&format!("{fits}b")));
        // Bytes, not characters: a name of two-byte letters is over at half the count.
        let wide = format!(
            "{prefix}{}",
            "é".repeat((STORAGE_KEY_MAX_BYTES - prefix.len()) / 2 + 1)
        );
        assert!(!is_storable_key(&wide));
        assert!(!is_storable_key(""));
    }

    #[test]
    fn sites_within_the_caps_pass_and_others_say_which_cap() {
        assert_eq!(
            site_over_caps(SITE_MAX_FILES, SITE_MAX_UNPACKED_BYTES),
            None
        );
        assert!(site_over_caps(SITE_MAX_FILES + 1, 1)
            .unwrap()
            .contains("20001 files"));
        assert_eq!(
            site_over_caps(1, SITE_MAX_UNPACKED_BYTES + 1).unwrap(),
            "it unpacks to 1025 MB; a site may unpack to at most 1 GB"
        );
        assert_eq!(cap_text(200 * MB), "200 MB");
    }

    #[test]
    fn the_web_app_checks_the_same_caps() {
        let intake = include_str!("../../../web/src/intake.js");
        let mb = UPLOAD_MAX_BYTES / (1024 * 1024);
        assert!(intake.contains(&format!("MAX_BYTES = {mb} * 1024 * 1024;")));
        assert!(intake.contains(&format!("SITE_MAX_FILES = {SITE_MAX_FILES};")));
        assert_eq!(SITE_MAX_UNPACKED_BYTES, GB);
        assert!(intake.contains("SITE_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;"));
        assert!(intake.contains(&format!("UNPACKED_TEXT = '{}';", cap_text(GB))));
    }

    #[test]
    fn folders_and_finder_clutter_are_not_site_files() {
        assert!(is_zip_clutter("assets/"));
        assert!(is_zip_clutter("__MACOSX/._index.html"));
        assert!(is_zip_clutter("docs/.DS_Store"));
        assert!(!is_zip_clutter("index.html"));
    }
}
