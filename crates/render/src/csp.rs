//! Content-Security-Policy headers per page kind. User HTML is isolated by its
//! origin, so its policy only keeps the badge working; Plug's own pages are strict.

use crate::pages::PageKind;

/// The CSP header value for a page. `badge_origin` is `BASE_URL` (badge.js, the
/// feedback POST and the view beacon); `serve_origin` is `SERVE_BASE_URL`. Both
/// may carry a path or trailing slash; only their origin is used, and a value
/// that is no plain http(s) origin is left out rather than trusted.
pub fn csp_for(page: PageKind, badge_origin: &str, serve_origin: &str) -> String {
    let badge = origin_source(badge_origin);
    let serve = origin_source(serve_origin);
    let policy = match page.viewer() {
        None if page == PageKind::Html => user_html_policy(&badge, &serve),
        _ => wrapper_policy(page, &badge, &serve),
    };
    policy
        .iter()
        .map(|(name, sources)| format!("{name} {}", sources.join(" ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The second policy of a drop only its viewers may read: it may be framed by itself, the web
/// app (its preview) and the link origin, never by another site, which could otherwise show it with
/// the viewer's cookie under an overlay of its own (clickjacking). A link drop is left embeddable.
pub fn frame_ancestors(app_origin: &str, link_origin: &str) -> String {
    let mut sources = vec!["'self'".to_string()];
    for origin in [app_origin, link_origin]
        .into_iter()
        .filter_map(origin_source)
    {
        if !sources.contains(&origin) {
            sources.push(origin);
        }
    }
    format!("frame-ancestors {}", sources.join(" "))
}

type Policy = Vec<(&'static str, Vec<String>)>;

fn sources(fixed: &[&str], origins: &[&Option<String>]) -> Vec<String> {
    let mut all: Vec<String> = fixed.iter().map(|s| s.to_string()).collect();
    for origin in origins.iter().filter_map(|o| o.as_ref()) {
        if !all.contains(origin) {
            all.push(origin.clone());
        }
    }
    all
}

/// Uploaded sites keep inline code, eval and any https resource: they run on the
/// serving origin, never the API's. The badge origin is named because locally it is http.
fn user_html_policy(badge: &Option<String>, serve: &Option<String>) -> Policy {
    vec![
        (
            "default-src",
            sources(&["'self'", "https:", "data:", "blob:"], &[serve, badge]),
        ),
        (
            "script-src",
            sources(
                &[
                    "'self'",
                    "'unsafe-inline'",
                    "'unsafe-eval'",
                    "'wasm-unsafe-eval'",
                    "https:",
                    "blob:",
                ],
                &[serve, badge],
            ),
        ),
        (
            "style-src",
            sources(&["'self'", "'unsafe-inline'", "https:"], &[serve]),
        ),
        (
            "img-src",
            sources(&["'self'", "https:", "data:", "blob:"], &[serve]),
        ),
        (
            "connect-src",
            sources(
                &["'self'", "https:", "wss:", "data:", "blob:"],
                &[serve, badge],
            ),
        ),
        (
            "worker-src",
            sources(&["'self'", "blob:", "data:"], &[serve]),
        ),
    ]
}

/// Plug's own pages: nothing by default, then exactly what each viewer needs.
fn wrapper_policy(page: PageKind, badge: &Option<String>, serve: &Option<String>) -> Policy {
    let react = page == PageKind::React;
    let mut script = sources(&["'self'", "'wasm-unsafe-eval'"], &[serve, badge]);
    if react {
        // The component is compiled in the browser and run with `new Function`.
        script.push("'unsafe-eval'".into());
    }
    // Markdown images and whatever a React component shows may come from anywhere on https.
    let remote = |mut list: Vec<String>, remote_too: bool| {
        if remote_too {
            list.push("https:".into());
        }
        list
    };
    let mut policy = vec![
        ("default-src", vec!["'none'".to_string()]),
        ("script-src", script),
        (
            "style-src",
            remote(sources(&["'self'", "'unsafe-inline'"], &[serve]), react),
        ),
        (
            "img-src",
            remote(
                sources(&["'self'", "data:", "blob:"], &[serve]),
                react || page == PageKind::Markdown,
            ),
        ),
        (
            "font-src",
            remote(sources(&["'self'", "data:"], &[serve]), react),
        ),
        (
            "connect-src",
            remote(sources(&["'self'"], &[serve, badge]), react),
        ),
        (
            "media-src",
            remote(sources(&["'self'", "data:", "blob:"], &[serve]), react),
        ),
        ("worker-src", sources(&["'self'", "blob:"], &[serve])),
        ("object-src", object_sources(page, serve)),
        // Chromium loads an <object> PDF as a frame.
        ("frame-src", object_sources(page, serve)),
        ("base-uri", vec!["'none'".to_string()]),
    ];
    if !react {
        policy.push(("form-action", vec!["'none'".to_string()]));
    }
    policy
}

/// Only the PDF reader's fallback embeds anything: the PDF itself.
fn object_sources(page: PageKind, serve: &Option<String>) -> Vec<String> {
    if page == PageKind::Pdf {
        sources(&["'self'"], &[serve])
    } else {
        vec!["'none'".to_string()]
    }
}

/// `scheme://host[:port]` of an http(s) URL, or `None` for anything else, so a
/// misconfigured value can never smuggle a `;` or a keyword into the policy.
fn origin_source(url: &str) -> Option<String> {
    let url = url.trim();
    let (scheme, rest) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_chars_ok = authority
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if authority.is_empty() || !host_chars_ok {
        return None;
    }
    Some(format!("{scheme}://{}", authority.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::OfficeKind;

    const BADGE: &str = "http://localhost:8787";
    const SERVE: &str = "http://127.0.0.1:8787";

    #[test]
    fn a_private_drop_is_framed_only_by_itself_the_app_and_the_link_origin() {
        assert_eq!(
            frame_ancestors("http://localhost:8787/", SERVE),
            "frame-ancestors 'self' http://localhost:8787 http://127.0.0.1:8787"
        );
        assert_eq!(
            frame_ancestors(BADGE, "javascript:alert(1)"),
            "frame-ancestors 'self' http://localhost:8787",
            "a value that is no origin is left out"
        );
        assert_eq!(
            frame_ancestors(BADGE, BADGE),
            "frame-ancestors 'self' http://localhost:8787"
        );
    }

    fn directive(policy: &str, name: &str) -> Vec<String> {
        policy
            .split("; ")
            .find_map(|d| d.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} in {policy}"))
            .split(' ')
            .map(str::to_string)
            .collect()
    }

    fn has(policy: &str, name: &str, source: &str) -> bool {
        directive(policy, name).iter().any(|s| s == source)
    }

    const ALL_PAGES: [PageKind; 8] = [
        PageKind::Html,
        PageKind::Markdown,
        PageKind::Image,
        PageKind::Pdf,
        PageKind::Office(OfficeKind::Docx),
        PageKind::Office(OfficeKind::Xlsx),
        PageKind::Office(OfficeKind::Pptx),
        PageKind::React,
    ];

    #[test]
    fn every_page_lets_the_badge_load_start_its_wasm_and_post_back() {
        for page in ALL_PAGES {
            let policy = csp_for(page, BADGE, SERVE);
            assert!(has(&policy, "script-src", BADGE), "{page:?}: {policy}");
            assert!(
                has(&policy, "script-src", "'wasm-unsafe-eval'"),
                "{page:?}: {policy}"
            );
            assert!(has(&policy, "connect-src", BADGE), "{page:?}: {policy}");
            assert!(
                has(&policy, "style-src", "'unsafe-inline'"),
                "{page:?}: badge styles its shadow root"
            );
            assert!(has(&policy, "img-src", "data:"), "{page:?}: {policy}");
        }
    }

    #[test]
    fn user_html_keeps_inline_code_eval_and_https_resources() {
        let policy = csp_for(PageKind::Html, BADGE, SERVE);
        for source in ["'unsafe-inline'", "'unsafe-eval'", "https:", "'self'"] {
            assert!(has(&policy, "script-src", source), "{source}: {policy}");
        }
        assert!(has(&policy, "connect-src", "wss:"));
        assert!(has(&policy, "default-src", "https:"));
        assert!(!policy.contains("'none'"), "{policy}");
    }

    #[test]
    fn wrapper_pages_deny_by_default_and_allow_no_inline_script() {
        for page in &ALL_PAGES[1..] {
            let policy = csp_for(*page, BADGE, SERVE);
            assert!(has(&policy, "default-src", "'none'"), "{page:?}: {policy}");
            assert!(
                !has(&policy, "script-src", "'unsafe-inline'"),
                "{page:?}: {policy}"
            );
            assert!(!has(&policy, "script-src", "https:"), "{page:?}: {policy}");
            assert!(has(&policy, "base-uri", "'none'"), "{page:?}: {policy}");
            let hashes = directive(&policy, "script-src")
                .iter()
                .filter(|s| s.starts_with("'sha256-"))
                .count();
            assert_eq!(
                hashes, 0,
                "viewers load their own script by URL: {page:?}: {policy}"
            );
        }
    }

    #[test]
    fn only_the_react_page_may_eval() {
        for page in &ALL_PAGES[1..] {
            let policy = csp_for(*page, BADGE, SERVE);
            assert_eq!(
                has(&policy, "script-src", "'unsafe-eval'"),
                *page == PageKind::React,
                "{page:?}: {policy}"
            );
        }
        let react = csp_for(PageKind::React, BADGE, SERVE);
        assert!(
            has(&react, "connect-src", "https:") && has(&react, "img-src", "https:"),
            "{react}"
        );
    }

    #[test]
    fn pdf_page_allows_its_worker_and_its_object_fallback() {
        let policy = csp_for(PageKind::Pdf, BADGE, SERVE);
        assert!(
            has(&policy, "worker-src", "'self'") && has(&policy, "worker-src", "blob:"),
            "{policy}"
        );
        assert!(
            has(&policy, "object-src", "'self'") && has(&policy, "frame-src", "'self'"),
            "{policy}"
        );
        assert!(has(&policy, "connect-src", SERVE), "{policy}");
        let image = csp_for(PageKind::Image, BADGE, SERVE);
        assert!(
            has(&image, "object-src", "'none'") && has(&image, "frame-src", "'none'"),
            "{image}"
        );
    }

    #[test]
    fn markdown_may_show_remote_images_but_runs_no_script_of_its_own() {
        let policy = csp_for(PageKind::Markdown, BADGE, SERVE);
        assert!(has(&policy, "img-src", "https:"), "{policy}");
        assert!(!policy.contains("'sha256-"), "{policy}");
    }

    #[test]
    fn origins_are_reduced_to_scheme_host_and_port() {
        assert_eq!(
            origin_source("https://Plug.Example/api/v2/"),
            Some("https://plug.example".into())
        );
        assert_eq!(
            origin_source("http://localhost:8787/"),
            Some("http://localhost:8787".into())
        );
        assert_eq!(
            origin_source("http://[::1]:8787"),
            Some("http://[::1]:8787".into())
        );
        assert_eq!(origin_source("javascript:alert(1)"), None);
        assert_eq!(origin_source("https://a.example; script-src *"), None);
        assert_eq!(origin_source("https://"), None);
        let policy = csp_for(
            PageKind::Image,
            "https://evil.example 'unsafe-inline'",
            SERVE,
        );
        assert!(!has(&policy, "script-src", "'unsafe-inline'"), "{policy}");
    }

    #[test]
    fn badge_origin_is_listed_once_when_it_equals_the_serving_origin() {
        let policy = csp_for(PageKind::Pdf, SERVE, SERVE);
        assert_eq!(
            directive(&policy, "connect-src")
                .iter()
                .filter(|s| *s == SERVE)
                .count(),
            1,
            "{policy}"
        );
        assert_eq!(
            directive(&policy, "script-src")
                .iter()
                .filter(|s| *s == SERVE)
                .count(),
            1,
            "{policy}"
        );
    }
}
