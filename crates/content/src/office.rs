//! Checks that a .docx, .xlsx or .pptx is a readable Office Open XML package of
//! the kind its name says, under the same bomb caps as zipped sites.

use crate::archive::{
    check_readable, open_zip, too_many_files, zip_error, ArchiveLimits, InflateBudget, Zip,
};
use crate::format::Format;
use crate::sniff::what_it_holds;
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

    fn app(self) -> &'static str {
        match self {
            OfficeKind::Word => "Word",
            OfficeKind::Excel => "Excel",
            OfficeKind::PowerPoint => "PowerPoint",
        }
    }

    /// Where Office 365 and 2016-2021 keep the password that encrypts the file.
    fn password_menu(self) -> &'static str {
        match self {
            OfficeKind::Word => "File > Info > Protect Document > Encrypt with Password",
            OfficeKind::Excel => "File > Info > Protect Workbook > Encrypt with Password",
            OfficeKind::PowerPoint => "File > Info > Protect Presentation > Encrypt with Password",
        }
    }

    /// The Office 97-2003 format of the same kind, as its extension.
    fn legacy_extension(self) -> &'static str {
        match self {
            OfficeKind::Word => "doc",
            OfficeKind::Excel => "xls",
            OfficeKind::PowerPoint => "ppt",
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
        return Err(compound_file_refusal(bytes, kind));
    }
    if !bytes.starts_with(b"PK") {
        if let Some(other) = what_it_holds(bytes) {
            return Err(ContentError::malformed(format!(
                "This file is named .{ext} but holds {other}, not {}. Open it in {} (or LibreOffice) \
                 and save it as .{ext}, then upload that.",
                kind.describe(),
                kind.app()
            )));
        }
    }
    let noun = format!("The .{ext} file");
    let mut zip = open_zip(bytes, limits, &noun).map_err(|error| cut_short(bytes, kind, error))?;
    require_part(&zip, CONTENT_TYPES, kind, &noun)?;
    if find_part(&zip, kind.main_part()).is_none() {
        return Err(wrong_kind(&zip, kind, &noun));
    }
    if kind == OfficeKind::Excel {
        check_shared_strings(&mut zip)?;
    }
    inflate_every_part(&mut zip, bytes.len(), limits, &noun)
}

/// A zip that starts like one but whose directory (at its end) cannot be found was cut short on
/// its way: said so, with Office's advice rather than the zip tools' of a zipped site.
fn cut_short(bytes: &[u8], kind: OfficeKind, error: ContentError) -> ContentError {
    // The end-of-directory record: 22 bytes after its signature.
    let readable_end =
        memchr::memmem::rfind(bytes, b"PK\x05\x06").is_some_and(|at| bytes.len() - at >= 22);
    if !bytes.starts_with(b"PK\x03\x04") || readable_end {
        return error;
    }
    ContentError::malformed(format!(
        "The .{} file is incomplete: it ends before the list of its parts (at the end of every \
         Office file), so it was probably cut off while downloading, copying or saving. Upload \
         the complete file, or save it again from {}.",
        kind.extension(),
        kind.app()
    ))
}

/// What a Compound File (the container of Office 97-2003's .doc, .xls and .ppt, and of an
/// Office file saved with a password, which Office encrypts whole into one) holds, told by the
/// names of its streams, and the refusal that says what to do with it.
fn compound_file_refusal(bytes: &[u8], kind: OfficeKind) -> ContentError {
    let names = compound_stream_names(bytes);
    let has = |name: &str| names.iter().any(|n| n.eq_ignore_ascii_case(name));
    let ext = kind.extension();
    if has("EncryptedPackage") || has("EncryptionInfo") {
        return ContentError::malformed(format!(
            "This file is password-protected: {} encrypted it, so Plug cannot open it to show it. \
             Open it in {} with its password, remove the password ({}: clear the box and click \
             OK), save it and upload it again.",
            kind.app(),
            kind.app(),
            kind.password_menu()
        ));
    }
    let legacy = if has("WordDocument") {
        Some(OfficeKind::Word)
    } else if has("Workbook") || has("Book") {
        Some(OfficeKind::Excel)
    } else if has("PowerPoint Document") {
        Some(OfficeKind::PowerPoint)
    } else {
        None
    };
    ContentError::malformed(match legacy {
        Some(old) if old == kind => format!(
            "This file is in the old {} 97-2003 format (.{}), not .{ext}: it was renamed rather \
             than saved as .{ext}. Open it in {} or LibreOffice, save it as .{ext} ({} {}), and \
             upload that.",
            old.app(),
            old.legacy_extension(),
            old.app(),
            old.app(),
            match old {
                OfficeKind::Word => "Document",
                OfficeKind::Excel => "Workbook",
                OfficeKind::PowerPoint => "Presentation",
            }
        ),
        Some(old) => format!(
            "This file is named .{ext} but holds an old {} 97-2003 file (.{}). Open it in {} or \
             LibreOffice, save it as .{}, and upload that with source_type {}.",
            old.app(),
            old.legacy_extension(),
            old.app(),
            old.extension(),
            old.extension()
        ),
        None => format!(
            "This file is password-protected or in the old Office format (.doc, .xls, .ppt). Open it \
             in Office, remove any password and save it as .{ext}, then upload it again."
        ),
    })
}

