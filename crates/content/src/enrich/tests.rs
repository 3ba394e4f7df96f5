//! End-to-end enrichment: one upload of each format in, one `Enrichment` out.

use super::*;
use crate::image::fixtures::{jpeg, png, webp_lossy};
use crate::office::tests::package;
use crate::test_zip::zip_of;

fn enrich(source_type: SourceType, file_name: &str, bytes: &[u8]) -> Enrichment {
    extract_enrichment(source_type, file_name, bytes).expect("something usable")
}

#[test]
fn html_page_gives_meta_description_keywords_and_site_category() {
    let page = br#"<html><head><title>Rocket Launch</title>
        <meta name="description" content="Everything about our launch.">
        <meta name="keywords" content="Rockets, Launch, rockets"></head>
        <body><h1>Liftoff</h1><p>This paragraph is long enough to be a description.</p></body></html>"#;
    let enrichment = enrich(SourceType::Html, "index.html", page);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Everything about our launch.")
    );
    assert_eq!(enrichment.tags, ["rockets", "launch"]);
    assert_eq!(enrichment.category.as_deref(), Some("site"));
    assert_eq!(enrichment.icon.as_deref(), Some("🌐"));
}

#[test]
fn html_page_without_meta_uses_its_first_paragraph_and_heading_words() {
    let page = b"<h1>Quarterly Pricing Review</h1><p>We compare plans across three regions and two years.</p>";
    let enrichment = enrich(SourceType::Html, "a.htm", page);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("We compare plans across three regions and two years.")
    );
    assert_eq!(enrichment.tags, ["quarterly", "pricing", "review"]);
}

#[test]
fn zipped_site_is_read_from_its_index_html_even_in_a_top_folder() {
    let bytes = zip_of(&[
        ("site/about/index.html", b"<title>Not the home page</title>"),
        ("site/index.html", b"<title>Home page title</title>"),
    ]);
    let enrichment = enrich(SourceType::Html, "site.zip", &bytes);
    assert_eq!(enrichment.description.as_deref(), Some("Home page title"));
    assert!(
        enrichment.tags.is_empty(),
        "'home', 'page' and 'title' are stopwords"
    );
}

#[test]
fn markdown_gives_its_first_paragraph_and_heading_tags() {
    let doc = b"# Onboarding Checklist\n\nEverything a new engineer needs in the first week.\n\n## Accounts\n";
    let enrichment = enrich(SourceType::Markdown, "README.md", doc);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Everything a new engineer needs in the first week.")
    );
    assert_eq!(enrichment.tags, ["onboarding", "checklist", "accounts"]);
    assert_eq!(enrichment.category.as_deref(), Some("document"));
}

#[test]
fn react_component_gives_its_doc_comment_and_packages() {
    let source = b"/** Animated pricing table for the landing page. */\nimport { motion } from 'framer-motion';\nexport default function PricingTable() { return null }\n";
    let enrichment = enrich(SourceType::ReactSingleFile, "Pricing.jsx", source);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Animated pricing table for the landing page. · uses framer-motion")
    );
    assert_eq!(enrichment.tags, ["pricing", "table", "framer-motion"]);
    assert_eq!(enrichment.category.as_deref(), Some("component"));
    assert_eq!(enrichment.icon.as_deref(), Some("🧩"));
}

#[test]
fn pdf_gives_info_title_keywords_and_pages() {
    let bytes = super::pdf::tests::pdf(
        "/Title (Annual Report) /Keywords (Finance; 2024; Annual)",
        12,
    );
    let enrichment = enrich(SourceType::Pdf, "report.pdf", &bytes);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Annual Report · 12 pages")
    );
    assert_eq!(enrichment.tags, ["finance", "annual"]);
    assert_eq!(enrichment.category.as_deref(), Some("pdf"));
}

#[test]
fn pptx_gives_core_description_slide_count_and_deck_category() {
    let core = br#"<cp:coreProperties xmlns:cp="cp" xmlns:dc="dc"><dc:title>PowerPoint Presentation</dc:title><dc:description>Where we go in Q3.</dc:description><cp:keywords>roadmap, q3</cp:keywords></cp:coreProperties>"#;
    let slide =
        br#"<p:sld xmlns:a="a" xmlns:p="p"><a:p><a:r><a:t>Q3 Roadmap</a:t></a:r></a:p></p:sld>"#;
    let bytes = package(
        OfficeKind::PowerPoint,
        &[
            ("docProps/core.xml", core),
            ("ppt/slides/slide1.xml", slide),
        ],
    );
    let enrichment = enrich(SourceType::Pptx, "deck.pptx", &bytes);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Where we go in Q3. · 1 slide")
    );
    assert_eq!(enrichment.tags, ["roadmap", "q3"]);
    assert_eq!(enrichment.category.as_deref(), Some("deck"));
}

