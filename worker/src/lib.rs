//! Plug's Worker: one entry point that tells the three kinds of origin apart by Host (the API,
//! the link origin, one content origin per Inspiration: README, "What runs where"), hands the
//! request to that origin (`origins`), and renders every error once.

mod auth;
mod cache;
mod config;
mod error;
mod http;
mod jobs;
mod oidc;
mod origins;
mod present;
mod random;
mod routes;
mod sessions;
mod store;

use worker::{event, Context, Env, Method, Request, Response, ScheduleContext, ScheduledEvent};

use crate::config::{Config, Origin};
use crate::http::Ctx;

#[event(fetch)]
async fn fetch(req: Request, env: Env, ctx: Context) -> worker::Result<Response> {
    let config = Config::from_env(&env);
    let Some(origin) = origin_of(&config, &req) else {
        return Ok(misdirected());
    };
    let api_read = origin == Origin::Api && matches!(req.method(), Method::Get | Method::Head);
    let cx = Ctx::new(env, ctx, config, &req, api_read)?;
    let changes = origin == Origin::Api && may_change_what_is_served(&req);
    let req_path = req.path();
    let (flags, result) = match &origin {
        Origin::Api => origins::api::serve(&cx, req).await,
        Origin::Link => (Default::default(), origins::link::handle(&cx, req).await),
        Origin::Content(label) => (
            Default::default(),
            origins::content::handle(&cx, req, label).await,
        ),
    };
    let mut response = match result {
        Ok(response) => response,
        Err(e) if flags.flat_errors => e.to_flat_response(&cx.request_id),
        Err(e) => e.to_response(&cx.request_id),
    };
    let _ = response.headers_mut().set("X-Request-Id", &cx.request_id);
    if origin == Origin::Api {
        if let Some(bookmark) = cx.db.bookmark() {
            let _ = response.headers_mut().set(http::BOOKMARK_HEADER, &bookmark);
        }
    }
    if changes && response.status_code() < 400 {
        // This isolate's next served page must see what just changed.
        cache::forget_all();
    }
    // Not on a 404 or a redirect: its count of statements could tell a hidden Inspiration from
    // a missing one, which answer alike.
    // Nor on a content origin's robots.txt, answered alike for every drop anyone may open.
    let robots = matches!(origin, Origin::Content(_)) && req_path == "/robots.txt";
    if !matches!(response.status_code(), 300..=399 | 404) && !robots {
        let _ = response
            .headers_mut()
            .set("Server-Timing", &cx.server_timing());
    }
    if origin != Origin::Api {
        // Nothing the link and content origins send is to be sniffed into another type.
        let _ = response
            .headers_mut()
            .set("X-Content-Type-Options", "nosniff");
        // A page of Plug's opened by another site's is cut off from its opener: else a drop could
        // open a private drop's `url` and count its frames (`win.length`) to learn whether the
        // viewer may read it (README "Security"). A drop's own popups keep their opener.
        if !matches!(
            response.headers().has("Cross-Origin-Opener-Policy"),
            Ok(true)
        ) {
            let _ = response
                .headers_mut()
                .set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
        }
        // What these origins answer depends on who asks (a reader's 301 names a private drop's
        // new url): no shared cache keeps it, unless the answer says it is the same for all.
        if !matches!(response.headers().has("Cache-Control"), Ok(true)) {
            let _ = response
                .headers_mut()
                .set("Cache-Control", "private, no-cache");
        }
    }
    if matches!(origin, Origin::Content(_)) {
        // A content origin's bytes are for its own pages only: no other page may load them as a
        // script, image, style or font (the browser enforces it; `origins::content` also answers
        // such requests as to a stranger).
        let _ = response
            .headers_mut()
            .set("Cross-Origin-Resource-Policy", "same-origin");
        // Each content origin its own agent cluster: without it Firefox and Safari let two drops
        // under one registrable domain (until the content domain is on the Public Suffix List) set
        // `document.domain` to it and script each other's pages.
        let _ = response.headers_mut().set("Origin-Agent-Cluster", "?1");
    }
    if flags.cross_origin {
        // badge.js posts here from content origins and Runtimes: every answer is readable cross-origin.
        routes::cors::allow_any_origin(&mut response);
    }
    Ok(response)
}

/// Any API write, except the three a popular page sends all day (a view, a reaction, feedback)
/// that change nothing the serving memo holds.
fn may_change_what_is_served(req: &Request) -> bool {
    use worker::Method;
    if matches!(req.method(), Method::Get | Method::Head | Method::Options) {
        return false;
    }
    let path = req.path();
    let busy = path.starts_with("/api/v2/views/")
        || (path.starts_with("/api/v2/entities/") && path.ends_with("/feedback"))
        || path.ends_with("/reactions");
    !busy
}

/// wrangler.toml's crons: the daily purge, and every ten minutes the sweep of stuck uploads.
const DAILY_PURGE_CRON: &str = "17 3 * * *";

#[event(scheduled)]
async fn scheduled(event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    let outcome = if event.cron() == DAILY_PURGE_CRON {
        jobs::purge::run(&env).await
    } else {
        jobs::purge::sweep(&env).await
    };
    cache::forget_all();
    if let Err(e) = outcome {
        worker::console_error!(
            "scheduled job ({}) failed: {} {}",
            event.cron(),
            e.code,
            e.internal.unwrap_or(e.message)
        );
    }
}

/// The origin the request's `Host` names (see `Config::origin_of_host`), or None for a host that is
/// not one of Plug's.
fn origin_of(config: &Config, req: &Request) -> Option<Origin> {
    let host = http::header(req, "Host").or_else(|| {
        req.url().ok().and_then(|u| {
            let host = u.host_str()?.to_string();
            Some(match u.port() {
                Some(port) => format!("{host}:{port}"),
                None => host,
            })
        })
    })?;
    config.origin_of_host(&host)
}

/// What any host that is not one of Plug's gets: nothing of the API, the web app or any content
/// (deployed, a rebinding DNS name would otherwise reach the API as if it were Plug's own).
fn misdirected() -> Response {
    let id = http::request_id();
    let mut response = error::ApiError::new(
        plug_domain::error_code::ErrorCode::MisdirectedRequest,
        "this host is not one of Plug's origins",
    )
    .to_response(&id);
    let _ = response.headers_mut().set("X-Request-Id", &id);
    let _ = response.headers_mut().set("Cache-Control", "no-store");
    response
}
