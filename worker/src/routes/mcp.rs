//! The remote MCP endpoint, `POST /mcp` (Streamable HTTP, stateless, JSON answers): the tools of
//! `plug mcp` (`plug_mcp`) for agents that cannot start a local process. Each tool call runs the
//! API's own route handlers in-process, with the caller's headers, so access is the API's.

use js_sys::{Array, Uint8Array};
use plug_mcp::{Backend, Call, Created, Failure, Fetched, FileSource, Upload};
use serde_json::Value;
use worker::wasm_bindgen::JsValue;
use worker::{Headers, Method, Request, RequestInit, Response};

use crate::auth;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{header, json, Ctx, Reply};
use crate::routes::oauth;
use crate::store::oauth as oauth_store;

/// How a tool call reaches the API's handlers. The API origin hands its dispatcher in, so this
/// module never imports the route table that names its own handler.
pub type Dispatch = for<'a> fn(&'a Ctx, Request, &str) -> Result<Reply<'a>, NoRoute>;

/// Why a path reached no handler.
pub enum NoRoute {
    Path,
    Method,
}

/// The headers that make a call the caller's: identity, grid, and what rate limits and view
/// counting key on.
const FORWARDED: &[&str] = &[
    "Authorization",
    "X-Platform-Grid",
    "X-Platform-Org",
    "CF-Connecting-IP",
    "User-Agent",
];

/// `POST /mcp`: a 401 carries the challenge that starts a client's sign-in (MCP authorization:
/// `WWW-Authenticate: Bearer resource_metadata=…`), and Plug's own origin may read every answer.
pub async fn post(cx: &Ctx, req: Request, dispatch: Dispatch) -> ApiResult<Response> {
    let origin = header(&req, "Origin");
    let presented = auth::bearer(&req).is_some();
    let mut response = match serve(cx, req, dispatch).await {
        Err(e) if e.status() == 401 => {
            let mut response = e.to_response(&cx.request_id);
            let mut challenge = format!(
                "Bearer resource_metadata=\"{}\", scope=\"{}\"",
                oauth::resource_metadata_url(cx),
                oauth::SCOPE
            );
            if presented {
                let why = e.message.replace(['"', '\\'], "'");
                challenge.push_str(&format!(
                    ", error=\"invalid_token\", error_description=\"{why}\""
                ));
            }
            response.headers_mut().set("WWW-Authenticate", &challenge)?;
            response
        }
        other => other?,
    };
    if let Some(origin) = origin.filter(|o| trusted_origin(cx, o)) {
        allow_origin(&mut response, &origin)?;
    }
    Ok(response)
}

/// `OPTIONS /mcp`: a browser-based client on a trusted origin may call; any other origin is 403.
pub fn preflight(cx: &Ctx, req: &Request) -> ApiResult<Response> {
    let origin = header(req, "Origin").unwrap_or_default();
    if !trusted_origin(cx, &origin) {
        return Err(ApiError::new(
            ErrorCode::Forbidden,
            format!("requests from the origin {origin} are not accepted on /mcp"),
        ));
    }
    let mut response = Response::empty()?.with_status(204);
    allow_origin(&mut response, &origin)?;
    let headers = response.headers_mut();
    headers.set("Access-Control-Allow-Methods", "POST, OPTIONS")?;
    headers.set(
        "Access-Control-Allow-Headers",
        "Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
    )?;
    headers.set("Access-Control-Max-Age", "86400")?;
    Ok(response)
}

fn allow_origin(response: &mut Response, origin: &str) -> ApiResult<()> {
    let headers = response.headers_mut();
    headers.set("Access-Control-Allow-Origin", origin)?;
    headers.set("Vary", "Origin")?;
    headers.set(
        "Access-Control-Expose-Headers",
        "WWW-Authenticate, Mcp-Session-Id",
    )?;
    Ok(())
}

