//! Request plumbing shared by all handlers: the per-request context, JSON in
//! and out, query strings, randomness and the client's address.

use serde::Serialize;
use serde_json::{Map, Value};
use std::cell::Cell;

use worker::{Bucket, Env, Method, Request, Response};

use crate::config::Config;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::store::db::{Consistency, Db};

/// The D1 session bookmark a client sends back to read at least what it wrote.
pub const BOOKMARK_HEADER: &str = "X-Plug-Bookmark";

/// A bookmark as D1 makes them (hex and dashes), bounded, so a forged header is ignored.
fn is_bookmark(s: &str) -> bool {
    !s.is_empty() && s.len() <= 256 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Everything a handler needs besides the request itself.
pub struct Ctx {
    pub env: Env,
    pub db: Db,
    pub bucket: Bucket,
    pub config: Config,
    pub ctx: worker::Context,
    /// Milliseconds since the epoch, read once so a request sees one instant.
    pub now: i64,
    pub request_id: String,
    /// R2 calls awaited before the response, for `Server-Timing`.
    pub r2_calls: Cell<u32>,
    pub r2_wait_ms: Cell<f64>,
    /// The request carries the badge's "hidden for this session" cookie (content origins: the
    /// page then gets no chip shell, see `plug_render::BadgeTag::shell`).
    pub badge_dismissed: bool,
    /// A content origin's hand-off carried the viewer's no-count pass: the page it answers is not
    /// counted, though the cookie it sets arrives only with the next request.
    pub no_count_pass: Cell<bool>,
}

impl Ctx {
    /// `api_read` is a GET or HEAD to the API origin: the only requests whose reads may come
    /// from a replica (README "Cost per request", "D1 Sessions").
    pub fn new(
        env: Env,
        ctx: worker::Context,
        config: Config,
        req: &Request,
        api_read: bool,
    ) -> worker::Result<Ctx> {
        let bookmark = header(req, BOOKMARK_HEADER).filter(|b| is_bookmark(b));
        let consistency = match (&bookmark, api_read) {
            (Some(b), _) => Consistency::AfterBookmark(b),
            (None, true) => Consistency::AnyReplica,
            (None, false) => Consistency::Primary,
        };
        let db = Db::with(env.d1("DB")?, consistency)?;
        if config.test_hooks {
            // `X-Plug-Fault: <batch>:<after>`, e.g. `2:1`: the second batch fails after one statement.
            let fault = header(req, "X-Plug-Fault").and_then(|f| {
                let (batch, after) = f.split_once(':')?;
                Some((batch.parse().ok()?, after.parse().ok()?))
            });
            if let Some((batch, after)) = fault {
                db.inject_fault(batch, after);
            }
        }
        Ok(Ctx {
            db,
            bucket: env.bucket("BUCKET")?,
            config,
            env,
            ctx,
            now: worker::Date::now().as_millis() as i64,
            request_id: request_id(),
            r2_calls: Cell::new(0),
            r2_wait_ms: Cell::new(0.0),
            badge_dismissed: cookie(req, plug_render::DISMISSED_COOKIE).is_some(),
            no_count_pass: Cell::new(false),
        })
    }

    /// Awaits one R2 call, counting it for `Server-Timing`.
    pub async fn r2<T>(&self, call: impl std::future::Future<Output = T>) -> T {
        let started = worker::Date::now().as_millis();
        let out = call.await;
        self.r2_calls.set(self.r2_calls.get() + 1);
        let waited = (worker::Date::now().as_millis() - started) as f64;
        self.r2_wait_ms.set(self.r2_wait_ms.get() + waited);
        out
    }

    /// `Server-Timing`: what this request spent in D1 and R2 before its response.
    pub fn server_timing(&self) -> String {
        let d1 = self.db.used();
        let timing = format!(
            "d1;desc=\"{} statements, {} round trips\";dur={:.1}, r2;desc=\"{} calls\";dur={:.1}",
            d1.statements,
            d1.round_trips,
            d1.wait_ms,
            self.r2_calls.get(),
            self.r2_wait_ms.get()
        );
        if !self.config.test_hooks {
            return timing;
        }
        // The Wasm linear memory only grows, so its size is the isolate's peak so far.
        #[cfg(target_arch = "wasm32")]
        let wasm_bytes = core::arch::wasm32::memory_size(0) * 65_536;
        #[cfg(not(target_arch = "wasm32"))]
        let wasm_bytes = 0;
        format!("{timing}, wasm;desc=\"{wasm_bytes} bytes\"")
    }

    /// Runs work after the response is sent (uploads, enrichment, counting).
    pub fn defer(&self, work: impl std::future::Future<Output = ()> + 'static) {
        self.ctx.wait_until(work);
    }
}

/// A fresh `X-Request-Id`.
pub fn request_id() -> String {
    crate::random::hex(&crate::random::random_bytes::<8>())
}

/// What a handler returns, boxed so a table can hold handlers of every shape.
pub type Reply<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = ApiResult<Response>> + 'a>>;

pub fn json<T: Serialize>(status: u16, body: &T) -> ApiResult<Response> {
    let text = serde_json::to_string(body).map_err(ApiError::internal)?;
    Ok(crate::error::text_response(status, text))
}

pub fn no_content() -> ApiResult<Response> {
    Ok(Response::empty()?.with_status(204))
}

/// The most a JSON body of the API holds. The largest real one (an update with a description and
/// its spaces, feedback of 2,000 characters, a token relay) is a few KB; the Worker has 128 MB,
/// so a body is never read whole before its size is known to fit (an anonymous 90 MB feedback
/// took over 300 MB to read and parse).
pub const JSON_BODY_MAX: usize = 64 * 1024;

/// The body's bytes, at most `max` of them: a declared `Content-Length` over it is refused before
/// anything is read, and a body without one (chunked) is read only until it passes `max`.
/// Either is 413 `PAYLOAD_TOO_LARGE`.
pub async fn read_capped(req: &mut Request, max: usize) -> ApiResult<Vec<u8>> {
    use futures_util::StreamExt;
    let too_large = || {
        ApiError::new(
            ErrorCode::PayloadTooLarge,
            format!("the body is larger than {max} bytes"),
        )
    };
    let declared: Option<u64> = header(req, "Content-Length").and_then(|v| v.parse().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let unreadable = |_| ApiError::validation("body could not be read");
    // Grown as bytes arrive, never sized from the declared length: a client that declares 70 MB
    // and sends nothing would hold that much Wasm memory, which never shrinks.
    let mut body = Vec::new();
    let Ok(mut stream) = req.stream() else {
        return Ok(body);
    };
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(unreadable)?;
        if body.len() + chunk.len() > max {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// The body as text; bytes that are not UTF-8 are refused, never stored with replacement characters.
async fn read_utf8(req: &mut Request) -> ApiResult<String> {
    let mut bytes = read_capped(req, JSON_BODY_MAX).await?;
    // A UTF-8 byte order mark is still UTF-8 (RFC 8259 8.1 lets a parser ignore it): Windows
    // PowerShell 5's `Set-Content -Encoding UTF8` and `Out-File` write one before the JSON.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        ApiError::validation(format!(
            "the body is not valid UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads a JSON object body; anything else is 400 VALIDATION_FAILED.
pub async fn read_object(req: &mut Request) -> ApiResult<Map<String, Value>> {
    let text = read_utf8(req).await?;
    if text.trim().is_empty() {
        return Err(ApiError::validation("a JSON object body is required"));
    }
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::validation("the body must be a JSON object")),
        Err(e) => Err(ApiError::validation(format!(
            "the body is not valid JSON: {e}"
        ))),
    }
}

/// Like `read_object`, but an empty body reads as an empty object.
pub async fn read_optional_object(req: &mut Request) -> ApiResult<Map<String, Value>> {
    let text = read_utf8(req).await?;
    if text.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(ApiError::validation("the body must be a JSON object")),
    }
}

pub fn query_pairs(req: &Request) -> Vec<(String, String)> {
    req.url()
        .map(|u| u.query_pairs().into_owned().collect())
        .unwrap_or_default()
}

pub fn query<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The request's method, or None for one Plug has no route for under any path (TRACE, QUERY,
/// ...): `Request::method` reads every method it does not know as GET.
pub fn method(req: &Request) -> Option<Method> {
    let method = Method::from(req.inner().method());
    let known = matches!(
        method,
        Method::Get
            | Method::Head
            | Method::Post
            | Method::Put
            | Method::Patch
            | Method::Delete
            | Method::Options
    );
    (known && method.as_ref().eq_ignore_ascii_case(&req.inner().method())).then_some(method)
}

/// 405 METHOD_NOT_ALLOWED in the error shape, with `Allow` naming the methods the path has.
pub fn method_not_allowed(cx: &Ctx, req: &Request, allowed: &[Method]) -> ApiResult<Response> {
    let allow: Vec<&str> = allowed.iter().map(Method::as_ref).collect();
    let allow = allow.join(", ");
    let message = format!(
        "{} is not allowed here; allowed: {allow}",
        req.inner().method()
    );
    let mut response =
        ApiError::new(ErrorCode::MethodNotAllowed, message).to_response(&cx.request_id);
    response.headers_mut().set("Allow", &allow)?;
    Ok(response)
}

pub fn header(req: &Request, name: &str) -> Option<String> {
    req.headers()
        .get(name)
        .ok()
        .flatten()
        .filter(|v| !v.is_empty())
}

/// The client address Cloudflare (and workerd locally) reports.
pub fn client_ip(req: &Request) -> String {
    header(req, "CF-Connecting-IP")
        .or_else(|| header(req, "X-Real-IP"))
        .unwrap_or_else(|| "0.0.0.0".into())
}

pub fn cookie(req: &Request, name: &str) -> Option<String> {
    cookies(req, name).into_iter().next()
}

/// Every value a cookie `name` has in the request (a browser may send several of one name).
pub fn cookies(req: &Request, name: &str) -> Vec<String> {
    let raw = header(req, "Cookie").unwrap_or_default();
    raw.split(';')
        .filter_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then(|| v.to_string())
        })
        .collect()
}

