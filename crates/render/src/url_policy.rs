//! Which link and image URLs a rendered markdown page may carry: web, mail,
//! relative and fragment links (the allow-list then unlinks those naming another file of the
//! author's repository); inline images only in raster formats.

const LINK_SCHEMES: [&str; 3] = ["http", "https", "mailto"];
const IMAGE_SCHEMES: [&str; 2] = ["http", "https"];
const DATA_IMAGE_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/// The URL to write for a link, or `None` to drop the link.
pub fn safe_link_url(url: &str) -> Option<String> {
    let url = normalise(url);
    match scheme_of(&url) {
        Scheme::Relative => Some(url),
        Scheme::Named(scheme) if LINK_SCHEMES.contains(&scheme.as_str()) => Some(url),
        _ => None,
    }
}

/// The URL to write for an image, or `None` to drop the image.
pub fn safe_image_url(url: &str) -> Option<String> {
    let url = normalise(url);
    match scheme_of(&url) {
        Scheme::Relative => Some(url),
        Scheme::Named(scheme) if IMAGE_SCHEMES.contains(&scheme.as_str()) => Some(url),
        Scheme::Named(scheme) if scheme == "data" && is_raster_data_url(&url) => Some(url),
        _ => None,
    }
}

/// A link to another file of the author's repository (`docs/guide.md`, `LICENSE`, `/CONTRIBUTING.md`,
/// `?tab=readme`): a markdown drop is one file, so it names nothing that is served.
pub fn names_another_file(url: &str) -> bool {
    let url = normalise(url);
    !url.is_empty()
        && !url.starts_with('#')
        && !url.starts_with("//")
        && matches!(scheme_of(&url), Scheme::Relative)
}

/// What a browser's URL parser does first: trim C0 controls and spaces at both
/// ends and delete tabs and newlines anywhere (`java\tscript:` is `javascript:`).
fn normalise(url: &str) -> String {
    url.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

enum Scheme {
    Relative,
    Named(String),
    /// A `:` before any `/`, `?` or `#` that is no valid scheme: refuse rather than guess.
    Malformed,
}

fn scheme_of(url: &str) -> Scheme {
    let Some(end) = url.find([':', '/', '?', '#']) else {
        return Scheme::Relative;
    };
    if !url[end..].starts_with(':') {
        return Scheme::Relative;
    }
    let scheme = &url[..end];
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if valid {
        Scheme::Named(scheme.to_ascii_lowercase())
    } else {
        Scheme::Malformed
    }
}

/// `data:image/png;base64,...` and friends; never SVG, which can carry script.
fn is_raster_data_url(url: &str) -> bool {
    let rest = url["data:".len()..].to_ascii_lowercase();
    DATA_IMAGE_TYPES.iter().any(|media_type| {
        rest.strip_prefix(media_type)
            .is_some_and(|after| after.starts_with([';', ',']))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_mail_relative_and_fragment_links_are_kept() {
        for url in [
            "https://example.com/a?b#c",
            "http://x",
            "mailto:a@b.c",
            "/docs",
            "./a:b",
            "../up",
            "#top",
            "page.html",
            "?q=1",
        ] {
            assert_eq!(safe_link_url(url).as_deref(), Some(url), "{url}");
        }
        assert_eq!(
            safe_link_url("HTTPS://EXAMPLE.COM").as_deref(),
            Some("HTTPS://EXAMPLE.COM")
        );
    }

    #[test]
    fn script_schemes_are_dropped_however_they_are_spelled() {
        let payloads = [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " \u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "javascript\r:alert(1)",
            "vbscript:msgbox(1)",
            "data:text/html;base64,PHNjcmlwdD4=",
            "file:///etc/passwd",
            "a b:c",
            "1javascript:x",
        ];
        for url in payloads {
            assert_eq!(safe_link_url(url), None, "{url:?}");
        }
    }

    #[test]
    fn raster_data_images_are_kept_and_other_data_is_dropped() {
        assert!(safe_image_url("data:image/png;base64,iVBORw0KGgo=").is_some());
        assert!(safe_image_url("DATA:IMAGE/JPEG;base64,/9j/").is_some());
        assert!(safe_image_url("data:image/webp,xyz").is_some());
        assert!(safe_image_url("data:image/gif;base64,R0lG").is_some());
        assert!(safe_image_url("data:image/svg+xml;base64,PHN2Zz4=").is_none());
        assert!(safe_image_url("data:image/pngx;base64,AA").is_none());
        assert!(safe_image_url("data:text/html,<script>").is_none());
        assert!(safe_image_url("javascript:alert(1)").is_none());
        assert!(safe_image_url("mailto:a@b.c").is_none());
        assert!(safe_link_url("data:image/png;base64,AA").is_none());
    }

    #[test]
    fn surrounding_whitespace_is_trimmed_from_kept_urls() {
        assert_eq!(
            safe_link_url("  https://a.example/x \n").as_deref(),
            Some("https://a.example/x")
        );
    }
}
