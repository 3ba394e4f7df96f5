//! The charset an HTML page is served with. Plug serves pages as UTF-8, which outranks a page's
//! own `<meta charset>` in the browser; a page really written in an older encoding that it
//! declares (an old Japanese homepage in Shift_JIS, a Chinese one in GBK, a Western one in
//! ISO-8859-1 inside a zipped site) is served with that charset instead, so the browser decodes
//! it as its author's browser did. Plug only adds ASCII (the badge tag) before `</body>`, which
//! means the same in every encoding named here: none of them uses a byte below 0x80 inside a
//! multi-byte character other than letters, digits and punctuation that never form a tag.

/// How many bytes a browser's prescan reads for a `<meta>` charset (HTML's "encoding sniffing").
pub const CHARSET_SCAN: usize = 1024;

/// The charset to serve a page with when it is not UTF-8: `Some` when the page declares an
/// encoding of the list in a `<meta>` of its first 1024 bytes and what was read (`head`, the
/// page's first bytes, any length) is not UTF-8 text with characters past ASCII. A page whose
/// bytes are UTF-8 under a stale `<meta charset="iso-8859-1">` (a template saved again as
/// UTF-8) stays UTF-8, as it was served before; so does a page with a byte order mark, which a
/// browser reads before anything else.
pub fn legacy_charset(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"\xEF\xBB\xBF")
        || head.starts_with(b"\xFF\xFE")
        || head.starts_with(b"\xFE\xFF")
    {
        return None;
    }
    let charset = declared_charset(&head[..head.len().min(CHARSET_SCAN)])?;
    (!is_utf8_beyond_ascii(head)).then_some(charset)
}

/// UTF-8 with at least one character past ASCII; a sequence cut at the end of `head` counts.
fn is_utf8_beyond_ascii(head: &[u8]) -> bool {
    let valid = match std::str::from_utf8(head) {
        Ok(_) => head.len(),
        Err(e) if e.error_len().is_none() => e.valid_up_to(),
        Err(_) => return false,
    };
    !head[..valid].is_ascii()
}

/// The encoding the first `<meta>` with a charset declares (`<meta charset=…>` or
/// `<meta http-equiv="Content-Type" content="text/html; charset=…">`), when it is one Plug
/// serves as declared.
pub fn declared_charset(head: &[u8]) -> Option<&'static str> {
    let lower = head.to_ascii_lowercase();
    let mut rest = &lower[..];
    while let Some(at) = memchr::memmem::find(rest, b"<meta") {
        let tag = &rest[at..];
        let tag = &tag[..memchr::memchr(b'>', tag).unwrap_or(tag.len())];
        if let Some(pos) = memchr::memmem::find(tag, b"charset") {
            let value = &tag[pos + "charset".len()..];
            let start = value
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'=' | b'"' | b'\''))?;
            let label: Vec<u8> = value[start..]
                .iter()
                .copied()
                .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.'))
                .collect();
            return canonical(std::str::from_utf8(&label).ok()?);
        }
        rest = &rest[at + "<meta".len()..];
    }
    None
}

