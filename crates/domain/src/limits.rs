//! The size caps of a drop, in one place for the Worker, `plug`, the web app's copy of them
//! (`web/src/intake.js`) and the README's "Limits". interface.md 4.1 names the 50 MB upload;
//! the site caps are Plug's, chosen so that storing a site fits the time a Worker gets for it.

/// Largest upload, in bytes (interface.md 4.1 and 8).
pub const UPLOAD_MAX_BYTES: u64 = 50 * 1024 * 1024;
/// Files a zipped site (or an Office package) may hold, directories and macOS clutter
/// (`__MACOSX/`, `.DS_Store`) not counted: each file is one storage write.
pub const SITE_MAX_FILES: usize = 5_000;
/// Bytes a zipped site may unpack to.
pub const SITE_MAX_UNPACKED_BYTES: u64 = 200 * 1024 * 1024;

/// Entries of a zip that are not files of the site: folders and Finder clutter.
pub fn is_zip_clutter(path: &str) -> bool {
    path.ends_with('/')
        || path.split('/').next() == Some("__MACOSX")
        || path.rsplit('/').next() == Some(".DS_Store")
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
            "it unpacks to {} MB; a site may unpack to at most {} MB",
            unpacked.div_ceil(1024 * 1024),
            SITE_MAX_UNPACKED_BYTES / (1024 * 1024)
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_within_the_caps_pass_and_others_say_which_cap() {
        assert_eq!(
            site_over_caps(SITE_MAX_FILES, SITE_MAX_UNPACKED_BYTES),
            None
        );
        assert!(site_over_caps(SITE_MAX_FILES + 1, 1)
            .unwrap()
            .contains("5001 files"));
        assert!(site_over_caps(1, SITE_MAX_UNPACKED_BYTES + 1)
            .unwrap()
            .contains("201 MB"));
    }

    #[test]
    fn the_web_app_checks_the_same_caps() {
        let intake = include_str!("../../../web/src/intake.js");
        let mb = UPLOAD_MAX_BYTES / (1024 * 1024);
        assert!(intake.contains(&format!("MAX_BYTES = {mb} * 1024 * 1024;")));
        assert!(intake.contains(&format!("SITE_MAX_FILES = {SITE_MAX_FILES};")));
        let unpacked = SITE_MAX_UNPACKED_BYTES / (1024 * 1024);
        assert!(intake.contains(&format!(
            "SITE_MAX_UNPACKED_BYTES = {unpacked} * 1024 * 1024;"
        )));
    }

    #[test]
    fn folders_and_finder_clutter_are_not_site_files() {
        assert!(is_zip_clutter("assets/"));
        assert!(is_zip_clutter("__MACOSX/._index.html"));
        assert!(is_zip_clutter("docs/.DS_Store"));
        assert!(!is_zip_clutter("index.html"));
    }
}
