//! Obsidian's markdown where GitHub's has no word for it, so a note dropped from a vault reads as
//! it did there rather than showing its syntax: `==highlight==` is marked, a `[[Note]]` or
//! `[[Note|alias]]` link shows its text (the note it names is not in the drop), and a callout
//! with a title, a fold marker or one of Obsidian's other types (`> [!tip] Title`, `> [!bug]-`)
//! becomes the GitHub alert of its family with its title in bold under it.

use pulldown_cmark::{CowStr, Event, Options};

/// Obsidian's callout types and aliases, by the GitHub alert drawn for them; `quote` and `cite`
/// are plain quotes.
const FAMILIES: [(&str, &[&str]); 5] = [
    (
        "NOTE",
        &[
            "note", "info", "todo", "abstract", "summary", "tldr", "example", "quote", "cite",
        ],
    ),
    ("TIP", &["tip", "hint", "success", "check", "done"]),
    ("IMPORTANT", &["important", "question", "help", "faq"]),
    ("WARNING", &["warning", "attention"]),
    (
        "CAUTION",
        &["failure", "fail", "missing", "danger", "error", "bug"],
    ),
];

/// The markdown with Obsidian's callouts written as GitHub alerts, or `None` when nothing changed.
pub(super) fn callouts(markdown: &str, options: Options) -> Option<String> {
    if !markdown.contains("[!") {
        return None;
    }
    let kept = super::tex::verbatim_ranges(markdown, options);
    let mut out = String::with_capacity(markdown.len() + 64);
    let mut changed = false;
    let mut at = 0;
    // A callout opens a quote, or a quote inside one (`> > [!tip]`, Obsidian's nested callouts):
    // the first line at a deeper level of `>` than the line before.
    let mut previous_depth = 0;
    for line in markdown.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let depth = line
            .chars()
            .take_while(|c| matches!(c, ' ' | '\t' | '>'))
            .filter(|c| *c == '>')
            .count();
        let first = depth > previous_depth;
        previous_depth = depth;
        if first && !kept.iter().any(|range| range.contains(&start)) {
            if let Some(rewritten) = callout(line) {
                out.push_str(&rewritten);
                changed = true;
                continue;
            }
        }
        out.push_str(line);
    }
    changed.then_some(out)
}

/// `> [!type]± Title` as a GitHub alert line (and a bold title line), when GitHub would not
/// read it as one already.
fn callout(line: &str) -> Option<String> {
    let body_at = line.len() - line.trim_start_matches([' ', '\t', '>']).len();
    let (prefix, rest) = line.split_at(body_at);
    let rest = rest.strip_prefix("[!")?;
    let close = rest.find(']')?;
    let kind = rest[..close].to_ascii_lowercase();
    let after = rest[close + 1..].trim_end_matches(['\n', '\r']);
    let (folded, title) = match after.strip_prefix(['+', '-']) {
        Some(title) => (true, title.trim()),
        None => (false, after.trim()),
    };
    // GitHub's own five keep their kind (Obsidian draws `caution` as a warning, GitHub in red).
    let family = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]
        .into_iter()
        .find(|family| kind.eq_ignore_ascii_case(family))
        .or_else(|| {
            FAMILIES
                .iter()
                .find(|(_, names)| names.contains(&kind.as_str()))
                .map(|(family, _)| *family)
        })
        .unwrap_or("NOTE");
    let github_reads_it = kind.eq_ignore_ascii_case(family) && !folded && title.is_empty();
    if github_reads_it || !after.is_empty() && !after.starts_with([' ', '+', '-']) {
        return None;
    }
    let prefix = prefix.trim_end_matches([' ', '\t']);
    let mut out = if matches!(kind.as_str(), "quote" | "cite") {
        String::new()
    } else {
        format!("{prefix} [!{family}]\n")
    };
    if !title.is_empty() {
        // Its own paragraph, so the body starts under it.
        out.push_str(&format!("{prefix} **{title}**\n{prefix}\n"));
    }
    if out.is_empty() {
        // A quote callout without a title: the quote alone.
        out.push_str(&format!("{prefix}\n"));
    }
    Some(out)
}

