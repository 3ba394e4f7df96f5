//! Thin helpers over D1: bind `?N` parameters as JS values, decode rows with
//! serde, and map driver errors to the one error type.

use std::cell::Cell;
use std::future::Future;
use std::rc::Rc;

use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1DatabaseSession, D1PreparedStatement, D1Result};

use crate::error::{ApiError, ApiResult, DbFailure};

/// The D1 binding, counting what one request (or one job) sends it: statements, round trips (a
/// batch is one) and the time spent waiting. Deployed, every round trip crosses the network to
/// the database, so the count is what `Server-Timing` reports and the bench holds to its goals.
///
/// Every statement goes through one D1 session (the Sessions API), so a deployment with read
/// replicas may answer reads from a replica while each request still sees its own writes in
/// order; see [`Consistency`].
#[derive(Clone)]
pub struct Db {
    d1: Rc<D1DatabaseSession>,
    counts: Rc<DbCounts>,
}

/// Where a request's first statement may be answered.
pub enum Consistency<'a> {
    /// The primary: writes, and jobs that must see the latest state.
    Primary,
    /// Any replica: a read that may lag by a moment (a GET without a bookmark).
    AnyReplica,
    /// At least as new as a bookmark a client got back from an earlier response
    /// (`X-Plug-Bookmark`): read-your-writes across requests.
    AfterBookmark(&'a str),
}

#[derive(Default)]
struct DbCounts {
    statements: Cell<u32>,
    round_trips: Cell<u32>,
    wait_ms: Cell<f64>,
    batches: Cell<usize>,
    /// A test's injected failure: `(batch, after)` makes the request's `batch`-th batch (from 1)
    /// fail after `after` of its statements.
    fault: Cell<Option<(usize, usize)>>,
}

/// What a [`Db`] has sent so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DbUse {
    pub statements: u32,
    pub round_trips: u32,
    pub wait_ms: f64,
}

impl Db {
    /// A session on the primary, for jobs.
    pub fn new(d1: D1Database) -> worker::Result<Db> {
        Db::with(d1, Consistency::Primary)
    }

    pub fn with(d1: D1Database, consistency: Consistency<'_>) -> worker::Result<Db> {
        let constraint = match consistency {
            Consistency::Primary => "first-primary",
            Consistency::AnyReplica => "first-unconstrained",
            Consistency::AfterBookmark(bookmark) => bookmark,
        };
        Ok(Db {
            d1: Rc::new(d1.with_session(Some(constraint))?),
            counts: Rc::default(),
        })
    }

    /// Makes this request's `batch`-th batch (from 1) fail right after its `after`-th statement
    /// (a statement on a table that does not exist), as a crash between two writes would: the
    /// atomicity tests show such a batch leaves nothing behind. Test builds only (`Config::test_hooks`).
    pub fn inject_fault(&self, batch: usize, after: usize) {
        self.counts.fault.set(Some((batch, after)));
    }

    /// The session's latest bookmark, for the client to send back (`X-Plug-Bookmark`).
    pub fn bookmark(&self) -> Option<String> {
        self.d1.get_bookmark().ok().flatten()
    }

    pub fn used(&self) -> DbUse {
        DbUse {
            statements: self.counts.statements.get(),
            round_trips: self.counts.round_trips.get(),
            wait_ms: self.counts.wait_ms.get(),
        }
    }

    /// Awaits one round trip of `statements` statements, counting it.
    async fn round_trip<T>(&self, statements: usize, call: impl Future<Output = T>) -> T {
        let started = worker::Date::now().as_millis();
        let out = call.await;
        let c = &self.counts;
        c.statements.set(c.statements.get() + statements as u32);
        c.round_trips.set(c.round_trips.get() + 1);
        c.wait_ms
            .set(c.wait_ms.get() + (worker::Date::now().as_millis() - started) as f64);
        out
    }
}

pub fn text(s: &str) -> JsValue {
    JsValue::from_str(s)
}

pub fn int(n: i64) -> JsValue {
    JsValue::from_f64(n as f64)
}

