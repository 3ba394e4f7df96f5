//! LaTeX's own math delimiters, as ChatGPT and Claude write them in the answers people copy or
//! export: `\( … \)` inline and `\[ … \]` on lines of their own. CommonMark reads `\(` as an
//! escaped parenthesis, so "\( ax^2 \)" showed as "( ax^2 )" and a formula's `\\` and `\{` lost
//! their backslashes. Before the document is parsed for good they are rewritten to the `$…$` and
//! `$$…$$` GitHub uses (read once to find code, HTML and math, which stay as written), so KaTeX
//! draws them as those tools show them.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag};

/// The markdown with `\(…\)` and `\[…\]` made `$…$` and `$$…$$`, or `None` when it has none.
///
/// Linear in the document: the verbatim ranges are searched by bisection, a line's and a
/// paragraph's end are found once, and a scan that found no closing delimiter is not repeated for
/// a later opening one on the same line (`\(`) or in the same paragraph (`\[`). A line of 400,000
/// `\(` took 93 s, on every view of the page.
pub(super) fn dollar_delimiters(markdown: &str, options: Options) -> Option<String> {
    if !markdown.contains("\\(") && !markdown.contains("\\[") {
        return None;
    }
    let kept = disjoint(verbatim_ranges(markdown, options));
    let inside = |at: usize| {
        let next = kept.partition_point(|range| range.start <= at);
        next > 0 && kept[next - 1].contains(&at)
    };
    let bytes = markdown.as_bytes();
    let mut out = String::with_capacity(markdown.len());
    let mut ends = Ends::default();
    let (mut no_inline_before, mut no_display_before) = (0, 0);
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = markdown[at..].find('\\') {
        let start = at + found;
        at = start + 1;
        let Some(&kind) = bytes.get(start + 1) else {
            break;
        };
        let dead = if kind == b'(' {
            no_inline_before
        } else {
            no_display_before
        };
        if !matches!(kind, b'(' | b'[') || start < dead || escaped(bytes, start) || inside(start) {
            if kind == b'\\' {
                at += 1;
            }
            continue;
        }
        let found = if kind == b'(' {
            inline(markdown, start, &mut ends).map_err(|end| no_inline_before = end)
        } else {
            display(markdown, start, &mut ends).map_err(|end| no_display_before = end)
        };
        let Ok((tex, end)) = found else {
            continue;
        };
        if inside(end - 1) || tex.contains('$') {
            continue;
        }
        let fence = if kind == b'(' { "$" } else { "$$" };
        out.push_str(&markdown[copied..start]);
        out.push_str(fence);
        out.push_str(tex);
        out.push_str(fence);
        copied = end;
        at = end;
    }
    (copied > 0).then(|| {
        out.push_str(&markdown[copied..]);
        out
    })
}

/// Ranges sorted by start with overlapping ones merged, so one bisection finds the one holding a
/// position.
fn disjoint(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|range| range.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match merged.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => merged.push(range),
        }
    }
    merged
}

/// The last line end and paragraph end found, each with the position it was found from: any
/// position from there up to it has the same one.
#[derive(Default)]
struct Ends {
    line: (usize, usize),
    paragraph: (usize, usize),
}

impl Ends {
    fn line(&mut self, markdown: &str, from: usize) -> usize {
        let (known_from, end) = self.line;
        if known_from <= from && from <= end && end > 0 {
            return end;
        }
        let end = markdown[from..]
            .find('\n')
            .map_or(markdown.len(), |n| from + n);
        self.line = (from, end);
        end
    }

    fn paragraph(&mut self, markdown: &str, from: usize) -> usize {
        let (known_from, end) = self.paragraph;
        if known_from <= from && from < end {
            return end;
        }
        let end = blank_line(markdown, from);
        self.paragraph = (from, end);
        end
    }
}

/// Whether the backslash at `at` is itself escaped (an odd run of backslashes before it).
fn escaped(bytes: &[u8], at: usize) -> bool {
    bytes[..at]
        .iter()
        .rev()
        .take_while(|&&b| b == b'\\')
        .count()
        % 2
        == 1
}

/// `\( tex \)` within one line: the formula trimmed (`$…$` takes no space inside its dollars)
/// and where the closing delimiter ends; `Err(line end)` when the line has no closing one, `Err(0)`
/// for an empty formula.
fn inline<'a>(markdown: &'a str, start: usize, ends: &mut Ends) -> Result<(&'a str, usize), usize> {
    let body = start + 2;
    let line_end = ends.line(markdown, body);
    let close = closing(markdown, body, line_end, "\\)").ok_or(line_end)?;
    let tex = markdown[body..close].trim();
    (!tex.is_empty()).then_some((tex, close + 2)).ok_or(0)
}

