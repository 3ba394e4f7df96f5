//! Whether a zipped site asks to be cross-origin isolated (docs/serving.md: cross-origin
//! isolation). A game or tool built with threads (Godot 4 before 4.3, Emscripten's `-pthread`,
//! ffmpeg.wasm's multi-threaded core) needs `SharedArrayBuffer`, which a browser gives a page only
//! when it is served with `Cross-Origin-Opener-Policy: same-origin` and a
//! `Cross-Origin-Embedder-Policy`. Such a site says so in one of two ways Plug reads:
//!
//! - a `_headers` file at its top, in the format Netlify and Cloudflare Pages read (a path
//!   pattern, then its headers indented below it), setting both headers;
//! - `coi-serviceworker.js` at its top, the script sites add to get the same headers from a
//!   service worker where the host sends none. A drop may not register a service worker, so Plug
//!   sends the headers that worker would have added (its default, `require-corp`), and the
//!   script, finding the page isolated, does nothing.
//!
//! And one way it shows it without saying: Emscripten's pthread layout at its top, `S.js` and
//! `S.wasm` with the threads' `S.worker.js` beside them (Godot 4.0-4.2's web export is
//! `index.js`, `index.wasm`, `index.worker.js`, `index.pck`; Emscripten before 3.1.58 wrote the
//! worker for every `-pthread` build), which cannot start without `SharedArrayBuffer`; and from
//! Emscripten 3.1.58, which starts its threads from the main script itself, `S.js` naming its
//! threads' workers `em-pthread` beside `S.wasm` (Godot 4.3 and later with thread support).
//!
//! Only these two headers are read from `_headers`: the others could loosen what the content
//! origin promises (its CSP, CORP, nosniff), and isolation only ever restricts a page.

/// The `Cross-Origin-Embedder-Policy` a site is served with, with `Cross-Origin-Opener-Policy:
/// same-origin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmbedderPolicy {
    /// Every cross-origin resource must opt in (CORP or CORS): what every browser supports.
    RequireCorp,
    /// Cross-origin resources load without credentials (Chromium and Firefox).
    Credentialless,
}

impl EmbedderPolicy {
    /// The header's value, as stored on the Inspiration's row.
    pub fn as_str(self) -> &'static str {
        match self {
            EmbedderPolicy::RequireCorp => "require-corp",
            EmbedderPolicy::Credentialless => "credentialless",
        }
    }

    /// A stored or declared value; `None` for `unsafe-none` and anything unknown.
    pub fn parse(value: &str) -> Option<EmbedderPolicy> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("require-corp") {
            Some(EmbedderPolicy::RequireCorp)
        } else if value.eq_ignore_ascii_case("credentialless") {
            Some(EmbedderPolicy::Credentialless)
        } else {
            None
        }
    }
}

/// The site files that can ask for isolation, by their path in the site.
pub(crate) const HEADERS_FILE: &str = "_headers";
const COI_SERVICE_WORKERS: [&str; 2] = ["coi-serviceworker.js", "coi-serviceworker.min.js"];

/// What an Emscripten `-pthread` build's main script names its threads' workers (`new Worker(…,
/// {name: 'em-pthread'})`), which no other build writes.
pub(crate) const PTHREAD_MARK: &[u8] = b"em-pthread";

/// The most of `_headers` read: Cloudflare Pages reads 100 rules of 2,000 characters.
pub(crate) const HEADERS_FILE_MAX: usize = 64 * 1024;

/// What the site at `paths`, with `headers_file` (its `_headers`, if any) and `threaded` (its
/// top-level scripts holding [`PTHREAD_MARK`]), asks for.
pub(crate) fn asked_for<'a>(
    paths: impl Iterator<Item = &'a str>,
    headers_file: Option<&[u8]>,
    threaded: &[String],
) -> Option<EmbedderPolicy> {
    if let Some(policy) = headers_file.and_then(|b| from_headers_file(&String::from_utf8_lossy(b)))
    {
        return Some(policy);
    }
    let top: std::collections::HashSet<&str> = paths.filter(|p| !p.contains('/')).collect();
    let pthreads = top.iter().any(|p| {
        p.strip_suffix(".worker.js").is_some_and(|stem| {
            top.contains(format!("{stem}.js").as_str())
                && top.contains(format!("{stem}.wasm").as_str())
        })
    }) || threaded.iter().any(|p| {
        p.strip_suffix(".js")
            .is_some_and(|stem| top.contains(format!("{stem}.wasm").as_str()))
    });
    let coi = COI_SERVICE_WORKERS.iter().any(|p| top.contains(p));
    (pthreads || coi).then_some(EmbedderPolicy::RequireCorp)
}

