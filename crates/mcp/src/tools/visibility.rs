//! `set_visibility`, and who can open an item, in words.

use serde_json::{json, Value};

use super::spec::SetVisibilityArgs;
use crate::{encode, Backend, Call, Failure, Method};

pub async fn set_visibility<B: Backend>(
    b: &B,
    a: &SetVisibilityArgs<'_>,
) -> Result<Value, Failure> {
    let mut body = json!({ "visibility": a.visibility });
    if let Some(spaces) = &a.visibility_spaces {
        body["visibility_spaces"] = json!(spaces);
    }
    if let Some(indexed) = a.link_indexed {
        body["link_indexed"] = json!(indexed);
    }
    let path = format!("/api/v2/entities/{}/visibility", encode(a.id));
    let changed = b.call(Call::with(Method::Patch, path, Some(body))).await?;
    Ok(json!({ "visible_to": visible_to(&changed), "visibility": changed }))
}

/// Who can open it, in words, from `visibility` and its sub-state (README "Security: what each
/// origin answers, and to whom").
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
}
