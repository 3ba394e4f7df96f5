//! `plug mcp`: Plug's tools (`plug_mcp`) served to an agent over stdio with rmcp, signed in as
//! `plug` is. Each tool runs on a blocking thread with the CLI's own HTTP client and packing code.

use std::sync::Arc;
use std::time::Duration;

use plug_domain::error_code::ErrorCode;
use plug_mcp::{Backend, Call, Created, Failure, Fetched, FileSource, Upload};
use reqwest::blocking::multipart::{Form, Part};
use reqwest::blocking::{Client, RequestBuilder, Response};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListToolsResult,
    PaginatedRequestParams, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::Value;

use super::Context;
use crate::api::Api;
use crate::error::{CliError, CliResult};
use crate::pack::{self, Content};

pub fn run(cx: &Context) -> CliResult<()> {
    // Refuse at once without a token, as every other command does: an agent's MCP log shows why.
    let backend = Arc::new(HttpBackend {
        api: cx.api()?,
        token: cx.settings.token.clone().unwrap_or_default(),
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the MCP server: {e}")))?;
    runtime.block_on(async move {
        let server = PlugServer { backend }
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| CliError::failed(format!("the MCP handshake failed: {e}")))?;
        server
            .waiting()
            .await
            .map_err(|e| CliError::failed(format!("the MCP server stopped: {e}")))?;
        Ok(())
    })
}

#[derive(Clone)]
struct PlugServer {
    backend: Arc<HttpBackend>,
}

/// From the shared JSON to rmcp's types: one definition, whichever server speaks it.
fn typed<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value).map_err(|e| ErrorData::internal_error(e.to_string(), None))
}

impl ServerHandler for PlugServer {
    fn get_info(&self) -> ServerConfig {
        serde_json::from_value(plug_mcp::initialize_result(None))
            .expect("initialize_result is a valid InitializeResult")
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        typed(serde_json::json!({ "tools": plug_mcp::tool_list() }))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let backend = self.backend.clone();
        let name = request.name.to_string();
        let arguments = request.arguments.map(Value::Object).unwrap_or(Value::Null);
        let answer = tokio::task::spawn_blocking(move || {
            run_now(plug_mcp::call_tool(&*backend, &name, &arguments))
        })
        .await
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(typed::<CallToolResult>(answer)?.into())
    }
}

/// Runs a tool on this (blocking) thread. Every `HttpBackend` call blocks until it has its
/// answer, so the future is ready at the first poll; the loop only guards against a change.
fn run_now<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The tools' calls over the CLI's blocking HTTP client. A 429 goes back to the agent with its
/// Retry-After instead of being waited out here: the agent decides.
struct HttpBackend {
    api: Api,
    token: String,
}

impl HttpBackend {
    fn send(&self, request: RequestBuilder) -> Result<Response, Failure> {
        request.send().map_err(|e| {
            Failure::new(
                ErrorCode::Unavailable,
                format!("cannot reach {}: {e}", self.api.base),
            )
        })
    }

    fn read(&self, response: Response) -> Result<Value, Failure> {
        let status = response.status().as_u16();
        let retry_after = header(&response, "Retry-After");
        let text = response.text().unwrap_or_default();
        if !(200..300).contains(&status) {
            return Err(Failure::from_response(
                status,
                retry_after.as_deref(),
                &text,
            ));
        }
        if text.trim().is_empty() {
            return Ok(Value::Null);
        }
        serde_json::from_str(&text)
            .map_err(|e| Failure::new(ErrorCode::Unavailable, format!("not JSON: {e}")))
    }
}