/// The WHATWG name of an ASCII-compatible legacy encoding, by its common labels; `None` for
/// UTF-8, UTF-16 (a browser reads a `<meta>` naming it as UTF-8), ISO-2022-JP (its escape
/// sequences could change what the added tag means) and labels it does not know.
fn canonical(label: &str) -> Option<&'static str> {
    Some(match label {
        "shift_jis" | "shift-jis" | "sjis" | "x-sjis" | "ms_kanji" | "ms932" | "cp932"
        | "windows-31j" | "csshiftjis" => "Shift_JIS",
        "euc-jp" | "x-euc-jp" | "cseucpkdfmtjapanese" => "EUC-JP",
        "gbk" | "gb2312" | "x-gbk" | "chinese" | "csgb2312" | "gb_2312" | "gb_2312-80"
        | "iso-ir-58" | "cp936" => "GBK",
        "gb18030" => "gb18030",
        "big5" | "big5-hkscs" | "cn-big5" | "csbig5" | "x-x-big5" => "Big5",
        "euc-kr" | "ks_c_5601-1987" | "ks_c_5601-1989" | "ksc5601" | "ksc_5601" | "windows-949"
        | "cseuckr" | "korean" | "cp949" => "EUC-KR",
        "koi8-r" | "koi8r" | "koi8" | "koi" | "cskoi8r" => "KOI8-R",
        "koi8-u" | "koi8-ru" => "KOI8-U",
        "windows-1252" | "cp1252" | "x-cp1252" | "iso-8859-1" | "iso8859-1" | "iso_8859-1"
        | "latin1" | "l1" | "iso-8859-15" | "latin9" | "us-ascii" | "ascii" => "windows-1252",
        "windows-1250" | "cp1250" | "x-cp1250" => "windows-1250",
        "windows-1251" | "cp1251" | "x-cp1251" => "windows-1251",
        "windows-1253" | "cp1253" => "windows-1253",
        "windows-1254" | "cp1254" | "iso-8859-9" | "latin5" => "windows-1254",
        "windows-1255" | "cp1255" => "windows-1255",
        "windows-1256" | "cp1256" => "windows-1256",
        "windows-1257" | "cp1257" => "windows-1257",
        "windows-1258" | "cp1258" => "windows-1258",
        "windows-874" | "tis-620" | "iso-8859-11" => "windows-874",
        "iso-8859-2" | "iso8859-2" | "latin2" => "ISO-8859-2",
        "iso-8859-5" | "iso8859-5" | "cyrillic" => "ISO-8859-5",
        "iso-8859-7" | "iso8859-7" | "greek" => "ISO-8859-7",
        "iso-8859-8" | "iso8859-8" | "hebrew" => "ISO-8859-8",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SJIS_PAGE: &[u8] = b"<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"><title>\x82\xE6\x82\xA4\x82\xB1\x82\xBB</title>";

    #[test]
    fn a_page_in_the_encoding_it_declares_is_served_with_it() {
        assert_eq!(legacy_charset(SJIS_PAGE), Some("Shift_JIS"));
        assert_eq!(
            legacy_charset(b"<meta charset='gb2312'><h1>\xBB\xB6\xD3\xAD</h1>"),
            Some("GBK")
        );
        assert_eq!(
            legacy_charset(b"<META CHARSET=ISO-8859-1><p>caf\xE9"),
            Some("windows-1252")
        );
        // Nothing past ASCII read yet: the declaration decides.
        assert_eq!(
            legacy_charset(b"<meta charset=\"euc-jp\"><p>"),
            Some("EUC-JP")
        );
    }

    #[test]
    fn utf8_bytes_or_a_byte_order_mark_stay_utf8_whatever_the_meta_says() {
        assert_eq!(
            legacy_charset("<meta charset=iso-8859-1><p>café".as_bytes()),
            None
        );
        // A character cut at the end of what was read is still UTF-8.
        assert_eq!(
            legacy_charset(&"<meta charset=sjis><p>é".as_bytes()[..24]),
            None
        );
        assert_eq!(
            legacy_charset(b"\xEF\xBB\xBF<meta charset=sjis><p>\x82\xE6"),
            None
        );
        assert_eq!(legacy_charset(b"<meta charset=utf-8><p>\x82\xE6"), None);
        assert_eq!(legacy_charset(b"<p>\x82\xE6 no declaration"), None);
    }

    #[test]
    fn only_the_first_meta_with_a_charset_counts_and_odd_labels_are_left_alone() {
        assert_eq!(
            declared_charset(
                b"<meta name=viewport content=x><meta charset=\"big5\"><meta charset=gbk>"
            ),
            Some("Big5")
        );
        assert_eq!(
            declared_charset(b"<meta charset=utf-8><meta charset=gbk>"),
            None
        );
        for label in ["utf-16", "iso-2022-jp", "x-user-defined", "sjis;evil", ""] {
            let page = format!("<meta charset=\"{label}\">");
            let expected = if label == "sjis;evil" {
                Some("Shift_JIS")
            } else {
                None
            };
            assert_eq!(declared_charset(page.as_bytes()), expected, "{label}");
        }
        assert_eq!(
            declared_charset(b"<p>charset=sjis</p>"),
            None,
            "only inside a <meta>"
        );
        let late = [b"<p>".repeat(400).as_slice(), b"<meta charset=sjis>"].concat();
        assert_eq!(
            legacy_charset(&late),
            None,
            "past the 1024 bytes a browser reads"
        );
    }
}
