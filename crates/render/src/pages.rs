//! The wrapper pages around files a browser cannot show well by itself: an image
//! viewer, a pdf.js reader, docx/xlsx/pptx viewers and a React scaffold.

use plug_domain::SourceType;

use crate::layout::{attribute, InlineScript, Page};
use crate::vendor::{DOCX_PREVIEW_JS, JSZIP_JS, VENDOR_BASE};

/// Wraps a viewer's script files (in order) in the shared helpers and an async
/// function, so they may `await` and cannot leak globals into the page.
macro_rules! viewer_script {
    ($($file:literal),+) => {
        concat!(
            "(async () => {\n",
            include_str!("assets/common.js"),
            $(include_str!($file),)+
            "})();\n"
        )
    };
}

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

/// A wrapper page's fixed parts: its CSS, the vendor scripts it loads and its
/// inline script with that script's CSP hash (checked by a unit test).
pub(crate) struct Viewer {
    style: &'static str,
    vendor_scripts: &'static [&'static str],
    script: InlineScript,
    pub(crate) script_hash: &'static str,
}

pub(crate) const IMAGE_VIEWER: Viewer = Viewer {
    style: include_str!("assets/image.css"),
    vendor_scripts: &[],
    script: InlineScript {
        source: viewer_script!("assets/image.js"),
        module: false,
    },
    script_hash: "sha256-9GjNTgunapjCUOcKn+G2dRXlRl4K/NlVLZoOas+uTAk=",
};

pub(crate) const PDF_VIEWER: Viewer = Viewer {
    style: include_str!("assets/pdf.css"),
    vendor_scripts: &[],
    script: InlineScript {
        source: viewer_script!("assets/pdf.js"),
        module: false,
    },
    script_hash: "sha256-MCN548gznJLFcuQD+tKosca7lRYU68JmcDeQ7NSL92I=",
};

pub(crate) const DOCX_VIEWER: Viewer = Viewer {
    style: include_str!("assets/docx.css"),
    vendor_scripts: &[JSZIP_JS, DOCX_PREVIEW_JS],
    script: InlineScript {
        source: viewer_script!("assets/docx.js"),
        module: false,
    },
    script_hash: "sha256-gJOtHwdSHlOs/FCxQZeiQKZ4iSu+9O7kKLhqmo0BVd0=",
};

/// The workbook is read in a Web Worker (`xlsx-worker.js`, started from a blob:
/// URL), which loads ExcelTS itself; the page only draws the grid.
pub(crate) const XLSX_VIEWER: Viewer = Viewer {
    style: include_str!("assets/xlsx.css"),
    vendor_scripts: &[],
    script: InlineScript {
        source: viewer_script!(
            "assets/xlsx-worker.js",
            "assets/xlsx-grid.js",
            "assets/xlsx.js"
        ),
        module: false,
    },
    script_hash: "sha256-FQ+2PS4n31EHW2E+hKF6bOpbaPe0jwD9pXxtVVOucC8=",
};

pub(crate) const PPTX_VIEWER: Viewer = Viewer {
    style: include_str!("assets/pptx.css"),
    // JSZip: picture fills are put before theme fills before the deck is drawn (pptx.js).
    vendor_scripts: &[JSZIP_JS],
    script: InlineScript {
        source: viewer_script!("assets/pptx.js"),
        module: false,
    },
    script_hash: "sha256-f6ywjxZL+EUDRRqSTbT8W13POt1/1CbCZV36xYEpLJY=",
};

/// React, ReactDOM and Sucrase are loaded by the script itself, in that order, while it fetches the
/// source and starts Tailwind on it (react.js).
pub(crate) const REACT_SCAFFOLD: Viewer = Viewer {
    style: include_str!("assets/react.css"),
    vendor_scripts: &[],
    script: InlineScript {
        source: viewer_script!("assets/react.js"),
        module: false,
    },
    script_hash: "sha256-dOZ04FBdk0d/MLySbCM9H/RsAfucyAJpiS89015zMzw=",
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
        scripts: viewer.vendor_scripts,
        inline_script: Some(viewer.script),
    }
    .render()
}

