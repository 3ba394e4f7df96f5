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

/// The speculative purpose of a request, if it has one: nobody may ever look at what it fetches.
/// `Sec-Purpose` (any value: `prefetch`, `prefetch;prerender`) is what browsers send now; the
/// older headers say the same when they name a prefetch or a preview: `Purpose: prefetch`
/// (Chromium before `Sec-Purpose`), `X-Purpose: preview` (Safari's Top Sites), `X-Moz: prefetch`
/// (Firefox's link prefetch). A legacy header with any other value is not a prefetch.
pub fn speculative_purpose<'a>(
    sec_purpose: Option<&'a str>,
    purpose: Option<&'a str>,
    x_purpose: Option<&'a str>,
    x_moz: Option<&'a str>,
) -> Option<&'a str> {
    let says = |value: &&str| {
        let value = value.trim().to_ascii_lowercase();
        value.starts_with("prefetch") || value.starts_with("preview")
    };
    sec_purpose.or_else(|| [purpose, x_purpose, x_moz].into_iter().flatten().find(says))
}

/// Whether a request for a served page is someone opening it, so the page may count a view at
/// serve time (a drop whose badge is off, platform.md 7): a GET of the page as a document, or as a
/// frame where any page may frame it (`framable`: a `link` drop; any other drop's answer forbids
/// other sites to frame it, so the browser shows nothing). Not a HEAD, a prefetch or prerender
/// (`Sec-Purpose`: nobody may ever look), nor the page fetched or included by a page (`<img>`,
/// `<script>`, `fetch`: any site can make each of its visitors' browsers send those). A client
/// that sends no fetch metadata is judged by its user agent alone, as before.
pub fn page_request_is_a_visit(
    get: bool,
    sec_fetch_dest: Option<&str>,
    sec_purpose: Option<&str>,
    framable: bool,
) -> bool {
    let dest = sec_fetch_dest.map(str::to_ascii_lowercase);
    get && sec_purpose.is_none()
        && match dest.as_deref() {
            None | Some("document") => true,
            Some("iframe" | "frame") => framable,
            Some(_) => false,
        }
}

/// Whether a read of the API counts: the web app's own (`Sec-Fetch-Site: same-origin`), one typed
/// in (`none`) or a client's without fetch metadata; never one another site's page makes its
/// visitor's browser send (`same-site`, `cross-site`), a HEAD or a prefetch.
pub fn read_request_is_a_visit(
    get: bool,
    sec_fetch_site: Option<&str>,
    sec_purpose: Option<&str>,
) -> bool {
    get && sec_purpose.is_none()
        && sec_fetch_site.is_none_or(|site| {
            site.eq_ignore_ascii_case("same-origin") || site.eq_ignore_ascii_case("none")
        })
}

/// Whether a beacon may count a view of an Inspiration: sent by a page of its own content origin
/// (`own_origin`, where its badge runs), or by no page at all (no `Origin`). A beacon from any
/// other page, `null` included (a sandboxed frame), is a site making its visitors count views of
/// a drop they never saw. Runtimes are served elsewhere, so their beacons are not held to this.
pub fn beacon_from_own_page(origin: Option<&str>, own_origin: &str) -> bool {
    origin.is_none_or(|origin| {
        origin
            .trim_end_matches('/')
            .eq_ignore_ascii_case(own_origin.trim_end_matches('/'))
    })
}

