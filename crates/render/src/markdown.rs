//! Markdown to a styled, readable page. The markdown is untrusted: links and images with unsafe
//! URL schemes are dropped, and the rendered fragment, the author's HTML included, passes an
//! allow-list sanitiser (allow_list.rs) as a README's HTML does on GitHub.

use pulldown_cmark::{
    CodeBlockKind, CowStr, Event, LinkType, MetadataBlockKind, Options, Parser, Tag, TagEnd,
};

use crate::layout::Page;
use crate::url_policy::{safe_image_url, safe_link_url};
use crate::vendor::MARKDOWN_EXTRAS_JS;

const MARKDOWN_CSS: &str = include_str!("assets/markdown.css");

/// A complete HTML page for a markdown document. A document with diagrams, math, emoji
/// shortcodes or fenced code with a language also loads the script that draws them (which loads
/// mermaid, KaTeX or the highlighter only when the document has a diagram, a formula or such
/// code); any other document is a page without script.
pub fn markdown_page(markdown: &str, title: &str, download_url: &str) -> String {
    page(markdown, title, download_url, false)
}

/// The page for a `.md` file of a zipped site that a person navigates to (README "Zipped
/// sites": markdown files): drawn as a dropped one is, except that its relative links and
/// images name files beside it in the zip, so they stay links.
pub fn site_markdown_page(markdown: &str, title: &str, download_url: &str) -> String {
    page(markdown, title, download_url, true)
}

fn page(markdown: &str, title: &str, download_url: &str, files_beside: bool) -> String {
    let (html, features) = render_among(markdown, files_beside);
    Page {
        title,
        download_url,
        style: MARKDOWN_CSS,
        main: format!("<article class=\"plug-prose\">\n{html}</article>"),
        main_attributes: String::new(),
        scripts: if features.any() {
            &[MARKDOWN_EXTRAS_JS]
        } else {
            &[]
        },
    }
    .render()
}

/// The markdown body alone: GitHub-flavoured (tables, strikethrough, task
/// lists, footnotes, alerts, math, bare URLs linked), front matter skipped, then sanitised.
pub fn markdown_to_safe_html(markdown: &str) -> String {
    render(markdown).0
}

/// What a document holds that its page draws with script.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// A ```mermaid block.
    pub mermaid: bool,
    /// `$…$`, `$$…$$` (or ChatGPT's and Claude's `\(…\)`, `\[…\]`) or a ```math block.
    pub math: bool,
    /// Something shaped like an emoji shortcode (`:tada:`) in prose.
    pub emoji: bool,
    /// A fenced code block with a language (```rust), coloured as on GitHub.
    pub code: bool,
}

impl Features {
    fn any(self) -> bool {
        self.mermaid || self.math || self.emoji || self.code
    }
}

fn render(markdown: &str) -> (String, Features) {
    render_among(markdown, false)
}

/// `files_beside`: the document sits among other files (a zipped site's), so a relative link names
/// one of them; a dropped `.md` is alone, and such a link is shown as text.
fn render_among(markdown: &str, files_beside: bool) -> (String, Features) {
    // Notepad's UTF-8 starts with a byte order mark, which would hide front matter's first `---`.
    let markdown = markdown.strip_prefix('\u{feff}').unwrap_or(markdown);
    if structure(markdown) > MAX_STRUCTURE {
        return (text_view(markdown), Features::default());
    }
    // No smart punctuation: GitHub shows `--verbose` and "quotes" as typed, and a flag or a
    // value copied out of prose must still work (it showed `–verbose`, an en dash).
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_GFM
        | Options::ENABLE_MATH
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS;
    let rewritten = tex::dollar_delimiters(markdown, options);
    let markdown = rewritten.as_deref().unwrap_or(markdown);
    let rewritten = obsidian::callouts(markdown, options);
    let markdown = rewritten.as_deref().unwrap_or(markdown);
    let mut sanitiser = Sanitiser::default();
    // A table row with fewer cells than its header is filled with empty ones, as on GitHub; a
    // document that would need more than cmark-gfm's bound of them is drawn without tables.
    let options = if filled_cells(markdown) > MAX_FILLED_CELLS {
        options - Options::ENABLE_TABLES
    } else {
        options
    };
    let mut events = sanitiser.run(Parser::new_ext(markdown, options));
    add_heading_ids(&mut events);
    let events = footnotes_last(events);
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    // Direction matters only where a right-to-left letter is: other documents stay as they were.
    let rtl = markdown.chars().any(right_to_left);
    (
        crate::allow_list::sanitize_fragment(&html, rtl, files_beside),
        sanitiser.features,
    )
}