/// The embedder policy of the first rule of a `_headers` file that sets both
/// `Cross-Origin-Opener-Policy: same-origin` and a `Cross-Origin-Embedder-Policy` isolating the
/// page. The rule's path pattern is not matched: isolation is the site's, on every path.
pub fn from_headers_file(text: &str) -> Option<EmbedderPolicy> {
    let mut opener_same_origin = false;
    let mut embedder = None;
    for line in text.lines() {
        let indented = line.starts_with([' ', '\t']);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !indented {
            // A new path pattern: its rule starts empty.
            opener_same_origin = false;
            embedder = None;
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let name = name.trim();
        if name.eq_ignore_ascii_case("Cross-Origin-Opener-Policy") {
            opener_same_origin = value.trim().eq_ignore_ascii_case("same-origin");
        } else if name.eq_ignore_ascii_case("Cross-Origin-Embedder-Policy") {
            embedder = EmbedderPolicy::parse(value);
        }
        if let (true, Some(policy)) = (opener_same_origin, embedder) {
            return Some(policy);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_with_both_headers_isolates() {
        let file = "# Godot needs SharedArrayBuffer\n/*\n  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-Policy: require-corp\n";
        assert_eq!(from_headers_file(file), Some(EmbedderPolicy::RequireCorp));
        let crlf = "/*\r\n\tcross-origin-embedder-policy:  credentialless\r\n\tCross-Origin-Opener-Policy: same-origin\r\n";
        assert_eq!(
            from_headers_file(crlf),
            Some(EmbedderPolicy::Credentialless)
        );
    }

    #[test]
    fn one_header_alone_or_split_across_rules_does_not() {
        assert_eq!(
            from_headers_file("/*\n  Cross-Origin-Opener-Policy: same-origin\n"),
            None
        );
        assert_eq!(
            from_headers_file("/*\n  Cross-Origin-Embedder-Policy: require-corp\n"),
            None
        );
        let split = "/a\n  Cross-Origin-Opener-Policy: same-origin\n/b\n  Cross-Origin-Embedder-Policy: require-corp\n";
        assert_eq!(from_headers_file(split), None);
        let unsafe_none = "/*\n  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-Policy: unsafe-none\n";
        assert_eq!(from_headers_file(unsafe_none), None);
        let popups = "/*\n  Cross-Origin-Opener-Policy: same-origin-allow-popups\n  Cross-Origin-Embedder-Policy: require-corp\n";
        assert_eq!(from_headers_file(popups), None);
        // Unindented header lines are path patterns, as Netlify reads them.
        let flat =
            "Cross-Origin-Opener-Policy: same-origin\nCross-Origin-Embedder-Policy: require-corp\n";
        assert_eq!(from_headers_file(flat), None);
    }

    #[test]
    fn an_emscripten_pthread_build_at_the_top_is_isolated() {
        let godot = [
            "index.html",
            "index.js",
            "index.wasm",
            "index.worker.js",
            "index.pck",
        ];
        assert_eq!(
            asked_for(godot.into_iter(), None, &[]),
            Some(EmbedderPolicy::RequireCorp)
        );
        let emscripten = ["index.html", "a.out.js", "a.out.wasm", "a.out.worker.js"];
        assert_eq!(
            asked_for(emscripten.into_iter(), None, &[]),
            Some(EmbedderPolicy::RequireCorp)
        );
        // Godot 4.3's single-threaded export, a worker of a site's own, or one deeper down.
        for site in [
            &["index.html", "index.js", "index.wasm", "index.pck"][..],
            &["index.html", "app.js", "search.worker.js"],
            &[
                "index.html",
                "game/index.js",
                "game/index.wasm",
                "game/index.worker.js",
            ],
        ] {
            assert_eq!(asked_for(site.iter().copied(), None, &[]), None, "{site:?}");
        }
    }

    #[test]
    fn a_pthread_build_without_a_worker_file_is_known_by_its_main_script() {
        // Godot 4.3's export with thread support, Emscripten 3.1.58 and later.
        let godot = ["index.html", "index.js", "index.wasm", "index.pck"];
        assert_eq!(
            asked_for(godot.into_iter(), None, &["index.js".to_string()]),
            Some(EmbedderPolicy::RequireCorp)
        );
        // A script naming the mark with no wasm of its name beside it is not such a build.
        let site = ["index.html", "app.js", "index.wasm"];
        assert_eq!(
            asked_for(site.into_iter(), None, &["app.js".to_string()]),
            None
        );
    }

    #[test]
    fn coi_serviceworker_asks_for_require_corp() {
        let paths = ["index.html", "coi-serviceworker.min.js"];
        assert_eq!(
            asked_for(paths.into_iter(), None, &[]),
            Some(EmbedderPolicy::RequireCorp)
        );
        assert_eq!(
            asked_for(
                ["index.html", "js/coi-serviceworker.js"].into_iter(),
                None,
                &[]
            ),
            None
        );
        let headers = b"/*\n  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-Policy: credentialless\n";
        assert_eq!(
            asked_for(paths.into_iter(), Some(headers), &[]),
            Some(EmbedderPolicy::Credentialless)
        );
    }
}
