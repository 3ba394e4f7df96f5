//! Which user agents count as a real browser visit (platform.md 7): not
//! crawlers or link unfurlers, not naive HTTP clients, not an empty agent.

/// Naive HTTP clients: libraries and command-line tools, not people.
const NAIVE_CLIENTS: &[&str] = &[
    "curl/", "wget/", "python-requests", "python-urllib", "go-http-client", "okhttp", "node-fetch", "undici",
    "axios/", "java/", "java-http-client", "apache-httpclient", "libwww-perl", "httpie", "aiohttp", "ruby",
    "postmanruntime", "insomnia", "deno/", "bun/", "got (", "reqwest", "plug/",
];

/// Crawler and unfurler markers (a subset of the patterns the `isbot` package keeps).
const BOT_MARKERS: &[&str] = &[
    "bot", "crawl", "spider", "slurp", "facebookexternalhit", "embedly", "quora link preview", "outbrain",
    "pinterest", "vkshare", "w3c_validator", "whatsapp", "skypeuripreview", "headlesschrome", "lighthouse",
    "preview", "scrape", "fetcher", "monitor", "archiver", "validator", "feed", "google", "bingpreview",
    "yahoo", "baidu", "yandex", "duckduck", "telegram", "discord", "slack", "linkedin", "twitter", "mastodon",
    "phantomjs", "puppeteer", "playwright", "selenium", "check", "scan", "http", "probe", "python", "perl",
];

/// True for what looks like a person's browser: a Mozilla-style agent with no bot or client marker.
pub fn is_countable_browser(user_agent: &str) -> bool {
    let ua = user_agent.trim().to_ascii_lowercase();
    if ua.is_empty() || !ua.starts_with("mozilla/") {
        return false;
    }
    !NAIVE_CLIENTS.iter().any(|m| ua.contains(m)) && !BOT_MARKERS.iter().any(|m| ua.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_browsers_count() {
        assert!(is_countable_browser("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"));
        assert!(is_countable_browser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"));
    }

    #[test]
    fn crawlers_unfurlers_and_naive_clients_do_not_count() {
        for ua in [
            "",
            "curl/8.5.0",
            "python-requests/2.31",
            "node",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        ] {
            assert!(!is_countable_browser(ua), "{ua}");
        }
    }
}
