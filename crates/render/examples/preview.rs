//! Writes every generated page into a folder, each with its CSP beside it
//! (`<name>.html.csp`), to look at them in a browser:
//! `cargo run -p plug-render --example preview -- /tmp/plug-preview/pages`.

use std::path::PathBuf;

use plug_render::{
    csp_for, image_page, inject_badge, markdown_page, office_page, pdf_page, react_page, BadgeTag,
    BadgeTagMode, OfficeKind, PageKind, Position,
};

const BADGE_ORIGIN: &str = "http://localhost:8788";
const SERVE_ORIGIN: &str = "http://127.0.0.1:8789";

const MARKDOWN: &str = "# Launch notes\n\nA *markdown* drop with **everything**: `code`, [a link](https://example.com), \
and <b>raw html</b> shown as text.\n\n> [!NOTE]\n> Alerts render too.\n\n| Feature | State |\n|---|---:|\n| Tables | done |\n\
| Footnotes[^1] | done |\n\n- [x] task lists\n- [ ] ~~strikethrough~~ yes\n\n```rust\nfn main() {\n    println!(\"hi\");\n}\n```\n\n\
[^1]: Like this one.\n";

/// A user's own page: inline script, eval, inline style; the badge goes before `</body>`.
const SITE: &str = r#"<!doctype html><html><head><style>body{font:16px system-ui;margin:2rem}</style></head>
<body><h1>My demo</h1><p id="out"></p>
<script>document.getElementById("out").textContent = eval('"inline + eval " + (6 * 7)');</script>
</body></html>"#;

fn main() {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/tmp/plug-preview/pages".into()),
    );
    std::fs::create_dir_all(&out).unwrap();
    let tag = BadgeTag {
        base_url: BADGE_ORIGIN.into(),
        entity_id: "0f8e4a52-3c1d-4b6e-9a7f-2d5c8e1b4a90".into(),
        grid_slug: "acme".into(),
        mode: BadgeTagMode::Auto,
        position: Some(Position::BottomRight),
        theme: Some(
            plug_render::parse_theme_str(r##"{"bg":"#0b3d91","font":"Noto Sans, 微软雅黑"}"##)
                .unwrap(),
        ),
        shell: true,
    };
    let pages = [
        (
            "markdown",
            PageKind::Markdown,
            markdown_page(MARKDOWN, "Launch notes", "/files/notes.md"),
        ),
        (
            "image",
            PageKind::Image,
            image_page("Big photo", "/files/big.png", "/files/big.png", false),
        ),
        (
            "image-svg",
            PageKind::Image,
            image_page("Vector logo", "/files/logo.svg", "/files/logo.svg", true),
        ),
        (
            "pdf",
            PageKind::Pdf,
            pdf_page("Quarterly report", "/files/report.pdf", "/files/report.pdf"),
        ),
        (
            "pdf-missing",
            PageKind::Pdf,
            pdf_page("Missing PDF", "/files/nope.pdf", "/files/nope.pdf"),
        ),
        (
            "docx",
            PageKind::Office(OfficeKind::Docx),
            office_page(
                OfficeKind::Docx,
                "Plan",
                "/files/plan.docx",
                "/files/plan.docx",
            ),
        ),
        (
            "xlsx",
            PageKind::Office(OfficeKind::Xlsx),
            office_page(
                OfficeKind::Xlsx,
                "Budget",
                "/files/budget.xlsx",
                "/files/budget.xlsx",
            ),
        ),
        (
            "pptx",
            PageKind::Office(OfficeKind::Pptx),
            office_page(
                OfficeKind::Pptx,
                "Deck",
                "/files/deck.pptx",
                "/files/deck.pptx",
            ),
        ),
        (
            "react",
            PageKind::React,
            react_page("Counter", "/files/App.tsx", "/files/App.tsx", None),
        ),
        ("site", PageKind::Html, SITE.to_string()),
        (
            "react-broken",
            PageKind::React,
            react_page("Broken", "/files/Broken.jsx", "/files/Broken.jsx", None),
        ),
    ];
    let count = pages.len();
    for (name, kind, html) in pages {
        let html = inject_badge(&html, &tag).unwrap();
        std::fs::write(out.join(format!("{name}.html")), html).unwrap();
        std::fs::write(
            out.join(format!("{name}.html.csp")),
            csp_for(kind, BADGE_ORIGIN, SERVE_ORIGIN),
        )
        .unwrap();
    }
    println!("wrote {count} pages to {}", out.display());
}
