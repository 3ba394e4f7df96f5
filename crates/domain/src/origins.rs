//! The three kinds of origin (README "What runs where") as plain rules: which host is a content
//! origin and for which Inspiration, whether a request is a browser navigation (README "Signing
//! in"), and the download name header (RFC 6266) that keeps a non-ASCII file name.

/// The placeholder of the `CONTENT_ORIGIN` pattern.
pub const LABEL: &str = "{label}";

/// The label `host` holds where `pattern` (a host with `{label}`) has the placeholder: exactly one
/// DNS label of `a-z0-9-`, at most 63 characters. Anything else is not a content origin.
pub fn label_in<'h>(pattern: &str, host: &'h str) -> Option<&'h str> {
    let (before, after) = pattern.split_once(LABEL)?;
    let fits = host.len() > before.len() + after.len()
        && host.is_char_boundary(before.len())
        && host.is_char_boundary(host.len() - after.len())
        && host[..before.len()].eq_ignore_ascii_case(before)
        && host[host.len() - after.len()..].eq_ignore_ascii_case(after);
    if !fits {
        return None;
    }
    let label = &host[before.len()..host.len() - after.len()];
    let is_dns_label = label.len() <= 63
        && label
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    is_dns_label.then_some(label)
}

/// The content origins of a local run when `CONTENT_ORIGIN` is not set: `{label}.localhost` on the
/// link origin's scheme and port (every `*.localhost` name is loopback, RFC 6761).
pub fn local_content_origin(serve_base_url: &str) -> String {
    let (scheme, rest) = serve_base_url
        .split_once("://")
        .unwrap_or(("http", serve_base_url));
    let host = rest.split('/').next().unwrap_or(rest);
    let port = host
        .rsplit_once(':')
        .filter(|(_, p)| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        .map(|(_, p)| format!(":{p}"))
        .unwrap_or_default();
    format!("{scheme}://{LABEL}.localhost{port}")
}

/// A browser navigation (README "Signing in"): `Sec-Fetch-Mode: navigate`, or an `Accept` that
/// names `text/html`. Such a request gets pages and redirects; every other one gets the JSON error shape.
pub fn is_navigation(sec_fetch_mode: Option<&str>, accept: Option<&str>) -> bool {
    sec_fetch_mode.is_some_and(|m| m.eq_ignore_ascii_case("navigate"))
        || accept.is_some_and(|a| {
            a.split(',').any(|part| {
                part.split(';')
                    .next()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("text/html"))
            })
        })
}

/// Whether a request to a content origin may be answered with its viewer's rights (a cookie, a
/// ticket): the origin's own requests (`Sec-Fetch-Site: same-origin`), what the person typed or
/// bookmarked (`none`), and navigations to it. A file included from any other page (`<script src>`,
/// `<img>`, a stylesheet, `fetch` in no-cors mode) arrives `same-site` or `cross-site` and is
/// answered as to a stranger. A client that sends no fetch metadata is not a browser acting for
/// another page (curl, an API client); old browsers are held by `Cross-Origin-Resource-Policy`.
pub fn is_own_or_navigation(sec_fetch_site: Option<&str>, sec_fetch_mode: Option<&str>) -> bool {
    let Some(site) = sec_fetch_site else {
        return true;
    };
    site.eq_ignore_ascii_case("same-origin")
        || site.eq_ignore_ascii_case("none")
        || sec_fetch_mode.is_some_and(|m| m.eq_ignore_ascii_case("navigate"))
}

/// Whether a credential the browser attaches by itself may sign in a request to the API origin
/// `api_origin`: Cloudflare Access's `Cf-Access-Jwt-Assertion`, which Access adds to every request
/// it lets through on its `CF_Authorization` cookie, whichever page made it. It counts for the API
/// origin's own requests (`Sec-Fetch-Site: same-origin`), what the person typed (`none`) and a
/// client that is no browser acting for a page (no fetch metadata and no other `Origin`: curl,
/// `plug` through Access). A form another site submits, a drop's `no-cors` `fetch` or beacon, a
/// request of another host of the same domain (`same-site`) or of a sandboxed frame
/// (`Origin: null`) is not the person's: with it, a page they visited wrote as them.
pub fn ambient_credential_counts(
    sec_fetch_site: Option<&str>,
    origin: Option<&str>,
    api_origin: &str,
) -> bool {
    let site_is_own = sec_fetch_site
        .is_none_or(|s| s.eq_ignore_ascii_case("same-origin") || s.eq_ignore_ascii_case("none"));
    let origin_is_own = origin.is_none_or(|o| {
        o.trim_end_matches('/')
            .eq_ignore_ascii_case(api_origin.trim_end_matches('/'))
    });
    site_is_own && origin_is_own
}

