//! The files beside a dropped page that the page uses by a relative address: a stylesheet or
//! script next to an `index.html`, a README's images, a component's `./Button`. A single-file
//! drop carries none of them (its content origin answers 404 for each), so `plug` names them
//! before the upload and says what keeps them: the folder as a site, for a page.
//!
//! Only files that exist are named, so an address the page builds at run time or a link to
//! somewhere else never makes a false warning.

use std::path::Path;

use plug_domain::SourceType;

/// At most this many names are printed; the rest are counted.
const NAMED: usize = 5;

/// The relative files `path` (a page, markdown or a React component) uses that exist beside it,
/// in the order the file names them, each once, as written (without a query or fragment).
pub fn files_left_behind(path: &Path, source_type: SourceType, text: &str) -> Vec<String> {
    let addresses = match source_type {
        SourceType::Html => attribute_values(text),
        SourceType::Markdown => {
            let mut found = markdown_targets(text);
            found.extend(attribute_values(text));
            found
        }
        SourceType::ReactSingleFile => module_specifiers(text),
        _ => return Vec::new(),
    };
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut left = Vec::new();
    for address in addresses {
        let Some(relative) = relative_file(&address) else {
            continue;
        };
        let exists = if source_type == SourceType::ReactSingleFile {
            ["", ".js", ".jsx", ".ts", ".tsx", ".css", ".json"]
                .iter()
                .any(|ext| folder.join(format!("{relative}{ext}")).is_file())
        } else {
            folder.join(&relative).is_file()
        };
        if exists && !left.contains(&relative) {
            left.push(relative);
        }
    }
    left
}

/// One line naming what is left behind and what to do about it; `None` when nothing is.
pub fn warning(file_name: &str, source_type: SourceType, left: &[String]) -> Option<String> {
    if left.is_empty() {
        return None;
    }
    let mut names = left
        .iter()
        .take(NAMED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if left.len() > NAMED {
        names.push_str(&format!(" and {} more", left.len() - NAMED));
    }
    let count = match left.len() {
        1 => "a file".to_string(),
        n => format!("{n} files"),
    };
    let what = match source_type {
        SourceType::Html => "drop the folder instead (`plug <folder>` zips it as a site that starts at index.html)",
        SourceType::Markdown => "the page shows each image's alt text instead; images at an https address show",
        _ => "Plug resolves only the libraries listed in README \"Single-file React components\"; drop the built site (a folder with index.html) instead",
    };
    Some(format!(
        "{file_name} uses {count} from beside it that a single-file drop leaves out ({names}): {what}"
    ))
}

/// The values of `src`, `href`, `poster` and `data` attributes, quoted or not, in the order
/// they appear.
fn attribute_values(text: &str) -> Vec<String> {
    let lower = text.to_ascii_lowercase();
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for name in ["src", "href", "poster", "data"] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(name) {
            let start = from + at;
            from = start + name.len();
            // An attribute starts after whitespace, not inside a word (`data-src`, `xhref`).
            if start == 0 || !bytes[start - 1].is_ascii_whitespace() {
                continue;
            }
            let rest = text[from..].trim_start();
            let Some(rest) = rest.strip_prefix('=') else {
                continue;
            };
            if let Some(value) = attribute_value(rest.trim_start()) {
                found.push((start, value.to_string()));
            }
        }
    }
    found.sort();
    found.into_iter().map(|(_, value)| value).collect()
}

fn attribute_value(rest: &str) -> Option<&str> {
    match rest.chars().next()? {
        quote @ ('"' | '\'') => {
            let body = &rest[1..];
            body.find(quote).map(|end| &body[..end])
        }
        _ => {
            let end = rest
                .find(|c: char| c.is_ascii_whitespace() || c == '>')
                .unwrap_or(rest.len());
            Some(&rest[..end])
        }
    }
}

/// The targets of markdown links and images: `](target "title")` and `]: target` definitions.
fn markdown_targets(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("](") {
        let start = from + at + 2;
        from = start;
        let rest = &text[start..];
        let target = match rest.strip_prefix('<') {
            Some(angled) => angled.split('>').next(),
            None => rest.split([' ', ')', '\n']).next(),
        };
        if let Some(target) = target.filter(|t| !t.is_empty()) {
            found.push(target.to_string());
        }
    }
    for line in text.lines() {
        let line = line.trim_start();
        if let Some(close) = line.strip_prefix('[').and_then(|l| l.find("]:")) {
            if let Some(target) = line[close + 3..].split_whitespace().next() {
                found.push(target.trim_matches(['<', '>']).to_string());
            }
        }
    }
    found
}