/// A letter of a script written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and their
/// presentation forms, and the historic ones past the Basic Multilingual Plane.
fn right_to_left(c: char) -> bool {
    matches!(c, '\u{590}'..='\u{8ff}' | '\u{fb1d}'..='\u{fdff}' | '\u{fe70}'..='\u{fefc}' | '\u{10800}'..='\u{10fff}' | '\u{1e800}'..='\u{1efff}')
}

/// Moves footnote definitions to the end of the document, where GitHub lists them, whatever
/// line of the markdown defines them, and writes notes and references as GitHub does: ids of
/// their own (`fn-…`, `fnref-…`: a note's bare label was its id, so `[^usage]` and `## Usage`
/// were both `user-content-usage` and the reference scrolled to the heading) and a `↩` back to
/// where the note is cited.
fn footnotes_last(events: Vec<Event<'_>>) -> Vec<Event<'_>> {
    // A document without notes is kept as it is: a second list of its events held a 1 MB file's
    // events twice (80 bytes each: 160 MB for a million short paragraphs, past the isolate's 128).
    if !events
        .iter()
        .any(|e| matches!(e, Event::Start(Tag::FootnoteDefinition(_))))
    {
        return events;
    }
    let mut body = Vec::with_capacity(events.len());
    let mut notes = Vec::new();
    let mut depth = 0usize;
    for event in events {
        match &event {
            Event::Start(Tag::FootnoteDefinition(_)) => depth += 1,
            Event::End(TagEnd::FootnoteDefinition) => {
                depth = depth.saturating_sub(1);
                notes.push(event);
                continue;
            }
            _ => {}
        }
        if depth > 0 {
            notes.push(event);
        } else {
            body.push(event);
        }
    }
    body.extend(notes);
    // Numbered in the order they are first met, as pulldown-cmark numbers them; a note's own
    // reference (the first) gets the id its `↩` returns to. Each number is kept doubled, plus
    // one once cited (the map's type is the headings' one: no second copy of its code).
    let mut numbers = std::collections::HashMap::<String, usize>::new();
    let mut open = Vec::new();
    for event in &mut body {
        let (name, reference) = match event {
            Event::FootnoteReference(name) | Event::Start(Tag::FootnoteDefinition(name)) => (
                name.to_string(),
                matches!(event, Event::FootnoteReference(_)),
            ),
            Event::End(TagEnd::FootnoteDefinition) => {
                *event = Event::Html(CowStr::from(match open.pop().flatten() {
                    Some(label) => format!(
                        "<a href=\"#fnref-{label}\" class=\"footnote-backref\">↩</a></div>\n"
                    ),
                    None => "</div>\n".to_string(),
                }));
                continue;
            }
            _ => continue,
        };
        let next = numbers.len() * 2 + 2;
        let label = crate::escape::attr(&name);
        let number = numbers.entry(name).or_insert(next);
        let (n, cited) = (*number / 2, *number % 2 == 1);
        let html = if reference {
            *number |= 1;
            let id = if cited {
                String::new()
            } else {
                format!(" id=\"fnref-{label}\"")
            };
            format!("<sup class=\"footnote-reference\"><a href=\"#fn-{label}\"{id}>{n}</a></sup>")
        } else {
            open.push(cited.then(|| label.clone()));
            format!("\n<div class=\"footnote-definition\" id=\"fn-{label}\"><sup class=\"footnote-definition-label\">{n}</sup>")
        };
        *event = Event::Html(CowStr::from(html));
    }
    body
}

/// Gives each heading GitHub's anchor id (`## Usage & examples` is `usage--examples`, a repeat
/// `-1`, `-2`…), so a README's table of contents (`[Usage](#usage--examples)`) scrolls; the
/// allow-list then prefixes it as GitHub does (`user-content-`), like the links to it.
fn add_heading_ids(events: &mut [Event<'_>]) {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut i = 0;
    while i < events.len() {
        if !matches!(&events[i], Event::Start(Tag::Heading { id: None, .. })) {
            i += 1;
            continue;
        }
        let mut text = String::new();
        let mut end = i + 1;
        // GitHub slugs the heading's text as the page shows it: an image's alt text is not part
        // of it (`## Contributors [![badge](…)](…)` is `contributors-`).
        let mut images = 0usize;
        while end < events.len() && !matches!(events[end], Event::End(TagEnd::Heading(_))) {
            match &events[end] {
                Event::Start(Tag::Image { .. }) => images += 1,
                Event::End(TagEnd::Image) => images = images.saturating_sub(1),
                Event::Text(t) | Event::Code(t) | Event::InlineMath(t) if images == 0 => {
                    text.push_str(t)
                }
                _ => {}
            }
            end += 1;
        }
        let base = github_slug(&text);
        let count = seen.entry(base.clone()).or_insert(0);
        let slug = if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        };
        *count += 1;
        seen.entry(slug.clone()).or_insert(1);
        if let Event::Start(Tag::Heading { id, .. }) = &mut events[i] {
            *id = Some(CowStr::from(slug));
        }
        i = end;
    }
}

/// GitHub's rule (its filter keeps `[\p{Word}\- ]`): lower case, punctuation and symbols dropped,
/// each space a `-`, the spaces at either end too (`## ![logo](…) Plug` is `-plug`, as on GitHub).
fn github_slug(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if in_word(c) => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Ruby's `\p{Word}` and `-`: letters (Alphabetic), marks, decimal digits, connector punctuation
/// and the joiners. A mark stays although nothing shows it: `## 🛠️ Tech Stack` is
/// `️-tech-stack` with the emoji's U+FE0F, which the links AI tools write to it keep (it was
/// `-tech-stack`, and the table of contents went nowhere), as does a keycap (`1️⃣`), an emoji's
/// zero-width joiner, a Devanagari virama or an accent typed as its own character (macOS's
/// decomposed `Über`). Numbers that are not digits (`²`, `½`, `①`) go, as on GitHub.
fn in_word(c: char) -> bool {
    match c {
        '-'
        | '_'
        | '\u{200c}'
        | '\u{200d}'
        | '\u{203f}'
        | '\u{2040}'
        | '\u{2054}'
        | '\u{fe33}'
        | '\u{fe34}'
        | '\u{fe4d}'..='\u{fe4f}'
        | '\u{ff3f}' => true,
        // Other numbers (No): Rust counts them numeric, Ruby's \p{Word} does not.
        '\u{b2}'
        | '\u{b3}'
        | '\u{b9}'
        | '\u{bc}'..='\u{be}'
        | '\u{2070}'
        | '\u{2074}'..='\u{2079}'
        | '\u{2080}'..='\u{2089}'
        | '\u{2150}'..='\u{215f}'
        | '\u{2460}'..='\u{249b}'
        | '\u{24ea}'..='\u{24ff}'
        | '\u{2776}'..='\u{2793}'
        | '\u{3248}'..='\u{325f}'
        | '\u{3280}'..='\u{3289}'
        | '\u{32b1}'..='\u{32bf}'
        | '\u{1f100}'..='\u{1f10c}' => false,
        c if c.is_alphanumeric() => true,
        // Marks the Alphabetic property leaves out (combining accents, Hebrew and Arabic points,
        // the Indic scripts' viramas and nuktas, Thai and Lao tone marks, kana voicing, variation
        // selectors, keycaps); the Indic blocks' dandas and Thai's baht sign are not marks.
        '\u{964}' | '\u{965}' | '\u{970}' | '\u{e3f}' => false,
        '\u{300}'..='\u{36f}'
        | '\u{483}'..='\u{489}'
        | '\u{591}'..='\u{5bd}'
        | '\u{610}'..='\u{61a}'
        | '\u{64b}'..='\u{65f}'
        | '\u{670}'
        | '\u{6d6}'..='\u{6dc}'
        | '\u{6df}'..='\u{6ed}'
        | '\u{900}'..='\u{dff}'
        | '\u{e31}'..='\u{e4e}'
        | '\u{eb1}'..='\u{ece}'
        | '\u{1ab0}'..='\u{1aff}'
        | '\u{1dc0}'..='\u{1dff}'
        | '\u{20d0}'..='\u{20f0}'
        | '\u{302a}'..='\u{302f}'
        | '\u{3099}'
        | '\u{309a}'
        | '\u{fe00}'..='\u{fe0f}'
        | '\u{fe20}'..='\u{fe2f}'
        | '\u{e0100}'..='\u{e01ef}' => true,
        _ => false,
    }
}

/// Rewrites the event stream: markdown links and images keep only checked URLs, YAML front matter
/// becomes a table (TOML's is left out), and the author's raw HTML goes on to the allow-list
/// sanitiser.
#[derive(Default)]
struct Sanitiser {
    /// One entry per open link / image: was its start kept?
    links: Vec<bool>,
    images: Vec<bool>,
    in_metadata: bool,
    /// The text of the YAML front matter being read.
    front_matter: Option<String>,
    in_code: bool,
    features: Features,
    /// How many tags are open where the parser is.
    depth: usize,
}

/// Tags (quotes, lists, their items, emphasis…) nested deeper than this are left out, their text
/// kept (markdown-it stops nesting at 100 too): every `>` or `- ` of a line is a level,
/// so 3 MB of `>` made 81 MB of `<blockquote>` on every view (past the isolate's 128 MB once the
/// page is copied twice), where no document a person writes goes past a dozen.
const MAX_NESTING: usize = 100;

/// The lines and Markdown punctuation a document may hold and still be drawn as Markdown on a
/// view. The parser's tree and events cost up to about 300 bytes of the isolate's 128 MB for each
/// (1 MB of `a` paragraphs took 206 MB, 1 MB of `- x` 126 MB, 1 MB of table rows 94 MB), while
/// prose costs about a tenth of that per byte: a 1 MB manual holds some 150,000 of them.
const MAX_STRUCTURE: usize = 200_000;

/// The lines of each block of the text view (markdown.css lays out only those on screen).
const TEXT_VIEW_LINES: usize = 1000;

/// What the text view of a document past [`MAX_STRUCTURE`] holds, escaped, before it stops.
const MAX_TEXT_VIEW: usize = 6 << 20;

/// Lines, and bytes that can open or close a block or an inline element, or a table cell: an
/// upper bound, within a small factor, of the parser's nodes and events.
fn structure(markdown: &str) -> usize {
    markdown
        .bytes()
        .filter(|b| b"\n|>*_-+[]<!`~$\\&#:.)".contains(b))
        .count()
}

/// `1234567` as `1,234,567`, as a reader counts lines.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A document too dense to draw on a view (GitHub stops rendering large files too), shown as its
/// text: `<` and `&` escaped, nothing parsed, and no more than [`MAX_TEXT_VIEW`] of it.
fn text_view(markdown: &str) -> String {
    let lines = grouped(markdown.lines().count());
    let mut html = format!(
        "<p class=\"plug-too-large\">This document has more structure than Plug draws as \
         Markdown on a page ({lines} lines), so it is shown as its text. Download the original \
         to open it in an editor.</p>\n<pre class=\"plug-text\"><span>"
    );
    let mut cut = false;
    let mut lines = 0;
    for c in markdown.chars() {
        if html.len() >= MAX_TEXT_VIEW {
            cut = true;
            break;
        }
        match c {
            '<' => html.push_str("&lt;"),
            '&' => html.push_str("&amp;"),
            // In blocks of TEXT_VIEW_LINES that the browser lays out only when scrolled to: one
            // text of 5 MB kept Chromium 5 s from showing the page, blocks take 0.3 s.
            '\n' => {
                html.push('\n');
                lines += 1;
                if lines % TEXT_VIEW_LINES == 0 {
                    html.push_str("</span><span>");
                }
            }
            c => html.push(c),
        }
    }
    html.push_str("</span></pre>\n");
    if cut {
        html.push_str("<p class=\"plug-too-large\">The rest is in the original.</p>\n");
    }
    html
}

/// The empty cells a document's short table rows may be filled with (cmark-gfm's
/// `MAX_AUTOCOMPLETED_CELLS`, GitHub's renderer). A written cell costs a byte of the document, a
/// filled one nothing: 30 KB of ragged 500-column tables made 22 MB of `<td></td>`, and the
/// parser's own bound is per table, so 300 KB of them still built 26 million cells.
const MAX_FILLED_CELLS: usize = 0x80000;

/// At least as many empty cells as the document's tables fill their short rows with: after each
/// delimiter row (`|---|:-:|`), each line up to the next blank one is a row with the cells its
/// unescaped `|` make, short of the delimiter row's count.
fn filled_cells(markdown: &str) -> usize {
    let cells = |line: &str| {
        let row = line.trim();
        let row = row.strip_prefix('|').unwrap_or(row);
        let row = row
            .strip_suffix('|')
            .filter(|r| !r.ends_with('\\'))
            .unwrap_or(row);
        1 + row
            .match_indices('|')
            .filter(|(i, _)| !row[..*i].ends_with('\\'))
            .count()
    };
    let mut columns = 0;
    let mut filled = 0usize;
    for line in markdown.lines() {
        let line = line.trim_start_matches([' ', '\t', '>']);
        if line.trim().is_empty() {
            columns = 0;
        } else if line.contains('-')
            && line.contains('|')
            && line
                .trim()
                .bytes()
                .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'))
        {
            columns = cells(line);
        } else if columns > 0 {
            filled = filled.saturating_add(columns.saturating_sub(cells(line)));
        }
    }
    filled
}

impl Sanitiser {
    fn run<'a>(&mut self, events: impl Iterator<Item = Event<'a>>) -> Vec<Event<'a>> {
        let mut out = Vec::new();
        // Adjacent text comes in pieces (`_` and `*` split it): joined, a URL is seen whole.
        let mut text: Option<String> = None;
        for event in events {
            let deep = match &event {
                Event::Start(_) => {
                    self.depth += 1;
                    self.depth > MAX_NESTING
                }
                Event::End(_) => {
                    self.depth = self.depth.saturating_sub(1);
                    self.depth >= MAX_NESTING
                }
                _ => false,
            };
            if deep {
                continue;
            }
            match (event, text.as_mut()) {
                (Event::Text(piece), Some(joined)) => joined.push_str(&piece),
                (Event::Text(piece), None) => text = Some(piece.into_string()),
                (other, _) => {
                    if let Some(joined) = text.take() {
                        self.prose(joined, &mut out);
                    }
                    out.extend(self.map(other));
                }
            }
        }
        if let Some(joined) = text.take() {
            self.prose(joined, &mut out);
        }
        out
    }

    /// Text outside code and links: bare URLs become links (GitHub's autolink extension) and
    /// shortcodes are noted for the page's script.
    fn prose<'a>(&mut self, text: String, out: &mut Vec<Event<'a>>) {
        if self.in_code || self.in_metadata || !self.links.is_empty() || !self.images.is_empty() {
            match &mut self.front_matter {
                Some(yaml) if self.in_metadata => yaml.push_str(&text),
                _ if self.in_metadata => {}
                _ => out.push(Event::Text(CowStr::from(text))),
            }
            return;
        }
        self.features.emoji |= crate::autolink::has_shortcode(&text);
        obsidian::prose(&text, out, &mut autolinked);
    }
}

