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
        "json" | "map" => "application/json; charset=utf-8",
        "webmanifest" => "application/manifest+json; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "svg" => "image/svg+xml; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        // `<track>` captions: Chromium refuses a WebVTT file served as anything else.
        "vtt" => "text/vtt; charset=utf-8",
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
        "ogg" | "oga" | "opus" => "audio/ogg",
        "ogv" => "video/ogg",
        "m4a" => "audio/mp4",
        "flac" => "audio/flac",
        "mov" => "video/quicktime",
        "bmp" => "image/bmp",
        "apng" => "image/apng",
        "glb" => "model/gltf-binary",
        "gltf" => "model/gltf+json",
        "zip" => "application/zip",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx" => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        _ => "application/octet-stream",
    }
}

/// A file a build tool compressed ahead of time, to be sent as what it holds: Unity's WebGL
/// build with Gzip or Brotli compression and no decompression fallback writes
/// `Build/game.wasm.gz`, `game.framework.js.gz` and `game.data.gz`, and its loader fails unless
/// each comes with `Content-Encoding` (and a wasm as `application/wasm`, for streaming compile).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Precompressed {
    /// The `Content-Encoding`: `gzip` or `br`.
    pub encoding: &'static str,
    /// The type of the file inside, from the name without `.gz` or `.br`.
    pub content_type: &'static str,
}

/// `Some` for `x.wasm.gz`, `x.js.br` and the like: code, data and styles a page loads by name.
/// A page (`.html.gz`: the badge could not be added), an archive meant to be downloaded
/// (`sitemap.xml.gz`, `data.csv.gz`) and any other `.gz` stay files of their own type.
pub fn precompressed(path: &str) -> Option<Precompressed> {
    let (inner, outer) = path.rsplit_once('.')?;
    let encoding = match outer.to_ascii_lowercase().as_str() {
        "gz" => "gzip",
        "br" => "br",
        _ => return None,
    };
    let sent_as = matches!(
        extension_of(inner)?.as_str(),
        "js" | "mjs" | "wasm" | "data" | "json" | "css" | "svg" | "map" | "mem" | "pck"
    );
    sent_as.then(|| Precompressed {
        encoding,
        content_type: content_type_for(inner),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unity_and_emscripten_builds_compressed_ahead_of_time_are_sent_as_what_they_hold() {
        let sent = |path| precompressed(path).map(|p| (p.encoding, p.content_type));
        assert_eq!(
            sent("Build/game.wasm.gz"),
            Some(("gzip", "application/wasm"))
        );
        assert_eq!(
            sent("Build/game.framework.js.br"),
            Some(("br", "text/javascript; charset=utf-8"))
        );
        assert_eq!(
            sent("Build/game.data.gz"),
            Some(("gzip", "application/octet-stream"))
        );
        assert_eq!(
            sent("Build/game.symbols.json.GZ"),
            Some(("gzip", "application/json; charset=utf-8"))
        );
        for path in [
            "sitemap.xml.gz",
            "index.html.gz",
            "data.csv.gz",
            "a.gz",
            ".gz",
            "x.tar.gz",
        ] {
            assert_eq!(sent(path), None, "{path}");
        }
    }

    #[test]
    fn media_captions_and_manifests_have_their_own_types() {
        assert_eq!(content_type_for("subs/en.vtt"), "text/vtt; charset=utf-8");
        assert_eq!(content_type_for("music/theme.ogg"), "audio/ogg");
        assert_eq!(content_type_for("models/duck.glb"), "model/gltf-binary");
        assert_eq!(
            content_type_for("manifest.webmanifest"),
            "application/manifest+json; charset=utf-8"
        );
    }

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