fn header(response: &Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

impl Backend for HttpBackend {
    async fn call(&self, call: Call) -> Result<Value, Failure> {
        let method =
            reqwest::Method::from_bytes(call.method.as_str().as_bytes()).expect("an HTTP method");
        let mut request = self
            .api
            .request(method, &call.path)
            .query(&call.query)
            .timeout(Duration::from_secs(60));
        if let Some(body) = &call.body {
            request = request.json(body);
        }
        self.read(self.send(request)?)
    }

    async fn create(&self, upload: Upload) -> Result<Created, Failure> {
        let (form, warnings) = form(upload)?;
        let request = self
            .api
            .request(reqwest::Method::POST, "/api/v2/inspirations")
            .multipart(form);
        Ok(Created {
            inspiration: self.read(self.send(request)?)?,
            warnings,
        })
    }

    async fn content(&self, item: &Value, rest: &str) -> Result<Fetched, Failure> {
        let url = format!("{}{rest}", item["url"].as_str().unwrap_or_default());
        fetch_content(&url, &self.token)
    }

    async fn pause(&self, millis: u64) {
        std::thread::sleep(Duration::from_millis(millis));
    }
}

/// The multipart form; a `path` is packed as `plug <path>` packs it (a folder is zipped), and
/// the files beside a page that a single-file drop leaves out are named as `plug` names them.
fn form(upload: Upload) -> Result<(Form, Vec<String>), Failure> {
    let mut form = Form::new();
    let mut warnings = Vec::new();
    let has = |name: &str| upload.field(name).is_some();
    let (file_name, bytes) = match &upload.file {
        FileSource::Inline { file_name, bytes } => (file_name.clone(), bytes.clone()),
        FileSource::Path(path) => {
            let package = pack::package(std::path::Path::new(path), false).map_err(|e| {
                let hint = match &e {
                    CliError::Usage { hint: Some(h), .. } => h.clone(),
                    _ => "a file Plug takes, or a folder with index.html".into(),
                };
                Failure::invalid("path", &e.to_string(), hint)
            })?;
            form = form.text("source_type", package.source_type.as_str());
            warnings.extend(pack::beside::warning(
                &package.file_name,
                package.source_type,
                &package.left_behind,
            ));
            if !has("name") {
                form = form.text("name", package.default_name.clone());
            }
            if !has("display_name") {
                if let Ok(title) =
                    plug_domain::validate::display_name(&package.default_display_name)
                {
                    form = form.text("display_name", title);
                }
            }
            let bytes = match package.content {
                Content::Bytes(bytes) => bytes,
                Content::File { path, .. } => std::fs::read(&path).map_err(|e| {
                    Failure::invalid("path", "unreadable", format!("{}: {e}", path.display()))
                })?,
            };
            (package.file_name, bytes)
        }
    };
    for (name, value) in upload.fields {
        form = form.text(name, value);
    }
    Ok((
        form.part("file", Part::bytes(bytes).file_name(file_name)),
        warnings,
    ))
}

/// GET a path of a drop's content: the link origin sends a Bearer caller on to the content
/// origin with a one-time ticket. A `*.localhost` content origin is pinned to loopback, which
/// browsers do by themselves and the system resolver here does not.
fn fetch_content(url: &str, token: &str) -> Result<Fetched, Failure> {
    let unreachable = |e: reqwest::Error| Failure::new(ErrorCode::Unavailable, e.to_string());
    let plain = Client::builder()
        .user_agent(crate::api::USER_AGENT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(unreachable)?;
    let mut response = plain
        .get(url)
        .bearer_auth(token)
        .send()
        .map_err(unreachable)?;
    for _ in 0..3 {
        if !response.status().is_redirection() {
            break;
        }
        let next = header(&response, "Location").unwrap_or_default();
        let next = reqwest::Url::parse(url)
            .and_then(|base| base.join(&next))
            .map_err(|e| Failure::new(ErrorCode::Unavailable, e.to_string()))?;
        let mut client = Client::builder()
            .user_agent(crate::api::USER_AGENT)
            .redirect(reqwest::redirect::Policy::none());
        if let Some(host) = next.host_str().filter(|h| h.ends_with(".localhost")) {
            let port = next.port_or_known_default().unwrap_or(80);
            client = client.resolve(host, ([127, 0, 0, 1], port).into());
        }
        response = client
            .build()
            .map_err(unreachable)?
            .get(next)
            .send()
            .map_err(unreachable)?;
    }
    let status = response.status().as_u16();
    let content_type = header(&response, "Content-Type").unwrap_or_default();
    let retry_after = header(&response, "Retry-After");
    let bytes = response.bytes().map_err(unreachable)?.to_vec();
    if !(200..300).contains(&status) {
        let text = String::from_utf8_lossy(&bytes);
        return Err(Failure::from_response(
            status,
            retry_after.as_deref(),
            &text,
        ));
    }
    Ok(Fetched {
        content_type,
        bytes,
    })
}