/// Prose with `==highlight==` as `<mark>` and `[[Note|alias]]` as its text; pieces that are
/// neither go to `plain` (which links bare URLs). Each kind's next match is looked for again only
/// once the text has moved past the last one found (or when none was left): a text of 400,000
/// highlights looked through all the rest for a wiki link after each one (36 s on every view).
pub(super) fn prose<'a>(
    text: &str,
    out: &mut Vec<Event<'a>>,
    plain: &mut dyn FnMut(&str, &mut Vec<Event<'a>>),
) {
    type Found = Option<(usize, std::ops::Range<usize>, usize)>;
    /// The next match at or after `offset`, in positions of `text`.
    fn next(
        known: &mut Option<Found>,
        offset: usize,
        text: &str,
        find: fn(&str) -> Found,
    ) -> Found {
        if let Some(Some((start, ..))) = known {
            if *start < offset {
                *known = None;
            }
        }
        known
            .get_or_insert_with(|| {
                find(&text[offset..]).map(|(s, inner, e)| {
                    (
                        s + offset,
                        inner.start + offset..inner.end + offset,
                        e + offset,
                    )
                })
            })
            .clone()
    }
    let (mut marks, mut links) = (None, None);
    let mut offset = 0;
    while offset < text.len() {
        let mark = next(&mut marks, offset, text, highlight);
        let link = next(&mut links, offset, text, wikilink);
        let found = match (mark, link) {
            (Some(m), Some(l)) => Some(if m.0 <= l.0 { (m, true) } else { (l, false) }),
            (Some(m), None) => Some((m, true)),
            (None, Some(l)) => Some((l, false)),
            (None, None) => None,
        };
        let Some(((start, inner, end), is_mark)) = found else {
            plain(&text[offset..], out);
            return;
        };
        if start > offset {
            plain(&text[offset..start], out);
        }
        if is_mark {
            out.push(Event::InlineHtml(CowStr::from("<mark>")));
            plain(&text[inner.clone()], out);
            out.push(Event::InlineHtml(CowStr::from("</mark>")));
        } else {
            let target = &text[inner];
            let shown = target.split_once('|').map_or(target, |(_, alias)| alias);
            out.push(Event::Text(CowStr::from(shown.trim().to_string())));
        }
        offset = end;
    }
}

/// The first `==text==` (no space just inside, not part of `===`): its start, text and end.
fn highlight(text: &str) -> Option<(usize, std::ops::Range<usize>, usize)> {
    let mut from = 0;
    while let Some(found) = text[from..].find("==") {
        let open = from + found;
        from = open + 2;
        let inner = open + 2;
        if text[..open].ends_with('=')
            || text[inner..].starts_with(['=', ' ', '\t'])
            || inner >= text.len()
        {
            continue;
        }
        let close = text[inner..].find("==").map(|n| inner + n)?;
        if text[..close].ends_with([' ', '\t']) || text[close + 2..].starts_with('=') {
            continue;
        }
        return Some((open, inner..close, close + 2));
    }
    None
}

