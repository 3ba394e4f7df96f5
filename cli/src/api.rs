//! The HTTP client of the Plug API: bearer token, grid header and `User-Agent: plug/<version>`
//! on every request, the interface's error shape parsed once, and 429s waited out and retried.

use std::time::Duration;

use reqwest::blocking::{Client, RequestBuilder, Response};
use reqwest::Method;
use serde_json::Value;

use crate::config::Settings;
use crate::error::{ApiFailure, CliError, CliResult};
use crate::ui::Ui;

pub const USER_AGENT: &str = concat!("plug/", env!("CARGO_PKG_VERSION"));

/// How often a 429 is waited out before giving up, and the longest wait worth sitting through.
const MAX_ATTEMPTS: u32 = 5;
const LONGEST_WAIT_SECONDS: u64 = 300;
const JSON_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Api {
    http: Client,
    pub base: String,
    token: String,
    grid: Option<String>,
    ui: Ui,
    /// The newest D1 session bookmark the server sent, sent back so a read served by a replica
    /// is never older than this client's own last write.
    bookmark: std::sync::Mutex<Option<String>>,
}

const BOOKMARK_HEADER: &str = "X-Plug-Bookmark";

impl Api {
    /// A client for commands that need a signed-in user; refuses at once without a token.
    pub fn new(settings: &Settings, ui: Ui) -> CliResult<Api> {
        let token = settings.token.clone().ok_or_else(|| {
            CliError::failed("not logged in: no token found")
                .with_hint("run `plug login --token <token> --url <server> --grid <grid>`, or set PLUG_TOKEN (and PLUG_URL, PLUG_GRID)")
        })?;
        let http = Client::builder()
            .user_agent(USER_AGENT)
            .connect_timeout(Duration::from_secs(15))
            // Uploads can take long on a slow link; JSON calls set their own timeout.
            .timeout(None::<Duration>)
            .build()
            .map_err(|e| CliError::failed(format!("cannot start the HTTP client: {e}")))?;
        Ok(Api {
            http,
            base: settings.url.clone(),
            token,
            grid: settings.grid.clone(),
            ui,
            bookmark: std::sync::Mutex::default(),
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A request with the token and grid headers, for callers that build their own body.
    pub fn request(&self, method: Method, path: &str) -> RequestBuilder {
        let mut builder = self
            .http
            .request(method, self.url(path))
            .bearer_auth(&self.token);
        if let Some(grid) = &self.grid {
            builder = builder.header("X-Platform-Grid", grid);
        }
        if let Some(bookmark) = self.bookmark.lock().ok().and_then(|b| b.clone()) {
            builder = builder.header(BOOKMARK_HEADER, bookmark);
        }
        builder
    }

    fn keep_bookmark(&self, response: &Response) {
        let value = response.headers().get(BOOKMARK_HEADER);
        if let (Some(value), Ok(mut kept)) =
            (value.and_then(|v| v.to_str().ok()), self.bookmark.lock())
        {
            *kept = Some(value.to_string());
        }
    }

    pub fn get(&self, path: &str, query: &[(&str, String)]) -> CliResult<Value> {
        self.send(|| {
            Ok(self
                .request(Method::GET, path)
                .query(query)
                .timeout(JSON_TIMEOUT))
        })
    }

    pub fn json(&self, method: Method, path: &str, body: Option<&Value>) -> CliResult<Value> {
        self.send(|| {
            let builder = self.request(method.clone(), path).timeout(JSON_TIMEOUT);
            Ok(match body {
                Some(b) => builder.json(b),
                None => builder,
            })
        })
    }

    /// Sends the request `build` makes, waiting out 429s (Retry-After) and rebuilding it for each try.
    pub fn send(&self, build: impl Fn() -> CliResult<RequestBuilder>) -> CliResult<Value> {
        let mut attempt = 1;
        loop {
            let response = build()?.send().map_err(|e| self.transport_error(&e))?;
            self.keep_bookmark(&response);
            if response.status().as_u16() == 429 && attempt < MAX_ATTEMPTS {
                let wait = retry_after(&response);
                let failure = failure_of(response);
                if wait > LONGEST_WAIT_SECONDS {
                    return Err(CliError::Api(Box::new(failure)));
                }
                let limit = failure
                    .details
                    .iter()
                    .find(|d| d.field == "rate_limit")
                    .map(|d| format!(" ({})", d.hint))
                    .unwrap_or_default();
                self.ui.note(format!(
                    "rate limited{limit}: trying again in {wait} s (attempt {} of {MAX_ATTEMPTS})",
                    attempt + 1
                ));
                std::thread::sleep(Duration::from_secs(wait));
                attempt += 1;
                continue;
            }
            let mut answer = read(response)?;
            if !self.ui.json {
                // Names, titles and feedback are other people's words: printed for a person,
                // none of their characters may act on the terminal (README "Security").
                crate::ui::clean_value(&mut answer);
            }
            return Ok(answer);
        }
    }

    fn transport_error(&self, e: &reqwest::Error) -> CliError {
        let mut cause = e.to_string();
        let mut source = std::error::Error::source(e);
        while let Some(inner) = source {
            cause = format!("{cause}: {inner}");
            source = inner.source();
        }
        if e.is_connect() {
            CliError::failed(format!("cannot reach {}: {cause}", self.base))
                .with_hint("is the Plug server running? Point plug at it with --url, PLUG_URL or `plug login --url`")
        } else if e.is_timeout() {
            CliError::failed(format!("{} did not answer in time: {cause}", self.base))
        } else {
            CliError::failed(format!("request to {} failed: {cause}", self.base))
        }
    }
}

/// Retry-After in whole seconds (at least one); the interface promises an integer.
fn retry_after(response: &Response) -> u64 {
    response
        .headers()
        .get("Retry-After")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(1)
        .max(1)
}

/// The most of an API answer `plug` reads: a page of a list is tens of KB, and a server that
/// answers without end would otherwise take all the memory there is.
const MAX_ANSWER_BYTES: u64 = 32 * 1024 * 1024;

/// The body as text, refused when it passes `max` bytes.
fn bounded_text(response: Response, max: u64) -> CliResult<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    response
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::failed(format!("reading the answer failed: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(CliError::failed(format!(
            "the server's answer is larger than {} MB: not read",
            max / 1024 / 1024
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn failure_of(response: Response) -> ApiFailure {
    let status = response.status().as_u16();
    let request_id = response
        .headers()
        .get("X-Request-Id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    // An error answer is a sentence or a small JSON object: 1 MB is plenty.
    let text = bounded_text(response, 1024 * 1024).unwrap_or_default();
    ApiFailure::parse(status, request_id, &text)
}

fn read(response: Response) -> CliResult<Value> {
    if !response.status().is_success() {
        return Err(CliError::Api(Box::new(failure_of(response))));
    }
    let text = bounded_text(response, MAX_ANSWER_BYTES)?;
    if text.trim().is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_str(&text).map_err(|e| {
        CliError::failed(format!(
            "the server answered with something other than JSON: {e}"
        ))
    })
}

/// Percent-encodes one path segment (an id or name typed by a person).
pub fn segment(raw: &str) -> String {
    raw.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agent_names_plug_and_its_version() {
        assert_eq!(USER_AGENT, format!("plug/{}", env!("CARGO_PKG_VERSION")));
    }

    #[test]
    fn path_segments_are_percent_encoded() {
        assert_eq!(segment("demo-1a2b"), "demo-1a2b");
        assert_eq!(segment("a/b?c"), "a%2Fb%3Fc");
    }
}
