//! `plug login` through the team's OpenID Connect provider (issue 18): the browser on a loopback
//! redirect (RFC 8252: `http://127.0.0.1:<random port>/callback`, PKCE S256, `state`), or the
//! device authorization grant (RFC 8628) where no browser opens; and refreshing a stored token
//! with its refresh token once it is about to expire.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use plug_domain::wire::{AuthConfig, ProviderConfig};
use reqwest::blocking::Client;
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::api::USER_AGENT;
use crate::error::{CliError, CliResult};

/// Tokens from the provider's token endpoint.
#[derive(Debug, Clone, Deserialize)]
pub struct Tokens {
    #[serde(default)]
    pub id_token: Option<String>,
    #[serde(default)]
    pub access_token: Option<String>,
    #[serde(default)]
    pub refresh_token: Option<String>,
}

impl Tokens {
    pub fn bearer(&self, which: &str) -> Option<String> {
        match which {
            "access_token" => self.access_token.clone(),
            _ => self.id_token.clone(),
        }
    }
}

fn http() -> CliResult<Client> {
    Client::builder()
        .user_agent(USER_AGENT)
        .connect_timeout(Duration::from_secs(15))
        .timeout(Duration::from_secs(60))
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the HTTP client: {e}")))
}

/// The provider the server trusts, or None when it takes pasted tokens only.
pub fn provider_of(server: &str) -> CliResult<Option<ProviderConfig>> {
    let res = http()?
        .get(format!("{server}/api/v2/auth/config"))
        .send()
        .map_err(|e| CliError::failed(format!("cannot reach {server}: {e}")))?;
    if !res.status().is_success() {
        // An older server without the route: tokens only.
        return Ok(None);
    }
    let answer: AuthConfig = res
        .json()
        .map_err(|e| CliError::failed(format!("{server} sent a config that is not JSON: {e}")))?;
    Ok(answer.oidc.filter(|p| p.token_endpoint.is_some()))
}

fn random_string(bytes: usize) -> CliResult<String> {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf)
        .map_err(|e| CliError::failed(format!("no randomness available: {e}")))?;
    Ok(URL_SAFE_NO_PAD.encode(buf))
}

fn form(pairs: &[(&str, &str)]) -> String {
    let mut url = reqwest::Url::parse("x:/").expect("a fixed URL parses");
    {
        let mut q = url.query_pairs_mut();
        for (k, v) in pairs {
            q.append_pair(k, v);
        }
    }
    url.query().unwrap_or_default().to_string()
}

fn post_form(url: &str, pairs: &[(&str, &str)]) -> CliResult<(u16, Value)> {
    let res = http()?
        .post(url)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Accept", "application/json")
        .body(form(pairs))
        .send()
        .map_err(|e| CliError::failed(format!("cannot reach the identity provider: {e}")))?;
    let status = res.status().as_u16();
    let body: Value = res.json().unwrap_or(Value::Null);
    Ok((status, body))
}

fn provider_error(body: &Value) -> String {
    let error = body["error"].as_str().unwrap_or("an error");
    match body["error_description"].as_str() {
        Some(d) => format!("{error}: {d}"),
        None => error.to_string(),
    }
}

fn tokens_from(status: u16, body: Value) -> CliResult<Tokens> {
    if status != 200 {
        return Err(CliError::failed(format!(
            "the identity provider refused: {}",
            provider_error(&body)
        )));
    }
    serde_json::from_value(body)
        .map_err(|e| CliError::failed(format!("the identity provider sent no tokens: {e}")))
}

/// Where the loopback flow sends the user: returned so the caller can open or print it.
pub struct Loopback {
    listener: TcpListener,
    pub url: String,
    redirect_uri: String,
    state: String,
    verifier: String,
}

