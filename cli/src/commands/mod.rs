//! One module per command; this one dispatches and holds what they share: the resolved
//! settings, the API client, and the words used to describe an Inspiration's state.

mod account;
mod apps;
mod drop;
mod feedback;
mod list;
mod manage;
mod mcp;
mod open;

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::CommandFactory;
use plug_domain::wire::{Inspiration, VisibilitySubstate};
use plug_domain::Visibility;
use serde_json::Value;

use crate::api::{self, Api};
use crate::cli::{Cli, Command};
use crate::config::{self, ConfigFile, Settings};
use crate::error::{CliError, CliResult};
use crate::ui::{self, Ui};

/// What every command runs with.
pub struct Context {
    pub ui: Ui,
    pub settings: Settings,
    pub config_path: Option<PathBuf>,
    pub config: ConfigFile,
}

impl Context {
    pub fn api(&self) -> CliResult<Api> {
        Api::new(&self.settings, self.ui)
    }
}

pub fn run(cli: Cli, ui: Ui) -> CliResult<()> {
    if let Some(Command::Completions(args)) = &cli.command {
        clap_complete::generate(
            args.shell,
            &mut Cli::command(),
            "plug",
            &mut std::io::stdout(),
        );
        return Ok(());
    }
    // A broken or missing config dir must not stop commands that get everything from the environment.
    let config_path = config::config_path().ok();
    let config = match &config_path {
        Some(path) => ConfigFile::load(path)?,
        None => ConfigFile::default(),
    };
    let refreshing = !matches!(cli.command, Some(Command::Login(_) | Command::Logout));
    let config = match (&config_path, refreshing) {
        (Some(path), true) => account::refreshed(ui, path, config),
        _ => config,
    };
    let settings = config::resolve(
        cli.global.url.as_deref(),
        cli.global.grid.as_deref(),
        &config,
    );
    let cx = Context {
        ui,
        settings,
        config_path,
        config,
    };
    match cli.command {
        None => drop::run(&cx, &cli.drop),
        Some(Command::Drop(args)) => drop::run(&cx, &args),
        Some(Command::Login(args)) => account::login(&cx, &args, &cli.global),
        Some(Command::Logout) => account::logout(&cx),
        Some(Command::Ls(args)) => list::run(&cx, &args),
        Some(Command::Show(args)) => manage::show(&cx, &args.id),
        Some(Command::Open(args)) => open::run(&cx, &args),
        Some(Command::Rm(args)) => manage::archive(&cx, &args.ids, true),
        Some(Command::Restore(args)) => manage::archive(&cx, &args.ids, false),
        Some(Command::Pin(args)) => manage::pin(&cx, &args),
        Some(Command::Unpin(args)) => manage::unpin(&cx, &args),
        Some(Command::Visibility(args)) => manage::visibility(&cx, &args),
        Some(Command::React(args)) => manage::react(&cx, &args),
        Some(Command::Feedback(args)) => feedback::run(&cx, &args),
        Some(Command::Apps(args)) => apps::run(&cx, &args),
        Some(Command::Mcp) => mcp::run(&cx),
        Some(Command::Completions(_)) => Ok(()),
    }
}

/// `/api/v2/inspirations/<id>` plus an optional tail, with the id encoded.
pub fn inspiration_path(id: &str, tail: &str) -> String {
    format!("/api/v2/inspirations/{}{tail}", api::segment(id))
}

pub fn text<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or("")
}

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A server answer read as its wire shape (`plug_domain::wire`); anything else is the server's
/// fault, said plainly.
pub fn shape<T: serde::de::DeserializeOwned>(value: &Value) -> CliResult<T> {
    serde_json::from_value(value.clone())
        .map_err(|e| CliError::failed(format!("the server answered in an unexpected shape: {e}")))
}

