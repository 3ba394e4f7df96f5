//! Reads a Markdown document's own metadata: YAML front matter (title,
//! description, tags), its first headings and its first prose paragraph.

use super::text::{decode_entities, non_empty, squash};

#[derive(Debug, Default, PartialEq)]
pub(crate) struct MarkdownFacts {
    /// Front matter `title`, else the first heading.
    pub(crate) title: Option<String>,
    /// Front matter `description`, `summary` or `excerpt`.
    pub(crate) description: Option<String>,
    /// Front matter `tags`, `keywords` or `categories`.
    pub(crate) keywords: Vec<String>,
    /// The first few level 1 and 2 headings.
    pub(crate) headings: Vec<String>,
    pub(crate) paragraph: Option<String>,
}

const HEADINGS_MAX: usize = 4;
/// The most of one heading or paragraph read as inline Markdown: far more than the 280 characters
/// a description keeps, and a bound on the link and autolink scans, each of which looks ahead for
/// its closing bracket (a paragraph of 1 MB of `[a](<` took 23 s to read whole).
const INLINE_MAX_BYTES: usize = 4 * 1024;
const PARAGRAPH_MIN_CHARS: usize = 30;

pub(crate) fn scan(text: &str) -> MarkdownFacts {
    let mut facts = MarkdownFacts::default();
    let body = match split_front_matter(text) {
        Some((front, body)) => {
            read_front_matter(front, &mut facts);
            body
        }
        None => text,
    };
    read_body(body, &mut facts);
    facts
}

/// `(front matter, rest)` when the document opens with a `---` block.
fn split_front_matter(text: &str) -> Option<(&str, &str)> {
    let rest = text
        .strip_prefix("---")?
        .strip_prefix(['\n', '\r'])
        .map(|r| r.trim_start_matches('\n'))?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if matches!(line.trim_end(), "---" | "...") {
            return Some((&rest[..offset], &rest[offset + line.len()..]));
        }
        offset += line.len();
    }
    None
}

fn read_front_matter(front: &str, facts: &mut MarkdownFacts) {
    let mut list_key = String::new();
    for line in front.lines() {
        if let Some(item) = line.trim_start().strip_prefix("- ") {
            if line.starts_with([' ', '-']) && is_keyword_key(&list_key) {
                facts.keywords.push(unquote(item).to_string());
            }
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        if line.starts_with(char::is_whitespace) {
            continue;
        }
        let (key, value) = (key.trim().to_ascii_lowercase(), unquote(value.trim()));
        list_key = key.clone();
        match key.as_str() {
            "title" => facts.title = non_empty(value),
            "description" | "summary" | "excerpt" if facts.description.is_none() => {
                facts.description = non_empty(value)
            }
            k if is_keyword_key(k) => {
                let items = value.trim_start_matches('[').trim_end_matches(']');
                facts.keywords.extend(
                    items
                        .split(',')
                        .map(|item| unquote(item.trim()).to_string()),
                );
            }
            _ => {}
        }
    }
    facts.keywords.retain(|k| !k.trim().is_empty());
}

fn is_keyword_key(key: &str) -> bool {
    matches!(key, "tags" | "keywords" | "categories")
}

fn unquote(value: &str) -> &str {
    let value = value.trim();
    for quote in ['"', '\''] {
        if let Some(inner) = value
            .strip_prefix(quote)
            .and_then(|v| v.strip_suffix(quote))
        {
            return inner;
        }
    }
    value
}

fn read_body(body: &str, facts: &mut MarkdownFacts) {
    let mut paragraph: Vec<&str> = Vec::new();
    let mut in_fence = false;
    for line in body.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            flush(&mut paragraph, facts);
            in_fence = !in_fence;
        } else if in_fence {
        } else if let Some((level, text)) = atx_heading(trimmed) {
            flush(&mut paragraph, facts);
            heading(level, text, facts);
        } else if let Some(level) = setext_underline(trimmed).filter(|_| paragraph.len() == 1) {
            let text = paragraph.pop().unwrap_or_default();
            heading(level, text, facts);
        } else if let Some((block, text)) = html_block_line(trimmed) {
            // A README's centred `<h1>` and `<p>` (GitHub's common header) are its title and
            // summary, where the lines below them are often only badges.
            flush(&mut paragraph, facts);
            match block {
                HtmlBlock::Heading(level) => heading(level, &text, facts),
                HtmlBlock::Paragraph => take_paragraph(&text, facts),
            }
        } else if trimmed.is_empty() || !is_prose(trimmed) {
            flush(&mut paragraph, facts);
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut paragraph, facts);
}