/// Listens on 127.0.0.1 on a port the system picks and builds the authorization URL.
pub fn loopback(provider: &ProviderConfig) -> CliResult<Loopback> {
    let endpoint = provider
        .authorization_endpoint
        .as_deref()
        .ok_or_else(|| CliError::failed("the identity provider has no authorization endpoint"))?;
    let listener = TcpListener::bind("127.0.0.1:0")
        .map_err(|e| CliError::failed(format!("cannot listen on 127.0.0.1: {e}")))?;
    let port = listener.local_addr()?.port();
    let redirect_uri = format!("http://127.0.0.1:{port}/callback");
    let verifier = random_string(48)?;
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let state = random_string(16)?;
    let mut url = reqwest::Url::parse(endpoint)
        .map_err(|e| CliError::failed(format!("bad authorization endpoint {endpoint}: {e}")))?;
    {
        let mut q = url.query_pairs_mut();
        q.append_pair("response_type", "code")
            .append_pair("client_id", &provider.cli_client_id)
            .append_pair("redirect_uri", &redirect_uri)
            .append_pair("scope", &provider.scopes)
            .append_pair("state", &state)
            .append_pair("code_challenge", &challenge)
            .append_pair("code_challenge_method", "S256");
        if provider.scopes.split(' ').any(|s| s == "offline_access") {
            q.append_pair("prompt", "consent");
        }
    }
    Ok(Loopback {
        listener,
        url: url.to_string(),
        redirect_uri,
        state,
        verifier,
    })
}

const PAGE_DONE: &str = "<!doctype html><meta charset=utf-8><title>Plug</title>\
<body style=\"font:16px system-ui;margin:3em\"><h1>Signed in to Plug</h1>\
<p>You can close this tab and go back to your terminal.</p>";

fn answer(mut stream: &TcpStream, status: &str, body: &str) {
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.flush();
}

/// How long one connection to the loopback may take to send its request line.
const REQUEST_WAIT: Duration = Duration::from_secs(10);

/// The first line of an HTTP request, if it arrives whole (at most 8 KiB) before `until`: a client
/// that trickles bytes or never ends its line is dropped, and the wait for the browser goes on.
fn request_line(mut stream: &TcpStream, until: Instant) -> Option<String> {
    let mut line = Vec::new();
    let mut buf = [0u8; 1024];
    while !line.contains(&b'\n') && line.len() < 8 * 1024 {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        stream.set_read_timeout(Some(left)).ok()?;
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return None,
            Ok(n) => line.extend_from_slice(&buf[..n]),
        }
    }
    let end = line.iter().position(|&b| b == b'\n')?;
    String::from_utf8(line[..end].to_vec()).ok()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl Loopback {
    /// Waits (at most `timeout`) for the provider's redirect, then trades the code for tokens.
    pub fn finish(self, provider: &ProviderConfig, timeout: Duration) -> CliResult<Tokens> {
        let deadline = Instant::now() + timeout;
        self.listener.set_nonblocking(true)?;
        loop {
            // Checked on every pass, so neither silence nor a stream of stray requests keeps
            // `plug login` waiting past the deadline.
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(
                    CliError::failed("timed out waiting for the browser sign-in").with_hint(
                        "run `plug login` again, or `plug login --device` to sign in from another device",
                    ),
                );
            }
            let stream = match self.listener.accept() {
                Ok((stream, _)) => stream,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(100));
                    continue;
                }
                Err(e) => return Err(e.into()),
            };
            stream.set_nonblocking(false)?;
            let Some(line) = request_line(&stream, Instant::now() + left.min(REQUEST_WAIT)) else {
                continue;
            };
            let target = line.split_whitespace().nth(1).unwrap_or("");
            let Ok(url) = reqwest::Url::parse(&format!("http://127.0.0.1{target}")) else {
                answer(&stream, "400 Bad Request", "bad request");
                continue;
            };
            if url.path() != "/callback" {
                answer(&stream, "404 Not Found", "not found");
                continue;
            }
            let param = |name: &str| {
                url.query_pairs()
                    .find(|(k, _)| k == name)
                    .map(|(_, v)| v.into_owned())
            };
            if param("state").as_deref() != Some(self.state.as_str()) {
                answer(
                    &stream,
                    "400 Bad Request",
                    "This sign-in was not started by this plug login.",
                );
                continue;
            }
            if let Some(error) = param("error") {
                let why = param("error_description").unwrap_or(error);
                answer(
                    &stream,
                    "400 Bad Request",
                    &format!("<h1>Sign-in failed</h1><p>{}</p>", escape(&why)),
                );
                return Err(CliError::failed(format!(
                    "the identity provider refused: {why}"
                )));
            }
            let Some(code) = param("code") else {
                answer(&stream, "400 Bad Request", "no code");
                continue;
            };
            let token_endpoint = provider.token_endpoint.as_deref().unwrap_or_default();
            let (status, body) = post_form(
                token_endpoint,
                &[
                    ("grant_type", "authorization_code"),
                    ("code", &code),
                    ("redirect_uri", &self.redirect_uri),
                    ("client_id", &provider.cli_client_id),
                    ("code_verifier", &self.verifier),
                ],
            )?;
            let tokens = tokens_from(status, body);
            match &tokens {
                Ok(_) => answer(&stream, "200 OK", PAGE_DONE),
                Err(e) => answer(
                    &stream,
                    "400 Bad Request",
                    &format!("<h1>Sign-in failed</h1><p>{}</p>", escape(&e.to_string())),
                ),
            }
            return tokens;
        }
    }
}

