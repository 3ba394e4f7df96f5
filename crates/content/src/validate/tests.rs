use super::*;
use crate::image::fixtures::{jpeg, png, webp_lossy};
use crate::office::tests::package;
use crate::test_zip::zip_of;

fn check(source_type: SourceType, file_name: &str, bytes: &[u8]) -> Result<Upload, ContentError> {
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

fn stored_text(result: Result<Upload, ContentError>) -> String {
    match result.unwrap() {
        Upload::File { bytes, .. } => String::from_utf8(bytes).unwrap(),
        Upload::Site(_) => panic!("a site"),
    }
}

#[test]
fn stores_windows_1252_and_utf16_pages_as_utf8() {
    // Notepad's "ANSI" on a Western Windows: é, curly quotes and the euro sign.
    assert_eq!(
        stored_text(check(
            SourceType::Html,
            "a.html",
            b"<p>caf\xE9 \x93ok\x94 \x80</p>"
        )),
        "<p>caf\u{e9} \u{201c}ok\u{201d} \u{20ac}</p>"
    );
    let page = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"><p>\xC0</p>";
    assert!(stored_text(check(SourceType::Html, "a.htm", page)).ends_with("<p>\u{c0}</p>"));
    assert_eq!(
        stored_text(check(SourceType::Markdown, "a.md", b"# Caf\xE9")),
        "# Caf\u{e9}"
    );
    // Notepad's "Unicode": UTF-16 with its byte order mark, either way round.
    assert_eq!(
        stored_text(check(
            SourceType::Html,
            "a.html",
            b"\xFF\xFE<\0p\0>\0\xE9\0"
        )),
        "<p>\u{e9}"
    );
    assert_eq!(
        stored_text(check(SourceType::Html, "a.html", b"\xFE\xFF\0<\0p\0>")),
        "<p>"
    );
}

#[test]
fn keeps_a_page_in_the_east_asian_or_cyrillic_encoding_it_declares_as_it_is() {
    for page in [
        b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"><p>\x82\xA0</p>".as_slice(),
        b"<meta charset=gbk><h1>\xBB\xB6\xD3\xAD</h1>",
        b"<meta charset=koi8-r><p>\xE9</p>",
    ] {
        match check(SourceType::Html, "a.html", page).unwrap() {
            Upload::File { bytes, .. } => assert_eq!(bytes, page, "stored as uploaded"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn refuses_html_in_another_encoding_or_binary() {
    for bytes in [
        b"<p>\x82\xA0 no charset declared</p>".as_slice(),
        b"<meta charset=\"shift_jis\"><p>\0\x82\xA0</p>",
        b"<p>\0\xE9</p>",
        b"\xFF\xFE<\0p",
    ] {
        let error = check(SourceType::Html, "a.html", bytes).unwrap_err();
        assert!(
            error.message().contains("UTF-8") || error.message().contains("UTF-16"),
            "{error}"
        );
    }
    let error = check(
        SourceType::Html,
        "a.html",
        // Japanese in Shift_JIS ("こんにちは。"), which windows-1252 would turn into mojibake.
        b"<p>\x82\xB1\x82\xF1\x82\xC9\x82\xBF\x82\xCD\x81\x42</p>",
    )
    .unwrap_err();
    assert!(
        error.message().contains(
            "declare its encoding at the top of the page instead, as <meta charset=\"shift_jis\">"
        ),
        "{error}"
    );
    let error = check(
        SourceType::Html,
        "a.html",
        b"<meta charset=x-mac-ukrainian><p>\xE9</p>",
    )
    .unwrap_err();
    assert!(
        error
            .message()
            .contains("not valid UTF-8 text (bad byte at position"),
        "{error}"
    );
    // A component is code: no guessing.
    assert_eq!(
        status(check(SourceType::ReactSingleFile, "a.jsx", b"// caf\xE9")),
        422
    );
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
fn takes_an_image_named_as_another_format_and_serves_it_as_what_it_is() {
    assert_eq!(
        stored_type(check(SourceType::Image, "photo.png", &jpeg(2, 2))),
        "image/jpeg"
    );
    assert_eq!(
        stored_type(check(SourceType::Image, "Gemini_Image.jpg", &png(2, 2))),
        "image/png"
    );
    assert!(check(SourceType::Image, "a.webp", &png(2, 2)[..16])
        .unwrap_err()
        .message()
        .contains("The PNG image is damaged"));
}

#[test]
fn refuses_an_image_whose_signature_is_not_a_format_plug_takes() {
    let error = check(SourceType::Image, "a.webp", b"GIF89a\x01\0\x01\0").unwrap_err();
    assert!(error.message().contains("GIF"), "{error}");
    let error = check(SourceType::Image, "a.png", b"<svg xmlns='x'/>").unwrap_err();
    assert!(error.message().contains("Rename it to .svg"), "{error}");
    // An iPhone photo renamed to .jpg says what it is and how to convert it.
    let heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic\0\0\0\0rest of the photo";
    let error = check(SourceType::Image, "IMG_0412.jpg", heic).unwrap_err();
    assert!(error.message().contains("holds a HEIC photo"), "{error}");
    assert!(error.message().contains("Convert it to JPEG"), "{error}");
    assert_eq!(error.status(), 422);
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
        status(check(
            SourceType::Image,
            "a.svg",
            b"<!DOCTYPE svg [<!ENTITY a SYSTEM \"file:///etc/passwd\">]><svg>&a;</svg>"
        )),
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

#[test]
fn names_what_a_pdf_or_picture_of_other_bytes_holds() {
    let page = check(
        SourceType::Pdf,
        "report.pdf",
        b"<!DOCTYPE html><title>Report</title>",
    );
    assert!(page
        .unwrap_err()
        .message()
        .contains("holds a web page (HTML), not a PDF"));
    let pdf = check(SourceType::Image, "scan.png", b"%PDF-1.7\n%%EOF\n");
    assert!(pdf.unwrap_err().message().contains("holds a PDF"));
}

#[test]
fn refuses_a_picture_cut_before_its_data() {
    let png = crate::image::fixtures::png(3, 3);
    let error = check(SourceType::Image, "a.png", &png[..33]).unwrap_err();
    assert_eq!(error.status(), 422);
    assert!(
        error
            .message()
            .contains("ends before any of its picture data"),
        "{error}"
    );
}

#[test]
fn refuses_a_component_saved_as_html_and_keeps_pages_that_mention_react() {
    let app = b"import { useState } from \"react\";\nexport default function App() {\n  return <p>Hi</p>;\n}\n";
    let error = check(SourceType::Html, "index.html", app).unwrap_err();
    assert!(
        error
            .message()
            .contains("named .html but holds a React component"),
        "{error}"
    );
    for page in [
        &b"<!doctype html><script type=\"module\">import React from 'react';</script>"[..],
        b"Import notes: from 'react' docs",
    ] {
        assert!(check(SourceType::Html, "index.html", page).is_ok());
    }
}

#[test]
fn names_what_a_zip_of_other_bytes_holds() {
    let refusal = |bytes: &[u8]| {
        check(SourceType::Html, "site.zip", bytes)
            .unwrap_err()
            .message()
            .to_string()
    };
    let page = refusal(b"<!DOCTYPE html><title>Home</title><h1>Hi</h1>");
    assert!(
        page.starts_with("This file is named .zip but holds a web page (HTML), not a zip archive.")
            && page.contains("single page named .html"),
        "{page}"
    );
    let gzip = refusal(b"\x1F\x8B\x08\0\0\0\0\0\0\x03site");
    assert!(
        gzip.contains("holds a gzip-compressed file (.gz or .tar.gz), not a zip archive")
            && gzip.contains("only as .zip"),
        "{gzip}"
    );
    assert!(refusal(b"%PDF-1.7\n%%EOF\n").contains("holds a PDF, not a zip archive"));
    // A zip behind a stub of text (a self-extracting archive's) is still a zip.
    let mut stubbed = vec![b'M'; 5000];
    stubbed.extend(zip_of(&[("index.html", b"<h1>Hi</h1>")]));
    assert!(check(SourceType::Html, "site.zip", &stubbed).is_ok());
    // Cut before its directory: said in words, not as the zip reader's "Could not find EOCD".
    let site = zip_of(&[("index.html", b"<h1>Hi</h1>")]);
    let cut = refusal(&site[..site.len() - 30]);
    assert!(
        cut.contains("ends before the list of its files") && !cut.contains("EOCD"),
        "{cut}"
    );
}

#[test]
fn stores_a_utf16_component_as_utf8() {
    let mut le = b"\xFF\xFE".to_vec();
    le.extend(
        "export default () => <p>Grüße</p>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    assert_eq!(
        stored_text(check(SourceType::ReactSingleFile, "App.jsx", &le)),
        "export default () => <p>Grüße</p>"
    );
    let mut be = b"\xFE\xFF".to_vec();
    be.extend("const a = 1".encode_utf16().flat_map(u16::to_be_bytes));
    assert_eq!(
        stored_text(check(SourceType::ReactSingleFile, "a.tsx", &be)),
        "const a = 1"
    );
}

#[test]
fn stores_utf16_without_a_byte_order_mark_as_utf8_and_refuses_other_zeros() {
    let page: Vec<u8> = "<!doctype html><h1>Grüße</h1>"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(
        stored_text(check(SourceType::Html, "a.html", &page)),
        "<!doctype html><h1>Grüße</h1>"
    );
    let notes: Vec<u8> = "# Notes\n"
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    assert_eq!(
        stored_text(check(SourceType::Markdown, "a.md", &notes)),
        "# Notes\n"
    );
    let error = check(SourceType::Markdown, "a.md", b"# Notes\n\0\0\x01\x02binary").unwrap_err();
    assert!(
        error
            .message()
            .contains("not text: it holds a zero byte at position 8"),
        "{error}"
    );
}

#[test]
fn refuses_a_projects_index_html_alone_and_keeps_pages_loading_scripts() {
    // Google AI Studio's app: an import map, then its TypeScript entry by path.
    let studio = b"<!DOCTYPE html><html><head><script src=\"https://cdn.tailwindcss.com\"></script>\
<script type=\"importmap\">{\"imports\": {\"react\": \"https://aistudiocdn.com/react@^19.2.0\"}}</script>\
</head><body><div id=\"root\"></div><script type=\"module\" src=\"/index.tsx\"></script></body></html>";
    let error = check(SourceType::Html, "index.html", studio).unwrap_err();
    assert_eq!(error.status(), 422);
    assert!(error.message().contains("loads 'index.tsx'"), "{error}");
    for page in [
        &b"<script type=\"module\" src=\"./main.js\"></script>"[..],
        b"<script src=\"https://example.com/app.tsx\"></script>",
        b"<p>Run <code>&lt;script src=\"main.tsx\"&gt;</code> in dev</p>",
    ] {
        assert!(check(SourceType::Html, "index.html", page).is_ok());
    }
}
