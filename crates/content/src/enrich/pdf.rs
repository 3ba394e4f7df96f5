//! Best-effort PDF metadata from a byte scan: the Info dictionary (Title,
//! Subject, Keywords), XMP as a fallback, and page objects counted. Uncompressed only.

use memchr::memmem;

use super::text::{decode_entities, non_empty};

#[derive(Debug, Default, PartialEq)]
pub(crate) struct PdfFacts {
    pub(crate) title: Option<String>,
    pub(crate) subject: Option<String>,
    pub(crate) keywords: Option<String>,
    pub(crate) pages: Option<usize>,
}

/// How far into an object or string the scan reads.
const OBJECT_CAP: usize = 64 * 1024;
const STRING_CAP: usize = 4 * 1024;

pub(crate) fn scan(bytes: &[u8]) -> PdfFacts {
    let mut facts = PdfFacts::default();
    if let Some(info) = info_dictionary(bytes) {
        facts.title = string_entry(bytes, info, b"/Title").map(|t| tidy_title(&t));
        facts.subject = string_entry(bytes, info, b"/Subject");
        facts.keywords = string_entry(bytes, info, b"/Keywords");
    }
    facts.title = facts
        .title
        .filter(|t| !t.is_empty())
        .or_else(|| xmp_alternative(bytes, b"<dc:title"));
    facts.subject = facts
        .subject
        .or_else(|| xmp_alternative(bytes, b"<dc:description"));
    facts.keywords = facts
        .keywords
        .or_else(|| xmp_element(bytes, b"<pdf:Keywords>", b"</pdf:Keywords>"));
    facts.pages = Some(count_pages(bytes)).filter(|&n| n > 0);
    facts
}

/// The body of the object the last trailer's `/Info N G R` points to.
fn info_dictionary(bytes: &[u8]) -> Option<&[u8]> {
    let at = memmem::rfind(bytes, b"/Info")?;
    let after = bytes.get(at + 5..)?;
    if !after.first().is_some_and(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let (number, generation) = reference(after)?;
    object(bytes, number, generation)
}

/// `N G R` at the start of `bytes` (after whitespace).
fn reference(bytes: &[u8]) -> Option<(u32, u32)> {
    let mut words = bytes[..bytes.len().min(64)]
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty());
    let number = std::str::from_utf8(words.next()?).ok()?.parse().ok()?;
    let generation = std::str::from_utf8(words.next()?).ok()?.parse().ok()?;
    (words.next()?.first() == Some(&b'R')).then_some((number, generation))
}

/// The last definition of object `N G` (incremental updates append newer ones).
fn object(bytes: &[u8], number: u32, generation: u32) -> Option<&[u8]> {
    let header = format!("{number} {generation} obj");
    let start = memmem::find_iter(bytes, header.as_bytes())
        .filter(|&at| at == 0 || !bytes[at - 1].is_ascii_digit())
        .last()?
        + header.len();
    let body = &bytes[start..bytes.len().min(start + OBJECT_CAP)];
    let end = memmem::find(body, b"endobj").unwrap_or(body.len());
    Some(&body[..end])
}

/// The text of `key` in `dict`: a literal or hex string, or one indirect reference to one.
fn string_entry(bytes: &[u8], dict: &[u8], key: &[u8]) -> Option<String> {
    let at = memmem::find_iter(dict, key).find(|&at| {
        !dict
            .get(at + key.len())
            .is_some_and(|b| b.is_ascii_alphanumeric())
    })?;
    let value = trim_start(&dict[at + key.len()..]);
    let raw = match string(value) {
        Some(raw) => raw,
        None => {
            let (number, generation) = reference(value)?;
            string(trim_start(object(bytes, number, generation)?))?
        }
    };
    non_empty(&pdf_text(&raw))
}

fn trim_start(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    &bytes[start..]
}

/// The bytes of a `(literal)` or `<hex>` string at the start of `bytes`.
fn string(bytes: &[u8]) -> Option<Vec<u8>> {
    match bytes.first()? {
        b'(' => Some(literal(&bytes[1..])),
        b'<' if bytes.get(1) != Some(&b'<') => Some(hex(&bytes[1..])),
        _ => None,
    }
}

