//! `plug open`: opens an Inspiration in the browser, signed in through a one-time serving-origin
//! ticket when it is not a link Inspiration; prints the URL when there is no browser to open.

use std::process::{Command, Stdio};

use plug_domain::wire::{Inspiration, ServeSession};
use plug_domain::Visibility;
use reqwest::Method;
use serde_json::json;

use super::{inspiration_path, shape, Context};
use crate::api::Api;
use crate::cli::OpenArgs;
use crate::error::CliResult;
use crate::ui::{self, paint};

pub fn run(cx: &Context, args: &OpenArgs) -> CliResult<()> {
    let api = cx.api()?;
    let item: Inspiration = shape(&api.get(&inspiration_path(&args.id, ""), &[])?)?;
    if cx.ui.json {
        cx.ui.print_json(&json!({ "url": item.url }));
    }
    open_item(cx, &api, &item, args.print)
}

/// Opens the Inspiration, or prints its URL (not under `--json`: the caller printed it).
pub fn open_item(cx: &Context, api: &Api, item: &Inspiration, print_only: bool) -> CliResult<()> {
    let url = item.url.clone();
    if print_only {
        if !cx.ui.json {
            cx.ui.out(&url);
        }
        return Ok(());
    }
    let target = signed_in_url(cx, api, item, &url);
    if web_url(&target).is_none() {
        return Err(crate::error::CliError::failed(format!(
            "the server answered with a URL that is not http or https, not opened: {url}"
        )));
    }
    if launch(&target) {
        cx.ui.note(format!("Opened {}", paint(ui::CYAN, &url)));
    } else {
        cx.ui.note(paint(
            ui::DIM,
            "No browser to open it with (set BROWSER to choose one); the URL:",
        ));
        if !cx.ui.json {
            cx.ui.out(&url);
        }
    }
    Ok(())
}

/// A link Inspiration opens as is; anything else goes through a one-time ticket that signs the
/// browser in on the serving origin (README "Signing in"), falling back to the plain URL.
fn signed_in_url(cx: &Context, api: &Api, item: &Inspiration, url: &str) -> String {
    if item.visibility == Visibility::Link {
        return url.to_string();
    }
    match api.json(
        Method::POST,
        "/api/v2/serve-sessions",
        Some(&json!({ "url": url })),
    ) {
        Ok(answer) => match shape::<ServeSession>(&answer) {
            Ok(session) if !session.url.is_empty() => session.url,
            _ => url.to_string(),
        },
        Err(e) => {
            cx.ui.warn(format!(
                "could not sign the browser in ({e}); it may ask you to"
            ));
            url.to_string()
        }
    }
}

/// `$BROWSER` first (a `:`-separated list, `%s` for the URL), then the platform's opener. Only
/// an `http(s)` URL is ever handed on, as the URL parser writes it (no spaces, quotes or control
/// characters): the URL comes from a server's answer, and an opener given `file:`, `javascript:`
/// or any other scheme would start whatever program the system has for it.
pub fn launch(url: &str) -> bool {
    let Some(url) = web_url(url) else {
        return false;
    };
    let url = url.as_str();
    if let Some(list) = std::env::var("BROWSER")
        .ok()
        .filter(|b| !b.trim().is_empty())
    {
        return list.split(':').any(|candidate| run_browser(candidate, url));
    }
    platform_open(url)
}

/// `url` when it is an absolute `http` or `https` URL with a host, written out by the parser.
pub fn web_url(url: &str) -> Option<reqwest::Url> {
    if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return None;
    }
    reqwest::Url::parse(url)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
}

fn run_browser(candidate: &str, url: &str) -> bool {
    let mut words = candidate.split_whitespace();
    let Some(program) = words.next() else {
        return false;
    };
    let mut args: Vec<String> = words.map(|w| w.replace("%s", url)).collect();
    if !candidate.contains("%s") {
        args.push(url.to_string());
    }
    // A terminal browser needs the terminal: stdio is inherited and we wait for it.
    Command::new(program)
        .args(&args)
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(target_os = "macos")]
fn platform_open(url: &str) -> bool {
    quiet(Command::new("open").arg(url))
}

/// Not `cmd /C start`: cmd would read a URL's `&` (every query string has one) as the start of
/// another command.
#[cfg(target_os = "windows")]
fn platform_open(url: &str) -> bool {
    quiet(Command::new("rundll32").args(["url.dll,FileProtocolHandler", url]))
}

/// Without a display (an SSH session, a container) there is nothing for xdg-open to open.
#[cfg(not(any(target_os = "macos", target_os = "windows")))]
fn platform_open(url: &str) -> bool {
    let has_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()));
    has_display && quiet(Command::new("xdg-open").arg(url))
}

fn quiet(command: &mut Command) -> bool {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(test)]
mod tests {
    use super::web_url;

    #[test]
    fn only_web_urls_are_handed_to_an_opener() {
        for bad in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "smb://evil.example/share",
            "ms-msdt:/id PCWDiagnostic",
            "http://a.example/ x",
            "http://a.example/\u{1b}[2J",
            "http://",
            "/relative/path",
            "data:text/html,<script>alert(1)</script>",
        ] {
            assert!(web_url(bad).is_none(), "{bad}");
        }
        let good = web_url("https://link.plug.example/g/demo/?plug_ticket=a&b=\"c\"").unwrap();
        assert_eq!(
            good.as_str(),
            "https://link.plug.example/g/demo/?plug_ticket=a&b=%22c%22"
        );
    }
}
