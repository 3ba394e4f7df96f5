//! `/authorize`: the person lets an MCP client (an app) into Plug. The request is checked (a
//! registered client and redirect URI, PKCE S256, the `/mcp` resource), kept for ten minutes under
//! a random secret in an HttpOnly cookie, and the person signs in: at the team's OpenID provider
//! (Plug's web client, redirect `BASE_URL/oauth/callback`), or, with none configured, with a Plug
//! token as the web app signs in. Plug's consent page then names the app, where the answer goes
//! and asks for the grid; its POST carries a CSRF token made for that request, and ends it.

use plug_domain::oauth;
use plug_render::escape::attr as escape_html;
use worker::{Request, Response};

use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::http::{cookie, header, query, query_pairs, Ctx};
use crate::random::{hex, random_bytes};
use crate::routes::oauth::{form_pairs, resource, CODE_TTL_MS};
use crate::store::directory;
use crate::store::oauth::{self as store, NewPending, Pending};

const COOKIE: &str = "plug_oauth";
const REQUEST_TTL_MS: i64 = 600_000;

fn callback_url(cx: &Ctx) -> String {
    format!("{}/oauth/callback", cx.config.base_url)
}

/// `GET /authorize`.
pub async fn start(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let q = query_pairs(&req);
    let get = |n: &str| query(&q, n).filter(|v| !v.is_empty());
    let Some(client_id) = get("client_id") else {
        return page(400, "Not a valid request", "<p>client_id is missing.</p>");
    };
    let Some(client) = store::client(&cx.db, client_id).await? else {
        return page(
            404,
            "Unknown app",
            "<p>This app is not registered with Plug.</p>",
        );
    };
    let registered = client.redirect_uris();
    let redirect_uri = match get("redirect_uri") {
        Some(uri) => uri.to_string(),
        None if registered.len() == 1 => registered[0].clone(),
        None => {
            return page(
                400,
                "Not a valid request",
                "<p>redirect_uri is missing.</p>",
            )
        }
    };
    if !oauth::redirect_uri_matches(&registered, &redirect_uri) {
        // Never redirect to an address the app did not register (RFC 6749 4.1.2.1).
        return page(
            400,
            "Unknown redirect",
            "<p>This app did not register that redirect URI.</p>",
        );
    }
    if oauth::redirect_uri_problem(&redirect_uri).is_some() {
        // Registered before today's rules (a look-alike host): never named on a consent page.
        return page(
            400,
            "Unknown redirect",
            "<p>This app's redirect URI is not one Plug can name truthfully. Register the app again.</p>",
        );
    }
    let state = get("state");
    let back = |code: &str, why: &str| {
        answer(
            cx,
            &redirect_uri,
            state,
            &[("error", code), ("error_description", why)],
        )
    };
    if get("response_type") != Some("code") {
        return back("unsupported_response_type", "response_type must be code");
    }
    let challenge = get("code_challenge").unwrap_or_default();
    if get("code_challenge_method") != Some("S256") || !oauth::is_challenge(challenge) {
        return back(
            "invalid_request",
            "PKCE is required: code_challenge with code_challenge_method S256",
        );
    }
    let mcp = resource(cx);
    if get("resource").is_some_and(|r| r != mcp) {
        return back(
            "invalid_target",
            &format!("this server authorizes {mcp} only"),
        );
    }
    let secret = hex(&random_bytes::<32>());
    let csrf = hex(&random_bytes::<32>());
    let verifier = cx.config.oidc.as_ref().map(|_| hex(&random_bytes::<32>()));
    store::insert_pending(
        &cx.db,
        &NewPending {
            secret: &secret,
            csrf: &csrf,
            client_id,
            redirect_uri: &redirect_uri,
            state,
            code_challenge: challenge,
            resource: &mcp,
            scope: get("scope"),
            provider_verifier: verifier.as_deref(),
            expires_at: cx.now + REQUEST_TTL_MS,
        },
    )
    .await?;
    let mut response = match (&cx.config.oidc, &verifier) {
        (Some(oidc), Some(verifier)) => {
            let doc = crate::oidc::discovery(cx, oidc).await?;
            let endpoint = doc.authorization_endpoint.ok_or_else(|| {
                ApiError::internal("the identity provider publishes no authorization endpoint")
            })?;
            let mut url = worker::Url::parse(&endpoint).map_err(ApiError::internal)?;
            url.query_pairs_mut()
                .append_pair("response_type", "code")
                .append_pair("client_id", &oidc.client_id)
                .append_pair("redirect_uri", &callback_url(cx))
                .append_pair("scope", "openid email profile")
                .append_pair("state", &store::hash(&secret))
                .append_pair("code_challenge", &oauth::s256(verifier))
                .append_pair("code_challenge_method", "S256");
            crate::http::redirect(url.as_str(), 302)?
        }
        _ => sign_in_page(&client.client_name, &redirect_uri, &csrf)?,
    };
    let secure = if cx.config.base_url.starts_with("https:") {
        "; Secure"
    } else {
        ""
    };
    response.headers_mut().set(
        "Set-Cookie",
        &format!("{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=600{secure}"),
    )?;
    Ok(response)
}

