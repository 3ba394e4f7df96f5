//! A tiny, tolerant HTML scanner for metadata: title, meta description and
//! keywords, first headings and first real paragraph. Never fails, never panics.

use super::text::{decode_entities, non_empty, squash};

/// What a page says about itself.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct HtmlFacts {
    pub(crate) title: Option<String>,
    /// `meta name=description`, else `og:description`, else `twitter:description`.
    pub(crate) description: Option<String>,
    pub(crate) keywords: Option<String>,
    /// The first few `h1` and `h2` texts, in document order.
    pub(crate) headings: Vec<String>,
    /// The first `p` long enough to be prose rather than a label.
    pub(crate) paragraph: Option<String>,
}

/// Only the head and the start of the body matter; big pages stop here.
const SCAN_LIMIT: usize = 512 * 1024;
const HEADINGS_MAX: usize = 4;
const PARAGRAPH_MIN_CHARS: usize = 30;
/// Elements whose content is not text for people.
const RAW_TEXT: &[&str] = &["script", "style", "template", "noscript", "textarea", "svg"];
/// Elements that end an open paragraph or heading.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "div",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "ul",
];

pub(crate) fn scan(html: &str) -> HtmlFacts {
    let mut end = html.len().min(SCAN_LIMIT);
    while !html.is_char_boundary(end) {
        end -= 1;
    }
    let mut scanner = Scanner {
        html: &html[..end],
        pos: 0,
        facts: HtmlFacts::default(),
        capture: None,
        metas: Metas::default(),
    };
    scanner.run();
    scanner.finish()
}

#[derive(Default)]
struct Metas {
    description: Option<String>,
    og_description: Option<String>,
    twitter_description: Option<String>,
    og_title: Option<String>,
}

#[derive(Clone, Copy, PartialEq)]
enum Target {
    Title,
    Heading,
    Paragraph,
}

struct Capture {
    target: Target,
    tag: String,
    raw: String,
}

struct Scanner<'a> {
    html: &'a str,
    pos: usize,
    facts: HtmlFacts,
    capture: Option<Capture>,
    metas: Metas,
}

