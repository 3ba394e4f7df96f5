//! `plug login` and `plug logout`: sign in through the server's identity provider (browser on a
//! loopback redirect, or the device grant) or take a pasted token, and store the server URL, token
//! and default grid in the config file (mode 0600), checking the token against the server first;
//! prompts only on a terminal. A provider token is refreshed here when it is about to expire.

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use plug_domain::wire::{Me, ProviderConfig};
use serde_json::json;

use super::Context;
use crate::api::Api;
use crate::cli::{GlobalArgs, LoginArgs};
use crate::config::{self, ConfigFile, Settings, StoredOidc};
use crate::error::{CliError, CliResult};
use crate::oidc::{self, Tokens};
use crate::ui::{self, paint, Ui};

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
    if args.token.is_none() {
        // A server that cannot be reached fails below, where the token is checked.
        match oidc::provider_of(&url) {
            Ok(Some(provider)) => return login_oidc(cx, args, global, &path, &url, &provider),
            Ok(None) | Err(_) if args.device => {
                return Err(CliError::usage(format!(
                    "{url} does not sign in through an identity provider"
                ))
                .with_hint("pass --token <token> (or pipe it on stdin)"))
            }
            _ => {}
        }
    }
    let token = match &args.token {
        Some(t) if t == "-" => read_stdin_line()?,
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
        oidc: None,
    };
    stored.save(&path)?;
    if args.web {
        open_web_app(cx, &settings)?;
    }
    let grid_words = grid
        .as_ref()
        .map(|g| format!(", grid {g}"))
        .unwrap_or_default();
    let summary = json!({ "url": url, "grid": grid, "config": path });
    logged_in(cx, &summary, &format!("{url}{grid_words}"), &path);
    Ok(())
}

