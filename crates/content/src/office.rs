//! Checks that a .docx, .xlsx or .pptx is a readable Office Open XML package of
//! the kind its name says, under the same bomb caps as zipped sites.

use crate::archive::{
    check_readable, open_zip, too_many_files, zip_error, ArchiveLimits, InflateBudget, Zip,
};
use crate::format::Format;
use crate::ContentError;

/// The three Office formats Plug embeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OfficeKind {
    Word,
    Excel,
    PowerPoint,
}

impl OfficeKind {
    pub(crate) fn of(format: Format) -> Option<OfficeKind> {
        match format {
            Format::Docx => Some(OfficeKind::Word),
            Format::Xlsx => Some(OfficeKind::Excel),
            Format::Pptx => Some(OfficeKind::PowerPoint),
            _ => None,
        }
    }

    const ALL: [OfficeKind; 3] = [OfficeKind::Word, OfficeKind::Excel, OfficeKind::PowerPoint];

    /// The package's main part: the document, the workbook, the presentation.
    pub(crate) fn main_part(self) -> &'static str {
        match self {
            OfficeKind::Word => "word/document.xml",
            OfficeKind::Excel => "xl/workbook.xml",
            OfficeKind::PowerPoint => "ppt/presentation.xml",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            OfficeKind::Word => "docx",
            OfficeKind::Excel => "xlsx",
            OfficeKind::PowerPoint => "pptx",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            OfficeKind::Word => "a Word document",
            OfficeKind::Excel => "an Excel workbook",
            OfficeKind::PowerPoint => "a PowerPoint presentation",
        }
    }
}

const CONTENT_TYPES: &str = "[Content_Types].xml";
/// Compound File Binary: legacy .doc/.xls/.ppt, and password-protected OOXML.
const CFB_SIGNATURE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// Refuses (422) anything but a readable package of `kind`.
pub(crate) fn check_package(
    bytes: &[u8],
    kind: OfficeKind,
    limits: &ArchiveLimits,
) -> Result<(), ContentError> {
    let ext = kind.extension();
    if bytes.starts_with(CFB_SIGNATURE) {
        return Err(ContentError::malformed(format!(
            "This file is password-protected or in the old Office format (.doc, .xls, .ppt). Open it \
             in Office, remove any password and save it as .{ext}, then upload it again."
        )));
    }
    let noun = format!("The .{ext} file");
    let mut zip = open_zip(bytes, limits, &noun)?;
    require_part(&zip, CONTENT_TYPES, kind, &noun)?;
    if find_part(&zip, kind.main_part()).is_none() {
        return Err(wrong_kind(&zip, kind, &noun));
    }
    inflate_every_part(&mut zip, bytes.len(), limits, &noun)
}

fn require_part<B: AsRef<[u8]>>(
    zip: &Zip<B>,
    part: &str,
    kind: OfficeKind,
    noun: &str,
) -> Result<(), ContentError> {
    match find_part(zip, part) {
        Some(_) => Ok(()),
        None => Err(ContentError::malformed(format!(
            "{noun} is a zip but not an Office document: it has no {part}. Save it from Office, \
             LibreOffice or Google Docs as a real .{} file.",
            kind.extension()
        ))),
    }
}

/// Part names compare case-insensitively (OPC, ECMA-376 part 2).
pub(crate) fn find_part<B: AsRef<[u8]>>(zip: &Zip<B>, part: &str) -> Option<usize> {
    zip.index_for_name(part).or_else(|| {
        zip.file_names().position(|name| {
            name.is_ok_and(|n| n.trim_start_matches('/').eq_ignore_ascii_case(part))
        })
    })
}

fn wrong_kind<B: AsRef<[u8]>>(zip: &Zip<B>, kind: OfficeKind, noun: &str) -> ContentError {
    let actual = OfficeKind::ALL
        .into_iter()
        .find(|other| find_part(zip, other.main_part()).is_some());
    match actual {
        Some(actual) => ContentError::malformed(format!(
            "{noun} is really {}. Rename it to .{} and upload it with source_type {}.",
            actual.describe(),
            actual.extension(),
            actual.extension()
        )),
        None => ContentError::malformed(format!(
            "{noun} has no {}, so it is not {}. Save it again from Office as .{}.",
            kind.main_part(),
            kind.describe(),
            kind.extension()
        )),
    }
}