impl Scanner<'_> {
    fn run(&mut self) {
        while let Some(offset) = self.html[self.pos..].find('<') {
            let lt = self.pos + offset;
            self.text(self.pos, lt);
            let rest = &self.html[lt..];
            self.pos = if rest.starts_with("<!--") {
                skip_past(self.html, lt + 4, "-->")
            } else if rest.starts_with("<!") || rest.starts_with("<?") {
                skip_past(self.html, lt + 2, ">")
            } else if let Some(name_start) = rest.strip_prefix("</") {
                let name = tag_name(name_start);
                self.end_tag(&name);
                skip_past(self.html, lt + 2, ">")
            } else if rest[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                self.tag(lt)
            } else {
                self.text(lt, lt + 1);
                lt + 1
            };
        }
        self.text(self.pos, self.html.len());
    }

    /// Reads the start tag at `lt` and returns where scanning resumes.
    fn tag(&mut self, lt: usize) -> usize {
        let name = tag_name(&self.html[lt + 1..]);
        let attrs_start = lt + 1 + name.len();
        let close = tag_end(self.html, attrs_start);
        let attributes = attributes(&self.html[attrs_start..close]);
        self.start_tag(&name, &attributes);
        let after = (close + 1).min(self.html.len());
        if RAW_TEXT.contains(&name.as_str()) {
            return skip_raw_text(self.html, after, &name);
        }
        after
    }

    fn text(&mut self, from: usize, to: usize) {
        if let Some(capture) = self.capture.as_mut() {
            capture.raw.push_str(&self.html[from..to]);
        }
    }

    fn start_tag(&mut self, name: &str, attributes: &[(String, String)]) {
        match name {
            "meta" => self.meta(attributes),
            "br" | "img" | "hr" => self.text_space(),
            _ if BLOCKS.contains(&name) => self.end_capture(),
            _ => {}
        }
        if self.capture.is_some() {
            return;
        }
        let target = match name {
            "title" if self.facts.title.is_none() => Target::Title,
            "h1" | "h2" if self.facts.headings.len() < HEADINGS_MAX => Target::Heading,
            "p" if self.facts.paragraph.is_none() => Target::Paragraph,
            _ => return,
        };
        self.capture = Some(Capture {
            target,
            tag: name.to_string(),
            raw: String::new(),
        });
    }

    fn text_space(&mut self) {
        if let Some(capture) = self.capture.as_mut() {
            capture.raw.push(' ');
        }
    }

    fn end_tag(&mut self, name: &str) {
        let ends_capture = self.capture.as_ref().is_some_and(|c| {
            c.tag == name || (c.target != Target::Title && BLOCKS.contains(&name))
        });
        if ends_capture {
            self.end_capture();
        }
    }

    fn end_capture(&mut self) {
        let Some(capture) = self.capture.take() else {
            return;
        };
        let Some(text) = non_empty(&decode_entities(&capture.raw)) else {
            return;
        };
        match capture.target {
            Target::Title => self.facts.title = Some(text),
            Target::Heading => self.facts.headings.push(text),
            Target::Paragraph if text.chars().count() >= PARAGRAPH_MIN_CHARS => {
                self.facts.paragraph = Some(text)
            }
            Target::Paragraph => {}
        }
    }

    fn meta(&mut self, attributes: &[(String, String)]) {
        let find = |key: &str| {
            attributes
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        let Some(content) = find("content").and_then(non_empty) else {
            return;
        };
        let key = find("name")
            .or_else(|| find("property"))
            .unwrap_or_default()
            .to_ascii_lowercase();
        let slot = match key.as_str() {
            "description" => &mut self.metas.description,
            "og:description" => &mut self.metas.og_description,
            "twitter:description" => &mut self.metas.twitter_description,
            "og:title" => &mut self.metas.og_title,
            "keywords" => &mut self.facts.keywords,
            _ => return,
        };
        slot.get_or_insert(content);
    }

    fn finish(mut self) -> HtmlFacts {
        self.end_capture();
        let metas = self.metas;
        self.facts.description = metas
            .description
            .or(metas.og_description)
            .or(metas.twitter_description);
        self.facts.title = self.facts.title.or(metas.og_title);
        self.facts
    }
}

/// The lower-cased tag name at the start of `s`.
fn tag_name(s: &str) -> String {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == ':'))
        .unwrap_or(s.len());
    s[..end].to_ascii_lowercase()
}

/// The index of the `>` closing a tag, skipping quoted attribute values.
fn tag_end(html: &str, from: usize) -> usize {
    let mut quote = None;
    for (i, byte) in html.bytes().enumerate().skip(from) {
        match (quote, byte) {
            (None, b'"' | b'\'') => quote = Some(byte),
            (Some(q), _) if q == byte => quote = None,
            (None, b'>') => return i,
            _ => {}
        }
    }
    html.len()
}

/// Just past the first `needle` at or after `from`, or the end.
fn skip_past(html: &str, from: usize, needle: &str) -> usize {
    let from = from.min(html.len());
    html[from..]
        .find(needle)
        .map_or(html.len(), |at| from + at + needle.len())
}

/// Just past the `</name>` that closes a raw-text element.
fn skip_raw_text(html: &str, from: usize, name: &str) -> usize {
    let mut at = from;
    while let Some(offset) = html[at..].find("</") {
        let candidate = at + offset + 2;
        let matches = html
            .get(candidate..candidate + name.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(name));
        if matches {
            return skip_past(html, candidate, ">");
        }
        at = candidate;
    }
    html.len()
}