#[test]
fn docx_without_properties_uses_its_opening_text() {
    let document = br#"<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Hiring Plan</w:t></w:r></w:p><w:p><w:r><w:t>We will hire four engineers before the summer.</w:t></w:r></w:p></w:body></w:document>"#;
    let bytes = zip_of(&[
        (
            "[Content_Types].xml",
            crate::office::tests::CONTENT_TYPES_XML,
        ),
        ("word/document.xml", document),
    ]);
    let enrichment = enrich(SourceType::Docx, "plan.docx", &bytes);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("We will hire four engineers before the summer.")
    );
    assert_eq!(enrichment.tags, ["hiring", "plan"]);
    assert_eq!(enrichment.category.as_deref(), Some("document"));
}

#[test]
fn xlsx_gives_its_sheets() {
    let workbook =
        br#"<workbook><sheets><sheet name="Budget"/><sheet name="Forecast"/></sheets></workbook>"#;
    let bytes = package(OfficeKind::Excel, &[]);
    assert!(
        extract_enrichment(SourceType::Xlsx, "a.xlsx", &bytes).is_none(),
        "an empty workbook says nothing"
    );
    let bytes = zip_of(&[
        (
            "[Content_Types].xml",
            crate::office::tests::CONTENT_TYPES_XML,
        ),
        ("xl/workbook.xml", workbook),
    ]);
    let enrichment = enrich(SourceType::Xlsx, "a.xlsx", &bytes);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Spreadsheet · 2 sheets: Budget, Forecast")
    );
    assert_eq!(enrichment.category.as_deref(), Some("spreadsheet"));
}

#[test]
fn raster_images_give_their_dimensions() {
    let cases = [
        ("a.png", png(1200, 630), "PNG image · 1200 × 630 px"),
        ("a.jpg", jpeg(640, 480), "JPEG image · 640 × 480 px"),
        ("a.webp", webp_lossy(320, 200), "WebP image · 320 × 200 px"),
    ];
    for (name, bytes, description) in cases {
        let enrichment = enrich(SourceType::Image, name, &bytes);
        assert_eq!(enrichment.description.as_deref(), Some(description));
        assert_eq!(enrichment.category.as_deref(), Some("image"));
        assert!(enrichment.tags.is_empty());
    }
}

#[test]
fn svg_gives_its_title_and_size() {
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><title>Company Logo</title></svg>"#;
    let enrichment = enrich(SourceType::Image, "logo.svg", svg);
    assert_eq!(
        enrichment.description.as_deref(),
        Some("Company Logo · 64 × 32")
    );
    assert_eq!(enrichment.tags, ["company", "logo"]);
}

#[test]
fn long_descriptions_are_clipped_to_280_characters() {
    let page = format!(
        "<meta name=description content=\"{}\">",
        "lorem ipsum ".repeat(60)
    );
    let description = enrich(SourceType::Html, "a.html", page.as_bytes())
        .description
        .unwrap();
    assert!(
        description.chars().count() <= 280 && description.ends_with('…'),
        "{description}"
    );
}

#[test]
fn returns_none_when_nothing_usable_is_found() {
    assert_eq!(
        extract_enrichment(
            SourceType::Html,
            "a.html",
            b"<div id=root></div><script src=app.js></script>"
        ),
        None
    );
    assert_eq!(
        extract_enrichment(SourceType::Markdown, "a.md", b"- just\n- a list\n"),
        None
    );
    assert_eq!(
        extract_enrichment(SourceType::Pdf, "a.pdf", b"%PDF-1.7\n%%EOF"),
        None
    );
    assert_eq!(
        extract_enrichment(SourceType::Image, "a.png", b"not a png"),
        None
    );
    assert_eq!(
        extract_enrichment(SourceType::Html, "a.pdf", b"<title>wrong extension</title>"),
        None
    );
}

#[test]
fn never_panics_on_garbage_of_any_type() {
    let garbage: Vec<Vec<u8>> = vec![
        Vec::new(),
        vec![0xFF; 64],
        b"PK\x03\x04garbage".to_vec(),
        b"<svg".to_vec(),
        b"%PDF-(((((".to_vec(),
        zip_of(&[("index.html", b"\xFF\xFE<<<<")]),
        png(0, 0),
    ];
    for source_type in SourceType::ALL {
        for ext in source_type.extensions() {
            for bytes in &garbage {
                let _ = extract_enrichment(*source_type, &format!("file.{ext}"), bytes);
                for cut in [1, 7, 33] {
                    let _ = extract_enrichment(
                        *source_type,
                        &format!("file.{ext}"),
                        &bytes[..bytes.len().min(cut)],
                    );
                }
            }
        }
    }
}

#[test]
fn a_page_in_an_older_encoding_gives_no_garbled_summary() {
    let sjis = b"<meta charset=shift_jis><title>\x82\xE6\x82\xA4\x82\xB1\x82\xBB</title><p>\x95\\\x8E\xA6</p>";
    assert!(extract_enrichment(SourceType::Html, "a.html", sjis).is_none());
}
