//! The JSON-RPC side of MCP for a stateless server (the Worker's `/mcp`): initialize, ping,
//! tools/list, tools/call. `plug mcp` leaves this to rmcp and shares only `initialize_result`.

use serde_json::{json, Value};

use crate::{call_tool, tool_list, Backend, INSTRUCTIONS, SERVER_NAME};

/// Protocol revisions this server speaks, newest first.
pub const PROTOCOL_VERSIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// The `initialize` result: the client's revision when spoken here, else the newest.
pub fn initialize_result(requested: Option<&str>) -> Value {
    let version = requested
        .filter(|v| PROTOCOL_VERSIONS.contains(v))
        .unwrap_or(PROTOCOL_VERSIONS[0]);
    json!({
        "protocolVersion": version,
        "capabilities": { "tools": { "listChanged": false } },
        "serverInfo": { "name": SERVER_NAME, "title": "Plug", "version": env!("CARGO_PKG_VERSION") },
        "instructions": INSTRUCTIONS,
    })
}

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// Answers one JSON-RPC message; `None` for a notification or a response (nothing to send back).
pub async fn handle<B: Backend>(backend: &B, message: &Value) -> Option<Value> {
    let Some(method) = message["method"].as_str() else {
        // A client's response to a request of ours: we never send any, so nothing to answer.
        return match message.get("result").or(message.get("error")) {
            Some(_) => None,
            None => Some(error(
                Value::Null,
                INVALID_REQUEST,
                "not a JSON-RPC request",
            )),
        };
    };
    let id = message.get("id").cloned()?;
    let params = &message["params"];
    let result = match method {
        "initialize" => initialize_result(params["protocolVersion"].as_str()),
        "ping" => json!({}),
        "tools/list" => json!({ "tools": tool_list() }),
        "tools/call" => {
            let Some(name) = params["name"].as_str() else {
                return Some(error(id, INVALID_PARAMS, "tools/call needs params.name"));
            };
            call_tool(backend, name, &params["arguments"]).await
        }
        _ => return Some(error(id, METHOD_NOT_FOUND, "method not found")),
    };
    Some(json!({ "jsonrpc": "2.0", "id": id, "result": result }))
}

/// The answer to a body that is not JSON at all.
pub fn parse_error() -> Value {
    error(Value::Null, PARSE_ERROR, "the body is not JSON")
}

/// The answer to a body over the endpoint's cap (sent with HTTP 413, before the body is read).
pub fn too_large(max: u64) -> Value {
    error(
        Value::Null,
        INVALID_REQUEST,
        &format!("the body is larger than {max} bytes"),
    )
}

/// The answer to a body that is JSON but not JSON-RPC 2.0 messages (sent with HTTP 400).
pub fn invalid_request() -> Value {
    error(
        Value::Null,
        INVALID_REQUEST,
        "not a JSON-RPC 2.0 message (or a non-empty batch of them)",
    )
}

/// Most messages one POST may batch (protocol 2025-03-26; later revisions send one message per
/// POST). Clients batch a few notifications and requests; a batch of a million pings was parsed
/// and answered whole (46 MB in 4 s, and an answer as big).
pub const BATCH_MAX: usize = 64;

/// A body as JSON-RPC reads it: one message, or a batch of at most [`BATCH_MAX`].
pub enum Body {
    One(Value),
    Batch(Vec<Value>),
}

/// Why a body was not read: it is not JSON, or it batches more than [`BATCH_MAX`] messages (found
/// at message `BATCH_MAX + 1`: the rest is never parsed).
#[derive(Debug, PartialEq)]
pub enum Unread {
    NotJson,
    TooMany,
}