async fn serve(cx: &Ctx, mut req: Request, dispatch: Dispatch) -> ApiResult<Response> {
    // Streamable HTTP: a server must refuse an `Origin` it does not trust (DNS rebinding, a page
    // elsewhere driving a local agent's token). Agents send none; Plug's own web app is trusted.
    if let Some(origin) = header(&req, "Origin") {
        if !trusted_origin(cx, &origin) {
            return Err(ApiError::new(
                ErrorCode::Forbidden,
                format!("requests from the origin {origin} are not accepted on /mcp"),
            ));
        }
    }
    // A body over the cap is refused before anything else is done for it, and never read whole.
    let max = plug_domain::limits::MCP_BODY_MAX_BYTES;
    let declared: Option<u64> = header(&req, "Content-Length").and_then(|v| v.parse().ok());
    if declared.is_some_and(|n| n > max) {
        return json(413, &plug_mcp::too_large(max));
    }
    let mut forwarded: Vec<(&'static str, String)> = FORWARDED
        .iter()
        .filter_map(|name| header(&req, name).map(|v| (*name, v)))
        .collect();
    match auth::bearer(&req) {
        // Plug's own access token for this resource: the grant's person, in the grant's grid.
        Some(token) if token.starts_with(oauth::ACCESS_PREFIX) => {
            let grant = oauth_store::grant_of_access(&cx.db, &token, cx.now)
                .await?
                .filter(|g| g.resource == oauth::resource(cx))
                .ok_or_else(|| {
                    ApiError::unauthorized(
                        "the access token is unknown, expired or revoked, or its membership ended",
                    )
                })?;
            // The tool calls run the API's handlers: they get a short token of that person.
            let inner = plug_domain::token::mint(
                grant.user_id.as_deref().unwrap_or_default(),
                cx.config.jwt_secret.as_bytes(),
                cx.now,
                300,
                cx.config.jwt_issuer.as_deref(),
                cx.config.jwt_audience.as_deref(),
            );
            forwarded.retain(|(name, _)| {
                !matches!(
                    *name,
                    "Authorization" | "X-Platform-Grid" | "X-Platform-Org"
                )
            });
            forwarded.push(("Authorization", format!("Bearer {inner}")));
            forwarded.push(("X-Platform-Grid", grant.grid_slug));
            // Confined to that grid even by UUID: the person let the app act there alone.
            forwarded.push((auth::GRID_ONLY, "1".to_string()));
        }
        // The identity provider's tokens name the web app or Plug's API as their audience.
        Some(token)
            if plug_domain::oidc::algorithm(&token)
                .is_some_and(|a| plug_domain::oidc::ALGORITHMS.contains(&a.as_str())) =>
        {
            return Err(ApiError::unauthorized(
                "this token was issued for another audience: /mcp takes the access tokens Plug issues for it (sign in from your MCP client)",
            ));
        }
        // An operator's token (HS256), as before: refused exactly as the API refuses (401, 403
        // ORG_NOT_ACCESSIBLE), before any JSON-RPC.
        _ => {
            auth::caller(cx, &req, false).await?;
        }
    }
    let bytes = match crate::http::read_capped(&mut req, max as usize).await {
        Err(e) if e.status() == 413 => return json(413, &plug_mcp::too_large(max)),
        read => read?,
    };
    // Streamable HTTP: input the server cannot accept is an HTTP 400, not a JSON-RPC answer. A
    // batch is read only up to its cap: the rest of a longer one is never parsed.
    let message = match plug_mcp::parse_body(&bytes) {
        Ok(message) => message,
        Err(plug_mcp::Unread::TooMany) => return json(400, &plug_mcp::batch_too_long()),
        Err(plug_mcp::Unread::NotJson) => return json(400, &plug_mcp::parse_error()),
    };
    let messages_ok = match &message {
        plug_mcp::Body::Batch(batch) => !batch.is_empty() && batch.iter().all(plug_mcp::is_message),
        plug_mcp::Body::One(one) => plug_mcp::is_message(one),
    };
    if !messages_ok {
        return json(400, &plug_mcp::invalid_request());
    }
    let backend = InProcess {
        cx,
        forwarded,
        dispatch,
    };
    let answer = match &message {
        // A batch (protocol 2025-03-26) gets an array of the answers its requests need.
        plug_mcp::Body::Batch(batch) => {
            let mut answers = Vec::new();
            for one in batch {
                answers.extend(plug_mcp::handle(&backend, one).await);
            }
            (!answers.is_empty()).then_some(Value::Array(answers))
        }
        plug_mcp::Body::One(one) => plug_mcp::handle(&backend, one).await,
    };
    match answer {
        Some(answer) => json(200, &answer),
        // Notifications and responses: accepted, nothing to say.
        None => Ok(Response::empty()?.with_status(202)),
    }
}

/// Plug's API origin itself, as configured (`null`, content origins and every other site are not).
fn trusted_origin(cx: &Ctx, origin: &str) -> bool {
    worker::Url::parse(origin)
        .is_ok_and(|url| cx.config.origin_of_url(&url) == Some(crate::config::Origin::Api))
}

struct InProcess<'a> {
    cx: &'a Ctx,
    forwarded: Vec<(&'static str, String)>,
    dispatch: Dispatch,
}

impl InProcess<'_> {
    fn request(
        &self,
        method: Method,
        url: &str,
        body: Option<JsValue>,
        json_body: bool,
    ) -> Result<Request, Failure> {
        let headers = Headers::new();
        for (name, value) in &self.forwarded {
            headers.set(name, value).map_err(internal)?;
        }
        if json_body {
            headers
                .set("Content-Type", "application/json")
                .map_err(internal)?;
        }
        let mut init = RequestInit::new();
        init.with_method(method)
            .with_headers(headers)
            .with_body(body);
        Request::new_with_init(url, &init).map_err(internal)
    }

    /// Runs the route the path names, as the API origin would, and reads its answer.
    async fn dispatch(&self, req: Request, path: &str) -> Result<Value, Failure> {
        let reply = (self.dispatch)(self.cx, req, path).map_err(|miss| match miss {
            NoRoute::Path => Failure::new(ErrorCode::NotFound, path),
            NoRoute::Method => Failure::new(ErrorCode::MethodNotAllowed, path),
        })?;
        let response = reply.await.map_err(failure)?;
        let (status, _, bytes) = read(response).await?;
        let text = String::from_utf8_lossy(&bytes);
        if !(200..300).contains(&status) {
            return Err(Failure::from_response(status, None, &text));
        }
        if text.trim().is_empty() {
            return Ok(Value::Null);
        }
        serde_json::from_str(&text).map_err(internal)
    }
}