/// Text or NULL; takes `Option<&str>` and the id types alike.
pub fn opt_text<S: AsRef<str> + ?Sized>(s: Option<&S>) -> JsValue {
    s.map_or(JsValue::NULL, |s| JsValue::from_str(s.as_ref()))
}

pub fn opt_int(n: Option<i64>) -> JsValue {
    n.map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64))
}

pub fn flag(b: bool) -> JsValue {
    int(i64::from(b))
}

/// A 0/1 column (SQLite has no booleans) read into a `bool` field of a row.
pub fn flag_column<'de, D: serde::Deserializer<'de>>(column: D) -> Result<bool, D::Error> {
    <i64 as serde::Deserialize>::deserialize(column).map(|n| n != 0)
}

/// The tail of every keyset-paginated query (docs/model.md, "Wire details"), newest first by `key` then by the
/// unique `id`: when a cursor is given, the rows after it (its key bound at `?K`, its id at `?I`,
/// as `Some((K, I))`), then the order and the look-ahead limit bound at `?{limit_at}`.
pub fn keyset(key: &str, id: &str, after_at: Option<(usize, usize)>, limit_at: usize) -> String {
    let after = after_at.map_or(String::new(), |(k, i)| {
        format!(" AND ({key} < ?{k} OR ({key} = ?{k} AND {id} < ?{i}))")
    });
    format!("{after} ORDER BY {key} DESC, {id} DESC LIMIT ?{limit_at}")
}

pub fn stmt(db: &Db, sql: &str, args: &[JsValue]) -> ApiResult<D1PreparedStatement> {
    db.d1.prepare(sql).bind(args).map_err(ApiError::internal)
}

pub async fn all<T: DeserializeOwned>(db: &Db, sql: &str, args: &[JsValue]) -> ApiResult<Vec<T>> {
    let statement = stmt(db, sql, args)?;
    let result = db.round_trip(1, statement.all()).await.map_err(failed)?;
    result.results::<T>().map_err(ApiError::internal)
}

pub async fn first<T: DeserializeOwned>(
    db: &Db,
    sql: &str,
    args: &[JsValue],
) -> ApiResult<Option<T>> {
    let statement = stmt(db, sql, args)?;
    db.round_trip(1, statement.first::<T>(None))
        .await
        .map_err(failed)
}

/// The value of `column` in the first row, if any: for a query that reads one value.
pub async fn first_value<T: DeserializeOwned>(
    db: &Db,
    sql: &str,
    args: &[JsValue],
    column: &str,
) -> ApiResult<Option<T>> {
    let statement = stmt(db, sql, args)?;
    db.round_trip(1, statement.first::<T>(Some(column)))
        .await
        .map_err(failed)
}

/// The first row of a prepared statement, if any.
pub async fn first_of<T: DeserializeOwned>(
    db: &Db,
    statement: D1PreparedStatement,
) -> ApiResult<Option<T>> {
    db.round_trip(1, statement.first::<T>(None))
        .await
        .map_err(failed)
}

pub async fn run(db: &Db, sql: &str, args: &[JsValue]) -> ApiResult<usize> {
    run_of(db, stmt(db, sql, args)?).await
}

/// Runs a prepared statement and returns how many rows it changed.
pub async fn run_of(db: &Db, statement: D1PreparedStatement) -> ApiResult<usize> {
    let result = db.round_trip(1, statement.run()).await.map_err(failed)?;
    Ok(changes(&result))
}

/// How many rows a write changed (a batch's statement, or [`run_of`]'s).
pub fn changes(result: &D1Result) -> usize {
    result
        .meta()
        .ok()
        .flatten()
        .and_then(|m| m.changes)
        .unwrap_or(0)
}

/// Runs statements atomically: all or nothing.
pub async fn batch(db: &Db, statements: Vec<D1PreparedStatement>) -> ApiResult<()> {
    batch_results(db, statements).await.map(drop)
}