/// Whether a navigation is another page opening a frame (`Sec-Fetch-Dest` other than `document`,
/// from anywhere but the drop's own origin: `same-site` or `cross-site`). A content origin's
/// cookie does not count for it: with the viewer's rights a drop no page may frame was answered in
/// full and only the browser refused to show it, so how long the frame took told the framing page
/// whether this browser had opened the drop. Deployed, every sibling content origin is
/// `same-site` (one registrable domain holds them all), so a drop framing another is the framer
/// this most often stops. A fresh ticket still counts (the web app's preview brings one).
pub fn is_framed_elsewhere(sec_fetch_site: Option<&str>, sec_fetch_dest: Option<&str>) -> bool {
    sec_fetch_site.is_some_and(|s| {
        s.eq_ignore_ascii_case("cross-site") || s.eq_ignore_ascii_case("same-site")
    }) && sec_fetch_dest.is_some_and(|d| !d.eq_ignore_ascii_case("document"))
}

/// `Content-Disposition` for a stored file (RFC 6266): an ASCII fallback name for old clients and
/// `filename*=UTF-8''…` with the real name, so a Japanese or German name downloads as itself.
pub fn content_disposition(attachment: bool, file_name: &str) -> String {
    let kind = if attachment { "attachment" } else { "inline" };
    let fallback: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || " .-_()[]+,".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let fallback = if fallback.trim_matches(['_', ' ', '.']).is_empty() {
        "download".to_string()
    } else {
        fallback
    };
    if file_name.is_ascii() && fallback == file_name {
        return format!("{kind}; filename=\"{fallback}\"");
    }
    // Control and bidirectional formatting characters never reach the saved name: an RTL override
    // would show `a\u{202e}gnp.html` as `ahtml.png` in a downloads list.
    let shown: String = file_name
        .chars()
        .map(|c| {
            if c.is_control() || is_bidi_control(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    format!(
        "{kind}; filename=\"{fallback}\"; filename*=UTF-8''{}",
        percent_encode_attr(&shown)
    )
}

/// The Unicode bidirectional formatting characters (UAX #9: embeddings, overrides, isolates,
/// marks).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// RFC 8187 `attr-char` encoding: everything but ALPHA / DIGIT / `!#$&+-.^_`|~` is `%XX`.
fn percent_encode_attr(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 3);
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ambient_credential_counts_only_for_the_api_origins_own_requests() {
        let api = "https://plug.example.com";
        for (site, origin) in [
            (Some("same-origin"), Some(api)),
            (Some("same-origin"), None),
            (Some("none"), None),
            (Some("SAME-ORIGIN"), Some("https://plug.example.com/")),
            (None, None),
            (None, Some(api)),
        ] {
            assert!(
                ambient_credential_counts(site, origin, api),
                "{site:?} {origin:?}"
            );
        }
        for (site, origin) in [
            (Some("cross-site"), Some("https://a1.plugcontent.example")),
            (Some("cross-site"), None),
            (Some("same-site"), Some("https://wiki.example.com")),
            (Some("cross-site"), Some("null")),
            (None, Some("https://a1.plugcontent.example")),
            (None, Some("null")),
            (Some("same-origin"), Some("https://link.plug.example.com")),
            (Some("whatever"), None),
        ] {
            assert!(
                !ambient_credential_counts(site, origin, api),
                "{site:?} {origin:?}"
            );
        }
    }

    #[test]
    fn a_content_host_names_exactly_one_label() {
        let pattern = "{label}.localhost:8787";
        assert_eq!(label_in(pattern, "abc-1.localhost:8787"), Some("abc-1"));
        assert_eq!(
            label_in(pattern, "ABC-1.LOCALHOST:8787"),
            None,
            "labels are lowercase"
        );
        assert_eq!(label_in(pattern, "abc.LOCALHOST:8787"), Some("abc"));
        assert_eq!(label_in(pattern, "localhost:8787"), None);
        assert_eq!(label_in(pattern, ".localhost:8787"), None);
        assert_eq!(label_in(pattern, "a.b.localhost:8787"), None);
        assert_eq!(label_in(pattern, "abc.localhost:9999"), None);
        assert_eq!(label_in(pattern, "é.localhost:8787"), None);
        let long = format!("{}.localhost:8787", "a".repeat(64));
        assert_eq!(label_in(pattern, &long), None);
        assert_eq!(
            label_in("{label}.plugcontent.example", "x1.plugcontent.example"),
            Some("x1")
        );
        assert_eq!(label_in("no-placeholder.example", "x.example"), None);
    }

    #[test]
    fn a_local_run_puts_content_origins_on_the_link_origins_port() {
        assert_eq!(
            local_content_origin("http://127.0.0.1:31234"),
            "http://{label}.localhost:31234"
        );
        assert_eq!(
            local_content_origin("http://127.0.0.1"),
            "http://{label}.localhost"
        );
        assert_eq!(
            local_content_origin("https://link.example/"),
            "https://{label}.localhost"
        );
    }

    #[test]
    fn navigations_are_told_by_fetch_metadata_or_accept() {
        assert!(is_navigation(Some("navigate"), None));
        assert!(is_navigation(
            None,
            Some("text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
        ));
        assert!(is_navigation(None, Some("TEXT/HTML")));
        assert!(!is_navigation(Some("cors"), Some("application/json")));
        assert!(!is_navigation(None, Some("*/*")));
        assert!(!is_navigation(None, None));
        assert!(!is_navigation(None, Some("text/htmlx")));
    }

    #[test]
    fn only_a_content_origins_own_requests_and_navigations_carry_its_viewer() {
        let own = is_own_or_navigation;
        assert!(own(Some("same-origin"), Some("no-cors")));
        assert!(own(Some("same-origin"), Some("cors")));
        assert!(own(Some("none"), Some("navigate")));
        assert!(own(Some("cross-site"), Some("navigate")));
        assert!(
            own(None, None),
            "curl and API clients send no fetch metadata"
        );
        assert!(
            !own(Some("same-site"), Some("no-cors")),
            "a sibling origin's <script src>"
        );
        assert!(!own(Some("cross-site"), Some("no-cors")));
        assert!(!own(Some("cross-site"), Some("cors")));
        assert!(!own(Some("same-site"), None));
    }

    #[test]
    fn a_frame_opened_by_any_page_but_the_drops_own_is_framed_elsewhere() {
        let framed = |site, dest| is_framed_elsewhere(Some(site), Some(dest));
        assert!(framed("cross-site", "iframe"));
        assert!(framed("CROSS-SITE", "embed"));
        assert!(framed("cross-site", "object"));
        assert!(
            !framed("cross-site", "document"),
            "a link followed from any site"
        );
        assert!(
            !framed("same-origin", "iframe"),
            "the drop framing its own pages"
        );
        assert!(
            framed("same-site", "iframe"),
            "a sibling drop: every content origin shares one site"
        );
        assert!(
            !framed("same-site", "document"),
            "a link followed from a sibling"
        );
        assert!(!is_framed_elsewhere(None, None), "curl and API clients");
    }

    #[test]
    fn download_names_keep_their_own_letters() {
        assert_eq!(
            content_disposition(true, "report.pdf"),
            "attachment; filename=\"report.pdf\""
        );
        assert_eq!(
            content_disposition(true, "資料.pdf"),
            "attachment; filename=\"__.pdf\"; filename*=UTF-8''%E8%B3%87%E6%96%99.pdf"
        );
        assert_eq!(
            content_disposition(false, "Übersicht Q3.xlsx"),
            "inline; filename=\"_bersicht Q3.xlsx\"; filename*=UTF-8''%C3%9Cbersicht%20Q3.xlsx"
        );
        assert_eq!(
            content_disposition(true, "a\"b;c.txt"),
            "attachment; filename=\"a_b_c.txt\"; filename*=UTF-8''a%22b%3Bc.txt"
        );
        assert_eq!(
            content_disposition(true, "日本"),
            "attachment; filename=\"download\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC"
        );
    }

    #[test]
    fn download_names_lose_control_and_direction_characters() {
        assert_eq!(
            content_disposition(true, "invoice\u{202e}fdp.html"),
            "attachment; filename=\"invoice_fdp.html\"; filename*=UTF-8''invoice_fdp.html"
        );
        assert_eq!(
            content_disposition(false, "a\r\nb\u{2067}.txt"),
            "inline; filename=\"a__b_.txt\"; filename*=UTF-8''a__b_.txt"
        );
    }
}
