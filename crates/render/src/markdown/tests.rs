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
            "script", "iframe", "object", "embed", "style", "link", "meta", "base", "form", "svg",
            "math",
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
    assert!(
        html.contains("<h1 id=\"user-content-title\">Title<a class=\"anchor\" href=\"#user-content-title\" aria-label=\"Link to this section\"></a></h1>"),
        "{html}"
    );
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
fn chatgpt_and_claude_math_delimiters_are_math() {
    let (html, features) = render(
        "Roots of \\( ax^2 + c \\) are\n\n\\[\nx = \\pm\\sqrt{\\{c\\}}\n\\]\n\n`\\(code\\)`\n",
    );
    assert!(
        html.contains("<span class=\"math math-inline\">ax^2 + c</span>"),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"math math-display\">\nx = \\pm\\sqrt{\\{c\\}}\n</span>"),
        "{html}"
    );
    assert!(html.contains("<code>\\(code\\)</code>"), "{html}");
    assert!(features.math);
}

#[test]
fn math_follows_githubs_rules_and_dollar_amounts_stay_text() {
    let (html, features) = render("It costs $5 and $10.\n");
    assert!(!html.contains("math"), "{html}");
    assert!(!features.math);
    let (html, features) = render("Energy $E = mc^2$ and\n\n$$\\frac{1}{2}$$\n");
    assert!(
        html.contains("<span class=\"math math-inline\">E = mc^2</span>"),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"math math-display\">\\frac{1}{2}</span>"),
        "{html}"
    );
    assert!(features.math && !features.mermaid);
    let (html, features) = render("```math\nx^2\n```\n");
    assert!(html.contains("<code class=\"language-math\">x^2"), "{html}");
    assert!(features.math);
    // GitHub's $`…`$ form: the backticks delimit, KaTeX gets the formula alone.
    let html = markdown_to_safe_html("Root $`\\sqrt{3}`$ and $`a`b`$.\n");
    assert!(
        html.contains("<span class=\"math math-inline\">\\sqrt{3}</span>"),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"math math-inline\">a`b</span>"),
        "{html}"
    );
    // Markup in a formula is text: KaTeX gets it from textContent.
    let html = markdown_to_safe_html("$<img src=x onerror=alert(1)>$");
    assert!(!html.contains("<img"), "{html}");
}

#[test]
fn a_mermaid_block_is_kept_as_code_for_the_page_to_draw() {
    let (html, features) = render("```mermaid\nflowchart LR\n  A --> B\n```\n");
    assert!(
        html.contains("<pre><code class=\"language-mermaid\">flowchart LR\n  A --&gt; B"),
        "{html}"
    );
    assert_eq!(
        features,
        Features {
            mermaid: true,
            math: false,
            emoji: false,
            code: false
        }
    );
}

#[test]
fn bare_urls_are_linked_outside_code_and_links() {
    let html = markdown_to_safe_html(
            "See https://example.com/a_b_c, www.example.org and `https://code.example` or [x](https://a.example) https://b.example.\n",
        );
    assert!(
        html.contains("<a href=\"https://example.com/a_b_c\">https://example.com/a_b_c</a>,"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"http://www.example.org\">www.example.org</a>"),
        "{html}"
    );
    assert!(html.contains("<code>https://code.example</code>"), "{html}");
    assert_eq!(html.matches("<a ").count(), 4, "{html}");
    let html = markdown_to_safe_html("```\nhttps://in.code.example\n```\n");
    assert!(!html.contains("<a "), "{html}");
}

#[test]
fn the_page_loads_its_script_only_for_diagrams_math_shortcodes_or_code_with_a_language() {
    let script = format!("<script src=\"{MARKDOWN_EXTRAS_JS}\"></script>");
    for (markdown, wanted) in [
        ("# Plain\n\nIt costs $5 and $10 at 10:30.", false),
        ("Done :tada:", true),
        ("`:tada:` in code", false),
        ("Area $\\pi r^2$", true),
        ("```mermaid\npie\n```", true),
        ("```rust\nfn main() {}\n```", true),
        ("```\nno language\n```\n\n    indented code", false),
    ] {
        let page = markdown_page(markdown, "t", "/d");
        assert_eq!(page.contains(&script), wanted, "{markdown}: {page}");
        assert_eq!(
            page.matches("<script").count(),
            usize::from(wanted),
            "{markdown}"
        );
    }
}

