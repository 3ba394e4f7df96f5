//! Which files of a zipped site a build named by their content (docs/serving.md: zipped
//! sites' caching). Such a file's name changes whenever its bytes do, so a browser may keep it
//! without asking again; the site's pages and its other files are revalidated on each visit.

/// Whether a site file's name carries its content hash, as build tools write them: Vite, Rollup
/// and esbuild (`assets/index-B_3x9Qk-.js`), webpack, Create React App, Docusaurus, Parcel and
/// Astro (`static/js/main.3f2a1b9c.chunk.js`, `_astro/index.Bx1ZT3Yo.css`), Hugo's fingerprints
/// (`css/main.min.<sha256>.css`, SvelteKit's `_app/immutable/entry/start.BdX3k2Q1.js`), and the
/// folder Next.js keeps for such files only (`_next/static/`, whose chunks' hashes are 16 long). A hash is 8 to 64 letters, digits, `_` or `-` with a
/// digit or capital among them, so `inter-variable.woff2` and `jquery.min.js` are not taken for
/// one. A wrong guess costs nothing: a stored site never changes, so no file of it goes stale.
pub fn fingerprinted(path: &str) -> bool {
    if path.contains("_next/static/") {
        return true;
    }
    let name = path.rsplit('/').next().unwrap_or(path);
    let Some((stem, rest)) = name.split_once('.') else {
        return false;
    };
    // `[name]-[hash]`: the last 8 bytes after a `-` (Vite's hash may hold `-` itself).
    let stem = stem.as_bytes();
    let dashed = stem.len() > 9 && stem[stem.len() - 9] == b'-' && is_hash(&stem[stem.len() - 8..]);
    let middle = rest.rsplit_once('.').map_or("", |(middle, _)| middle);
    dashed || middle.split('.').any(|part| is_hash(part.as_bytes()))
}

fn is_hash(text: &[u8]) -> bool {
    (8..=64).contains(&text.len())
        && text
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        && text
            .iter()
            .any(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::fingerprinted;

    #[test]
    fn names_that_build_tools_hash_are_known() {
        for path in [
            "assets/index-B_3x9Qk-.js",
            "assets/index-DiwrgTda.css",
            "assets/react-CHdo91hT.svg",
            "static/js/main.3f2a1b9c.js",
            "static/js/787.8d3e5f21.chunk.js",
            "static/css/main.073c9b0a.css",
            "_astro/index.Bx1ZT3Yo.css",
            "assets/js/runtime~main.1a2b3c4d.js",
            "css/main.min.5e3c0a1b9f8d7c6b5a4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a.css",
            "_next/static/chunks/pages/_app.js",
            "_next/static/Zx9_yP1/_buildManifest.js",
            "repo/_next/static/css/app.css",
            "_app/immutable/entry/start.BdX3k2Q1.js",
            "main-5NXJ3TUA.js",
        ] {
            assert!(fingerprinted(path), "{path}");
        }
    }

    #[test]
    fn plain_names_are_not_taken_for_hashes() {
        for path in [
            "index.html",
            "app.js",
            "fonts/inter-variable.woff2",
            "js/jquery.min.js",
            "jquery-3.7.1.min.js",
            "main.dart.js",
            "flutter_service_worker.js",
            "canvaskit/canvaskit.wasm",
            "Build/Kart.wasm.gz",
            "search/search_index.json",
            "sitemap.xml",
            "assets",
            "a-b",
            "naïve-façade.css",
            "x-éééééééé.js",
        ] {
            assert!(!fingerprinted(path), "{path}");
        }
    }
}