/// Attribute names (lower-cased) and decoded values, tolerant of any mess.
fn attributes(raw: &str) -> Vec<(String, String)> {
    let bytes = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let is_space = |b: u8| b.is_ascii_whitespace() || b == b'/';
    while i < bytes.len() {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        let name_start = i;
        while i < bytes.len() && !is_space(bytes[i]) && bytes[i] != b'=' {
            i += 1;
        }
        let name = raw[name_start..i].to_ascii_lowercase();
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = String::new();
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let (start, end, next) = attribute_value(bytes, i);
            value = decode_entities(&raw[start..end]);
            i = next;
        }
        if name.is_empty() {
            i += 1;
        } else {
            out.push((name, squash(&value)));
        }
    }
    out
}

/// The span of a quoted or bare value starting at `i`, and where to go on.
fn attribute_value(bytes: &[u8], i: usize) -> (usize, usize, usize) {
    match bytes.get(i) {
        Some(&quote @ (b'"' | b'\'')) => {
            let end = bytes[i + 1..]
                .iter()
                .position(|&b| b == quote)
                .map_or(bytes.len(), |p| i + 1 + p);
            (i + 1, end, (end + 1).min(bytes.len()))
        }
        _ => {
            let end = bytes[i..]
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .map_or(bytes.len(), |p| i + p);
            (i, end, end)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<!doctype html>
<html lang="en"><head>
  <meta charset="utf-8">
  <title>Acme &amp; Co — Launch</title>
  <meta property="og:description" content="The og text">
  <meta name="Description" content="  Our launch page,
     with details. ">
  <meta name=keywords content="launch, rockets, Acme">
  <script>if (a < b) { document.write("<p>not this paragraph, it is in a script</p>") }</script>
  <style>p { color: red }</style>
</head><body>
  <!-- <h1>commented out</h1> -->
  <nav><p>Menu</p></nav>
  <h1>Rockets <em>for</em> everyone</h1>
  <p>Short.</p>
  <h2 class="x">Why it matters</h2>
  <p>Acme builds <a href="/r">reusable rockets</a> that land<br>by themselves &mdash; every time.</p>
</body></html>"#;

    #[test]
    fn reads_title_meta_headings_and_first_paragraph() {
        let facts = scan(PAGE);
        assert_eq!(facts.title.as_deref(), Some("Acme & Co — Launch"));
        assert_eq!(
            facts.description.as_deref(),
            Some("Our launch page, with details.")
        );
        assert_eq!(facts.keywords.as_deref(), Some("launch, rockets, Acme"));
        assert_eq!(facts.headings, ["Rockets for everyone", "Why it matters"]);
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("Acme builds reusable rockets that land by themselves — every time.")
        );
    }

    #[test]
    fn falls_back_to_open_graph_tags() {
        let facts = scan(
            r#"<meta property="og:title" content="OG title"><meta property="og:description" content='OG "quoted" text'>"#,
        );
        assert_eq!(facts.title.as_deref(), Some("OG title"));
        assert_eq!(facts.description.as_deref(), Some(r#"OG "quoted" text"#));
    }

    #[test]
    fn ends_an_unclosed_paragraph_at_the_next_block() {
        let facts = scan("<p>An unclosed paragraph that is long enough to count<div>other</div>");
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("An unclosed paragraph that is long enough to count")
        );
    }

    #[test]
    fn survives_broken_and_truncated_markup() {
        for html in [
            "<",
            "<p",
            "<p class='x",
            "<!--",
            "<script>never closed",
            "</",
            "<a<b<c>>",
            "a < b > c",
            "<meta content>",
            "<p>é",
        ] {
            let _ = scan(html);
        }
        let text = format!("<title>{}</title>", "é".repeat(SCAN_LIMIT));
        assert!(
            scan(&text).title.is_some_and(|t| t.len() <= SCAN_LIMIT),
            "cut at the scan limit"
        );
    }

    #[test]
    fn parses_attributes_in_every_quoting_style() {
        let parsed = attributes(r#" a="1" B='2' c=3 d e = "5" /"#);
        let expected = [("a", "1"), ("b", "2"), ("c", "3"), ("d", ""), ("e", "5")];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(parsed, expected);
    }
}
