//! Markdown to a styled, readable page. The markdown is untrusted: links and images with unsafe
//! URL schemes are dropped, and the rendered fragment, the author's HTML included, passes an
//! allow-list sanitiser (allow_list.rs) as a README's HTML does on GitHub.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};

use crate::layout::Page;
use crate::url_policy::{safe_image_url, safe_link_url};

const MARKDOWN_CSS: &str = include_str!("assets/markdown.css");

/// A complete HTML page for a markdown document.
pub fn markdown_page(markdown: &str, title: &str, download_url: &str) -> String {
    Page {
        title,
        download_url,
        style: MARKDOWN_CSS,
        main: format!(
            "<article class=\"plug-prose\">\n{}</article>",
            markdown_to_safe_html(markdown)
        ),
        main_attributes: String::new(),
        scripts: &[],
        inline_script: None,
    }
    .render()
}

/// The markdown body alone: GitHub-flavoured (tables, strikethrough, task
/// lists, footnotes, alerts), front matter skipped, then sanitised.
pub fn markdown_to_safe_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_GFM
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
    let events = Sanitiser::default().run(Parser::new_ext(markdown, options));
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    crate::allow_list::sanitize_fragment(&html)
}

/// Rewrites the event stream: markdown links and images keep only checked URLs, front matter is
/// left out, and the author's raw HTML goes on to the allow-list sanitiser.
#[derive(Default)]
struct Sanitiser {
    /// One entry per open link / image: was its start kept?
    links: Vec<bool>,
    images: Vec<bool>,
    in_metadata: bool,
}