/// Runs statements atomically, all or nothing, and returns each one's result in order: a write
/// and the read of what it wrote are one round trip.
pub async fn batch_results(
    db: &Db,
    mut statements: Vec<D1PreparedStatement>,
) -> ApiResult<Vec<D1Result>> {
    let batch = db.counts.batches.get() + 1;
    db.counts.batches.set(batch);
    if let Some((at, after)) = db.counts.fault.get() {
        if at == batch && after <= statements.len() {
            statements.insert(after, stmt(db, "SELECT * FROM plug_injected_fault", &[])?);
        }
    }
    let count = statements.len();
    db.round_trip(count, db.d1.batch(statements))
        .await
        .map_err(failed)
}

/// The rows of one statement's result in a batch.
pub fn rows<T: DeserializeOwned>(result: &D1Result) -> ApiResult<Vec<T>> {
    result.results::<T>().map_err(ApiError::internal)
}

/// A failed D1 call, classified once, here: callers ask `violated_unique` and `violated_not_null`,
/// never the message. SQLite says `UNIQUE constraint failed: t.a, t.b` (and `NOT NULL ...: t.c`).
fn failed(e: worker::Error) -> ApiError {
    let text = e.to_string();
    let kind = if text.contains(UNIQUE) {
        DbFailure::Unique
    } else if text.contains(NOT_NULL) {
        DbFailure::NotNull
    } else {
        DbFailure::Other
    };
    let mut error = ApiError::internal(text);
    error.db_failure = Some(kind);
    error
}

const UNIQUE: &str = "UNIQUE constraint failed:";
const NOT_NULL: &str = "NOT NULL constraint failed:";

/// The columns a broken constraint names, when `e` broke `kind`.
fn columns(e: &ApiError, kind: DbFailure) -> Option<&str> {
    if e.db_failure != Some(kind) {
        return None;
    }
    let marker = if kind == DbFailure::Unique {
        UNIQUE
    } else {
        NOT_NULL
    };
    let text = e.internal.as_deref()?;
    Some(text.split_once(marker).map_or("", |(_, columns)| columns))
}

/// True when a D1 call failed on a UNIQUE constraint (that names `column`, when one is given).
pub fn violated_unique(e: &ApiError, column: Option<&str>) -> bool {
    columns(e, DbFailure::Unique).is_some_and(|c| column.is_none_or(|col| c.contains(col)))
}

/// True when a D1 call failed on the NOT NULL constraint of `column` (`table.column`).
pub fn violated_not_null(e: &ApiError, column: &str) -> bool {
    columns(e, DbFailure::NotNull).is_some_and(|c| c.contains(column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_keyset_form_pages_every_list() {
        assert_eq!(
            keyset("e.created_at", "e.entity_id", None, 4),
            " ORDER BY e.created_at DESC, e.entity_id DESC LIMIT ?4"
        );
        assert_eq!(
            keyset("l.created_at", "l.link_id", Some((2, 4)), 5),
            " AND (l.created_at < ?2 OR (l.created_at = ?2 AND l.link_id < ?4)) \
             ORDER BY l.created_at DESC, l.link_id DESC LIMIT ?5"
        );
    }

    #[test]
    fn a_failed_call_is_classified_by_its_constraint_and_columns() {
        let unique = failed(worker::Error::RustError(
            "D1_ERROR: UNIQUE constraint failed: entities.grid_id, entities.name: SQLITE_CONSTRAINT"
                .into(),
        ));
        assert!(violated_unique(&unique, None));
        assert!(violated_unique(&unique, Some("entities.grid_id")));
        assert!(!violated_unique(&unique, Some("links.runtime_id")));
        assert!(!violated_not_null(&unique, "entities.grid_id"));
        let not_null = failed(worker::Error::RustError(
            "D1_ERROR: NOT NULL constraint failed: rate_events.event_id: SQLITE_CONSTRAINT".into(),
        ));
        assert!(violated_not_null(&not_null, "rate_events.event_id"));
        assert!(!violated_unique(&not_null, None));
        let other = failed(worker::Error::RustError("D1_ERROR: no such table".into()));
        assert_eq!(other.db_failure, Some(DbFailure::Other));
    }
}
