//! The entry point for uploaded bytes: extension (415), size (413) and contents
//! (422) checked by real parsers, then what to store (one file or a whole site).

use std::fmt;

use plug_domain::SourceType;

use crate::archive::{human_bytes, unbuilt_entry, ArchiveLimits, SiteArchive, BUILD_IT};
use crate::format::{format_of, Format};
use crate::image::{unsupported_picture, Raster};
use crate::office::{check_package, OfficeKind};
use crate::sniff::what_it_holds;
use crate::{content_type_for, svg, ContentError};

/// The largest upload accepted (openapi.yaml; README "Limits": 50 MB per request).
pub const MAX_UPLOAD_BYTES: usize = plug_domain::limits::UPLOAD_MAX_BYTES as usize;

/// A validated upload: what the Worker stores.
pub enum Upload {
    /// A zipped site, fully checked; put its files one at a time
    /// ([`SiteArchive::read`]).
    Site(SiteArchive),
    /// One file, stored as uploaded and served with `content_type`.
    File {
        bytes: Vec<u8>,
        content_type: &'static str,
    },
}

/// Prints sizes, not up to 50 MB of bytes, should an upload end up in a log.
impl fmt::Debug for Upload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Upload::Site(site) => f.debug_tuple("Site").field(site).finish(),
            Upload::File {
                bytes,
                content_type,
            } => f
                .debug_struct("File")
                .field("len", &bytes.len())
                .field("content_type", content_type)
                .finish(),
        }
    }
}

/// Checks an upload in the order the interface lists its errors: extension
/// against source_type (415), size (413), then contents (422). Takes the
/// bytes by value so a site can be unpacked later (in `wait_until`) without
/// a copy; zips are checked with [`ArchiveLimits::DEFAULT`].
pub fn validate(
    source_type: SourceType,
    file_name: &str,
    bytes: Vec<u8>,
) -> Result<Upload, ContentError> {
    let format = format_of(source_type, file_name)?;
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(ContentError::too_large(format!(
            "The file is {}; Plug accepts files up to {}.",
            human_bytes(bytes.len() as u64),
            human_bytes(MAX_UPLOAD_BYTES as u64)
        )));
    }
    if bytes.is_empty() {
        return Err(ContentError::malformed(
            "The file is empty (0 bytes). Choose the file again and upload it.",
        ));
    }
    let bytes = match format {
        Format::Html | Format::Markdown => legacy_text_as_utf8(bytes),
        // A component is code: UTF-16 is unambiguous and converted; an 8-bit encoding is not guessed.
        Format::React => utf16_as_utf8(&bytes).map_or(bytes, String::into_bytes),
        _ => bytes,
    };
    check_contents(format, &bytes)?;
    if format == Format::SiteZip {
        return Ok(Upload::Site(SiteArchive::open(
            bytes,
            &ArchiveLimits::DEFAULT,
        )?));
    }
    Ok(Upload::File {
        content_type: served_type(format, file_name, &bytes),
        bytes,
    })
}

/// The Content-Type a file is served with: its name's, except for an image whose bytes are
/// another format Plug takes (a JPEG saved as `.png`), served as what it is.
fn served_type(format: Format, file_name: &str, bytes: &[u8]) -> &'static str {
    let raster = matches!(format, Format::Png | Format::Jpeg | Format::Webp);
    raster
        .then(|| Raster::sniff(bytes).and_then(Raster::served_type))
        .flatten()
        .unwrap_or_else(|| content_type_for(file_name))
}