/// Reads a body, a batch only up to its cap.
pub fn parse_body(bytes: &[u8]) -> Result<Body, Unread> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'[') {
        return serde_json::from_slice(bytes)
            .map(Body::One)
            .map_err(|_| Unread::NotJson);
    }
    let over = std::cell::Cell::new(false);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let batch = serde::de::DeserializeSeed::deserialize(Capped(&over), &mut de)
        .and_then(|batch| de.end().map(|()| batch));
    match batch {
        Ok(batch) => Ok(Body::Batch(batch)),
        Err(_) if over.get() => Err(Unread::TooMany),
        Err(_) => Err(Unread::NotJson),
    }
}

/// A JSON array read element by element, refused at the first one past [`BATCH_MAX`].
struct Capped<'a>(&'a std::cell::Cell<bool>);

impl<'de> serde::de::DeserializeSeed<'de> for Capped<'_> {
    type Value = Vec<Value>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<Value>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Capped<'_> {
    type Value = Vec<Value>;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a batch")
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Value>, A::Error> {
        let mut batch = Vec::new();
        while let Some(one) = seq.next_element()? {
            if batch.len() == BATCH_MAX {
                self.0.set(true);
                return Err(serde::de::Error::custom("batch too long"));
            }
            batch.push(one);
        }
        Ok(batch)
    }
}

/// The answer to a batch of more than [`BATCH_MAX`] messages (sent with HTTP 400, none answered).
pub fn batch_too_long() -> Value {
    error(
        Value::Null,
        INVALID_REQUEST,
        &format!("a batch holds at most {BATCH_MAX} messages; send the rest in another POST"),
    )
}

