//! `plug login` and `plug logout`: store the server URL, token and default grid in the config
//! file (mode 0600), checking the token against the server first; prompts only on a terminal.

use std::io::{BufRead, IsTerminal, Write};

use serde_json::json;

use super::Context;
use crate::api::Api;
use crate::cli::{GlobalArgs, LoginArgs};
use crate::config::{self, ConfigFile, Settings};
use crate::error::{CliError, CliResult};
use crate::ui::{self, paint};

pub fn login(cx: &Context, args: &LoginArgs, global: &GlobalArgs) -> CliResult<()> {
    let stored = cx.settings.token.is_some() && global.url.is_none();
    if args.web && args.token.is_none() && stored {
        return open_web_app(cx, &cx.settings);
    }
    let path = cx.config_path.clone().ok_or_else(|| {
        CliError::failed("cannot find a config directory").with_hint("set XDG_CONFIG_HOME")
    })?;
    let interactive = std::io::stdin().is_terminal();
    let url = match &global.url {
        Some(u) => u.clone(),
        None if interactive => prompt("Plug URL", Some(&cx.settings.url))?,
        None => cx.settings.url.clone(),
    };
    let url = config::normalize_url(&url);
    let token = match &args.token {
        Some(t) => t.trim().to_string(),
        None if interactive => rpassword::prompt_password("Token (input hidden): ")
            .map_err(|e| CliError::failed(format!("cannot read the token: {e}")))?,
        // `echo $TOKEN | plug login` keeps the token out of shell history and process lists.
        None => read_stdin_line()?,
    };
    let token = token.trim().to_string();
    if token.is_empty() {
        return Err(CliError::usage("no token given")
            .with_hint("pass --token <token>, pipe it on stdin, or set PLUG_TOKEN"));
    }
    let grid = match &global.grid {
        Some(g) => Some(g.clone()),
        None if interactive => Some(prompt(
            "Grid slug (Enter for your only grid)",
            cx.settings.grid.as_deref(),
        )?),
        None => cx.settings.grid.clone(),
    }
    .filter(|g| !g.trim().is_empty());

    if args.web && grid.is_none() {
        return Err(CliError::usage("the web app needs a grid to open")
            .with_hint("pass --grid <slug> (or set PLUG_GRID)"));
    }
    let settings = Settings {
        url: url.clone(),
        token: Some(token.clone()),
        grid: grid.clone(),
    };
    if !args.no_verify {
        verify(cx, &settings)?;
    }
    let stored = ConfigFile {
        url: Some(url.clone()),
        token: Some(token),
        grid: grid.clone(),
    };
    stored.save(&path)?;
    if args.web {
        open_web_app(cx, &settings)?;
    }
    if cx.ui.json {
        cx.ui
            .print_json(&json!({ "url": url, "grid": grid, "config": path }));
    } else {
        let grid_words = grid.map(|g| format!(", grid {g}")).unwrap_or_default();
        cx.ui.out(format!(
            "{} Logged in to {url}{grid_words}.",
            paint(ui::GREEN, "✓")
        ));
        cx.ui.note(paint(
            ui::DIM,
            format!("  saved to {} (readable by you only)", path.display()),
        ));
    }
    Ok(())
}

/// The web app signed in as `settings` say: its URL with `#token=…&grid=…`. The fragment never
/// leaves the browser, and the app wipes it from the address bar and history once read.
fn open_web_app(cx: &Context, settings: &Settings) -> CliResult<()> {
    let (Some(token), Some(grid)) = (&settings.token, &settings.grid) else {
        return Err(CliError::usage("the web app needs a grid to open")
            .with_hint("pass --grid <slug> (or set PLUG_GRID)"));
    };
    let mut url = reqwest::Url::parse(&format!("{}/", settings.url))
        .map_err(|e| CliError::usage(format!("not a URL: {} ({e})", settings.url)))?;
    let fragment: String = reqwest::Url::parse("x:/")
        .map(|mut u| {
            u.query_pairs_mut()
                .append_pair("token", token)
                .append_pair("grid", grid);
            u.query().unwrap_or_default().to_string()
        })
        .unwrap_or_default();
    url.set_fragment(Some(&fragment));
    if super::open::launch(url.as_str()) {
        cx.ui.note(format!(
            "Opened the web app at {}",
            paint(ui::CYAN, &settings.url)
        ));
    } else {
        // Printing the token is what was asked for; say so rather than leave it unremarked.
        cx.ui.note(paint(
            ui::DIM,
            "No browser to open it with (set BROWSER to choose one); this link signs in as you:",
        ));
        cx.ui.out(url.as_str());
    }
    Ok(())
}

/// One cheap authenticated read: proves the URL, the token and the grid all work together.
fn verify(cx: &Context, settings: &Settings) -> CliResult<()> {
    let api = Api::new(settings, cx.ui)?;
    api.get(
        "/api/v2/inspirations",
        &[("owner", "me".to_string()), ("limit", "1".to_string())],
    )
    .map(|_| ())
    .map_err(|e| match e {
        CliError::Api(f) => CliError::failed(format!(
            "the server refused these credentials: {} ({})",
            f.message, f.code
        ))
        .with_hint("nothing was saved; check the token and grid, or store anyway with --no-verify"),
        other => other,
    })
}

pub fn logout(cx: &Context) -> CliResult<()> {
    let path = cx
        .config_path
        .clone()
        .ok_or_else(|| CliError::failed("cannot find a config directory"))?;
    if cx.config.token.is_some() {
        ConfigFile {
            token: None,
            ..cx.config.clone()
        }
        .save(&path)?;
    }
    if cx.ui.json {
        cx.ui
            .print_json(&json!({ "logged_out": true, "config": path }));
    } else {
        cx.ui.out(format!(
            "Logged out: no token stored in {}.",
            path.display()
        ));
    }
    if std::env::var_os("PLUG_TOKEN").is_some_and(|t| !t.is_empty()) {
        cx.ui
            .warn("PLUG_TOKEN is still set in your environment and still applies");
    }
    Ok(())
}

fn prompt(label: &str, default: Option<&str>) -> CliResult<String> {
    let shown = default
        .filter(|d| !d.is_empty())
        .map(|d| format!(" [{d}]"))
        .unwrap_or_default();
    eprint!("{label}{shown}: ");
    std::io::stderr().flush()?;
    let answer = read_stdin_line()?;
    Ok(if answer.is_empty() {
        default.unwrap_or("").to_string()
    } else {
        answer
    })
}

fn read_stdin_line() -> CliResult<String> {
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(line.trim().to_string())
}
