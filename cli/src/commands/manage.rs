//! The commands that act on one Inspiration by name or id: show, archive and restore,
//! pin and unpin, visibility and reactions. Each prints one line for people or the body for scripts.

use plug_domain::validate;
use reqwest::Method;
use serde_json::{json, Map, Value};

use plug_domain::wire::{Inspiration, ReactionState, Reactions, VisibilityChanged};

use super::list::reaction_total;
use super::{
    audience, audience_of, expiry_of, for_each_id, inspiration_path, shape, status_style, Context,
};
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
    let item: Inspiration = shape(&value)?;
    let status = item.status.as_str();
    cx.ui.out(format!(
        "{}  {}",
        paint(ui::BOLD, &item.display_name),
        paint(status_style(status), status)
    ));
    let source_type = item.source_type.map(|t| t.as_str()).unwrap_or_default();
    let mut rows = vec![
        ("name", item.name.clone()),
        ("url", item.url.clone()),
        ("type", source_type.to_string()),
        ("scope", item.scope.to_string()),
        ("visible to", audience_of(&item)),
        ("retention", expiry_of(&item)),
        ("views", item.view_count.to_string()),
        ("reactions", reactions_line(&item.reactions)),
        ("owner", item.owner.name.clone()),
        ("created", item.created_at.clone()),
        ("id", item.entity_id.to_string()),
    ];
    let extra = [
        ("description", &item.enrichment.description),
        ("category", &item.enrichment.category),
        ("error", &item.error),
    ];
    for (key, value) in extra {
        if let Some(v) = value {
            rows.push((key, v.clone()));
        }
    }
    for (key, v) in rows {
        cx.ui
            .out(format!("  {}  {v}", paint(ui::DIM, format!("{key:<11}"))));
    }
    Ok(())
}

/// `sparked 2 · useful 1` (keys with a count only), or `none yet`.
fn reactions_line(reactions: &Reactions) -> String {
    let parts: Vec<String> = reactions
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k} {n}"))
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
            let item: Inspiration = shape(&value)?;
            let name = &item.name;
            let line = if archived {
                format!("Archived {name}: no longer served. `plug restore {name}` brings it back.")
            } else {
                format!("Restored {name}: {}.", item.status)
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
    let item: Inspiration = shape(&value)?;
    finish(
        cx,
        &value,
        format!("Pinned {}: it will not expire.", item.name),
    )
}

pub fn unpin(cx: &Context, args: &UnpinArgs) -> CliResult<()> {
    let body = args.expires.map(|d| json!({ "expires_in_days": d }));
    let value = cx.api()?.json(
        Method::DELETE,
        &inspiration_path(&args.id, "/pin"),
        body.as_ref(),
    )?;
    let item: Inspiration = shape(&value)?;
    finish(
        cx,
        &value,
        format!("Unpinned {}: it {}.", item.name, expiry_of(&item)),
    )
}

pub fn visibility(cx: &Context, args: &VisibilityArgs) -> CliResult<()> {
    let body = visibility_body(args)?;
    let value = cx.api()?.json(
        Method::PATCH,
        &inspiration_path(&args.id, "/visibility"),
        Some(&body),
    )?;
    let changed: VisibilityChanged = shape(&value)?;
    let grid = cx.settings.grid.clone().unwrap_or_default();
    finish(
        cx,
        &value,
        format!(
            "{} is now visible to {}.",
            changed.name,
            audience(changed.visibility, &changed.substate, &grid)
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
    let state: ReactionState = shape(&value)?;
    let mine: Vec<&str> = state.user_reactions.iter().map(String::as_str).collect();
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
                format!(
                    "(yours: {yours}; {} in all)",
                    reaction_total(&state.reactions)
                )
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
        let counts = |pairs: &[(&str, i64)]| -> Reactions {
            pairs.iter().map(|(k, n)| (k.to_string(), *n)).collect()
        };
        assert_eq!(
            reactions_line(&counts(&[("sparked", 2), ("useful", 0), ("love", 1)])),
            "love 1 · sparked 2"
        );
        assert_eq!(reactions_line(&counts(&[("sparked", 0)])), "none yet");
    }
}
