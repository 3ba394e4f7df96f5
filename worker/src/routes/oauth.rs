//! Plug as the OAuth 2.1 authorization server of its own MCP resource, `BASE_URL/mcp` (MCP
//! authorization; README "Remote MCP with a sign-in"): the metadata documents (RFC 9728, RFC
//! 8414), dynamic client registration (RFC 7591), the token endpoint (authorization code with PKCE
//! S256, rotating refresh tokens, RFC 8707 `resource`), revocation (RFC 7009), and a person's
//! connected apps (listed and disconnected by the web app's settings and `plug apps`). The consent
//! page and the sign-in it needs are in `consent`. Every refusal of the OAuth endpoints is an RFC
//! 6749 error object `{ error, error_description }`; the connected-apps routes answer as the API.

use plug_domain::oauth;
use plug_domain::time::iso;
use plug_domain::validate;
use plug_domain::wire::{ConnectedApp, Page};
use serde_json::{Map, Value};
use worker::{Request, Response};

use crate::error::ApiResult;
use crate::http::{client_ip, header, Ctx};
use crate::random::{hex, random_bytes};
use crate::store::limits::{self, Limit, HOUR_MS};
use crate::store::oauth as store;

/// An access token lives an hour; a refresh token 30 days (each use rotates it); a code 2 minutes.
pub const ACCESS_TTL_S: i64 = 3600;
const REFRESH_TTL_MS: i64 = 30 * 86_400_000;
pub const CODE_TTL_MS: i64 = 120_000;
/// How Plug's access tokens begin (the refresh tokens: `plug_rt_`).
pub const ACCESS_PREFIX: &str = "plug_at_";
/// The only scope: the MCP tools, as the person could use them in the grid they chose.
pub const SCOPE: &str = "mcp";
const MAX_BODY: usize = 16 * 1024;
const FORM: &str = "send a form (application/x-www-form-urlencoded) of at most 16 KiB";

/// Registrations per client address.
pub const REGISTRATIONS_PER_IP: Limit = Limit::new("oauth_registrations_per_ip", 20, HOUR_MS);

/// The protected resource: `/mcp` on the API origin.
pub fn resource(cx: &Ctx) -> String {
    format!("{}/mcp", cx.config.base_url)
}

/// Where `/mcp`'s protected-resource metadata is (its 401 names it).
pub fn resource_metadata_url(cx: &Ctx) -> String {
    format!(
        "{}/.well-known/oauth-protected-resource/mcp",
        cx.config.base_url
    )
}

/// JSON written as text (the documents here are fixed shapes: templates cost the upload less
/// than building values).
fn json_text(status: u16, body: String, cache: &str) -> ApiResult<Response> {
    let mut response = Response::ok(body)?.with_status(status);
    let headers = response.headers_mut();
    headers.set("Content-Type", "application/json")?;
    headers.set("Cache-Control", cache)?;
    Ok(response)
}

/// A string as a JSON string literal.
fn quoted(s: &str) -> String {
    Value::from(s).to_string()
}

/// An RFC 6749 5.2 error answer.
pub fn error(status: u16, code: &str, description: &str) -> ApiResult<Response> {
    json_text(
        status,
        format!(
            r#"{{"error":"{code}","error_description":{}}}"#,
            quoted(description)
        ),
        "no-store",
    )
}

fn cacheable(body: String) -> ApiResult<Response> {
    json_text(200, body, "public, max-age=300")
}

/// `GET /.well-known/oauth-protected-resource[/mcp]` (RFC 9728).
pub async fn protected_resource(cx: &Ctx, _req: Request) -> ApiResult<Response> {
    cacheable(format!(
        r#"{{"resource":"{}","authorization_servers":["{}"],"scopes_supported":["{SCOPE}"],"bearer_methods_supported":["header"],"resource_name":{}}}"#,
        resource(cx),
        cx.config.base_url,
        quoted(&cx.config.platform_name)
    ))
}

