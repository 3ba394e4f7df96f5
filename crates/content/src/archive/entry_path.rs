//! Turns a zip entry's raw name into a safe relative storage path, or refuses it.
//! Refused: `..` segments, absolute and drive paths, control characters. A backslash separates
//! folders, as Windows' Explorer and 7-Zip read it: PowerShell 5's `Compress-Archive` writes
//! `assets\app.js`. The rules above then apply to the `/` form (`..\x` is refused).

use crate::ContentError;

/// A normalised entry name: `/`-separated, no empty, `.` or `..` segments,
/// no leading or trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EntryPath {
    File(String),
    Dir(String),
}

/// Normalises `raw` (the name as the zip lists it). `./a//b` becomes `a/b`;
/// a trailing `/` marks a directory.
pub(crate) fn normalise(raw: &str) -> Result<EntryPath, ContentError> {
    if raw.chars().any(char::is_control) {
        return Err(refused(raw, "has control characters in its name"));
    }
    let slashed = raw.replace('\\', "/");
    if slashed.starts_with('/') || has_drive_letter(raw) {
        return Err(refused(
            raw,
            "has an absolute path; entries must be relative to the archive",
        ));
    }
    let mut segments = Vec::new();
    for segment in slashed.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Err(refused(raw, "points outside the archive with '..'")),
            _ => segments.push(segment),
        }
    }
    let path = segments.join("/");
    Ok(if slashed.ends_with('/') || path.is_empty() {
        EntryPath::Dir(path)
    } else {
        EntryPath::File(path)
    })
}

/// `C:`, `c:foo` and the like.
fn has_drive_letter(raw: &str) -> bool {
    let bytes = raw.as_bytes();
    bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
}

fn refused(raw: &str, why: &str) -> ContentError {
    // Control characters are escaped so the message stays one clean line;
    // everything else is shown as the user's tool wrote it.
    let shown = if raw.chars().any(char::is_control) {
        raw.escape_debug().to_string()
    } else {
        raw.to_string()
    };
    ContentError::malformed(format!(
        "The archive entry '{shown}' {why}. Plug refuses such archives because they can write \
         outside the site. Zip the folder again with your system's Compress command or `zip -r`."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str) -> EntryPath {
        EntryPath::File(path.to_string())
    }

    #[test]
    fn normalises_dot_and_empty_segments() {
        assert_eq!(normalise("index.html").unwrap(), file("index.html"));
        assert_eq!(normalise("./a//b/./c.css").unwrap(), file("a/b/c.css"));
        assert_eq!(
            normalise("assets/").unwrap(),
            EntryPath::Dir("assets".into())
        );
        assert_eq!(normalise("./").unwrap(), EntryPath::Dir(String::new()));
    }

    #[test]
    fn rejects_parent_directory_segments_anywhere() {
        for raw in ["../evil", "a/../../evil", "a/..", "__MACOSX/../x"] {
            assert_eq!(normalise(raw).unwrap_err().status(), 422, "{raw}");
        }
    }

    #[test]
    fn rejects_absolute_drive_and_backslash_paths() {
        for raw in [
            "/etc/passwd",
            "C:/x.html",
            "c:evil",
            "\\evil",
            "a\\..\\b",
            "\\\\server\\share",
        ] {
            let error = normalise(raw).unwrap_err();
            assert_eq!(error.status(), 422, "{raw}");
        }
    }

    #[test]
    fn rejects_control_characters_and_shows_them_escaped() {
        assert!(normalise("a\u{0}.html").is_err());
        let error = normalise("a\nb").unwrap_err();
        assert!(error.message().contains(r"'a\nb'"), "{error}");
    }

    #[test]
    fn reads_backslashes_as_folder_separators() {
        assert_eq!(normalise(r"assets\app.js").unwrap(), file("assets/app.js"));
        assert_eq!(
            normalise(r"dist\assets\").unwrap(),
            EntryPath::Dir("dist/assets".to_string())
        );
    }

    #[test]
    fn shows_backslash_names_as_written() {
        let error = normalise(r"C:\evil.html").unwrap_err();
        assert!(error.message().contains(r"'C:\evil.html'"), "{error}");
    }

    #[test]
    fn keeps_dots_inside_names() {
        assert_eq!(normalise("a..b/..c").unwrap(), file("a..b/..c"));
        assert_eq!(normalise(".well-known/x").unwrap(), file(".well-known/x"));
    }
}