#[test]
fn yaml_front_matter_is_a_table_as_on_github_and_tomls_is_not_shown() {
    let html = markdown_to_safe_html(
        "---\ntitle: \"Getting started\"\ntags: [guide, intro]\naliases:\n  - start\n  - 'first steps'\n\
         description: >\n  Two lines\n  folded.\n# a comment\nurl: https://example.com/a\n---\n\n# Visible\n",
    );
    assert!(
        html.starts_with(
            "<table>\n<thead><tr><th>title</th><th>tags</th><th>aliases</th><th>description</th><th>url</th></tr></thead>\n\
             <tbody><tr><td>Getting started</td><td>guide, intro</td><td>start, first steps</td>\
             <td>Two lines folded.</td><td>https://example.com/a</td></tr></tbody>\n</table>\n"
        ),
        "{html}"
    );
    assert!(
        html.contains("<h1 id=\"user-content-visible\">Visible<a class=\"anchor\" href=\"#user-content-visible\" aria-label=\"Link to this section\"></a></h1>"),
        "{html}"
    );
    // Saved by Notepad: a byte order mark first. Markup in a value is text.
    let html = markdown_to_safe_html("\u{feff}---\nname: <b>x</b>\n---\n\n# Visible\n");
    assert!(html.contains("<td>&lt;b&gt;x&lt;/b&gt;</td>"), "{html}");
    // Not a mapping (a list, a bare line): left out, as before.
    for yaml in ["- a\n- b", "just text"] {
        let html = markdown_to_safe_html(&format!("---\n{yaml}\n---\n\n# Visible\n"));
        assert!(html.starts_with("<h1"), "{yaml}: {html}");
    }
    // Hugo's TOML front matter, between `+++` lines.
    let html = markdown_to_safe_html(
        "+++\ntitle = \"Secret plan\"\ndate = 2024-03-01\n+++\n\n# Visible\n",
    );
    assert!(!html.contains("Secret plan"), "{html}");
    assert!(
        html.contains("<h1 id=\"user-content-visible\">Visible<a class=\"anchor\" href=\"#user-content-visible\" aria-label=\"Link to this section\"></a></h1>"),
        "{html}"
    );
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
    assert!(html.contains("href=\"https://auto.example\""), "{html}");
}

#[test]
fn a_link_to_another_file_of_the_repository_is_its_text_and_says_why() {
    // A drop is one file: `docs/guide.md` reached the drop's origin and a JSON "not found".
    let html = markdown_to_safe_html(
        "[d](./other.md) [l](LICENSE \"The licence\") [r](/CONTRIBUTING.md#setup) [q](?tab=readme)\n\n\
         <a href=\"docs/a&amp;b.md\"><img src=\"https://img.shields.io/badge/x-y-blue\" alt=\"x\"></a>\n\n\
         [net](//cdn.example/x) [s](#usage)\n",
    );
    assert!(
        html.contains("<a title=\"./other.md is not part of this drop\">d</a>"),
        "{html}"
    );
    // The author's own title is kept.
    assert!(html.contains("<a title=\"The licence\">l</a>"), "{html}");
    assert!(
        html.contains("<a title=\"/CONTRIBUTING.md#setup is not part of this drop\">r</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a title=\"?tab=readme is not part of this drop\">q</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a title=\"docs/a&amp;b.md is not part of this drop\"><img"),
        "{html}"
    );
    assert!(html.contains("href=\"//cdn.example/x\""), "{html}");
    assert!(html.contains("href=\"#user-content-usage\""), "{html}");
}

#[test]
fn a_site_file_links_the_files_beside_it_but_not_unsafe_ones() {
    // A `.md` inside a zipped site sits among the files it names: they stay links.
    let page = site_markdown_page(
        "[g](docs/guide.md#setup) [r](../README.md) <a href=\"LICENSE\">l</a> [x](javascript:alert(1))\n",
        "README.md",
        "README.md?download=1",
    );
    assert!(page.contains("href=\"docs/guide.md#setup\""), "{page}");
    assert!(page.contains("href=\"../README.md\""), "{page}");
    assert!(page.contains("href=\"LICENSE\""), "{page}");
    assert!(!page.contains("not part of this drop"), "{page}");
    assert!(!page.contains("javascript:"), "{page}");
    assert!(page.contains("href=\"README.md?download=1\""), "{page}");
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
    assert!(
        page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    );
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
        "a markdown page without diagrams, math or shortcodes needs no script"
    );
    assert!(
        page.contains("<article class=\"plug-prose\">\n<h1 id=\"user-content-hi\">Hi<a class=\"anchor\" href=\"#user-content-hi\" aria-label=\"Link to this section\"></a></h1>"),
        "{page}"
    );
}