/// `GET /oauth/callback`: the provider's answer; the person is now known, the consent page next.
pub async fn callback(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let (Some(oidc), Some(secret)) = (&cx.config.oidc, cookie(&req, COOKIE)) else {
        return page(
            403,
            "Sign-in not started here",
            "<p>Start again from your app.</p>",
        );
    };
    let q = query_pairs(&req);
    let Some(pending) = store::pending(&cx.db, &secret, None, cx.now).await? else {
        return page(403, "Sign-in expired", "<p>Start again from your app.</p>");
    };
    if query(&q, "state") != Some(store::hash(&secret).as_str()) {
        return page(
            403,
            "Sign-in not started here",
            "<p>Start again from your app.</p>",
        );
    }
    let Some(code) = query(&q, "code") else {
        let why = query(&q, "error").unwrap_or("access_denied");
        return answer(
            cx,
            &pending.redirect_uri,
            pending.state.as_deref(),
            &[("error", "access_denied"), ("error_description", why)],
        );
    };
    let endpoint = crate::oidc::discovery(cx, oidc)
        .await?
        .token_endpoint
        .ok_or_else(|| ApiError::internal("the identity provider publishes no token endpoint"))?;
    let callback = callback_url(cx);
    let verifier = pending.provider_verifier.clone().unwrap_or_default();
    let mut pairs = vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", callback.as_str()),
        ("client_id", oidc.client_id.as_str()),
        ("code_verifier", verifier.as_str()),
    ];
    if let Some(s) = &oidc.client_secret {
        pairs.push(("client_secret", s));
    }
    let (status, text) = crate::oidc::post_form(oidc, &endpoint, &pairs).await?;
    let body: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    // The same token the web app would send: the ID token, or the access token with OIDC_AUDIENCE.
    let kind = if oidc.audience.is_some() {
        "access_token"
    } else {
        "id_token"
    };
    let Some(token) = body[kind].as_str().filter(|_| status == 200) else {
        return page(
            502,
            "Sign-in failed",
            "<p>The identity provider did not sign you in.</p>",
        );
    };
    let user_id = match verified(cx, oidc, token).await {
        Ok(user_id) => user_id,
        Err(e) => {
            return page(
                e.status(),
                "Sign-in refused",
                &format!("<p>{}</p>", escape_html(&e.message)),
            )
        }
    };
    consent_page(cx, &pending, &user_id, &secret).await
}

async fn verified(
    cx: &Ctx,
    oidc: &crate::config::OidcConfig,
    token: &str,
) -> ApiResult<plug_domain::ids::UserId> {
    let identity = crate::oidc::verify(cx, oidc, token).await?;
    crate::oidc::user_of(cx, &identity).await
}

/// `POST /authorize` (a form): `action=signin` with a Plug `token` (no provider configured), or
/// `action=allow` with a `grid`, or `action=deny`; always with the page's `csrf`.
pub async fn answer_form(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let body = crate::http::read_capped(&mut req, 16 * 1024)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b).ok());
    let pairs = form_pairs(&body.unwrap_or_default());
    let field = |n: &str| query(&pairs, n).unwrap_or_default();
    let refused = || {
        page(403, "Not allowed", "<p>This answer did not come from Plug's consent page in this browser, or it expired. Start again from your app.</p>")
    };
    let Some(secret) = cookie(&req, COOKIE) else {
        return refused();
    };
    let csrf = field("csrf");
    if csrf.is_empty() || !same_origin_post(cx, &req) {
        return refused();
    }
    if field("action") == "signin" && cx.config.oidc.is_none() {
        let Some(pending) = store::pending(&cx.db, &secret, Some(csrf), cx.now).await? else {
            return refused();
        };
        let user = match auth::verify_user(cx, field("token").trim()).await {
            Ok(user) => user,
            Err(e) => {
                return page(
                    401,
                    "Sign-in refused",
                    &format!("<p>{}</p>", escape_html(&e.message)),
                )
            }
        };
        return consent_page(cx, &pending, &user.user_id, &secret).await;
    }
    let Some(pending) = store::take_pending(&cx.db, &secret, csrf, cx.now).await? else {
        return refused();
    };
    let state = pending.state.as_deref();
    if field("action") != "allow" {
        return answer(
            cx,
            &pending.redirect_uri,
            state,
            &[
                ("error", "access_denied"),
                ("error_description", "the person declined"),
            ],
        );
    }
    let Some(user_id) = pending.user_id.clone() else {
        return refused();
    };
    let memberships = directory::user_with_memberships(&cx.db, &user_id, None)
        .await?
        .map(|(_, m)| m)
        .unwrap_or_default();
    let Some(grid) = memberships.iter().find(|m| m.grid.slug == field("grid")) else {
        return answer(
            cx,
            &pending.redirect_uri,
            state,
            &[
                ("error", "access_denied"),
                ("error_description", "no grid of yours was chosen"),
            ],
        );
    };
    let code = hex(&random_bytes::<32>());
    store::insert_code(
        &cx.db,
        &code,
        &pending,
        &user_id,
        &grid.grid.grid_id,
        cx.now + CODE_TTL_MS,
    )
    .await?;
    answer(cx, &pending.redirect_uri, state, &[("code", &code)])
}