/// Prose with its bare URLs linked (GitHub's autolink extension).
fn autolinked<'a>(text: &str, out: &mut Vec<Event<'a>>) {
    let mut rest = text;
    while let Some((start, end)) = crate::autolink::find_url(rest) {
        let url = &rest[start..end];
        let href = if url.starts_with("www.") {
            format!("http://{url}")
        } else {
            url.to_string()
        };
        if start > 0 {
            out.push(Event::Text(CowStr::from(rest[..start].to_string())));
        }
        match safe_link_url(&href) {
            Some(href) => out.extend([
                Event::Start(Tag::Link {
                    link_type: LinkType::Autolink,
                    dest_url: CowStr::from(href),
                    title: CowStr::from(""),
                    id: CowStr::from(""),
                }),
                Event::Text(CowStr::from(url.to_string())),
                Event::End(TagEnd::Link),
            ]),
            None => out.push(Event::Text(CowStr::from(url.to_string()))),
        }
        rest = &rest[end..];
    }
    if !rest.is_empty() {
        out.push(Event::Text(CowStr::from(rest.to_string())));
    }
}

/// YAML front matter as GitHub shows it: a table of its keys over their values (a Jekyll post's
/// title and date, a Claude skill's or agent's name and description, an Obsidian note's
/// properties), a list's items joined with commas and a folded text's lines with spaces. Front
/// matter that is not such a mapping is left out.
fn front_matter_table(yaml: &str) -> Option<CowStr<'static>> {
    let mut keys = String::from("<table>\n<thead><tr>");
    let mut values = String::new();
    let mut open = false;
    for line in yaml.lines() {
        let item = line.trim();
        if item.is_empty() || item.starts_with('#') {
            continue;
        }
        let piece = if line.starts_with([' ', '\t', '-']) {
            if !open {
                return None;
            }
            let list = item.strip_prefix("- ");
            let joint = if values.ends_with("<td>") {
                ""
            } else if list.is_some() {
                ", "
            } else {
                " "
            };
            values.push_str(joint);
            list.unwrap_or(item)
        } else {
            let (key, first) = line.split_once(':')?;
            keys.push_str("<th>");
            keys.push_str(&crate::escape::text(unquote(key)));
            keys.push_str("</th>");
            values.push_str(if open { "</td><td>" } else { "<td>" });
            open = true;
            first
        };
        values.push_str(&crate::escape::text(unquote(piece)));
    }
    if !open {
        return None;
    }
    keys.push_str("</tr></thead>\n<tbody><tr>");
    keys.push_str(&values);
    keys.push_str("</td></tr></tbody>\n</table>\n");
    Some(CowStr::from(keys))
}

