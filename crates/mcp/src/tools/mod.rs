//! What each tool does, in API calls (README "Agents: Plug over MCP"; each call is in
//! `openapi.yaml`), and its answer as an MCP `CallToolResult`: the JSON as text and as
//! `structuredContent`, or `isError` with the code.
//!
//! `spec` reads a call into a `Tool`; `calls` holds the tools that are one API call; `drop`,
//! `read`, `context` and `visibility` the ones that make several or reshape the answer.

mod calls;
mod context;
mod drop;
mod read;
mod spec;
mod visibility;

use plug_domain::validate;
use serde_json::{json, Value};

use crate::{Backend, Failure};
pub use spec::Tool;
pub use visibility::visible_to;

/// Runs one tool and answers as MCP's `CallToolResult`. Every failure, bad arguments included, is
/// a tool error (`isError: true`) the agent can read and act on, never a protocol error.
pub async fn call_tool<B: Backend>(backend: &B, name: &str, arguments: &Value) -> Value {
    match run(backend, name, arguments).await {
        Ok(value) => json!({
            "content": [{ "type": "text", "text": pretty(&value) }],
            "structuredContent": value,
            "isError": false,
        }),
        Err(failure) => {
            let body = failure.to_json();
            json!({
                "content": [{ "type": "text", "text": pretty(&body) }],
                "structuredContent": body,
                "isError": true,
            })
        }
    }
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

async fn run<B: Backend>(b: &B, name: &str, arguments: &Value) -> Result<Value, Failure> {
    let tool = Tool::parse(name, arguments)?;
    // The tools that are one API call share one `b.call(..).await`: in the Worker each await of
    // the in-process API is a large state machine, so one call site keeps the upload small.
    let call = match &tool {
        Tool::Drop(a) => return drop::drop(b, a).await,
        Tool::Read(a) => return read::read(b, a).await,
        Tool::SetVisibility(a) => return visibility::set_visibility(b, a).await,
        Tool::Context(a) => return context::context(b, a).await,
        Tool::List(a) => a.call(),
        Tool::Update(a) => a.call(),
        Tool::Pin(a) => a.call()?,
        Tool::Unpin(a) => a.call(),
        Tool::Archive(a) => a.call("archive"),
        Tool::Restore(a) => a.call("unarchive"),
        Tool::React(a) => a.call(),
        Tool::LinkRuntime(a) => a.call()?,
        Tool::UnlinkRuntime(a) => a.call(),
        Tool::ListRuntimes(a) => a.call(),
    };
    let answer = b.call(call).await?;
    match tool {
        // The API answers 204 with no body: say what went.
        Tool::UnlinkRuntime(a) => Ok(json!({ "removed": true, "link_id": a.link_id })),
        _ => Ok(answer),
    }
}

fn field(e: validate::FieldError) -> Failure {
    Failure::invalid(&e.field, &e.issue, e.hint)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_tool_has_a_described_object_schema_and_every_argument_a_type() {
        let tools = crate::tool_list();
        let tools = tools.as_array().unwrap();
        assert_eq!(tools.len(), 14);
        for tool in tools {
            assert!(
                tool["description"].as_str().unwrap().len() > 40,
                "{}",
                tool["name"]
            );
            let schema = &tool["inputSchema"];
            assert_eq!(schema["type"], "object");
            for (name, prop) in schema["properties"].as_object().unwrap() {
                assert!(prop["type"].is_string(), "{}.{name}", tool["name"]);
            }
        }
    }
}
