//! What each tool does, in API calls (interface.md 4, platform.md 5), and its answer as an MCP
//! `CallToolResult`: the JSON as text and as `structuredContent`, or `isError` with the code.

use plug_domain::error_code::ErrorCode;
use plug_domain::validate;
use plug_domain::SourceType;
use serde_json::{json, Value};

use crate::args::Args;
use crate::{encode, Backend, Call, Failure, FileSource, Method, Upload};

const POLL_MILLIS: u64 = 1000;
const DEFAULT_WAIT_SECONDS: i64 = 60;
const DEFAULT_TEXT_CHARS: i64 = 50_000;
const DEFAULT_CONTEXT_LIMIT: i64 = 20;

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

fn schema_of(name: &str) -> Option<Value> {
    let mut tools = crate::tool_list();
    tools
        .as_array_mut()?
        .iter_mut()
        .find(|t| t["name"] == name)
        .map(|t| t["inputSchema"].take())
}

async fn run<B: Backend>(b: &B, name: &str, arguments: &Value) -> Result<Value, Failure> {
    let schema = schema_of(name).ok_or_else(|| {
        Failure::new(
            ErrorCode::ValidationFailed,
            format!("no tool named {name:?}; tools/list names them"),
        )
    })?;
    let a = Args::read(arguments, &schema)?;
    let id = || a.req("id").map(encode);
    match name {
        "drop" => drop(b, &a, &schema).await,
        "list" => list(b, &a, &schema).await,
        "read" => read(b, &a).await,
        "set_visibility" => set_visibility(b, &a, &schema).await,
        "pin" => {
            let reason = validate::pin_reason(a.req("pin_reason")?).map_err(field)?;
            let path = format!("/api/v2/inspirations/{}/pin", id()?);
            let body = json!({ "pin_reason": reason });
            b.call(Call::with(Method::Post, path, Some(body))).await
        }
        "unpin" => {
            let days = a.int("expires_in_days", 1, 365)?;
            let body = days.map(|d| json!({ "expires_in_days": d }));
            let path = format!("/api/v2/inspirations/{}/pin", id()?);
            b.call(Call::with(Method::Delete, path, body)).await
        }
        "archive" | "restore" => {
            let verb = if name == "archive" {
                "archive"
            } else {
                "unarchive"
            };
            let path = format!("/api/v2/inspirations/{}/{verb}", id()?);
            b.call(Call::with(Method::Post, path, None)).await
        }
        "react" => {
            let kind = a.choice("kind", &schema)?.unwrap_or_default();
            let path = format!("/api/v2/entities/{}/reactions", id()?);
            let body = json!({ "kind": kind });
            b.call(Call::with(Method::Post, path, Some(body))).await
        }
        "context" => context(b, &a).await,
        "link_runtime" => {
            let mut body = json!({ "inspiration_entity_id": a.req("inspiration_id")? });
            if let Some(note) = a.str("note")? {
                body["note"] = json!(validate::note(note).map_err(field)?);
            }
            let path = format!(
                "/api/v2/runtimes/{}/inspirations",
                encode(a.req("runtime_id")?)
            );
            b.call(Call::with(Method::Post, path, Some(body))).await
        }
        "unlink_runtime" => {
            let path = format!(
                "/api/v2/runtimes/{}/inspirations/{}",
                encode(a.req("runtime_id")?),
                encode(a.req("link_id")?)
            );
            b.call(Call::with(Method::Delete, path, None)).await?;
            Ok(json!({ "removed": true, "link_id": a.req("link_id")? }))
        }
        "list_runtimes" => {
            let mut call = Call::get("/api/v2/runtimes".into());
            for key in ["kind", "sort"] {
                if let Some(v) = a.choice(key, &schema)? {
                    call.query.push((key, v.to_string()));
                }
            }
            for key in ["owner", "space_id", "cursor"] {
                if let Some(v) = a.str(key)? {
                    call.query.push((key, v.to_string()));
                }
            }
            if let Some(limit) = a.int("limit", 1, 100)? {
                call.query.push(("limit", limit.to_string()));
            }
            b.call(call).await
        }
        _ => Err(Failure::new(ErrorCode::ValidationFailed, "unknown tool")),
    }
}