/// A gallery-style viewer: the image fitted to the window, a click for actual size.
pub fn image_page(title: &str, image_url: &str, download_url: &str) -> String {
    let main = format!(
        "<div class=\"plug-image\"><img src=\"{}\" alt=\"{}\" tabindex=\"0\" role=\"button\" \
         aria-pressed=\"false\" aria-label=\"{} (click to toggle actual size)\"></div>",
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

/// A scaffold that compiles a single-file React component in the browser and renders it.
pub fn react_page(title: &str, source_url: &str, download_url: &str) -> String {
    viewer_page(
        &REACT_SCAFFOLD,
        title,
        source_url,
        download_url,
        "<div id=\"root\"></div>".to_string(),
    )
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use sha2::{Digest, Sha256};

    use super::*;
    use crate::vendor::vendor_paths;

    fn sha256_source(script: &str) -> String {
        let digest = Sha256::digest(script.as_bytes());
        format!(
            "sha256-{}",
            base64::engine::general_purpose::STANDARD.encode(digest)
        )
    }

    #[test]
    fn inline_script_hashes_match_their_sources() {
        let names = ["image", "pdf", "docx", "xlsx", "pptx", "react"];
        let mut wrong = Vec::new();
        for (name, viewer) in names.iter().zip(ALL_VIEWERS) {
            let actual = sha256_source(viewer.script.source);
            if actual != viewer.script_hash {
                wrong.push(format!("{name}: {actual}"));
            }
        }
        assert!(
            wrong.is_empty(),
            "update the script_hash constants:\n{}",
            wrong.join("\n")
        );
    }

    #[test]
    fn inline_scripts_cannot_end_their_script_element() {
        for viewer in ALL_VIEWERS {
            let source = viewer.script.source.to_ascii_lowercase();
            assert!(!source.contains("</script") && !source.contains("<!--"));
        }
    }

    #[test]
    fn inline_scripts_only_name_vendor_files_that_exist() {
        for viewer in ALL_VIEWERS {
            for (at, _) in viewer.script.source.match_indices("vendor + \"") {
                let rest = &viewer.script.source[at + "vendor + \"".len()..];
                let name = &rest[..rest.find('"').unwrap()];
                let path = format!("{VENDOR_BASE}{name}");
                assert!(
                    vendor_paths().iter().any(|known| path.starts_with(known)),
                    "unknown vendor file {name}"
                );
            }
        }
    }

    /// The page's inline script, exactly as a browser would hash it for the CSP.
    fn inline_script_of(page: &str) -> &str {
        let start = page.rfind("<script>").unwrap() + "<script>".len();
        &page[start..start + page[start..].find("</script>").unwrap()]
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
        );
        assert_wrapper_basics(&page, "Logo \"v2\"");
        assert!(
            page.contains("<img src=\"/acme/logo-1a2b/logo.png\" alt=\"Logo &quot;v2&quot;\""),
            "{page}"
        );
        assert_eq!(
            sha256_source(inline_script_of(&page)),
            IMAGE_VIEWER.script_hash
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
        assert_eq!(
            sha256_source(inline_script_of(&page)),
            PDF_VIEWER.script_hash
        );
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
        assert!(xlsx.contains("plug-sheet-tabs") && xlsx.contains("excelts.min.js"));
        assert!(
            !xlsx.contains("<script src="),
            "the spreadsheet page loads its parser in a worker, not in the page"
        );
        let pptx = office_page(OfficeKind::Pptx, "Deck", "/d.pptx", "/d.pptx?download");
        assert!(pptx.contains("plug-slides"));
        for (page, viewer) in [
            (&docx, &DOCX_VIEWER),
            (&xlsx, &XLSX_VIEWER),
            (&pptx, &PPTX_VIEWER),
        ] {
            assert_eq!(sha256_source(inline_script_of(page)), viewer.script_hash);
        }
    }

    #[test]
    fn react_page_script_loads_react_then_react_dom_then_the_compiler() {
        use crate::vendor::{REACT_DOM_JS, REACT_JS, SUCRASE_JS};
        let page = react_page(
            "Counter",
            "/acme/counter-1a2b/App.tsx",
            "/acme/counter-1a2b/App.tsx?download",
        );
        assert_wrapper_basics(&page, "Counter");
        let script = inline_script_of(&page);
        let at = |path: &str| {
            let name = &path[VENDOR_BASE.len()..];
            script.find(&format!("loadScript(\"{name}\")")).unwrap()
        };
        assert!(at(REACT_JS) < at(REACT_DOM_JS) && at(REACT_DOM_JS) < at(SUCRASE_JS));
        assert!(page.contains("<div id=\"root\"></div>"));
        assert_eq!(
            sha256_source(inline_script_of(&page)),
            REACT_SCAFFOLD.script_hash
        );
    }

    #[test]
    fn hostile_titles_and_urls_stay_text() {
        let page = pdf_page(
            "</title><script>alert(1)</script>",
            "\"><script>alert(2)</script>",
            "javascript:x\"",
        );
        assert_eq!(page.matches("<script").count(), 1, "{page}");
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
