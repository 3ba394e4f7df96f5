//! The CDN addresses AI tools' HTML pages load their libraries from (Tailwind's Play CDN, React
//! with Babel, Chart.js, lucide, …), answered from the drop's own origin when Plug vendors the
//! same library line: the page then works where the CDN is out of reach (an office network, a
//! machine offline), sends its viewers' addresses to no third party, and loads from the origin it
//! already talks to. Any other address, or a version line Plug does not hold, is left as written
//! (README "Decisions": CDN libraries in HTML pages).

/// A library as CDNs name it, and the file Plug serves for it under `/_plug/vendor/`.
struct Library {
    /// Its names on npm (unpkg, jsDelivr) and on cdnjs.
    names: &'static [&'static str],
    /// The version lines it stands for: a version asked for must be one of these or start with
    /// one and a dot (`18` takes `18.2.0`). A page that names no version, or `latest`, takes it.
    lines: &'static [&'static str],
    /// The files a page may ask for by their last path segment; `""` is the package's default
    /// file (`https://cdn.jsdelivr.net/npm/chart.js`).
    files: &'static [&'static str],
    vendored: &'static str,
}

const LIBRARIES: &[Library] = &[
    Library {
        names: &["react"],
        lines: &["18"],
        files: &["react.development.js", "react.production.min.js"],
        vendored: "react.production.min.js",
    },
    Library {
        names: &["react-dom"],
        lines: &["18"],
        files: &["react-dom.development.js", "react-dom.production.min.js"],
        vendored: "react-dom.production.min.js",
    },
    Library {
        names: &["@babel/standalone", "babel-standalone"],
        lines: &["7"],
        files: &["", "babel.min.js", "babel.js"],
        vendored: "cdn/babel.min.js",
    },
    Library {
        names: &["chart.js", "Chart.js"],
        lines: &["4"],
        files: &["", "chart.umd.js", "chart.umd.min.js", "chart.min.js"],
        vendored: "cdn/chart.umd.js",
    },
    Library {
        names: &["d3"],
        lines: &["7"],
        files: &["", "d3.min.js", "d3.js"],
        vendored: "cdn/d3.min.js",
    },
    Library {
        names: &["three", "three.js"],
        lines: &["r128", "0.128"],
        files: &["three.min.js", "three.js"],
        vendored: "cdn/three.min.js",
    },
    Library {
        names: &["lodash", "lodash.js"],
        lines: &["4"],
        files: &["", "lodash.min.js", "lodash.js"],
        vendored: "cdn/lodash.min.js",
    },
    Library {
        names: &["papaparse", "PapaParse"],
        lines: &["5"],
        files: &["", "papaparse.min.js", "papaparse.js"],
        vendored: "cdn/papaparse.min.js",
    },
    Library {
        names: &["mathjs"],
        lines: &["11", "12", "13"],
        files: &["", "math.js", "math.min.js"],
        vendored: "cdn/math.js",
    },
    Library {
        names: &["lucide"],
        lines: &["0", "1"],
        files: &["", "lucide.min.js", "lucide.js"],
        vendored: "cdn/lucide.min.js",
    },
    Library {
        names: &["@fortawesome/fontawesome-free", "font-awesome"],
        lines: &["6"],
        files: &["all.min.css", "all.css"],
        vendored: "cdn/fontawesome/css/all.min.css",
    },
    Library {
        names: &["katex", "KaTeX"],
        lines: &["0.16", "0.17", "0.18", "0.19"],
        files: &["katex.min.js", "katex.js"],
        vendored: "katex/katex.min.js",
    },
    Library {
        names: &["katex", "KaTeX"],
        lines: &["0.16", "0.17", "0.18", "0.19"],
        files: &["katex.min.css", "katex.css"],
        vendored: "katex/katex.min.css",
    },
    Library {
        names: &["katex", "KaTeX"],
        lines: &["0.16", "0.17", "0.18", "0.19"],
        files: &["auto-render.min.js", "auto-render.js"],
        vendored: "katex/auto-render.min.js",
    },
    Library {
        names: &["marked"],
        lines: &["5", "9", "11", "12", "13", "14", "15", "16"],
        files: &["", "marked.min.js", "marked.umd.js"],
        vendored: "cdn/marked.umd.js",
    },
    Library {
        names: &["alpinejs"],
        lines: &["3"],
        files: &["", "cdn.min.js", "cdn.js"],
        vendored: "cdn/alpine.min.js",
    },
    Library {
        names: &["dompurify"],
        lines: &["3"],
        files: &["", "purify.min.js", "purify.js"],
        vendored: "cdn/purify.min.js",
    },
    Library {
        names: &["html2canvas"],
        lines: &["1"],
        files: &["", "html2canvas.min.js", "html2canvas.js"],
        vendored: "cdn/html2canvas.min.js",
    },
    Library {
        names: &["p5", "p5.js"],
        lines: &["1"],
        files: &["", "p5.min.js", "p5.js"],
        vendored: "cdn/p5.min.js",
    },
    Library {
        names: &["tone"],
        lines: &["14", "15"],
        files: &["", "Tone.js", "Tone.min.js"],
        vendored: "cdn/Tone.js",
    },
    Library {
        names: &["@tailwindcss/browser"],
        lines: &["4"],
        files: &["", "index.global.js"],
        vendored: "cdn/tailwindcss-browser.js",
    },
];

