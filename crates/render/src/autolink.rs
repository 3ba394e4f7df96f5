//! GitHub's autolink extension for prose (bare `www.` and `http(s)://` URLs), and the test for
//! emoji shortcodes the markdown page's script replaces. Pure string scanning, no regex crate.

/// The byte range of the first bare URL in `text` by GitHub's rules: it starts a line or follows
/// whitespace or one of `*_~(`, its domain has a dot, it runs to whitespace or `<`, and trailing
/// punctuation, an unbalanced `)` and an entity-like `&name;` are left outside.
pub(crate) fn find_url(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while from < text.len() {
        let candidates = ["https://", "http://", "www."]
            .iter()
            .filter_map(|p| text[from..].find(p).map(|i| (from + i, p.len())))
            .min_by_key(|&(i, _)| i);
        let (start, prefix) = candidates?;
        let before_ok = start == 0 || {
            let c = bytes[start - 1];
            c.is_ascii_whitespace() || matches!(c, b'*' | b'_' | b'~' | b'(')
        };
        if before_ok {
            if let Some(end) = url_end(text, start, prefix) {
                return Some((start, end));
            }
        }
        from = start + 1;
    }
    None
}

fn url_end(text: &str, start: usize, prefix: usize) -> Option<usize> {
    let domain_start = start + prefix;
    let domain_len = text[domain_start..]
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        .count();
    let domain = text[domain_start..domain_start + domain_len].trim_end_matches('.');
    let segments: Vec<&str> = domain.split('.').collect();
    let valid = !domain.is_empty()
        && segments.iter().all(|s| !s.is_empty())
        && (segments.len() >= 2 || prefix != 4)
        && segments.iter().rev().take(2).all(|s| !s.contains('_'));
    if !valid {
        return None;
    }
    let mut end = text[start..]
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() || c == '<')
        .map_or(text.len(), |(i, _)| start + i);
    loop {
        let link = &text[start..end];
        let last = link.chars().last()?;
        let punctuation = matches!(
            last,
            '?' | '!' | '.' | ',' | ':' | '*' | '_' | '~' | '\'' | '"'
        );
        let unbalanced = last == ')' && link.matches(')').count() > link.matches('(').count();
        if punctuation || unbalanced {
            end -= 1;
        } else if last == ';' {
            let body = &link[..link.len() - 1];
            let name_len = body
                .bytes()
                .rev()
                .take_while(u8::is_ascii_alphanumeric)
                .count();
            if name_len > 0 && body[..body.len() - name_len].ends_with('&') {
                end -= name_len + 2;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    (end > domain_start).then_some(end)
}

/// Whether `text` holds something shaped like a shortcode: `:` then 1-40 of `a-z0-9_+-` then `:`.
pub(crate) fn has_shortcode(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(offset) = bytes[i..].iter().position(|&b| b == b':') {
        let start = i + offset + 1;
        let len = bytes[start..]
            .iter()
            .take_while(|b| {
                b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'+' | b'-')
            })
            .count();
        if (1..=40).contains(&len) && bytes.get(start + len) == Some(&b':') {
            return true;
        }
        i = start;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Option<&str> {
        find_url(text).map(|(s, e)| &text[s..e])
    }

    #[test]
    fn finds_bare_urls_as_github_does() {
        assert_eq!(
            url("see https://example.com/a?b=1."),
            Some("https://example.com/a?b=1")
        );
        assert_eq!(
            url("www.commonmark.org/help, then"),
            Some("www.commonmark.org/help")
        );
        assert_eq!(
            url("(https://en.wikipedia.org/wiki/Rust_(language))"),
            Some("https://en.wikipedia.org/wiki/Rust_(language)")
        );
        assert_eq!(url("visit http://a.example)"), Some("http://a.example"));
        assert_eq!(
            url("https://example.com/&hl;"),
            Some("https://example.com/")
        );
        assert_eq!(url("*www.example.com*"), Some("www.example.com"));
        assert_eq!(
            url("http://localhost:8787/x"),
            Some("http://localhost:8787/x")
        );
    }

    #[test]
    fn leaves_what_is_not_a_url() {
        assert_eq!(url("xhttps://example.com"), None);
        assert_eq!(url("www.nodot"), None);
        assert_eq!(url("www.under_score.example_com"), None);
        assert_eq!(url("https://"), None);
        assert_eq!(url("it costs $5 and $10"), None);
    }

    #[test]
    fn spots_shortcodes_but_not_times_or_urls() {
        assert!(has_shortcode("Shipped :tada: today"));
        assert!(has_shortcode(":+1:"));
        assert!(!has_shortcode("at 10:30 or 12:45"));
        assert!(has_shortcode("x :a1:"));
        assert!(!has_shortcode("https://example.com"));
        assert!(!has_shortcode("a :: b"));
    }
}