/// `GET /.well-known/oauth-authorization-server` (RFC 8414).
pub async fn authorization_server(cx: &Ctx, _req: Request) -> ApiResult<Response> {
    let base = &cx.config.base_url;
    cacheable(format!(
        r#"{{"issuer":"{base}","authorization_endpoint":"{base}/authorize","token_endpoint":"{base}/token","registration_endpoint":"{base}/register","revocation_endpoint":"{base}/revoke","scopes_supported":["{SCOPE}"],"response_types_supported":["code"],"grant_types_supported":["authorization_code","refresh_token"],"code_challenge_methods_supported":["S256"],"token_endpoint_auth_methods_supported":["none"],"authorization_response_iss_parameter_supported":true,"client_id_metadata_document_supported":false}}"#
    ))
}

async fn body_text(req: &mut Request) -> Option<String> {
    let bytes = crate::http::read_capped(req, MAX_BODY).await.ok()?;
    String::from_utf8(bytes).ok()
}

/// `POST /register` (RFC 7591): a public client (PKCE, no secret) with its redirect URIs, at most
/// 20 an hour from one address.
pub async fn register(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    if let Err(e) = limits::take(&cx.db, &REGISTRATIONS_PER_IP, &client_ip(&req), cx.now).await {
        let mut response = error(429, "too_many_requests", &e.message)?;
        if let Some(after) = e.retry_after {
            response
                .headers_mut()
                .set("Retry-After", &after.max(1).to_string())?;
        }
        return Ok(response);
    }
    let Some(Ok(Value::Object(meta))) = body_text(&mut req)
        .await
        .map(|t| serde_json::from_str::<Value>(&t))
    else {
        return error(
            400,
            "invalid_client_metadata",
            "the body must be a JSON object of at most 16 KiB",
        );
    };
    let (name, uris) = match client_metadata(&meta) {
        Ok(found) => found,
        Err((code, why)) => return error(400, code, &why),
    };
    let client_id = format!("plug_c_{}", hex(&random_bytes::<16>()));
    let uris = Value::from(uris).to_string();
    store::insert_client(&cx.db, &client_id, &name, &uris, cx.now).await?;
    json_text(
        201,
        format!(
            r#"{{"client_id":"{client_id}","client_id_issued_at":{},"client_name":{},"redirect_uris":{uris},"grant_types":["authorization_code","refresh_token"],"response_types":["code"],"token_endpoint_auth_method":"none","scope":"{SCOPE}"}}"#,
            cx.now / 1000,
            quoted(&name)
        ),
        "no-store",
    )
}

type Refusal = (&'static str, String);

/// The name and redirect URIs of a registration, or the RFC 7591 error.
fn client_metadata(meta: &Map<String, Value>) -> Result<(String, Vec<String>), Refusal> {
    let bad = |why: &str| ("invalid_client_metadata", why.to_string());
    let uris = match meta.get("redirect_uris") {
        Some(Value::Array(list)) if !list.is_empty() && list.len() <= oauth::MAX_REDIRECT_URIS => {
            list
        }
        _ => return Err(bad("redirect_uris must be a list of 1 to 8 URIs")),
    };
    let mut out = Vec::new();
    for uri in uris {
        let uri = uri.as_str().unwrap_or_default();
        if let Some(why) = oauth::redirect_uri_problem(uri) {
            return Err((
                "invalid_redirect_uri",
                format!("redirect_uris: {uri:?} {why}"),
            ));
        }
        out.push(uri.to_string());
    }
    for (field, allowed) in [
        ("grant_types", &["authorization_code", "refresh_token"][..]),
        ("response_types", &["code"][..]),
    ] {
        if let Some(list) = meta.get(field) {
            let ok = list.as_array().is_some_and(|l| {
                l.iter()
                    .all(|v| v.as_str().is_some_and(|s| allowed.contains(&s)))
            });
            if !ok {
                return Err(bad(&format!(
                    "{field} may only hold {}",
                    allowed.join(", ")
                )));
            }
        }
    }
    let name = match meta.get("client_name") {
        None | Some(Value::Null) => "An unnamed app".to_string(),
        Some(Value::String(s))
            if !validate::trim_space(s).is_empty()
                && s.chars().count() <= oauth::MAX_CLIENT_NAME
                && oauth::client_name_shows_as_written(s) =>
        {
            validate::trim_space(s).to_string()
        }
        Some(_) => {
            return Err(bad(
                "client_name must be 1 to 100 characters, without control or bidirectional formatting characters",
            ))
        }
    };
    Ok((name, out))
}

/// A form body as pairs.
pub fn form_pairs(text: &str) -> Vec<(String, String)> {
    worker::Url::parse(&format!("x:/?{text}"))
        .map(|u| u.query_pairs().into_owned().collect())
        .unwrap_or_default()
}

fn get<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    crate::http::query(pairs, name).filter(|v| !v.is_empty())
}

