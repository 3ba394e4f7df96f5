//! Enrichment hints read from the content itself (description, icon, category,
//! tags), run in the background after upload: best effort, never panics.

mod html;
mod markdown;
mod number;
mod office;
mod pdf;
mod react;
mod text;

use std::borrow::Cow;
use std::io::{Cursor, Read};

use plug_domain::SourceType;
use zip::ZipArchive;

use crate::format::{format_of, Format};
use crate::image::Raster;
use crate::office::OfficeKind;
use crate::svg::{check_svg, SvgInfo};
use text::{clip_description, non_empty, Tags};

/// What enrichment adds to an Inspiration (the sparse fields of `Inspiration` in openapi.yaml).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Enrichment {
    /// At most 280 characters, cut on a word boundary with `…`.
    pub description: Option<String>,
    /// One emoji for the category.
    pub icon: Option<String>,
    /// A short word for the kind of content: site, component, document,
    /// deck, spreadsheet, pdf, image.
    pub category: Option<String>,
    /// Lower-case, unique, at most 8: from the author's keywords, else from
    /// titles and headings.
    pub tags: Vec<String>,
}

/// Reads enrichment hints from an upload that already passed [`crate::validate`].
/// `None` when the content says nothing usable about itself (the Worker then
/// marks enrichment `skipped`). Never panics on any input.
pub fn extract_enrichment(
    source_type: SourceType,
    file_name: &str,
    bytes: &[u8],
) -> Option<Enrichment> {
    let format = format_of(source_type, file_name).ok()?;
    let draft = match format {
        Format::Html => from_html(&page_text(bytes)?, Category::Site),
        Format::SiteZip => from_html(&page_text(&site_home_page(bytes)?)?, Category::Site),
        Format::Markdown => from_markdown(&lossy_text(bytes)),
        Format::React => from_react(&lossy_text(bytes)),
        Format::Pdf => from_pdf(bytes),
        Format::Docx | Format::Xlsx | Format::Pptx => from_office(bytes, OfficeKind::of(format)?)?,
        Format::Png | Format::Jpeg | Format::Webp => from_raster(bytes)?,
        Format::Svg => from_svg(&check_svg(&lossy_text(bytes)).ok()?),
    };
    draft.finish()
}

/// The kinds of content, each with its word and emoji.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Category {
    Site,
    Component,
    Document,
    Deck,
    Spreadsheet,
    Pdf,
    Image,
}

impl Category {
    fn word(self) -> &'static str {
        match self {
            Category::Site => "site",
            Category::Component => "component",
            Category::Document => "document",
            Category::Deck => "deck",
            Category::Spreadsheet => "spreadsheet",
            Category::Pdf => "pdf",
            Category::Image => "image",
        }
    }

    fn icon(self) -> &'static str {
        match self {
            Category::Site => "🌐",
            Category::Component => "🧩",
            Category::Document => "📄",
            Category::Deck => "📊",
            Category::Spreadsheet => "📈",
            Category::Pdf => "📕",
            Category::Image => "🎨",
        }
    }
}

/// Hints gathered from one format, turned into an [`Enrichment`] by `finish`.
struct Draft {
    category: Category,
    /// Prose that describes the content, best first.
    descriptions: Vec<Option<String>>,
    /// A title or heading: the description when there is no prose.
    title: Option<String>,
    /// Measured facts ("12 slides", "1200 × 630 px"), appended with `·`.
    facts: Vec<String>,
    /// Names the facts stand for when there is no text ("PNG image").
    label: Option<String>,
    tags: Tags,
}

impl Draft {
    fn new(category: Category) -> Draft {
        Draft {
            category,
            descriptions: Vec::new(),
            title: None,
            facts: Vec::new(),
            label: None,
            tags: Tags::default(),
        }
    }

    fn describe(&mut self, text: Option<&str>) {
        self.descriptions.push(text.and_then(non_empty));
    }

    fn title(&mut self, title: Option<&str>) {
        if self.title.is_none() {
            self.title = title.and_then(non_empty);
        }
    }

    /// Tags from the author's keywords when there are any, else from the
    /// title and headings.
    fn tag(&mut self, keywords: Option<&str>, headings: &[&str]) {
        if let Some(keywords) = keywords {
            self.tags.push_keywords(keywords);
        }
        if self.tags.is_empty() {
            for heading in self
                .title
                .iter()
                .map(String::as_str)
                .chain(headings.iter().copied())
            {
                self.tags.push_words(heading);
            }
        }
    }