/// What the device grant shows the user.
#[derive(Debug, Clone, Deserialize)]
pub struct DeviceStart {
    pub device_code: String,
    pub user_code: String,
    pub verification_uri: String,
    #[serde(default)]
    pub verification_uri_complete: Option<String>,
    #[serde(default)]
    pub interval: Option<u64>,
    #[serde(default)]
    pub expires_in: Option<u64>,
}

pub fn device_start(provider: &ProviderConfig) -> CliResult<DeviceStart> {
    let endpoint = provider
        .device_authorization_endpoint
        .as_deref()
        .ok_or_else(|| {
            CliError::failed("the identity provider does not offer the device authorization grant")
                .with_hint(
                    "run `plug login` on a machine with a browser, or `plug login --token <token>`",
                )
        })?;
    let (status, body) = post_form(
        endpoint,
        &[
            ("client_id", &provider.cli_client_id),
            ("scope", &provider.scopes),
        ],
    )?;
    if status != 200 {
        return Err(CliError::failed(format!(
            "the identity provider refused the device sign-in: {}",
            provider_error(&body)
        )));
    }
    serde_json::from_value(body)
        .map_err(|e| CliError::failed(format!("the identity provider's device answer: {e}")))
}

/// Polls the token endpoint until the user approved, refused, or the code expired.
pub fn device_finish(provider: &ProviderConfig, start: &DeviceStart) -> CliResult<Tokens> {
    let token_endpoint = provider.token_endpoint.as_deref().unwrap_or_default();
    let mut interval = start.interval.unwrap_or(5).max(1);
    let deadline = Instant::now() + Duration::from_secs(start.expires_in.unwrap_or(600));
    loop {
        std::thread::sleep(Duration::from_secs(interval));
        let (status, body) = post_form(
            token_endpoint,
            &[
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
                ("device_code", &start.device_code),
                ("client_id", &provider.cli_client_id),
            ],
        )?;
        if status == 200 {
            return tokens_from(status, body);
        }
        match body["error"].as_str() {
            Some("authorization_pending") if Instant::now() < deadline => {}
            Some("slow_down") => interval += 5,
            Some("expired_token") | Some("authorization_pending") => {
                return Err(
                    CliError::failed("the device code expired before it was approved")
                        .with_hint("run `plug login --device` again"),
                )
            }
            Some("access_denied") => {
                return Err(CliError::failed(
                    "the sign-in was refused on the other device",
                ))
            }
            _ => {
                return Err(CliError::failed(format!(
                    "the identity provider refused: {}",
                    provider_error(&body)
                )))
            }
        }
    }
}

/// Trades a refresh token for fresh tokens.
pub fn refresh(token_endpoint: &str, client_id: &str, refresh_token: &str) -> CliResult<Tokens> {
    let (status, body) = post_form(
        token_endpoint,
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
            ("client_id", client_id),
        ],
    )?;
    tokens_from(status, body)
}

/// Revokes a refresh token (RFC 7009), best effort: `plug logout` forgets it either way.
pub fn revoke(endpoint: &str, client_id: &str, refresh_token: &str) -> bool {
    post_form(
        endpoint,
        &[
            ("token", refresh_token),
            ("token_type_hint", "refresh_token"),
            ("client_id", client_id),
        ],
    )
    .is_ok_and(|(status, _)| status == 200)
}

/// The `exp` of a JWT, unverified: only to know when to refresh.
pub fn expires_at(token: &str) -> Option<i64> {
    let payload = token.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
    serde_json::from_slice::<Value>(&bytes).ok()?["exp"]
        .as_f64()
        .map(|e| e as i64)
}

#[cfg(test)]
mod tests;