/// The specifiers of `import … from '…'`, `import '…'`, `import('…')` and `require('…')`.
fn module_specifiers(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for keyword in ["from", "import", "require("] {
        let mut from = 0;
        while let Some(at) = text[from..].find(keyword) {
            let start = from + at + keyword.len();
            from = start;
            let rest = text[start..]
                .trim_start()
                .trim_start_matches('(')
                .trim_start();
            if let Some(value) = attribute_value(rest).filter(|_| rest.starts_with(['"', '\''])) {
                found.push(value.to_string());
            }
        }
    }
    found
}

/// A relative address as a path under the page's folder: no scheme, no leading `/`, nothing
/// that climbs out of the folder, without its query and fragment, `%20` and the like decoded.
fn relative_file(address: &str) -> Option<String> {
    let address = address.trim();
    let path = address.split(['?', '#']).next()?;
    if path.is_empty()
        || path.starts_with(['/', '\\', '{', '$', '<'])
        || path.contains("${")
        || path.split('/').next()?.contains(':')
    {
        return None;
    }
    let path = path.strip_prefix("./").unwrap_or(path);
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?
        .into_owned();
    if decoded.is_empty() || decoded.split('/').any(|part| part == "..") {
        return None;
    }
    Some(decoded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn folder(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in files {
            let path = dir.path().join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        }
        dir
    }

    #[test]
    fn a_page_names_the_stylesheet_script_and_image_beside_it_once() {
        let dir = folder(&["style.css", "js/app.js", "img/logo 1.png", "other.html"]);
        let page = r#"<!doctype html><link rel=stylesheet href="style.css?v=2">
<script src='./js/app.js'></script><img src="img/logo%201.png" data-src="nope.png">
<a href="other.html#top">x</a><a href="https://example.com/a.css">y</a><img src="style.css">
<a href="missing.html">z</a><a href="/abs.css">a</a><a href="../up.css">b</a>"#;
        let left = files_left_behind(&dir.path().join("index.html"), SourceType::Html, page);
        assert_eq!(
            left,
            ["style.css", "js/app.js", "img/logo 1.png", "other.html"]
        );
    }

    #[test]
    fn a_readme_names_its_images_and_linked_files_beside_it() {
        let dir = folder(&["pic.svg", "docs/setup.md", "shot.png"]);
        let readme = "# Doc\n\n![diagram](./pic.svg \"The flow\")\nSee [setup](docs/setup.md#install), \
[web](https://example.com), [gone](gone.md).\n\n<img src=\"shot.png\" width=300>\n\n[ref]: <pic.svg>\n";
        let left = files_left_behind(&dir.path().join("README.md"), SourceType::Markdown, readme);
        assert_eq!(left, ["pic.svg", "docs/setup.md", "shot.png"]);
    }

    #[test]
    fn a_component_names_its_local_modules_not_its_packages() {
        let dir = folder(&["components/Button.tsx", "data.json", "styles.css"]);
        let source =
            "import React from 'react';\nimport { Button } from \"./components/Button\";\n\
import data from './data.json';\nimport './styles.css';\nimport x from './missing';\n\
const lazy = import('./components/Button');\n";
        let left = files_left_behind(
            &dir.path().join("App.jsx"),
            SourceType::ReactSingleFile,
            source,
        );
        assert_eq!(left, ["components/Button", "data.json", "styles.css"]);
    }

    #[test]
    fn nothing_beside_says_nothing_and_many_are_counted() {
        assert_eq!(warning("a.html", SourceType::Html, &[]), None);
        let many: Vec<String> = (1..=7).map(|i| format!("f{i}.css")).collect();
        let line = warning("index.html", SourceType::Html, &many).unwrap();
        assert!(
            line.starts_with("index.html uses 7 files from beside it"),
            "{line}"
        );
        assert!(
            line.contains("f1.css, f2.css, f3.css, f4.css, f5.css and 2 more"),
            "{line}"
        );
        assert!(line.contains("plug <folder>"), "{line}");
        let one = warning("README.md", SourceType::Markdown, &["pic.svg".into()]).unwrap();
        assert!(
            one.contains("uses a file from beside it") && one.contains("alt text"),
            "{one}"
        );
    }

    #[test]
    fn addresses_that_leave_the_folder_or_name_no_file_are_not_relative_files() {
        for address in [
            "https://x.test/a",
            "//cdn.test/a.js",
            "/root.css",
            "../up.css",
            "a/../../b",
            "#top",
            "?q=1",
            "mailto:a@b.c",
            "data:image/png;base64,AA",
            "${base}/a.js",
            "{{ url }}",
            "",
        ] {
            assert_eq!(relative_file(address), None, "{address}");
        }
        assert_eq!(relative_file("./a%20b.png?x#y").as_deref(), Some("a b.png"));
    }
}