/// A form POST from Plug's own page: a browser's `Origin` (or fetch metadata) must say so.
fn same_origin_post(cx: &Ctx, req: &Request) -> bool {
    match (header(req, "Origin"), header(req, "Sec-Fetch-Site")) {
        (Some(origin), _) => origin == cx.config.base_url,
        (None, Some(site)) => site == "same-origin",
        (None, None) => true,
    }
}

/// The redirect back to the app: its parameters, `state` as sent, and `iss` (RFC 9207).
fn answer(
    cx: &Ctx,
    redirect_uri: &str,
    state: Option<&str>,
    params: &[(&str, &str)],
) -> ApiResult<Response> {
    let mut url = worker::Url::parse(redirect_uri).map_err(ApiError::internal)?;
    {
        let mut q = url.query_pairs_mut();
        q.extend_pairs(params);
        if let Some(state) = state {
            q.append_pair("state", state);
        }
        q.append_pair("iss", &cx.config.base_url);
    }
    let mut response = crate::http::redirect(url.as_str(), 303)?;
    response.headers_mut().set(
        "Set-Cookie",
        &format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
    )?;
    Ok(response)
}

async fn consent_page(
    cx: &Ctx,
    pending: &Pending,
    user_id: &plug_domain::ids::UserId,
    secret: &str,
) -> ApiResult<Response> {
    let (user, memberships) = directory::user_with_memberships(&cx.db, user_id, None)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown user"))?;
    let csrf = hex(&random_bytes::<32>());
    store::set_pending_user(&cx.db, secret, user_id, &csrf).await?;
    let options: String = memberships
        .iter()
        .map(|m| {
            format!(
                "<option value=\"{0}\">{0}</option>",
                escape_html(&m.grid.slug)
            )
        })
        .collect();
    let body = format!(
        "<p><b><bdi>{app}</bdi></b> <small>(the name the app gave itself)</small> asks to use Plug as <b><bdi>{who}</bdi></b>: drop, list, read and share Inspirations with the tools of Plug's MCP server.</p>\
         <p>Your answer goes to <b>{host}</b>.</p>\
         <form method=\"post\" action=\"/authorize\"><input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
         <label>Grid <select name=\"grid\">{options}</select></label>\
         <p><button name=\"action\" value=\"allow\">Allow</button> <button name=\"action\" value=\"deny\">Deny</button></p></form>",
        app = escape_html(&pending.client_name),
        who = escape_html(&user.name),
        host = escape_html(&oauth::redirect_target(&pending.redirect_uri)),
    );
    page(200, "Connect an app to Plug", &body)
}

fn sign_in_page(app: &str, redirect_uri: &str, csrf: &str) -> ApiResult<Response> {
    let body = format!(
        "<p><b><bdi>{app}</bdi></b> asks to connect to Plug; the answer goes to <b>{host}</b>. Sign in first.</p>\
         <form method=\"post\" action=\"/authorize\"><input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
         <label>Your Plug token <input name=\"token\" type=\"password\" autocomplete=\"off\" required></label>\
         <p><button name=\"action\" value=\"signin\">Sign in</button></p></form>",
        app = escape_html(app),
        host = escape_html(&oauth::redirect_target(redirect_uri)),
    );
    page(200, "Sign in to Plug", &body)
}

/// One small page: no script, no framing, nothing cached.
fn page(status: u16, title: &str, body: &str) -> ApiResult<Response> {
    let html = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>{title}</title><style>body{{font:16px system-ui,sans-serif;max-width:34em;margin:3em auto;padding:0 1em}}\
         button,select{{font:inherit;padding:.3em .8em}}</style><h1>{title}</h1>{body}</html>"
    );
    let mut response = Response::from_html(html)?.with_status(status);
    let headers = response.headers_mut();
    headers.set("Cache-Control", "no-store")?;
    headers.set(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )?;
    // `same-origin`: the consent form's POST still carries Plug's `Origin` (with `no-referrer` a
    // browser sends `Origin: null`, which the POST refuses).
    headers.set("Referrer-Policy", "same-origin")?;
    Ok(response)
}
