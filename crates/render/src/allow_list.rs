//! The HTML a markdown author may write, in the spirit of GitHub's sanitiser: tags and attributes
//! that cannot run script or load anything but images, with `align`, `width` and `height` kept,
//! so a README's centred header image, `<details>`, `<picture>`, `<kbd>` and `<sup>` render.
//! Everything else is removed: active elements with their content, unknown ones keeping theirs.
//! It runs on lol_html, the streaming tokenizer the Worker already carries, over the whole
//! rendered fragment, so pulldown-cmark's own markup passes the same gate as the author's.

use std::cell::RefCell;

use lol_html::html_content::{ContentType, Element};
use lol_html::{doc_comments, element, rewrite_str, Settings};

use crate::url_policy::{names_another_file, safe_image_url, safe_link_url};

/// Elements kept, with the attributes each may carry beyond the global ones.
const ALLOWED: &[(&str, &[&str])] = &[
    ("a", &["href", "title", "name"]),
    (
        "img",
        &["src", "alt", "title", "width", "height", "align", "loading"],
    ),
    ("picture", &[]),
    ("source", &["srcset", "media", "type", "width", "height"]),
    ("p", &["align"]),
    ("div", &["align"]),
    ("span", &[]),
    ("h1", &["align"]),
    ("h2", &["align"]),
    ("h3", &["align"]),
    ("h4", &["align"]),
    ("h5", &["align"]),
    ("h6", &["align"]),
    ("br", &[]),
    ("hr", &[]),
    ("b", &[]),
    ("i", &[]),
    ("u", &[]),
    ("s", &[]),
    ("strike", &[]),
    ("em", &[]),
    ("strong", &[]),
    ("del", &[]),
    ("ins", &[]),
    ("mark", &[]),
    ("small", &[]),
    ("sub", &[]),
    ("sup", &[]),
    ("kbd", &[]),
    ("code", &[]),
    ("samp", &[]),
    ("var", &[]),
    ("tt", &[]),
    ("pre", &[]),
    ("q", &[]),
    ("abbr", &["title"]),
    ("blockquote", &[]),
    ("details", &["open"]),
    ("summary", &[]),
    ("ul", &[]),
    ("ol", &["start", "type", "reversed"]),
    ("li", &[]),
    ("dl", &[]),
    ("dt", &[]),
    ("dd", &[]),
    ("table", &["align", "width"]),
    ("caption", &[]),
    ("thead", &[]),
    ("tbody", &[]),
    ("tfoot", &[]),
    ("tr", &["align"]),
    ("th", &["align", "colspan", "rowspan", "width", "style"]),
    ("td", &["align", "colspan", "rowspan", "width", "style"]),
    ("input", &["type", "checked", "disabled"]),
    ("section", &[]),
    ("figure", &[]),
    ("figcaption", &[]),
];

/// Attributes any kept element may carry (`id` is prefixed, `class` filtered).
const GLOBAL: &[&str] = &["id", "class", "dir", "lang"];

/// Elements whose content is script, style, a document or raw text: removed with it, so nothing
/// the browser would have read as text turns into markup.
const REMOVED_WITH_CONTENT: &[&str] = &[
    "script",
    "style",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "template",
    "noscript",
    "noembed",
    "noframes",
    "xmp",
    "plaintext",
    "textarea",
    "title",
    "svg",
    "math",
    "select",
    "head",
    "audio",
    "video",
    "canvas",
    "portal",
];

/// Class names pulldown-cmark writes (code languages, footnotes, alerts, task lists).
/// `math`: pulldown-cmark's `math math-inline` / `math math-display` spans, typeset by KaTeX.
const CLASS_PREFIXES: &[&str] = &[
    "language-",
    "footnote-",
    "markdown-alert",
    "task-list",
    "math",
];

/// Ids get GitHub's prefix so no author element can clobber a global of the page.
const ID_PREFIX: &str = "user-content-";

/// Blocks whose direction the browser takes from their first letter where `auto_direction`
/// asks for it, as GitHub marks them (`<p dir="auto">`): a paragraph, heading or list in Arabic
/// or Hebrew reads right to left, its full stop at its end, its bullets on the right (it was laid
/// out left to right, the stop at the start of its last line). A block the author gave a `dir`
/// keeps it.
const AUTO_DIRECTION: &[&str] = &[
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "dl",
    "td",
    "th",
    "summary",
    "figcaption",
];

/// The headings given a link to themselves: a section's address is for documents of sections
/// (a changelog of 2,000 releases has 4,000 headings), not for 100,000 one-letter headings, each
/// of which would add some 90 bytes to the page drawn on every view.
const MAX_HEADING_LINKS: usize = 10_000;