/// JSON field access with the interface's validation errors.
pub mod field {
    use super::*;
    use plug_domain::validate::FieldError;

    pub fn opt_str<'a>(body: &'a Map<String, Value>, name: &str) -> ApiResult<Option<&'a str>> {
        match body.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(FieldError::new(name, "type", "a string").into()),
        }
    }

    pub fn req_str<'a>(body: &'a Map<String, Value>, name: &str) -> ApiResult<&'a str> {
        opt_str(body, name)?
            .ok_or_else(|| FieldError::new(name, "required", "this field is required").into())
    }

    /// A field that may be absent, null, or a string.
    pub fn nullable_str<'a>(
        body: &'a Map<String, Value>,
        name: &str,
    ) -> ApiResult<Option<Option<&'a str>>> {
        match body.get(name) {
            None => Ok(None),
            Some(Value::Null) => Ok(Some(None)),
            Some(Value::String(s)) => Ok(Some(Some(s))),
            Some(_) => Err(FieldError::new(name, "type", "a string or null").into()),
        }
    }

    pub fn opt_bool(body: &Map<String, Value>, name: &str) -> ApiResult<Option<bool>> {
        match body.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(FieldError::new(name, "type", "true or false").into()),
        }
    }

    pub fn opt_int(body: &Map<String, Value>, name: &str) -> ApiResult<Option<i64>> {
        match body.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) if n.is_i64() => Ok(n.as_i64()),
            // JSON does not tell 365 from 365.0; an integral value is an integer.
            Some(Value::Number(n))
                if n.as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f.abs() < 9.0e15) =>
            {
                Ok(n.as_f64().map(|f| f as i64))
            }
            Some(_) => Err(FieldError::new(name, "type", "an integer").into()),
        }
    }

    pub fn opt_str_list(body: &Map<String, Value>, name: &str) -> ApiResult<Option<Vec<String>>> {
        match body.get(name) {
            None => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .map(Some)
                .ok_or_else(|| FieldError::new(name, "type", "an array of strings").into()),
            Some(_) => Err(FieldError::new(name, "type", "an array of strings").into()),
        }
    }

    /// Refuses keys the route does not know, so typos do not pass silently.
    pub fn only_known(body: &Map<String, Value>, known: &[&str]) -> ApiResult<()> {
        only_known_names(body.keys().map(String::as_str), known)
    }

    /// The same rule for any list of field names (a multipart form's).
    pub fn only_known_names<'a>(
        mut names: impl Iterator<Item = &'a str>,
        known: &[&str],
    ) -> ApiResult<()> {
        match names.find(|k| !known.contains(k)) {
            Some(k) => {
                Err(
                    FieldError::new(k, "unknown", format!("known fields: {}", known.join(", ")))
                        .into(),
                )
            }
            None => Ok(()),
        }
    }
}