/// Whether a beacon may move an entity's count (docs/api.md "View counting"): only someone who may
/// see it. `may_read` is the sender's read access (a verified token's user, else anyone at all), so
/// an anonymous beacon counts an Inspiration only when it is open to anyone (`link`): a drop that
/// only signed-in people may see is counted when its page is served, where the content origin
/// knows who is looking (and that it is not the owner). A Runtime's pages are served elsewhere, by
/// whatever lets its viewers in, so an anonymous beacon counts one that is not private; a private
/// one is seen by its owner and grid admins alone, and an anonymous beacon proves neither.
pub fn beacon_may_count(
    inspiration: bool,
    verified_user: bool,
    may_read: bool,
    visibility: crate::Visibility,
) -> bool {
    if inspiration || verified_user {
        return may_read;
    }
    visibility != crate::Visibility::Private
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
    fn every_spelling_of_a_prefetch_is_speculative() {
        let none = None;
        assert_eq!(speculative_purpose(none, none, none, none), None);
        assert!(speculative_purpose(Some("prefetch;prerender"), none, none, none).is_some());
        assert!(speculative_purpose(none, Some("prefetch"), none, none).is_some());
        assert!(speculative_purpose(none, Some(" Prefetch"), none, none).is_some());
        assert!(speculative_purpose(none, none, Some("preview"), none).is_some());
        assert!(speculative_purpose(none, none, none, Some("prefetch")).is_some());
        // Anything else in a legacy header is not a prefetch.
        assert_eq!(
            speculative_purpose(none, Some("navigate"), none, none),
            None
        );
        assert_eq!(speculative_purpose(none, none, Some(""), Some("x")), None);
        // A speculative request is never a visit, to a page or to the API.
        let purpose = speculative_purpose(none, Some("prefetch"), none, none);
        assert!(!page_request_is_a_visit(
            true,
            Some("document"),
            purpose,
            true
        ));
        assert!(!read_request_is_a_visit(true, None, purpose));
    }

    #[test]
    fn a_beacon_counts_only_for_someone_who_may_see_the_entity() {
        use crate::Visibility as V;
        // Inspirations: the sender's read access decides, anonymous or signed in.
        assert!(beacon_may_count(true, false, true, V::Link));
        for v in [V::Private, V::Grid, V::Authenticated] {
            assert!(!beacon_may_count(true, false, false, v), "{v:?}");
            assert!(!beacon_may_count(true, true, false, v), "{v:?}");
            assert!(beacon_may_count(true, true, true, v), "{v:?}");
        }
        // Runtimes: a signed-in sender needs read access; an anonymous one counts any but private.
        assert!(!beacon_may_count(false, true, false, V::Grid));
        assert!(beacon_may_count(false, false, false, V::Grid));
        assert!(beacon_may_count(false, false, false, V::Authenticated));
        assert!(!beacon_may_count(false, false, false, V::Private));
    }

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
    fn only_a_navigation_to_a_page_is_a_visit_at_serve_time() {
        assert!(page_request_is_a_visit(true, Some("document"), None, false));
        assert!(
            page_request_is_a_visit(true, None, None, false),
            "no fetch metadata: the user agent decides"
        );
        assert!(page_request_is_a_visit(true, Some("iframe"), None, true));
        assert!(
            !page_request_is_a_visit(true, Some("iframe"), None, false),
            "a frame the browser refuses to show"
        );
        assert!(
            !page_request_is_a_visit(false, Some("document"), None, true),
            "HEAD"
        );
        assert!(!page_request_is_a_visit(
            true,
            Some("document"),
            Some("prefetch"),
            true
        ));
        assert!(!page_request_is_a_visit(
            true,
            Some("document"),
            Some("prefetch;prerender"),
            true
        ));
        for dest in ["image", "script", "style", "empty", "object", "embed"] {
            assert!(
                !page_request_is_a_visit(true, Some(dest), None, true),
                "{dest}"
            );
        }
    }

    #[test]
    fn an_api_read_counts_only_from_the_app_itself_or_a_client() {
        assert!(read_request_is_a_visit(true, Some("same-origin"), None));
        assert!(read_request_is_a_visit(true, Some("none"), None));
        assert!(read_request_is_a_visit(true, None, None));
        assert!(!read_request_is_a_visit(true, Some("cross-site"), None));
        assert!(!read_request_is_a_visit(true, Some("same-site"), None));
        assert!(!read_request_is_a_visit(false, Some("same-origin"), None));
        assert!(!read_request_is_a_visit(
            true,
            Some("same-origin"),
            Some("prefetch")
        ));
    }

    #[test]
    fn a_beacon_counts_an_inspiration_only_from_its_own_origin_or_no_page() {
        let own = "https://0b5e2c1a-1111-4222-8333-444455556666.plug.example";
        assert!(beacon_from_own_page(None, own));
        assert!(beacon_from_own_page(Some(own), own));
        assert!(beacon_from_own_page(Some(&own.to_ascii_uppercase()), own));
        for other in [
            "https://evil.example",
            "null",
            "https://1b5e2c1a-1111-4222-8333-444455556666.plug.example",
            "http://0b5e2c1a-1111-4222-8333-444455556666.plug.example",
        ] {
            assert!(!beacon_from_own_page(Some(other), own), "{other}");
        }
    }

    #[test]
    fn users_are_keyed_by_id_and_anonymous_viewers_by_hash() {
        assert_eq!(viewer_key(Some(&UserId::from("abc")), "h"), "u:abc");
        assert_eq!(viewer_key(None, "h"), "ip:h");
    }
}
