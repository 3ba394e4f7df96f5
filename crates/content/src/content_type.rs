//! The Content-Type a stored file is served with, chosen from its path's extension.
//! Text types carry `; charset=utf-8` so browsers never guess the encoding.

use plug_domain::extension_of;

/// The Content-Type for a path, `application/octet-stream` when the extension
/// is unknown (browsers then download rather than render it).
pub fn content_type_for(path: &str) -> &'static str {
    let Some(ext) = extension_of(path) else {
        return "application/octet-stream";
    };
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" | "cjs" => "text/javascript; charset=utf-8",
        // Sources that need the React scaffold are stored as plain text.
        "jsx" | "tsx" | "ts" => "text/plain; charset=utf-8",
        "json" | "map" | "webmanifest" => "application/json; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "svg" => "image/svg+xml; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "zip" => "application/zip",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx" => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_types_carry_a_utf8_charset() {
        for path in [
            "a/index.html",
            "style.css",
            "app.js",
            "mod.mjs",
            "data.json",
            "icon.svg",
            "a.txt",
            "b.md",
            "c.xml",
            "d.csv",
            "e.js.map",
        ] {
            assert!(
                content_type_for(path).ends_with("; charset=utf-8"),
                "{path}"
            );
        }
    }

    #[test]
    fn binary_types_are_exact() {
        assert_eq!(content_type_for("img/photo.JPG"), "image/jpeg");
        assert_eq!(content_type_for("fonts/a.woff2"), "font/woff2");
        assert_eq!(content_type_for("app.wasm"), "application/wasm");
        assert_eq!(content_type_for("clip.mp4"), "video/mp4");
        assert_eq!(content_type_for("favicon.ico"), "image/x-icon");
        assert_eq!(content_type_for("doc.pdf"), "application/pdf");
    }

    #[test]
    fn unknown_or_missing_extensions_are_octet_streams() {
        for path in ["LICENSE", "a.unknown", ".env", "dir/"] {
            assert_eq!(content_type_for(path), "application/octet-stream", "{path}");
        }
    }
}