fn literal(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut depth = 1;
    let mut i = 0;
    while i < bytes.len() && out.len() < STRING_CAP {
        let byte = bytes[i];
        i += 1;
        match byte {
            b'\\' => i = escape(bytes, i, &mut out),
            b'(' => {
                depth += 1;
                out.push(byte);
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
                out.push(byte);
            }
            _ => out.push(byte),
        }
    }
    out
}

/// Decodes the escape after a backslash at `i`; returns where to go on.
fn escape(bytes: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let Some(&next) = bytes.get(i) else { return i };
    let simple = match next {
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'b' => Some(0x08),
        b'f' => Some(0x0C),
        b'0'..=b'7' => None,
        b'\r' if bytes.get(i + 1) == Some(&b'\n') => return i + 2,
        b'\r' | b'\n' => return i + 1,
        other => Some(other),
    };
    if let Some(byte) = simple {
        out.push(byte);
        return i + 1;
    }
    let digits = bytes[i..]
        .iter()
        .take(3)
        .take_while(|b| (b'0'..=b'7').contains(*b))
        .count();
    let value = bytes[i..i + digits]
        .iter()
        .fold(0u32, |acc, b| acc * 8 + u32::from(b - b'0'));
    out.push(value as u8);
    i + digits
}

fn hex(bytes: &[u8]) -> Vec<u8> {
    let digits: Vec<u8> = bytes
        .iter()
        .take_while(|&&b| b != b'>')
        .take(STRING_CAP * 2)
        .filter_map(|&b| (b as char).to_digit(16).map(|d| d as u8))
        .collect();
    digits
        .chunks(2)
        .map(|pair| pair[0] << 4 | pair.get(1).copied().unwrap_or(0))
        .collect()
}

/// PDF text strings: UTF-16BE with a BOM, UTF-8 with a BOM (PDF 2.0), else
/// PDFDocEncoding (Latin-1 plus typographic marks in 0x80-0x9F).
fn pdf_text(raw: &[u8]) -> String {
    if let Some(utf16) = raw.strip_prefix(b"\xFE\xFF") {
        let units: Vec<u16> = utf16
            .chunks(2)
            .map(|p| u16::from_be_bytes([p[0], p.get(1).copied().unwrap_or(0)]))
            .collect();
        return String::from_utf16_lossy(&units);
    }
    if let Some(utf8) = raw.strip_prefix(b"\xEF\xBB\xBF") {
        return String::from_utf8_lossy(utf8).into_owned();
    }
    raw.iter().map(|&b| pdf_doc_char(b)).collect()
}

fn pdf_doc_char(byte: u8) -> char {
    match byte {
        0x80 => '•',
        0x83 => '…',
        0x84 => '—',
        0x85 => '–',
        0x8D => '“',
        0x8E => '”',
        0x8F => '‘',
        0x90 => '’',
        0x92 => '™',
        0xA0 => '€',
        0x00..=0x1F | 0x7F..=0x9F => ' ',
        _ => char::from(byte),
    }
}

/// Office's "Microsoft Word - report.docx" names the file, not the content.
fn tidy_title(title: &str) -> String {
    let title = [
        "Microsoft Word - ",
        "Microsoft PowerPoint - ",
        "Microsoft Excel - ",
    ]
    .iter()
    .find_map(|prefix| title.strip_prefix(prefix))
    .unwrap_or(title);
    let title = [".docx", ".doc", ".pptx", ".ppt", ".xlsx", ".pdf"]
        .iter()
        .find_map(|ext| title.strip_suffix(ext))
        .unwrap_or(title);
    title.trim().to_string()
}

/// `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Text</rdf:li>...`
fn xmp_alternative(bytes: &[u8], open: &[u8]) -> Option<String> {
    let at = memmem::find(bytes, open)?;
    let window = &bytes[at..bytes.len().min(at + STRING_CAP)];
    let item = memmem::find(window, b"<rdf:li")?;
    let text_start = item + memchr::memchr(b'>', &window[item..])? + 1;
    let text_end = text_start + memchr::memchr(b'<', &window[text_start..])?;
    non_empty(&decode_entities(&String::from_utf8_lossy(
        &window[text_start..text_end],
    )))
}

