//! What a zipped site answers for a path its zip does not have (docs/serving.md: zipped sites).
//! The rules live here, apart from the Worker's lookups: [`missing_path`] asks a [`SitePaths`]
//! what a path is, in the order the rules need it, and says what to serve.

/// What a path names in a site's zip, as the site's index answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathIs {
    /// A file, by the path it is stored under (`about.html` for `about`, a clean URL).
    File(String),
    /// A folder that has an `index.html`.
    Folder,
    Missing,
}

/// What a missing path gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fallback {
    /// The file the site finds at `path` (asked of [`SitePaths::find`] before), with `status`.
    File { path: String, status: u16 },
    /// A redirect (301) to `/{path}`, as the browser sent it.
    Redirect(String),
    /// No rule applies: a site stored before its index answers as before, anything else is a 404.
    Nothing,
}

/// What the rules ask of a stored site. Each answer is the Worker's lookup (a D1 query, kept per
/// isolate), so the rules ask as little as they can and never the same thing twice.
#[allow(async_fn_in_trait)] // the Worker is single-threaded: nothing needs `Send` futures
pub trait SitePaths {
    type Error;
    /// What `path` names in the zip.
    async fn find(&mut self, path: &str) -> Result<PathIs, Self::Error>;
    /// The folder the site's home page was built under (`crate::base_folder`), if any.
    async fn built_under(&mut self) -> Result<Option<String>, Self::Error>;
    /// Whether the page stored at `path` is a single-page app's shell ([`spa_shell`]).
    async fn spa_shell(&mut self, path: &str) -> Result<bool, Self::Error>;
}

/// A single-page app's fallback page, as Surge names it and SvelteKit's adapter-static writes it
/// (`fallback: '200.html'`).
pub const SPA_FALLBACK: &str = "200.html";

/// The site's own not-found page (Next.js, Astro, Hugo, Jekyll, Docusaurus write one).
pub const NOT_FOUND_PAGE: &str = "404.html";

/// How many of a route's folders a relatively linked app's file is looked up without.
pub const ROUTE_DEPTH_MAX: usize = 4;

/// What a path the site does not have gets, `navigation` when a person's browser asked for a page
/// (`Sec-Fetch-Mode: navigate`). The rules, in order:
///
/// 1. Under a first folder the zip does not have, and the one its home page was built for
///    (`built_under`), the path without it: a site built for a sub-path asks for
///    `/{folder}/assets/app.js`, which the zip holds as `assets/app.js`; a page found so goes to a
///    navigation only (a program asking for `/anything/` gets the 404, not the home page); a folder
///    found so moves to its index.
/// 2. A folder's address (`about/`) of a page stored as `about.html` (Astro's `build.format:
///    'file'`, Docusaurus's `trailingSlash: false`, which link `/about` while an author's link, a
///    typed address or an older build has `/about/`) moves to `/about`, as static hosts do.
/// 3. A relatively linked single-page app (Vite's `base: './'`, Create React App's
///    `"homepage": "."`) reloaded at a nested route (`/users/42`) asks for
///    `/users/assets/index-….js`: under a first folder the zip lacks, on a site with no `404.html`,
///    a file (not a page) is looked up without up to [`ROUTE_DEPTH_MAX`] of the route's folders.
/// 4. A navigation to a route (no `.` in its last segment, or a folder's `index.html`) gets the
///    site's [`SPA_FALLBACK`] (200) when it has one.
/// 5. A page's path (a route, or `.html`) gets the site's [`NOT_FOUND_PAGE`] with status 404;
///    a navigation to a route gets it with 200 when it is a single-page app's shell
///    ([`spa_shell`]: SvelteKit's adapter-static with `fallback: '404.html'`, the setup its docs
///    give for GitHub Pages, which serves a missing path its `404.html`).
/// 6. A navigation to a route gets the site's `index.html` (200), as Cloudflare Pages serves a
///    site without a `404.html`: a single-page app's router draws it.
///
/// Else [`Fallback::Nothing`].
pub async fn missing_path<S: SitePaths>(
    site: &mut S,
    path: &str,
    navigation: bool,
) -> Result<Fallback, S::Error> {
    // Only under a folder the zip lacks, and the one its home page was built for: a real
    // folder's missing file stays missing, and so does a mistyped `/nope/` (the site's 404.html,
    // not its home page at a path where every relative link of it breaks).
    let first_is = match path.split_once('/') {
        Some((first, _)) => Some(site.find(first).await?),
        None => None,
    };
    let first_missing = first_is == Some(PathIs::Missing);
    let mut under = None;
    if let Some((first, within)) = path.split_once('/') {
        if first_missing && site.built_under().await?.as_deref() == Some(first) {
            under = Some(within);
        }
    }
    if let Some(within) = under {
        match site.find(within).await? {
            PathIs::File(stored) if navigation || !is_page(&stored) => {
                return Ok(file(within, 200));
            }
            PathIs::Folder => return Ok(Fallback::Redirect(format!("{path}/"))),
            PathIs::File(_) | PathIs::Missing => {}
        }
    }
    if let Some(folder) = under.unwrap_or(path).strip_suffix("/index.html") {
        let is = match path.split_once('/') {
            Some((first, _)) if under.is_none() && first == folder => first_is.clone(),
            _ => Some(site.find(folder).await?),
        };
        if is == Some(PathIs::File(format!("{folder}.html"))) {
            let page = &path[..path.len() - "/index.html".len()];
            return Ok(Fallback::Redirect(page.to_string()));
        }
    }
    let last = path.rsplit('/').next().unwrap_or(path);
    // `/dashboard/` asks for `dashboard/index.html`: a route as much as `/dashboard` is.
    let route = !last.contains('.') || last == "index.html";
    let page = route || last.ends_with(".html");
    if !page
        && first_missing
        && under.is_none()
        && site.find(NOT_FOUND_PAGE).await? == PathIs::Missing
    {
        let mut rest = path;
        for _ in 0..ROUTE_DEPTH_MAX {
            let Some((_, within)) = rest.split_once('/') else {
                break;
            };
            rest = within;
            if matches!(site.find(rest).await?, PathIs::File(_)) {
                return Ok(file(rest, 200));
            }
        }
    }
    // Beside a prerendered home page, which drawn at another route would show the home page
    // there, its relative `./_app/` links broken under a folder.
    if route && navigation && site_has(site, SPA_FALLBACK).await? {
        return Ok(file(SPA_FALLBACK, 200));
    }
    if page && site_has(site, NOT_FOUND_PAGE).await? {
        let app = route && navigation && site.spa_shell(NOT_FOUND_PAGE).await?;
        return Ok(file(NOT_FOUND_PAGE, if app { 200 } else { 404 }));
    }
    if route && navigation && site_has(site, "index.html").await? {
        return Ok(file("index.html", 200));
    }
    Ok(Fallback::Nothing)
}

