//! The wrapper pages around files a browser cannot show well by itself: an image
//! viewer, a pdf.js reader, docx/xlsx/pptx viewers and a React scaffold.

use plug_domain::SourceType;

use crate::layout::{attribute, Page};
use crate::vendor::{
    DOCX_PREVIEW_JS, JSZIP_JS, VENDOR_BASE, VIEWER_DOCX_JS, VIEWER_IMAGE_JS, VIEWER_PDF_JS,
    VIEWER_PPTX_JS, VIEWER_REACT_JS, VIEWER_XLSX_JS,
};

/// The office formats with an in-browser viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfficeKind {
    Docx,
    Xlsx,
    Pptx,
}

/// Every kind of page Plug serves, which decides its Content-Security-Policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PageKind {
    /// The user's own HTML (a single file or a zipped site).
    Html,
    Markdown,
    Image,
    Pdf,
    Office(OfficeKind),
    React,
}

impl From<SourceType> for PageKind {
    fn from(source_type: SourceType) -> Self {
        match source_type {
            SourceType::Html => PageKind::Html,
            SourceType::ReactSingleFile => PageKind::React,
            SourceType::Markdown => PageKind::Markdown,
            SourceType::Pdf => PageKind::Pdf,
            SourceType::Pptx => PageKind::Office(OfficeKind::Pptx),
            SourceType::Docx => PageKind::Office(OfficeKind::Docx),
            SourceType::Xlsx => PageKind::Office(OfficeKind::Xlsx),
            SourceType::Image => PageKind::Image,
        }
    }
}

/// A wrapper page's fixed parts: its CSS, the vendor scripts it loads and its own script, a
/// static file built by scripts/vendor.sh from `assets/common.js` and the viewer's `assets/*.js`
/// (not inlined: the Worker's upload stays small, and the page's CSP needs no hash).
pub(crate) struct Viewer {
    style: &'static str,
    /// Classic scripts loaded before the viewer's own, in order.
    scripts: &'static [&'static str],
}

pub(crate) const IMAGE_VIEWER: Viewer = Viewer {
    style: include_str!("assets/image.css"),
    scripts: &[VIEWER_IMAGE_JS],
};

pub(crate) const PDF_VIEWER: Viewer = Viewer {
    style: include_str!("assets/pdf.css"),
    scripts: &[VIEWER_PDF_JS],
};

pub(crate) const DOCX_VIEWER: Viewer = Viewer {
    style: include_str!("assets/docx.css"),
    scripts: &[JSZIP_JS, DOCX_PREVIEW_JS, VIEWER_DOCX_JS],
};

/// The workbook is read in a Web Worker (`xlsx-worker.js`, started from a blob:
/// URL), which loads ExcelTS itself; the page only draws the grid.
pub(crate) const XLSX_VIEWER: Viewer = Viewer {
    style: include_str!("assets/xlsx.css"),
    scripts: &[VIEWER_XLSX_JS],
};

pub(crate) const PPTX_VIEWER: Viewer = Viewer {
    style: include_str!("assets/pptx.css"),
    // JSZip: picture fills are put before theme fills before the deck is drawn (pptx.js).
    scripts: &[JSZIP_JS, VIEWER_PPTX_JS],
};

/// React, ReactDOM and Sucrase are loaded by the script itself, in that order, while it fetches the
/// source and starts Tailwind on it (react.js).
pub(crate) const REACT_SCAFFOLD: Viewer = Viewer {
    style: include_str!("assets/react.css"),
    scripts: &[VIEWER_REACT_JS],
};

#[cfg(test)]
pub(crate) const ALL_VIEWERS: [&Viewer; 6] = [
    &IMAGE_VIEWER,
    &PDF_VIEWER,
    &DOCX_VIEWER,
    &XLSX_VIEWER,
    &PPTX_VIEWER,
    &REACT_SCAFFOLD,
];

