//! The commands that act on one Inspiration by name or id: show, archive and restore,
//! pin and unpin, visibility and reactions. Each prints one line for people or the body for scripts.

use plug_domain::validate;
use reqwest::Method;
use serde_json::{json, Map, Value};

use super::list::reaction_total;
use super::{audience, expiry, for_each_id, inspiration_path, status_style, text, Context};
use crate::api;
use crate::cli::{PinArgs, ReactArgs, UnpinArgs, VisibilityArgs};
use crate::error::{CliError, CliResult};
use crate::ui::{self, paint};

pub fn show(cx: &Context, id: &str) -> CliResult<()> {
    let value = cx.api()?.get(&inspiration_path(id, ""), &[])?;
    if cx.ui.json {
        cx.ui.print_json(&value);
        return Ok(());
    }
    let status = text(&value, "status");
    cx.ui.out(format!(
        "{}  {}",
        paint(ui::BOLD, text(&value, "display_name")),
        paint(status_style(status), status)
    ));
    let mut rows = vec![
        ("name", text(&value, "name").to_string()),
        ("url", text(&value, "url").to_string()),
        ("type", text(&value, "source_type").to_string()),
        ("scope", text(&value, "scope").to_string()),
        ("visible to", audience(&value)),
        ("retention", expiry(&value)),
        (
            "views",
            value
                .get("view_count")
                .and_then(Value::as_i64)
                .unwrap_or(0)
                .to_string(),
        ),
        ("reactions", reactions_line(&value)),
        (
            "owner",
            value
                .get("owner")
                .map(|o| text(o, "name"))
                .unwrap_or("")
                .to_string(),
        ),
        ("created", text(&value, "created_at").to_string()),
        ("id", text(&value, "entity_id").to_string()),
    ];
    for key in ["description", "category", "error"] {
        if let Some(v) = value.get(key).and_then(Value::as_str) {
            rows.push((key, v.to_string()));
        }
    }
    for (key, v) in rows {
        cx.ui
            .out(format!("  {}  {v}", paint(ui::DIM, format!("{key:<11}"))));
    }
    Ok(())
}

/// `sparked 2 · useful 1` (keys with a count only), or `none yet`.
fn reactions_line(value: &Value) -> String {
    let Some(map) = value.get("reactions").and_then(Value::as_object) else {
        return "none yet".into();
    };
    let parts: Vec<String> = map
        .iter()
        .filter_map(|(k, v)| v.as_i64().filter(|n| *n > 0).map(|n| format!("{k} {n}")))
        .collect();
    if parts.is_empty() {
        "none yet".into()
    } else {
        parts.join(" · ")
    }
}

pub fn archive(cx: &Context, ids: &[String], archived: bool) -> CliResult<()> {
    let api = cx.api()?;
    let (tail, verb) = if archived {
        ("/archive", "archived")
    } else {
        ("/unarchive", "restored")
    };
    for_each_id(cx, ids, verb, |id| {
        let value = api.json(Method::POST, &inspiration_path(id, tail), None)?;
        if !cx.ui.json {
            let name = text(&value, "name");
            let line = if archived {
                format!("Archived {name}: no longer served. `plug restore {name}` brings it back.")
            } else {
                format!("Restored {name}: {}.", text(&value, "status"))
            };
            cx.ui.out(line);
        }
        Ok(value)
    })
}

pub fn pin(cx: &Context, args: &PinArgs) -> CliResult<()> {
    let reason = validate::pin_reason(&args.reason)
        .map_err(|e| CliError::usage(format!("the pin reason must be {}", e.hint)))?;
    let value = cx.api()?.json(
        Method::POST,
        &inspiration_path(&args.id, "/pin"),
        Some(&json!({ "pin_reason": reason })),
    )?;
    finish(
        cx,
        &value,
        format!("Pinned {}: it will not expire.", text(&value, "name")),
    )
}