/// The names in a Compound File's directory ([MS-CFB] 2.6): 128-byte entries in the sectors
/// after the 512-byte header, each a UTF-16 name with its terminator, the name's byte length
/// at 0x40 and the object type (1 storage, 2 stream, 5 root) at 0x42. Entries are read where
/// they sit rather than along the directory's sector chain: the names only choose the words of
/// a refusal, and a file too damaged to list them gets the general one.
fn compound_stream_names(bytes: &[u8]) -> Vec<String> {
    bytes
        .get(512..)
        .unwrap_or_default()
        .chunks_exact(128)
        .filter_map(|entry| {
            let len = usize::from(u16::from_le_bytes([entry[0x40], entry[0x41]]));
            if !(4..=64).contains(&len) || len % 2 == 1 || !matches!(entry[0x42], 1 | 2 | 5) {
                return None;
            }
            if entry[len - 2..len] != [0, 0] {
                return None;
            }
            let units = entry[..len - 2]
                .chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
            String::from_utf16(&units.collect::<Vec<_>>()).ok()
        })
        .collect()
}

/// A workbook whose relationships name a shared-strings part the package does not hold (a
/// tool that dropped it, a hand-edited package) shows every cell of text as a number, its
/// index into the missing table; Excel itself calls such a file damaged.
fn check_shared_strings(zip: &mut Zip<&[u8]>) -> Result<(), ContentError> {
    const RELS: &str = "xl/_rels/workbook.xml.rels";
    const SHARED_STRINGS: &str = "/officeDocument/2006/relationships/sharedStrings\"";
    let Some(index) = find_part(zip, RELS) else {
        return Ok(());
    };
    let mut rels = String::new();
    {
        let entry = zip
            .by_index(index)
            .map_err(|e| zip_error("The .xlsx file", e))?;
        // The relationships of a workbook are a few KB; a larger part is not read here.
        let mut limited = std::io::Read::take(entry, 1 << 20);
        if std::io::Read::read_to_string(&mut limited, &mut rels).is_err() {
            return Ok(());
        }
    }
    // The tag naming the part, read as text: a relationships part is flat, one tag per
    // relationship, and a second kind of XML reader would weigh on the Worker's upload.
    let Some(at) = rels.find(SHARED_STRINGS) else {
        return Ok(());
    };
    let tag_start = rels[..at].rfind('<').unwrap_or(0);
    let tag_end = rels[at..].find('>').map_or(rels.len(), |end| at + end);
    let tag = &rels[tag_start..tag_end];
    let attribute = |name: &str| {
        let value = tag.split(&format!(" {name}=")).nth(1)?;
        let quote = value.chars().next().filter(|q| matches!(q, '"' | '\''))?;
        value[1..].split(quote).next()
    };
    if attribute("TargetMode") == Some("External") {
        return Ok(());
    }
    let Some(target) = attribute("Target") else {
        return Ok(());
    };
    let part = match target.strip_prefix('/') {
        Some(absolute) => absolute.to_string(),
        None => format!("xl/{target}"),
    };
    if find_part(zip, &part).is_some() {
        return Ok(());
    }
    Err(ContentError::malformed(format!(
        "The .xlsx file is damaged: its text table ({part}, which every cell of text points \
         into) is missing, so its cells of text cannot be shown. Open it in Excel or \
         LibreOffice, let it repair the file, save it and upload it again."
    )))
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

    /// A Compound File's header and one directory sector naming `streams` after the root.
    fn compound(streams: &[&str]) -> Vec<u8> {
        let mut bytes = CFB_SIGNATURE.to_vec();
        bytes.resize(512, 0);
        for (i, name) in std::iter::once("Root Entry")
            .chain(streams.iter().copied())
            .enumerate()
        {
            let mut entry = [0u8; 128];
            let utf16: Vec<u8> = name
                .encode_utf16()
                .chain([0])
                .flat_map(u16::to_le_bytes)
                .collect();
            entry[..utf16.len()].copy_from_slice(&utf16);
            entry[0x40..0x42].copy_from_slice(&(utf16.len() as u16).to_le_bytes());
            entry[0x42] = if i == 0 { 5 } else { 2 };
            bytes.extend_from_slice(&entry);
        }
        bytes.resize(512 * 3, 0);
        bytes
    }

    #[test]
    fn says_a_password_protected_file_is_password_protected() {
        let encrypted = compound(&["\u{6}DataSpaces", "EncryptionInfo", "EncryptedPackage"]);
        for kind in OfficeKind::ALL {
            let error = check(&encrypted, kind).unwrap_err();
            assert_eq!(error.status(), 422);
            assert!(
                error
                    .message()
                    .starts_with("This file is password-protected:"),
                "{error}"
            );
            assert!(error.message().contains(kind.password_menu()), "{error}");
        }
    }

    #[test]
    fn names_the_old_format_a_renamed_file_is_in() {
        let doc = compound(&["WordDocument", "1Table", "\u{5}SummaryInformation"]);
        let message = check(&doc, OfficeKind::Word).unwrap_err().to_string();
        assert!(
            message.contains("old Word 97-2003 format (.doc), not .docx"),
            "{message}"
        );
        let xls = compound(&["Workbook"]);
        let message = check(&xls, OfficeKind::Word).unwrap_err().to_string();
        assert!(
            message.contains("holds an old Excel 97-2003 file (.xls)"),
            "{message}"
        );
        assert!(message.contains("source_type xlsx"), "{message}");
        let ppt = compound(&["PowerPoint Document", "Current User"]);
        let message = check(&ppt, OfficeKind::PowerPoint).unwrap_err().to_string();
        assert!(message.contains("(.ppt), not .pptx"), "{message}");
    }

    #[test]
    fn names_what_a_file_that_is_not_a_package_holds() {
        let csv = check(b"Region,Revenue\nNorth,120\n", OfficeKind::Excel).unwrap_err();
        assert!(
            csv.message()
                .contains("holds plain text such as CSV, not an Excel workbook"),
            "{csv}"
        );
        let pdf = check(b"%PDF-1.7\n1 0 obj", OfficeKind::Word).unwrap_err();
        assert!(pdf.message().contains("holds a PDF"), "{pdf}");
        let bom = check(b"\xEF\xBB\xBF", OfficeKind::PowerPoint).unwrap_err();
        assert!(bom.message().contains("no content"), "{bom}");
    }

    #[test]
    fn says_a_package_cut_short_is_incomplete() {
        let whole = package(OfficeKind::Word, &[("word/styles.xml", &[b'x'; 2000])]);
        let directory = memchr::memmem::find(&whole, b"PK\x01\x02").unwrap();
        for end in [100, directory + 10, whole.len() - 10] {
            let error = check(&whole[..end], OfficeKind::Word).unwrap_err();
            assert!(error.message().contains("is incomplete"), "{end}: {error}");
        }
    }

    #[test]
    fn refuses_a_workbook_whose_shared_strings_are_missing() {
        let rels = br#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#;
        let without = package(OfficeKind::Excel, &[("xl/_rels/workbook.xml.rels", rels)]);
        let error = check(&without, OfficeKind::Excel).unwrap_err();
        assert!(error.message().contains("xl/sharedStrings.xml"), "{error}");
        let with = package(
            OfficeKind::Excel,
            &[
                ("xl/_rels/workbook.xml.rels", rels),
                ("xl/sharedStrings.xml", b"<sst/>"),
            ],
        );
        check(&with, OfficeKind::Excel).unwrap();
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