    fn finish(self) -> Option<Enrichment> {
        let body = self
            .descriptions
            .into_iter()
            .flatten()
            .next()
            .or(self.title);
        let facts = (!self.facts.is_empty()).then(|| self.facts.join(", "));
        let description = match (body, facts) {
            (Some(body), Some(facts)) => Some(format!("{body} · {facts}")),
            (Some(body), None) => Some(body),
            (None, Some(facts)) => Some(match self.label {
                Some(label) => format!("{label} · {facts}"),
                None => facts,
            }),
            (None, None) => None,
        };
        if description.is_none() && self.tags.is_empty() {
            return None;
        }
        Some(Enrichment {
            description: description.map(|d| clip_description(&d)),
            icon: Some(self.category.icon().to_string()),
            category: Some(self.category.word().to_string()),
            tags: self.tags.into_vec(),
        })
    }
}

/// Text with any BOM dropped and bad bytes replaced: enrichment reads what it can.
/// The text enrichment reads: the first [`TEXT_SAMPLE_CAP`] bytes, borrowed when they are UTF-8
/// (a 50 MB page is not copied), decoded lossily otherwise; a character the cap cuts in two
/// becomes one replacement character.
/// A page's text; `None` for one in an older encoding it declares (Shift_JIS…), whose words
/// Plug cannot read without that encoding's tables.
fn page_text(bytes: &[u8]) -> Option<Cow<'_, str>> {
    crate::legacy_charset(bytes)
        .is_none()
        .then(|| lossy_text(bytes))
}

fn lossy_text(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    String::from_utf8_lossy(&bytes[..bytes.len().min(TEXT_SAMPLE_CAP)])
}

/// Titles, descriptions, headings and tags come from a document's beginning: reading further
/// costs memory and CPU and finds nothing the summary keeps.
const TEXT_SAMPLE_CAP: usize = 2 * 1024 * 1024;

/// The home page of a zipped site: `index.html` at the root, or in the one
/// top folder (as [`crate::SiteArchive`] accepts), read through a cap.
fn site_home_page(bytes: &[u8]) -> Option<Vec<u8>> {
    const HOME_PAGE_CAP: u64 = 2 * 1024 * 1024;
    let mut zip = ZipArchive::new(Cursor::new(bytes)).ok()?;
    let index = zip
        .file_names()
        .enumerate()
        .filter_map(|(i, name)| Some((i, name.ok()?.trim_start_matches("./").to_string())))
        .filter(|(_, name)| {
            name == "index.html"
                || name
                    .split_once('/')
                    .is_some_and(|(_, rest)| rest == "index.html")
        })
        .min_by_key(|(_, name)| name.len())?
        .0;
    let mut home = Vec::new();
    zip.by_index(index)
        .ok()?
        .take(HOME_PAGE_CAP)
        .read_to_end(&mut home)
        .ok()?;
    Some(home)
}

fn from_html(page: &str, category: Category) -> Draft {
    let facts = html::scan(page);
    let mut draft = Draft::new(category);
    draft.describe(facts.description.as_deref());
    draft.describe(facts.paragraph.as_deref());
    draft.title(facts.title.as_deref());
    draft.title(facts.headings.first().map(String::as_str));
    let headings: Vec<&str> = facts.headings.iter().map(String::as_str).collect();
    draft.tag(facts.keywords.as_deref(), &headings);
    draft
}

fn from_markdown(document: &str) -> Draft {
    let facts = markdown::scan(document);
    let mut draft = Draft::new(Category::Document);
    draft.describe(facts.description.as_deref());
    draft.describe(facts.paragraph.as_deref());
    draft.title(facts.title.as_deref());
    let keywords = (!facts.keywords.is_empty()).then(|| facts.keywords.join(","));
    let headings: Vec<&str> = facts.headings.iter().map(String::as_str).collect();
    draft.tag(keywords.as_deref(), &headings);
    draft
}