fn check_contents(format: Format, bytes: &[u8]) -> Result<(), ContentError> {
    match format {
        Format::SiteZip => check_site_zip(bytes), // then in full by SiteArchive::open
        Format::Html => match text(bytes, "HTML page") {
            // Shift_JIS, GBK, Big5…, as it declares: served with that charset, as it is.
            Err(_) if is_declared_legacy_page(bytes) => Ok(()),
            // Text in an 8-bit encoding that declares none (a Shift_JIS page without its meta):
            // browsers would guess; Plug serves what a page declares, so say how to declare it.
            Err(error) if std::str::from_utf8(bytes).is_err() && !has_controls(bytes) => {
                Err(ContentError::malformed(format!(
                    "{} Or declare its encoding at the top of the page instead, as \
                     <meta charset=\"shift_jis\">.",
                    error.message()
                )))
            }
            Ok(page) if is_react_source(page) => Err(ContentError::malformed(
                "This file is named .html but holds a React component (it starts with an import \
                 or export of React code), not a web page. Upload it as .jsx or .tsx with \
                 source_type react_single_file.",
            )),
            // A project's index.html by itself (Google AI Studio's app loads `/index.tsx`, Vite's
            // `/src/main.tsx`): the source it loads is not in a one-file drop, and no browser
            // runs it, so the page would be blank.
            Ok(page) => match unbuilt_entry(page.as_bytes(), &|path| !path.contains(':')) {
                Some(entry) => Err(ContentError::malformed(format!(
                    "This page is a project's index.html: it loads '{entry}', which a browser \
                     cannot run and the upload does not hold (Google AI Studio's apps look like \
                     this). {BUILD_IT}"
                ))),
                None => Ok(()),
            },
            Err(error) => Err(error),
        },
        Format::React => text(bytes, "React component").map(drop),
        Format::Markdown => text(bytes, "Markdown document").map(drop),
        Format::Pdf => check_pdf(bytes),
        Format::Docx | Format::Xlsx | Format::Pptx => match OfficeKind::of(format) {
            Some(kind) => check_package(bytes, kind, &ArchiveLimits::DEFAULT),
            None => Ok(()),
        },
        Format::Png => check_raster(Raster::Png, bytes),
        Format::Jpeg => check_raster(Raster::Jpeg, bytes),
        Format::Webp => check_raster(Raster::Webp, bytes),
        Format::Svg => svg::check_svg(text(bytes, "SVG image")?).map(drop),
    }
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// An HTML page or markdown document saved by an older editor, stored as UTF-8 (the charset it is
/// served with, which outranks a `<meta charset>` in the browser): UTF-16 with its byte order
/// mark (Notepad's "Unicode"), or windows-1252 (Notepad's "ANSI" on a Western Windows, older
/// Word and FrontPage pages) when it is not valid UTF-8, has no control characters (so is text)
/// and declares no other charset. Anything else is left for `text` to refuse, saying why.
fn legacy_text_as_utf8(bytes: Vec<u8>) -> Vec<u8> {
    let decoded = if let Some(text) = utf16_as_utf8(&bytes) {
        Some(text)
    } else if std::str::from_utf8(&bytes).is_err() && is_western_text(&bytes) {
        Some(
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(&bytes)
                .0
                .into_owned(),
        )
    } else {
        None
    };
    decoded.map_or(bytes, String::into_bytes)
}

/// Text saved as UTF-16, decoded: with its byte order mark (Notepad's "Unicode", Visual Studio's
/// and PowerShell's `Out-File`), or without one (.NET's `Encoding.Unicode`, some exporters) when
/// its first kilobyte is plainly UTF-16: a zero in every other byte of its ASCII characters and
/// none in the others. Such a file is valid UTF-8 (zeros are), so it was stored and served as a
/// page of invisible characters. None when the bytes are not UTF-16, or not whole UTF-16.
fn utf16_as_utf8(bytes: &[u8]) -> Option<String> {
    let (body, big_endian) = if let Some(body) = bytes.strip_prefix(b"\xFF\xFE") {
        (body, false)
    } else if let Some(body) = bytes.strip_prefix(b"\xFE\xFF") {
        (body, true)
    } else {
        (bytes, utf16_without_mark(bytes)?)
    };
    if !body.len().is_multiple_of(2) {
        return None;
    }
    let units = body.chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()
}

/// Whether BOM-less bytes read as UTF-16, and which way round (true: big-endian): in the first
/// kilobyte, zeros only in odd (little-endian) or only in even positions, at least one in four.
fn utf16_without_mark(bytes: &[u8]) -> Option<bool> {
    let head = &bytes[..bytes.len().min(1024) & !1];
    let zeros = |parity: usize| {
        head.iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros(0), zeros(1));
    let pairs = head.len() / 2;
    match (even, odd) {
        (0, odd) if pairs > 0 && odd * 4 >= pairs => Some(false),
        (even, 0) if pairs > 0 && even * 4 >= pairs => Some(true),
        _ => None,
    }
}

/// What a file sent as a zipped site holds when it is not a zip, named as the other refusals
/// name a misnamed file ("holds a web page (HTML), not a zip archive"), and a zip cut short said
/// to be cut short in words; anything else that starts as a zip is left to the archive reader.
fn check_site_zip(bytes: &[u8]) -> Result<(), ContentError> {
    const ZIP_IT: &str = "zip your site's folder (Compress, or `zip -r`) and upload that";
    // The end-of-directory record: 22 bytes after its signature, at the end of every zip, also
    // of one behind a self-extracting stub, which the archive reader takes.
    let has_end =
        memchr::memmem::rfind(bytes, b"PK\x05\x06").is_some_and(|at| bytes.len() - at >= 22);
    if has_end {
        return Ok(());
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return Err(ContentError::malformed(format!(
            "The zip is not a readable zip archive: it ends before the list of its files, so it \
             was cut off (truncated) on its way. Upload the whole file, or {ZIP_IT}."
        )));
    }
    let Some(other) = what_it_holds(bytes).filter(|_| !bytes.starts_with(b"PK")) else {
        return Ok(()); // bytes of no known kind: the reader says
    };
    let advice = if other == "a web page (HTML)" {
        "Upload a single page named .html, or "
    } else if other.contains("archive") || other.contains("compressed") {
        "Plug takes zipped sites only as .zip: unpack it, then "
    } else {
        "To share a site, "
    };
    Err(ContentError::malformed(format!(
        "This file is named .zip but holds {other}, not a zip archive. {advice}{ZIP_IT}."
    )))
}

/// A component's source saved as `.html` (a chat's code pasted into index.html), which a browser
/// shows as a screen of code: it opens with an import, an export or "use client", which no page
/// does, and names React in its first 2 KB.
fn is_react_source(text: &str) -> bool {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    let head = &start.as_bytes()[..start.len().min(2048)];
    ["import ", "export ", "\"use client\"", "'use client'"]
        .iter()
        .any(|opening| start.starts_with(opening))
        && [&b"from \"react\""[..], b"from 'react'"]
            .iter()
            .any(|react| memchr::memmem::find(head, react).is_some())
}

/// A page in an older encoding that is not windows-1252 (which is stored converted): not UTF-8,
/// text (no control characters) and declaring its encoding where browsers look for it.
fn is_declared_legacy_page(bytes: &[u8]) -> bool {
    crate::legacy_charset(bytes).is_some_and(|charset| charset != "windows-1252")
        && !has_controls(bytes)
}

fn has_controls(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C))
}