/// The addresses read, after `https://`: the Play CDN's host, and the CDNs' library paths.
const TAILWIND_PLAY: &str = "cdn.tailwindcss.com";
const UNPKG: &str = "unpkg.com/";
const JSDELIVR_NPM: &str = "cdn.jsdelivr.net/npm/";
const CDNJS: &str = "cdnjs.cloudflare.com/ajax/libs/";

/// Whether a page's first bytes name one of the CDNs [`vendored_url`] reads, so that a page served
/// without a badge still goes through the rewriter that points them at the drop's origin.
pub fn names_cdn(head: &[u8]) -> bool {
    [TAILWIND_PLAY, UNPKG, JSDELIVR_NPM, CDNJS]
        .iter()
        .any(|host| head.windows(host.len()).any(|w| w == host.as_bytes()))
}

/// Where the drop's origin serves what `url` asks a CDN for, or `None` to leave it as written.
pub fn vendored_url(url: &str) -> Option<String> {
    let url = url.trim();
    let rest = url
        .strip_prefix("https:")
        .or_else(|| url.strip_prefix("http:"))
        .unwrap_or(url)
        .strip_prefix("//")?;
    // Tailwind's Play CDN (v3), any of its versions, with its `?plugins=` kept for the stand-in.
    if let Some(after) = rest
        .strip_prefix(TAILWIND_PLAY)
        .filter(|after| after.is_empty() || after.starts_with(['/', '?']))
    {
        let (path, query) = after.split_once('?').unwrap_or((after, ""));
        let version = path.trim_start_matches('/');
        if !(version.is_empty() || version.starts_with('3')) || path.contains('#') {
            return None;
        }
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        return Some(format!(
            "{}cdn/tailwind-play.js{query}",
            crate::vendor::VENDOR_BASE
        ));
    }
    let (name, version, file) = if let Some(path) = rest
        .strip_prefix(UNPKG)
        .or_else(|| rest.strip_prefix(JSDELIVR_NPM))
    {
        npm_parts(path)?
    } else {
        let path = rest.strip_prefix(CDNJS)?;
        let (name, path) = path.split_once('/')?;
        let (version, path) = path.split_once('/')?;
        (name, version, last_segment(path))
    };
    let library = LIBRARIES
        .iter()
        .find(|l| l.names.contains(&name) && l.files.contains(&file))?;
    let version = version.trim_start_matches(['^', '~', 'v', '=']);
    let line_ok = version.is_empty()
        || version == "latest"
        || library.lines.iter().any(|line| {
            version
                .strip_prefix(line)
                .is_some_and(|after| after.is_empty() || after.starts_with('.'))
        });
    line_ok.then(|| format!("{}{}", crate::vendor::VENDOR_BASE, library.vendored))
}

/// `name[@version][/path]` of an npm CDN address (a scoped name keeps its `@scope/`).
fn npm_parts(path: &str) -> Option<(&str, &str, &str)> {
    if path.contains(['?', '#']) {
        return None;
    }
    let scope_end = if path.starts_with('@') {
        path.find('/')? + 1
    } else {
        0
    };
    let name_end = path[scope_end..]
        .find('/')
        .map_or(path.len(), |i| scope_end + i);
    let (spec, file_path) = path.split_at(name_end);
    let (name, version) = match spec[scope_end..].find('@') {
        Some(at) => (&spec[..scope_end + at], &spec[scope_end + at + 1..]),
        None => (spec, ""),
    };
    Some((name, version, last_segment(file_path)))
}

