//! Expiry and the effective serving state shown in list rows (docs/model.md "States", "Wire
//! details"): what "live", "expired" and "expires_in_days" mean at an instant.

use crate::time::DAY_MS;
use crate::Status;

/// The status a summary row shows: archived wins, then expiry, else the stored status.
pub fn effective_status(stored: Status, expires_at: Option<i64>, now: i64) -> Status {
    match stored {
        Status::Archived => Status::Archived,
        Status::Live if expires_at.is_some_and(|at| at <= now) => Status::Expired,
        other => other,
    }
}

/// Whole days left, rounded up (5 hours left reads 1), 0 once passed, None without expiry.
pub fn expires_in_days(expires_at: Option<i64>, now: i64) -> Option<i64> {
    let left = expires_at? - now;
    Some(if left <= 0 {
        0
    } else {
        (left + DAY_MS - 1) / DAY_MS
    })
}

/// When a draft Runtime expires: created_at plus the draft TTL.
pub fn draft_expiry(created_at: i64, ttl_days: i64) -> i64 {
    created_at + ttl_days * DAY_MS
}

/// Whether expired or archived content has outlived its restore window and may be purged.
pub fn is_purgeable(
    status: Status,
    expires_at: Option<i64>,
    archived_at: Option<i64>,
    now: i64,
    purge_after_days: i64,
) -> bool {
    let window = purge_after_days * DAY_MS;
    let expired_long_ago = expires_at.is_some_and(|at| at + window <= now);
    let archived_long_ago =
        status == Status::Archived && archived_at.is_some_and(|at| at + window <= now);
    status != Status::Purged && (expired_long_ago || archived_long_ago)
}

#[cfg(test)]
mod tests {
    use super::*;
    const HOUR: i64 = 3_600_000;

    #[test]
    fn archived_wins_over_expiry_and_live() {
        assert_eq!(
            effective_status(Status::Archived, Some(0), 10),
            Status::Archived
        );
        assert_eq!(
            effective_status(Status::Live, Some(10), 10),
            Status::Expired
        );
        assert_eq!(effective_status(Status::Live, Some(11), 10), Status::Live);
        assert_eq!(effective_status(Status::Live, None, 10), Status::Live);
        assert_eq!(
            effective_status(Status::Provisioning, Some(0), 10),
            Status::Provisioning
        );
    }

    #[test]
    fn expires_in_days_rounds_up_and_clamps_at_zero() {
        assert_eq!(expires_in_days(None, 0), None);
        assert_eq!(expires_in_days(Some(5 * HOUR), 0), Some(1));
        assert_eq!(expires_in_days(Some(DAY_MS), 0), Some(1));
        assert_eq!(expires_in_days(Some(DAY_MS + 1), 0), Some(2));
        assert_eq!(expires_in_days(Some(30 * DAY_MS), 0), Some(30));
        assert_eq!(expires_in_days(Some(0), 0), Some(0));
        assert_eq!(expires_in_days(Some(0), DAY_MS * 3), Some(0));
    }

    #[test]
    fn purge_waits_for_the_restore_window_after_expiry_or_archive() {
        let d = DAY_MS;
        assert!(!is_purgeable(Status::Live, Some(0), None, 29 * d, 30));
        assert!(is_purgeable(Status::Live, Some(0), None, 30 * d, 30));
        assert!(is_purgeable(Status::Archived, None, Some(0), 30 * d, 30));
        assert!(!is_purgeable(Status::Live, None, None, 300 * d, 30));
        assert!(!is_purgeable(Status::Purged, Some(0), None, 300 * d, 30));
    }
}
