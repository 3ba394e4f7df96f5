//! Signing in through the team's OpenID Connect provider (README "Signing in"): the public provider
//! settings the web app and `plug login` start from, and who the caller is.

use plug_domain::validate::FieldError;
use plug_domain::wire::{AuthConfig, GridMembership, Me, ProviderConfig, User};
use worker::{Request, Response};

use crate::auth;
use crate::config::OidcConfig;
use crate::error::{ApiError, ApiResult};
use crate::http::{field, json, read_object, Ctx};
use crate::store::directory;

/// `GET /api/v2/auth/config`: `{ oidc: null }` when only HS256 tokens are trusted (the clients
/// then offer the paste-a-token sign-in), else the provider's public settings and endpoints, so
/// that neither client needs a deployment setting of its own. Nothing here is secret.
pub async fn config(cx: &Ctx, _req: Request) -> ApiResult<Response> {
    let Some(oidc) = &cx.config.oidc else {
        return json(200, &AuthConfig { oidc: None });
    };
    let doc = crate::oidc::discovery(cx, oidc).await?;
    let provider = ProviderConfig {
        issuer: oidc.issuer.clone(),
        client_id: oidc.client_id.clone(),
        cli_client_id: oidc.cli_client_id.clone(),
        audience: oidc.audience.clone(),
        scopes: oidc.scopes.clone(),
        // ID tokens carry the client id as `aud`; with OIDC_AUDIENCE the access token is the JWT.
        bearer: if oidc.audience.is_some() {
            "access_token"
        } else {
            "id_token"
        }
        .into(),
        authorization_endpoint: doc.authorization_endpoint,
        token_endpoint: doc.token_endpoint,
        device_authorization_endpoint: doc.device_authorization_endpoint,
        end_session_endpoint: doc.end_session_endpoint,
        revocation_endpoint: doc.revocation_endpoint,
    };
    let mut response = json(
        200,
        &AuthConfig {
            oidc: Some(provider),
        },
    )?;
    response
        .headers_mut()
        .set("Cache-Control", "public, max-age=300")?;
    Ok(response)
}

/// `GET /api/v2/me`: the signed-in user and their grids (no grid header needed). The web app
/// calls it right after a provider sign-in: this is where a first sign-in creates the user.
pub async fn me(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let user = auth::signed_in(cx, &req).await?;
    let (user, memberships) = directory::user_with_memberships(&cx.db, &user.user_id, None)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown user"))?;
    let me = Me {
        user: User {
            user_id: user.user_id,
            slug: user.slug,
            name: user.name,
        },
        grids: memberships
            .into_iter()
            .map(|m| GridMembership {
                slug: m.grid.slug,
                role: m.role,
            })
            .collect(),
    };
    json(200, &me)
}

fn provider(cx: &Ctx) -> ApiResult<&OidcConfig> {
    cx.config
        .oidc
        .as_ref()
        .ok_or_else(|| ApiError::not_found_what("identity provider"))
}

/// The provider's answer passed on as it is (its JSON, its status), never cached.
fn relayed(status: u16, body: String) -> ApiResult<Response> {
    let mut response = Response::ok(body)?.with_status(status);
    let headers = response.headers_mut();
    headers.set("Content-Type", "application/json")?;
    headers.set("Cache-Control", "no-store")?;
    Ok(response)
}

/// `POST /api/v2/auth/token` `{ grant_type, code, code_verifier, redirect_uri }` or
/// `{ grant_type: "refresh_token", refresh_token }`: the web app's token requests, relayed to
/// the provider's token endpoint as the web client (with OIDC_CLIENT_SECRET when set). The app
/// then talks to its own origin only (its CSP allows nothing else), providers without CORS on
/// their token endpoint work, and a client secret never reaches a browser. The redirect URI must
/// be the web app's own.
pub async fn token(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let oidc = provider(cx)?;
    let body = read_object(&mut req).await?;
    field::only_known(
        &body,
        &[
            "grant_type",
            "code",
            "code_verifier",
            "redirect_uri",
            "refresh_token",
        ],
    )?;
    let grant = field::req_str(&body, "grant_type")?;
    let own_redirect = format!("{}/", cx.config.base_url);
    let mut pairs: Vec<(&str, &str)> = vec![("grant_type", grant), ("client_id", &oidc.client_id)];
    match grant {
        "authorization_code" => {
            let redirect = field::req_str(&body, "redirect_uri")?;
            if redirect != own_redirect {
                return Err(FieldError::new(
                    "redirect_uri",
                    "invalid",
                    format!("must be this web app's {own_redirect}"),
                )
                .into());
            }
            pairs.push(("code", field::req_str(&body, "code")?));
            pairs.push(("code_verifier", field::req_str(&body, "code_verifier")?));
            pairs.push(("redirect_uri", redirect));
        }
        "refresh_token" => pairs.push(("refresh_token", field::req_str(&body, "refresh_token")?)),
        _ => {
            return Err(FieldError::new(
                "grant_type",
                "invalid",
                "authorization_code or refresh_token",
            )
            .into())
        }
    }
    if let Some(secret) = &oidc.client_secret {
        pairs.push(("client_secret", secret));
    }
    let endpoint = crate::oidc::discovery(cx, oidc)
        .await?
        .token_endpoint
        .ok_or_else(|| ApiError::internal("the identity provider publishes no token endpoint"))?;
    let (status, text) = crate::oidc::post_form(oidc, &endpoint, &pairs).await?;
    relayed(status, text)
}

/// `POST /api/v2/auth/revoke` `{ token }`: signing out of the web app revokes its refresh token at
/// the provider (RFC 7009), as the web client. 204 whatever the provider answers.
pub async fn revoke(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let oidc = provider(cx)?;
    let body = read_object(&mut req).await?;
    field::only_known(&body, &["token"])?;
    let token = field::req_str(&body, "token")?;
    if let Some(endpoint) = crate::oidc::discovery(cx, oidc).await?.revocation_endpoint {
        let mut pairs = vec![
            ("token", token),
            ("token_type_hint", "refresh_token"),
            ("client_id", oidc.client_id.as_str()),
        ];
        if let Some(secret) = &oidc.client_secret {
            pairs.push(("client_secret", secret));
        }
        crate::oidc::post_form(oidc, &endpoint, &pairs).await?;
    }
    crate::http::no_content()
}
