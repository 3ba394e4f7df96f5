//! Timestamps travel as milliseconds since the Unix epoch inside Plug and as
//! ISO 8601 UTC strings on the wire.

use chrono::{DateTime, Datelike, SecondsFormat};

pub const SECOND_MS: i64 = 1_000;
pub const DAY_MS: i64 = 86_400_000;

/// `2026-11-21T16:43:00.000Z`: fixed width, so text order equals time order.
pub fn iso(ms: i64) -> String {
    DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Parses an RFC 3339 timestamp (as accepted from the operator API).
pub fn parse_iso(s: &str) -> Option<i64> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|t| t.timestamp_millis())
}

/// The UTC calendar day of an instant, `YYYY-MM-DD`: the unit of view dedup. Written by hand:
/// chrono's `format` would link its strftime interpreter into the Worker (about 15 KB of wasm).
pub fn utc_day(ms: i64) -> String {
    let day = DateTime::from_timestamp_millis(ms).unwrap_or_default();
    format!("{:04}-{:02}-{:02}", day.year(), day.month(), day.day())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_is_fixed_width_utc_with_millis() {
        assert_eq!(iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(parse_iso("2026-11-21T10:00:00Z"), Some(1_795_255_200_000));
        assert_eq!(iso(1_795_255_200_123), "2026-11-21T10:00:00.123Z");
    }

    #[test]
    fn utc_day_turns_over_exactly_at_midnight() {
        let midnight = parse_iso("2026-11-22T00:00:00Z").unwrap();
        assert_eq!(utc_day(midnight - 1), "2026-11-21");
        assert_eq!(utc_day(midnight), "2026-11-22");
    }
}