fn last_segment(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::{names_cdn, vendored_url};

    #[test]
    fn a_page_naming_a_cdn_is_told_apart() {
        assert!(names_cdn(
            br#"<script src="https://unpkg.com/react@18/umd/react.development.js">"#
        ));
        assert!(names_cdn(
            b"<script src=\"https://cdn.tailwindcss.com\"></script>"
        ));
        assert!(!names_cdn(
            b"<p>unpkg.com is a CDN</p><script src=\"/app.js\">"
        ));
    }

    #[test]
    fn the_addresses_ai_tools_write_are_served_from_the_drop() {
        for (url, local) in [
            ("https://cdn.tailwindcss.com", "cdn/tailwind-play.js"),
            ("https://cdn.tailwindcss.com/3.4.16", "cdn/tailwind-play.js"),
            (
                "https://cdn.tailwindcss.com?plugins=forms,typography",
                "cdn/tailwind-play.js?plugins=forms,typography",
            ),
            (
                "https://unpkg.com/react@18/umd/react.development.js",
                "react.production.min.js",
            ),
            (
                "https://unpkg.com/react-dom@18.2.0/umd/react-dom.production.min.js",
                "react-dom.production.min.js",
            ),
            (
                "https://unpkg.com/@babel/standalone/babel.min.js",
                "cdn/babel.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/babel-standalone/7.23.5/babel.min.js",
                "cdn/babel.min.js",
            ),
            ("https://cdn.jsdelivr.net/npm/chart.js", "cdn/chart.umd.js"),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.0/chart.umd.min.js",
                "cdn/chart.umd.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js",
                "cdn/three.min.js",
            ),
            ("https://unpkg.com/lucide@latest", "cdn/lucide.min.js"),
            (
                "//unpkg.com/lucide@0.460.0/dist/umd/lucide.js",
                "cdn/lucide.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.1/css/all.min.css",
                "cdn/fontawesome/css/all.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4",
                "cdn/tailwindcss-browser.js",
            ),
            ("https://cdn.jsdelivr.net/npm/d3@7", "cdn/d3.min.js"),
            (
                "https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css",
                "katex/katex.min.css",
            ),
            (
                "https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/contrib/auto-render.min.js",
                "katex/auto-render.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/KaTeX/0.16.8/katex.min.js",
                "katex/katex.min.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/marked/marked.min.js",
                "cdn/marked.umd.js",
            ),
            (
                "https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js",
                "cdn/alpine.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/p5.js/1.9.0/p5.min.js",
                "cdn/p5.min.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/tone/14.8.49/Tone.js",
                "cdn/Tone.js",
            ),
            (
                "https://cdnjs.cloudflare.com/ajax/libs/mathjs/11.8.0/math.min.js",
                "cdn/math.js",
            ),
        ] {
            assert_eq!(
                vendored_url(url).as_deref(),
                Some(format!("/_plug/vendor/{local}").as_str()),
                "{url}"
            );
        }
    }

    #[test]
    fn other_versions_files_and_hosts_are_left_as_written() {
        for url in [
            "https://cdn.tailwindcss.com/2.2.19",
            "https://unpkg.com/react@17/umd/react.development.js",
            "https://unpkg.com/react@18/index.js",
            "https://cdn.jsdelivr.net/npm/chart.js@3.9.1",
            "https://cdn.jsdelivr.net/npm/chart.js@4/+esm",
            "https://cdn.jsdelivr.net/npm/chart.js?x=1",
            "https://cdnjs.cloudflare.com/ajax/libs/three.js/r160/three.min.js",
            "https://cdn.jsdelivr.net/npm/p5@2.0.0/lib/p5.min.js",
            "https://cdn.jsdelivr.net/npm/katex@0.12.0/dist/katex.min.js",
            "https://cdn.jsdelivr.net/npm/marked@4.3.0/marked.min.js",
            "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/5.15.4/css/all.min.css",
            "https://example.com/react@18/umd/react.development.js",
            "https://unpkg.com.evil.example/react@18/umd/react.development.js",
            "https://cdn.tailwindcss.com3.evil.example/",
            "/react@18/umd/react.development.js",
            "javascript:alert(1)",
            "",
        ] {
            assert_eq!(vendored_url(url), None, "{url}");
        }
    }
}
