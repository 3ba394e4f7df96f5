//! Deployment settings read once per request from the Worker's vars and secrets
//! (wrangler.toml `[vars]`, `.dev.vars` locally, `wrangler secret` in production).

use worker::{Env, Url};

/// Which of Plug's origins a request is for (README "What runs where").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Api,
    Link,
    /// A content origin, with its label (the Inspiration's entity id, when it is one).
    Content(String),
}

#[derive(Clone)]
pub struct Config {
    /// The API origin, e.g. `http://localhost:8787` (no trailing slash).
    pub base_url: String,
    /// The link origin: every `url` lives here (README "What runs where"); always different from
    /// `base_url`.
    pub serve_base_url: String,
    /// The content origins' pattern, holding `{label}`: one origin per Inspiration.
    pub content_origin: String,
    pub platform_name: String,
    pub min_cli_version: String,
    pub purge_after_days: i64,
    pub draft_ttl_days: i64,
    /// `PLUG_TEST_HOOKS=on` lets a request ask for an injected database failure (`X-Plug-Fault`),
    /// for the atomicity tests, and adds the isolate's Wasm memory to `Server-Timing`, for the
    /// memory bench. Only tests and the bench set it, and it is ignored unless the API origin is
    /// plain http on loopback, so no deployment can turn it on.
    pub test_hooks: bool,
    pub jwt_issuer: Option<String>,
    pub jwt_audience: Option<String>,
    pub admin_token: String,
    pub jwt_secret: String,
    /// The one OpenID Connect provider this deployment trusts, if any (README "Signing in").
    pub oidc: Option<OidcConfig>,
}

/// `OIDC_*` vars: the provider whose RS256/ES256 tokens sign people in.
#[derive(Clone)]
pub struct OidcConfig {
    /// `OIDC_ISSUER`: must equal the tokens' `iss` and the discovery document's `issuer`.
    pub issuer: String,
    /// `OIDC_CLIENT_ID`: the web app's client (public, authorization code + PKCE).
    pub client_id: String,
    /// `OIDC_CLIENT_SECRET` (a secret): sent by the Worker's token relay for the web client when
    /// the provider wants a confidential client (Google); never shown to the browser.
    pub client_secret: Option<String>,
    /// `OIDC_CLI_CLIENT_ID`: `plug login`'s native client; defaults to `OIDC_CLIENT_ID`.
    pub cli_client_id: String,
    /// `OIDC_AUDIENCE`: the `aud` an access token carries; unset, the client ids (ID tokens).
    pub audience: Option<String>,
    /// `OIDC_JWKS_URL`: the keys, when the provider publishes no discovery document (Access).
    pub jwks_url: Option<String>,
    /// `OIDC_SCOPES`: what the clients ask for.
    pub scopes: String,
    /// `OIDC_TRUST_EMAIL=true`: the provider only issues verified emails without saying so
    /// (Cloudflare Access, Entra ID): take `email` as verified without `email_verified`.
    pub trust_email: bool,
    /// `OIDC_JWKS_MAX_AGE` seconds a fetched JWKS is used before it is fetched again.
    pub jwks_max_age: i64,
    /// `OIDC_TIMEOUT_MS`: how long discovery and keys may take before the request is answered
    /// 503 (default 5,000); the token relay gets twice as long. Tests of a slow provider lower it.
    pub timeout_ms: u32,
}

impl OidcConfig {
    /// The `aud` values a token may carry.
    pub fn audiences(&self) -> Vec<&str> {
        match &self.audience {
            Some(a) => vec![a.as_str()],
            None => vec![self.client_id.as_str(), self.cli_client_id.as_str()],
        }
    }
}

fn oidc_from_env(env: &Env) -> Option<OidcConfig> {
    let issuer = var(env, "OIDC_ISSUER")?.trim_end_matches('/').to_string();
    let client_id = var(env, "OIDC_CLIENT_ID")?;
    Some(OidcConfig {
        issuer,
        client_secret: secret(env, "OIDC_CLIENT_SECRET"),
        cli_client_id: var(env, "OIDC_CLI_CLIENT_ID").unwrap_or_else(|| client_id.clone()),
        client_id,
        audience: var(env, "OIDC_AUDIENCE"),
        jwks_url: var(env, "OIDC_JWKS_URL"),
        scopes: var(env, "OIDC_SCOPES")
            .unwrap_or_else(|| "openid email profile offline_access".into()),
        trust_email: var(env, "OIDC_TRUST_EMAIL").is_some_and(|v| v == "true"),
        jwks_max_age: var(env, "OIDC_JWKS_MAX_AGE")
            .and_then(|v| v.parse().ok())
            .filter(|v: &i64| *v >= 0)
            .unwrap_or(600),
        timeout_ms: var(env, "OIDC_TIMEOUT_MS")
            .and_then(|v| v.parse().ok())
            .filter(|v: &u32| (1..=60_000).contains(v))
            .unwrap_or(crate::oidc::PROVIDER_TIMEOUT_MS),
    })
}

