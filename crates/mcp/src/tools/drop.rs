//! `drop`: the create form from the arguments, the upload, then polling until the URL is live
//! (README "Agents: Plug over MCP"; the form is `POST /api/v2/inspirations` in openapi.yaml).

use plug_domain::error_code::ErrorCode;
use plug_domain::validate;
use plug_domain::SourceType;
use serde_json::{json, Value};

use super::field;
use super::spec::DropArgs;
use super::visible_to;
use crate::{encode, Backend, Call, Created, Failure, FileSource, Upload};

const POLL_MILLIS: u64 = 1000;
const DEFAULT_WAIT_SECONDS: i64 = 60;

type Fields = Vec<(&'static str, String)>;

pub async fn drop<B: Backend>(b: &B, a: &DropArgs<'_>) -> Result<Value, Failure> {
    let upload = upload(a)?;
    let wait = a.wait_seconds.unwrap_or(DEFAULT_WAIT_SECONDS);
    let Created {
        inspiration: created,
        warnings,
    } = b.create(upload).await?;
    let id = created["entity_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut current = created;
    let mut waited = 0;
    // Read it again each second while it provisions, for at most `wait` seconds.
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
    let mut answer = json!({
        "url": current["url"],
        "status": status,
        "live": status == "live",
        "visible_to": visible_to(&current),
        "inspiration": current,
    });
    if !warnings.is_empty() {
        answer["warnings"] = json!(warnings);
    }
    Ok(answer)
}

/// The create form without what the runner adds for a `path` (see `Upload`).
fn upload(a: &DropArgs<'_>) -> Result<Upload, Failure> {
    let mut fields = Fields::new();
    let file = source(a, &mut fields)?;
    if let Some(name) = &a.name {
        fields.push(("name", validate::name(name).map_err(field)?));
    }
    if let Some(title) = &a.title {
        // The API's `display_name` is this tool's `title`: a refusal names the argument sent.
        let title = validate::display_name(title)
            .map_err(|e| Failure::invalid("title", &e.issue, e.hint))?;
        fields.push(("display_name", title));
    }
    placement(a, &mut fields);
    expiry(a, &mut fields)?;
    let inspired_by = a.inspired_by.clone().unwrap_or_default();
    if inspired_by.len() > validate::INSPIRED_BY_MAX {
        return Err(Failure::invalid("inspired_by", "length", "up to 10 ids"));
    }
    for id in inspired_by {
        fields.push(("inspired_by", id.to_string()));
    }
    fields.push(("uploaded_via", "claude_mcp".into()));
    Ok(Upload { fields, file })
}

/// Exactly one of `path`, `content`, `content_base64`. Inline bytes take their type from
/// `file_name`, and their name and title from its stem when the agent gave none.
fn source(a: &DropArgs<'_>, fields: &mut Fields) -> Result<FileSource, Failure> {
    let given = [&a.path, &a.content, &a.content_base64];
    if given.iter().filter(|g| g.is_some()).count() != 1 {
        return Err(Failure::invalid(
            "content",
            "required",
            "give exactly one of `path`, `content` or `content_base64`",
        ));
    }
    if let Some(p) = &a.path {
        return Ok(FileSource::Path(p.to_string()));
    }
    let file_name = a.file_name.ok_or_else(|| {
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
    let bytes = match (&a.content, &a.content_base64) {
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
    if a.name.is_none() {
        fields.push(("name", validate::derive_name(stem)));
    }
    if a.title.is_none() {
        if let Ok(title) = validate::display_name(stem.trim()) {
            fields.push(("display_name", title));
        }
    }
    Ok(FileSource::Inline {
        file_name: file_name.to_string(),
        bytes,
    })
}

/// Scope and visibility with their defaults: personal and org, or space and space with a space.
fn placement(a: &DropArgs<'_>, fields: &mut Fields) {
    let scope = a.scope.unwrap_or(if a.space_id.is_some() {
        "space"
    } else {
        "personal"
    });
    let visibility = a
        .visibility
        .unwrap_or(if scope == "space" { "space" } else { "org" });
    fields.push(("scope", scope.to_string()));
    fields.push(("visibility", visibility.to_string()));
    if let Some(space) = &a.space_id {
        fields.push(("space_id", space.to_string()));
    }
}

/// A pin reason (no expiry), or the days until it expires.
fn expiry(a: &DropArgs<'_>, fields: &mut Fields) -> Result<(), Failure> {
    match &a.pin_reason {
        Some(reason) => {
            fields.push(("pin_reason", validate::pin_reason(reason).map_err(field)?));
            fields.push(("expires_in_days", "null".into()));
        }
        None => {
            let days = a.expires_in_days.unwrap_or(validate::DEFAULT_EXPIRES_DAYS);
            fields.push(("expires_in_days", days.to_string()));
        }
    }
    Ok(())
}

fn decode_base64(text: &str) -> Result<Vec<u8>, Failure> {
    use base64::Engine;
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD
        .decode(clean)
        .map_err(|_| Failure::invalid("content_base64", "format", "standard base64"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::Tool;

    fn upload_of(args: Value) -> Result<Upload, Failure> {
        match Tool::parse("drop", &args)? {
            Tool::Drop(a) => upload(&a),
            other => panic!("not a drop: {other:?}"),
        }
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
    fn text_bounds_are_the_schema_s_and_a_refusal_names_the_argument_sent() {
        let refused = |v: Value| {
            let d = upload_of(v).unwrap_err().details[0].clone();
            (d["field"].clone(), d["issue"].clone(), d["hint"].clone())
        };
        let page = |k: &str, v: Value| json!({ "content": "x", "file_name": "a.html", k: v });
        // 100 characters of four bytes each are 100, not 400: bounds count characters.
        assert!(upload_of(page("title", json!("\u{1f600}".repeat(100)))).is_ok());
        assert_eq!(
            refused(page("title", json!("a".repeat(101)))),
            (json!("title"), json!("length"), json!("1-100 characters"))
        );
        // Space only is empty once trimmed, as the API counts it; the field is still `title`.
        assert_eq!(refused(page("title", json!("  "))).0, json!("title"));
        assert!(upload_of(page("name", json!("a".repeat(40)))).is_ok());
        assert_eq!(
            refused(page("name", json!("a".repeat(41)))).0,
            json!("name")
        );
        assert_eq!(refused(page("name", json!("ab"))).0, json!("name"));
        assert!(upload_of(page("pin_reason", json!("a".repeat(280)))).is_ok());
        assert_eq!(
            refused(page("pin_reason", json!("a".repeat(281)))),
            (
                json!("pin_reason"),
                json!("length"),
                json!("5-280 characters")
            )
        );
        assert_eq!(
            refused(page("pin_reason", json!(" abc "))).0,
            json!("pin_reason")
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
}