/// Inflates every part under the archive caps, so a bomb dressed as a
/// document is refused like any other.
fn inflate_every_part(
    zip: &mut Zip<&[u8]>,
    archive_len: usize,
    limits: &ArchiveLimits,
    noun: &str,
) -> Result<(), ContentError> {
    if zip.len() > limits.max_files {
        return Err(too_many_files(noun, limits));
    }
    let mut budget = InflateBudget::new(*limits, archive_len);
    for index in 0..zip.len() {
        let (name, compressed) = {
            let entry = zip.by_index_data(index).map_err(|e| zip_error(noun, e))?;
            let name = entry.name().map_err(|e| zip_error(noun, e))?.into_owned();
            check_readable(&entry, &name)?;
            (name, entry.compressed_size())
        };
        let entry = zip.by_index(index).map_err(|e| zip_error(noun, e))?;
        budget.inflate(&name, compressed, entry, |_| {})?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::test_zip::{deflated_zeros, zip_of, RawEntry, RawZip};

    pub(crate) const CONTENT_TYPES_XML: &[u8] = br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#;

    /// The smallest package of `kind` that passes, plus any extra parts.
    pub(crate) fn package(kind: OfficeKind, extra: &[(&str, &[u8])]) -> Vec<u8> {
        let mut entries: Vec<(&str, &[u8])> = vec![
            (CONTENT_TYPES, CONTENT_TYPES_XML),
            (kind.main_part(), b"<x/>"),
        ];
        entries.extend_from_slice(extra);
        zip_of(&entries)
    }

    fn check(bytes: &[u8], kind: OfficeKind) -> Result<(), ContentError> {
        check_package(bytes, kind, &ArchiveLimits::DEFAULT)
    }

    #[test]
    fn accepts_each_kind_of_package() {
        for kind in OfficeKind::ALL {
            check(&package(kind, &[]), kind).unwrap();
        }
    }

    #[test]
    fn finds_parts_case_insensitively() {
        let bytes = zip_of(&[
            ("[content_types].xml", CONTENT_TYPES_XML),
            ("Word/Document.xml", b"<x/>"),
        ]);
        check(&bytes, OfficeKind::Word).unwrap();
    }

    #[test]
    fn rejects_a_plain_zip_without_content_types() {
        let bytes = zip_of(&[("word/document.xml", b"<x/>")]);
        let error = check(&bytes, OfficeKind::Word).unwrap_err();
        assert!(
            error.message().contains("not an Office document"),
            "{error}"
        );
    }

    #[test]
    fn rejects_a_package_of_another_kind_and_names_it() {
        let error = check(&package(OfficeKind::PowerPoint, &[]), OfficeKind::Word).unwrap_err();
        assert_eq!(error.status(), 422);
        assert!(
            error.message().contains("really a PowerPoint presentation"),
            "{error}"
        );
        assert!(error.message().contains("source_type pptx"), "{error}");
    }

    #[test]
    fn rejects_a_package_without_its_main_part() {
        let bytes = zip_of(&[
            (CONTENT_TYPES, CONTENT_TYPES_XML),
            ("docProps/core.xml", b"<x/>"),
        ]);
        let error = check(&bytes, OfficeKind::Excel).unwrap_err();
        assert!(error.message().contains("no xl/workbook.xml"), "{error}");
    }

    #[test]
    fn rejects_legacy_or_encrypted_office_files() {
        let mut bytes = CFB_SIGNATURE.to_vec();
        bytes.extend_from_slice(&[0; 512]);
        let error = check(&bytes, OfficeKind::Excel).unwrap_err();
        assert!(
            error
                .message()
                .contains("password-protected or in the old Office format"),
            "{error}"
        );
    }

    #[test]
    fn rejects_bytes_that_are_not_a_zip() {
        assert_eq!(
            check(b"%PDF-1.7 not a deck", OfficeKind::PowerPoint)
                .unwrap_err()
                .status(),
            422
        );
    }

    #[test]
    fn rejects_a_bomb_dressed_as_a_document() {
        let bytes = RawZip::new()
            .entry(RawEntry::stored(CONTENT_TYPES, CONTENT_TYPES_XML))
            .entry(RawEntry::stored("word/document.xml", b"<x/>"))
            .entry(RawEntry::deflated_raw(
                "word/media/zeros.bin",
                deflated_zeros(300),
                300 << 20,
            ))
            .build();
        let error = check(&bytes, OfficeKind::Word).unwrap_err();
        assert!(error.message().contains("zip bomb"), "{error}");
    }
}
