//! `context`: everything about one entity in one answer, each list bounded by its limit with a
//! cursor beyond. An Inspiration brings its shape and the Runtimes it inspired; a Runtime (no read
//! route) brings its id; both bring what inspired them and, for whoever may read it, the feedback.

use serde_json::{json, Value};

use super::spec::ContextArgs;
use super::visible_to;
use crate::{encode, Backend, Call, Failure};

const DEFAULT_CONTEXT_LIMIT: i64 = 20;

pub async fn context<B: Backend>(b: &B, a: &ContextArgs<'_>) -> Result<Value, Failure> {
    let links_limit = a.links_limit.unwrap_or(DEFAULT_CONTEXT_LIMIT);
    let read = b
        .call(Call::get(format!("/api/v2/inspirations/{}", encode(a.id))))
        .await;
    let (mut answer, entity_id) = match read {
        Ok(item) => {
            let entity_id = item["entity_id"].as_str().unwrap_or(a.id).to_string();
            let inspired = format!(
                "/api/v2/inspirations/{}/inspired-runtimes",
                encode(&entity_id)
            );
            let inspired = b.call(page(inspired, links_limit, None)).await?;
            (inspiration(item, &entity_id, inspired), entity_id)
        }
        // Not an Inspiration: a Runtime has no read route, but its links and feedback are there.
        Err(f) if f.status == 404 => {
            let sources = format!("/api/v2/runtimes/{}/inspirations", encode(a.id));
            b.call(page(sources, 1, None)).await.map_err(|_| f)?;
            (
                json!({ "entity_id": a.id, "realm": "runtime" }),
                a.id.to_string(),
            )
        }
        Err(f) => return Err(f),
    };
    let sources = format!("/api/v2/runtimes/{}/inspirations", encode(&entity_id));
    answer["inspired_by"] = b.call(page(sources, links_limit, None)).await?;
    let limit = a.feedback_limit.unwrap_or(DEFAULT_CONTEXT_LIMIT);
    let inbox = format!("/api/v2/entities/{}/feedback", encode(&entity_id));
    let feedback = b.call(page(inbox, limit, a.feedback_cursor)).await;
    with_feedback(&mut answer, feedback)?;
    Ok(answer)
}

/// One page of a list: `limit` rows from `cursor` on.
fn page(path: String, limit: i64, cursor: Option<&str>) -> Call {
    let mut call = Call::get(path);
    call.query.push(("limit", limit.to_string()));
    if let Some(c) = cursor {
        call.query.push(("cursor", c.to_string()));
    }
    call
}

/// The answer's start for an Inspiration and the Runtimes it inspired.
fn inspiration(item: Value, entity_id: &str, inspired: Value) -> Value {
    json!({
        "entity_id": entity_id,
        "realm": "inspiration",
        "url": item["url"],
        "status": item["status"],
        "visible_to": visible_to(&item),
        "view_count": item["view_count"],
        "reactions": item["reactions"],
        "inspiration": item,
        "inspired_runtimes": inspired,
    })
}

/// The feedback inbox, or why it cannot be read: only the owner and grid admins read it, and the
/// rest of the context still helps everyone else.
fn with_feedback(answer: &mut Value, feedback: Result<Value, Failure>) -> Result<(), Failure> {
    match feedback {
        Ok(feedback) => answer["feedback"] = feedback,
        Err(f) if f.status == 403 || f.status == 404 => {
            answer["feedback"] = Value::Null;
            answer["feedback_error"] = f.to_json()["error"].clone();
        }
        Err(f) => return Err(f),
    }
    Ok(())
}