pub fn unpin(cx: &Context, args: &UnpinArgs) -> CliResult<()> {
    let body = args.expires.map(|d| json!({ "expires_in_days": d }));
    let value = cx.api()?.json(
        Method::DELETE,
        &inspiration_path(&args.id, "/pin"),
        body.as_ref(),
    )?;
    finish(
        cx,
        &value,
        format!("Unpinned {}: it {}.", text(&value, "name"), expiry(&value)),
    )
}

pub fn visibility(cx: &Context, args: &VisibilityArgs) -> CliResult<()> {
    let body = visibility_body(args)?;
    let value = cx.api()?.json(
        Method::PATCH,
        &inspiration_path(&args.id, "/visibility"),
        Some(&body),
    )?;
    finish(
        cx,
        &value,
        format!(
            "{} is now visible to {}.",
            text(&value, "name"),
            audience(&value)
        ),
    )
}

/// The body of the visibility route; sub-state flags only with the mode that owns them.
pub fn visibility_body(args: &VisibilityArgs) -> CliResult<Value> {
    let mut body = Map::new();
    body.insert("visibility".into(), json!(args.mode));
    if !args.spaces.is_empty() {
        if args.mode != "grid" {
            return Err(CliError::usage("--spaces only goes with the grid mode"));
        }
        body.insert("visibility_spaces".into(), json!(args.spaces));
    }
    if args.indexed {
        if args.mode != "link" {
            return Err(CliError::usage("--indexed only goes with the link mode"));
        }
        body.insert("link_indexed".into(), json!(true));
    }
    Ok(Value::Object(body))
}

pub fn react(cx: &Context, args: &ReactArgs) -> CliResult<()> {
    let path = format!("/api/v2/entities/{}/reactions", api::segment(&args.id));
    let value = cx.api()?.json(
        Method::POST,
        &path,
        Some(&json!({ "kind": args.kind.as_str() })),
    )?;
    let kind = args.kind.as_str();
    let mine: Vec<&str> = value
        .get("user_reactions")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let line = if mine.contains(&kind) {
        format!("Reacted {kind} to {}.", args.id)
    } else {
        format!("Took back {kind} on {}.", args.id)
    };
    let yours = if mine.is_empty() {
        "none".to_string()
    } else {
        mine.join(", ")
    };
    finish(
        cx,
        &value,
        format!(
            "{line} {}",
            paint(
                ui::DIM,
                format!("(yours: {yours}; {} in all)", reaction_total(&value))
            )
        ),
    )
}

fn finish(cx: &Context, value: &Value, line: String) -> CliResult<()> {
    if cx.ui.json {
        cx.ui.print_json(value);
    } else {
        cx.ui.out(line);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn args(argv: &[&str]) -> VisibilityArgs {
        match Cli::try_parse_from(argv).unwrap().command {
            Some(Command::Visibility(a)) => a,
            _ => panic!("visibility"),
        }
    }

    #[test]
    fn visibility_sends_sub_state_only_with_its_mode() {
        assert_eq!(
            visibility_body(&args(&["plug", "visibility", "x", "link", "--indexed"])).unwrap(),
            json!({ "visibility": "link", "link_indexed": true })
        );
        assert_eq!(
            visibility_body(&args(&[
                "plug",
                "visibility",
                "x",
                "grid",
                "--spaces",
                "a,b"
            ]))
            .unwrap(),
            json!({ "visibility": "grid", "visibility_spaces": ["a", "b"] })
        );
        assert!(
            visibility_body(&args(&["plug", "visibility", "x", "private", "--indexed"])).is_err()
        );
        assert!(
            visibility_body(&args(&["plug", "visibility", "x", "link", "--spaces", "a"])).is_err()
        );
    }

    #[test]
    fn reactions_line_lists_only_pressed_keys() {
        assert_eq!(
            reactions_line(&json!({ "reactions": { "sparked": 2, "useful": 0, "love": 1 } })),
            "love 1 · sparked 2"
        );
        assert_eq!(
            reactions_line(&json!({ "reactions": { "sparked": 0 } })),
            "none yet"
        );
    }
}
