use super::sanitize_fragment;

fn clean(html: &str) -> String {
    sanitize_fragment(html, false, false)
}

#[test]
fn a_readme_header_keeps_its_centred_image_and_sizes() {
    let html = clean("<p align=\"center\"><img src=\"https://x.test/logo.png\" width=\"120\" height=\"40\" alt=\"Logo\" onerror=\"alert(1)\"></p>");
    assert_eq!(
            html,
            "<p align=\"center\"><img src=\"https://x.test/logo.png\" width=\"120\" height=\"40\" alt=\"Logo\"></p>"
        );
}

#[test]
fn details_picture_kbd_sup_and_br_stay() {
    let html = clean("<details><summary>More</summary><kbd>Ctrl</kbd>+<sup>1</sup><br></details><picture><source srcset=\"a.png 1x, b.png 2x\" media=\"(prefers-color-scheme: dark)\"><img src=\"c.png\"></picture>");
    assert!(
        html.contains("<details><summary>More</summary><kbd>Ctrl</kbd>+<sup>1</sup><br></details>"),
        "{html}"
    );
    assert!(
        html.contains(
            "<source srcset=\"a.png 1x, b.png 2x\" media=\"(prefers-color-scheme: dark)\">"
        ),
        "{html}"
    );
}

#[test]
fn script_style_and_raw_text_elements_go_with_their_content() {
    for bad in [
        "<script>alert(1)</script>",
        "<style>body{}</style>",
        "<xmp><img src=x onerror=alert(1)></xmp>",
        "<noembed><img src=x onerror=alert(1)></noembed>",
        "<textarea><img src=x onerror=alert(1)></textarea>",
        "<iframe src=\"https://x.test\"></iframe>",
        "<svg><script>alert(1)</script></svg>",
        "<!-- <img src=x onerror=alert(1)> -->",
    ] {
        let html = clean(&format!("a{bad}b"));
        assert_eq!(html, "ab", "{bad}");
    }
}

#[test]
fn unknown_elements_keep_their_text_and_urls_are_checked() {
    assert_eq!(clean("<center><blink>hi</blink></center>"), "hi");
    assert_eq!(clean("<a href=\"javascript:alert(1)\">x</a>"), "<a>x</a>");
    assert_eq!(clean("<img src=\"data:image/svg+xml,<svg/>\">"), "<img>");
    assert_eq!(
        clean("<source srcset=\"ok.png 1x, javascript:alert(1) 2x\">"),
        "<source>"
    );
    assert_eq!(clean("<input type=\"text\" value=\"x\">"), "");
    assert_eq!(
        clean("<input type=\"checkbox\" checked>"),
        "<input type=\"checkbox\" checked=\"\" disabled=\"\">"
    );
}

#[test]
fn urls_are_checked_as_the_browser_decodes_them() {
    assert_eq!(clean("<img src=\"&#14;  javascript:alert(1)\">"), "<img>");
    assert_eq!(
        clean("<a href=\"jav&Tab;ascript&colon;alert(1)\">x</a>"),
        "<a>x</a>"
    );
    assert_eq!(
        clean("<a href=\"&#x6A;avascript:alert(1)\">x</a>"),
        "<a>x</a>"
    );
    assert_eq!(
        clean("<a href=\"java&NotARealOne;script:x\">x</a>"),
        "<a>x</a>"
    );
    assert_eq!(
        clean("<a href=\"https://x.test/?a=1&amp;b=2\">x</a>"),
        "<a href=\"https://x.test/?a=1&amp;b=2\">x</a>"
    );
}

#[test]
fn named_anchors_are_prefixed_like_ids() {
    assert_eq!(
        clean("<a name=\"install\"></a><a href=\"#install\">go</a><img name=\"x\" src=\"a.png\">"),
        "<a name=\"user-content-install\"></a><a href=\"#user-content-install\">go</a><img src=\"a.png\">"
    );
}

#[test]
fn ids_are_prefixed_and_same_page_links_follow_them() {
    assert_eq!(
            clean("<h2 id=\"__PlatformBadge\">x</h2><a href=\"#__PlatformBadge\">y</a>"),
            "<h2 id=\"user-content-__PlatformBadge\">x<a class=\"anchor\" href=\"#user-content-__PlatformBadge\" aria-label=\"Link to this section\"></a></h2><a href=\"#user-content-__PlatformBadge\">y</a>"
        );
    assert_eq!(
        clean("<td style=\"text-align: right\">1</td><p style=\"color:red\">x</p>"),
        "<td style=\"text-align: right\">1</td><p>x</p>"
    );
}

#[test]
fn back_to_top_links_reach_the_top_unless_the_document_names_a_top() {
    // `#`, `#top` and GitHub's `#readme` are the page's top (the prefix made them links to nothing).
    let html = clean("<a href=\"#top\">a</a><a href=\"#\">b</a><a href=\"#readme\">c</a><a href=\"#TOP\">d</a><a href=\"#topics\">e</a>");
    assert_eq!(
        html,
        "<a href=\"#top\">a</a><a href=\"#\">b</a><a href=\"#top\">c</a><a href=\"#top\">d</a><a href=\"#user-content-topics\">e</a>"
    );
    // A heading "Top" (or an `<a name="readme">`) is where its link goes, as any other anchor.
    let html = clean("<h2 id=\"top\">Top</h2><a href=\"#top\">a</a>");
    assert!(
        html.contains("<a href=\"#user-content-top\">a</a>"),
        "{html}"
    );
    let html = clean("<a name='readme'></a><a href=\"#readme\">b</a>");
    assert!(
        html.contains("<a href=\"#user-content-readme\">b</a>"),
        "{html}"
    );
}
