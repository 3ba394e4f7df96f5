//! A zip of a project's source rather than its build: what Bolt, Lovable and v0 download, and any
//! Vite project before `npm run build`. Its `index.html` loads `/src/main.tsx` as a module,
//! which no browser can run, so the site would be a blank page; the upload is refused with how to
//! build it instead.

/// What to do with a project's source, said for a zip of it and for its `index.html` alone.
pub(crate) const BUILD_IT: &str =
    "Build it first (npm install, then npm run build) and upload the \
     folder the build writes, usually dist, zipped or as it is.";

/// Extensions of source files a dev server compiles and a browser cannot run.
const SOURCE_EXTENSIONS: [&str; 6] = ["ts", "tsx", "jsx", "mts", "vue", "svelte"];

/// The first file of the zip that the home page loads with `<script src>` and that is source
/// (`src/main.tsx`), by its path in the site; `has` says whether the zip holds a path.
pub(crate) fn unbuilt_entry(home: &[u8], has: &dyn Fn(&str) -> bool) -> Option<String> {
    // Tags and attribute names are found in a lower-case copy (same offsets, ASCII only); the
    // path is read from the page itself, whose case the zip's names share.
    let lower = home.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = find(&lower[from..], b"<script").map(|i| from + i) {
        let end = lower[at..]
            .iter()
            .position(|&b| b == b'>')
            .map_or(lower.len(), |i| at + i);
        from = at + b"<script".len();
        let Some(src) = find(&lower[at..end], b"src=").map(|i| at + i + b"src=".len()) else {
            // An inline script's text is not markup: a tool page writing a Vite template
            // (`'<script type="module" src="/src/main.tsx">'` in a string) loads nothing.
            from = find(&lower[end..], b"</script").map_or(lower.len(), |i| end + i);
            continue;
        };
        let value = match home.get(src) {
            Some(&q @ (b'"' | b'\'')) => home[src + 1..end]
                .split(|&b| b == q)
                .next()
                .unwrap_or_default(),
            _ => home[src..end]
                .split(|b| b.is_ascii_whitespace())
                .next()
                .unwrap_or_default(),
        };
        let Ok(value) = std::str::from_utf8(value) else {
            continue;
        };
        let path = value.split(['?', '#']).next().unwrap_or_default();
        let path = path.trim_start_matches("./").trim_start_matches('/');
        let source = path
            .rsplit_once('.')
            .is_some_and(|(_, ext)| SOURCE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()));
        if source && has(path) {
            return Some(path.to_string());
        }
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VITE_INDEX: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/vite.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Task Flow</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/Main.tsx"></script>
  </body>
</html>
"#;

    #[test]
    fn finds_the_source_module_a_vite_page_loads() {
        let has = |p: &str| p == "src/Main.tsx";
        assert_eq!(
            unbuilt_entry(VITE_INDEX.as_bytes(), &has).as_deref(),
            Some("src/Main.tsx")
        );
        let unquoted = "<SCRIPT type=module src=./src/app.jsx?v=1></SCRIPT>";
        assert_eq!(
            unbuilt_entry(unquoted.as_bytes(), &|p| p == "src/app.jsx").as_deref(),
            Some("src/app.jsx")
        );
    }

    #[test]
    fn a_built_site_or_a_missing_file_is_not_source() {
        let built = r#"<script type="module" crossorigin src="/assets/index-BvX1a2.js"></script>"#;
        assert_eq!(unbuilt_entry(built.as_bytes(), &|_| true), None);
        assert_eq!(unbuilt_entry(VITE_INDEX.as_bytes(), &|_| false), None);
        assert_eq!(unbuilt_entry(b"<p>no scripts</p>", &|_| true), None);
        let generator =
            "<script>const page = '<script type=\"module\" src=\"/src/main.tsx\">';</script>";
        assert_eq!(unbuilt_entry(generator.as_bytes(), &|_| true), None);
        let after = format!("{generator}<script src=\"app.jsx\"></script>");
        assert_eq!(
            unbuilt_entry(after.as_bytes(), &|_| true).as_deref(),
            Some("app.jsx")
        );
    }
}
