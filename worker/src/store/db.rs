//! Thin helpers over D1: bind `?N` parameters as JS values, decode rows with
//! serde, and map driver errors to the one error type.

use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement};

use crate::error::{ApiError, ApiResult, DbFailure};

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

pub fn stmt(db: &D1Database, sql: &str, args: &[JsValue]) -> ApiResult<D1PreparedStatement> {
    db.prepare(sql).bind(args).map_err(ApiError::internal)
}

pub async fn all<T: DeserializeOwned>(
    db: &D1Database,
    sql: &str,
    args: &[JsValue],
) -> ApiResult<Vec<T>> {
    let result = stmt(db, sql, args)?.all().await.map_err(failed)?;
    result.results::<T>().map_err(ApiError::internal)
}

pub async fn first<T: DeserializeOwned>(
    db: &D1Database,
    sql: &str,
    args: &[JsValue],
) -> ApiResult<Option<T>> {
    stmt(db, sql, args)?.first::<T>(None).await.map_err(failed)
}

pub async fn run(db: &D1Database, sql: &str, args: &[JsValue]) -> ApiResult<usize> {
    let result = stmt(db, sql, args)?.run().await.map_err(failed)?;
    Ok(result
        .meta()
        .ok()
        .flatten()
        .and_then(|m| m.changes)
        .unwrap_or(0))
}

/// Runs statements atomically: all or nothing.
pub async fn batch(db: &D1Database, statements: Vec<D1PreparedStatement>) -> ApiResult<()> {
    db.batch(statements).await.map_err(failed)?;
    Ok(())
}

/// A failed D1 call, classified once, here: callers ask `is_unique_violation`, never the message.
fn failed(e: worker::Error) -> ApiError {
    let kind = if e.to_string().contains("UNIQUE constraint failed") {
        DbFailure::UniqueViolation
    } else {
        DbFailure::Other
    };
    let mut error = ApiError::internal(e);
    error.db_failure = Some(kind);
    error
}

/// True when a D1 call failed on a UNIQUE constraint.
pub fn is_unique_violation(e: &ApiError) -> bool {
    e.db_failure == Some(DbFailure::UniqueViolation)
}