/// `POST /token`: `authorization_code` (PKCE S256; the code once, within 2 minutes, for the same
/// client, redirect URI and resource) or `refresh_token` (rotated: the old one is spent).
pub async fn token(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let form = header(&req, "Content-Type")
        .is_some_and(|t| t.starts_with("application/x-www-form-urlencoded"));
    let Some(text) = body_text(&mut req).await.filter(|_| form) else {
        return error(400, "invalid_request", FORM);
    };
    let pairs = form_pairs(&text);
    let Some(client_id) = get(&pairs, "client_id") else {
        return error(
            401,
            "invalid_client",
            "client_id is required (public clients, RFC 6749 3.2.1)",
        );
    };
    if store::client(&cx.db, client_id).await?.is_none() {
        return error(401, "invalid_client", "unknown client_id: register first");
    }
    if let Some(asked) = get(&pairs, "resource") {
        if asked != resource(cx) {
            return error(
                400,
                "invalid_target",
                &format!("this server issues tokens for {} only", resource(cx)),
            );
        }
    }
    match get(&pairs, "grant_type") {
        Some("authorization_code") => exchange_code(cx, &pairs, client_id).await,
        Some("refresh_token") => refresh(cx, &pairs, client_id).await,
        Some(_) => error(
            400,
            "unsupported_grant_type",
            "authorization_code or refresh_token",
        ),
        None => error(400, "invalid_request", "grant_type is required"),
    }
}

async fn exchange_code(
    cx: &Ctx,
    pairs: &[(String, String)],
    client_id: &str,
) -> ApiResult<Response> {
    let Some(code) = get(pairs, "code") else {
        return error(400, "invalid_request", "code is required");
    };
    let Some(found) = store::redeem_code(&cx.db, code, cx.now).await? else {
        // Used before: whatever it was exchanged for ends too.
        store::replayed(&cx.db, code).await?;
        return error(
            400,
            "invalid_grant",
            "the code is unknown, expired or already used",
        );
    };
    if found.client_id != client_id {
        return error(
            400,
            "invalid_grant",
            "the code was issued to another client",
        );
    }
    if get(pairs, "redirect_uri") != Some(found.redirect_uri.as_str()) {
        return error(
            400,
            "invalid_grant",
            "redirect_uri must be the one of the authorization request",
        );
    }
    let verifier = get(pairs, "code_verifier").unwrap_or_default();
    if !oauth::pkce_ok(verifier, &found.code_challenge) {
        return error(
            400,
            "invalid_grant",
            "code_verifier does not match the code_challenge (PKCE S256)",
        );
    }
    let member = match (&found.grid_id, &found.user_id) {
        (Some(grid), Some(user)) => crate::store::directory::role_in(&cx.db, grid, user).await?,
        _ => None,
    };
    if member.is_none() {
        return error(
            400,
            "invalid_grant",
            "you are no longer a member of that grid",
        );
    }
    let grant_id = hex(&random_bytes::<16>());
    let (access, refresh) = new_tokens();
    let issue = issue(&grant_id, &access, &refresh, cx.now);
    if !store::insert_grant(&cx.db, code, &found, &issue, cx.now).await? {
        return error(
            400,
            "invalid_grant",
            "the code was presented twice, so it is no longer honoured",
        );
    }
    tokens_answer(&access, &refresh)
}