impl OfficeKind {
    fn viewer(self) -> &'static Viewer {
        match self {
            OfficeKind::Docx => &DOCX_VIEWER,
            OfficeKind::Xlsx => &XLSX_VIEWER,
            OfficeKind::Pptx => &PPTX_VIEWER,
        }
    }

    fn main_html(self) -> &'static str {
        match self {
            OfficeKind::Docx => "<div class=\"plug-docx\"></div>",
            OfficeKind::Xlsx => {
                "<nav class=\"plug-sheet-tabs\" role=\"tablist\" aria-label=\"Sheets\" hidden></nav>\
                 <div class=\"plug-sheet\"></div>"
            }
            OfficeKind::Pptx => "<div class=\"plug-slides\"></div>",
        }
    }
}

impl PageKind {
    /// The wrapper behind this kind of page; none for user HTML and markdown.
    pub(crate) fn viewer(self) -> Option<&'static Viewer> {
        match self {
            PageKind::Html | PageKind::Markdown => None,
            PageKind::Image => Some(&IMAGE_VIEWER),
            PageKind::Pdf => Some(&PDF_VIEWER),
            PageKind::Office(kind) => Some(kind.viewer()),
            PageKind::React => Some(&REACT_SCAFFOLD),
        }
    }
}

fn viewer_page(
    viewer: &Viewer,
    title: &str,
    file_url: &str,
    download_url: &str,
    main: String,
) -> String {
    Page {
        title,
        download_url,
        style: viewer.style,
        main,
        main_attributes: format!(
            "{}{}",
            attribute("data-src", file_url),
            attribute("data-vendor", VENDOR_BASE)
        ),
        scripts: viewer.scripts,
    }
    .render()
}

/// A gallery-style viewer: the image fitted to the window, a click for actual size. A `vector`
/// image (SVG) is scaled up to the window too, since it stays sharp at any size. The file's URL
/// (`_plug/file`) says nothing of its type, so the page is told.
pub fn image_page(title: &str, image_url: &str, download_url: &str, vector: bool) -> String {
    let main = format!(
        "<div class=\"plug-image{}\"><img src=\"{}\" alt=\"{}\" tabindex=\"0\" role=\"button\" \
         aria-pressed=\"false\" aria-label=\"{} (click to toggle actual size)\"></div>",
        if vector { " plug-vector" } else { "" },
        crate::escape::attr(image_url),
        crate::escape::attr(title),
        crate::escape::attr(title),
    );
    viewer_page(&IMAGE_VIEWER, title, image_url, download_url, main)
}

/// A pdf.js reader with lazily rendered pages, falling back to the browser's own viewer.
pub fn pdf_page(title: &str, pdf_url: &str, download_url: &str) -> String {
    let main = format!(
        "<div class=\"plug-pages\"></div><div class=\"plug-page-counter\" aria-live=\"polite\" hidden></div>\
         <noscript><p class=\"plug-status\"><a href=\"{}\">Open the PDF</a></p></noscript>",
        crate::escape::attr(pdf_url)
    );
    viewer_page(&PDF_VIEWER, title, pdf_url, download_url, main)
}

/// An in-browser viewer for a Word document, a spreadsheet or a slide deck.
pub fn office_page(kind: OfficeKind, title: &str, file_url: &str, download_url: &str) -> String {
    viewer_page(
        kind.viewer(),
        title,
        file_url,
        download_url,
        kind.main_html().to_string(),
    )
}

