//! Pages Plug writes for a person who opened a link it cannot show them: "not found or not shared
//! with you" (the same words whether the Inspiration exists or not) and the like. Static HTML, no
//! script, in the platform's look.

use crate::escape;

/// What a notice page says; every string is plain text and escaped here.
pub struct Notice<'a> {
    pub platform_name: &'a str,
    pub title: &'a str,
    pub lines: &'a [String],
    /// `(label, href)` links, the first drawn as the main action.
    pub actions: &'a [(&'a str, String)],
}

/// The page's Content-Security-Policy: nothing but its own inline style.
pub const NOTICE_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub fn notice_page(notice: &Notice<'_>) -> String {
    let lines: String = notice
        .lines
        .iter()
        .map(|line| format!("<p>{}</p>", escape::text(line)))
        .collect();
    let actions: String = notice
        .actions
        .iter()
        .enumerate()
        .map(|(i, (label, href))| {
            format!(
                "<a class=\"{}\" href=\"{}\">{}</a>",
                if i == 0 { "primary" } else { "ghost" },
                escape::attr(href),
                escape::text(label)
            )
        })
        .collect();
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><meta name=\"robots\" content=\"noindex\">\
<title>{title} · {name}</title><style>{STYLE}</style></head><body><main>\
<p class=\"brand\">{name}</p><h1>{title}</h1>{lines}<nav>{actions}</nav></main></body></html>",
        title = escape::text(notice.title),
        name = escape::text(notice.platform_name),
    )
}

const STYLE: &str = "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;\
color:#1f2937;font:16px/1.55 system-ui,-apple-system,'Segoe UI',sans-serif}\
main{max-width:30rem;margin:2rem;padding:2rem 2.25rem;background:#fff;border:1px solid #e5e7eb;border-radius:14px;\
box-shadow:0 1px 2px rgba(0,0,0,.04),0 8px 24px rgba(0,0,0,.06)}\
.brand{margin:0 0 1rem;font-weight:650;letter-spacing:.02em;color:#4f46e5}\
h1{font-size:1.35rem;line-height:1.3;margin:0 0 .75rem}p{margin:.5rem 0;color:#4b5563}\
nav{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}\
a{padding:.55rem 1rem;border-radius:8px;text-decoration:none;font-weight:550}\
a.primary{background:#4f46e5;color:#fff}a.ghost{color:#4f46e5;border:1px solid #c7d2fe}\
a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}\
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e5e7eb}main{background:#171a21;border-color:#272b35}\
p{color:#9ca3af}.brand{color:#a5b4fc}a.primary{background:#6366f1}a.ghost{color:#a5b4fc;border-color:#3730a3}}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_escapes_everything_it_is_given() {
        let lines = vec!["Signed in as <b>Ann</b> & co".to_string()];
        let actions = [("Open <Plug>", "http://x/?a=1&b=\"2\"".to_string())];
        let html = notice_page(&Notice {
            platform_name: "Plug",
            title: "Not <here>",
            lines: &lines,
            actions: &actions,
        });
        assert!(html.contains("<h1>Not &lt;here&gt;</h1>"));
        assert!(html.contains("Signed in as &lt;b&gt;Ann&lt;/b&gt; &amp; co"));
        assert!(html.contains("href=\"http://x/?a=1&amp;b=&quot;2&quot;\""));
        assert!(!html.contains("<script"));
    }
}
