//! Reads what an Office package says about itself: docProps/core.xml (title,
//! subject, description, keywords), its size (slides, pages, sheets) and its opening text.

use std::io::{BufReader, Cursor, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use zip::ZipArchive;

use crate::archive::Zip;
use crate::office::{find_part, OfficeKind};

#[derive(Debug, Default, PartialEq)]
pub(crate) struct OfficeFacts {
    pub(crate) title: Option<String>,
    pub(crate) subject: Option<String>,
    pub(crate) description: Option<String>,
    pub(crate) keywords: Option<String>,
    /// The opening paragraphs: of the document body, or of the first slide.
    pub(crate) paragraphs: Vec<String>,
    /// "12 slides", "3 pages", "2 sheets: Budget, Notes".
    pub(crate) size: Option<String>,
}

/// Parts are read through this cap: enough for metadata and opening text.
const PART_CAP: u64 = 4 * 1024 * 1024;
const PARAGRAPHS_MAX: usize = 12;
const SHEET_NAMES_MAX: usize = 5;

pub(crate) fn scan(bytes: &[u8], kind: OfficeKind) -> Option<OfficeFacts> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).ok()?;
    let mut facts = OfficeFacts::default();
    read_core_properties(&mut zip, &mut facts);
    match kind {
        OfficeKind::Word => {
            facts.paragraphs = paragraphs(&mut zip, "word/document.xml");
            facts.size = app_property(&mut zip, "Pages").map(|n| plural(n, "page"));
        }
        OfficeKind::PowerPoint => {
            facts.paragraphs = paragraphs(&mut zip, "ppt/slides/slide1.xml");
            let slides = zip
                .file_names()
                .filter(|n| n.as_deref().is_ok_and(is_slide))
                .count();
            facts.size = (slides > 0).then(|| plural(slides, "slide"));
        }
        OfficeKind::Excel => facts.size = sheets(&mut zip),
    }
    Some(facts)
}

