//! Opaque keyset cursors for every list: the last row's sort key and id,
//! tagged with the sort they belong to, base64url-encoded.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// The position after which the next page starts: `(key, id)` of the last row seen,
/// where `key` is the sort column (a timestamp or a count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub sort: String,
    pub key: i64,
    pub id: String,
}

impl Cursor {
    pub fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(format!("v1|{}|{}|{}", self.sort, self.key, self.id))
    }

    /// Decodes a cursor made for `sort`; None for anything else (tampered, foreign, other sort).
    pub fn decode(raw: &str, sort: &str) -> Option<Cursor> {
        let bytes = URL_SAFE_NO_PAD.decode(raw).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let mut parts = text.splitn(4, '|');
        if parts.next()? != "v1" || parts.next()? != sort {
            return None;
        }
        let key = parts.next()?.parse().ok()?;
        let id = parts.next()?;
        if !crate::validate::is_uuid(id) {
            return None;
        }
        Some(Cursor {
            sort: sort.to_string(),
            key,
            id: id.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const ID: &str = "0b5e2c1a-1111-4222-8333-444455556666";

    #[test]
    fn cursors_round_trip_and_are_bound_to_their_sort() {
        let c = Cursor {
            sort: "created_at_desc".into(),
            key: 42,
            id: ID.into(),
        };
        let raw = c.encode();
        assert_eq!(Cursor::decode(&raw, "created_at_desc"), Some(c));
        assert_eq!(Cursor::decode(&raw, "view_count_desc"), None);
    }

    #[test]
    fn tampered_cursors_are_refused() {
        assert_eq!(Cursor::decode("!!!", "created_at_desc"), None);
        let forged = URL_SAFE_NO_PAD.encode("v1|created_at_desc|x|id");
        assert_eq!(Cursor::decode(&forged, "created_at_desc"), None);
        let injected = URL_SAFE_NO_PAD.encode("v1|created_at_desc|1|' OR 1=1 --");
        assert_eq!(Cursor::decode(&injected, "created_at_desc"), None);
    }
}