/// What a successful login prints: the JSON summary, or a line saying who is logged in where and
/// where the settings were saved.
fn logged_in(cx: &Context, summary: &serde_json::Value, whom: &str, path: &std::path::Path) {
    if cx.ui.json {
        cx.ui.print_json(summary);
        return;
    }
    cx.ui
        .out(format!("{} Logged in to {whom}.", paint(ui::GREEN, "✓")));
    cx.ui.note(paint(
        ui::DIM,
        format!("  saved to {} (readable by you only)", path.display()),
    ));
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
    // The browser sessions `plug open` started (the link origin's and each drop's, 8 h) end with
    // the sign-in, as the web app's sign-out ends them (README "Security": signing out); best
    // effort, like the revocation.
    if let Ok(api) = Api::new(&cx.settings, cx.ui) {
        let _ = api
            .request(reqwest::Method::DELETE, "/api/v2/enter-session")
            .timeout(Duration::from_secs(10))
            .send();
    }
    // A provider sign-in's refresh token is revoked first (best effort), then forgotten.
    if let Some(stored) = &cx.config.oidc {
        if let Some(endpoint) = &stored.revocation_endpoint {
            oidc::revoke(endpoint, &stored.client_id, &stored.refresh_token);
        }
    }
    if cx.config.token.is_some() || cx.config.oidc.is_some() {
        ConfigFile {
            token: None,
            oidc: None,
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

/// How long `plug login` waits for the browser sign-in.
const BROWSER_WAIT: Duration = Duration::from_secs(300);
const WAITING_FOR_BROWSER: &str =
    "Waiting for the sign-in in your browser (up to 5 minutes; Ctrl-C stops, `plug login --device` signs in from another device)…";

/// `plug login` through the provider: the browser on a loopback redirect unless `--device` or no
/// browser opens, then the server says who that is and in which grids; the grid is `--grid`, else
/// the first.
fn login_oidc(
    cx: &Context,
    args: &LoginArgs,
    global: &GlobalArgs,
    path: &Path,
    url: &str,
    provider: &ProviderConfig,
) -> CliResult<()> {
    let tokens = if args.device {
        device(cx, provider)?
    } else {
        let pending = oidc::loopback(provider)?;
        cx.ui.note(format!(
            "Opening your browser to sign in with {}…",
            paint(ui::CYAN, &provider.issuer)
        ));
        if super::open::launch(&pending.url) {
            cx.ui.note(paint(
                ui::DIM,
                format!("  if it did not open, go to {}", pending.url),
            ));
            cx.ui.note(paint(ui::DIM, WAITING_FOR_BROWSER));
            pending.finish(provider, BROWSER_WAIT)?
        } else if provider.device_authorization_endpoint.is_some() {
            cx.ui
                .note("No browser opens here: sign in from another device instead.");
            device(cx, provider)?
        } else {
            cx.ui.note(format!(
                "Open this address in a browser on this machine:\n  {}",
                pending.url
            ));
            cx.ui.note(paint(ui::DIM, WAITING_FOR_BROWSER));
            pending.finish(provider, BROWSER_WAIT)?
        }
    };
    let bearer = tokens.bearer(&provider.bearer).ok_or_else(|| {
        CliError::failed(format!("the identity provider sent no {}", provider.bearer))
    })?;
    let who = whoami(cx, url, &bearer)?;
    let grids: Vec<String> = who.grids.iter().map(|g| g.slug.clone()).collect();
    let grid = match &global.grid {
        Some(g) if grids.contains(g) => g.clone(),
        Some(g) => {
            return Err(
                CliError::failed(format!("you are not a member of grid '{g}'"))
                    .with_hint(format!("your grids: {}", grids.join(", "))),
            )
        }
        None => grids.first().cloned().ok_or_else(|| {
            CliError::failed("you are signed in but not a member of any grid")
                .with_hint("ask your Plug operator to add you")
        })?,
    };
    if global.grid.is_none() && grids.len() > 1 {
        cx.ui.note(format!(
            "You belong to several grids ({}); using {grid}. Change with `plug login --grid <slug>` or --grid.",
            grids.join(", ")
        ));
    }
    let stored = ConfigFile {
        url: Some(url.to_string()),
        token: Some(bearer.clone()),
        grid: Some(grid.clone()),
        oidc: tokens
            .refresh_token
            .as_ref()
            .map(|refresh_token| StoredOidc {
                refresh_token: refresh_token.clone(),
                token_endpoint: provider.token_endpoint.clone().unwrap_or_default(),
                client_id: provider.cli_client_id.clone(),
                bearer: provider.bearer.clone(),
                revocation_endpoint: provider.revocation_endpoint.clone(),
            }),
    };
    stored.save(path)?;
    let (name, slug) = (&who.user.name, &who.user.slug);
    if args.web {
        let settings = Settings {
            url: url.to_string(),
            token: Some(bearer),
            grid: Some(grid.clone()),
        };
        open_web_app(cx, &settings)?;
    }
    let summary = json!({
        "url": url, "grid": grid, "config": path, "user": who.user, "grids": grids,
    });
    logged_in(
        cx,
        &summary,
        &format!("{url} as {name} ({slug}), grid {grid}"),
        path,
    );
    Ok(())
}

fn device(cx: &Context, provider: &ProviderConfig) -> CliResult<Tokens> {
    let start = oidc::device_start(provider)?;
    cx.ui.note(format!(
        "To sign in, open {} and enter the code {}",
        paint(ui::CYAN, &start.verification_uri),
        paint(ui::BOLD, &start.user_code)
    ));
    if let Some(complete) = &start.verification_uri_complete {
        cx.ui.note(format!("  or open {complete}"));
    }
    cx.ui.note(paint(ui::DIM, "Waiting for you to approve…"));
    oidc::device_finish(provider, &start)
}

/// `GET /api/v2/me` with a fresh provider token: a first sign-in creates the user here.
fn whoami(cx: &Context, url: &str, token: &str) -> CliResult<Me> {
    let settings = Settings {
        url: url.to_string(),
        token: Some(token.to_string()),
        grid: None,
    };
    Api::new(&settings, cx.ui)?
        .get("/api/v2/me", &[])
        .map_err(|e| match e {
            CliError::Api(f) => CliError::failed(format!(
                "{url} refused this sign-in: {} ({})",
                f.message, f.code
            )),
            other => other,
        })
        .and_then(|who| super::shape(&who))
}

/// The stored config, its provider token refreshed first when it expires within a minute (and
/// saved again). PLUG_TOKEN, when set, is used as it is. A refresh that fails leaves the config
/// as it was: the command then meets the server's 401 and says to log in again.
pub fn refreshed(ui: Ui, path: &Path, config: ConfigFile) -> ConfigFile {
    let from_env = std::env::var_os("PLUG_TOKEN").is_some_and(|t| !t.is_empty());
    let (Some(token), Some(stored), false) = (&config.token, &config.oidc, from_env) else {
        return config;
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    if oidc::expires_at(token).is_none_or(|exp| exp - now > 60) {
        return config;
    }
    let tokens = match oidc::refresh(
        &stored.token_endpoint,
        &stored.client_id,
        &stored.refresh_token,
    ) {
        Ok(t) => t,
        Err(e) => {
            ui.warn(format!(
                "could not refresh your sign-in ({e}); run `plug login` again"
            ));
            return config;
        }
    };
    let Some(bearer) = tokens.bearer(&stored.bearer) else {
        return config;
    };
    let next = ConfigFile {
        token: Some(bearer),
        oidc: Some(StoredOidc {
            refresh_token: tokens
                .refresh_token
                .clone()
                .unwrap_or_else(|| stored.refresh_token.clone()),
            ..stored.clone()
        }),
        ..config.clone()
    };
    match next.save(path) {
        Ok(()) => next,
        Err(_) => next,
    }
}
