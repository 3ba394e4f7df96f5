//! The sub-path a zipped site was built for. A site built to live under a path (Vite's `base:
//! '/repo/'`, Docusaurus's `baseUrl`, a GitHub Pages project site) writes every link of its home
//! page as `/repo/…`, while the zip holds `assets/…` at its top. Plug serves each site at the root
//! of its own origin, so the Worker reads the home page for such a prefix and answers under it.

/// The folder every root-relative `src` and `href` of `html` starts with, and the first of those
/// paths naming a file (`("my-app", "my-app/assets/index.js")`), when they all share one first
/// folder. `None` when the page has no such link, links to a file at the root (`/vite.svg`), or
/// links under two folders (`/assets/…` and `/static/…`): that is a site built for the root.
///
/// A page with `<base href="/repo/">` (Flutter's and Angular's `--base-href /repo/`, the way both
/// document a GitHub Pages project site) links its files relatively (`flutter_bootstrap.js`,
/// `main-XYZ.js`), which the browser reads as `/repo/…`: those count as written under the base.
pub fn base_folder(html: &[u8]) -> Option<(String, String)> {
    let text = std::str::from_utf8(html).ok()?;
    let lower = text.to_ascii_lowercase();
    let base = base_href(text, &lower);
    let mut folder: Option<String> = None;
    let mut file: Option<String> = None;
    for name in ["src=", "href="] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(name) {
            let start = from + at + name.len();
            from = start;
            // An attribute, not the tail of `data-src=` or `xlink:href=` text: those are links too.
            let value = attribute_value(&text[start..]);
            let resolved;
            let path = match (value.strip_prefix('/'), base) {
                (Some(path), _) => path,
                (None, Some(base)) if is_relative_path(value) => {
                    resolved = format!("{base}{}", value.trim_start_matches("./"));
                    resolved.as_str()
                }
                _ => continue,
            };
            if path.starts_with('/') {
                continue; // `//host/…` is another site
            }
            let path = path.split(['?', '#']).next().unwrap_or(path);
            let (first, rest) = path.split_once('/')?;
            if first.is_empty() || first.contains(['.', ':', '\\']) {
                return None;
            }
            match &folder {
                Some(f) if f != first => return None,
                _ => folder = Some(first.to_string()),
            }
            let last = rest.rsplit('/').next().unwrap_or(rest);
            if file.is_none() && last.contains('.') {
                file = Some(path.to_string());
            }
        }
    }
    Some((folder?, file?))
}

/// The path of the page's first `<base href>` past its leading `/` (`repo/`), when it is a
/// root-relative folder; `None` for none, the root (`/`), or another site's address.
fn base_href<'a>(text: &'a str, lower: &str) -> Option<&'a str> {
    let tag = lower.find("<base")?;
    let end = tag + lower[tag..].find('>')?;
    let at = tag + lower[tag..end].find("href=")? + "href=".len();
    let path = attribute_value(&text[at..end]).strip_prefix('/')?;
    (!path.is_empty() && !path.starts_with('/') && path.ends_with('/')).then_some(path)
}

/// A link the browser resolves against the page's base: no scheme (or `:` at all), no `/`, `#`,
/// `?` or `..` first.
fn is_relative_path(value: &str) -> bool {
    !value.is_empty()
        && !value.contains(':')
        && !value.starts_with(['#', '?', '\\'])
        && !value.starts_with("../")
}