#[test]
fn headings_get_githubs_anchor_ids_and_the_links_to_them_match() {
    let html = markdown_to_safe_html(
        "[Go](#usage--examples)\n\n## Usage & examples\n\n## `plug` CLI: *v2*\n\n## Usage & examples\n\n# Über uns! 🚀\n",
    );
    assert!(
        html.contains("href=\"#user-content-usage--examples\""),
        "{html}"
    );
    assert!(
        html.contains("<h2 id=\"user-content-usage--examples\">"),
        "{html}"
    );
    assert!(
        html.contains("<h2 id=\"user-content-plug-cli-v2\">"),
        "{html}"
    );
    assert!(
        html.contains("<h2 id=\"user-content-usage--examples-1\">"),
        "{html}"
    );
    assert!(
        html.contains("<h1 id=\"user-content-über-uns-\">"),
        "{html}"
    );
}

#[test]
fn a_headings_invisible_marks_stay_in_its_anchor_as_on_github() {
    // An AI tool's README: `🛠️` is U+1F6E0 and U+FE0F, and GitHub's anchor keeps the selector,
    // so the table of contents links `#️-tech-stack`. A keycap, an emoji's zero-width joiner, a
    // Hindi virama and macOS's decomposed `Ü` stay too; a superscript and a circled number go.
    let html = markdown_to_safe_html(
        "[Stack](#\u{fe0f}-tech-stack)\n\n## 🛠️ Tech Stack\n\n## 1️⃣ Install\n\n## 👨‍💻 Development\n\n\
         ## हिन्दी\n\n## U\u{308}ber\n\n## Step² ① Go\n\n## Fullwidth＿name\n",
    );
    for id in [
        "\u{fe0f}-tech-stack",
        "1\u{fe0f}\u{20e3}-install",
        "\u{200d}-development",
        "हिन्दी",
        "u\u{308}ber",
        "step--go",
        "fullwidth＿name",
    ] {
        assert!(
            html.contains(&format!("id=\"user-content-{id}\"")),
            "{id}: {html}"
        );
    }
    assert!(
        html.contains("href=\"#user-content-%EF%B8%8F-tech-stack\""),
        "{html}"
    );
}

#[test]
fn a_headings_badges_and_logos_are_not_part_of_its_anchor() {
    // mermaid's README: badges after the title, its table of contents linking `#contributors---`;
    // a logo before a title, and an image inside HTML, whose alt text no reader sees as text.
    let html = markdown_to_safe_html(
        "[Who](#contributors---) [Plug](#-plug)\n\n\
         ## Contributors [![Good first issue](https://img.shields.io/a.svg)](https://example.com/a) \
         [![Contributors](https://img.shields.io/b.svg)](https://example.com/b) ![Commits](https://img.shields.io/c.svg)\n\n\
         # ![logo](https://example.com/logo.png) Plug\n",
    );
    assert!(
        html.contains("<h2 id=\"user-content-contributors---\">"),
        "{html}"
    );
    assert!(html.contains("<h1 id=\"user-content--plug\">"), "{html}");
    assert!(
        html.contains("href=\"#user-content-contributors---\""),
        "{html}"
    );
}

#[test]
fn footnotes_are_listed_at_the_end_as_on_github() {
    let html = markdown_to_safe_html("Claim[^a].\n\n[^a]: The source.\n\n## Later\n\nMore text.\n");
    let note = html.find("The source.").unwrap();
    assert!(note > html.find("More text.").unwrap(), "{html}");
    assert!(html.contains("href=\"#user-content-fn-a\""), "{html}");
    assert!(html.contains("id=\"user-content-fn-a\""), "{html}");
}

