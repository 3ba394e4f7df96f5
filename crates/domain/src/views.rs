//! View counting keys (platform.md 7): one viewer counts once per entity per
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