async fn refresh(cx: &Ctx, pairs: &[(String, String)], client_id: &str) -> ApiResult<Response> {
    let Some(old) = get(pairs, "refresh_token") else {
        return error(400, "invalid_request", "refresh_token is required");
    };
    let Some(grant) = store::spend_refresh(&cx.db, old, cx.now).await? else {
        store::replayed(&cx.db, old).await?;
        return error(
            400,
            "invalid_grant",
            "the refresh token is unknown, expired, used or revoked",
        );
    };
    if grant.client_id != client_id || grant.resource != resource(cx) {
        return error(
            400,
            "invalid_grant",
            "the refresh token was issued to another client",
        );
    }
    let (access, refresh) = new_tokens();
    let issue = issue(&grant.grant_id, &access, &refresh, cx.now);
    if !store::insert_tokens(&cx.db, &issue, cx.now).await? {
        return error(400, "invalid_grant", "the grant was revoked");
    }
    tokens_answer(&access, &refresh)
}

fn new_tokens() -> (String, String) {
    (
        format!("plug_at_{}", hex(&random_bytes::<32>())),
        format!("plug_rt_{}", hex(&random_bytes::<32>())),
    )
}

fn issue<'a>(grant_id: &'a str, access: &'a str, refresh: &'a str, now: i64) -> store::Issue<'a> {
    store::Issue {
        grant_id,
        access,
        access_expires_at: now + ACCESS_TTL_S * 1000,
        refresh,
        refresh_expires_at: now + REFRESH_TTL_MS,
    }
}

fn tokens_answer(access: &str, refresh: &str) -> ApiResult<Response> {
    json_text(
        200,
        format!(
            r#"{{"access_token":"{access}","token_type":"Bearer","expires_in":{ACCESS_TTL_S},"refresh_token":"{refresh}","scope":"{SCOPE}"}}"#
        ),
        "no-store",
    )
}

/// `POST /revoke` (RFC 7009): an access or refresh token ends its grant. 200 whatever it was.
pub async fn revoke(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let Some(text) = body_text(&mut req).await else {
        return error(400, "invalid_request", FORM);
    };
    let pairs = form_pairs(&text);
    let Some(token) = get(&pairs, "token") else {
        return error(400, "invalid_request", "token is required");
    };
    store::revoke_token(&cx.db, token, get(&pairs, "client_id")).await?;
    json_text(200, "{}".into(), "no-store")
}

/// `GET /api/v2/connected-apps`: the apps the caller let act for them at `/mcp`, in every grid,
/// newest first (no grid header needed).
pub async fn connected_apps(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let user = crate::auth::signed_in(cx, &req).await?;
    let items = store::grants_of(&cx.db, &user.user_id)
        .await?
        .into_iter()
        .map(|g| ConnectedApp {
            redirect_host: oauth::redirect_target(&g.redirect_uri),
            grant_id: g.grant_id,
            client_id: g.client_id,
            client_name: g.client_name,
            grid: g.grid_slug,
            created_at: iso(g.created_at),
            last_used_at: g.last_used_at.map(iso),
        })
        .collect();
    crate::http::json(200, &Page::new(items, None))
}

/// `DELETE /api/v2/connected-apps/:id`: ends one of the caller's grants; its access and refresh
/// tokens stop working at once. Another person's grant is a 404, as a missing one is.
pub async fn disconnect_app(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    crate::auth::check_cli_version(cx, &req)?;
    let user = crate::auth::signed_in(cx, &req).await?;
    if !store::end_grant(&cx.db, &user.user_id, id).await? {
        return Err(crate::error::ApiError::not_found_what("connected app"));
    }
    crate::http::no_content()
}
