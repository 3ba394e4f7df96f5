//! The frame every generated page shares: a responsive HTML5 document with a
//! header (title, "Download original") and embedded light/dark CSS.

use crate::escape;

const BASE_CSS: &str = include_str!("assets/base.css");

const DOWNLOAD_ICON: &str = "<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\" fill=\"currentColor\">\
<path d=\"M8 1a.75.75 0 0 1 .75.75v6.69l2.22-2.22a.75.75 0 1 1 1.06 1.06l-3.5 3.5a.75.75 0 0 1-1.06 0\
l-3.5-3.5a.75.75 0 0 1 1.06-1.06l2.22 2.22V1.75A.75.75 0 0 1 8 1ZM2.75 12.5h10.5a.75.75 0 0 1 0 1.5\
H2.75a.75.75 0 0 1 0-1.5Z\"/></svg>";

/// One generated page. `main` is trusted HTML built by this crate; every
/// caller-supplied string inside it must already be escaped.
pub struct Page<'a> {
    pub title: &'a str,
    pub download_url: &'a str,
    pub style: &'static str,
    pub main: String,
    /// Attributes for `<main>` (already escaped), e.g. ` data-src="..."`.
    pub main_attributes: String,
    /// Classic scripts loaded by URL at the end of the body, in order.
    pub scripts: &'a [&'static str],
}

impl Page<'_> {
    pub fn render(&self) -> String {
        let title = escape::text(self.title);
        let mut html =
            String::with_capacity(BASE_CSS.len() + self.style.len() + self.main.len() + 1024);
        html.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        // An empty icon saves every page a /favicon.ico request that would 404.
        html.push_str("<link rel=\"icon\" href=\"data:,\">\n");
        html.push_str(&format!(
            "<title>{title}</title>\n<style>\n{BASE_CSS}{}</style>\n</head>\n<body>\n",
            self.style
        ));
        html.push_str(&format!(
            "<header class=\"plug-header\"><h1 title=\"{}\">{title}</h1>\
             <a class=\"plug-download\" href=\"{}\" download>{DOWNLOAD_ICON}\
             Download original</a></header>\n",
            escape::attr(self.title),
            escape::attr(self.download_url),
        ));
        html.push_str(&format!(
            "<main id=\"plug-main\"{}>\n{}\n</main>\n",
            self.main_attributes, self.main
        ));
        for src in self.scripts {
            html.push_str(&format!(
                "<script src=\"{}\"></script>\n",
                escape::attr(src)
            ));
        }
        html.push_str("</body>\n</html>\n");
        html
    }
}

/// ` name="value"` with the value escaped, for [`Page::main_attributes`].
pub fn attribute(name: &str, value: &str) -> String {
    format!(" {name}=\"{}\"", escape::attr(value))
}