/// An attribute's value at the start of `after` (just past `=`): quoted or bare.
fn attribute_value(after: &str) -> &str {
    let after = after.trim_start();
    match after.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let inner = &after[1..];
            &inner[..inner.find(q).unwrap_or(inner.len())]
        }
        _ => {
            let end = after
                .find(|c: char| c.is_ascii_whitespace() || c == '>')
                .unwrap_or(after.len());
            &after[..end]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::base_folder;

    fn base(html: &str) -> Option<(String, String)> {
        base_folder(html.as_bytes())
    }

    #[test]
    fn a_vite_build_for_a_sub_path_names_its_base() {
        let html = r#"<!doctype html><html><head>
            <link rel="icon" type="image/svg+xml" href="/my-app/vite.svg" />
            <script type="module" crossorigin src="/my-app/assets/index-BxK3s9aP.js"></script>
            <link rel="stylesheet" crossorigin href="/my-app/assets/index-D8b4DwQx.css">
            </head><body><div id="root"></div></body></html>"#;
        assert_eq!(
            base(html),
            Some(("my-app".into(), "my-app/assets/index-BxK3s9aP.js".into()))
        );
    }

    #[test]
    fn docusaurus_links_and_queries_share_the_base() {
        let html = "<link rel=stylesheet href=/docs-site/assets/css/styles.css?v=1>\
            <script src='/docs-site/assets/js/main.js' defer></script>\
            <a href=\"/docs-site/docs/intro\">Intro</a> <a href=\"https://x.example/a/b.js\">x</a>";
        assert_eq!(
            base(html),
            Some(("docs-site".into(), "docs-site/assets/js/main.js".into()))
        );
    }

    #[test]
    fn a_base_href_puts_relative_links_under_its_folder() {
        // `flutter build web --base-href /repo/`: its index.html as the template writes it.
        let flutter = r#"<!DOCTYPE html><html><head>
            <base href="/repo/">
            <meta charset="UTF-8">
            <link rel="apple-touch-icon" href="icons/Icon-192.png">
            <link rel="icon" type="image/png" href="favicon.png"/>
            <link rel="manifest" href="manifest.json">
            </head><body><script src="flutter_bootstrap.js" async></script></body></html>"#;
        assert_eq!(
            base(flutter),
            Some(("repo".into(), "repo/flutter_bootstrap.js".into()))
        );
        // `ng build --base-href /shop/`, with `./`, a query, and links that are no file of it.
        let angular = r##"<base href='/shop/'><link rel="stylesheet" href="./styles-5INURTSO.css?v=2">
            <a href="https://angular.dev">x</a><a href="#top">top</a><a href="mailto:a@b.c">m</a>
            <script src="main-UQKM4VZX.js" type="module"></script>"##;
        assert_eq!(
            base(angular),
            Some(("shop".into(), "shop/main-UQKM4VZX.js".into()))
        );
        // Built for the root (Flutter's and Angular's default), or by another site's address.
        assert_eq!(
            base(r#"<base href="/"><script src="main.dart.js"></script>"#),
            None
        );
        assert_eq!(
            base(r#"<base href="https://x.example/app/"><script src="a/b.js"></script>"#),
            None
        );
        assert_eq!(
            base(r#"<base href="//x.example/app/"><script src="a/b.js"></script>"#),
            None
        );
        // Without a base, relative links are the page's own folder's, as before.
        assert_eq!(base(r#"<script src="main-UQKM4VZX.js"></script>"#), None);
    }

    #[test]
    fn a_site_built_for_the_root_has_no_base() {
        // Vite's default: a file at the root and the assets folder.
        let vite = r#"<link rel="icon" href="/vite.svg"><script src="/assets/index.js"></script>"#;
        assert_eq!(base(vite), None);
        // Create React App: two top folders' worth of links.
        let cra = r#"<link href="/static/css/main.css"><script src="/static/js/main.js"></script><link rel="manifest" href="/manifest.json">"#;
        assert_eq!(base(cra), None);
        let relative = r#"<script src="./assets/index.js"></script><a href="about.html">"#;
        assert_eq!(base(relative), None);
        let protocol_relative = r#"<script src="//cdn.example/lib/a.js"></script>"#;
        assert_eq!(base(protocol_relative), None);
        assert_eq!(base("<h1>no links</h1>"), None);
        // Folders only, no file: nothing to check the base against.
        assert_eq!(base(r#"<a href="/blog/">Blog</a>"#), None);
    }

    #[test]
    fn one_folder_of_assets_is_a_candidate_the_worker_checks() {
        // A root site whose only root-relative links are under `assets/` reads like a base here;
        // the Worker finds `assets/app.js` in the zip and keeps serving at the root.
        let html = r#"<script src="/assets/app.js"></script>"#;
        assert_eq!(base(html), Some(("assets".into(), "assets/app.js".into())));
    }
}