/// The first `[[target]]` not preceded by `!` (an embed stays as typed), on one line. A target
/// holds no bracket or line break, so each opening is read only up to the next of those: looking
/// for its `]]` in all the rest made `[[` x 200,000 then `]]` x 200,000 (800 KB) take 17 s.
fn wikilink(text: &str) -> Option<(usize, std::ops::Range<usize>, usize)> {
    let mut from = 0;
    while let Some(found) = text[from..].find("[[") {
        let open = from + found;
        let inner = open + 2;
        let close = text[inner..]
            .find(['\n', '[', ']'])
            .map_or(text.len(), |n| inner + n);
        from = close.max(inner);
        let target = &text[inner..close];
        if !text[close..].starts_with("]]")
            || text[..open].ends_with('!')
            || target.trim().is_empty()
        {
            continue;
        }
        return Some((open, inner..close, close + 2));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titled_folded_and_other_callouts_become_github_alerts() {
        let md = "> [!tip] Remember the demo\n> Body.\n\n> [!bug]- Crash\n> Trace.\n\n> [!note]\n> As is.\n\n> [!quote] Ada\n> Words.\n\n```\n> [!tip] code\n```\n";
        assert_eq!(
            callouts(md, Options::ENABLE_GFM).unwrap(),
            "> [!TIP]\n> **Remember the demo**\n>\n> Body.\n\n> [!CAUTION]\n> **Crash**\n>\n> Trace.\n\n> [!note]\n> As is.\n\n> **Ada**\n>\n> Words.\n\n```\n> [!tip] code\n```\n"
        );
        assert_eq!(callouts("> [!NOTE]\n> x\n", Options::ENABLE_GFM), None);
        assert_eq!(
            callouts("> text\n> [!tip] not first\n", Options::ENABLE_GFM),
            None
        );
    }

    #[test]
    fn a_callout_nested_in_another_is_one_too() {
        let md = "> [!info] Outer\n> Text.\n> > [!tip] Inner\n> > Tip body.\n> Back out.\n";
        assert_eq!(
            callouts(md, Options::ENABLE_GFM).unwrap(),
            "> [!NOTE]\n> **Outer**\n>\n> Text.\n> > [!TIP]\n> > **Inner**\n> >\n> > Tip body.\n> Back out.\n"
        );
        let html = crate::markdown_to_safe_html(md);
        assert!(
            html.contains("<blockquote class=\"markdown-alert-tip\">"),
            "{html}"
        );
        assert!(!html.contains("[!tip]"), "{html}");
    }

    fn render(text: &str) -> Vec<Event<'static>> {
        let mut out = Vec::new();
        prose(text, &mut out, &mut |piece, out| {
            out.push(Event::Text(CowStr::from(piece.to_string())))
        });
        out
    }

    #[test]
    fn highlights_and_wikilinks_read_as_in_obsidian() {
        let text = |s: &str| Event::Text(CowStr::from(s.to_string()));
        let html = |s: &str| Event::InlineHtml(CowStr::from(s.to_string()));
        assert_eq!(
            render("See [[Projects/Roadmap#Q3|the roadmap]] and ==ship it== now"),
            [
                text("See "),
                text("the roadmap"),
                text(" and "),
                html("<mark>"),
                text("ship it"),
                html("</mark>"),
                text(" now"),
            ]
        );
        assert_eq!(render("[[Alice Martin]]"), [text("Alice Martin")]);
        for kept in [
            "a == b",
            "x === y",
            "![[diagram.png]]",
            "== spaced ==",
            "[[]]",
        ] {
            assert_eq!(render(kept), [text(kept)], "{kept}");
        }
    }

    #[test]
    fn many_highlights_before_a_wikilink_are_read_in_linear_time() {
        // After each highlight the rest was searched again for a wiki link: 36 s for 1 MB.
        let text = format!("{}[[x|y]]", "==a== ".repeat(100_000));
        let started = std::time::Instant::now();
        let events = render(&text);
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        let marks = events
            .iter()
            .filter(|e| matches!(e, Event::InlineHtml(h) if h.as_ref() == "<mark>"));
        assert_eq!(marks.count(), 100_000);
        assert!(matches!(events.last(), Some(Event::Text(t)) if t.as_ref() == "y"));
    }

    #[test]
    fn unclosed_and_nested_wikilinks_are_read_in_linear_time() {
        // Each `[[` looked for its `]]` through all the rest: 800 KB took 17 s on every view.
        for (text, pieces) in [
            ("[[".repeat(200_000) + &"]]".repeat(200_000), 1),
            ("[[a".repeat(200_000) + "]]", 2),
            ("[[a\n".repeat(100_000) + "]]", 1),
        ] {
            let started = std::time::Instant::now();
            let events = render(&text);
            assert!(started.elapsed() < std::time::Duration::from_secs(10));
            assert_eq!(events.len(), pieces, "{}", &text[..8]);
        }
        assert_eq!(
            render("[[a]b]] [[x]]] ![[y]] [[[z]]"),
            [
                Event::Text(CowStr::from("[[a]b]] ")),
                Event::Text(CowStr::from("x")),
                Event::Text(CowStr::from("] ![[y]] [[[z]]")),
            ]
        );
    }
}
