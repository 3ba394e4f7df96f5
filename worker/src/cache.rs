//! A per-isolate memo of what every served page reads (issue 16): an Inspiration with its access
//! facts for one viewer, the user behind a content cookie, a grid's badge policy and style,
//! where a site file sits in its zip, and the user an OpenID identity is linked to. A hit costs no
//! database round trip.
//!
//! Entries live [`TTL_MS`] (5 s): a decision made in another isolate (an unshare, a removed
//! membership) reaches this one within that time, never later. A write in this isolate forgets
//! everything at once (`forget_all`, called by `lib.rs` after any successful API write), so its own
//! next read is exact. A row still `provisioning` is never kept: its page must turn live the
//! moment its bytes are stored. An isolate serves one request at a time per event-loop turn, so a
//! `thread_local` needs no lock.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::thread::LocalKey;

/// How long a memo entry answers for the database.
pub const TTL_MS: i64 = 5_000;
/// A bound on each memo so a crawl of many sites cannot grow an isolate's memory without end.
const MAX_ENTRIES: usize = 2_048;

pub struct Memo<V> {
    entries: RefCell<HashMap<String, (i64, Rc<V>)>>,
}

impl<V> Default for Memo<V> {
    fn default() -> Self {
        Memo {
            entries: RefCell::new(HashMap::new()),
        }
    }
}

impl<V> Memo<V> {
    pub(crate) fn get(&self, key: &str, now: i64) -> Option<Rc<V>> {
        let entries = self.entries.borrow();
        let (at, value) = entries.get(key)?;
        (now - at < TTL_MS && now >= *at).then(|| value.clone())
    }

    pub(crate) fn put(&self, key: String, now: i64, value: Rc<V>) {
        let mut entries = self.entries.borrow_mut();
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, (at, _)| now - *at < TTL_MS);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, (now, value));
    }

    fn clear(&self) {
        self.entries.borrow_mut().clear();
    }
}

/// The memo's value for `key`, else `load`ed and kept when `keep` says so.
pub async fn get_or_load<V: 'static>(
    memo: &'static LocalKey<Memo<V>>,
    key: String,
    now: i64,
    load: impl std::future::Future<Output = crate::error::ApiResult<V>>,
    keep: impl FnOnce(&V) -> bool,
) -> crate::error::ApiResult<Rc<V>> {
    if let Some(hit) = memo.with(|m| m.get(&key, now)) {
        return Ok(hit);
    }
    let value = Rc::new(load.await?);
    if keep(&value) {
        memo.with(|m| m.put(key, now, value.clone()));
    }
    Ok(value)
}

/// Keeps `value` for `key` when `keep` says so, as [`get_or_load`] would have after loading it: a
/// batch that read it along with something else (a content ticket's) spares the next read a trip.
pub fn put<V: 'static>(
    memo: &'static LocalKey<Memo<V>>,
    key: String,
    now: i64,
    value: V,
    keep: impl FnOnce(&V) -> bool,
) {
    if keep(&value) {
        memo.with(|m| m.put(key, now, Rc::new(value)));
    }
}

thread_local! {
    pub static ENTITIES: Memo<Option<(crate::store::entities::EntityRow, crate::store::entities::Access)>> = Memo::default();
    pub static USERS: Memo<Option<crate::store::directory::User>> = Memo::default();
    pub static BADGES: Memo<Option<(crate::store::directory::Grid, Option<String>)>> = Memo::default();
    pub static SITE_FILES: Memo<crate::store::site_files::Lookup> = Memo::default();
    pub static SITE_BASES: Memo<Option<String>> = Memo::default();
    /// An OpenID identity (issuer + subject) to the user it is linked to (`oidc::user_of`).
    pub static IDENTITIES: Memo<Option<String>> = Memo::default();
}

/// Forgets every memo: this isolate just changed something.
pub fn forget_all() {
    ENTITIES.with(Memo::clear);
    USERS.with(Memo::clear);
    BADGES.with(Memo::clear);
    SITE_FILES.with(Memo::clear);
    SITE_BASES.with(Memo::clear);
    IDENTITIES.with(Memo::clear);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_answers_within_its_ttl_only() {
        let memo: Memo<u32> = Memo::default();
        memo.put("k".into(), 1_000, Rc::new(7));
        assert_eq!(memo.get("k", 1_000).as_deref(), Some(&7));
        assert_eq!(memo.get("k", 1_000 + TTL_MS - 1).as_deref(), Some(&7));
        assert_eq!(memo.get("k", 1_000 + TTL_MS), None, "expired at the TTL");
        assert_eq!(memo.get("k", 999), None, "a clock that went back is a miss");
        memo.clear();
        assert_eq!(memo.get("k", 1_000), None);
    }

    #[test]
    fn a_full_memo_drops_old_entries_before_growing() {
        let memo: Memo<usize> = Memo::default();
        for i in 0..MAX_ENTRIES {
            memo.put(format!("{i}"), 0, Rc::new(i));
        }
        memo.put("new".into(), TTL_MS, Rc::new(1));
        assert_eq!(memo.entries.borrow().len(), 1, "the expired ones went");
    }
}
