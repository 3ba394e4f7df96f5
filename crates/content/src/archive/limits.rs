//! The caps that keep a hostile zip from exhausting the Worker, and the counter
//! that enforces them on bytes actually inflated, never on sizes a header claims.

use std::io::Read;

use crate::ContentError;

/// Caps applied to every zip Plug opens (zipped sites and Office packages).
///
/// Sizes in zip headers can lie, so every cap is checked against bytes really
/// inflated, and inflation stops the moment a cap is passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveLimits {
    /// Files kept after directories and macOS clutter are dropped. The central
    /// directory may hold up to three times as many records (directory entries and
    /// `__MACOSX` twins); more is refused before it is even parsed, since each
    /// parsed record costs about 400 bytes of memory.
    pub max_files: usize,
    /// Bytes of the kept files' paths together: each is a row of the site's index in D1. The
    /// directory's names are summed before it is parsed too, against three times this (folders
    /// and `__MACOSX` twins have names of their own), since the parser holds every name.
    pub max_path_bytes: usize,
    /// Inflated bytes of all files together.
    pub max_total_bytes: u64,
    /// Largest inflated : compressed ratio, per file and for the whole archive.
    pub max_ratio: u64,
    /// The ratio is only checked above this many inflated bytes: small text
    /// files (a CSS reset, a JSON of zeros) legitimately compress far better
    /// than real content does, and they cannot hurt anyone.
    pub ratio_floor_bytes: u64,
}

const MB: u64 = 1024 * 1024;

impl ArchiveLimits {
    /// 20,000 files, 1 GB inflated, at most 100:1 for anything over 1 MB.
    /// Together with the 50 MB upload cap this bounds the memory and CPU one
    /// upload can cost, while fitting generated documentation (rustdoc,
    /// Javadoc, Sphinx) of large projects.
    pub const DEFAULT: ArchiveLimits = ArchiveLimits {
        max_files: plug_domain::limits::SITE_MAX_FILES,
        max_path_bytes: plug_domain::limits::SITE_MAX_PATH_BYTES,
        max_total_bytes: plug_domain::limits::SITE_MAX_UNPACKED_BYTES,
        max_ratio: 100,
        ratio_floor_bytes: MB,
    };

    /// Central-directory records parsed at most (see `max_files`).
    pub(crate) fn max_records(&self) -> usize {
        self.max_files.saturating_mul(3)
    }

    /// Bytes of central-directory names parsed at most (see `max_path_bytes`).
    pub(crate) fn max_record_name_bytes(&self) -> usize {
        self.max_path_bytes.saturating_mul(3)
    }
}

impl Default for ArchiveLimits {
    fn default() -> Self {
        ArchiveLimits::DEFAULT
    }
}

/// Counts inflated bytes across one archive and refuses as soon as a cap is passed.
pub(crate) struct InflateBudget {
    limits: ArchiveLimits,
    archive_len: u64,
    total: u64,
    buffer: Vec<u8>,
}

impl InflateBudget {
    pub(crate) fn new(limits: ArchiveLimits, archive_len: usize) -> Self {
        InflateBudget {
            limits,
            archive_len: archive_len as u64,
            total: 0,
            buffer: vec![0; 64 * 1024],
        }
    }

    /// Inflates one entry to its end, handing each chunk to `sink`, and returns
    /// its real size. `compressed` is the header's claim, clamped to what the
    /// archive can actually hold so a lie cannot make a bomb look tame.
    pub(crate) fn inflate(
        &mut self,
        path: &str,
        compressed: u64,
        mut entry: impl Read,
        mut sink: impl FnMut(&[u8]),
    ) -> Result<u64, ContentError> {
        let compressed = compressed.clamp(1, self.archive_len.max(1));
        let mut size = 0u64;
        loop {
            let read = entry
                .read(&mut self.buffer)
                .map_err(|e| damaged(path, &e))?;
            if read == 0 {
                return Ok(size);
            }
            size += read as u64;
            self.total += read as u64;
            self.check(path, size, compressed)?;
            sink(&self.buffer[..read]);
        }
    }