/// Who can open it, in words: from the canonical visibility and its sub-state.
pub fn audience(visibility: Visibility, substate: &VisibilitySubstate, grid_slug: &str) -> String {
    let in_grid = if grid_slug.is_empty() {
        "the grid".to_string()
    } else {
        format!("grid {grid_slug}")
    };
    match visibility {
        Visibility::Private => "only you (and grid admins)".into(),
        Visibility::Authenticated => "any signed-in user".into(),
        Visibility::Link if substate.link_indexed == Some(true) => {
            "anyone, and search engines".into()
        }
        Visibility::Link => "anyone with the URL".into(),
        Visibility::Grid => {
            let spaces = substate.visibility_spaces.clone().unwrap_or_default();
            if spaces.is_empty() || spaces == ["everyone"] {
                format!("everyone in {in_grid}")
            } else {
                format!("members of space {}", spaces.join(", "))
            }
        }
    }
}

/// Who can open a full Inspiration, in words.
pub fn audience_of(item: &Inspiration) -> String {
    audience(item.visibility, &item.substate, &item.grid_slug)
}

/// "pinned", "expires in 12 days", "expired", from the remaining whole days (None: pinned).
pub fn expiry(days: Option<i64>) -> String {
    match days {
        None => "pinned".into(),
        Some(0) => "expired".into(),
        Some(1) => "expires in 1 day".into(),
        Some(n) => format!("expires in {n} days"),
    }
}

/// The retention of a full Inspiration, from `pinned` and `expires_at`.
pub fn expiry_of(item: &Inspiration) -> String {
    if item.pinned {
        return "pinned".into();
    }
    let at = item
        .expires_at
        .as_deref()
        .and_then(plug_domain::time::parse_iso);
    expiry(plug_domain::retention::expires_in_days(at, now_ms()))
}

/// The colour of a status word: what it means for the URL.
pub fn status_style(status: &str) -> anstyle::Style {
    match status {
        "live" => ui::GREEN,
        "provisioning" => ui::YELLOW,
        "failed" => ui::RED,
        _ => ui::DIM,
    }
}

/// Runs `one` for each id, reporting failures as they come; fails at the end if any did.
pub fn for_each_id(
    cx: &Context,
    ids: &[String],
    verb: &str,
    mut one: impl FnMut(&str) -> CliResult<Value>,
) -> CliResult<()> {
    let mut results = Vec::new();
    let mut failed = 0;
    for id in ids {
        match one(id) {
            Ok(value) => results.push(value),
            Err(e) => {
                failed += 1;
                if cx.ui.json {
                    results.push(e.to_json());
                }
                if ids.len() == 1 {
                    return Err(e);
                }
                // Under --json the error is already in the printed array; stderr still tells the person.
                Ui { json: false }.report(&CliError::failed(format!("{id}: {e}")));
            }
        }
    }
    if cx.ui.json {
        cx.ui.print_json(&Value::Array(results));
    }
    match failed {
        0 => Ok(()),
        n => Err(CliError::failed(format!(
            "{n} of {} could not be {verb}",
            ids.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audience_reads_the_canonical_visibility() {
        let spaces = |s: &[&str]| VisibilitySubstate {
            visibility_spaces: Some(s.iter().map(|x| x.to_string()).collect()),
            link_indexed: None,
        };
        assert_eq!(
            audience(Visibility::Grid, &spaces(&["everyone"]), "acme"),
            "everyone in grid acme"
        );
        assert_eq!(
            audience(Visibility::Grid, &spaces(&["design"]), ""),
            "members of space design"
        );
        let link = VisibilitySubstate {
            visibility_spaces: None,
            link_indexed: Some(false),
        };
        assert_eq!(audience(Visibility::Link, &link, ""), "anyone with the URL");
        assert_eq!(
            audience(Visibility::Private, &VisibilitySubstate::default(), ""),
            "only you (and grid admins)"
        );
    }

    #[test]
    fn expiry_reads_pins_and_remaining_days() {
        assert_eq!(expiry(Some(12)), "expires in 12 days");
        assert_eq!(expiry(Some(0)), "expired");
        assert_eq!(expiry(None), "pinned");
        assert_eq!(expiry(Some(1)), "expires in 1 day");
    }
}