pub fn sanitize_fragment(html: &str, auto_direction: bool, files_beside: bool) -> String {
    let mut heading_links = 0;
    // Whether the document names an anchor `top` or `readme` (a heading "Top"), asked once, only
    // of a document with a link to one.
    let named = std::cell::OnceCell::new();
    let top = |fragment: &str| {
        let (top, readme) = *named.get_or_init(|| (names(html, "top"), names(html, "readme")));
        if fragment.eq_ignore_ascii_case("top") {
            top
        } else {
            readme
        }
    };
    let settings = Settings::new()
        .append_element_content_handler(element!("*", |el| {
            keep_or_remove(el, files_beside, &top);
            // A heading's link to itself, shown as GitHub shows it when the heading is pointed
            // at, so a reader can copy the address of a section (its anchor had no way in).
            if heading_links < MAX_HEADING_LINKS
                && !el.removed()
                && matches!(el.tag_name().as_str(), "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
            {
                if let Some(id) = el
                    .get_attribute("id")
                    .filter(|id| !id.contains(['"', '\'', '<', '>', '&']))
                {
                    heading_links += 1;
                    el.append(
                        &format!("<a class=\"anchor\" href=\"#{id}\" aria-label=\"Link to this section\"></a>"),
                        ContentType::Html,
                    );
                }
            }
            if auto_direction
                && !el.removed()
                && !el.has_attribute("dir")
                && AUTO_DIRECTION.contains(&el.tag_name().as_str())
            {
                let _ = el.set_attribute("dir", "auto");
            }
            Ok(())
        }))
        .append_document_content_handler(doc_comments!(|c| {
            c.remove();
            Ok(())
        }));
    // lol_html refuses only what it cannot parse within its memory limit; then nothing is kept.
    rewrite_str(html, settings).unwrap_or_default()
}

fn keep_or_remove(el: &mut Element<'_, '_>, files_beside: bool, top: &dyn Fn(&str) -> bool) {
    let tag = el.tag_name();
    let Some((_, allowed)) = ALLOWED.iter().find(|(name, _)| *name == tag) else {
        if REMOVED_WITH_CONTENT.contains(&tag.as_str()) {
            el.remove();
        } else {
            el.remove_and_keep_content();
        }
        return;
    };
    let attributes: Vec<(String, String)> = el
        .attributes()
        .iter()
        .map(|a| (a.name(), a.value()))
        .collect();
    let kept = RefCell::new(Vec::new());
    for (name, value) in attributes {
        el.remove_attribute(&name);
        if !allowed.contains(&name.as_str()) && !GLOBAL.contains(&name.as_str()) {
            continue;
        }
        if let Some(value) = checked_value(&tag, &name, &value, top) {
            kept.borrow_mut().push((name, value));
        }
    }
    if tag == "input"
        && !kept
            .borrow()
            .iter()
            .any(|(n, v)| n == "type" && v == "checkbox")
    {
        // Only a task list's disabled checkbox is an input here.
        el.remove();
        return;
    }
    let mut kept = kept.into_inner();
    // A link to a file of the repository the README came from (`[guide](docs/guide.md)`,
    // `<a href="LICENSE">`) reached the drop's origin and a JSON "not found": its text stays,
    // not a link, and says so when pointed at (GitHub links it to the file in the repository).
    if tag == "a" && !files_beside {
        if let Some(at) = kept
            .iter()
            .position(|(n, v)| n == "href" && names_another_file(v))
        {
            let (_, href) = kept.remove(at);
            if !kept.iter().any(|(n, _)| n == "title") {
                kept.push(("title".into(), format!("{href} is not part of this drop")));
            }
        }
    }
    for (name, value) in kept {
        // Names and values come from the allow-list and the checks above.
        let _ = el.set_attribute(&name, &value);
    }
    if tag == "input" {
        let _ = el.set_attribute("disabled", "");
    }
}

/// The value an allowed attribute keeps (as attribute source text), or None to drop it. lol_html
/// hands values over as written, entities and all: URLs are decoded first, checked as the
/// browser will read them, and written back escaped.
fn checked_value(tag: &str, name: &str, value: &str, top: &dyn Fn(&str) -> bool) -> Option<String> {
    let url = |check: fn(&str) -> Option<String>| decode_attribute(value).and_then(|v| check(&v));
    match name {
        "href" => url(safe_link_url).map(|url| {
            let url = match url.strip_prefix('#') {
                // "Back to top" (`#top`, `#`, GitHub's `#readme`): the browser scrolls to the top
                // of the page for `#` and `#top` it finds no anchor for, as on GitHub, where the
                // prefix made it a link to nothing. A document with its own `top` keeps it.
                Some("") => url,
                Some(fragment)
                    if ["top", "readme"]
                        .iter()
                        .any(|t| fragment.eq_ignore_ascii_case(t))
                        && !top(fragment) =>
                {
                    "#top".to_string()
                }
                Some(fragment) if !fragment.starts_with(ID_PREFIX) => {
                    format!("#{ID_PREFIX}{fragment}")
                }
                _ => url,
            };
            escape_attribute(&url)
        }),
        "src" => url(safe_image_url).map(|url| escape_attribute(&url)),
        "srcset" => url(safe_srcset).map(|set| escape_attribute(&set)),
        // `<a name="install"></a>`, the anchor older READMEs link to (`#install`): prefixed like
        // an id (GitHub keeps it so), so the browser scrolls to it as it does to an id.
        "id" | "name" => Some(if value.starts_with(ID_PREFIX) {
            value.to_string()
        } else {
            format!("{ID_PREFIX}{value}")
        }),
        "class" => {
            let kept: Vec<&str> = value
                .split_ascii_whitespace()
                .filter(|c| CLASS_PREFIXES.iter().any(|p| c.starts_with(p)))
                .collect();
            (!kept.is_empty()).then(|| kept.join(" "))
        }
        // The one style pulldown-cmark writes: a table column's alignment.
        "style" => ["left", "center", "right"]
            .iter()
            .map(|side| format!("text-align: {side}"))
            .find(|s| s == value)
            .filter(|_| matches!(tag, "th" | "td")),
        "type" if tag == "input" => (value == "checkbox").then(|| value.to_string()),
        _ => Some(value.to_string()),
    }
}

/// Whether the document has an element whose id or name is `anchor` (a heading "Top" has the id
/// `top` here, before the prefix), so `#top` goes to it rather than to the page's top.
fn names(html: &str, anchor: &str) -> bool {
    ["id=\"", "name=\"", "id='", "name='"]
        .iter()
        .any(|attribute| {
            html.contains(&format!(
                "{attribute}{anchor}{}",
                &attribute[attribute.len() - 1..]
            ))
        })
}

/// Decodes character references in an attribute value as a browser does, for the references a
/// URL trick needs (numeric ones and the named ones below). Any other named reference makes the
/// value undecidable here: None, and the attribute is dropped.
fn decode_attribute(raw: &str) -> Option<String> {
    const NAMED: &[(&str, char)] = &[
        ("amp", '&'),
        ("lt", '<'),
        ("gt", '>'),
        ("quot", '"'),
        ("apos", '\''),
        ("nbsp", '\u{a0}'),
        ("colon", ':'),
        ("Tab", '\t'),
        ("NewLine", '\n'),
        ("sol", '/'),
        ("period", '.'),
        ("lpar", '('),
        ("rpar", ')'),
        ("num", '#'),
        ("excl", '!'),
        ("semi", ';'),
        ("comma", ','),
        ("equals", '='),
        ("quest", '?'),
        ("lowbar", '_'),
        ("percnt", '%'),
        ("commat", '@'),
        ("plus", '+'),
        ("dollar", '$'),
        ("ast", '*'),
        ("bsol", '\\'),
        ("Hat", '^'),
    ];
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(numeric) = rest.strip_prefix('#') {
            let (hex, digits) = match numeric.strip_prefix(['x', 'X']) {
                Some(h) => (true, h),
                None => (false, numeric),
            };
            let len = digits
                .find(|c: char| {
                    !(if hex {
                        c.is_ascii_hexdigit()
                    } else {
                        c.is_ascii_digit()
                    })
                })
                .unwrap_or(digits.len());
            if len == 0 {
                out.push('&');
                continue;
            }
            let code = u32::from_str_radix(&digits[..len], if hex { 16 } else { 10 }).ok();
            out.push(code.and_then(char::from_u32).unwrap_or('\u{fffd}'));
            let after = &digits[len..];
            rest = after.strip_prefix(';').unwrap_or(after);
            continue;
        }
        let len = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        if len == 0 {
            out.push('&');
            continue;
        }
        let (name, after) = rest.split_at(len);
        let decoded = NAMED.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)?;
        out.push(decoded);
        rest = after.strip_prefix(';').unwrap_or(after);
    }
    out.push_str(rest);
    Some(out)
}

/// A decoded value as attribute source text again.
fn escape_attribute(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A `srcset` whose every candidate is a safe image URL, else None.
fn safe_srcset(value: &str) -> Option<String> {
    let mut out = Vec::new();
    for candidate in value.split(',') {
        let mut parts = candidate.split_ascii_whitespace();
        let url = safe_image_url(parts.next()?)?;
        // Descriptors are `1.5x` or `640w`: digits, a dot and one letter.
        let descriptor: Vec<&str> = parts.collect();
        if descriptor.len() > 1
            || descriptor.iter().any(|d| {
                !d.chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == 'x' || c == 'w')
            })
        {
            return None;
        }
        out.push(if descriptor.is_empty() {
            url
        } else {
            format!("{url} {}", descriptor[0])
        });
    }
    (!out.is_empty()).then(|| out.join(", "))
}

#[cfg(test)]
mod tests;