fn from_react(source: &str) -> Draft {
    let facts = react::scan(source);
    let mut draft = Draft::new(Category::Component);
    draft.describe(facts.comment.as_deref());
    let name = facts.component.as_deref();
    draft.title(name.map(|n| format!("React component {n}")).as_deref());
    if !facts.packages.is_empty() {
        draft
            .facts
            .push(format!("uses {}", facts.packages.join(", ")));
    }
    for word in name.map(split_camel_case).unwrap_or_default() {
        draft.tags.push_words(&word);
    }
    for package in &facts.packages {
        draft.tags.push(package);
    }
    draft
}

/// `PricingTable` gives `["Pricing", "Table"]`.
fn split_camel_case(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for c in name.chars() {
        match words.last_mut() {
            Some(word) if !c.is_uppercase() => word.push(c),
            _ => words.push(c.to_string()),
        }
    }
    words
}

fn from_pdf(bytes: &[u8]) -> Draft {
    let facts = pdf::scan(bytes);
    let mut draft = Draft::new(Category::Pdf);
    draft.label = Some("PDF".to_string());
    draft.describe(facts.subject.as_deref());
    draft.title(facts.title.as_deref());
    if let Some(pages) = facts.pages {
        draft.facts.push(if pages == 1 {
            "1 page".to_string()
        } else {
            format!("{pages} pages")
        });
    }
    draft.tag(facts.keywords.as_deref(), &[]);
    draft
}

fn from_office(bytes: &[u8], kind: OfficeKind) -> Option<Draft> {
    let facts = office::scan(bytes, kind)?;
    let (category, label) = match kind {
        OfficeKind::Word => (Category::Document, "Document"),
        OfficeKind::Excel => (Category::Spreadsheet, "Spreadsheet"),
        OfficeKind::PowerPoint => (Category::Deck, "Presentation"),
    };
    let mut draft = Draft::new(category);
    draft.label = Some(label.to_string());
    draft.describe(facts.description.as_deref());
    draft.describe(facts.subject.as_deref());
    let opening = facts.paragraphs.first().map(String::as_str);
    let prose = facts
        .paragraphs
        .iter()
        .skip(1)
        .find(|p| p.chars().count() >= 30 || kind == OfficeKind::PowerPoint);
    draft.describe(prose.map(String::as_str));
    draft.title(facts.title.as_deref().filter(|t| !is_placeholder_title(t)));
    draft.title(opening);
    draft.facts.extend(facts.size);
    draft.tag(facts.keywords.as_deref(), &[]);
    Some(draft)
}

/// Titles Office fills in by itself, which say nothing about the content.
fn is_placeholder_title(title: &str) -> bool {
    let lower = title.trim().to_lowercase();
    [
        "powerpoint presentation",
        "presentation",
        "document",
        "untitled",
        "slide 1",
        "book1",
        "workbook",
    ]
    .iter()
    .any(|placeholder| lower == *placeholder || lower.starts_with("untitled"))
}

fn from_raster(bytes: &[u8]) -> Option<Draft> {
    let raster = Raster::sniff(bytes)?;
    let (width, height) = raster.dimensions(bytes)?;
    let mut draft = Draft::new(Category::Image);
    draft.label = Some(format!("{} image", raster.name()));
    draft.facts.push(format!("{width} × {height} px"));
    Some(draft)
}

fn from_svg(info: &SvgInfo) -> Draft {
    let mut draft = Draft::new(Category::Image);
    draft.label = Some("SVG image".to_string());
    draft.describe(info.desc.as_deref());
    draft.title(info.title.as_deref());
    if let Some((width, height)) = svg_size(info) {
        draft.facts.push(format!("{width} × {height}"));
    }
    draft.tag(None, &[]);
    draft
}

/// Width and height from the attributes when they are plain numbers, else
/// from the viewBox.
fn svg_size(info: &SvgInfo) -> Option<(String, String)> {
    let number = |value: &Option<String>| {
        let value = value.as_deref()?.trim().trim_end_matches("px");
        number::is_positive_number(value).then(|| value.to_string())
    };
    if let (Some(width), Some(height)) = (number(&info.width), number(&info.height)) {
        return Some((width, height));
    }
    let view_box: Vec<&str> = info
        .view_box
        .as_deref()?
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .collect();
    match view_box.as_slice() {
        [_, _, width, height] => Some((
            number(&Some(width.to_string()))?,
            number(&Some(height.to_string()))?,
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
