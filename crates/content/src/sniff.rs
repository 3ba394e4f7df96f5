//! What a file really holds when its bytes are not what its name says (a PDF saved as `.xlsx`,
//! a CSV renamed to `.xlsx`, a web page saved as `.pdf`), named as a person knows it, so that a
//! refusal says what the file is and not only what it is not.

use crate::image::Raster;

/// How much of the start of a file is read to tell what it is.
const HEAD: usize = 4096;

/// A short description of what `bytes` are ("a PDF", "a web page (HTML)", "plain text such as
/// CSV"), or None when they are nothing recognisable (binary of an unknown kind).
pub(crate) fn what_it_holds(bytes: &[u8]) -> Option<&'static str> {
    let head = &bytes[..bytes.len().min(HEAD)];
    if memchr::memmem::find(&head[..head.len().min(1024)], b"%PDF-").is_some() {
        return Some("a PDF");
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return Some("a zip archive");
    }
    if let Some(archive) = other_archive(head) {
        return Some(archive);
    }
    if head.starts_with(b"{\\rtf") {
        return Some("an RTF document (Word's \"Rich Text Format\")");
    }
    if let Some(raster) = Raster::sniff(head) {
        return Some(match raster {
            Raster::Png => "a PNG image",
            Raster::Jpeg => "a JPEG image",
            Raster::Webp => "a WebP image",
            Raster::Gif => "a GIF image",
        });
    }
    let text = text_head(head)?;
    let lower = text.trim_start().to_ascii_lowercase();
    if lower.is_empty() {
        return Some("no content (only blank text)");
    }
    if lower.contains("urn:schemas-microsoft-com:office:spreadsheet") {
        return Some("an Excel 2003 XML spreadsheet");
    }
    if lower.starts_with("<!doctype html") || lower.starts_with("<html") || lower.contains("<body")
    {
        return Some("a web page (HTML)");
    }
    if lower.starts_with("<svg") || (lower.starts_with("<?xml") && lower.contains("<svg")) {
        return Some("an SVG drawing");
    }
    if lower.starts_with("<?xml") {
        return Some("an XML file");
    }
    let first_line = lower.lines().next().unwrap_or_default();
    if first_line.contains(',') || first_line.contains(';') || first_line.contains('\t') {
        return Some("plain text such as CSV");
    }
    Some("plain text")
}

/// Archives that are not zips, which people rename to `.zip` or send where a zip goes: a
/// `.tar.gz` of a build folder, a RAR or 7-Zip archive from Windows tools. (xz and bzip2, rarer,
/// are left unnamed: every byte of the Worker counts.)
fn other_archive(head: &[u8]) -> Option<&'static str> {
    let tar = head.get(257..262) == Some(b"ustar");
    [
        (
            head.starts_with(b"\x1F\x8B"),
            "a gzip-compressed file (.gz or .tar.gz)",
        ),
        (head.starts_with(b"Rar!\x1A\x07"), "a RAR archive"),
        (
            head.starts_with(b"7z\xBC\xAF\x27\x1C"),
            "a 7-Zip archive (.7z)",
        ),
        (tar, "a tar archive (.tar)"),
    ]
    .into_iter()
    .find_map(|(found, name)| found.then_some(name))
}

/// The start of a file as text, when it is text: UTF-8 (a character cut at the end of the head
/// allowed) with no control characters but tab, line ends and form feed. UTF-16 (Excel's
/// "Unicode Text", with its byte order mark) is told as text by its mark alone.
fn text_head(head: &[u8]) -> Option<String> {
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return Some(String::from("text"));
    }
    let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = match std::str::from_utf8(body) {
        Ok(text) => text,
        // Cut inside a character at the end of the head: the part before it.
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&body[..e.valid_up_to()]).ok()?,
        Err(_) => return None,
    };
    let controls = text
        .bytes()
        .any(|b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)) || b == 0x7F);
    (!controls).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_what_a_misnamed_file_holds() {
        let cases: [(&[u8], &str); 14] = [
            (b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "a PDF"),
            (b"PK\x03\x04\x14\0\0\0", "a zip archive"),
            (b"{\\rtf1\\ansi hello}", "an RTF document (Word's \"Rich Text Format\")"),
            (b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", "a PNG image"),
            (b"\xEF\xBB\xBF", "no content (only blank text)"),
            (b"<!DOCTYPE html><title>x</title>", "a web page (HTML)"),
            (
                b"<?xml version=\"1.0\"?><Workbook xmlns=\"urn:schemas-microsoft-com:office:spreadsheet\">",
                "an Excel 2003 XML spreadsheet",
            ),
            (b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "an SVG drawing"),
            (b"Region,Revenue\nNorth,120\n", "plain text such as CSV"),
            (b"\xFF\xFER\0e\0g\0i\0o\0n\0\t\0R\0\n\0", "plain text"),
            (b"Just some notes\n", "plain text"),
            (b"\x1F\x8B\x08\0\0\0\0\0", "a gzip-compressed file (.gz or .tar.gz)"),
            (b"Rar!\x1A\x07\x01\0", "a RAR archive"),
            (b"7z\xBC\xAF\x27\x1C\0\x04", "a 7-Zip archive (.7z)"),
        ];
        for (bytes, expected) in cases {
            assert_eq!(what_it_holds(bytes), Some(expected), "{bytes:?}");
        }
    }

    #[test]
    fn names_a_tar_archive_by_its_header() {
        let mut tar = vec![0u8; 1024];
        tar[..9].copy_from_slice(b"index.htm");
        tar[257..263].copy_from_slice(b"ustar\0");
        assert_eq!(what_it_holds(&tar), Some("a tar archive (.tar)"));
    }

    #[test]
    fn says_nothing_of_unknown_binary() {
        assert_eq!(what_it_holds(b"\x00\x01\x02\x03binary\x00"), None);
    }

    #[test]
    fn reads_text_cut_inside_a_character() {
        // Three bytes, then two-byte characters: the head ends inside one.
        let mut bytes = b"a,b".to_vec();
        bytes.extend("é".repeat(HEAD).bytes());
        assert_eq!(what_it_holds(&bytes), Some("plain text such as CSV"));
    }
}
