//! Opening zips Plug did not make: the zipped-site archive, and the checks it
//! shares with Office packages (entry count guard, encryption, codecs, error words).

mod entry_path;
mod inflate;
mod isolation;
mod limits;
mod site;
mod source_project;

use std::io::Cursor;

use zip::read::ZipFileEntry;
use zip::result::ZipError;
use zip::{CompressionMethod, ZipArchive};

use crate::ContentError;

pub use inflate::EntryInflater;
pub use isolation::EmbedderPolicy;
pub use limits::ArchiveLimits;
pub(crate) use limits::{human_bytes, InflateBudget};
pub use site::{SiteArchive, SiteEntry};
pub(crate) use source_project::{unbuilt_entry, BUILD_IT};

/// An archive read straight from the uploaded bytes.
pub(crate) type Zip<B> = ZipArchive<Cursor<B>>;

/// Opens `bytes` as a zip after a cheap guard on the size of its directory:
/// the zip crate parses every central-directory record up front, so a
/// 50 MB file of tiny records must be refused before it is handed over.
/// `noun` names the file in messages ("The zip", "The .docx file").
///
/// The central directory is the only index Plug ever reads, so local headers
/// that disagree with it cannot make two readers see two archives; they are
/// not cross-checked, which would refuse zips from quirky but honest tools.
pub(crate) fn open_zip<B: AsRef<[u8]>>(
    bytes: B,
    limits: &ArchiveLimits,
    noun: &str,
) -> Result<Zip<B>, ContentError> {
    // Each record's name length sits 28 bytes into it. A signature inside a file's bytes only
    // adds to both sums, so neither can be cut short by one.
    let raw = bytes.as_ref();
    let (mut records, mut names) = (0, 0);
    for at in memchr::memmem::find_iter(raw, b"PK\x01\x02") {
        records += 1;
        names += raw
            .get(at + 28..at + 30)
            .map_or(0, |n| usize::from(u16::from_le_bytes([n[0], n[1]])));
        if records > limits.max_records() {
            return Err(too_many_files(noun, limits));
        }
        if names > limits.max_record_name_bytes() {
            return Err(names_too_long(noun, names, limits.max_path_bytes));
        }
    }
    let zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| zip_error(noun, e))?;
    if zip.has_duplicate_names() {
        return Err(ContentError::malformed(format!(
            "{noun} lists the same file name more than once, so it is ambiguous which copy is meant. \
             Create the archive again from the folder."
        )));
    }
    Ok(zip)
}

pub(crate) fn too_many_files(noun: &str, limits: &ArchiveLimits) -> ContentError {
    ContentError::too_large(format!(
        "{noun} holds more than {} files, the most Plug accepts in one upload. Remove files \
         the page does not need and upload again.",
        limits.max_files
    ))
}

/// A zip whose entries' names add up to more than `cap` bytes (`bytes` so far).
pub(crate) fn names_too_long(noun: &str, bytes: usize, cap: usize) -> ContentError {
    ContentError::too_large(format!(
        "{noun} is too big to store: its file names (their paths) add up to {}, and a site's may \
         add up to at most {}. Shorten the folder and file names, or remove files the page does \
         not need, and upload again.",
        human_bytes(bytes as u64),
        human_bytes(cap as u64)
    ))
}

/// Refuses entries Plug cannot read: encrypted ones and codecs other than
/// stored and deflate (the only ones every zip tool writes by default).
pub(crate) fn check_readable(entry: &ZipFileEntry<'_>, name: &str) -> Result<(), ContentError> {
    let method = entry.compression();
    if entry.encrypted() || method == CompressionMethod::AES {
        return Err(ContentError::malformed(format!(
            "'{name}' is password-protected. Plug cannot read encrypted archives: remove the \
             password and upload again."
        )));
    }
    if method != CompressionMethod::STORE && method != CompressionMethod::DEFLATE {
        return Err(ContentError::malformed(format!(
            "'{name}' is compressed with {}, which Plug does not read. Create the archive again \
             with standard (deflate) compression, the default of every zip tool.",
            entry.compression()
        )));
    }
    Ok(())
}

