//! Plug's MCP tools, written once: their definitions (`tools.json`), what each does in API calls
//! (`tools`), and the JSON-RPC of the protocol (`rpc`). `plug mcp` runs them over stdio with rmcp
//! and HTTP; the Worker's `/mcp` runs the same code against its own handlers in-process.

mod args;
mod failure;
mod rpc;
mod tools;

use serde_json::Value;

pub use failure::Failure;
pub use rpc::{
    batch_too_long, handle, initialize_result, invalid_request, is_message, parse_body,
    parse_error, too_large, Body, Unread, BATCH_MAX, PROTOCOL_VERSIONS,
};
pub use tools::call_tool;

/// The tool definitions as MCP's `tools/list` sends them: name, title, description, inputSchema.
pub fn tool_list() -> Value {
    serde_json::from_str(include_str!("tools.json")).expect("tools.json is valid JSON")
}

/// The server's name and what an agent should know before its first call.
pub const SERVER_NAME: &str = "plug";
pub const INSTRUCTIONS: &str = "Plug publishes static artifacts (HTML pages, zipped sites, \
single-file React, markdown, PDF, decks, sheets, images) and gives each a URL worth sharing. \
`drop` publishes and returns the live `url`; `set_visibility` says who sees it; `context` \
returns views, reactions, the feedback viewers sent and linked Runtimes in one call. Errors \
carry Plug's code, message and a hint on how to fix the call.";

/// An HTTP method of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Patch,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

/// One JSON call of the API: what a tool asks of whoever runs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub method: Method,
    /// `/api/v2/...`, segments already encoded.
    pub path: String,
    pub query: Vec<(&'static str, String)>,
    pub body: Option<Value>,
}

impl Call {
    pub fn get(path: String) -> Call {
        Call {
            method: Method::Get,
            path,
            query: Vec::new(),
            body: None,
        }
    }

    pub fn with(method: Method, path: String, body: Option<Value>) -> Call {
        Call {
            method,
            path,
            query: Vec::new(),
            body,
        }
    }

    /// `path?query` with the query percent-encoded.
    pub fn target(&self) -> String {
        if self.query.is_empty() {
            return self.path.clone();
        }
        let pairs: Vec<String> = self
            .query
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect();
        format!("{}?{}", self.path, pairs.join("&"))
    }
}

/// The bytes of a drop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileSource {
    /// Held by the agent: the file name decides the source type.
    Inline { file_name: String, bytes: Vec<u8> },
    /// A file or folder on the machine `plug mcp` runs on; the runner packs it.
    Path(String),
}

/// The create form (openapi.yaml) without what the runner adds for a `Path`: `source_type`,
/// and `name` / `display_name` when the agent gave none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    pub fields: Vec<(&'static str, String)>,
    pub file: FileSource,
}

impl Upload {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What a runner's `create` answers: the created Inspiration as the API returned it, and what the
/// `drop` tool should tell the agent beside it (for a `Path`, the files beside a page that a
/// single-file drop leaves out).
#[derive(Debug, Clone, PartialEq)]
pub struct Created {
    pub inspiration: Value,
    pub warnings: Vec<String>,
}

/// A response of a content origin: what `read` turns into text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// What runs the tools' calls: `plug`'s HTTP client, or the Worker's own handlers. Each answer is
/// the API's JSON, or its error as a `Failure`.
// Each runner awaits on one thread (the CLI blocks inside spawn_blocking, the Worker is
// single-threaded), so the futures need no Send bound.
#[allow(async_fn_in_trait)]
pub trait Backend {
    async fn call(&self, call: Call) -> Result<Value, Failure>;
    /// POST /api/v2/inspirations as multipart.
    async fn create(&self, upload: Upload) -> Result<Created, Failure>;
    /// GET `rest` (no leading slash) on the content origin of the Inspiration `item`.
    async fn content(&self, item: &Value, rest: &str) -> Result<Fetched, Failure>;
    async fn pause(&self, millis: u64);
}

/// Percent-encodes one path segment or query value.
pub fn encode(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for b in raw.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
