//! `plug ls`: the list endpoint with its sorts and cursor, as a table for people
//! or the envelope `{ items, next_cursor, total_returned }` for scripts.

use plug_domain::wire::{InspirationSummary, Page, Reactions};

use super::{expiry, shape, status_style, Context};
use crate::cli::ListArgs;
use crate::error::CliResult;
use crate::table::Table;
use crate::ui::{self, paint};

pub fn run(cx: &Context, args: &ListArgs) -> CliResult<()> {
    let api = cx.api()?;
    let mut items: Vec<InspirationSummary> = Vec::new();
    let mut cursor = args.cursor.clone();
    let next_cursor = loop {
        let raw = api.get("/api/v2/inspirations", &query(args, cursor.as_deref()))?;
        if !args.all && cx.ui.json {
            cx.ui.print_json(&raw);
            return Ok(());
        }
        let page: Page<InspirationSummary> = shape(&raw)?;
        items.extend(page.items);
        match page.next_cursor {
            Some(next) if args.all => cursor = Some(next),
            next => break next,
        }
    };
    if cx.ui.json {
        cx.ui
            .print_json(&serde_json::to_value(Page::new(items, None)).unwrap_or_default());
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

/// Sum of every reaction count, retired keys included: they are history, not noise.
pub fn reaction_total(reactions: &Reactions) -> i64 {
    reactions.values().sum()
}

fn print_table(cx: &Context, args: &ListArgs, items: &[InspirationSummary]) {
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
    let plain = anstyle::Style::new;
    for item in items {
        let status = item.status.as_str();
        let mut row = vec![
            (item.name.clone(), ui::BOLD),
            (status.to_string(), status_style(status)),
            (item.visibility.to_string(), plain()),
            (item.view_count.to_string(), plain()),
            (reaction_total(&item.reactions).to_string(), plain()),
            (short_expiry(item.expires_in_days), plain()),
        ];
        if show_owner {
            row.push((item.owner.slug.clone(), plain()));
        }
        row.push((item.url.clone(), ui::CYAN));
        table.push(row);
    }
    for line in table.render() {
        cx.ui.out(line);
    }
}

fn short_expiry(days: Option<i64>) -> String {
    let words = expiry(days);
    match words.strip_prefix("expires in ") {
        Some(rest) => rest.replace(" days", "d").replace(" day", "d"),
        None => words,
    }
}