impl Backend for InProcess<'_> {
    async fn call(&self, call: Call) -> Result<Value, Failure> {
        let method = Method::from(call.method.as_str().to_string());
        let url = format!("{}{}", self.cx.config.base_url, call.target());
        let body = call
            .body
            .as_ref()
            .map(|b| JsValue::from_str(&b.to_string()));
        let json_body = body.is_some();
        let req = self.request(method, &url, body, json_body)?;
        self.dispatch(req, &call.path).await
    }

    async fn create(&self, upload: Upload) -> Result<Created, Failure> {
        let FileSource::Inline { file_name, bytes } = &upload.file else {
            return Err(Failure::invalid(
                "path",
                "remote",
                "a path is only for the local `plug mcp`; send `content` or `content_base64` with `file_name`",
            ));
        };
        let form = worker::web_sys::FormData::new().map_err(js)?;
        for (name, value) in &upload.fields {
            form.append_with_str(name, value).map_err(js)?;
        }
        let data = Uint8Array::from(bytes.as_slice());
        let file = worker::web_sys::File::new_with_u8_array_sequence(&Array::of1(&data), file_name)
            .map_err(js)?;
        form.append_with_blob_and_filename("file", &file, file_name)
            .map_err(js)?;
        let path = "/api/v2/inspirations";
        let url = format!("{}{path}", self.cx.config.base_url);
        let req = self.request(Method::Post, &url, Some(form.into()), false)?;
        Ok(Created {
            inspiration: self.dispatch(req, path).await?,
            warnings: Vec::new(),
        })
    }

    async fn content(&self, item: &Value, rest: &str) -> Result<Fetched, Failure> {
        let label = item["entity_id"].as_str().unwrap_or_default();
        let url = format!("{}/{rest}", self.cx.config.content_url(label));
        let req = self.request(Method::Get, &url, None, false)?;
        let response = crate::origins::content::handle(self.cx, req, label)
            .await
            .map_err(failure)?;
        let (status, content_type, bytes) = read(response).await?;
        if !(200..300).contains(&status) {
            let text = String::from_utf8_lossy(&bytes);
            return Err(Failure::from_response(status, None, &text));
        }
        Ok(Fetched {
            content_type,
            bytes,
        })
    }

    async fn pause(&self, millis: u64) {
        worker::Delay::from(std::time::Duration::from_millis(millis)).await;
    }
}

async fn read(mut response: Response) -> Result<(u16, String, Vec<u8>), Failure> {
    let status = response.status_code();
    let content_type = response
        .headers()
        .get("Content-Type")
        .ok()
        .flatten()
        .unwrap_or_default();
    let bytes = response.bytes().await.map_err(internal)?;
    Ok((status, content_type, bytes))
}

/// A handler's error as the agent reads it: the same code, message, details and Retry-After.
fn failure(e: ApiError) -> Failure {
    if e.status() >= 500 {
        // Logged once, here, as a response would be; the agent gets no internals.
        worker::console_error!(
            "mcp tool call: {} {}: {}",
            e.status(),
            e.code,
            e.internal.as_deref().unwrap_or(&e.message)
        );
    }
    let mut f = Failure::new(e.code, e.message.clone());
    f.details = Box::new(serde_json::to_value(&e.details).unwrap_or_default());
    f.retry_after = e.retry_after.map(|s| s.max(1) as u64);
    f
}

fn internal(e: impl std::fmt::Display) -> Failure {
    failure(ApiError::internal(e))
}

fn js(e: JsValue) -> Failure {
    internal(format!("{e:?}"))
}
