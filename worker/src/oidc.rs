//! The team's OpenID Connect provider (README "Signing in"): its discovery document and JWKS,
//! fetched and kept per isolate; RS256/ES256 signatures checked with Web Crypto (`crypto.subtle`,
//! so no RSA or elliptic-curve code ships in the wasm); and the verified identity mapped to a Plug
//! user, created with memberships on a first sign-in when the email's domain is allowed for a grid.

use std::cell::RefCell;

use js_sys::{Function, Promise, Reflect};
use plug_domain::ids::UserId;
use plug_domain::oidc::{self, Identity, Jwks, KeyChoice, OidcExpectations};
use plug_domain::token::TokenError;
use serde::Deserialize;
use wasm_bindgen::{JsCast, JsValue};
use worker::wasm_bindgen_futures::JsFuture;

use crate::config::OidcConfig;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::Ctx;
use crate::random::new_uuid;
use crate::store::db;
use crate::store::directory::User;
use crate::store::identities;

/// The public members of the provider's discovery document the clients need.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Discovery {
    #[serde(default)]
    pub issuer: String,
    #[serde(default)]
    pub jwks_uri: String,
    #[serde(default)]
    pub authorization_endpoint: Option<String>,
    #[serde(default)]
    pub token_endpoint: Option<String>,
    #[serde(default)]
    pub device_authorization_endpoint: Option<String>,
    #[serde(default)]
    pub end_session_endpoint: Option<String>,
    #[serde(default)]
    pub revocation_endpoint: Option<String>,
}

/// What one isolate keeps of the provider: fetched on first use, the JWKS again when it is older
/// than `OIDC_JWKS_MAX_AGE`, or when a token names an unknown `kid` (at most once a minute).
#[derive(Default)]
struct Cache {
    issuer: String,
    discovery: Option<(Discovery, i64)>,
    jwks: Option<(Jwks, i64)>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

const DISCOVERY_MAX_AGE_MS: i64 = 3_600_000;
const UNKNOWN_KID_REFRESH_MS: i64 = 60_000;

fn with_cache<T>(config: &OidcConfig, f: impl FnOnce(&mut Cache) -> T) -> T {
    CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.issuer != config.issuer {
            *cache = Cache {
                issuer: config.issuer.clone(),
                ..Cache::default()
            };
        }
        f(&mut cache)
    })
}

fn unavailable(what: &str) -> ApiError {
    ApiError::unavailable(
        format!("the identity provider could not be reached ({what}); try again shortly"),
        5,
    )
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The global `fetch`, called directly: lighter in wasm than `worker::Fetch`.
    #[wasm_bindgen(js_name = fetch)]
    fn global_fetch(url: &str, init: &JsValue) -> Promise;
    /// `AbortSignal.timeout(ms)`: the fetch fails once the provider has taken that long.
    #[wasm_bindgen(js_namespace = AbortSignal, js_name = timeout)]
    fn abort_after(ms: u32) -> JsValue;
    #[wasm_bindgen(js_namespace = ["crypto", "subtle"], js_name = importKey)]
    fn import_key(
        format: &str,
        key: &JsValue,
        alg: &JsValue,
        extractable: bool,
        usages: &JsValue,
    ) -> Promise;
    #[wasm_bindgen(js_namespace = ["crypto", "subtle"], js_name = verify)]
    fn subtle_verify(alg: &JsValue, key: &JsValue, signature: &[u8], data: &[u8]) -> Promise;
}

/// How long a call to the provider may take. Discovery and keys are fetched on a person's
/// request (and a token naming an unknown key makes anyone able to trigger a key refresh once a
/// minute), so a slow provider must not hold requests: past this it is 503 with `Retry-After`.
/// The default of `OIDC_TIMEOUT_MS` (`OidcConfig::timeout_ms`); the token relay waits twice as
/// long, since the provider may check a code or a client secret.
pub const PROVIDER_TIMEOUT_MS: u32 = 5_000;