/// `## Title ##` gives `(2, "Title")`.
fn atx_heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    let rest = &line[level..];
    let is_heading = (1..=6).contains(&level) && (rest.is_empty() || rest.starts_with([' ', '\t']));
    is_heading.then(|| (level, rest.trim().trim_end_matches('#').trim_end()))
}

/// `===` under a line makes it a level 1 heading, `---` a level 2.
fn setext_underline(line: &str) -> Option<usize> {
    if !line.is_empty() && line.chars().all(|c| c == '=') {
        Some(1)
    } else if line.len() >= 2 && line.chars().all(|c| c == '-') {
        Some(2)
    } else {
        None
    }
}

/// Lists, quotes, tables, raw HTML, images and rules are not the prose a
/// description should quote.
fn is_prose(line: &str) -> bool {
    let starts_list = line.starts_with(['-', '*', '+']) && line[1..].starts_with(' ')
        || line
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    let is_rule = line.len() >= 3 && line.chars().all(|c| matches!(c, '-' | '*' | '_' | ' '));
    !(starts_list || is_rule || line.starts_with(['>', '|', '<']) || line.starts_with("!["))
}

fn heading(level: usize, text: &str, facts: &mut MarkdownFacts) {
    let Some(text) = non_empty(&plain_inline(head(text))) else {
        return;
    };
    if facts.title.is_none() {
        facts.title = Some(text.clone());
    }
    if level <= 2 && facts.headings.len() < HEADINGS_MAX {
        facts.headings.push(text);
    }
}

fn flush(paragraph: &mut Vec<&str>, facts: &mut MarkdownFacts) {
    if !paragraph.is_empty() {
        take_paragraph(&paragraph.join(" "), facts);
    }
    paragraph.clear();
}

/// The first paragraph long enough to say something becomes the document's summary.
fn take_paragraph(text: &str, facts: &mut MarkdownFacts) {
    if facts.paragraph.is_none() {
        let text = squash(&plain_inline(head(text)));
        if text.chars().count() >= PARAGRAPH_MIN_CHARS {
            facts.paragraph = Some(text);
        }
    }
}

enum HtmlBlock {
    Heading(usize),
    Paragraph,
}

/// A line of raw HTML that opens an `<h1>`..`<h6>` or a `<p>`, with its text (tags removed).
fn html_block_line(line: &str) -> Option<(HtmlBlock, String)> {
    let open = line.strip_prefix('<')?;
    let name_end = open.find(|c: char| c == '>' || c.is_whitespace())?;
    let block = match open[..name_end].to_ascii_lowercase().as_str() {
        "p" => HtmlBlock::Paragraph,
        name => match name.strip_prefix('h')?.parse::<usize>() {
            Ok(level @ 1..=6) => HtmlBlock::Heading(level),
            _ => return None,
        },
    };
    let mut text = String::with_capacity(line.len());
    let mut in_tag = false;
    for c in line.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    Some((block, text))
}