/// A scaffold that compiles a single-file React component in the browser and renders it. The
/// source, when given, rides in the page (`data-source`), so the script starts the component's
/// libraries and Tailwind without fetching it first.
pub fn react_page(
    title: &str,
    source_url: &str,
    download_url: &str,
    source: Option<&str>,
) -> String {
    let inlined = source.map_or(String::new(), |s| attribute("data-source", s));
    viewer_page(
        &REACT_SCAFFOLD,
        title,
        source_url,
        download_url,
        format!("<div id=\"root\"{inlined}></div>"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vendor::vendor_paths;

    /// The viewer's own scripts: the asset files vendor.sh wraps into plug-viewer-<name>.js.
    const ASSET_SCRIPTS: [&str; 15] = [
        include_str!("assets/common.js"),
        include_str!("assets/image.js"),
        include_str!("assets/pdf.js"),
        include_str!("assets/docx.js"),
        include_str!("assets/xlsx-worker.js"),
        include_str!("assets/xlsx-worker-formulas.js"),
        include_str!("assets/xlsx-worker-styles.js"),
        include_str!("assets/xlsx-grid.js"),
        include_str!("assets/xlsx-grid-cells.js"),
        include_str!("assets/xlsx.js"),
        include_str!("assets/pptx.js"),
        include_str!("assets/claude-storage.js"),
        include_str!("assets/tool-globals.js"),
        include_str!("assets/react-globals.js"),
        include_str!("assets/react.js"),
    ];

    #[test]
    fn viewer_scripts_only_name_vendor_files_that_exist() {
        for source in ASSET_SCRIPTS {
            for (at, _) in source.match_indices("vendor + \"") {
                let rest = &source[at + "vendor + \"".len()..];
                let name = &rest[..rest.find('"').unwrap()];
                let path = format!("{VENDOR_BASE}{name}");
                assert!(
                    vendor_paths().iter().any(|known| path.starts_with(known)),
                    "unknown vendor file {name}"
                );
            }
        }
    }

    #[test]
    fn every_viewer_ends_with_its_own_script_and_runs_nothing_inline() {
        let own = [
            VIEWER_IMAGE_JS,
            VIEWER_PDF_JS,
            VIEWER_DOCX_JS,
            VIEWER_XLSX_JS,
            VIEWER_PPTX_JS,
            VIEWER_REACT_JS,
        ];
        for (viewer, script) in ALL_VIEWERS.iter().zip(own) {
            assert_eq!(viewer.scripts.last(), Some(&script));
        }
        for page in [
            image_page("t", "/i.png", "/d", false),
            pdf_page("t", "/f.pdf", "/d"),
            office_page(OfficeKind::Docx, "t", "/f", "/d"),
            office_page(OfficeKind::Xlsx, "t", "/f", "/d"),
            office_page(OfficeKind::Pptx, "t", "/f", "/d"),
            react_page("t", "/f", "/d", None),
        ] {
            assert!(!page.contains("<script>"), "{page}");
        }
    }

    /// Where the page loads `src`, if it does.
    fn script_at(page: &str, src: &str) -> Option<usize> {
        page.find(&format!("<script src=\"{src}\"></script>"))
    }

    fn assert_wrapper_basics(page: &str, title: &str) {
        assert!(page.starts_with("<!doctype html>"));
        assert!(page.contains(&format!("<title>{title}</title>")), "{page}");
        assert!(page.contains("name=\"viewport\""));
        assert!(page.contains("Download original"));
        assert!(
            !page.contains("https://cdn") && !page.contains("unpkg") && !page.contains("jsdelivr")
        );
        for src in page.split("<script src=\"").skip(1) {
            assert!(
                src.starts_with(VENDOR_BASE),
                "script from outside the vendor folder: {src}"
            );
        }
    }

    #[test]
    fn image_page_shows_the_image_with_its_title_as_alt_text() {
        let page = image_page(
            "Logo \"v2\"",
            "/acme/logo-1a2b/logo.png",
            "/acme/logo-1a2b/logo.png?download",
            false,
        );
        assert_wrapper_basics(&page, "Logo \"v2\"");
        assert!(
            page.contains("<img src=\"/acme/logo-1a2b/logo.png\" alt=\"Logo &quot;v2&quot;\""),
            "{page}"
        );
        assert!(script_at(&page, VIEWER_IMAGE_JS).is_some());
        assert!(page.contains("<div class=\"plug-image\">"));
        let svg = image_page("Logo", "_plug/file", "_plug/file?download=1", true);
        assert!(
            svg.contains("<div class=\"plug-image plug-vector\">"),
            "{svg}"
        );
    }

    #[test]
    fn pdf_page_points_the_reader_at_the_file_and_the_vendor_folder() {
        let page = pdf_page(
            "Q3 report",
            "/acme/q3-1a2b/report.pdf",
            "/acme/q3-1a2b/report.pdf?download",
        );
        assert_wrapper_basics(&page, "Q3 report");
        assert!(
            page.contains(" data-src=\"/acme/q3-1a2b/report.pdf\" data-vendor=\"/_plug/vendor/\""),
            "{page}"
        );
        assert!(page.contains("<noscript>"));
        assert!(script_at(&page, VIEWER_PDF_JS).is_some());
    }

    #[test]
    fn office_pages_load_their_own_renderer() {
        let docx = office_page(OfficeKind::Docx, "Plan", "/f.docx", "/f.docx?download");
        assert_wrapper_basics(&docx, "Plan");
        assert!(docx.contains(JSZIP_JS) && docx.contains(DOCX_PREVIEW_JS));
        assert!(
            docx.find(JSZIP_JS) < docx.find(DOCX_PREVIEW_JS),
            "docx-preview needs JSZip first"
        );
        let xlsx = office_page(OfficeKind::Xlsx, "Budget", "/b.xlsx", "/b.xlsx?download");
        assert!(xlsx.contains("plug-sheet-tabs"));
        assert!(include_str!("assets/xlsx.js").contains("absolute(\"excelts.min.js\")"));
        assert_eq!(
            xlsx.matches("<script src=").count(),
            1,
            "the spreadsheet page loads its parser in a worker, not in the page"
        );
        let pptx = office_page(OfficeKind::Pptx, "Deck", "/d.pptx", "/d.pptx?download");
        assert!(pptx.contains("plug-slides"));
        assert!(
            script_at(&docx, DOCX_PREVIEW_JS) < script_at(&docx, VIEWER_DOCX_JS),
            "the viewer runs once its renderer is loaded"
        );
        assert!(script_at(&xlsx, VIEWER_XLSX_JS).is_some());
        assert!(script_at(&pptx, JSZIP_JS) < script_at(&pptx, VIEWER_PPTX_JS));
    }

    #[test]
    fn react_page_script_loads_react_then_react_dom_then_the_compiler() {
        use crate::vendor::{REACT_DOM_JS, REACT_JS, SUCRASE_JS};
        let page = react_page(
            "Counter",
            "/acme/counter-1a2b/App.tsx",
            "/acme/counter-1a2b/App.tsx?download",
            Some("const a = \"</main>\";"),
        );
        assert_wrapper_basics(&page, "Counter");
        // The source rides escaped in an attribute of #root, never as markup.
        assert!(page.contains(
            "<div id=\"root\" data-source=\"const a = &quot;&lt;/main&gt;&quot;;\"></div>"
        ));
        let script = include_str!("assets/react.js");
        let at = |path: &str| {
            let name = &path[VENDOR_BASE.len()..];
            script.find(&format!("loadScript(\"{name}\")")).unwrap()
        };
        assert!(at(REACT_JS) < at(REACT_DOM_JS) && at(REACT_DOM_JS) < at(SUCRASE_JS));
        assert!(react_page("t", "/f", "/d", None).contains("<div id=\"root\"></div>"));
        assert!(script_at(&page, VIEWER_REACT_JS).is_some());
    }

    #[test]
    fn hostile_titles_and_urls_stay_text() {
        let page = pdf_page(
            "</title><script>alert(1)</script>",
            "\"><script>alert(2)</script>",
            "javascript:x\"",
        );
        assert_eq!(
            page.matches("<script").count(),
            1,
            "only the viewer's own: {page}"
        );
        assert!(page.contains("&lt;/title&gt;&lt;script&gt;"));
    }

    #[test]
    fn page_kind_follows_the_source_type() {
        assert_eq!(PageKind::from(SourceType::Html), PageKind::Html);
        assert_eq!(
            PageKind::from(SourceType::Xlsx),
            PageKind::Office(OfficeKind::Xlsx)
        );
        assert_eq!(PageKind::from(SourceType::ReactSingleFile), PageKind::React);
    }
}
