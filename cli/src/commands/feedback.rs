//! `plug feedback <id>`: the owner's inbox of what viewers sent through the badge, newest first.
//! A server without the inbox yet (501, or no such route) gets a plain sentence, not a stack of codes.

use plug_domain::wire::{FeedbackEntry, Page};

use super::{shape, Context};
use crate::api;
use crate::cli::FeedbackArgs;
use crate::error::{CliError, CliResult};
use crate::ui::{self, paint};

pub fn run(cx: &Context, args: &FeedbackArgs) -> CliResult<()> {
    let api = cx.api()?;
    let path = format!("/api/v2/entities/{}/feedback", api::segment(&args.id));
    let mut items = Vec::new();
    let mut cursor: Option<String> = None;
    let next = loop {
        let mut query = vec![("limit", args.limit.to_string())];
        if let Some(c) = &cursor {
            query.push(("cursor", c.clone()));
        }
        let raw = api.get(&path, &query).map_err(inbox_missing)?;
        let page: Page<FeedbackEntry> = shape(&raw)?;
        items.extend(page.items);
        match page.next_cursor {
            Some(c) if args.all => cursor = Some(c),
            other => break other,
        }
    };
    if cx.ui.json {
        let page = Page::new(items, next);
        cx.ui
            .print_json(&serde_json::to_value(&page).unwrap_or_default());
        return Ok(());
    }
    if items.is_empty() {
        cx.ui.note(format!("No feedback on {} yet.", args.id));
    }
    for item in &items {
        print_entry(cx, item);
    }
    if next.is_some() {
        cx.ui
            .note(paint(ui::DIM, "more entries: plug feedback --all"));
    }
    Ok(())
}

fn inbox_missing(e: CliError) -> CliError {
    match e {
        CliError::Api(f)
            if f.status == 501
                || (f.status == 404 && f.message.contains("no such route"))
                || f.status == 405 =>
        {
            CliError::failed(format!(
                "this server does not offer the feedback inbox yet (HTTP {})",
                f.status
            ))
        }
        other => other,
    }
}

fn print_entry(cx: &Context, item: &FeedbackEntry) {
    let when: String = item
        .created_at
        .chars()
        .take(16)
        .collect::<String>()
        .replace('T', " ");
    cx.ui.out(format!(
        "{}  {}  {}",
        paint(ui::DIM, when),
        paint(ui::BOLD, &item.category),
        item.text
    ));
    if let Some(page) = item.page_url.as_deref().filter(|p| !p.is_empty()) {
        cx.ui
            .out(paint(ui::DIM, format!("                  on {page}")));
    }
}