fn is_slide(name: &str) -> bool {
    name.strip_prefix("ppt/slides/slide")
        .and_then(|rest| rest.strip_suffix(".xml"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

fn read_core_properties(zip: &mut Zip<&[u8]>, facts: &mut OfficeFacts) {
    let mut element = String::new();
    let mut text = String::new();
    walk_part(zip, "docProps/core.xml", |event| {
        match event {
            XmlEvent::Start(name, _) => {
                element = name;
                text.clear();
            }
            XmlEvent::Text(chunk) => text.push_str(&chunk),
            XmlEvent::End(_) => {
                let slot = match element.as_str() {
                    "title" => &mut facts.title,
                    "subject" => &mut facts.subject,
                    "description" => &mut facts.description,
                    "keywords" => &mut facts.keywords,
                    _ => return true,
                };
                if slot.is_none() && !text.trim().is_empty() {
                    *slot = Some(text.trim().to_string());
                }
                element.clear();
            }
            XmlEvent::Empty(_, _) => {}
        }
        true
    });
}

/// A number from docProps/app.xml (`Pages`, `Slides`).
fn app_property(zip: &mut Zip<&[u8]>, name: &str) -> Option<usize> {
    let mut inside = false;
    let mut value = None;
    walk_part(zip, "docProps/app.xml", |event| {
        match event {
            XmlEvent::Start(element, _) => inside = element == name,
            XmlEvent::Text(text) if inside => value = text.trim().parse().ok(),
            XmlEvent::End(_) => inside = false,
            _ => {}
        }
        value.is_none()
    });
    value.filter(|&n| n > 0)
}

/// "3 sheets: Budget, Forecast, Notes" from xl/workbook.xml.
fn sheets(zip: &mut Zip<&[u8]>) -> Option<String> {
    let mut names = Vec::new();
    walk_part(zip, "xl/workbook.xml", |event| {
        if let XmlEvent::Empty(element, attributes) | XmlEvent::Start(element, attributes) = event {
            if element == "sheet" {
                names.push(
                    attributes
                        .into_iter()
                        .find(|(k, _)| k == "name")
                        .map(|(_, v)| v)
                        .unwrap_or_default(),
                );
            }
        }
        true
    });
    if names.is_empty() {
        return None;
    }
    let shown: Vec<&str> = names
        .iter()
        .take(SHEET_NAMES_MAX)
        .map(String::as_str)
        .filter(|n| !n.is_empty())
        .collect();
    let more = if names.len() > shown.len() {
        ", …"
    } else {
        ""
    };
    Some(format!(
        "{}: {}{more}",
        plural(names.len(), "sheet"),
        shown.join(", ")
    ))
}

/// The text of the first paragraphs (`w:p` / `a:p`, text in `w:t` / `a:t`).
fn paragraphs(zip: &mut Zip<&[u8]>, part: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current = String::new();
    let mut in_text = false;
    walk_part(zip, part, |event| {
        match event {
            XmlEvent::Start(name, _) => in_text = name == "t",
            XmlEvent::Empty(name, _) if name == "tab" || name == "br" => current.push(' '),
            XmlEvent::Text(text) if in_text => current.push_str(&text),
            XmlEvent::End(name) if name == "p" => {
                let text = super::text::squash(&current);
                if !text.is_empty() {
                    found.push(text);
                }
                current.clear();
            }
            XmlEvent::End(_) => in_text = false,
            _ => {}
        }
        found.len() < PARAGRAPHS_MAX
    });
    found
}

/// The few XML events the readers above need, with names reduced to their
/// local part and text already decoded.
/// Attributes are only decoded for the elements whose attributes are read
/// (`sheet`), not for every run of a long document.
enum XmlEvent {
    Start(String, Vec<(String, String)>),
    Empty(String, Vec<(String, String)>),
    Text(String),
    End(String),
}

/// Streams `part` (found case-insensitively, read through [`PART_CAP`]) to
/// `visit` until it returns false, the part ends, or the XML breaks.
fn walk_part(zip: &mut Zip<&[u8]>, part: &str, mut visit: impl FnMut(XmlEvent) -> bool) {
    let Some(index) = find_part(zip, part) else {
        return;
    };
    let Ok(entry) = zip.by_index(index) else {
        return;
    };
    let mut reader = Reader::from_reader(BufReader::new(entry.take(PART_CAP)));
    let mut buffer = Vec::new();
    loop {
        let event = match reader.read_event_into(&mut buffer) {
            Ok(Event::Eof) | Err(_) => return,
            Ok(event) => translate(event),
        };
        if let Some(event) = event {
            if !visit(event) {
                return;
            }
        }
        buffer.clear();
    }
}

fn translate(event: Event<'_>) -> Option<XmlEvent> {
    Some(match event {
        Event::Start(tag) => {
            let (name, attributes) = element(&tag);
            XmlEvent::Start(name, attributes)
        }
        Event::Empty(tag) => {
            let (name, attributes) = element(&tag);
            XmlEvent::Empty(name, attributes)
        }
        Event::End(tag) => XmlEvent::End(tag.local_name().as_ref().to_string()),
        Event::Text(text) => XmlEvent::Text(text.xml10_content().into_owned()),
        Event::CData(data) => XmlEvent::Text(data.xml10_content().into_owned()),
        Event::GeneralRef(reference) => {
            XmlEvent::Text(resolve(&reference.xml10_content())?.to_string())
        }
        _ => return None,
    })
}

fn element(tag: &BytesStart<'_>) -> (String, Vec<(String, String)>) {
    let name = tag.local_name().as_ref().to_string();
    let attributes = if name == "sheet" {
        attributes(tag)
    } else {
        Vec::new()
    };
    (name, attributes)
}

fn attributes(tag: &BytesStart<'_>) -> Vec<(String, String)> {
    tag.attributes()
        .flatten()
        .filter_map(|a| {
            let value = a.normalized_value(XmlVersion::Implicit1_0).ok()?;
            Some((a.key.local_name().as_ref().to_string(), value.into_owned()))
        })
        .collect()
}

/// A character or predefined entity reference; unknown names give nothing.
fn resolve(reference: &str) -> Option<char> {
    let decoded = super::text::decode_entities(&format!("&{reference};"));
    let mut chars = decoded.chars();
    chars.next().filter(|_| chars.next().is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::office::tests::package;

    const CORE: &[u8] = br#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <dc:title>Q3 Roadmap</dc:title><dc:subject>Where we go next</dc:subject>
  <dc:description>Plans &amp; bets for Q3.</dc:description><cp:keywords>roadmap, planning</cp:keywords>
  <dc:creator>Ada</dc:creator>
</cp:coreProperties>"#;

    #[test]
    fn reads_core_properties() {
        let bytes = package(OfficeKind::Word, &[("docProps/core.xml", CORE)]);
        let facts = scan(&bytes, OfficeKind::Word).unwrap();
        assert_eq!(facts.title.as_deref(), Some("Q3 Roadmap"));
        assert_eq!(facts.subject.as_deref(), Some("Where we go next"));
        assert_eq!(facts.description.as_deref(), Some("Plans & bets for Q3."));
        assert_eq!(facts.keywords.as_deref(), Some("roadmap, planning"));
    }

    #[test]
    fn reads_word_paragraphs_and_page_count() {
        let document = br#"<w:document xmlns:w="w"><w:body>
            <w:p><w:r><w:t>Annual</w:t></w:r><w:r><w:t xml:space="preserve"> report</w:t></w:r></w:p>
            <w:p/><w:p><w:r><w:t>Revenue</w:t><w:tab/><w:t>grew &amp; grew.</w:t></w:r></w:p>
        </w:body></w:document>"#;
        let app = b"<Properties><Pages>3</Pages><Words>120</Words></Properties>";
        let mut entries: Vec<(&str, &[u8])> = vec![("docProps/app.xml", app)];
        entries.push((
            "[Content_Types].xml",
            crate::office::tests::CONTENT_TYPES_XML,
        ));
        entries.push(("word/document.xml", document));
        let bytes = crate::test_zip::zip_of(&entries);
        let facts = scan(&bytes, OfficeKind::Word).unwrap();
        assert_eq!(facts.paragraphs, ["Annual report", "Revenue grew & grew."]);
        assert_eq!(facts.size.as_deref(), Some("3 pages"));
    }

    #[test]
    fn counts_slides_and_reads_the_first_one() {
        let slide = br#"<p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree>
            <p:sp><p:txBody><a:p><a:r><a:t>Launch</a:t></a:r></a:p></p:txBody></p:sp>
            <p:sp><p:txBody><a:p><a:r><a:t>Everything we ship this quarter</a:t></a:r></a:p></p:txBody></p:sp>
        </p:spTree></p:cSld></p:sld>"#;
        let extra: Vec<(&str, &[u8])> = vec![
            ("ppt/slides/slide1.xml", slide),
            ("ppt/slides/slide2.xml", b"<x/>"),
            ("ppt/slides/_rels/slide1.xml.rels", b"<x/>"),
        ];
        let bytes = package(OfficeKind::PowerPoint, &extra);
        let facts = scan(&bytes, OfficeKind::PowerPoint).unwrap();
        assert_eq!(
            facts.paragraphs,
            ["Launch", "Everything we ship this quarter"]
        );
        assert_eq!(facts.size.as_deref(), Some("2 slides"));
    }

    #[test]
    fn names_the_sheets_of_a_workbook() {
        let workbook = br#"<workbook xmlns:r="r"><sheets><sheet name="Budget" sheetId="1" r:id="rId1"/><sheet name="Q&amp;A" sheetId="2" r:id="rId2"/></sheets></workbook>"#;
        let bytes = crate::test_zip::zip_of(&[
            (
                "[Content_Types].xml",
                crate::office::tests::CONTENT_TYPES_XML,
            ),
            ("xl/workbook.xml", workbook),
        ]);
        let facts = scan(&bytes, OfficeKind::Excel).unwrap();
        assert_eq!(facts.size.as_deref(), Some("2 sheets: Budget, Q&A"));
    }

    #[test]
    fn tolerates_missing_and_broken_parts() {
        let bytes = package(
            OfficeKind::Word,
            &[("docProps/core.xml", b"<cp:coreProperties><dc:title>Half")],
        );
        let facts = scan(&bytes, OfficeKind::Word).unwrap();
        assert_eq!(facts.title, None);
        assert!(facts.paragraphs.is_empty());
        assert_eq!(scan(b"not a zip", OfficeKind::Excel), None);
    }
}