/// The user-facing words for an error from the zip crate.
pub(crate) fn zip_error(noun: &str, error: ZipError) -> ContentError {
    let advice =
        "Create it again with your system's Compress command or `zip -r` and upload it again.";
    ContentError::malformed(match error {
        ZipError::UnsupportedArchive(reason) if reason == ZipError::PASSWORD_REQUIRED => {
            format!("{noun} is password-protected. Remove the password and upload it again.")
        }
        ZipError::UnsupportedArchive(reason) => {
            format!("{noun} uses a zip feature Plug does not support ({reason}). {advice}")
        }
        ZipError::InvalidArchive(reason) => {
            format!(
                "{noun} is not a readable zip archive ({reason}); it may be truncated. {advice}"
            )
        }
        other => format!("{noun} could not be read ({other}). {advice}"),
    })
}

/// S_IFMT bits of a unix mode.
const FILE_TYPE_MASK: u32 = 0o170_000;

pub(crate) fn is_symlink(unix_mode: Option<u32>) -> bool {
    unix_mode.is_some_and(|mode| mode & FILE_TYPE_MASK == 0o120_000)
}

pub(crate) fn is_dir_mode(unix_mode: Option<u32>) -> bool {
    unix_mode.is_some_and(|mode| mode & FILE_TYPE_MASK == 0o040_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_zip::{zip_of, RawEntry, RawZip};

    #[test]
    fn refuses_bytes_that_are_not_a_zip() {
        let error =
            open_zip(&b"hello, not a zip"[..], &ArchiveLimits::DEFAULT, "The zip").unwrap_err();
        assert_eq!(error.status(), 422);
        assert!(
            error
                .message()
                .starts_with("The zip is not a readable zip archive"),
            "{error}"
        );
    }

    #[test]
    fn refuses_a_truncated_zip() {
        let bytes = zip_of(&[("index.html", b"<h1>hi</h1>")]);
        let cut = &bytes[..bytes.len() - 10];
        assert_eq!(
            open_zip(cut, &ArchiveLimits::DEFAULT, "The zip")
                .unwrap_err()
                .status(),
            422
        );
    }

    #[test]
    fn refuses_a_directory_of_too_many_records_before_parsing_it() {
        let limits = ArchiveLimits {
            max_files: 2,
            ..ArchiveLimits::DEFAULT
        };
        let names: Vec<String> = (0..9).map(|i| format!("f{i}.txt")).collect();
        let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
        let error = open_zip(zip_of(&entries), &limits, "The zip").unwrap_err();
        assert_eq!(error.status(), 413);
    }

    #[test]
    fn refuses_a_directory_of_too_many_name_bytes_before_parsing_it() {
        let limits = ArchiveLimits {
            max_path_bytes: 10,
            ..ArchiveLimits::DEFAULT
        };
        // Three times the cap is parsed (folders and `__MACOSX` twins have names too): 30 bytes.
        let fits = zip_of(&[
            ("abcdefghij", b"x"),
            ("klmnopqrst", b"x"),
            ("uvwxyzabcd", b"x"),
        ]);
        assert!(open_zip(fits, &limits, "The zip").is_ok());
        let over = zip_of(&[
            ("abcdefghij", b"x"),
            ("klmnopqrst", b"x"),
            ("uvwxyzabcde", b"x"),
        ]);
        let error = open_zip(over, &limits, "The zip").unwrap_err();
        assert_eq!(error.status(), 413);
        assert!(error.message().contains("file names"), "{error}");
    }

    #[test]
    fn refuses_raw_duplicate_names() {
        let zip = RawZip::new()
            .entry(RawEntry::stored("index.html", b"a"))
            .entry(RawEntry::stored("index.html", b"b"))
            .build();
        let error = open_zip(zip, &ArchiveLimits::DEFAULT, "The zip").unwrap_err();
        assert!(
            error.message().contains("same file name more than once"),
            "{error}"
        );
    }

    #[test]
    fn tells_symlinks_and_directories_apart_by_file_type_bits() {
        assert!(is_symlink(Some(0o120_777)));
        assert!(!is_symlink(Some(0o100_644)));
        assert!(!is_symlink(Some(0o140_755)), "a socket is not a link");
        assert!(!is_symlink(None));
        assert!(is_dir_mode(Some(0o040_755)));
        assert!(!is_dir_mode(Some(0o100_644)));
    }
}