/// GETs `url`, or POSTs the url-encoded `form` to it; answers the status and the body text, or
/// 503 when the provider did not answer within `timeout_ms` (headers and body together).
async fn fetch_text(url: &str, form: Option<&str>, timeout_ms: u32) -> ApiResult<(u16, String)> {
    let init = match form {
        None => r#"{"headers":{"accept":"application/json"}}"#.to_string(),
        Some(body) => format!(
            r#"{{"method":"POST","headers":{{"accept":"application/json","content-type":"application/x-www-form-urlencoded"}},"body":{}}}"#,
            serde_json::Value::from(body)
        ),
    };
    let call = async {
        let init = js_sys::JSON::parse(&init)?;
        Reflect::set(&init, &"signal".into(), &abort_after(timeout_ms))?;
        let res = JsFuture::from(global_fetch(url, &init)).await?;
        let status = Reflect::get(&res, &"status".into())?
            .as_f64()
            .unwrap_or(0.0) as u16;
        let text: Function = Reflect::get(&res, &"text".into())?.dyn_into()?;
        let promise: Promise = text.call0(&res)?.dyn_into()?;
        let body = JsFuture::from(promise)
            .await?
            .as_string()
            .unwrap_or_default();
        Ok::<_, JsValue>((status, body))
    };
    call.await.map_err(|_| unavailable(url))
}

/// POSTs a form to one of the provider's endpoints; answers its status and body as they are.
pub async fn post_form(
    config: &OidcConfig,
    url: &str,
    pairs: &[(&str, &str)],
) -> ApiResult<(u16, String)> {
    let mut encoded = worker::Url::parse("x:/").map_err(ApiError::internal)?;
    encoded.query_pairs_mut().extend_pairs(pairs);
    fetch_text(
        url,
        Some(encoded.query().unwrap_or_default()),
        config.timeout_ms.saturating_mul(2),
    )
    .await
}

async fn get_json<T: serde::de::DeserializeOwned>(config: &OidcConfig, url: &str) -> ApiResult<T> {
    match fetch_text(url, None, config.timeout_ms).await? {
        (200, text) => serde_json::from_str(&text).map_err(|_| unavailable(url)),
        _ => Err(unavailable(url)),
    }
}

/// The provider's discovery document (cached an hour), checked to name the configured issuer.
pub async fn discovery(cx: &Ctx, config: &OidcConfig) -> ApiResult<Discovery> {
    let cached = with_cache(config, |c| c.discovery.clone());
    if let Some((doc, at)) = cached {
        if cx.now - at < DISCOVERY_MAX_AGE_MS {
            return Ok(doc);
        }
    }
    let url = format!("{}/.well-known/openid-configuration", config.issuer);
    let doc = match get_json::<Discovery>(config, &url).await {
        Ok(doc) => doc,
        // A provider without discovery (Cloudflare Access) names its keys by OIDC_JWKS_URL.
        Err(e) => match &config.jwks_url {
            Some(jwks_uri) => Discovery {
                issuer: config.issuer.clone(),
                jwks_uri: jwks_uri.clone(),
                ..Discovery::default()
            },
            None => return Err(e),
        },
    };
    if doc.issuer.trim_end_matches('/') != config.issuer {
        return Err(ApiError::internal(format!(
            "the discovery document names issuer {} but OIDC_ISSUER is {}",
            doc.issuer, config.issuer
        )));
    }
    let now = cx.now;
    with_cache(config, |c| c.discovery = Some((doc.clone(), now)));
    Ok(doc)
}