/// `\[` first on its line (after indentation or a quote's `>`), `\]` last on its line, and no
/// blank line between: a paragraph of display math as the chat tools write it. `Err(paragraph
/// end)` when the paragraph has no such closing one, `Err(0)` otherwise.
fn display<'a>(
    markdown: &'a str,
    start: usize,
    ends: &mut Ends,
) -> Result<(&'a str, usize), usize> {
    let before = &markdown.as_bytes()[..start];
    let lead = before
        .iter()
        .rev()
        .take_while(|&&b| matches!(b, b' ' | b'\t' | b'>'))
        .count();
    if lead < before.len() && before[before.len() - lead - 1] != b'\n' {
        return Err(0);
    }
    let body = start + 2;
    let paragraph_end = ends.paragraph(markdown, body);
    let mut from = body;
    loop {
        let close = closing(markdown, from, paragraph_end, "\\]").ok_or(paragraph_end)?;
        // The line's end is found once for all its `\]` (`Ends::line`), and the check stops at
        // the first character that is not a space: reading each rest of line to its end made a
        // line of `\[` and 200,000 `\]` (800 KB) take 2.4 s.
        let line_end = ends.line(markdown, close + 2);
        if markdown[close + 2..line_end]
            .chars()
            .all(char::is_whitespace)
        {
            let tex = markdown[body..close].trim_matches([' ', '\t']);
            return (!tex.trim().is_empty())
                .then_some((tex, close + 2))
                .ok_or(0);
        }
        from = close + 2;
    }
}

/// The first unescaped `delimiter` in `from..end`.
fn closing(markdown: &str, from: usize, end: usize, delimiter: &str) -> Option<usize> {
    let mut at = from;
    while let Some(found) = markdown[at..end].find(delimiter) {
        let close = at + found;
        if !escaped(markdown.as_bytes(), close) {
            return Some(close);
        }
        at = close + 1;
    }
    None
}

/// Where the paragraph that `from` is in ends: its first blank line, or the document's end.
fn blank_line(markdown: &str, from: usize) -> usize {
    let mut at = from;
    while let Some(n) = markdown[at..].find('\n') {
        let next = at + n + 1;
        let line = markdown[next..].split('\n').next().unwrap_or("");
        if line.trim_matches([' ', '\t', '>', '\r']).is_empty() {
            return next;
        }
        at = next;
    }
    markdown.len()
}

/// Byte ranges whose text markdown shows as written: code, raw HTML, metadata and `$` math.
pub(super) fn verbatim_ranges(markdown: &str, options: Options) -> Vec<Range<usize>> {
    Parser::new_ext(markdown, options)
        .into_offset_iter()
        .filter(|(event, _)| {
            matches!(
                event,
                Event::Code(_)
                    | Event::Html(_)
                    | Event::InlineHtml(_)
                    | Event::InlineMath(_)
                    | Event::DisplayMath(_)
                    | Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock | Tag::MetadataBlock(_))
            )
        })
        .map(|(_, range)| range)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(markdown: &str) -> String {
        dollar_delimiters(markdown, Options::ENABLE_MATH | Options::ENABLE_GFM)
            .unwrap_or_else(|| markdown.to_string())
    }

    #[test]
    fn chat_tools_math_becomes_dollar_math() {
        assert_eq!(
            rewrite("The roots of \\( ax^2 + bx + c = 0 \\) are:\n\n\\[\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n\\]\n"),
            "The roots of $ax^2 + bx + c = 0$ are:\n\n$$\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n$$\n"
        );
        assert_eq!(rewrite("  \\[ \\{a\\} \\\\ b \\]"), "  $$\\{a\\} \\\\ b$$");
        assert_eq!(rewrite("> \\[\n> x\n> \\]"), "> $$\n> x\n>$$");
    }

    #[test]
    fn code_escapes_prices_and_prose_brackets_stay() {
        for kept in [
            "`\\(x\\)` and\n\n```\n\\[\nx\n\\]\n```\n",
            "an escaped \\\\(x\\)",
            "see \\[1\\] in the text",
            "\\[\nnot closed\n\nnext paragraph \\]",
            "\\( \\)",
            "\\(costs $5\\)",
            "<div>\\(x\\)</div>\n",
        ] {
            assert_eq!(rewrite(kept), kept);
        }
        assert_eq!(
            dollar_delimiters("plain (text) [x]", Options::empty()),
            None
        );
    }

    #[test]
    fn openings_without_closings_are_read_in_linear_time() {
        // Each `\(` looked to its line's end, each `\[` to its line's start and its paragraph's
        // end: 800 KB took 93 s and 8 s in a release build, on every view.
        for text in [
            "\\(".repeat(200_000),
            "\\[".repeat(200_000),
            "\\[\n".repeat(100_000),
            "`a`\\(".repeat(100_000),
            "\\(x\\) ".repeat(100_000),
            "\\[x\\]\n".repeat(100_000),
            "\\[".repeat(200_000) + &"\\]".repeat(200_000),
        ] {
            let started = std::time::Instant::now();
            rewrite(&text);
            assert!(
                started.elapsed() < std::time::Duration::from_secs(3),
                "{}",
                &text[..8]
            );
        }
        assert_eq!(rewrite("\\(\\) and \\(x\\) \\( y"), "\\(\\) and $x$ \\( y");
    }
}
