//! `Range: bytes=…` on a zipped site's files (RFC 9110 14.2): a video or audio file of a site is
//! played from the part asked for. Safari plays a `<video>` only from a server that answers
//! ranges, and every browser seeks a long clip by asking for the part past what it has.

/// What to send for a `Range` header against a file of `size` bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteRange {
    /// The whole file, 200: no header, or one Plug does not answer in part (several ranges,
    /// another unit, malformed), which RFC 9110 lets a server ignore.
    Whole,
    /// 206 with `Content-Range: bytes {start}-{end}/{size}`; `end` is inclusive.
    Part { start: u64, end: u64 },
    /// 416 with `Content-Range: bytes */{size}`: the range starts past the end.
    Unsatisfiable,
}

/// Whether a `Range` may be answered in part under the request's `If-Range` (RFC 9110 13.1.5):
/// with none, yes; with an entity tag, only one equal to the file's strong `etag`, compared
/// strongly (a weak tag never matches); with a date, no, since Plug sends no `Last-Modified` a
/// date could equal. Otherwise the whole file goes out, 200, so a download resumed against other
/// bytes starts over rather than splicing two files.
pub fn if_range_holds(if_range: Option<&str>, etag: &str) -> bool {
    if_range.is_none_or(|tag| tag.trim() == etag && !etag.starts_with("W/"))
}

/// Reads one `bytes=` range: `start-end`, `start-` or `-suffix`.
pub fn byte_range(header: Option<&str>, size: u64) -> ByteRange {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return ByteRange::Whole;
    };
    let Some((first, last)) = spec.trim().split_once('-') else {
        return ByteRange::Whole;
    };
    let number = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    let (start, end) = match (number(first), number(last)) {
        (Some(start), Some(end)) if start <= end => (start, end.min(size.saturating_sub(1))),
        (Some(start), None) if last.trim().is_empty() => (start, size.saturating_sub(1)),
        (None, Some(suffix)) if first.trim().is_empty() => {
            if suffix == 0 {
                return ByteRange::Unsatisfiable;
            }
            (size.saturating_sub(suffix), size.saturating_sub(1))
        }
        _ => return ByteRange::Whole,
    };
    if start >= size {
        return ByteRange::Unsatisfiable;
    }
    ByteRange::Part { start, end }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_range_holds_only_for_the_same_strong_tag() {
        let tag = "\"2a-400\"";
        assert!(if_range_holds(None, tag));
        assert!(if_range_holds(Some(" \"2a-400\" "), tag));
        assert!(!if_range_holds(Some("\"2a-401\""), tag));
        assert!(!if_range_holds(Some("W/\"2a-400\""), tag));
        assert!(!if_range_holds(Some("Wed, 21 Oct 2015 07:28:00 GMT"), tag));
        assert!(!if_range_holds(Some(""), tag));
        assert!(!if_range_holds(Some("W/\"2a-400\""), "W/\"2a-400\""));
    }

    #[test]
    fn one_range_in_each_form_is_answered_in_part() {
        assert_eq!(
            byte_range(Some("bytes=0-"), 1000),
            ByteRange::Part { start: 0, end: 999 }
        );
        assert_eq!(
            byte_range(Some("bytes=100-199"), 1000),
            ByteRange::Part {
                start: 100,
                end: 199
            }
        );
        assert_eq!(
            byte_range(Some("bytes=900-5000"), 1000),
            ByteRange::Part {
                start: 900,
                end: 999
            }
        );
        assert_eq!(
            byte_range(Some("bytes=-100"), 1000),
            ByteRange::Part {
                start: 900,
                end: 999
            }
        );
        assert_eq!(
            byte_range(Some("bytes=-5000"), 1000),
            ByteRange::Part { start: 0, end: 999 }
        );
    }

    #[test]
    fn a_range_past_the_end_is_416_and_anything_else_the_whole_file() {
        assert_eq!(
            byte_range(Some("bytes=1000-"), 1000),
            ByteRange::Unsatisfiable
        );
        assert_eq!(byte_range(Some("bytes=-0"), 1000), ByteRange::Unsatisfiable);
        assert_eq!(byte_range(Some("bytes=0-"), 0), ByteRange::Unsatisfiable);
        for header in [
            None,
            Some("bytes=0-1,5-6"),
            Some("items=0-1"),
            Some("bytes=5-1"),
            Some("bytes=a-b"),
            Some("bytes=-"),
            Some("bytes=+1-2"),
            Some("bytes=18446744073709551616-"),
        ] {
            assert_eq!(byte_range(header, 1000), ByteRange::Whole, "{header:?}");
        }
    }
}
