//! `plug ls`: the list endpoint with its sorts and cursor, as a table for people
//! or the envelope `{ items, next_cursor, total_returned }` for scripts.

use serde_json::{json, Value};

use super::{expiry, status_style, text, Context};
use crate::cli::ListArgs;
use crate::error::CliResult;
use crate::table::Table;
use crate::ui::{self, paint};

pub fn run(cx: &Context, args: &ListArgs) -> CliResult<()> {
    let api = cx.api()?;
    let mut items: Vec<Value> = Vec::new();
    let mut cursor = args.cursor.clone();
    let next_cursor = loop {
        let page = api.get("/api/v2/inspirations", &query(args, cursor.as_deref()))?;
        if !args.all {
            if cx.ui.json {
                cx.ui.print_json(&page);
                return Ok(());
            }
            items = page_items(&page);
            break page
                .get("next_cursor")
                .and_then(Value::as_str)
                .map(str::to_string);
        }
        items.extend(page_items(&page));
        match page.get("next_cursor").and_then(Value::as_str) {
            Some(next) => cursor = Some(next.to_string()),
            None => break None,
        }
    };
    if cx.ui.json {
        cx.ui.print_json(
            &json!({ "items": items, "next_cursor": null, "total_returned": items.len() }),
        );
        return Ok(());
    }
    print_table(cx, args, &items);
    if let Some(next) = next_cursor {
        cx.ui.note(paint(
            ui::DIM,
            format!("more: plug ls --cursor {next}   (or --all)"),
        ));
    }
    Ok(())
}

fn query(args: &ListArgs, cursor: Option<&str>) -> Vec<(&'static str, String)> {
    let mut query = vec![
        ("sort", args.sort.wire().to_string()),
        ("limit", args.limit.to_string()),
    ];
    if args.owner != "all" {
        query.push(("owner", args.owner.clone()));
    }
    if let Some(space) = &args.space {
        query.push(("space", space.clone()));
    }
    if let Some(c) = cursor {
        query.push(("cursor", c.to_string()));
    }
    query
}

fn page_items(page: &Value) -> Vec<Value> {
    page.get("items")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// Sum of every reaction count, retired keys included: they are history, not noise.
pub fn reaction_total(item: &Value) -> i64 {
    item.get("reactions")
        .and_then(Value::as_object)
        .map(|m| m.values().filter_map(Value::as_i64).sum())
        .unwrap_or(0)
}

fn print_table(cx: &Context, args: &ListArgs, items: &[Value]) {
    if items.is_empty() {
        cx.ui
            .note("No Inspirations here yet. Drop one with `plug <path>`.");
        return;
    }
    let show_owner = args.owner != "me";
    let mut header = vec![
        "NAME",
        "STATUS",
        "VISIBILITY",
        "VIEWS",
        "REACTIONS",
        "EXPIRES",
    ];
    if show_owner {
        header.push("OWNER");
    }
    header.push("URL");
    let mut table = Table::new(&header);
    for item in items {
        let status = text(item, "status");
        let mut row = vec![
            (text(item, "name").to_string(), ui::BOLD),
            (status.to_string(), status_style(status)),
            (text(item, "visibility").to_string(), anstyle::Style::new()),
            (
                item.get("view_count")
                    .and_then(Value::as_i64)
                    .unwrap_or(0)
                    .to_string(),
                anstyle::Style::new(),
            ),
            (reaction_total(item).to_string(), anstyle::Style::new()),
            (short_expiry(item), anstyle::Style::new()),
        ];
        if show_owner {
            row.push((
                item.get("owner")
                    .map(|o| text(o, "slug"))
                    .unwrap_or("")
                    .to_string(),
                anstyle::Style::new(),
            ));
        }
        row.push((text(item, "url").to_string(), ui::CYAN));
        table.push(row);
    }
    for line in table.render() {
        cx.ui.out(line);
    }
}

fn short_expiry(item: &Value) -> String {
    let words = expiry(item);
    match words.strip_prefix("expires in ") {
        Some(rest) => rest.replace(" days", "d").replace(" day", "d"),
        None => words,
    }
}
