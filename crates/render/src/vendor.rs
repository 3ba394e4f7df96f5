//! The third-party browser files the generated pages load, all served from the
//! serving origin under `/_plug/vendor/` (filled by scripts/vendor.sh, never a CDN).

/// URL prefix of every vendor file; the Worker serves `public/vendor/*` here.
pub const VENDOR_BASE: &str = "/_plug/vendor/";

pub const REACT_JS: &str = "/_plug/vendor/react.production.min.js";
pub const REACT_DOM_JS: &str = "/_plug/vendor/react-dom.production.min.js";
/// Sucrase bundled for the browser (JSX + TypeScript + ES modules to CommonJS).
pub const SUCRASE_JS: &str = "/_plug/vendor/sucrase.min.js";
pub const PDFJS_MJS: &str = "/_plug/vendor/pdf.min.mjs";
pub const PDFJS_WORKER_MJS: &str = "/_plug/vendor/pdf.worker.min.mjs";
/// pdf.js data: `cmaps/`, `standard_fonts/`, `wasm/`, `iccs/`.
pub const PDFJS_DATA_DIR: &str = "/_plug/vendor/pdfjs/";
pub const JSZIP_JS: &str = "/_plug/vendor/jszip.min.js";
pub const DOCX_PREVIEW_JS: &str = "/_plug/vendor/docx-preview.min.js";
/// ExcelTS (reader, number formats, formula engine), loaded by the spreadsheet viewer's Web Worker.
pub const EXCELTS_JS: &str = "/_plug/vendor/excelts.min.js";
/// The spreadsheet viewer's chart reader and drawer (Plug's own, `assets/xlsx-charts.js`),
/// loaded by its worker only for a workbook with charts.
pub const XLSX_CHARTS_JS: &str = "/_plug/vendor/plug-xlsx-charts.js";
/// The markdown page's script for diagrams, math and emoji shortcodes (Plug's own,
/// `assets/markdown-extras.js`); it loads mermaid, KaTeX or the emoji table only when needed.
pub const MARKDOWN_EXTRAS_JS: &str = "/_plug/vendor/plug-markdown.js";
/// Carlito (Calibri's metrics), the spreadsheet grid's default font: `carlito-latin-<face>.woff2`.
pub const CARLITO_DIR: &str = "/_plug/vendor/carlito/";
/// Caladea (Cambria's metrics), loaded by the Word viewer only for a document that names Cambria:
/// `caladea-latin-<face>.woff2`.
pub const CALADEA_DIR: &str = "/_plug/vendor/caladea/";
pub const PPTX_RENDERER_MJS: &str = "/_plug/vendor/pptx-renderer.min.mjs";
/// What a single-file React component may import (`<library>.mjs`, `ui/<name>.mjs`, Tailwind),
/// each loaded by the React scaffold only when the component imports it.
pub const REACT_KIT_DIR: &str = "/_plug/vendor/react-kit/";

/// The viewer pages' own scripts (`assets/*.js` after `assets/common.js`, built by vendor.sh).
pub const VIEWER_IMAGE_JS: &str = "/_plug/vendor/plug-viewer-image.js";
pub const VIEWER_PDF_JS: &str = "/_plug/vendor/plug-viewer-pdf.js";
pub const VIEWER_DOCX_JS: &str = "/_plug/vendor/plug-viewer-docx.js";
pub const VIEWER_XLSX_JS: &str = "/_plug/vendor/plug-viewer-xlsx.js";
pub const VIEWER_PPTX_JS: &str = "/_plug/vendor/plug-viewer-pptx.js";
pub const VIEWER_REACT_JS: &str = "/_plug/vendor/plug-viewer-react.js";

/// Every vendor file or directory (ending in `/`) a generated page may request.
pub fn vendor_paths() -> &'static [&'static str] {
    &[
        REACT_JS,
        REACT_DOM_JS,
        SUCRASE_JS,
        PDFJS_MJS,
        PDFJS_WORKER_MJS,
        PDFJS_DATA_DIR,
        JSZIP_JS,
        DOCX_PREVIEW_JS,
        EXCELTS_JS,
        XLSX_CHARTS_JS,
        MARKDOWN_EXTRAS_JS,
        CARLITO_DIR,
        CALADEA_DIR,
        PPTX_RENDERER_MJS,
        REACT_KIT_DIR,
        VIEWER_IMAGE_JS,
        VIEWER_PDF_JS,
        VIEWER_DOCX_JS,
        VIEWER_XLSX_JS,
        VIEWER_PPTX_JS,
        VIEWER_REACT_JS,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const VENDOR_SCRIPT: &str = include_str!("../../../scripts/vendor.sh");

    #[test]
    fn every_vendor_path_lives_under_the_vendor_base() {
        for path in vendor_paths() {
            assert!(
                path.starts_with(VENDOR_BASE) && path.len() > VENDOR_BASE.len(),
                "{path}"
            );
        }
    }

    #[test]
    fn vendor_script_produces_every_vendor_path() {
        for path in vendor_paths() {
            let name = &path[VENDOR_BASE.len()..];
            // A viewer's own script is written by `viewer <name> <files…>` as plug-viewer-<name>.js.
            if let Some(viewer) = name.strip_prefix("plug-viewer-") {
                let line = format!("\nviewer {} ", viewer.trim_end_matches(".js"));
                assert!(
                    VENDOR_SCRIPT.contains(&line),
                    "scripts/vendor.sh never builds {name}"
                );
                continue;
            }
            assert!(
                VENDOR_SCRIPT.contains(name.trim_end_matches('/')),
                "scripts/vendor.sh never writes {name}"
            );
        }
    }
}
