//! `read`: one Inspiration, and with `include_text` the text of an HTML, markdown or React drop.

use serde_json::{json, Value};

use super::spec::ReadArgs;
use super::visible_to;
use crate::{encode, Backend, Call, Failure};

const DEFAULT_TEXT_CHARS: i64 = 50_000;

pub async fn read<B: Backend>(b: &B, a: &ReadArgs<'_>) -> Result<Value, Failure> {
    let max_chars = a.max_text_chars.unwrap_or(DEFAULT_TEXT_CHARS) as usize;
    let path = format!("/api/v2/inspirations/{}", encode(a.id));
    let item = b.call(Call::get(path)).await?;
    let mut answer = json!({ "visible_to": visible_to(&item), "inspiration": item });
    if a.include_text.unwrap_or(false) {
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