/// A redirect whose headers stay mutable (a `Response.redirect` from JS is immutable, so
/// cookies and the request id could not be added to it). A path on this origin keeps to it: see
/// [`same_origin_location`].
pub fn redirect(url: &str, status: u16) -> ApiResult<Response> {
    let mut response = Response::empty()?.with_status(status);
    response
        .headers_mut()
        .set("Location", &same_origin_location(url))?;
    Ok(response)
}

/// A `Location` that is a path stays on this origin: browsers read a leading `//` or `/\` (or
/// `\\`) as the start of another host, so `/{path}/` built from a request for `//evil.com` (or
/// `/%2Fevil.com`, decoded) would send the viewer to `evil.com`. Leading slashes, backslashes,
/// tabs and newlines collapse into one `/`; absolute URLs pass unchanged.
pub fn same_origin_location(url: &str) -> std::borrow::Cow<'_, str> {
    if !url.starts_with(['/', '\\']) {
        return std::borrow::Cow::Borrowed(url);
    }
    // A URL parser drops ASCII tabs and newlines wherever they are, so `/\t/evil.com` is `//evil.com`.
    let rest = url.trim_start_matches(['/', '\\', '\t', '\n', '\r']);
    if rest.len() + 1 == url.len() && url.starts_with('/') {
        return std::borrow::Cow::Borrowed(url);
    }
    std::borrow::Cow::Owned(format!("/{rest}"))
}

#[cfg(test)]
mod location_tests {
    use super::same_origin_location;

    #[test]
    fn a_path_never_names_another_host() {
        for (given, expected) in [
            ("/docs/", "/docs/"),
            ("/", "/"),
            ("//evil.com/", "/evil.com/"),
            ("/\\evil.com/", "/evil.com/"),
            ("\\\\evil.com/", "/evil.com/"),
            ("///evil.com", "/evil.com"),
            ("/\t/evil.com/", "/evil.com/"),
            ("/\n\\evil.com/", "/evil.com/"),
            ("/a//b/", "/a//b/"),
            ("http://x.localhost:8787/a", "http://x.localhost:8787/a"),
            (
                "https://plug.example/enter?to=x",
                "https://plug.example/enter?to=x",
            ),
        ] {
            assert_eq!(same_origin_location(given), expected, "{given}");
        }
    }
}
