//! Plug as the OAuth authorization server of its own `/mcp` (MCP authorization; RFC 6749, 7591,
//! 7636, 8252, 8707): which redirect URIs a client may register, when a requested one is a
//! registered one, and the PKCE S256 check. Plain rules, tested natively; the Worker does the rest.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// Whether a client's name can be shown on the consent page as it reads: no control characters
/// and no bidirectional formatting ones (an RTL override in the name would turn the words after it
/// around, "the name the app gave itself" among them).
pub fn client_name_shows_as_written(name: &str) -> bool {
    !name
        .chars()
        .any(|c| c.is_control() || crate::origins::is_bidi_control(c))
}

/// Most redirect URIs one client registers, and the longest one.
pub const MAX_REDIRECT_URIS: usize = 8;
pub const MAX_REDIRECT_URI_LEN: usize = 1000;
/// The longest client name shown on the consent page.
pub const MAX_CLIENT_NAME: usize = 100;

/// Schemes no redirect may use: they run code or read local files in the browser.
const FORBIDDEN_SCHEMES: &[&str] = &[
    "javascript",
    "data",
    "vbscript",
    "file",
    "blob",
    "about",
    "ws",
    "wss",
    "ftp",
];

/// A URI split as far as redirect rules need: scheme, host (without port), port, and what follows
/// the authority (path and query).
#[derive(Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: String,
    host: &'a str,
    port: Option<&'a str>,
    rest: &'a str,
}

fn parts(uri: &str) -> Option<Parts<'_>> {
    let (scheme, after) = uri.split_once(':')?;
    let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !scheme_ok
        || uri.contains(['#', '\\'])
        || uri.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return None;
    }
    let scheme = scheme.to_ascii_lowercase();
    let Some(after) = after.strip_prefix("//") else {
        // `com.example.app:/callback`: a private-use scheme without an authority (RFC 8252 7.1).
        return Some(Parts {
            scheme,
            host: "",
            port: None,
            rest: after,
        });
    };
    let end = after.find(['/', '?']).unwrap_or(after.len());
    let (authority, rest) = after.split_at(end);
    if authority.contains('@') {
        return None;
    }
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, _)) if !h.ends_with(']') && h.contains(':') => (authority, None),
        Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) => (h, Some(p)),
        Some(_) => return None,
        None => (authority, None),
    };
    Some(Parts {
        scheme,
        host,
        port,
        rest,
    })
}

/// A host as a browser shows and resolves it, unchanged: an ASCII DNS name or IPv4 address, or a
/// bracketed IPv6 address.
fn plain_host(host: &str) -> bool {
    match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => {
            !v6.is_empty()
                && v6
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'.'))
        }
        None => {
            !host.is_empty()
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
        }
    }
}

fn is_loopback_host(host: &str) -> bool {
    matches!(
        host.to_ascii_lowercase().as_str(),
        "127.0.0.1" | "[::1]" | "localhost"
    )
}

/// Why a redirect URI cannot be registered, or None when it can: `https` to any host, `http` to a
/// loopback address only (RFC 8252 7.3), or a native app's private-use scheme (RFC 8252 7.1); never
/// a fragment, user info, a backslash (browsers read it as `/`), or a scheme that runs code in the
/// browser.
pub fn redirect_uri_problem(uri: &str) -> Option<&'static str> {
    if uri.is_empty() || uri.len() > MAX_REDIRECT_URI_LEN {
        return Some("must be 1 to 1000 characters");
    }
    let Some(p) = parts(uri) else {
        return Some("must be an absolute URI without a fragment, user info or backslash");
    };
    match p.scheme.as_str() {
        // The consent page names this host as where the answer goes, so it must read as the
        // browser will resolve it: an IDN only in its ASCII (`xn--`) form, nothing
        // percent-encoded (`%2E` or a full-width dot would be decoded into another name).
        "http" | "https" if !plain_host(p.host) => {
            Some("the host must be ASCII letters, digits, '-' and '.' (an IDN in its xn-- form) or an IP address")
        }
        "https" if !p.host.is_empty() => None,
        "http" if is_loopback_host(p.host) => None,
        "http" | "https" => {
            Some("http is only for loopback (127.0.0.1, [::1], localhost); use https")
        }
        s if FORBIDDEN_SCHEMES.contains(&s) => Some("this scheme cannot receive a redirect"),
        _ => None,
    }
}

/// Whether `requested` is one of `registered`: the same string, except that a loopback `http`
/// redirect may name any port (native clients take a free one each time, RFC 8252 7.3).
pub fn redirect_uri_matches(registered: &[String], requested: &str) -> bool {
    registered.iter().any(|r| {
        if r == requested {
            return true;
        }
        match (parts(r), parts(requested)) {
            (Some(a), Some(b)) => {
                a.scheme == "http"
                    && b.scheme == "http"
                    && is_loopback_host(a.host)
                    && a.host.eq_ignore_ascii_case(b.host)
                    && a.rest == b.rest
            }
            _ => false,
        }
    })
}