/// A YAML scalar's text: quotes and a flow list's brackets off, a block scalar's `|` or `>` empty.
fn unquote(value: &str) -> &str {
    let value = value.trim();
    if value.starts_with(['|', '>']) {
        return "";
    }
    value.trim_matches(['"', '\'', '[', ']'])
}

impl Sanitiser {
    fn map<'a>(&mut self, event: Event<'a>) -> Option<Event<'a>> {
        if self.in_metadata {
            self.in_metadata = !matches!(event, Event::End(TagEnd::MetadataBlock(_)));
            return match self.in_metadata {
                true => None,
                false => front_matter_table(&self.front_matter.take()?).map(Event::Html),
            };
        }
        match event {
            Event::Start(Tag::MetadataBlock(kind)) => {
                self.in_metadata = true;
                self.front_matter = (kind == MetadataBlockKind::YamlStyle).then(String::new);
                None
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                if let CodeBlockKind::Fenced(info) = &kind {
                    match info.split_whitespace().next() {
                        Some("mermaid") => self.features.mermaid = true,
                        Some("math") => self.features.math = true,
                        Some(_) => self.features.code = true,
                        None => {}
                    }
                }
                self.in_code = true;
                Some(Event::Start(Tag::CodeBlock(kind)))
            }
            Event::End(TagEnd::CodeBlock) => {
                self.in_code = false;
                Some(Event::End(TagEnd::CodeBlock))
            }
            Event::InlineMath(tex) => {
                self.features.math = true;
                // GitHub's other inline form, $`\sqrt{3}`$ (Notion exports it too): the backticks
                // are delimiters, not part of the formula KaTeX is handed.
                let tex = match tex.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
                    Some(inner) if !inner.is_empty() => CowStr::from(inner.to_string()),
                    _ => tex,
                };
                Some(Event::InlineMath(tex))
            }
            Event::DisplayMath(tex) => {
                self.features.math = true;
                Some(Event::DisplayMath(tex))
            }
            // The author's HTML passes as written; the allow-list sanitiser decides what stays.
            Event::Start(Tag::HtmlBlock) | Event::End(TagEnd::HtmlBlock) => None,
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let url = safe_link_url(&dest_url);
                self.links.push(url.is_some());
                url.map(|url| {
                    Event::Start(Tag::Link {
                        link_type,
                        dest_url: CowStr::from(url),
                        title,
                        id,
                    })
                })
            }
            Event::End(TagEnd::Link) => self
                .links
                .pop()
                .unwrap_or(false)
                .then_some(Event::End(TagEnd::Link)),
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let url = safe_image_url(&dest_url);
                self.images.push(url.is_some());
                // A dropped image leaves its alt text behind as plain text.
                url.map(|url| {
                    Event::Start(Tag::Image {
                        link_type,
                        dest_url: CowStr::from(url),
                        title,
                        id,
                    })
                })
            }
            Event::End(TagEnd::Image) => self
                .images
                .pop()
                .unwrap_or(false)
                .then_some(Event::End(TagEnd::Image)),
            other => Some(other),
        }
    }
}

mod obsidian;
mod tex;

#[cfg(test)]
mod tests;