fn var(env: &Env, name: &str) -> Option<String> {
    env.var(name)
        .ok()
        .map(|v| v.to_string())
        .filter(|v| !v.trim().is_empty())
}

fn secret(env: &Env, name: &str) -> Option<String> {
    env.secret(name)
        .ok()
        .map(|v| v.to_string())
        .or_else(|| var(env, name))
        .filter(|v| !v.is_empty())
}

/// `http://localhost…` or `http://127.0.0.1…`: a Worker on this machine.
fn is_loopback_http(url: &str) -> bool {
    ["http://localhost:", "http://127.0.0.1:"]
        .iter()
        .any(|p| url.starts_with(p))
}

impl Config {
    pub fn from_env(env: &Env) -> Config {
        let trim = |s: String| s.trim_end_matches('/').to_string();
        let serve_base_url =
            trim(var(env, "SERVE_BASE_URL").unwrap_or_else(|| "http://127.0.0.1:8787".into()));
        Config {
            base_url: trim(var(env, "BASE_URL").unwrap_or_else(|| "http://localhost:8787".into())),
            content_origin: trim(
                var(env, "CONTENT_ORIGIN")
                    .filter(|p| p.contains(plug_domain::origins::LABEL))
                    .unwrap_or_else(|| plug_domain::origins::local_content_origin(&serve_base_url)),
            ),
            serve_base_url,
            platform_name: var(env, "PLATFORM_NAME").unwrap_or_else(|| "Plug".into()),
            min_cli_version: var(env, "MIN_CLI_VERSION").unwrap_or_else(|| "0.0.0".into()),
            purge_after_days: var(env, "PURGE_AFTER_DAYS")
                .and_then(|v| v.parse().ok())
                .unwrap_or(30),
            draft_ttl_days: var(env, "DRAFT_TTL_DAYS")
                .and_then(|v| v.parse().ok())
                .unwrap_or(14),
            test_hooks: var(env, "PLUG_TEST_HOOKS").as_deref() == Some("on")
                && is_loopback_http(&var(env, "BASE_URL").unwrap_or_default()),
            jwt_issuer: var(env, "JWT_ISSUER"),
            jwt_audience: var(env, "JWT_AUDIENCE"),
            // Without secrets nothing can be authenticated: empty values never match.
            admin_token: secret(env, "ADMIN_TOKEN").unwrap_or_default(),
            jwt_secret: secret(env, "JWT_SECRET").unwrap_or_default(),
            oidc: oidc_from_env(env),
        }
    }

    /// A configuration with these three origins and every other setting at its default.
    #[cfg(test)]
    pub fn for_tests(base_url: &str, serve_base_url: &str, content_origin: &str) -> Config {
        Config {
            base_url: base_url.into(),
            serve_base_url: serve_base_url.into(),
            content_origin: content_origin.into(),
            platform_name: "Plug".into(),
            min_cli_version: "0.0.0".into(),
            purge_after_days: 30,
            draft_ttl_days: 14,
            test_hooks: false,
            jwt_issuer: None,
            jwt_audience: None,
            admin_token: String::new(),
            jwt_secret: String::new(),
            oidc: None,
        }
    }

    pub fn host_of(url: &str) -> &str {
        let rest = url.split_once("://").map_or(url, |(_, r)| r);
        rest.split('/').next().unwrap_or(rest)
    }

    pub fn api_host(&self) -> &str {
        Self::host_of(&self.base_url)
    }

    pub fn serve_host(&self) -> &str {
        Self::host_of(&self.serve_base_url)
    }

    /// The content origin of the Inspiration labelled `label` (its entity id), no trailing slash.
    pub fn content_url(&self, label: &str) -> String {
        self.content_origin
            .replacen(plug_domain::origins::LABEL, label, 1)
    }

