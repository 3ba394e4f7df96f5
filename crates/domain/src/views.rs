//! View counting keys (docs/model.md "Counting views"): one viewer counts once per entity per
//! UTC day; anonymous viewers are a one-way hash of their IP under a salt that
//! rotates daily, so no raw IP is ever stored.

use crate::ids::UserId;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::time::utc_day;

fn hmac_hex(key: &[u8], message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("hmac accepts any key length");
    mac.update(message);
    mac.finalize()
        .into_bytes()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The day's salt: derived from the secret and the UTC day, so it rotates at midnight.
fn daily_salt(secret: &[u8], day: &str) -> String {
    hmac_hex(secret, format!("plug-ip-salt|{day}").as_bytes())
}

/// A one-way hash of an IP that is stable within a UTC day and unlinkable across days.
pub fn ip_hash(secret: &[u8], ip: &str, now_ms: i64) -> String {
    let salt = daily_salt(secret, &utc_day(now_ms));
    hmac_hex(salt.as_bytes(), ip.as_bytes())
}

/// How long the link origin's no-count pass is good for: the hop it rides is immediate.
pub const NO_COUNT_PASS_TTL_MS: i64 = 60_000;

/// The value of `plug_nc` on a hand-off into a content origin: proof that the link origin, which
/// holds the viewer's own no-count choice, sent this viewer, for this Inspiration, just now, and
/// (when the viewer is known) with this one-time ticket. A third party cannot make one, so a
/// shared link cannot switch a visitor's counting off. `<expiry ms>.<mac>`.
pub fn no_count_pass(key: &[u8], entity_id: &str, ticket: Option<&str>, now_ms: i64) -> String {
    let expires = now_ms + NO_COUNT_PASS_TTL_MS;
    format!(
        "{expires}.{}",
        no_count_mac(key, entity_id, ticket, expires)
    )
}

/// Whether `pass` is a no-count pass made for this Inspiration and ticket, still valid.
pub fn no_count_pass_ok(
    key: &[u8],
    pass: &str,
    entity_id: &str,
    ticket: Option<&str>,
    now_ms: i64,
) -> bool {
    let Some((expires, mac)) = pass.split_once('.') else {
        return false;
    };
    let Ok(expires) = expires.parse::<i64>() else {
        return false;
    };
    let expected = no_count_mac(key, entity_id, ticket, expires);
    now_ms <= expires
        && expires <= now_ms + NO_COUNT_PASS_TTL_MS
        && subtle_eq(mac.as_bytes(), expected.as_bytes())
}

fn no_count_mac(key: &[u8], entity_id: &str, ticket: Option<&str>, expires: i64) -> String {
    let message = format!(
        "plug-no-count|{entity_id}|{}|{expires}",
        ticket.unwrap_or("")
    );
    hmac_hex(key, message.as_bytes())
}

/// Equality that takes the same time wherever the first difference is.
fn subtle_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Who is viewing: a verified user, else a hashed IP.
pub fn viewer_key(user_id: Option<&UserId>, ip_hash: &str) -> String {
    match user_id {
        Some(id) => format!("u:{id}"),
        None => format!("ip:{ip_hash}"),
    }
}

/// The dedup key of one view: entity, UTC day, viewer.
pub fn dedup_key(entity_id: &str, viewer: &str, now_ms: i64) -> (String, String, String) {
    (entity_id.to_string(), utc_day(now_ms), viewer.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_no_count_pass_is_bound_to_its_inspiration_ticket_and_minute() {
        let key = b"k";
        let now = 1_795_255_200_000;
        let pass = no_count_pass(key, "e1", Some("t1"), now);
        assert!(no_count_pass_ok(key, &pass, "e1", Some("t1"), now + 59_000));
        assert!(!no_count_pass_ok(
            key,
            &pass,
            "e1",
            Some("t1"),
            now + 61_000
        ));
        assert!(!no_count_pass_ok(key, &pass, "e2", Some("t1"), now));
        assert!(!no_count_pass_ok(key, &pass, "e1", Some("t2"), now));
        assert!(!no_count_pass_ok(key, &pass, "e1", None, now));
        assert!(!no_count_pass_ok(b"other", &pass, "e1", Some("t1"), now));
        let anonymous = no_count_pass(key, "e1", None, now);
        assert!(no_count_pass_ok(key, &anonymous, "e1", None, now));
        for forged in ["1", "", "1.", "x.y", &format!("{}.00", now + 1000)] {
            assert!(!no_count_pass_ok(key, forged, "e1", None, now), "{forged}");
        }
        // An expiry far ahead is not a pass this code made.
        let far = now + 3_600_000;
        let mac = no_count_mac(key, "e1", None, far);
        assert!(!no_count_pass_ok(
            key,
            &format!("{far}.{mac}"),
            "e1",
            None,
            now
        ));
    }
    use crate::time::parse_iso;

    #[test]
    fn the_same_viewer_dedups_within_a_utc_day_and_counts_again_after_midnight() {
        let before = parse_iso("2026-11-21T23:59:59.999Z").unwrap();
        let after = parse_iso("2026-11-22T00:00:00.000Z").unwrap();
        let early = parse_iso("2026-11-21T00:00:00.000Z").unwrap();
        assert_eq!(dedup_key("e", "u:1", early), dedup_key("e", "u:1", before));
        assert_ne!(dedup_key("e", "u:1", before), dedup_key("e", "u:1", after));
    }

    #[test]
    fn ip_hashes_are_stable_within_a_day_rotate_daily_and_hide_the_ip() {
        let day1 = parse_iso("2026-11-21T01:00:00Z").unwrap();
        let day1_late = parse_iso("2026-11-21T22:00:00Z").unwrap();
        let day2 = parse_iso("2026-11-22T01:00:00Z").unwrap();
        let h = ip_hash(b"s", "203.0.113.9", day1);
        assert_eq!(h, ip_hash(b"s", "203.0.113.9", day1_late));
        assert_ne!(h, ip_hash(b"s", "203.0.113.9", day2));
        assert_ne!(h, ip_hash(b"s", "203.0.113.10", day1));
        assert!(!h.contains("203"));
        assert_eq!(h.len(), 32);
    }

    #[test]
    fn users_are_keyed_by_id_and_anonymous_viewers_by_hash() {
        assert_eq!(viewer_key(Some(&UserId::from("abc")), "h"), "u:abc");
        assert_eq!(viewer_key(None, "h"), "ip:h");
    }
}