    fn check(&self, path: &str, size: u64, compressed: u64) -> Result<(), ContentError> {
        let limits = &self.limits;
        if self.total > limits.max_total_bytes {
            return Err(ContentError::too_large(format!(
                "The archive unpacks to more than {}, the most Plug accepts. Remove large files \
                 (videos, datasets) or host them elsewhere, then upload again.",
                human_bytes(limits.max_total_bytes)
            )));
        }
        let over_ratio = |inflated: u64, packed: u64| {
            inflated > limits.ratio_floor_bytes
                && inflated > packed.saturating_mul(limits.max_ratio)
        };
        if over_ratio(size, compressed) {
            return Err(bomb(&format!("'{path}' inflates"), limits.max_ratio));
        }
        if over_ratio(self.total, self.archive_len) {
            return Err(bomb("The archive inflates", limits.max_ratio));
        }
        Ok(())
    }
}

fn bomb(subject: &str, ratio: u64) -> ContentError {
    ContentError::malformed(format!(
        "{subject} to more than {ratio} times its compressed size, which is how zip bombs work, \
         so Plug refuses it. Upload the real files zipped with ordinary compression."
    ))
}

fn damaged(path: &str, error: &std::io::Error) -> ContentError {
    ContentError::malformed(format!(
        "'{path}' in the archive is damaged or its sizes are wrong ({error}). Create the zip \
         again with your system's Compress command or `zip -r`."
    ))
}

/// "200 MB", "1.5 MB", "512 KB", "12 bytes".
pub(crate) fn human_bytes(bytes: u64) -> String {
    if bytes >= MB {
        let tenths = bytes * 10 / MB;
        if tenths.is_multiple_of(10) {
            format!("{} MB", tenths / 10)
        } else {
            format!("{}.{} MB", tenths / 10, tenths % 10)
        }
    } else if bytes >= 1024 {
        format!("{} KB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_limits() -> ArchiveLimits {
        ArchiveLimits {
            max_files: 10,
            max_path_bytes: 1000,
            max_total_bytes: 1000,
            max_ratio: 10,
            ratio_floor_bytes: 100,
        }
    }

    #[test]
    fn counts_real_bytes_across_entries_against_the_total_cap() {
        let mut budget = InflateBudget::new(small_limits(), 10_000);
        assert_eq!(
            budget.inflate("a", 600, &[1u8; 600][..], |_| {}).unwrap(),
            600
        );
        let error = budget
            .inflate("b", 600, &[1u8; 600][..], |_| {})
            .unwrap_err();
        assert_eq!(error.status(), 413);
    }

    #[test]
    fn refuses_an_entry_whose_ratio_passes_the_cap_above_the_floor() {
        let mut budget = InflateBudget::new(small_limits(), 10_000);
        let error = budget
            .inflate("zeros.bin", 20, &[0u8; 500][..], |_| {})
            .unwrap_err();
        assert_eq!(error.status(), 422);
        assert!(error.message().contains("'zeros.bin'"), "{error}");
    }

    #[test]
    fn ignores_the_ratio_of_small_entries() {
        let mut budget = InflateBudget::new(small_limits(), 10_000);
        assert_eq!(
            budget
                .inflate("tiny.css", 1, &[b' '; 90][..], |_| {})
                .unwrap(),
            90
        );
    }

    #[test]
    fn refuses_when_the_whole_archive_inflates_past_the_ratio() {
        let limits = ArchiveLimits {
            max_total_bytes: 1_000_000,
            ..small_limits()
        };
        let mut budget = InflateBudget::new(limits, 50);
        for name in ["a", "b", "c", "d", "e"] {
            budget.inflate(name, 50, &[0u8; 90][..], |_| {}).unwrap();
        }
        let error = budget.inflate("f", 50, &[0u8; 90][..], |_| {}).unwrap_err();
        assert!(
            error.message().starts_with("The archive inflates"),
            "{error}"
        );
    }

    #[test]
    fn hands_every_inflated_byte_to_the_sink() {
        let mut budget = InflateBudget::new(ArchiveLimits::DEFAULT, 1000);
        let mut out = Vec::new();
        budget
            .inflate("a", 100, &b"hello"[..], |chunk| {
                out.extend_from_slice(chunk)
            })
            .unwrap();
        assert_eq!(out, b"hello");
    }

    #[test]
    fn prints_sizes_for_people() {
        assert_eq!(human_bytes(200 * MB), "200 MB");
        assert_eq!(human_bytes(3 * MB / 2), "1.5 MB");
        assert_eq!(human_bytes(2048), "2 KB");
        assert_eq!(human_bytes(12), "12 bytes");
    }
}