/// The first [`INLINE_MAX_BYTES`] of `text`, cut on a character boundary.
fn head(text: &str) -> &str {
    let mut end = text.len().min(INLINE_MAX_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Inline Markdown to plain text: images dropped, links to their text,
/// emphasis and code markers removed, entities decoded.
pub(crate) fn plain_inline(text: &str) -> String {
    let linked = strip_links(text);
    let chars: Vec<char> = linked.chars().collect();
    let mut out = String::with_capacity(linked.len());
    for (i, &c) in chars.iter().enumerate() {
        let word_char = |at: Option<&char>| at.is_some_and(|c| c.is_alphanumeric());
        let intraword =
            word_char(i.checked_sub(1).and_then(|p| chars.get(p))) && word_char(chars.get(i + 1));
        let marker = matches!(c, '*' | '`' | '~') || (c == '_' && !intraword);
        if !marker {
            out.push(c);
        }
    }
    decode_entities(&out)
}

/// `![alt](src)` goes, `[text](href)` and `[text][ref]` keep `text`,
/// `<https://x>` keeps the address.
fn strip_links(text: &str) -> String {
    strip_links_nested(text, 0)
}

/// A link's text is read the same way once more, so that a linked image (a README's
/// `[![CI](badge.svg)](actions)`) leaves nothing behind; deeper nesting is kept as written.
fn strip_links_nested(text: &str, depth: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['[', '<']) {
        let is_image = rest[..at].ends_with('!');
        out.push_str(if is_image {
            &rest[..at - 1]
        } else {
            &rest[..at]
        });
        rest = &rest[at..];
        if let Some(inner) = rest.strip_prefix('<') {
            match inner
                .split_once('>')
                .filter(|(url, _)| url.contains("://") || url.contains('@'))
            {
                Some((url, after)) => {
                    out.push_str(url);
                    rest = after;
                }
                None => {
                    out.push('<');
                    rest = inner;
                }
            }
            continue;
        }
        match link_parts(rest) {
            Some((label, after)) => {
                if !is_image && depth == 0 {
                    out.push_str(&strip_links_nested(label, depth + 1));
                } else if !is_image {
                    out.push_str(label);
                }
                rest = after;
            }
            None => {
                out.push('[');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `[label](target)` or `[label][ref]` at the start of `s`: the label and what follows.
/// The label may hold brackets of its own, balanced (`[![alt](src)](href)`).
fn link_parts(s: &str) -> Option<(&str, &str)> {
    let inner = s.strip_prefix('[')?;
    let mut depth = 0usize;
    let close = inner.char_indices().find_map(|(at, c)| match c {
        '[' => {
            depth += 1;
            None
        }
        ']' if depth == 0 => Some(at),
        ']' => {
            depth -= 1;
            None
        }
        _ => None,
    })?;
    let (label, after) = (&inner[..close], &inner[close + 1..]);
    let (open, close) = match after.chars().next()? {
        '(' => ('(', ')'),
        '[' => ('[', ']'),
        _ => return None,
    };
    let end = after.find(close)?;
    after.starts_with(open).then(|| (label, &after[end + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_front_matter_in_its_common_forms() {
        let doc = "---\ntitle: \"Launch plan\"\ndescription: What we ship and when.\ntags: [Rust, 'edge']\nkeywords:\n  - Launch\n  - Q3\nauthor: me\n---\n# Heading\n";
        let facts = scan(doc);
        assert_eq!(facts.title.as_deref(), Some("Launch plan"));
        assert_eq!(facts.description.as_deref(), Some("What we ship and when."));
        assert_eq!(facts.keywords, ["Rust", "edge", "Launch", "Q3"]);
        assert_eq!(facts.headings, ["Heading"]);
    }

    #[test]
    fn takes_the_first_heading_as_title_and_the_first_prose_paragraph() {
        let doc = "\
# The **Plug** guide

Short line.

- a list item that is long enough to be a paragraph otherwise
> a quote that is long enough to be a paragraph otherwise

```
code block that is long enough to be a paragraph otherwise
```
![diagram](d.png)

Plug turns a [dropped file](https://plug.dev) into a *shareable* URL,
with a `badge` in the corner &amp; nothing else.

Second section
--------------
";
        let facts = scan(doc);
        assert_eq!(facts.title.as_deref(), Some("The Plug guide"));
        assert_eq!(facts.headings, ["The Plug guide", "Second section"]);
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("Plug turns a dropped file into a shareable URL, with a badge in the corner & nothing else.")
        );
    }

    #[test]
    fn a_readme_with_a_centred_html_header_and_badges_is_summed_up_by_its_own_words() {
        let doc = "\
<div align=\"center\">
  <h1>🚀 fluxcache</h1>
  <p><b>A tiny write-through cache for edge functions</b></p>

[![CI](https://github.com/example/fluxcache/actions/workflows/ci.yml/badge.svg)](https://github.com/example/fluxcache/actions)
[![npm](https://img.shields.io/npm/v/fluxcache.svg)](https://www.npmjs.com/package/fluxcache)
</div>

## Install
";
        let facts = scan(doc);
        assert_eq!(facts.title.as_deref(), Some("🚀 fluxcache"));
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("A tiny write-through cache for edge functions")
        );
        assert_eq!(facts.headings, ["🚀 fluxcache", "Install"]);

        // Badges alone are not a summary: the first paragraph of words is.
        let facts = scan("# lib\n\n[![CI](https://x/badge.svg)](https://x/actions) [![Docs](https://docs.rs/x/badge.svg)](https://docs.rs/x)\n\nParses and validates configuration files for you.\n");
        assert_eq!(
            facts.paragraph.as_deref(),
            Some("Parses and validates configuration files for you.")
        );
        assert_eq!(
            plain_inline("see [the **docs**](d) and [![b](i.svg)](l)."),
            "see the docs and ."
        );
        assert_eq!(html_block_line("<pre>x</pre>").map(|(_, t)| t), None);
        assert_eq!(html_block_line("<h7>x</h7>").map(|(_, t)| t), None);
    }

    #[test]
    fn ignores_headings_inside_code_fences() {
        let facts = scan("```\n# not a heading\n```\n## Real\n");
        assert_eq!(facts.title.as_deref(), Some("Real"));
    }

    #[test]
    fn plain_inline_keeps_intraword_underscores_and_autolinks() {
        assert_eq!(
            plain_inline("use snake_case and _emphasis_ <https://x.y>"),
            "use snake_case and emphasis https://x.y"
        );
        assert_eq!(
            plain_inline("a [ref link][1] and ![img](x.png) and [not a link]"),
            "a ref link and  and [not a link]"
        );
        assert_eq!(plain_inline("2 < 3 and [x"), "2 < 3 and [x");
    }

    #[test]
    fn survives_odd_input() {
        for doc in [
            "---",
            "---\n",
            "---\ntitle",
            "#",
            "######## seven",
            "[",
            "![",
            "<",
            "-\n=",
            "é\n===\n",
        ] {
            let _ = scan(doc);
        }
        assert_eq!(scan("###### Six").title.as_deref(), Some("Six"));
        assert_eq!(scan("#NoSpace").title, None);
    }

    #[test]
    fn a_paragraph_or_heading_of_open_brackets_is_read_in_linear_time() {
        // Each `[` and `<` looks ahead for its closing bracket: over a whole 1 MB paragraph that
        // was quadratic (23 s in a release build).
        let bomb = "[a](<".repeat(200_000);
        let started = std::time::Instant::now();
        let facts = scan(&format!("# {bomb}\n\n{bomb}\n"));
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        assert!(facts.paragraph.is_some_and(|p| p.starts_with("[a](<")));
        let prose = format!(
            "{} and [the link](https://e.x) at the end",
            "word ".repeat(2_000)
        );
        let facts = scan(&prose);
        assert!(facts.paragraph.is_some_and(|p| p.starts_with("word word")));
    }
}
