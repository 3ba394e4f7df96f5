//! `POST /api/v2/serve-sessions`: a Bearer caller trades its token for a one-time link that signs a
//! browser in on the link origin (the mechanics are in `crate::sessions`, the redeeming page in
//! `origins::link::handoff`).

use plug_domain::validate::FieldError;
use plug_domain::wire::ServeSession;
use worker::{Request, Response};

use crate::auth;
use crate::error::ApiResult;
use crate::http::{field, json, read_optional_object, Ctx};
use crate::sessions::{new_ticket, TICKET_TTL_MS};
use crate::store::tickets;

/// POST /api/v2/serve-sessions `{ url? }` → `{ url }`: open it in the browser to sign in on the link origin.
pub async fn create(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    // A POST from `plug open`, so an old client is told to upgrade like on every other write;
    // it reads only, so a multi-grid user needs no grid header.
    auth::check_cli_version(cx, &req)?;
    let caller = auth::caller(cx, &req, false).await?;
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["url"])?;
    let target = field::opt_str(&body, "url")?
        .map(str::to_string)
        .unwrap_or_else(|| format!("{}/", cx.config.serve_base_url));
    if !target.starts_with(&format!("{}/", cx.config.serve_base_url)) {
        return Err(FieldError::new(
            "url",
            "origin",
            format!("a URL on {}", cx.config.serve_base_url),
        )
        .into());
    }
    let ticket = new_ticket();
    let expires_at = cx.now + TICKET_TTL_MS;
    tickets::insert_serve_ticket(&cx.db, &ticket, &caller.user.user_id, &target, expires_at)
        .await?;
    let url = format!("{}/_plug/session?ticket={ticket}", cx.config.serve_base_url);
    let session = ServeSession {
        url,
        expires_at: plug_domain::time::iso(expires_at),
    };
    json(201, &session)
}