fn field(e: validate::FieldError) -> Failure {
    Failure::invalid(&e.field, &e.issue, e.hint)
}

/// The create form from the arguments, the upload, then polling until live (interface.md 4.1).
async fn drop<B: Backend>(b: &B, a: &Args<'_>, schema: &Value) -> Result<Value, Failure> {
    let upload = upload(a, schema)?;
    let wait = a
        .int("wait_seconds", 0, 120)?
        .unwrap_or(DEFAULT_WAIT_SECONDS);
    let created = b.create(upload).await?;
    let id = created["entity_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut current = created;
    let mut waited = 0;
    while current["status"] == "provisioning" && waited < wait * 1000 {
        b.pause(POLL_MILLIS).await;
        waited += POLL_MILLIS as i64;
        match b
            .call(Call::get(format!("/api/v2/inspirations/{}", encode(&id))))
            .await
        {
            Ok(read) => current = read,
            // A brief 5xx while it provisions is expected.
            Err(f) if f.status >= 500 => {}
            Err(f) => return Err(f),
        }
    }
    let status = current["status"].as_str().unwrap_or_default().to_string();
    if status == "failed" {
        let why = current["error"]
            .as_str()
            .unwrap_or("the server could not store it");
        return Err(Failure::new(
            ErrorCode::ContentMalformed,
            format!("the drop failed to go live: {why}"),
        ));
    }
    Ok(json!({
        "url": current["url"],
        "status": status,
        "live": status == "live",
        "visible_to": visible_to(&current),
        "inspiration": current,
    }))
}

fn upload(a: &Args<'_>, schema: &Value) -> Result<Upload, Failure> {
    let path = a.str("path")?;
    let text = a.str("content")?;
    let base64 = a.str("content_base64")?;
    let given = [path.is_some(), text.is_some(), base64.is_some()];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(Failure::invalid(
            "content",
            "required",
            "give exactly one of `path`, `content` or `content_base64`",
        ));
    }
    let mut fields: Vec<(&'static str, String)> = Vec::new();
    let file = match path {
        Some(p) => FileSource::Path(p.to_string()),
        None => {
            let file_name = a.str("file_name")?.ok_or_else(|| {
                Failure::invalid(
                    "file_name",
                    "required",
                    "inline content needs a file name such as page.html",
                )
            })?;
            let source_type = SourceType::from_file_name(file_name).ok_or_else(|| {
                let all: Vec<String> = SourceType::ALL
                    .iter()
                    .flat_map(|t| t.extensions())
                    .map(|e| format!(".{e}"))
                    .collect();
                Failure::invalid(
                    "file_name",
                    "extension",
                    format!("end it with one of {}", all.join(" ")),
                )
            })?;
            let bytes = match (text, base64) {
                (Some(t), _) => t.as_bytes().to_vec(),
                (None, Some(b)) => decode_base64(b)?,
                (None, None) => Vec::new(),
            };
            let stem = file_name
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or(file_name)
                .rsplit_once('.')
                .map_or(file_name, |(s, _)| s);
            fields.push(("source_type", source_type.as_str().to_string()));
            if a.str("name")?.is_none() {
                fields.push(("name", validate::derive_name(stem)));
            }
            if a.str("title")?.is_none() {
                if let Ok(title) = validate::display_name(stem.trim()) {
                    fields.push(("display_name", title));
                }
            }
            FileSource::Inline {
                file_name: file_name.to_string(),
                bytes,
            }
        }
    };
    if let Some(name) = a.str("name")? {
        fields.push(("name", validate::name(name).map_err(field)?));
    }
    if let Some(title) = a.str("title")? {
        fields.push((
            "display_name",
            validate::display_name(title).map_err(field)?,
        ));
    }
    let space_id = a.str("space_id")?;
    let scope = a.choice("scope", schema)?.unwrap_or(if space_id.is_some() {
        "space"
    } else {
        "personal"
    });
    let visibility = a
        .choice("visibility", schema)?
        .unwrap_or(if scope == "space" { "space" } else { "org" });
    fields.push(("scope", scope.to_string()));
    fields.push(("visibility", visibility.to_string()));
    if let Some(space) = space_id {
        fields.push(("space_id", space.to_string()));
    }
    match a.str("pin_reason")? {
        Some(reason) => {
            fields.push(("pin_reason", validate::pin_reason(reason).map_err(field)?));
            fields.push(("expires_in_days", "null".into()));
        }
        None => {
            let days = a
                .int("expires_in_days", 1, 365)?
                .unwrap_or(validate::DEFAULT_EXPIRES_DAYS);
            fields.push(("expires_in_days", days.to_string()));
        }
    }
    let inspired_by = a.strings("inspired_by")?.unwrap_or_default();
    if inspired_by.len() > validate::INSPIRED_BY_MAX {
        return Err(Failure::invalid("inspired_by", "length", "up to 10 ids"));
    }
    for id in inspired_by {
        fields.push(("inspired_by", id));
    }
    fields.push(("uploaded_via", "claude_mcp".into()));
    Ok(Upload { fields, file })
}

fn decode_base64(text: &str) -> Result<Vec<u8>, Failure> {
    use base64::Engine;
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD
        .decode(clean)
        .map_err(|_| Failure::invalid("content_base64", "format", "standard base64"))
}

async fn list<B: Backend>(b: &B, a: &Args<'_>, schema: &Value) -> Result<Value, Failure> {
    let mut call = Call::get("/api/v2/inspirations".into());
    if let Some(sort) = a.choice("sort", schema)? {
        call.query.push(("sort", sort.to_string()));
    }
    for key in ["owner", "space", "cursor"] {
        if let Some(v) = a.str(key)? {
            call.query.push((key, v.to_string()));
        }
    }
    if let Some(limit) = a.int("limit", 1, 100)? {
        call.query.push(("limit", limit.to_string()));
    }
    b.call(call).await
}

async fn read<B: Backend>(b: &B, a: &Args<'_>) -> Result<Value, Failure> {
    let max_chars = a
        .int("max_text_chars", 1, 200_000)?
        .unwrap_or(DEFAULT_TEXT_CHARS) as usize;
    let want_text = a.bool("include_text")?.unwrap_or(false);
    let path = format!("/api/v2/inspirations/{}", encode(a.req("id")?));
    let item = b.call(Call::get(path)).await?;
    let mut answer = json!({ "visible_to": visible_to(&item), "inspiration": item });
    if want_text {
        let (text, truncated) = text_of(b, &answer["inspiration"], max_chars).await?;
        answer["text"] = json!(text);
        answer["text_truncated"] = json!(truncated);
    }
    Ok(answer)
}

/// The text of an HTML, markdown or React drop: the uploaded file, or a zipped site's index.html.
async fn text_of<B: Backend>(
    b: &B,
    item: &Value,
    max_chars: usize,
) -> Result<(Option<String>, bool), Failure> {
    let textual = ["html", "markdown", "react_single_file"];
    if !textual.contains(&item["source_type"].as_str().unwrap_or_default()) {
        return Ok((None, false));
    }
    // A zipped site keeps no original to hand out (or hands out the zip): its page is index.html.
    let fetched = match b.content(item, "_plug/file").await {
        Ok(f) if !f.content_type.contains("zip") => f,
        Ok(_) => b.content(item, "index.html").await?,
        Err(f) if f.status == 404 => b.content(item, "index.html").await?,
        Err(f) => return Err(f),
    };
    let text = String::from_utf8_lossy(&fetched.bytes);
    let cut: String = text.chars().take(max_chars).collect();
    let truncated = cut.len() < text.len();
    Ok((Some(cut), truncated))
}

async fn set_visibility<B: Backend>(b: &B, a: &Args<'_>, schema: &Value) -> Result<Value, Failure> {
    let mut body = json!({ "visibility": a.choice("visibility", schema)?.unwrap_or_default() });
    if let Some(spaces) = a.strings("visibility_spaces")? {
        body["visibility_spaces"] = json!(spaces);
    }
    if let Some(indexed) = a.bool("link_indexed")? {
        body["link_indexed"] = json!(indexed);
    }
    let path = format!("/api/v2/entities/{}/visibility", encode(a.req("id")?));
    let changed = b.call(Call::with(Method::Patch, path, Some(body))).await?;
    Ok(json!({ "visible_to": visible_to(&changed), "visibility": changed }))
}

/// Everything about one entity in one answer, each list bounded by its limit with a cursor beyond.
async fn context<B: Backend>(b: &B, a: &Args<'_>) -> Result<Value, Failure> {
    let feedback_limit = a
        .int("feedback_limit", 1, 100)?
        .unwrap_or(DEFAULT_CONTEXT_LIMIT);
    let links_limit = a
        .int("links_limit", 1, 100)?
        .unwrap_or(DEFAULT_CONTEXT_LIMIT);
    let feedback_cursor = a.str("feedback_cursor")?;
    let id = a.req("id")?;
    let page = |path: String, limit: i64, cursor: Option<&str>| {
        let mut call = Call::get(path);
        call.query.push(("limit", limit.to_string()));
        if let Some(c) = cursor {
            call.query.push(("cursor", c.to_string()));
        }
        call
    };
    let read = b
        .call(Call::get(format!("/api/v2/inspirations/{}", encode(id))))
        .await;
    let (mut answer, entity_id) = match read {
        Ok(item) => {
            let entity_id = item["entity_id"].as_str().unwrap_or(id).to_string();
            let inspired = b
                .call(page(
                    format!(
                        "/api/v2/inspirations/{}/inspired-runtimes",
                        encode(&entity_id)
                    ),
                    links_limit,
                    None,
                ))
                .await?;
            let answer = json!({
                "entity_id": entity_id,
                "realm": "inspiration",
                "url": item["url"],
                "status": item["status"],
                "visible_to": visible_to(&item),
                "view_count": item["view_count"],
                "reactions": item["reactions"],
                "inspiration": item,
                "inspired_runtimes": inspired,
            });
            (answer, entity_id)
        }
        // Not an Inspiration: a Runtime has no read route, but its links and feedback are there.
        Err(f) if f.status == 404 => {
            let sources = format!("/api/v2/runtimes/{}/inspirations", encode(id));
            b.call(page(sources, 1, None)).await.map_err(|_| f)?;
            (
                json!({ "entity_id": id, "realm": "runtime" }),
                id.to_string(),
            )
        }
        Err(f) => return Err(f),
    };
    let sources = format!("/api/v2/runtimes/{}/inspirations", encode(&entity_id));
    answer["inspired_by"] = b.call(page(sources, links_limit, None)).await?;
    let inbox = format!("/api/v2/entities/{}/feedback", encode(&entity_id));
    match b.call(page(inbox, feedback_limit, feedback_cursor)).await {
        Ok(feedback) => answer["feedback"] = feedback,
        // Only the owner and grid admins read the inbox; the rest of the context still helps.
        Err(f) if f.status == 403 || f.status == 404 => {
            answer["feedback"] = Value::Null;
            answer["feedback_error"] = f.to_json()["error"].clone();
        }
        Err(f) => return Err(f),
    }
    Ok(answer)
}

/// Who can open it, in words, from `visibility` and its sub-state (interface.md 2.5).
pub fn visible_to(item: &Value) -> String {
    let grid = item["grid_slug"]
        .as_str()
        .map_or("the grid".to_string(), |g| format!("grid {g}"));
    match item["visibility"].as_str().unwrap_or_default() {
        "private" => "only the owner and grid admins".into(),
        "authenticated" => "any signed-in user, in any grid".into(),
        "link" if item["link_indexed"] == true => "anyone, and search engines may index it".into(),
        "link" => "anyone with the URL (not indexed by search engines)".into(),
        "grid" => {
            let spaces: Vec<&str> = item["visibility_spaces"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if spaces.is_empty() || spaces == ["everyone"] {
                format!("everyone in {grid}")
            } else {
                format!("members of the spaces {}", spaces.join(", "))
            }
        }
        other => format!("visibility {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upload_of(args: Value) -> Result<Upload, Failure> {
        let schema = schema_of("drop").unwrap();
        let a = Args::read(&args, &schema)?;
        upload(&a, &schema)
    }

    #[test]
    fn an_inline_page_is_personal_visible_to_the_grid_for_thirty_days_via_claude_mcp() {
        let up =
            upload_of(json!({ "content": "<h1>hi</h1>", "file_name": "Q3 Plan.html" })).unwrap();
        assert_eq!(up.field("source_type"), Some("html"));
        assert_eq!(up.field("name"), Some("q3-plan"));
        assert_eq!(up.field("display_name"), Some("Q3 Plan"));
        assert_eq!(up.field("scope"), Some("personal"));
        assert_eq!(up.field("visibility"), Some("org"));
        assert_eq!(up.field("expires_in_days"), Some("30"));
        assert_eq!(up.field("uploaded_via"), Some("claude_mcp"));
        assert_eq!(
            up.file,
            FileSource::Inline {
                file_name: "Q3 Plan.html".into(),
                bytes: b"<h1>hi</h1>".to_vec()
            }
        );
    }

    #[test]
    fn bad_drop_arguments_name_the_argument() {
        let code = |v: Value| upload_of(v).unwrap_err().details[0]["field"].clone();
        assert_eq!(code(json!({ "content": "x" })), "file_name");
        assert_eq!(
            code(json!({ "content": "x", "file_name": "a.exe" })),
            "file_name"
        );
        assert_eq!(
            code(json!({ "content": "x", "file_name": "a.html", "name": "Bad Name" })),
            "name"
        );
        assert_eq!(
            code(json!({ "content": "x", "path": "/tmp", "file_name": "a.html" })),
            "content"
        );
        assert_eq!(
            code(json!({ "content": "x", "file_name": "a.html", "visibility": "public" })),
            "visibility"
        );
        assert_eq!(
            code(json!({ "content": "x", "file_name": "a.html", "colour": 1 })),
            "colour"
        );
        assert_eq!(
            code(json!({ "content_base64": "!!", "file_name": "a.png" })),
            "content_base64"
        );
    }

    #[test]
    fn a_pin_reason_sends_a_null_expiry() {
        let up =
            upload_of(json!({ "content": "# x", "file_name": "n.md", "pin_reason": "keep it" }))
                .unwrap();
        assert_eq!(up.field("expires_in_days"), Some("null"));
        assert_eq!(up.field("source_type"), Some("markdown"));
    }

    #[test]
    fn visibility_reads_in_words() {
        assert_eq!(
            visible_to(
                &json!({ "visibility": "grid", "visibility_spaces": ["everyone"], "grid_slug": "acme" })
            ),
            "everyone in grid acme"
        );
        assert_eq!(
            visible_to(&json!({ "visibility": "link", "link_indexed": false })),
            "anyone with the URL (not indexed by search engines)"
        );
    }

    #[test]
    fn every_tool_has_a_described_object_schema_and_every_argument_a_type() {
        let tools = crate::tool_list();
        let tools = tools.as_array().unwrap();
        assert_eq!(tools.len(), 13);
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
