//! LaTeX's own math delimiters, as ChatGPT and Claude write them in the answers people copy or
//! export: `\( … \)` inline and `\[ … \]` on lines of their own. CommonMark reads `\(` as an
//! escaped parenthesis, so "\( ax^2 \)" showed as "( ax^2 )" and a formula's `\\` and `\{` lost
//! their backslashes. Before the document is parsed for good they are rewritten to the `$…$` and
//! `$$…$$` GitHub uses (read once to find code, HTML and math, which stay as written), so KaTeX
//! draws them as those tools show them.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag};

/// The markdown with `\(…\)` and `\[…\]` made `$…$` and `$$…$$`, or `None` when it has none.
pub(super) fn dollar_delimiters(markdown: &str, options: Options) -> Option<String> {
    if !markdown.contains("\\(") && !markdown.contains("\\[") {
        return None;
    }
    let kept = verbatim_ranges(markdown, options);
    let inside = |at: usize| kept.iter().any(|range| range.contains(&at));
    let bytes = markdown.as_bytes();
    let mut out = String::with_capacity(markdown.len());
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = markdown[at..].find('\\') {
        let start = at + found;
        at = start + 1;
        let Some(&kind) = bytes.get(start + 1) else {
            break;
        };
        if !matches!(kind, b'(' | b'[') || escaped(bytes, start) || inside(start) {
            if kind == b'\\' {
                at += 1;
            }
            continue;
        }
        let found = if kind == b'(' {
            inline(markdown, start)
        } else {
            display(markdown, start)
        };
        let Some((tex, end)) = found else {
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
/// and where the closing delimiter ends.
fn inline(markdown: &str, start: usize) -> Option<(&str, usize)> {
    let body = start + 2;
    let line_end = markdown[body..]
        .find('\n')
        .map_or(markdown.len(), |n| body + n);
    let close = closing(markdown, body, line_end, "\\)")?;
    let tex = markdown[body..close].trim();
    (!tex.is_empty()).then_some((tex, close + 2))
}

/// `\[` first on its line (after indentation or a quote's `>`), `\]` last on its line, and no
/// blank line between: a paragraph of display math as the chat tools write it.
fn display(markdown: &str, start: usize) -> Option<(&str, usize)> {
    let line_start = markdown[..start].rfind('\n').map_or(0, |n| n + 1);
    if !markdown[line_start..start]
        .chars()
        .all(|c| c == ' ' || c == '\t' || c == '>')
    {
        return None;
    }
    let body = start + 2;
    let paragraph_end = blank_line(markdown, body);
    let mut from = body;
    loop {
        let close = closing(markdown, from, paragraph_end, "\\]")?;
        let rest_of_line = markdown[close + 2..].split('\n').next().unwrap_or("");
        if rest_of_line.trim().is_empty() {
            let tex = markdown[body..close].trim_matches([' ', '\t']);
            return (!tex.trim().is_empty()).then_some((tex, close + 2));
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
}
