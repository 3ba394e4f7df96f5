//! The XSS oracle: reads generated HTML with a WHATWG tokenizer, as a browser would, and says
//! whether anything in it could run script. Written apart from plug-render's own URL policy.

use html5gum::{Token, Tokenizer};

/// Elements that run script, load active content, or restyle and redirect the page.
const ACTIVE_ELEMENTS: &[&str] = &[
    "script",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "style",
    "link",
    "meta",
    "base",
    "form",
    "svg",
    "math",
    "template",
    "noscript",
    "xmp",
    "plaintext",
    "portal",
];

/// Attributes that run script or load a document whatever their value.
const ACTIVE_ATTRIBUTES: &[&str] = &[
    "srcdoc",
    "formaction",
    "action",
    "xlink:href",
    "background",
    "dynsrc",
    "lowsrc",
    "data",
    "codebase",
    "http-equiv",
];

/// Attributes whose value a browser follows as a URL.
const URL_ATTRIBUTES: &[&str] = &["href", "src", "cite", "poster", "srcset", "ping"];

/// Every start tag of `html` with its attributes, names lower-cased and values decoded.
pub fn start_tags(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    Tokenizer::new(html)
        .flatten()
        .filter_map(|token| match token {
            Token::StartTag(tag) => Some((
                text(&tag.name).to_ascii_lowercase(),
                tag.attributes
                    .iter()
                    .map(|(k, v)| (text(k).to_ascii_lowercase(), text(v)))
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

/// Panics, naming what and where, if the fragment holds anything executable.
pub fn assert_inert_fragment(html: &str) {
    for (name, attributes) in start_tags(html) {
        assert!(
            !ACTIVE_ELEMENTS.contains(&name.as_str()),
            "<{name}> in {html}"
        );
        for (attribute, value) in attributes {
            assert!(
                !attribute.starts_with("on"),
                "{attribute} on <{name}> in {html}"
            );
            assert!(
                !ACTIVE_ATTRIBUTES.contains(&attribute.as_str()),
                "{attribute} on <{name}> in {html}"
            );
            assert!(
                attribute != "style" || is_table_alignment(&value),
                "style={value:?} on <{name}> in {html}"
            );
            if URL_ATTRIBUTES.contains(&attribute.as_str()) {
                let image = name == "img" && attribute == "src";
                assert!(
                    is_inert_url(&value, image),
                    "{attribute}={value:?} on <{name}> in {html}"
                );
            }
        }
    }
}

/// The one style pulldown-cmark writes itself: a table column's alignment. Anything else in a
/// style attribute came from the author.
fn is_table_alignment(style: &str) -> bool {
    ["left", "center", "right"]
        .iter()
        .any(|side| style == format!("text-align: {side}"))
}

/// Whether a browser following `url` stays on a web, mail or relative target (images may also
/// be raster `data:` URLs). Mirrors the URL parser: C0 and spaces trimmed, tabs and newlines gone.
fn is_inert_url(url: &str, image: bool) -> bool {
    let cleaned: String = url
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect::<String>()
        .to_ascii_lowercase();
    let scheme_end = cleaned.find([':', '/', '?', '#']);
    let scheme = match scheme_end {
        Some(end) if cleaned[end..].starts_with(':') => &cleaned[..end],
        _ => return true,
    };
    match scheme {
        "http" | "https" => true,
        "mailto" => !image,
        "data" if image => ["png", "jpeg", "gif", "webp"].iter().any(|kind| {
            cleaned
                .strip_prefix(&format!("data:image/{kind}"))
                .is_some_and(|rest| rest.starts_with([';', ',']))
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oracle_flags_script_handlers_and_script_urls() {
        for bad in [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
            "<a href=\" JAVASCRIPT:alert(1)\">x</a>",
            "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
            "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
            "<a href=\"vbscript:msgbox(1)\">x</a>",
            "<svg><a xlink:href=\"javascript:alert(1)\"></a></svg>",
            "<td style=\"background:url(javascript:alert(1))\">x</td>",
        ] {
            let caught = std::panic::catch_unwind(|| assert_inert_fragment(bad)).is_err();
            assert!(caught, "the oracle missed {bad}");
        }
    }

    #[test]
    fn the_oracle_lets_plain_markup_through() {
        assert_inert_fragment(
            "<p><a href=\"https://x\">a</a> <a href=\"#n\">b</a> <a href=\"mailto:a@b\">c</a> \
             <img src=\"data:image/png;base64,AA==\" alt=\"d\"></p>\
             <table><tr><td style=\"text-align: right\">1</td></tr></table>",
        );
    }
}
