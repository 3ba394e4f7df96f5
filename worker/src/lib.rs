//! Plug's Worker: one entry point that tells the three kinds of origin apart by Host (the API,
//! the link origin, one content origin per Inspiration: platform.md 3), dispatches to thin
//! handlers, and renders every error once.

mod auth;
mod config;
mod error;
mod http;
mod present;
mod routes;
mod store;

use worker::{event, Context, Env, Method, Request, Response, ScheduleContext, ScheduledEvent};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::Ctx;

#[event(fetch)]
async fn fetch(req: Request, env: Env, ctx: Context) -> worker::Result<Response> {
    let cx = Ctx::new(env, ctx)?;
    let origin = origin_of(&cx, &req);
    let flat_errors = origin == Origin::Api && is_feedback_post(&req);
    let is_beacon = origin == Origin::Api && req.path().starts_with("/api/v2/views/");
    let result = match &origin {
        Origin::Api => route_api(&cx, req).await,
        Origin::Link => routes::link::handle(&cx, req).await,
        Origin::Content(label) => routes::content::handle(&cx, req, label).await,
    };
    let mut response = match result {
        Ok(response) => response,
        Err(e) if flat_errors => e.to_flat_response(&cx.request_id),
        Err(e) => e.to_response(&cx.request_id),
    };
    let _ = response.headers_mut().set("X-Request-Id", &cx.request_id);
    if origin != Origin::Api {
        // Nothing the link and content origins send is to be sniffed into another type.
        let _ = response
            .headers_mut()
            .set("X-Content-Type-Options", "nosniff");
    }
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

#[derive(PartialEq, Eq)]
enum Origin {
    Api,
    Link,
    /// A content origin, with its label (the Inspiration's entity id).
    Content(String),
}

fn origin_of(cx: &Ctx, req: &Request) -> Origin {
    let host = http::header(req, "Host")
        .or_else(|| {
            req.url().ok().and_then(|u| {
                let host = u.host_str()?.to_string();
                Some(match u.port() {
                    Some(port) => format!("{host}:{port}"),
                    None => host,
                })
            })
        })
        .unwrap_or_default();
    if let Some(label) = cx.config.content_label(&host) {
        return Origin::Content(label.to_string());
    }
    let serve = cx.config.serve_host();
    if cx.config.api_host() != serve && host.eq_ignore_ascii_case(serve) {
        return Origin::Link;
    }
    Origin::Api
}

fn is_feedback_post(req: &Request) -> bool {
    let path = req.path();
    path.starts_with("/api/v2/entities/")
        && path.ends_with("/feedback")
        && req.method() == Method::Post
}

/// Every route of the API origin: resolve the path and method to a route, then run it. A path
/// that exists under other methods answers 405 with `Allow`; an unknown path answers 404.
async fn route_api(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let path = req.path();
    let seg: Vec<&str> = path.trim_matches('/').split('/').collect();
    let method = http::method(&req);

    if method == Some(Method::Options) {
        return routes::cors::preflight(cx, &req, &seg);
    }
    let api_path = matches!(seg.as_slice(), ["api", ..] | ["admin", ..]);
    if let ["admin", "v1", ..] = seg.as_slice() {
        // The operator API answers nothing, not even "wrong method", without the operator token.
        auth::require_operator(cx, &req)?;
    }
    if let Some(route) = method.as_ref().and_then(|m| resolve_api(m, &seg)) {
        return dispatch(cx, req, route).await;
    }
    let reads = matches!(method, Some(Method::Get | Method::Head));
    if !api_path && reads {
        // Not an API path: the web app, or a content path that goes to the link origin.
        return routes::assets::api_origin_page(cx, &req).await;
    }
    let allowed = if api_path {
        allowed_methods(&seg)
    } else {
        vec![Method::Get, Method::Head]
    };
    if allowed.is_empty() {
        return Err(ApiError::new(ErrorCode::NotFound, "no such route"));
    }
    http::method_not_allowed(cx, &req, &allowed)
}

/// The methods any route of the API origin may have; OPTIONS is answered before routing.
const API_METHODS: [Method; 6] = [
    Method::Get,
    Method::Head,
    Method::Post,
    Method::Put,
    Method::Patch,
    Method::Delete,
];

/// The methods `seg` has a route for, for `Allow`.
fn allowed_methods(seg: &[&str]) -> Vec<Method> {
    API_METHODS
        .into_iter()
        .filter(|m| resolve_api(m, seg).is_some())
        .collect()
}

/// One route of the API origin with its path parameters, known before anything runs.
enum ApiRoute<'a> {
    Healthz,
    BadgeJs,
    OpenApi,
    NoCount,
    CreateUser,
    CreateGrid,
    PutMember(&'a str, &'a str),
    DeleteMember(&'a str, &'a str),
    CreateSpace(&'a str),
    PutSpaceMember(&'a str, &'a str),
    CreateRuntime(&'a str),
    PutPlatformBadgePolicy,
    PutGridBadgePolicy(&'a str),
    PutGridBadgeStyle(&'a str),
    CreateToken,
    PatchEntityAsOperator(&'a str),
    CreateInspiration,
    ListInspirations,
    ReadInspiration(&'a str),
    UpdateInspiration(&'a str),
    /// The bool says whether the path is the Inspiration alias (legacy visibility values allowed).
    PatchVisibility(&'a str, bool),
    Archive(&'a str, bool),
    Pin(&'a str),
    Unpin(&'a str),
    ToggleReaction(&'a str),
    ViewBeacon(&'a str),
    ListRuntimes,
    ListSpaces,
    CreateLink(&'a str),
    SourcesOfRuntime(&'a str),
    DeleteLink(&'a str, &'a str),
    RuntimesInspiredBy(&'a str),
    PatchBadgeMode(&'a str),
    CreateFeedback(&'a str),
    ListFeedback(&'a str),
    CreateServeSession,
}

/// The route `method` and `seg` name, if any. HEAD finds what GET finds.
fn resolve_api<'a>(method: &Method, seg: &[&'a str]) -> Option<ApiRoute<'a>> {
    use ApiRoute::*;
    use Method::{Delete, Get, Patch, Post, Put};
    let method = match method {
        Method::Head => Get,
        m => m.clone(),
    };
    let route = match (method, seg) {
        (Get, ["healthz"]) => Healthz,
        (Get, ["badge.js"]) => BadgeJs,
        (Get, ["api", "v2", "openapi.yaml"]) => OpenApi,
        (m, ["admin", "v1", rest @ ..]) => match (m, rest) {
            (Post, ["users"]) => CreateUser,
            (Post, ["grids"]) => CreateGrid,
            (Put, ["grids", grid, "members", user]) => PutMember(grid, user),
            (Delete, ["grids", grid, "members", user]) => DeleteMember(grid, user),
            (Post, ["grids", grid, "spaces"]) => CreateSpace(grid),
            (Put, ["spaces", space, "members", user]) => PutSpaceMember(space, user),
            (Post, ["grids", grid, "runtimes"]) => CreateRuntime(grid),
            (Put, ["badge-policy"]) => PutPlatformBadgePolicy,
            (Put, ["grids", grid, "badge-policy"]) => PutGridBadgePolicy(grid),
            (Put, ["grids", grid, "badge-style"]) => PutGridBadgeStyle(grid),
            (Post, ["tokens"]) => CreateToken,
            (Patch, ["entities", id]) => PatchEntityAsOperator(id),
            _ => return None,
        },
        (m, ["api", "v2", rest @ ..]) => match (m, rest) {
            (Post, ["inspirations"]) => CreateInspiration,
            (Get, ["inspirations"]) => ListInspirations,
            (Get, ["inspirations", id]) => ReadInspiration(id),
            (Patch, ["inspirations", id]) => UpdateInspiration(id),
            (Patch, ["inspirations", id, "visibility"]) => PatchVisibility(id, true),
            (Patch, ["entities", id, "visibility"]) => PatchVisibility(id, false),
            (Post, ["inspirations", id, "archive"]) => Archive(id, true),
            (Post, ["inspirations", id, "unarchive"]) => Archive(id, false),
            (Post, ["inspirations", id, "pin"]) => Pin(id),
            (Delete, ["inspirations", id, "pin"]) => Unpin(id),
            (Post, ["entities" | "inspirations", id, "reactions"]) => ToggleReaction(id),
            (Post, ["views", id]) => ViewBeacon(id),
            (Get, ["runtimes"]) => ListRuntimes,
            (Get, ["spaces"]) => ListSpaces,
            (Get, ["no-count"]) => NoCount,
            (Post, ["runtimes", id, "inspirations"]) => CreateLink(id),
            (Get, ["runtimes", id, "inspirations"]) => SourcesOfRuntime(id),
            (Delete, ["runtimes", id, "inspirations", link]) => DeleteLink(id, link),
            (Get, ["inspirations", id, "inspired-runtimes"]) => RuntimesInspiredBy(id),
            (Patch, ["entities", id]) => PatchBadgeMode(id),
            (Post, ["entities", id, "feedback"]) => CreateFeedback(id),
            (Get, ["entities", id, "feedback"]) => ListFeedback(id),
            (Post, ["serve-sessions"]) => CreateServeSession,
            _ => return None,
        },
        _ => return None,
    };
    Some(route)
}

/// Runs a resolved route: each arm hands the request to one thin handler.
async fn dispatch(cx: &Ctx, req: Request, route: ApiRoute<'_>) -> ApiResult<Response> {
    use routes::{
        admin, badge, feedback, inspirations as insp, links, reactions, runtimes, sessions, spaces,
        views, visibility,
    };
    use ApiRoute::*;
    match route {
        Healthz => Ok(Response::ok("ok")?),
        BadgeJs => badge::serve(cx, &req),
        OpenApi => openapi(),
        NoCount => views::choose_no_count(cx, &req, true),
        CreateUser => admin::create_user(cx, req).await,
        CreateGrid => admin::create_grid(cx, req).await,
        PutMember(grid, user) => admin::put_member(cx, req, grid, user).await,
        DeleteMember(grid, user) => admin::delete_member(cx, grid, user).await,
        CreateSpace(grid) => admin::create_space(cx, req, grid).await,
        PutSpaceMember(space, user) => admin::put_space_member(cx, space, user).await,
        CreateRuntime(grid) => admin::create_runtime(cx, req, grid).await,
        PutPlatformBadgePolicy => admin::put_platform_badge_policy(cx, req).await,
        PutGridBadgePolicy(grid) => admin::put_grid_badge_policy(cx, req, grid).await,
        PutGridBadgeStyle(grid) => admin::put_grid_badge_style(cx, req, grid).await,
        CreateToken => admin::create_token(cx, req).await,
        PatchEntityAsOperator(id) => admin::patch_entity(cx, req, id).await,
        CreateInspiration => insp::create(cx, req).await,
        ListInspirations => insp::list(cx, req).await,
        ReadInspiration(id) => insp::read(cx, req, id).await,
        UpdateInspiration(id) => insp::update(cx, req, id).await,
        PatchVisibility(id, alias) => visibility::patch(cx, req, id, alias).await,
        Archive(id, archived) => insp::archive(cx, req, id, archived).await,
        Pin(id) => insp::pin(cx, req, id).await,
        Unpin(id) => insp::unpin(cx, req, id).await,
        ToggleReaction(id) => reactions::toggle(cx, req, id).await,
        ViewBeacon(id) => views::beacon(cx, req, id),
        ListRuntimes => runtimes::list(cx, req).await,
        ListSpaces => spaces::list(cx, req).await,
        CreateLink(id) => links::create(cx, req, id).await,
        SourcesOfRuntime(id) => links::sources_of(cx, req, id).await,
        DeleteLink(id, link) => links::delete(cx, req, id, link).await,
        RuntimesInspiredBy(id) => links::inspired_by_source(cx, req, id).await,
        PatchBadgeMode(id) => badge::patch_mode(cx, req, id).await,
        CreateFeedback(id) => feedback::create(cx, req, id).await,
        ListFeedback(id) => feedback::list(cx, req, id).await,
        CreateServeSession => sessions::create(cx, req).await,
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
