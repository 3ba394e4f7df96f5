//! `plug feedback <id>`: the owner's inbox of what viewers sent through the badge, newest first.
//! A server without the inbox yet (501, or no such route) gets a plain sentence, not a stack of codes.

use serde_json::{json, Value};

use super::{text, Context};
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
        let page = api.get(&path, &query).map_err(inbox_missing)?;
        items.extend(
            page.get("items")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
        );
        let next = page
            .get("next_cursor")
            .and_then(Value::as_str)
            .map(str::to_string);
        match next {
            Some(c) if args.all => cursor = Some(c),
            other => break other,
        }
    };
    if cx.ui.json {
        cx.ui.print_json(
            &json!({ "items": items, "next_cursor": next, "total_returned": items.len() }),
        );
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

fn print_entry(cx: &Context, item: &Value) {
    let when: String = text(item, "created_at")
        .chars()
        .take(16)
        .collect::<String>()
        .replace('T', " ");
    cx.ui.out(format!(
        "{}  {}  {}",
        paint(ui::DIM, when),
        paint(ui::BOLD, text(item, "category")),
        text(item, "text")
    ));
    let page = text(item, "page_url");
    if !page.is_empty() {
        cx.ui
            .out(paint(ui::DIM, format!("                  on {page}")));
    }
}
