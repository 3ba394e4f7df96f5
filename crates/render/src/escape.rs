//! HTML escaping for the text and attribute values this crate writes, so a
//! title, URL or theme value can never end an element or an attribute early.

/// Escapes text content: `&`, `<` and `>`.
pub fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes a value for a double- or single-quoted attribute in a UTF-8 page.
pub fn attr(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        push_attr_char(&mut out, c, false);
    }
    out
}

/// Like [`attr`], and every non-ASCII character becomes a numeric reference:
/// the badge tag goes into pages of any ASCII-compatible charset, so its bytes
/// must mean the same thing in windows-1252 as in UTF-8.
pub fn attr_ascii(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        push_attr_char(&mut out, c, true);
    }
    out
}

fn push_attr_char(out: &mut String, c: char, ascii_only: bool) {
    match c {
        '&' => out.push_str("&amp;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        c if ascii_only && !c.is_ascii() => out.push_str(&format!("&#x{:X};", u32::from(c))),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escaping_neutralises_markup() {
        assert_eq!(
            text("<script>a && b</script>"),
            "&lt;script&gt;a &amp;&amp; b&lt;/script&gt;"
        );
    }

    #[test]
    fn attribute_escaping_covers_both_quote_kinds() {
        assert_eq!(attr(r#"a"b'c<d>&"#), "a&quot;b&#39;c&lt;d&gt;&amp;");
    }

    #[test]
    fn ascii_attribute_escaping_spells_out_non_ascii_characters() {
        assert_eq!(attr_ascii("é 微"), "&#xE9; &#x5FAE;");
        assert!(attr_ascii("😀").is_ascii());
    }
}