/// No C0 control other than tab, line feeds and form feed, and no charset declared in the first
/// 1024 bytes (where browsers look for one) other than windows-1252 or a label it stands for.
fn is_western_text(bytes: &[u8]) -> bool {
    // Five bytes windows-1252 leaves undefined, which no Western text holds and Shift_JIS does
    // in nearly every line (0x81 leads its punctuation: 、 is 81 41, 。 is 81 42).
    if has_controls(bytes)
        || bytes
            .iter()
            .any(|b| matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D))
    {
        return false;
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    head.match_indices("charset").all(|(at, _)| {
        let label: String = head[at + "charset".len()..]
            .trim_start_matches([' ', '=', '"', '\''])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
            .collect();
        matches!(
            label.as_str(),
            "windows-1252"
                | "cp1252"
                | "x-cp1252"
                | "iso-8859-1"
                | "iso8859-1"
                | "latin1"
                | "l1"
                | "us-ascii"
                | "ascii"
                | "iso-8859-15"
                | "latin9"
        )
    })
}

/// The text of a UTF-8 file without its byte-order mark; refuses other
/// encodings and blank files.
pub(crate) fn text<'a>(bytes: &'a [u8], what: &str) -> Result<&'a str, ContentError> {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(ContentError::malformed(format!(
            "The {what} is saved as UTF-16. Save it as UTF-8 (the default of every modern editor) and upload it again."
        )));
    }
    let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    let text = std::str::from_utf8(body).map_err(|e| {
        ContentError::malformed(format!(
            "The {what} is not valid UTF-8 text (bad byte at position {}). Save it with UTF-8 encoding and upload it again.",
            e.valid_up_to() + bytes.len() - body.len()
        ))
    })?;
    // Zeros are valid UTF-8 but text holds none: one near the start (git's test for a binary
    // file: the first 8000 bytes) is a binary file under a text name.
    if let Some(at) = memchr::memchr(0, &body[..body.len().min(8000)]) {
        return Err(ContentError::malformed(format!(
            "The {what} is not text: it holds a zero byte at position {}, as binary files do.",
            at + bytes.len() - body.len()
        )));
    }
    if text.trim().is_empty() {
        return Err(ContentError::malformed(format!(
            "The {what} is empty. Upload a file with content."
        )));
    }
    Ok(text)
}

