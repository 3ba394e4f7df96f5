//! Plug's Worker: one entry point that tells the API origin from the serving
//! origin by Host, dispatches to thin handlers, and renders every error once.

mod auth;
mod config;
mod error;
mod http;
mod present;
mod routes;
mod store;

use worker::{event, Context, Env, Method, Request, Response, ScheduleContext, ScheduledEvent};

use crate::error::{ApiError, ApiResult};
use crate::http::Ctx;

#[event(fetch)]
async fn fetch(req: Request, env: Env, ctx: Context) -> worker::Result<Response> {
    let cx = Ctx::new(env, ctx)?;
    let on_serving_origin = is_serving_origin(&cx, &req);
    let flat_errors = is_feedback_post(&req);
    let is_beacon = req.path().starts_with("/api/v2/views/");
    let result = if on_serving_origin {
        routes::serve::handle(&cx, req).await
    } else {
        route_api(&cx, req).await
    };
    let mut response = match result {
        Ok(response) => response,
        Err(e) if flat_errors => e.to_flat_response(&cx.request_id),
        Err(e) => e.to_response(&cx.request_id),
    };
    let _ = response.headers_mut().set("X-Request-Id", &cx.request_id);
    if flat_errors || is_beacon {
        // badge.js posts here from the serving origin and from Runtimes: every answer is readable cross-origin.
        routes::cors::allow_any_origin(&mut response);
    }
    Ok(response)
}

#[event(scheduled)]
async fn scheduled(_event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    if let Err(e) = routes::purge::run(&env).await {
        worker::console_error!(
            "purge failed: {} {}",
            e.code,
            e.internal.unwrap_or(e.message)
        );
    }
}

fn is_serving_origin(cx: &Ctx, req: &Request) -> bool {
    let host = http::header(req, "Host").or_else(|| {
        req.url()
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
    });
    let serve = cx.config.serve_host();
    cx.config.api_host() != serve && host.is_some_and(|h| h.eq_ignore_ascii_case(serve))
}

fn is_feedback_post(req: &Request) -> bool {
    let path = req.path();
    path.starts_with("/api/v2/entities/")
        && path.ends_with("/feedback")
        && req.method() == Method::Post
}

/// Every route of the API origin.
async fn route_api(cx: &Ctx, req: Request) -> ApiResult<Response> {
    use routes::{
        admin, badge, feedback, inspirations as insp, links, reactions, runtimes, sessions, views,
        visibility,
    };
    let path = req.path();
    let segments: Vec<String> = path
        .trim_matches('/')
        .split('/')
        .map(str::to_string)
        .collect();
    let seg: Vec<&str> = segments.iter().map(String::as_str).collect();
    let method = req.method();

    if method == Method::Options {
        return routes::cors::preflight(cx, &req, &seg);
    }
    match seg.as_slice() {
        ["healthz"] => Ok(Response::ok("ok")?),
        ["badge.js"] => badge::serve(cx, &req),
        ["api", "v2", "openapi.yaml"] => openapi(),
        ["admin", "v1", rest @ ..] => {
            auth::require_operator(cx, &req)?;
            match (method.clone(), rest) {
                (Method::Post, ["users"]) => admin::create_user(cx, req).await,
                (Method::Post, ["grids"]) => admin::create_grid(cx, req).await,
                (Method::Put, ["grids", grid, "members", user]) => {
                    admin::put_member(cx, req, grid, user).await
                }
                (Method::Delete, ["grids", grid, "members", user]) => {
                    admin::delete_member(cx, grid, user).await
                }
                (Method::Post, ["grids", grid, "spaces"]) => {
                    admin::create_space(cx, req, grid).await
                }
                (Method::Put, ["spaces", space, "members", user]) => {
                    admin::put_space_member(cx, space, user).await
                }
                (Method::Post, ["grids", grid, "runtimes"]) => {
                    admin::create_runtime(cx, req, grid).await
                }
                (Method::Put, ["badge-policy"]) => admin::put_platform_badge_policy(cx, req).await,
                (Method::Put, ["grids", grid, "badge-policy"]) => {
                    admin::put_grid_badge_policy(cx, req, grid).await
                }
                (Method::Put, ["grids", grid, "badge-style"]) => {
                    admin::put_grid_badge_style(cx, req, grid).await
                }
                (Method::Post, ["tokens"]) => admin::create_token(cx, req).await,
                (Method::Patch, ["entities", id]) => admin::patch_entity(cx, req, id).await,
                _ => Err(no_route(&method)),
            }
        }
        ["api", "v2", rest @ ..] => match (method.clone(), rest) {
            (Method::Post, ["inspirations"]) => insp::create(cx, req).await,
            (Method::Get, ["inspirations"]) => insp::list(cx, req).await,
            (Method::Get, ["inspirations", id]) => insp::read(cx, req, id).await,
            (Method::Patch, ["inspirations", id]) => insp::update(cx, req, id).await,
            (Method::Patch, ["inspirations", id, "visibility"]) => {
                visibility::patch(cx, req, id, true).await
            }
            (Method::Patch, ["entities", id, "visibility"]) => {
                visibility::patch(cx, req, id, false).await
            }
            (Method::Post, ["inspirations", id, "archive"]) => {
                insp::archive(cx, req, id, true).await
            }
            (Method::Post, ["inspirations", id, "unarchive"]) => {
                insp::archive(cx, req, id, false).await
            }
            (Method::Post, ["inspirations", id, "pin"]) => insp::pin(cx, req, id).await,
            (Method::Delete, ["inspirations", id, "pin"]) => insp::unpin(cx, req, id).await,
            (Method::Post, ["entities", id, "reactions"])
            | (Method::Post, ["inspirations", id, "reactions"]) => {
                reactions::toggle(cx, req, id).await
            }
            (Method::Post, ["views", id]) => views::beacon(cx, req, id),
            (Method::Get, ["runtimes"]) => runtimes::list(cx, req).await,
            (Method::Post, ["runtimes", id, "inspirations"]) => links::create(cx, req, id).await,
            (Method::Get, ["runtimes", id, "inspirations"]) => links::sources_of(cx, req, id).await,
            (Method::Delete, ["runtimes", id, "inspirations", link]) => {
                links::delete(cx, req, id, link).await
            }
            (Method::Get, ["inspirations", id, "inspired-runtimes"]) => {
                links::inspired_by_source(cx, req, id).await
            }
            (Method::Patch, ["entities", id]) => badge::patch_mode(cx, req, id).await,
            (Method::Post, ["entities", id, "feedback"]) => feedback::create(cx, req, id).await,
            (Method::Get, ["entities", id, "feedback"]) => feedback::list(cx, req, id).await,
            (Method::Post, ["serve-sessions"]) => sessions::create(cx, req).await,
            _ => Err(no_route(&method)),
        },
        _ if method == Method::Get || method == Method::Head => {
            routes::serve::redirect_to_serving_origin(cx, &req).await
        }
        _ => Err(ApiError::not_found()),
    }
}

/// The OpenAPI description of every route, kept beside the code and checked against this router by tests.
fn openapi() -> ApiResult<Response> {
    let mut response = Response::ok(include_str!("../../openapi.yaml"))?;
    let _ = response
        .headers_mut()
        .set("Content-Type", "application/yaml; charset=utf-8");
    let _ = response
        .headers_mut()
        .set("Access-Control-Allow-Origin", "*");
    Ok(response)
}

fn no_route(method: &Method) -> ApiError {
    ApiError::new(404, "NOT_FOUND", format!("no such route for {method:?}"))
}