#[test]
fn a_footnote_named_like_a_heading_is_where_its_reference_points_and_links_back() {
    // `[^usage]` and `## Usage` were both `user-content-usage`: the reference scrolled to the
    // heading. GitHub's ids are `fn-usage` and `fnref-usage`, and each note has its `↩`; a second
    // reference to the same note gets no id (ids are unique), an unreferenced note no `↩`.
    let html = markdown_to_safe_html(
        "## Usage\n\nRun it[^usage]. Again[^usage].\n\n[^usage]: With care.\n\n[^spare]: Unused.\n",
    );
    assert!(html.contains("<h2 id=\"user-content-usage\">"), "{html}");
    assert!(
        html.contains("<a href=\"#user-content-fn-usage\" id=\"user-content-fnref-usage\">1</a>"),
        "{html}"
    );
    assert_eq!(
        html.matches("id=\"user-content-fnref-usage\"").count(),
        1,
        "{html}"
    );
    assert!(html.contains("id=\"user-content-fn-usage\""), "{html}");
    assert!(
        html.contains(
            "<a href=\"#user-content-fnref-usage\" class=\"footnote-backref\">↩</a></div>"
        ),
        "{html}"
    );
    assert_eq!(html.matches("footnote-backref").count(), 1, "{html}");
    assert!(!html.contains("id=\"user-content-usage\" "), "{html}");
}

#[test]
fn an_obsidian_note_reads_as_in_obsidian() {
    let html = markdown_to_safe_html(
        "Attendees: [[Alice Martin]], [[Bob|Bob D.]]. Decision: ==ship on Friday==.\n\n\
         > [!tip] Remember the demo\n> Body.\n\n`==code==` and ![[diagram.png]]\n",
    );
    assert!(html.contains("Attendees: Alice Martin, Bob D.."), "{html}");
    assert!(html.contains("<mark>ship on Friday</mark>"), "{html}");
    assert!(html.contains("markdown-alert-tip"), "{html}");
    assert!(
        html.contains("<strong>Remember the demo</strong>"),
        "{html}"
    );
    assert!(
        html.contains("<code>==code==</code> and ![[diagram.png]]"),
        "{html}"
    );
}

#[test]
fn dashes_and_quotes_stay_as_typed_as_on_github() {
    // A flag written in prose is copied out of the page; smart punctuation made it an en dash.
    let html = markdown_to_safe_html(
        "Run it with --verbose, or --- not. Set \"name\": 'x' and it's 10--20 ms...\n",
    );
    assert!(
        html.contains(
            "<p>Run it with --verbose, or --- not. Set \"name\": 'x' and it's 10--20 ms...</p>"
        ),
        "{html}"
    );
}

#[test]
fn headings_link_to_themselves_up_to_a_bound() {
    let html = markdown_to_safe_html("## Usage & examples\n\n<h3 id=\"a&quot;b\">raw</h3>\n");
    assert!(
        html.contains("<h2 id=\"user-content-usage--examples\">Usage &amp; examples<a class=\"anchor\" href=\"#user-content-usage--examples\" aria-label=\"Link to this section\"></a></h2>"),
        "{html}"
    );
    // An id with a character that would need escaping gets no link (pulldown-cmark's never do).
    assert!(html.contains(">raw</h3>"), "{html}");
    let many = "# a\n".repeat(12_000);
    let html = markdown_to_safe_html(&many);
    assert_eq!(html.matches("<h1 ").count(), 12_000);
    assert_eq!(html.matches("class=\"anchor\"").count(), 10_000);
}

#[test]
fn a_document_with_right_to_left_text_marks_its_blocks_dir_auto_as_github_does() {
    let html = markdown_to_safe_html(
        "## العربية\n\nهذا نص عربي وأرقام 123.\n\n- عنصر أول\n- second\n\n| رقم | Name |\n|---|---|\n| ١ | x |\n\n<p dir=\"ltr\">שלום</p>\n",
    );
    assert!(
        html.contains("<h2 id=\"user-content-العربية\" dir=\"auto\">"),
        "{html}"
    );
    assert!(html.contains("<p dir=\"auto\">هذا نص"), "{html}");
    assert!(html.contains("<ul dir=\"auto\">\n<li>عنصر"), "{html}");
    assert!(html.contains("<th dir=\"auto\">رقم</th>"), "{html}");
    // The author's own direction stays.
    assert!(html.contains("<p dir=\"ltr\">שלום</p>"), "{html}");
    // Left-to-right documents (CJK too) are written as before, without the attribute.
    for text in ["# Title\n\nText.\n\n- item\n", "# 标题\n\n中文段落。\n"] {
        assert!(!markdown_to_safe_html(text).contains("dir="), "{text}");
    }
}