impl Sanitiser {
    fn run<'a>(mut self, events: impl Iterator<Item = Event<'a>>) -> Vec<Event<'a>> {
        events.filter_map(|event| self.map(event)).collect()
    }

    fn map<'a>(&mut self, event: Event<'a>) -> Option<Event<'a>> {
        if self.in_metadata {
            self.in_metadata = !matches!(event, Event::End(TagEnd::MetadataBlock(_)));
            return None;
        }
        match event {
            Event::Start(Tag::MetadataBlock(_)) => {
                self.in_metadata = true;
                None
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

#[cfg(test)]
mod tests {
    use html5gum::{Token, Tokenizer};

    use super::*;

    /// Every tag of the fragment, as a browser's tokenizer sees it: (name, [(attribute, value)]).
    fn start_tags(html: &str) -> Vec<(String, Vec<(String, String)>)> {
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        Tokenizer::new(html)
            .flatten()
            .filter_map(|token| match token {
                Token::StartTag(tag) => {
                    let attributes = tag
                        .attributes
                        .iter()
                        .map(|(k, v)| (text(k), text(v)))
                        .collect();
                    Some((text(&tag.name), attributes))
                }
                _ => None,
            })
            .collect()
    }

    /// The sanitiser's promise, checked on what a browser would parse.
    fn assert_inert(markdown: &str) {
        let html = markdown_to_safe_html(markdown);
        for (name, attributes) in start_tags(&html) {
            let forbidden = [
                "script", "iframe", "object", "embed", "style", "link", "meta", "base", "form",
                "svg", "math",
            ];
            assert!(!forbidden.contains(&name.as_str()), "<{name}> in {html}");
            for (attribute, value) in attributes {
                assert!(
                    !attribute.starts_with("on"),
                    "{attribute} on <{name}> in {html}"
                );
                if attribute == "href" {
                    assert!(safe_link_url(&value).is_some(), "href {value:?} in {html}");
                }
                if attribute == "src" {
                    assert!(safe_image_url(&value).is_some(), "src {value:?} in {html}");
                }
                assert!(
                    !["style", "srcdoc", "formaction", "xlink:href"].contains(&attribute.as_str()),
                    "{html}"
                );
            }
        }
    }

    #[test]
    fn renders_the_github_flavoured_extensions() {
        let html = markdown_to_safe_html(
            "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~\n\n- [x] done\n- [ ] todo\n\nNote[^1].\n\n[^1]: The note.\n\n```rust\nfn main() {}\n```\n",
        );
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(
            html.contains("<table>") && html.contains("<td>1</td>"),
            "{html}"
        );
        assert!(html.contains("<del>gone</del>"), "{html}");
        assert!(html.contains("type=\"checkbox\" checked=\"\""), "{html}");
        assert!(
            html.contains("class=\"footnote-reference\"")
                && html.contains("class=\"footnote-definition\""),
            "{html}"
        );
        assert!(
            html.contains("<pre><code class=\"language-rust\">fn main() {}"),
            "{html}"
        );
    }

    #[test]
    fn github_alerts_get_their_class() {
        let html = markdown_to_safe_html("> [!WARNING]\n> Careful.\n");
        assert!(
            html.contains("<blockquote class=\"markdown-alert-warning\">"),
            "{html}"
        );
    }

    #[test]
    fn front_matter_is_not_shown() {
        let html = markdown_to_safe_html("---\ntitle: Secret plan\ntags: [a]\n---\n\n# Visible\n");
        assert!(!html.contains("Secret plan"), "{html}");
        assert!(html.contains("<h1>Visible</h1>"), "{html}");
    }

    #[test]
    fn a_readmes_html_renders_through_the_allow_list() {
        let html = markdown_to_safe_html(
            "<h1 align=\"center\">\n  <img src=\"https://x.test/logo.png\" width=\"200\"><br>\n  Tool\n</h1>\n\n<script>alert(1)</script>\n\nHello <img src=x onerror=alert(2)> world <b>bold</b> <kbd>K</kbd>\n\n<details><summary>More</summary>\n\nHidden *text*.\n\n</details>\n",
        );
        assert!(html.contains("<h1 align=\"center\">"), "{html}");
        assert!(
            html.contains("<img src=\"https://x.test/logo.png\" width=\"200\">"),
            "{html}"
        );
        assert!(
            !html.contains("script") && !html.contains("alert(1)"),
            "{html}"
        );
        assert!(
            html.contains("<img src=\"x\">") && !html.contains("onerror"),
            "{html}"
        );
        assert!(html.contains("<b>bold</b> <kbd>K</kbd>"), "{html}");
        assert!(html.contains("<details><summary>More</summary>"), "{html}");
        assert!(html.contains("<em>text</em>"), "{html}");
        assert_inert(&html);
    }

    #[test]
    fn javascript_links_are_dropped_but_their_text_stays() {
        let cases = [
            "[click](javascript:alert(1))",
            "[click](JaVaScRiPt:alert(1))",
            "[click](<java\tscript:alert(1)>)",
            "[click](&#106;avascript:alert(1))",
            "[click](&#x6A;avascript&colon;alert(1))",
            "[click](java&#x09;script:alert(1))",
            "[click](java&#10;script:alert(1))",
            "[click](%20javascript:alert(1))",
            "[click](vbscript:msgbox(1))",
            "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
            "[click][ref]\n\n[ref]: javascript:alert(1)",
            "<javascript:alert(1)>",
        ];
        for markdown in cases {
            let html = markdown_to_safe_html(markdown);
            assert!(
                !html.to_ascii_lowercase().contains("href=\"javascript"),
                "{markdown} gave {html}"
            );
            assert!(!html.contains("<a "), "{markdown} gave {html}");
            assert_inert(markdown);
        }
        assert!(markdown_to_safe_html("[click](javascript:alert(1))").contains("click"));
    }

    #[test]
    fn unsafe_images_are_dropped_and_raster_data_images_kept() {
        let html = markdown_to_safe_html(
            "![alt text](javascript:alert(1)) ![svg](data:image/svg+xml;base64,PHN2Zz4=)",
        );
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("alt text"), "{html}");
        let html = markdown_to_safe_html("![dot](data:image/png;base64,iVBORw0KGgo=)");
        assert!(
            html.contains("<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"dot\""),
            "{html}"
        );
    }

    #[test]
    fn safe_links_keep_working() {
        let html = markdown_to_safe_html("[a](https://example.com/x?y=1&z=2) [b](#section) [c](mailto:hi@example.com) [d](./other.md) <https://auto.example>");
        assert!(
            html.contains("href=\"https://example.com/x?y=1&amp;z=2\""),
            "{html}"
        );
        // Same-page links follow the ids, which carry GitHub's `user-content-` prefix.
        assert!(html.contains("href=\"#user-content-section\""), "{html}");
        assert!(html.contains("href=\"mailto:hi@example.com\""), "{html}");
        assert!(html.contains("href=\"./other.md\""), "{html}");
        assert!(html.contains("href=\"https://auto.example\""), "{html}");
    }

    #[test]
    fn attribute_breakouts_in_urls_and_titles_stay_inside_their_attribute() {
        let cases = [
            "[x](https://example.com/\"onmouseover=\"alert(1) \"title\")",
            "[x](<https://example.com/\" onmouseover=\"alert(1)>)",
            "[x](https://example.com 'it\\'s \" onmouseover=\"alert(1)')",
            "![x\" onerror=\"alert(1)](https://example.com/a.png \"t\\\" onerror=\\\"alert(1)\")",
            "[x](https://example.com/<script>)",
        ];
        for markdown in cases {
            assert_inert(markdown);
        }
    }

    #[test]
    fn nested_images_inside_links_keep_the_link_stack_balanced() {
        let html = markdown_to_safe_html(
            "[![ok](https://img.example/a.png)](javascript:alert(1)) [after](https://example.com)",
        );
        assert!(
            html.contains("<img src=\"https://img.example/a.png\""),
            "{html}"
        );
        assert_eq!(html.matches("<a ").count(), 1, "{html}");
        assert_eq!(html.matches("</a>").count(), 1, "{html}");
        assert_inert(
            "[![x](javascript:1)](javascript:2) [![y](https://a.example/y.png)](https://a.example)",
        );
    }

    #[test]
    fn the_page_wraps_the_document_with_title_and_download_link() {
        let page = markdown_page(
            "# Hi\n\ntext",
            "Notes <draft> & \"plans\"",
            "/acme/notes-1a2b/?download=1&x=\"",
        );
        assert!(page.starts_with("<!doctype html>"));
        assert!(page
            .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
        assert!(
            page.contains("<title>Notes &lt;draft&gt; &amp; \"plans\"</title>"),
            "{page}"
        );
        assert!(
            page.contains("href=\"/acme/notes-1a2b/?download=1&amp;x=&quot;\" download>"),
            "{page}"
        );
        assert!(page.contains("Download original"));
        assert!(page.contains("prefers-color-scheme: dark"));
        assert!(page.contains("max-width: 46rem"));
        assert!(
            !page.contains("<script"),
            "the markdown page needs no script"
        );
        assert!(
            page.contains("<article class=\"plug-prose\">\n<h1>Hi</h1>"),
            "{page}"
        );
    }
}
