//! Signing in through the team's OpenID Connect provider (platform.md 4): the public provider
//! settings the web app and `plug login` start from, and who the caller is.

use serde_json::json;
use worker::{Request, Response};

use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::http::{json, Ctx};
use crate::store::identity;

/// `GET /api/v2/auth/config`: `{ oidc: null }` when only HS256 tokens are trusted (the clients
/// then offer the paste-a-token sign-in), else the provider's public settings and endpoints, so
/// that neither client needs a deployment setting of its own. Nothing here is secret.
pub async fn config(cx: &Ctx, _req: Request) -> ApiResult<Response> {
    let Some(oidc) = &cx.config.oidc else {
        return json(200, &json!({ "oidc": null }));
    };
    let doc = crate::oidc::discovery(cx, oidc).await?;
    let mut response = json(
        200,
        &json!({ "oidc": {
            "issuer": oidc.issuer,
            "client_id": oidc.client_id,
            "cli_client_id": oidc.cli_client_id,
            "audience": oidc.audience,
            "scopes": oidc.scopes,
            // ID tokens carry the client id as `aud`; with OIDC_AUDIENCE the access token is the JWT.
            "bearer": if oidc.audience.is_some() { "access_token" } else { "id_token" },
            "authorization_endpoint": doc.authorization_endpoint,
            "token_endpoint": doc.token_endpoint,
            "device_authorization_endpoint": doc.device_authorization_endpoint,
            "end_session_endpoint": doc.end_session_endpoint,
            "revocation_endpoint": doc.revocation_endpoint,
        } }),
    )?;
    response
        .headers_mut()
        .set("Cache-Control", "public, max-age=300")?;
    Ok(response)
}

/// `GET /api/v2/me`: the signed-in user and their grids (no grid header needed). The web app
/// calls it right after a provider sign-in: this is where a first sign-in creates the user.
pub async fn me(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let token = auth::token_of(cx, &req)
        .ok_or_else(|| ApiError::unauthorized("missing Authorization: Bearer token"))?;
    let user = auth::verify_user(cx, &token).await?;
    let (user, memberships) = identity::user_with_memberships(&cx.db, &user.user_id)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown user"))?;
    let grids: Vec<_> = memberships
        .iter()
        .map(|m| json!({ "slug": m.grid.slug, "role": m.role }))
        .collect();
    json(200, &json!({ "user": user, "grids": grids }))
}
