//! Feedback from the badge (openapi.yaml): no auth, validated, rate
//! limited per IP and entity, stored with a one-way IP hash; and the owner's
//! inbox (openapi.yaml). Errors on the POST use the flat `{ error, code }` shape.

use plug_domain::ids::EntityId;
use plug_domain::validate::{self, FieldError};
use plug_domain::views::ip_hash;
use plug_domain::wire::FeedbackEntry;
use plug_domain::FeedbackCategory;
use serde_json::{json, Value};
use worker::{Request, Response};

use super::common;
use super::paging;
use crate::auth;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{client_ip, field, header, json, read_object, Ctx};
use crate::random::new_uuid;
use crate::store::{db, entities, limits, social};

const FEEDBACK_SORT: &str = "feedback_created_at_desc";

/// An optional string: absent, `null` (what a client that always sends every field writes), empty
/// or blank is none, stored as null as an empty link note is; any other is stored trimmed, as every
/// text is (docs/api.md "Text bounds").
fn bounded_optional(
    body: &serde_json::Map<String, Value>,
    name: &str,
    max: usize,
) -> ApiResult<Option<String>> {
    match field::nullable_str(body, name)?.flatten() {
        Some(v) if v.chars().count() > max => {
            Err(FieldError::new(name, "length", format!("at most {max} characters")).into())
        }
        Some(v) => Ok(Some(v.trim_matches(validate::is_space))
            .filter(|v| !v.is_empty())
            .map(str::to_string)),
        None => Ok(None),
    }
}

/// POST /api/v2/entities/:entity_id/feedback → `{ ok: true }`.
pub async fn create(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    // The interface names the header (4.12). Checked before the body is read, so a text/plain or
    // form post (what a page can send without a preflight) stores nothing, whatever it holds.
    if !validate::is_json_media_type(&header(&req, "Content-Type").unwrap_or_default()) {
        return Err(ApiError::new(
            ErrorCode::UnsupportedMediaType,
            "send the feedback as JSON with Content-Type: application/json",
        ));
    }
    let body = read_object(&mut req).await?;
    field::only_known(
        &body,
        &["category", "text", "source", "user_agent", "page_url"],
    )?;
    let category = FeedbackCategory::parse(field::req_str(&body, "category")?)
        .ok_or_else(|| FieldError::new("category", "enum", FeedbackCategory::expected()))?;
    let text = validate::feedback_text(field::req_str(&body, "text")?)?;
    if field::req_str(&body, "source")? != "badge" {
        return Err(FieldError::new("source", "enum", "badge").into());
    }
    let user_agent = bounded_optional(&body, "user_agent", 512)?;
    let page_url = bounded_optional(&body, "page_url", 2048)?;
    let entity = match validate::is_uuid(id) {
        true => entities::find(&cx.db, &EntityId::from(id.to_ascii_lowercase())).await?,
        false => None,
    }
    // A removed drop, or one in a hidden state (archived, expired, …: 3.2), takes no feedback:
    // the same 404 as an unknown id, whoever still knows its id.
    .filter(|e| {
        e.status != plug_domain::Status::Purged
            && !plug_domain::access::collapses_to_private(e.status, e.expires_at, cx.now)
    })
    .ok_or_else(ApiError::not_found)?;
    let hashed_ip = ip_hash(cx.config.jwt_secret.as_bytes(), &client_ip(&req), cx.now);
    let ip_and_entity = format!("{hashed_ip}:{}", entity.entity_id);
    let wanted = [
        (&limits::FEEDBACK_PER_IP_AND_ENTITY, ip_and_entity.as_str()),
        (
            &limits::FEEDBACK_PER_IP_AND_ENTITY_DAILY,
            ip_and_entity.as_str(),
        ),
        (&limits::FEEDBACK_PER_ENTITY, entity.entity_id.as_str()),
    ];
    let feedback_id: String = new_uuid();
    // Both limits are admitted in the insert's batch: a refused entry leaves nothing behind.
    let mut statements = Vec::with_capacity(wanted.len() + 1);
    for (limit, key) in &wanted {
        statements.push(limits::admit_statement(&cx.db, limit, key, cx.now)?);
    }
    statements.push(social::insert_feedback(
        &cx.db,
        &social::NewFeedback {
            feedback_id: &feedback_id,
            entity_id: &entity.entity_id,
            category,
            text: &text,
            user_agent: user_agent.as_deref(),
            page_url: page_url.as_deref(),
            ip_hash: &hashed_ip,
            now: cx.now,
        },
    )?);
    match db::batch(&cx.db, statements).await {
        Err(e) if limits::is_full(&e) => Err(limits::refusal_of(&cx.db, &wanted, cx.now).await?),
        Err(e) => Err(e),
        Ok(()) => json(200, &json!({ "ok": true })),
    }
}

/// GET /api/v2/entities/:id/feedback: the owner's and grid admins' inbox, newest first.
pub async fn list(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let seen = common::load_visible(cx, Some(&caller), id, None).await?;
    if !seen.owner_or_admin() {
        return Err(ApiError::forbidden(
            "only the owner or a grid admin can read feedback",
        ));
    }
    let pairs = paging::list_query(&req, paging::PAGE_PARAMS)?;
    let page = paging::page_request(&pairs, FEEDBACK_SORT)?;
    let mut rows =
        social::list_feedback(&cx.db, &seen.row.entity_id, page.after, page.limit).await?;
    let next = paging::next_cursor(&mut rows, page.limit, FEEDBACK_SORT, |r| {
        (r.created_at, r.feedback_id.clone())
    });
    let items: Vec<FeedbackEntry> = rows.into_iter().map(FeedbackEntry::from).collect();
    paging::envelope(items, next)
}
