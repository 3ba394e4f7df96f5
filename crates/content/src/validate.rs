//! The entry point for uploaded bytes: extension (415), size (413) and contents
//! (422) checked by real parsers, then what to store (one file or a whole site).

use std::fmt;

use plug_domain::SourceType;

use crate::archive::{human_bytes, ArchiveLimits, SiteArchive};
use crate::format::{format_of, Format};
use crate::image::Raster;
use crate::office::{check_package, OfficeKind};
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
    check_contents(format, &bytes)?;
    if format == Format::SiteZip {
        return Ok(Upload::Site(SiteArchive::open(
            bytes,
            &ArchiveLimits::DEFAULT,
        )?));
    }
    Ok(Upload::File {
        content_type: content_type_for(file_name),
        bytes,
    })
}

fn check_contents(format: Format, bytes: &[u8]) -> Result<(), ContentError> {
    match format {
        Format::SiteZip => Ok(()), // checked in full by SiteArchive::open
        Format::Html => text(bytes, "HTML page").map(drop),
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
        return Err(ContentError::malformed(
            "This file is not a PDF: it has no %PDF- header. Export or print it to PDF again and upload that file.",
        ));
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

fn check_raster(expected: Raster, bytes: &[u8]) -> Result<(), ContentError> {
    let name = expected.name();
    match Raster::sniff(bytes) {
        Some(actual) if actual == expected && actual.header_is_whole(bytes) => Ok(()),
        Some(actual) if actual == expected => Err(ContentError::malformed(format!(
            "The {name} image is damaged: its header is incomplete. Export the image again and upload it."
        ))),
        Some(Raster::Gif) => Err(ContentError::malformed(format!(
            "This file is named as a {name} but holds a GIF image, which Plug does not take. \
             Convert it to PNG or WebP and upload it again."
        ))),
        Some(actual) => Err(ContentError::malformed(format!(
            "This file is named as a {name} image but holds a {} image. Rename it to .{} and upload it again.",
            actual.name(),
            actual.extension()
        ))),
        None if looks_like_svg(bytes) => Err(ContentError::malformed(format!(
            "This file is named as a {name} image but holds an SVG drawing. Rename it to .svg and upload it again."
        ))),
        None => Err(ContentError::malformed(format!(
            "This file is not a {name} image (the {name} signature is missing). Export the image as {name} again."
        ))),
    }
}

fn looks_like_svg(bytes: &[u8]) -> bool {
    memchr::memmem::find(&bytes[..bytes.len().min(1024)], b"<svg").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::fixtures::{jpeg, png, webp_lossy};
    use crate::office::tests::package;
    use crate::test_zip::zip_of;

    fn check(
        source_type: SourceType,
        file_name: &str,
        bytes: &[u8],
    ) -> Result<Upload, ContentError> {
        validate(source_type, file_name, bytes.to_vec())
    }

    fn status(result: Result<Upload, ContentError>) -> u16 {
        result.map(|_| 200).unwrap_or_else(|e| e.status())
    }

    fn stored_type(result: Result<Upload, ContentError>) -> &'static str {
        match result.unwrap() {
            Upload::File { content_type, .. } => content_type,
            Upload::Site(_) => "site",
        }
    }

    #[test]
    fn debug_output_shows_sizes_not_bytes() {
        let upload = check(SourceType::Markdown, "a.md", b"# Title").unwrap();
        assert_eq!(
            format!("{upload:?}"),
            r#"File { len: 7, content_type: "text/markdown; charset=utf-8" }"#
        );
    }

    #[test]
    fn checks_the_extension_before_the_contents() {
        assert_eq!(
            status(check(SourceType::Pdf, "notes.md", b"not a pdf")),
            415
        );
        assert_eq!(
            status(check(SourceType::Pdf, "notes.pdf", b"not a pdf")),
            422
        );
    }

    #[test]
    fn refuses_files_over_50_mb_with_413() {
        let error = validate(
            SourceType::Markdown,
            "big.md",
            vec![b'a'; MAX_UPLOAD_BYTES + 1],
        )
        .unwrap_err();
        assert_eq!(error.status(), 413);
        assert!(error.message().contains("up to 50 MB"), "{error}");
    }

    #[test]
    fn refuses_empty_files() {
        for (source_type, name) in [
            (SourceType::Html, "a.html"),
            (SourceType::Image, "a.png"),
            (SourceType::Pdf, "a.pdf"),
        ] {
            assert_eq!(status(check(source_type, name, b"")), 422, "{name}");
        }
    }

    #[test]
    fn accepts_html_in_utf8_with_or_without_a_bom() {
        assert_eq!(
            stored_type(check(SourceType::Html, "a.html", b"<h1>Hi</h1>")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            status(check(
                SourceType::Html,
                "a.HTM",
                b"\xEF\xBB\xBF<p>caf\xC3\xA9</p>"
            )),
            200
        );
    }

    #[test]
    fn refuses_html_that_is_not_utf8() {
        let error = check(SourceType::Html, "a.html", b"<p>caf\xE9</p>").unwrap_err();
        assert!(
            error
                .message()
                .contains("not valid UTF-8 text (bad byte at position 6)"),
            "{error}"
        );
        let error = check(SourceType::Html, "a.html", b"\xFF\xFE<\0p\0>\0").unwrap_err();
        assert!(error.message().contains("UTF-16"), "{error}");
    }

    #[test]
    fn accepts_markdown_and_react_text_and_refuses_blank_or_binary_ones() {
        assert_eq!(
            stored_type(check(SourceType::Markdown, "a.md", b"# Notes")),
            "text/markdown; charset=utf-8"
        );
        let app = b"export default function App() { return <p/>; }";
        assert_eq!(
            stored_type(check(SourceType::ReactSingleFile, "App.jsx", app)),
            "text/plain; charset=utf-8"
        );
        assert_eq!(
            status(check(SourceType::ReactSingleFile, "App.js", app)),
            200
        );
        assert_eq!(status(check(SourceType::Markdown, "a.md", b" \n\t\n")), 422);
        assert_eq!(
            status(check(
                SourceType::ReactSingleFile,
                "App.tsx",
                b"\x89PNG\r\n\x1a\n\xff"
            )),
            422
        );
    }

    #[test]
    fn accepts_a_pdf_with_header_and_end_marker() {
        assert_eq!(
            stored_type(check(
                SourceType::Pdf,
                "a.pdf",
                b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n"
            )),
            "application/pdf"
        );
        let mut late_header = vec![b' '; 1000];
        late_header.extend_from_slice(b"%PDF-1.4\n%%EOF");
        assert_eq!(status(check(SourceType::Pdf, "a.pdf", &late_header)), 200);
    }

    #[test]
    fn refuses_a_pdf_without_header_or_truncated() {
        let mut too_late = vec![b' '; 1100];
        too_late.extend_from_slice(b"%PDF-1.4\n%%EOF");
        assert!(check(SourceType::Pdf, "a.pdf", &too_late)
            .unwrap_err()
            .message()
            .contains("no %PDF- header"));
        let mut cut = b"%PDF-1.7\n%%EOF".to_vec();
        cut.extend_from_slice(&[b'x'; 2000]);
        assert!(check(SourceType::Pdf, "a.pdf", &cut)
            .unwrap_err()
            .message()
            .contains("%%EOF"));
    }

    #[test]
    fn accepts_each_image_format_under_its_extension() {
        assert_eq!(
            stored_type(check(SourceType::Image, "a.png", &png(2, 2))),
            "image/png"
        );
        assert_eq!(
            stored_type(check(SourceType::Image, "a.jpg", &jpeg(2, 2))),
            "image/jpeg"
        );
        assert_eq!(
            stored_type(check(SourceType::Image, "a.JPEG", &jpeg(2, 2))),
            "image/jpeg"
        );
        assert_eq!(
            stored_type(check(SourceType::Image, "a.webp", &webp_lossy(2, 2))),
            "image/webp"
        );
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"/>"#;
        assert_eq!(
            stored_type(check(SourceType::Image, "a.svg", svg)),
            "image/svg+xml; charset=utf-8"
        );
    }

    #[test]
    fn refuses_an_image_whose_signature_is_another_format() {
        let error = check(SourceType::Image, "photo.png", &jpeg(2, 2)).unwrap_err();
        assert!(
            error
                .message()
                .contains("holds a JPEG image. Rename it to .jpg"),
            "{error}"
        );
        let error = check(SourceType::Image, "a.webp", b"GIF89a\x01\0\x01\0").unwrap_err();
        assert!(error.message().contains("GIF"), "{error}");
        let error = check(SourceType::Image, "a.png", b"<svg xmlns='x'/>").unwrap_err();
        assert!(error.message().contains("Rename it to .svg"), "{error}");
    }

    #[test]
    fn refuses_damaged_or_fake_images() {
        assert!(check(SourceType::Image, "a.png", &png(2, 2)[..16])
            .unwrap_err()
            .message()
            .contains("damaged"));
        assert_eq!(
            status(check(SourceType::Image, "a.jpg", b"JFIF but no marker")),
            422
        );
        assert_eq!(
            status(check(SourceType::Image, "a.webp", b"RIFF\0\0\0\0WEBPJUNK")),
            422
        );
        assert_eq!(
            status(check(SourceType::Image, "a.svg", b"<!DOCTYPE svg><svg/>")),
            422
        );
        assert_eq!(status(check(SourceType::Image, "a.svg", b"<svg>")), 422);
    }

    #[test]
    fn accepts_office_packages_and_refuses_others() {
        let deck = package(OfficeKind::PowerPoint, &[]);
        assert_eq!(
            stored_type(check(SourceType::Pptx, "deck.pptx", &deck)),
            "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        );
        assert_eq!(
            status(check(
                SourceType::Docx,
                "a.docx",
                &package(OfficeKind::Word, &[])
            )),
            200
        );
        assert_eq!(
            status(check(
                SourceType::Xlsx,
                "a.xlsx",
                &package(OfficeKind::Excel, &[])
            )),
            200
        );
        assert_eq!(status(check(SourceType::Docx, "a.docx", &deck)), 422);
        assert_eq!(
            status(check(SourceType::Xlsx, "a.xlsx", b"a,b,c\n1,2,3\n")),
            422
        );
    }

    #[test]
    fn returns_a_site_for_a_zip_and_refuses_a_zip_without_home_page() {
        let site = zip_of(&[("index.html", b"<h1>Hi</h1>")]);
        match check(SourceType::Html, "site.zip", &site).unwrap() {
            Upload::Site(archive) => {
                assert_eq!(archive.paths().collect::<Vec<_>>(), ["index.html"])
            }
            Upload::File { .. } => panic!("a zip is a site"),
        }
        assert_eq!(
            status(check(
                SourceType::Html,
                "site.zip",
                &zip_of(&[("a.css", b"p{}")])
            )),
            422
        );
        assert_eq!(
            status(check(SourceType::Html, "site.ZIP", b"<h1>not a zip</h1>")),
            422
        );
    }
}