#[test]
fn nesting_past_a_hundred_levels_keeps_the_text_and_not_the_tags() {
    // Each `>` of a line opened a quote: 3 MB of them made 81 MB of HTML on every view.
    let html = markdown_to_safe_html(&format!("{} deep\n", ">".repeat(150_000)));
    assert!(html.len() < 3_000, "{}", html.len());
    assert_eq!(html.matches("<blockquote>").count(), 100);
    assert_eq!(html.matches("</blockquote>").count(), 100);
    assert!(html.contains("deep"));
    let html = markdown_to_safe_html(&format!("{}item\n", "- ".repeat(90_000)));
    assert_eq!(html.matches("<ul>").count(), html.matches("</ul>").count());
    assert!(
        html.len() < 3_000 && html.contains("item"),
        "{}",
        html.len()
    );
    // A document of real depth is drawn whole.
    let html = markdown_to_safe_html("> a\n> > b\n> > - c\n>   > - [x](https://e.example) *d*\n");
    assert!(
        html.contains("<a href=\"https://e.example\">x</a>") && html.contains("<em>d</em>"),
        "{html}"
    );
}

#[test]
fn short_table_rows_are_filled_up_to_a_bound_for_the_document() {
    // A row of one cell under a header of 500 is filled with 499 empty ones: 30 KB of such
    // tables made 22 MB of HTML.
    let table = format!(
        "{}|\n{}|\n{}\n",
        "|a".repeat(500),
        "|-".repeat(500),
        "x\n".repeat(500)
    );
    let html = markdown_to_safe_html(&table.repeat(40));
    assert!(html.len() < 8_000_000, "{}", html.len());
    assert_eq!(html.matches("<td").count(), html.matches("</td>").count());
    assert_eq!(html.matches("<tr>").count(), html.matches("</tr>").count());
    // A table of a real document keeps its filled cells, as on GitHub.
    let html = markdown_to_safe_html("| a | b | c |\n|---|---|---|\n| x |\n");
    assert_eq!(html.matches("<td></td>").count(), 2, "{html}");
}

#[test]
fn line_counts_are_grouped_by_thousands() {
    for (n, text) in [
        (0, "0"),
        (999, "999"),
        (1_000, "1,000"),
        (700_002, "700,002"),
        (12_345_678, "12,345,678"),
    ] {
        assert_eq!(grouped(n), text);
    }
}

#[test]
fn a_document_too_dense_to_draw_is_shown_as_its_text() {
    // A million short paragraphs: every byte but one is structure.
    let dense = format!(
        "# Title <script>alert(1)</script> & co\n\n{}",
        "a\n\n".repeat(120_000)
    );
    let html = markdown_to_safe_html(&dense);
    assert!(
        html.starts_with("<p class=\"plug-too-large\">"),
        "{}",
        &html[..200]
    );
    assert!(html.contains("# Title &lt;script>alert(1)&lt;/script> &amp; co\n"));
    assert!(html.contains("(240,002 lines)"), "{}", &html[..200]);
    assert!(!html.contains("<h1") && !html.contains("<script"));
    for tag in start_tags(&html) {
        assert!(["p", "pre", "span"].contains(&tag.0.as_str()), "{tag:?}");
    }
    // In blocks of a thousand lines, which the browser lays out only when scrolled to.
    let blocks: Vec<&str> = html.split("</span><span>").collect();
    assert_eq!(
        blocks.len(),
        241,
        "240,002 lines make 240 full blocks and a last one"
    );
    assert!(blocks[1..240]
        .iter()
        .all(|b| b.matches('\n').count() == TEXT_VIEW_LINES));
    assert!(html.ends_with("</span></pre>\n"));
    // Past its cap the text view stops and says so.
    let huge = "|".repeat(MAX_TEXT_VIEW + 10);
    let html = markdown_to_safe_html(&huge);
    assert!(html.len() < MAX_TEXT_VIEW + 1_000);
    assert!(html.ends_with("The rest is in the original.</p>\n"));
    // A long real document is drawn: a changelog of 2,000 releases (about 640 KB).
    let changelog: String = (0..2_000)
        .map(|i| format!("## [1.{i}.0] - 2026-01-01\n\n### Fixed\n\n- `Parser::new` no longer panics on `\\r` ([#{i}](https://github.com/o/r/pull/{i})).\n- Docs: a typo in the README.\n\n"))
        .collect();
    assert!(structure(&changelog) < MAX_STRUCTURE);
    let html = markdown_to_safe_html(&changelog);
    assert!(
        html.contains(
            ">[1.1999.0] - 2026-01-01<a class=\"anchor\" href=\"#user-content-119990---2026-01-01\""
        ),
        "{}",
        &html[html.len() - 600..]
    );
}
