//! Reaction toggles (openapi.yaml; docs/model.md "Reactions"): any readable entity, logged
//! in, not archived, not a private Inspiration; retired kinds refused.

use plug_domain::access::reaction_refusal;
use plug_domain::validate::FieldError;
use plug_domain::wire::ReactionState;
use plug_domain::{ReactionKind, RETIRED_REACTION_KINDS};
use worker::{Request, Response};

use super::common;
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::http::{field, json, read_object, Ctx};
use crate::store::{entities, limits, social};

pub async fn toggle(cx: &Ctx, mut req: Request, id: &str) -> ApiResult<Response> {
    let limit = Some(&limits::REACTIONS_PER_USER);
    let caller = auth::caller_admitted(cx, &req, true, limit, false).await?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["kind"])?;
    let raw = field::req_str(&body, "kind")?;
    let kind = ReactionKind::parse(raw).ok_or_else(|| {
        let issue = if RETIRED_REACTION_KINDS.contains(&raw) {
            "retired"
        } else {
            "enum"
        };
        FieldError::new("kind", issue, ReactionKind::expected())
    })?;
    let seen = common::load_visible(cx, Some(&caller), id, None).await?;
    let row = &seen.row;
    if let Some(why) = reaction_refusal(row.realm, row.visibility, row.status) {
        return Err(ApiError::forbidden(why));
    }
    let after = social::toggle_reaction(
        &cx.db,
        &row.entity_id,
        &caller.user.user_id,
        kind.as_str(),
        cx.now,
    )
    .await?;
    let state = ReactionState {
        entity_id: row.entity_id.clone(),
        reactions: entities::reactions_from(after.counts.as_deref())?,
        user_reactions: after.user_reactions,
    };
    json(200, &state)
}