/// Whether `value` is one JSON-RPC 2.0 message as MCP sends them: a request (string or integer
/// id), a notification (no id), or a response carrying `result` or `error`. Nothing else.
pub fn is_message(value: &Value) -> bool {
    let Some(o) = value.as_object() else {
        return false;
    };
    let only = |allowed: &[&str]| o.keys().all(|k| allowed.contains(&k.as_str()));
    let whole = |v: &Value| v.as_i64().is_some() || v.as_f64().is_some_and(|f| f.fract() == 0.0);
    let id_ok = |null_too: bool| match o.get("id") {
        Some(Value::String(_)) => true,
        Some(Value::Null) => null_too,
        Some(n) => whole(n),
        None => false,
    };
    if o.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return false;
    }
    if let Some(method) = o.get("method") {
        let params_ok = o.get("params").is_none_or(Value::is_object);
        let shape_ok = match o.contains_key("id") {
            true => id_ok(false) && only(&["jsonrpc", "id", "method", "params"]),
            false => only(&["jsonrpc", "method", "params"]),
        };
        return method.is_string() && params_ok && shape_ok;
    }
    if let Some(result) = o.get("result") {
        return result.is_object() && id_ok(false) && only(&["jsonrpc", "id", "result"]);
    }
    match o.get("error") {
        Some(e) => {
            whole(&e["code"])
                && e["message"].is_string()
                && id_ok(true)
                && only(&["jsonrpc", "id", "error"])
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Call, Created, Failure, Fetched, Upload};
    use plug_domain::error_code::ErrorCode;

    struct Nothing;

    impl Backend for Nothing {
        async fn call(&self, call: Call) -> Result<Value, Failure> {
            Err(Failure::new(ErrorCode::NotFound, call.target()))
        }
        async fn create(&self, _: Upload) -> Result<Created, Failure> {
            Err(Failure::new(ErrorCode::Internal, "no"))
        }
        async fn content(&self, _: &Value, _: &str) -> Result<Fetched, Failure> {
            Err(Failure::new(ErrorCode::Internal, "no"))
        }
        async fn pause(&self, _: u64) {}
    }

    /// Runs a future that never waits (the test backend answers at once).
    fn now<F: std::future::Future>(f: F) -> F::Output {
        let mut f = std::pin::pin!(f);
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        match f.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(v) => v,
            std::task::Poll::Pending => panic!("the test backend never waits"),
        }
    }

    #[test]
    fn only_json_rpc_messages_are_messages() {
        assert!(is_message(
            &json!({ "jsonrpc": "2.0", "id": 1, "method": "ping" })
        ));
        assert!(is_message(
            &json!({ "jsonrpc": "2.0", "method": "notifications/initialized" })
        ));
        assert!(is_message(
            &json!({ "jsonrpc": "2.0", "id": "a", "result": {} })
        ));
        assert!(is_message(
            &json!({ "jsonrpc": "2.0", "id": null, "error": { "code": -1, "message": "x" } })
        ));
        assert!(!is_message(&json!(-5711)));
        assert!(!is_message(&json!({ "id": 1, "method": "ping" })));
        assert!(!is_message(
            &json!({ "jsonrpc": "2.0", "id": null, "method": "ping" })
        ));
        assert!(!is_message(
            &json!({ "jsonrpc": "2.0", "id": "", "method": "", "params": {}, "result": {} })
        ));
        assert!(!is_message(
            &json!({ "jsonrpc": "2.0", "id": 1, "error": { "code": 0, "message": {} } })
        ));
    }

    #[test]
    fn initialize_agrees_on_a_known_revision_or_offers_the_newest() {
        assert_eq!(
            initialize_result(Some("2025-06-18"))["protocolVersion"],
            "2025-06-18"
        );
        assert_eq!(
            initialize_result(Some("1999-01-01"))["protocolVersion"],
            PROTOCOL_VERSIONS[0]
        );
    }

    #[test]
    fn notifications_get_no_answer_and_unknown_methods_an_error() {
        let note = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
        assert_eq!(now(handle(&Nothing, &note)), None);
        let unknown = json!({ "jsonrpc": "2.0", "id": 1, "method": "resources/list" });
        assert_eq!(
            now(handle(&Nothing, &unknown)).unwrap()["error"]["code"],
            METHOD_NOT_FOUND
        );
    }

    #[test]
    fn a_refused_call_is_a_tool_error_carrying_the_code() {
        let call = json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": { "name": "read", "arguments": { "id": "nope" } } });
        let answer = now(handle(&Nothing, &call)).unwrap();
        assert_eq!(answer["result"]["isError"], true);
        assert_eq!(
            answer["result"]["structuredContent"]["error"]["code"],
            "NOT_FOUND"
        );
        let missing = json!({ "jsonrpc": "2.0", "id": 3, "method": "tools/call",
            "params": { "name": "read", "arguments": {} } });
        let answer = now(handle(&Nothing, &missing)).unwrap();
        assert_eq!(
            answer["result"]["structuredContent"]["error"]["details"][0]["field"],
            "id"
        );
    }

    #[test]
    fn a_batch_is_read_up_to_its_cap_and_no_further() {
        let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        let batch = |n: usize| format!(" [{}]", vec![ping; n].join(","));
        let Ok(Body::Batch(full)) = parse_body(batch(BATCH_MAX).as_bytes()) else {
            panic!("a full batch is read");
        };
        assert_eq!(full.len(), BATCH_MAX);
        assert!(matches!(parse_body(ping.as_bytes()), Ok(Body::One(_))));
        assert!(matches!(parse_body(b"[]"), Ok(Body::Batch(b)) if b.is_empty()));
        assert_eq!(
            parse_body(batch(BATCH_MAX + 1).as_bytes()).err(),
            Some(Unread::TooMany)
        );
        // Past the cap nothing more is parsed: what follows the 65th message is never looked at.
        let broken = format!("[{}, not json at all", vec![ping; BATCH_MAX + 1].join(","));
        assert_eq!(parse_body(broken.as_bytes()).err(), Some(Unread::TooMany));
        for bad in ["[", "[1,", "[1] 2", "{", "", "[{\"a\":1}"] {
            assert_eq!(
                parse_body(bad.as_bytes()).err(),
                Some(Unread::NotJson),
                "{bad}"
            );
        }
        assert_eq!(batch_too_long()["error"]["code"], INVALID_REQUEST);
    }
}