async fn jwks(cx: &Ctx, config: &OidcConfig, refresh: bool) -> ApiResult<Jwks> {
    let cached = with_cache(config, |c| c.jwks.clone());
    if let Some((keys, at)) = &cached {
        let age = cx.now - at;
        let fresh = age < config.jwks_max_age * 1000;
        let may_refresh = age >= UNKNOWN_KID_REFRESH_MS.min(config.jwks_max_age * 1000);
        if (fresh && !refresh) || (refresh && !may_refresh) {
            return Ok(keys.clone());
        }
    }
    let uri = match &config.jwks_url {
        Some(uri) => uri.clone(),
        None => discovery(cx, config).await?.jwks_uri,
    };
    let keys: Jwks = get_json(config, &uri).await?;
    let now = cx.now;
    with_cache(config, |c| c.jwks = Some((keys.clone(), now)));
    Ok(keys)
}

fn refused(e: TokenError) -> ApiError {
    ApiError::unauthorized(match e {
        TokenError::Expired => "token expired",
        TokenError::MissingExpiry => "token has no exp claim",
        TokenError::Algorithm => "token algorithm must be HS256, RS256 or ES256",
        TokenError::Issuer => "token is not from the configured identity provider",
        TokenError::Audience => "token is not meant for this Plug (audience)",
        TokenError::Signature => "token signature does not match the identity provider's keys",
        _ => "invalid token",
    })
}

/// Verifies a provider token: signature against the provider's published key, then the claims.
pub async fn verify(cx: &Ctx, config: &OidcConfig, token: &str) -> ApiResult<Identity> {
    let parsed = oidc::parse(token).map_err(refused)?;
    // The issuer is checked before any fetch: a stranger's token costs no request to the provider.
    if parsed
        .claims
        .iss
        .as_deref()
        .map(|i| i.trim_end_matches('/'))
        != Some(&config.issuer)
    {
        return Err(refused(TokenError::Issuer));
    }
    let mut keys = jwks(cx, config, false).await?;
    let key = match oidc::choose_key(&keys, &parsed.header) {
        KeyChoice::Found(key) => key.clone(),
        KeyChoice::Unknown => {
            // A provider that fails to answer the refresh leaves the keys Plug has: the token is
            // then simply signed by a key Plug does not know.
            keys = jwks(cx, config, true).await.unwrap_or(keys);
            match oidc::choose_key(&keys, &parsed.header) {
                KeyChoice::Found(key) => key.clone(),
                KeyChoice::Unknown => {
                    return Err(ApiError::unauthorized(
                        "token is signed by a key the identity provider does not publish",
                    ))
                }
            }
        }
    };
    let jwk = key
        .public_jwk()
        .ok_or_else(|| refused(TokenError::Signature))?;
    let ok = signature_ok(
        &jwk,
        &parsed.header.alg,
        parsed.signing_input.as_bytes(),
        &parsed.signature,
    )
    .await
    .unwrap_or(false);
    if !ok {
        return Err(refused(TokenError::Signature));
    }
    let audiences = config.audiences();
    let expect = OidcExpectations {
        issuer: &config.issuer,
        audiences: &audiences,
        id_tokens: config.audience.is_none(),
        clients: &[&config.client_id, &config.cli_client_id],
        trust_email: config.trust_email,
    };
    let mut identity = oidc::check_claims(&parsed.claims, cx.now, &expect).map_err(refused)?;
    identity.issuer = config.issuer.clone();
    Ok(identity)
}

