//! Metadata from a page: title, meta description and keywords, first headings
//! and first real paragraph. lol_html tokenizes (it is what the Worker already
//! streams pages through); this only watches, and never fails or panics.

use std::cell::RefCell;
use std::rc::Rc;

use lol_html::{doc_text, element, end_tag, HtmlRewriter, MemorySettings, Settings};

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
/// lol_html buffers at most a token left unfinished by the input, which is all
/// of it at worst; past this it errors and the scan keeps what it found.
const MEMORY_LIMIT: usize = 2 * SCAN_LIMIT;
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
    let html = &html[..html.floor_char_boundary(SCAN_LIMIT)];
    let state = Rc::new(RefCell::new(Scan::default()));
    let on_element = Rc::clone(&state);
    let on_text = Rc::clone(&state);
    let settings = Settings::new()
        .append_element_content_handler(element!("*", move |el| {
            let name = el.tag_name();
            let hides = RAW_TEXT.contains(&name.as_str());
            if !on_element
                .borrow_mut()
                .start_tag(&name, hides, |key| el.get_attribute(key))
            {
                return Ok(());
            }
            let ends_something = hides || name == "title" || BLOCKS.contains(&name.as_str());
            // Void and self-closed elements have no end tag, and hide nothing.
            if let Some(handlers) = el.end_tag_handlers().filter(|_| ends_something) {
                let state = Rc::clone(&on_element);
                if hides {
                    state.borrow_mut().hidden += 1;
                }
                handlers.push(end_tag!(move |_| {
                    state.borrow_mut().end_tag(&name, hides);
                    Ok(())
                }));
            }
            Ok(())
        }))
        .append_document_content_handler(doc_text!(move |chunk| {
            on_text.borrow_mut().text(chunk.as_str());
            Ok(())
        }))
        // Strict mode gives up on markup a browser could read two ways; any reading will do.
        .with_strict(false)
        .with_memory_settings(MemorySettings::new().with_max_allowed_memory_usage(MEMORY_LIMIT));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    // Any error ends the scan with what it found so far (a failed rewriter takes no more input).
    if rewriter.write(html.as_bytes()).is_ok() {
        let _ = rewriter.end();
    }
    state.take().finish()
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

#[derive(Default)]
struct Scan {
    facts: HtmlFacts,
    capture: Option<Capture>,
    metas: Metas,
    /// Open [`RAW_TEXT`] elements: while any is, nothing counts.
    hidden: usize,
}

impl Scan {
    /// Notes a start tag; false when it is inside a hidden element and only
    /// matters if it hides too.
    fn start_tag(
        &mut self,
        name: &str,
        hides: bool,
        attribute: impl Fn(&str) -> Option<String>,
    ) -> bool {
        if self.hidden > 0 {
            return hides;
        }
        match name {
            "meta" => self.meta(attribute),
            "br" | "img" | "hr" => self.text(" "),
            _ if BLOCKS.contains(&name) => self.end_capture(),
            _ => {}
        }
        if self.capture.is_some() {
            return true;
        }
        let target = match name {
            "title" if self.facts.title.is_none() => Target::Title,
            "h1" | "h2" if self.facts.headings.len() < HEADINGS_MAX => Target::Heading,
            "p" if self.facts.paragraph.is_none() => Target::Paragraph,
            _ => return true,
        };
        self.capture = Some(Capture {
            target,
            tag: name.to_string(),
            raw: String::new(),
        });
        true
    }

    /// Raw text as written: entities are decoded once the capture ends.
    fn text(&mut self, raw: &str) {
        if self.hidden > 0 {
            return;
        }
        if let Some(capture) = self.capture.as_mut() {
            capture.raw.push_str(raw);
        }
    }

    fn end_tag(&mut self, name: &str, hides: bool) {
        if hides {
            self.hidden = self.hidden.saturating_sub(1);
            return;
        }
        let ends_capture = self.hidden == 0
            && self.capture.as_ref().is_some_and(|c| {
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

    /// A `meta` tag, read through `attribute` (raw values, entities and all).
    fn meta(&mut self, attribute: impl Fn(&str) -> Option<String>) {
        let Some(content) = attribute("content").and_then(|v| non_empty(&decode_entities(&v)))
        else {
            return;
        };
        let key = attribute("name")
            .or_else(|| attribute("property"))
            .map(|k| squash(&decode_entities(&k)).to_ascii_lowercase())
            .unwrap_or_default();
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
    fn falls_back_to_twitter_description_last() {
        let facts = scan(r#"<meta name="twitter:description" content="Tweet &amp; text">"#);
        assert_eq!(facts.description.as_deref(), Some("Tweet & text"));
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
            "</svg></script><svg/>",
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
    fn reads_meta_attributes_in_every_quoting_style() {
        let facts = scan(
            r#"<META NAME=Keywords CONTENT=rockets><meta name = 'description' content = "A &quot;quoted&quot; one" / >
               <meta property="og:title" content>"#,
        );
        assert_eq!(facts.keywords.as_deref(), Some("rockets"));
        assert_eq!(facts.description.as_deref(), Some(r#"A "quoted" one"#));
        assert_eq!(facts.title, None, "an empty content is no title");
    }

    /// fuzz/regressions/enrichment: the old hand-written scanner sliced into `é`
    /// after an attribute with no name.
    #[test]
    fn an_attribute_without_a_name_before_a_multibyte_char_is_no_crash() {
        let facts = scan(r#"<p =""é>A paragraph after a nameless attribute, long enough.</p>"#);
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("A paragraph after a nameless attribute, long enough.")
        );
        // Invalid UTF-8 arrives as U+FFFD (the upload is decoded lossily).
        let _ = scan("!<m=\"\"\u{FFFD}");
        let facts = scan("<meta =\"\"\u{FFFD} name=description content=\"Still read\">");
        assert_eq!(facts.description.as_deref(), Some("Still read"));
    }

    #[test]
    fn a_title_inside_svg_is_not_the_page_title() {
        let facts = scan("<svg><title>Logo</title></svg><h1>Heading</h1>");
        assert_eq!(facts.title, None);
        assert_eq!(facts.headings, ["Heading"]);
        let facts = scan("<svg><title>Logo</title></svg><title>The page</title>");
        assert_eq!(facts.title.as_deref(), Some("The page"));
    }

    #[test]
    fn a_self_closed_svg_hides_nothing_after_it() {
        let facts = scan("<svg/><title>The page</title>");
        assert_eq!(facts.title.as_deref(), Some("The page"));
    }

    #[test]
    fn script_and_template_text_is_never_a_paragraph() {
        let facts = scan(
            "<p><script>document.write('a sentence long enough to be prose')</script></p>\
             <template><p>A template paragraph that is long enough to count.</p></template>\
             <noscript><p>A noscript paragraph that is long enough to count.</p></noscript>\
             <p>The real paragraph, which is long enough to count.</p>",
        );
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("The real paragraph, which is long enough to count.")
        );
    }

    #[test]
    fn script_text_alone_gives_no_paragraph() {
        let facts =
            scan("<script>var prose = 'a string long enough to pass as a paragraph';</script>");
        assert_eq!(facts, HtmlFacts::default());
    }
}