    /// The label a content-origin `host` names, if it is one: the pattern's host with `{label}`
    /// standing for exactly one DNS label.
    pub fn content_label<'h>(&self, host: &'h str) -> Option<&'h str> {
        plug_domain::origins::label_in(Self::host_of(&self.content_origin), host)
    }

    /// The one check of which hosts Plug answers: the origin a `Host` (`name[:port]`) names, or
    /// None for any other host (another name, another port, a look-alike). Answering those as the
    /// API is what DNS rebinding relies on.
    pub fn origin_of_host(&self, host: &str) -> Option<Origin> {
        let host = host.to_ascii_lowercase();
        if let Some(label) = self.content_label(&host) {
            return Some(Origin::Content(label.to_string()));
        }
        let (api, serve) = (self.api_host(), self.serve_host());
        if host.eq_ignore_ascii_case(api) {
            return Some(Origin::Api);
        }
        (host.eq_ignore_ascii_case(serve)).then_some(Origin::Link)
    }

    /// The one check of where Plug may send a browser: the origin of an absolute URL when it is
    /// one of Plug's own, with the very scheme, host and port configured (no `javascript:`,
    /// `data:`, `ftp:` or `ws:` on a Plug host name, no other port, no user info).
    pub fn origin_of_url(&self, url: &Url) -> Option<Origin> {
        if !url.username().is_empty() || url.password().is_some() {
            return None;
        }
        let origin = url.origin().ascii_serialization();
        let host = Self::host_of(&origin);
        let found = self.origin_of_host(host)?;
        let scheme_of = |base: &str| base.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
        let expected = match &found {
            Origin::Api => scheme_of(&self.base_url),
            Origin::Link => scheme_of(&self.serve_base_url),
            Origin::Content(_) => scheme_of(&self.content_origin),
        };
        (expected.as_deref() == Some(url.scheme())).then_some(found)
    }

    pub fn is_https(url: &str) -> bool {
        url.starts_with("https://")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local() -> Config {
        Config::for_tests(
            "http://localhost:8787",
            "http://127.0.0.1:8787",
            "http://{label}.localhost:8787",
        )
    }

    #[test]
    fn only_plugs_own_hosts_are_answered() {
        let c = local();
        assert_eq!(c.origin_of_host("localhost:8787"), Some(Origin::Api));
        assert_eq!(c.origin_of_host("LOCALHOST:8787"), Some(Origin::Api));
        assert_eq!(c.origin_of_host("127.0.0.1:8787"), Some(Origin::Link));
        assert_eq!(
            c.origin_of_host("abc.localhost:8787"),
            Some(Origin::Content("abc".into()))
        );
        for stranger in [
            "evil.example",
            "evil.example:8787",
            "a_b.localhost:8787",
            "localhost",
            "localhost:9999",
            "xlocalhost:8787",
            "a.b.localhost:8787",
            "127.0.0.1",
            "",
        ] {
            assert_eq!(c.origin_of_host(stranger), None, "{stranger}");
        }
    }

    #[test]
    fn browsers_are_sent_only_to_plugs_own_origins() {
        let c = local();
        let at = |u: &str| c.origin_of_url(&Url::parse(u).unwrap());
        assert_eq!(at("http://localhost:8787/enter"), Some(Origin::Api));
        assert_eq!(at("http://127.0.0.1:8787/g/n/"), Some(Origin::Link));
        assert_eq!(
            at("http://abc.localhost:8787/x?y=1"),
            Some(Origin::Content("abc".into()))
        );
        for elsewhere in [
            "javascript://abc.localhost:8787/%0aalert(1)",
            "data://abc.localhost:8787/,hi",
            "ftp://abc.localhost:8787/",
            "ws://abc.localhost:8787/",
            "https://abc.localhost:8787/",
            "http://abc.localhost:8788/",
            "http://abc.localhost/",
            "http://user:pw@abc.localhost:8787/",
            "http://evil.example/",
            "javascript:alert(1)",
        ] {
            assert_eq!(at(elsewhere), None, "{elsewhere}");
        }
        let deployed = Config::for_tests(
            "https://plug.example.com",
            "https://link.plug.example.com",
            "https://{label}.plugcontent.example",
        );
        let at = |u: &str| deployed.origin_of_url(&Url::parse(u).unwrap());
        assert_eq!(
            at("https://abc.plugcontent.example/a"),
            Some(Origin::Content("abc".into()))
        );
        assert!(at("https://abc.plugcontent.example:443/a").is_some());
        assert_eq!(at("http://abc.plugcontent.example/a"), None);
        assert_eq!(at("https://abc.plugcontent.example:8443/a"), None);
    }
}
