//! One module per command; this one dispatches and holds what they share: the resolved
//! settings, the API client, and the words used to describe an Inspiration's state.

mod account;
mod drop;
mod feedback;
mod list;
mod manage;
mod open;

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::CommandFactory;
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

/// Who can open it, in words: from the canonical visibility and its sub-state.
pub fn audience(value: &Value) -> String {
    let grid = text(value, "grid_slug");
    let in_grid = if grid.is_empty() {
        "the grid".to_string()
    } else {
        format!("grid {grid}")
    };
    match text(value, "visibility") {
        "private" => "only you (and grid admins)".into(),
        "authenticated" => "any signed-in user".into(),
        "link" if value.get("link_indexed").and_then(Value::as_bool) == Some(true) => {
            "anyone, and search engines".into()
        }
        "link" => "anyone with the URL".into(),
        "grid" => {
            let spaces: Vec<&str> = value
                .get("visibility_spaces")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if spaces.is_empty() || spaces == ["everyone"] {
                format!("everyone in {in_grid}")
            } else {
                format!("members of space {}", spaces.join(", "))
            }
        }
        other => other.to_string(),
    }
}

/// "pinned", "expires in 12 days", "expired": from `pinned` / `expires_at` (full shape) or
/// `expires_in_days` (summary row).
pub fn expiry(value: &Value) -> String {
    if value.get("pinned").and_then(Value::as_bool) == Some(true) {
        return "pinned".into();
    }
    let days = match value.get("expires_in_days") {
        Some(Value::Number(n)) => n.as_i64(),
        Some(_) => None,
        None => {
            let at = value
                .get("expires_at")
                .and_then(Value::as_str)
                .and_then(plug_domain::time::parse_iso);
            plug_domain::retention::expires_in_days(at, now_ms())
        }
    };
    match days {
        None => "pinned".into(),
        Some(0) => "expired".into(),
        Some(1) => "expires in 1 day".into(),
        Some(n) => format!("expires in {n} days"),
    }
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
    use serde_json::json;

    #[test]
    fn audience_reads_the_canonical_visibility() {
        assert_eq!(
            audience(
                &json!({ "visibility": "grid", "visibility_spaces": ["everyone"], "grid_slug": "acme" })
            ),
            "everyone in grid acme"
        );
        assert_eq!(
            audience(&json!({ "visibility": "grid", "visibility_spaces": ["design"] })),
            "members of space design"
        );
        assert_eq!(
            audience(&json!({ "visibility": "link", "link_indexed": false })),
            "anyone with the URL"
        );
        assert_eq!(
            audience(&json!({ "visibility": "private" })),
            "only you (and grid admins)"
        );
    }

    #[test]
    fn expiry_reads_pins_and_remaining_days() {
        assert_eq!(
            expiry(&json!({ "pinned": true, "expires_at": null })),
            "pinned"
        );
        assert_eq!(
            expiry(&json!({ "expires_in_days": 12 })),
            "expires in 12 days"
        );
        assert_eq!(expiry(&json!({ "expires_in_days": 0 })), "expired");
        assert_eq!(expiry(&json!({ "expires_in_days": null })), "pinned");
        let soon = plug_domain::time::iso(now_ms() + 5 * 3_600_000);
        assert_eq!(
            expiry(&json!({ "pinned": false, "expires_at": soon })),
            "expires in 1 day"
        );
    }
}