/// Whether `html` is a single-page app's empty shell rather than a page of its own: SvelteKit's
/// fallback page starts the app with nothing to hydrate (`kit.start(app, element)`), where a
/// prerendered page (its own 404 route's too) passes the route's nodes and data.
pub fn spa_shell(html: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(html) else {
        return false;
    };
    text.contains("__sveltekit_") && text.contains("kit.start(app, element)")
}

fn file(path: &str, status: u16) -> Fallback {
    Fallback::File {
        path: path.to_string(),
        status,
    }
}

/// Whether the site has the file `path` itself.
async fn site_has<S: SitePaths>(site: &mut S, path: &str) -> Result<bool, S::Error> {
    Ok(matches!(site.find(path).await?, PathIs::File(_)))
}

/// A page, by the name it is stored under.
fn is_page(stored: &str) -> bool {
    crate::content_type_for(stored).starts_with("text/html")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::task::{Context, Poll, Waker};

    /// A site's index as the Worker's `site_files::find` answers it: the file, then the folder
    /// with an `index.html`, then the clean URL's page. Every question is logged.
    struct Site {
        files: Vec<&'static str>,
        built_under: Option<&'static str>,
        shell: Option<&'static str>,
        asked: Vec<String>,
    }

    impl SitePaths for Site {
        type Error = ();
        async fn find(&mut self, path: &str) -> Result<PathIs, ()> {
            self.asked.push(path.to_string());
            let has = |p: &str| self.files.contains(&p);
            Ok(if has(path) {
                PathIs::File(path.to_string())
            } else if has(&format!("{path}/index.html")) {
                PathIs::Folder
            } else if has(&format!("{path}.html")) {
                PathIs::File(format!("{path}.html"))
            } else {
                PathIs::Missing
            })
        }
        async fn built_under(&mut self) -> Result<Option<String>, ()> {
            self.asked.push("<built under>".into());
            Ok(self.built_under.map(str::to_string))
        }
        async fn spa_shell(&mut self, path: &str) -> Result<bool, ()> {
            self.asked.push(format!("<shell {path}>"));
            Ok(self.shell == Some(path))
        }
    }

    fn site(files: &[&'static str]) -> Site {
        Site {
            files: files.to_vec(),
            built_under: None,
            shell: None,
            asked: Vec::new(),
        }
    }

    /// The rules' answer for `path`, and what they asked on the way. The fake answers at once.
    fn answer(site: &mut Site, path: &str, navigation: bool) -> (Fallback, Vec<String>) {
        site.asked.clear();
        let got = {
            let mut fut = std::pin::pin!(missing_path(site, path, navigation));
            let Poll::Ready(Ok(got)) = fut.as_mut().poll(&mut Context::from_waker(Waker::noop()))
            else {
                panic!("the rules finished at once");
            };
            got
        };
        (got, site.asked.clone())
    }

    fn served(path: &str, status: u16) -> Fallback {
        file(path, status)
    }

    #[test]
    fn a_site_built_for_a_sub_path_is_answered_under_it() {
        let mut s = site(&[
            "index.html",
            "assets/app.js",
            "docs/intro.html",
            "guide/index.html",
        ]);
        s.built_under = Some("repo");
        let (got, asked) = answer(&mut s, "repo/assets/app.js", false);
        assert_eq!(got, served("assets/app.js", 200));
        assert_eq!(asked, ["repo", "<built under>", "assets/app.js"]);
        // A page (here by its clean URL) goes to a navigation only; a program gets no page.
        let (got, _) = answer(&mut s, "repo/docs/intro", true);
        assert_eq!(got, served("docs/intro", 200));
        let (got, _) = answer(&mut s, "repo/docs/intro", false);
        assert_eq!(got, Fallback::Nothing);
        // A folder moves to its index, under the sub-path.
        let (got, _) = answer(&mut s, "repo/guide", true);
        assert_eq!(got, Fallback::Redirect("repo/guide/".into()));
        // Another missing folder is not the sub-path: its built_under is asked, nothing found.
        let (got, asked) = answer(&mut s, "other/assets/app.js", false);
        assert_eq!(got, served("assets/app.js", 200), "rule 2, not rule 1");
        assert_eq!(
            asked,
            ["other", "<built under>", "404.html", "assets/app.js"]
        );
    }

    #[test]
    fn the_sub_path_is_not_asked_about_under_a_real_folder_or_at_the_top() {
        let mut s = site(&["index.html", "docs/index.html", "docs/a.html"]);
        s.built_under = Some("docs");
        let (got, asked) = answer(&mut s, "docs/nope.js", false);
        assert_eq!(got, Fallback::Nothing);
        assert_eq!(
            asked,
            ["docs"],
            "a real folder's missing file stays missing"
        );
        let (_, asked) = answer(&mut s, "nope.js", false);
        assert!(asked.is_empty(), "a top-level file asks nothing: {asked:?}");
    }

    #[test]
    fn a_relatively_linked_apps_files_are_found_without_the_routes_folders() {
        let mut s = site(&["index.html", "assets/index-Bx9k2Q1a.js"]);
        let (got, asked) = answer(&mut s, "users/42/assets/index-Bx9k2Q1a.js", false);
        assert_eq!(got, served("assets/index-Bx9k2Q1a.js", 200));
        assert_eq!(
            asked,
            [
                "users",
                "<built under>",
                "404.html",
                "42/assets/index-Bx9k2Q1a.js",
                "assets/index-Bx9k2Q1a.js"
            ]
        );
        // No deeper than ROUTE_DEPTH_MAX folders.
        let deep = "a/b/c/d/e/assets/index-Bx9k2Q1a.js";
        assert_eq!(answer(&mut s, deep, false).0, Fallback::Nothing);
        // Not for a page, and not on a site with its own 404.html.
        let (got, _) = answer(&mut s, "users/42/assets/index.html", false);
        assert_eq!(got, Fallback::Nothing);
        let mut s = site(&["index.html", "404.html", "assets/app.js"]);
        let (got, asked) = answer(&mut s, "users/assets/app.js", false);
        assert_eq!(got, Fallback::Nothing);
        assert_eq!(asked, ["users", "<built under>", "404.html"]);
    }

    #[test]
    fn a_navigation_to_a_route_gets_the_spa_fallback_first() {
        let mut s = site(&["index.html", "200.html", "404.html"]);
        let (got, asked) = answer(&mut s, "settings/profile", true);
        assert_eq!(got, served("200.html", 200));
        assert_eq!(asked, ["settings", "<built under>", "200.html"]);
        // A folder's index is a route too; a program gets the 404 page, not the shell.
        assert_eq!(
            answer(&mut s, "settings/index.html", true).0,
            served("200.html", 200)
        );
        assert_eq!(
            answer(&mut s, "settings/profile", false).0,
            served("404.html", 404)
        );
    }

    #[test]
    fn a_page_path_gets_the_sites_404_page() {
        let mut s = site(&["index.html", "404.html"]);
        for path in ["nope", "nope.html", "a/nope/index.html"] {
            assert_eq!(
                answer(&mut s, path, true).0,
                served("404.html", 404),
                "{path}"
            );
            assert_eq!(
                answer(&mut s, path, false).0,
                served("404.html", 404),
                "{path}"
            );
        }
        // A file that is not a page stays a plain 404.
        let (got, asked) = answer(&mut s, "logo.png", true);
        assert_eq!(got, Fallback::Nothing);
        assert!(asked.is_empty());
    }

    #[test]
    fn a_navigation_to_a_route_of_a_site_without_a_404_page_gets_its_home_page() {
        let mut s = site(&["index.html", "assets/app.js"]);
        let (got, asked) = answer(&mut s, "dashboard", true);
        assert_eq!(got, served("index.html", 200));
        assert_eq!(asked, ["200.html", "404.html", "index.html"]);
        // Only a navigation, only a route.
        assert_eq!(answer(&mut s, "dashboard", false).0, Fallback::Nothing);
        assert_eq!(answer(&mut s, "report.html", true).0, Fallback::Nothing);
        assert_eq!(answer(&mut s, "data.json", true).0, Fallback::Nothing);
    }

    #[test]
    fn a_folders_address_of_a_page_stored_by_its_name_moves_to_the_page() {
        let mut s = site(&[
            "index.html",
            "404.html",
            "about.html",
            "blog/first-post.html",
        ]);
        let (got, asked) = answer(&mut s, "about/index.html", true);
        assert_eq!(got, Fallback::Redirect("about".into()));
        assert_eq!(asked, ["about"], "the first folder's answer is asked once");
        let (got, asked) = answer(&mut s, "blog/first-post/index.html", false);
        assert_eq!(got, Fallback::Redirect("blog/first-post".into()));
        assert_eq!(asked, ["blog", "<built under>", "blog/first-post"]);
        // Under the sub-path a site was built for, the page keeps it.
        s.built_under = Some("repo");
        let (got, _) = answer(&mut s, "repo/about/index.html", true);
        assert_eq!(got, Fallback::Redirect("repo/about".into()));
        // A folder's address with no such page is still the site's 404 page.
        assert_eq!(
            answer(&mut s, "nope/index.html", true).0,
            served("404.html", 404)
        );
    }

    #[test]
    fn a_404_page_that_is_an_apps_shell_draws_a_navigation_to_a_route() {
        let mut s = site(&["index.html", "404.html"]);
        s.shell = Some("404.html");
        let (got, asked) = answer(&mut s, "settings/profile", true);
        assert_eq!(got, served("404.html", 200));
        assert_eq!(
            asked,
            [
                "settings",
                "<built under>",
                "200.html",
                "404.html",
                "<shell 404.html>"
            ]
        );
        // Not for a program, nor for a missing page by its `.html` name: those stay 404s, and the
        // page is not read to say so.
        let (got, asked) = answer(&mut s, "settings/profile", false);
        assert_eq!(got, served("404.html", 404));
        assert!(!asked.iter().any(|a| a.starts_with("<shell")));
        assert_eq!(answer(&mut s, "old.html", true).0, served("404.html", 404));
        // A 404 page of its own is a 404.
        s.shell = None;
        assert_eq!(
            answer(&mut s, "settings/profile", true).0,
            served("404.html", 404)
        );
    }

    #[test]
    fn sveltekits_fallback_page_is_a_shell_and_its_prerendered_pages_are_not() {
        let start = |hydrate: &str| {
            format!(
                "<script>{{ __sveltekit_1ox7b2v = {{ base: \"\" }}; const element = document.currentScript.parentElement; \
                 Promise.all([import(\"/_app/immutable/entry/start.js\"), import(\"/_app/immutable/entry/app.js\")]).then(([kit, app]) => {{ kit.start(app, element{hydrate}); }}); }}</script>"
            )
        };
        assert!(spa_shell(start("").as_bytes()));
        let prerendered =
            start(", { node_ids: [0, 3], data: [null,null], form: null, error: null }");
        assert!(!spa_shell(prerendered.as_bytes()));
        assert!(!spa_shell(b"<h1>Page Not Found</h1>"));
    }
}