/// The PDF spec lets a header start anywhere in the first 1024 bytes, and
/// readers look for the end marker in the last 1024.
const PDF_SLACK: usize = 1024;

fn check_pdf(bytes: &[u8]) -> Result<(), ContentError> {
    let head = &bytes[..bytes.len().min(PDF_SLACK + 4)];
    if memchr::memmem::find(head, b"%PDF-").is_none() {
        // A header further in than readers look is still a PDF, only a damaged one.
        let late_header = memchr::memmem::find(&bytes[..bytes.len().min(1 << 16)], b"%PDF-");
        let other = what_it_holds(bytes).filter(|_| late_header.is_none());
        return Err(ContentError::malformed(match other {
            Some(other) => format!(
                "This file is named .pdf but holds {other}, not a PDF. Export or print it to PDF \
                 (File > Save as PDF, or Print > Save as PDF) and upload that file."
            ),
            None => String::from(
                "This file is not a PDF: it has no %PDF- header. Export or print it to PDF again and upload that file.",
            ),
        }));
    }
    let tail = &bytes[bytes.len().saturating_sub(PDF_SLACK)..];
    if memchr::memmem::find(tail, b"%%EOF").is_none() {
        return Err(ContentError::malformed(
            "The PDF is incomplete: its end marker (%%EOF) is missing, so it was probably cut off \
             while downloading or saving. Upload the complete file.",
        ));
    }
    Ok(())
}

/// A raster image: the format its name says, or another Plug takes (tools and people rename
/// images freely: a JPEG saved as `.png` is still a picture, served as what it is).
fn check_raster(expected: Raster, bytes: &[u8]) -> Result<(), ContentError> {
    let name = expected.name();
    match Raster::sniff(bytes) {
        Some(Raster::Gif) => Err(ContentError::malformed(format!(
            "This file is named as a {name} but holds a GIF image, which Plug does not take. \
             Convert it to PNG or WebP and upload it again."
        ))),
        Some(actual) if actual.header_is_whole(bytes) => match actual.nothing_to_draw(bytes) {
            Some(why) => Err(ContentError::malformed(format!(
                "The {} image is damaged: {why}. Upload the complete file, or export the image again.",
                actual.name()
            ))),
            None => Ok(()),
        },
        Some(actual) => Err(ContentError::malformed(format!(
            "The {} image is damaged: its header is incomplete. Export the image again and upload it.",
            actual.name()
        ))),
        None if looks_like_svg(bytes) => Err(ContentError::malformed(format!(
            "This file is named as a {name} image but holds an SVG drawing. Rename it to .svg and upload it again."
        ))),
        None => Err(ContentError::malformed(match unsupported_picture(bytes) {
            Some(kind) => format!(
                "This file is named as a {name} image but holds {kind}, which Plug does not show. \
                 Convert it to JPEG, PNG or WebP (Preview or Photos: Export as JPEG) and upload that."
            ),
            None => match what_it_holds(bytes) {
                Some(other) => format!(
                    "This file is named as a {name} image but holds {other}. Upload the picture itself, \
                     saved or exported as {name}, JPEG or WebP."
                ),
                None => format!(
                    "This file is not a {name} image (the {name} signature is missing). Export the image as {name} again."
                ),
            },
        })),
    }
}

fn looks_like_svg(bytes: &[u8]) -> bool {
    memchr::memmem::find(&bytes[..bytes.len().min(1024)], b"<svg").is_some()
}

#[cfg(test)]
mod tests;