/// RSASSA-PKCS1-v1_5 or ECDSA P-256 over SHA-256, by Web Crypto.
async fn signature_ok(
    jwk: &str,
    alg: &str,
    input: &[u8],
    signature: &[u8],
) -> Result<bool, JsValue> {
    let (import, check) = match alg {
        "RS256" => (
            r#"{"name":"RSASSA-PKCS1-v1_5","hash":"SHA-256"}"#,
            r#"{"name":"RSASSA-PKCS1-v1_5"}"#,
        ),
        "ES256" if signature.len() == 64 => (
            r#"{"name":"ECDSA","namedCurve":"P-256"}"#,
            r#"{"name":"ECDSA","hash":"SHA-256"}"#,
        ),
        _ => return Ok(false),
    };
    let parse = js_sys::JSON::parse;
    let usages = parse(r#"["verify"]"#)?;
    let key = JsFuture::from(import_key(
        "jwk",
        &parse(jwk)?,
        &parse(import)?,
        false,
        &usages,
    ))
    .await?;
    let verdict = JsFuture::from(subtle_verify(&parse(check)?, &key, signature, input)).await?;
    Ok(verdict.as_bool() == Some(true))
}

/// The Plug user of a verified identity: the linked one, or on a first sign-in a new user with a
/// membership (role member) in every grid that allows the verified email's domain. An identity
/// with no such grid is refused (403) and nothing is written.
/// The link is kept in the isolate memo (`cache::IDENTITIES`), so a signed-in request mostly
/// costs no extra D1 round trip, and an operator's re-link (`PUT /admin/v1/users/:user/identity`)
/// holds from the next request here and within the memo's 5 s everywhere: kept for good, an
/// identity linked by mistake kept acting as the account it was taken from.
pub async fn user_of(cx: &Ctx, id: &Identity) -> ApiResult<UserId> {
    use crate::cache::IDENTITIES;
    let key = format!("{}\n{}", id.issuer, id.subject);
    if let Some(Some(user_id)) = IDENTITIES.with(|m| m.get(&key, cx.now)).as_deref() {
        return Ok(UserId::from(user_id.as_str()));
    }
    match identities::user_of(&cx.db, &id.issuer, &id.subject).await? {
        Some(user_id) => {
            let kept = std::rc::Rc::new(Some(user_id.to_string()));
            IDENTITIES.with(|m| m.put(key, cx.now, kept));
            Ok(user_id)
        }
        None => first_sign_in(cx, id).await,
    }
}

async fn first_sign_in(cx: &Ctx, id: &Identity) -> ApiResult<UserId> {
    let Some(email) = id.verified_email.as_deref() else {
        return Err(ApiError::new(
            ErrorCode::Forbidden,
            "your identity provider did not confirm a verified email address, so Plug cannot \
             tell which grid you belong to: ask your Plug operator to link your account",
        ));
    };
    let domain = oidc::email_domain(email).unwrap_or_default();
    let grids = identities::grids_allowing(&cx.db, &domain).await?;
    if grids.is_empty() {
        return Err(ApiError::new(
            ErrorCode::Forbidden,
            format!(
                "{email} cannot sign in here: no grid on this Plug allows the email domain \
                 {domain}. Ask your Plug operator to allow it, or sign in with your work account."
            ),
        ));
    }
    let base = oidc::slug_from_email(email);
    // The provider's name as the operator API would take it, else the email's local part: a name
    // with an RTL override would turn the words shown after it around (docs/security.md, round 12).
    let name = id
        .name
        .as_deref()
        .and_then(|n| plug_domain::validate::person_name("name", n).ok())
        .unwrap_or_else(|| email.split('@').next().unwrap_or(email).to_string());
    // The slug from the email, or with a random suffix when that is taken.
    for attempt in 0..3 {
        let mut slug = base.clone();
        if attempt > 0 {
            slug.push('-');
            slug.push_str(&crate::random::hex(&crate::random::random_bytes::<2>()));
        }
        let user = User {
            user_id: new_uuid(),
            slug,
            name: name.clone(),
        };
        let created = identities::create_signed_in_user(
            &cx.db,
            &user,
            &id.issuer,
            &id.subject,
            Some(email),
            &grids,
            cx.now,
        )
        .await;
        match created {
            Ok(()) => return Ok(user.user_id),
            Err(e) if !db::violated_unique(&e, None) => return Err(e),
            // Signed in twice at once: the other request created the user.
            Err(_) => {
                if let Some(user_id) = identities::user_of(&cx.db, &id.issuer, &id.subject).await? {
                    return Ok(user_id);
                }
            }
        }
    }
    Err(ApiError::internal("no free user slug for a first sign-in"))
}