/// The host a consent page names as where the answer goes (the scheme for a private-use one).
pub fn redirect_target(uri: &str) -> String {
    match parts(uri) {
        Some(p) if !p.host.is_empty() => match p.port {
            Some(port) => format!("{}:{port}", p.host),
            None => p.host.to_string(),
        },
        Some(p) => format!("{}:", p.scheme),
        None => uri.to_string(),
    }
}

/// PKCE S256 (RFC 7636 4.6): the verifier is 43 to 128 unreserved characters and its SHA-256,
/// base64url without padding, is the challenge.
pub fn pkce_ok(verifier: &str, challenge: &str) -> bool {
    let shape = (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'));
    shape && s256(verifier) == challenge
}

/// The S256 challenge of a verifier (Plug's own, at the identity provider).
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A code challenge as S256 makes it: 43 base64url characters.
pub fn is_challenge(challenge: &str) -> bool {
    challenge.len() == 43
        && challenge
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registrable_redirects_are_https_loopback_http_or_private_use() {
        assert_eq!(
            redirect_uri_problem("https://claude.ai/api/mcp/auth_callback"),
            None
        );
        assert_eq!(
            redirect_uri_problem("http://127.0.0.1:33418/callback"),
            None
        );
        assert_eq!(
            redirect_uri_problem("http://localhost:6274/oauth/callback"),
            None
        );
        assert_eq!(redirect_uri_problem("http://[::1]/cb"), None);
        assert_eq!(
            redirect_uri_problem("cursor://anysphere.cursor-mcp/oauth/callback"),
            None
        );
        assert_eq!(redirect_uri_problem("com.example.app:/callback"), None);
        for bad in [
            "http://evil.example/cb",
            "https://claude.ai/cb#frag",
            "https://user@claude.ai/cb",
            "javascript:alert(1)",
            "data:text/html,hi",
            "JavaScript://x/%0aalert(1)",
            "/relative",
            "",
            "https:///nohost",
            // Browsers read `\` as `/` in http(s) addresses: the host shown on the consent page
            // would not be the one the code goes to.
            "https://evil.example\\claude.ai/cb",
            // The consent page names the host as written; the browser would go elsewhere: a
            // Cyrillic `е`, a percent-encoded dot, an ideographic full stop.
            "https://\u{435}vil.example/cb",
            "https://claude.ai%2Eevil.example/cb",
            "https://claude.ai\u{3002}evil.example/cb",
        ] {
            assert!(redirect_uri_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(redirect_uri_problem("https://xn--vil-tdd.example/cb"), None);
        assert_eq!(redirect_uri_problem("http://[::1]:8080/cb"), None);
    }

    #[test]
    fn a_client_name_shows_as_written() {
        assert!(client_name_shows_as_written("Claude Code"));
        assert!(client_name_shows_as_written("Mühle 日本 🙂"));
        for bad in [
            "Evil\u{202e}edualC",
            "a\u{2066}b",
            "line\nbreak",
            "nul\u{0}",
            "mark\u{200f}",
        ] {
            assert!(!client_name_shows_as_written(bad), "{bad:?}");
        }
    }

    #[test]
    fn only_loopback_may_change_its_port() {
        let reg = vec![
            "http://127.0.0.1:5000/callback".to_string(),
            "https://app.example/cb".to_string(),
        ];
        assert!(redirect_uri_matches(&reg, "http://127.0.0.1:5000/callback"));
        assert!(redirect_uri_matches(
            &reg,
            "http://127.0.0.1:61234/callback"
        ));
        assert!(redirect_uri_matches(&reg, "http://127.0.0.1/callback"));
        assert!(!redirect_uri_matches(&reg, "http://127.0.0.1:61234/other"));
        assert!(!redirect_uri_matches(
            &reg,
            "http://localhost:5000/callback"
        ));
        assert!(redirect_uri_matches(&reg, "https://app.example/cb"));
        assert!(!redirect_uri_matches(&reg, "https://app.example:8443/cb"));
        assert!(!redirect_uri_matches(&reg, "https://app.example/cb?x=1"));
        assert!(!redirect_uri_matches(&reg, "https://app.example/cb/"));
        assert_eq!(redirect_target("https://app.example/cb"), "app.example");
        assert_eq!(redirect_target("http://127.0.0.1:5/cb"), "127.0.0.1:5");
    }

    #[test]
    fn pkce_s256_is_checked_exactly() {
        // RFC 7636 appendix B.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
        assert!(is_challenge(challenge));
        assert!(pkce_ok(verifier, challenge));
        assert!(!pkce_ok(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXK",
            challenge
        ));
        assert!(!pkce_ok("", challenge));
        assert!(!pkce_ok(challenge, challenge));
    }
}
