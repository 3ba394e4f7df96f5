//! `plug apps` and `plug apps revoke <id>`: the MCP apps (Claude, ChatGPT, Cursor, VS Code, ...)
//! the person let act for them at `BASE_URL/mcp` on Plug's consent page (README "Remote MCP with a
//! sign-in"), one row per app and grid, and disconnecting them: their access and refresh tokens
//! stop working at once.

use plug_domain::wire::{ConnectedApp, Page};
use reqwest::Method;
use serde_json::json;

use super::{for_each_id, shape, Context};
use crate::api;
use crate::cli::{AppsArgs, AppsCommand};
use crate::error::CliResult;
use crate::table::Table;
use crate::ui::{self, paint};

pub fn run(cx: &Context, args: &AppsArgs) -> CliResult<()> {
    match &args.command {
        None | Some(AppsCommand::List) => list(cx),
        Some(AppsCommand::Revoke(ids)) => revoke(cx, &ids.ids),
    }
}

fn list(cx: &Context) -> CliResult<()> {
    let api = cx.api()?;
    let raw = api.get("/api/v2/connected-apps", &[])?;
    let page: Page<ConnectedApp> = shape(&raw)?;
    if cx.ui.json {
        cx.ui.print_json(&raw);
        return Ok(());
    }
    if page.items.is_empty() {
        cx.ui.note(format!(
            "No apps connected. Add {}/mcp in Claude, ChatGPT, Cursor or VS Code and sign in there.",
            api.base
        ));
        return Ok(());
    }
    let mut table = Table::new(&["ID", "APP", "GRID", "ANSWERS TO", "CONNECTED", "LAST USED"]);
    let plain = anstyle::Style::new;
    for app in &page.items {
        table.push(vec![
            (app.grant_id.clone(), ui::DIM),
            (app.client_name.clone(), ui::BOLD),
            (app.grid.clone(), plain()),
            (app.redirect_host.clone(), plain()),
            (minute(&app.created_at), plain()),
            (
                app.last_used_at.as_deref().map(minute).unwrap_or_default(),
                plain(),
            ),
        ]);
    }
    for line in table.render() {
        cx.ui.out(line);
    }
    cx.ui
        .note(paint(ui::DIM, "disconnect one: plug apps revoke <ID>"));
    Ok(())
}

/// `2026-11-25T10:00:00.000Z` as `2026-11-25 10:00` (UTC).
fn minute(iso: &str) -> String {
    iso.chars().take(16).collect::<String>().replace('T', " ")
}

fn revoke(cx: &Context, ids: &[String]) -> CliResult<()> {
    let api = cx.api()?;
    for_each_id(cx, ids, "revoked", |id| {
        let path = format!("/api/v2/connected-apps/{}", api::segment(id));
        api.json(Method::DELETE, &path, None)?;
        if !cx.ui.json {
            cx.ui.out(format!(
                "{} Revoked {id}: its tokens no longer work.",
                paint(ui::GREEN, "✓")
            ));
        }
        Ok(json!({ "grant_id": id, "revoked": true }))
    })
}

#[cfg(test)]
mod tests {
    use super::minute;

    #[test]
    fn times_read_to_the_minute() {
        assert_eq!(minute("2026-11-25T10:07:59.123Z"), "2026-11-25 10:07");
    }
}
