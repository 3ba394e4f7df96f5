//! Which user agents can be a real browser visit (docs/model.md "Counting views"): not naive
//! HTTP clients and not an empty agent. Crawlers and unfurlers are recognised
//! by the Worker with the `isbot` package's maintained pattern list.

/// Naive HTTP clients: libraries and command-line tools, not people.
const NAIVE_CLIENTS: &[&str] = &[
    "curl/",
    "wget/",
    "python-requests",
    "python-urllib",
    "go-http-client",
    "okhttp",
    "node-fetch",
    "undici",
    "axios/",
    "java/",
    "java-http-client",
    "apache-httpclient",
    "libwww-perl",
    "httpie",
    "aiohttp",
    "ruby",
    "postmanruntime",
    "insomnia",
    "deno/",
    "bun/",
    "got (",
    "reqwest",
    "plug/",
];

/// True for what looks like a browser: a Mozilla-style agent naming no HTTP library or tool.
pub fn is_browser_like(user_agent: &str) -> bool {
    let ua = user_agent.trim().to_ascii_lowercase();
    ua.starts_with("mozilla/") && !NAIVE_CLIENTS.iter().any(|m| ua.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_browsers_count() {
        assert!(is_browser_like("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"));
        assert!(is_browser_like("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"));
    }

    #[test]
    fn naive_http_clients_and_empty_agents_do_not_count() {
        for ua in [
            "",
            "   ",
            "curl/8.5.0",
            "Wget/1.21.4",
            "python-requests/2.31",
            "Go-http-client/1.1",
            "okhttp/4.12.0",
            "node",
            "undici",
            "axios/1.6.0",
            "Java-http-client/17.0.9",
            "Mozilla/5.0 (compatible) node-fetch/3.3",
        ] {
            assert!(!is_browser_like(ua), "{ua}");
        }
    }
}