fn xmp_element(bytes: &[u8], open: &[u8], close: &[u8]) -> Option<String> {
    let start = memmem::find(bytes, open)? + open.len();
    let window = &bytes[start..bytes.len().min(start + STRING_CAP)];
    let end = memmem::find(window, close)?;
    non_empty(&decode_entities(&String::from_utf8_lossy(&window[..end])))
}

/// Page objects (`/Type /Page`, not `/Pages`) written out in the open.
fn count_pages(bytes: &[u8]) -> usize {
    memmem::find_iter(bytes, b"/Type")
        .filter(|&at| {
            let rest = trim_start(&bytes[at + 5..]);
            rest.starts_with(b"/Page") && !rest.get(5).is_some_and(|b| b.is_ascii_alphanumeric())
        })
        .count()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A small uncompressed PDF with an Info dictionary and `pages` pages.
    pub(crate) fn pdf(info: &str, pages: usize) -> Vec<u8> {
        let mut pdf =
            String::from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
        pdf.push_str(&format!(
            "2 0 obj\n<< /Type /Pages /Count {pages} >>\nendobj\n"
        ));
        for page in 0..pages {
            pdf.push_str(&format!(
                "{} 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n",
                10 + page
            ));
        }
        pdf.push_str(&format!("3 0 obj\n<< {info} /Producer (test) >>\nendobj\n"));
        pdf.push_str("trailer\n<< /Root 1 0 R /Info 3 0 R >>\n%%EOF\n");
        pdf.into_bytes()
    }

    #[test]
    fn reads_the_info_dictionary_and_counts_pages() {
        let facts = scan(&pdf(
            r"/Title (Annual \(2024\) report) /Subject (Growth\051 and more) /Keywords (finance, annual)",
            3,
        ));
        assert_eq!(facts.title.as_deref(), Some("Annual (2024) report"));
        assert_eq!(facts.subject.as_deref(), Some("Growth) and more"));
        assert_eq!(facts.keywords.as_deref(), Some("finance, annual"));
        assert_eq!(facts.pages, Some(3));
    }

    #[test]
    fn decodes_utf16_hex_strings_and_indirect_values() {
        let mut bytes = pdf("/Title <FEFF00C90074006500CC> /Subject 7 0 R", 1);
        bytes.extend_from_slice(b"7 0 obj\n(Indirect subject)\nendobj\n");
        let facts = scan(&bytes);
        assert_eq!(facts.title.as_deref(), Some("ÉteÌ"));
        assert_eq!(facts.subject.as_deref(), Some("Indirect subject"));
    }

    #[test]
    fn tidies_office_export_titles() {
        assert_eq!(
            scan(&pdf("/Title (Microsoft Word - plan.docx)", 1))
                .title
                .as_deref(),
            Some("plan")
        );
    }

    #[test]
    fn falls_back_to_xmp_metadata() {
        let mut bytes = b"%PDF-1.7\n".to_vec();
        bytes.extend_from_slice(br#"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">XMP &amp; title</rdf:li></rdf:Alt></dc:title>"#);
        bytes.extend_from_slice(b"<pdf:Keywords>xmp, words</pdf:Keywords>\n%%EOF");
        let facts = scan(&bytes);
        assert_eq!(facts.title.as_deref(), Some("XMP & title"));
        assert_eq!(facts.keywords.as_deref(), Some("xmp, words"));
        assert_eq!(facts.pages, None);
    }

    #[test]
    fn survives_truncated_and_hostile_input() {
        for bytes in [
            &b"/Info"[..],
            b"/Info 3 0 R",
            b"/Info 3 0 R 3 0 obj /Title (",
            b"/Title <FE",
            b"\\",
            b"/Type",
            b"3 0 obj",
        ] {
            let _ = scan(bytes);
        }
        assert_eq!(literal(b"a\\"), b"a");
        assert_eq!(literal(b"\\101\\7x)"), b"A\x07x");
        assert_eq!(hex(b"4869 7>"), b"Hip");
    }
}
