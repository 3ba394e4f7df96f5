//! The API origin's routes: one table, one line per route (method, path, flags, handler), matched
//! with matchit. The same table answers CORS preflights of the cross-origin routes, builds `Allow`
//! for a 405, and is held equal to `openapi.yaml` by `origins::openapi`. HEAD finds what GET finds.
//! The handlers are in `crate::routes`; the pages of this origin in `pages`.

mod pages;

use worker::{Method, Request, Response};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{Ctx, Reply};
use crate::routes::mcp::{self, NoRoute};
use crate::routes::{
    admin, badge, consent, cors, feedback, inspirations as insp, links, oauth, reactions, runtimes,
    sessions, signin, spaces, views, visibility,
};

pub type Handler = for<'a> fn(&'a Ctx, Request, Params) -> Reply<'a>;

/// A route's path parameters by name (`:id` in the table).
pub struct Params(Vec<(String, String)>);

impl Params {
    pub fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// What a route is besides its handler.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// Called by pages of other origins (badge.js): answers preflights and any origin may read it.
    pub cross_origin: bool,
    /// Errors in the feedback endpoint's flat `{ error, code }` shape (openapi.yaml).
    pub flat_errors: bool,
}

const NONE: Flags = Flags {
    cross_origin: false,
    flat_errors: false,
};
const CORS: Flags = Flags {
    cross_origin: true,
    flat_errors: false,
};
const FLAT_CORS: Flags = Flags {
    cross_origin: true,
    flat_errors: true,
};

pub struct Route {
    pub method: Method,
    pub path: &'static str,
    pub flags: Flags,
    pub handler: Handler,
}

/// One line of the table: `route!(METHOD "/path/:param", FLAGS => handler(cx, req, param...))`.
/// Parameters named in the path are bound by name and passed as `&str`.
macro_rules! route {
    ($method:ident $path:literal, $flags:ident => $($f:ident)::+ ($cx:ident, $req:ident $(, $p:ident)*)) => {
        Route {
            method: Method::$method,
            path: $path,
            flags: $flags,
            handler: |$cx, $req, _params| {
                Box::pin(async move {
                    $(let $p = _params.get(stringify!($p));)*
                    $($f)::+($cx, $req $(, $p)*).await
                })
            },
        }
    };
}

#[rustfmt::skip]
pub static ROUTES: &[Route] = &[
    route!(Get "/", NONE => pages::api_origin_page(cx, req)),
    route!(Get "/enter", NONE => pages::api_origin_page(cx, req)),
    route!(Post "/enter", NONE => sessions::enter_now(cx, req)),
    route!(Get "/healthz", NONE => pages::healthz(cx, req)),
    route!(Get "/badge.js", NONE => badge::serve(cx, req)),
    route!(Get "/badge-panel.js", NONE => badge::serve_panel(cx, req)),
    route!(Get "/api/v2/openapi.yaml", NONE => pages::openapi(cx, req)),
    route!(Get "/api/v2/no-count", NONE => views::no_count_on_api(cx, req)),
    // The operator API (openapi.yaml).
    route!(Post "/admin/v1/users", NONE => admin::create_user(cx, req)),
    route!(Post "/admin/v1/grids", NONE => admin::create_grid(cx, req)),
    route!(Put "/admin/v1/grids/:grid/members/:user", NONE => admin::put_member(cx, req, grid, user)),
    route!(Delete "/admin/v1/grids/:grid/members/:user", NONE => admin::delete_member(cx, req, grid, user)),
    route!(Post "/admin/v1/grids/:grid/spaces", NONE => admin::create_space(cx, req, grid)),
    route!(Put "/admin/v1/spaces/:space/members/:user", NONE => admin::put_space_member(cx, req, space, user)),
    route!(Post "/admin/v1/grids/:grid/runtimes", NONE => admin::create_runtime(cx, req, grid)),
    route!(Put "/admin/v1/badge-policy", NONE => admin::put_platform_badge_policy(cx, req)),
    route!(Put "/admin/v1/grids/:grid/badge-policy", NONE => admin::put_grid_badge_policy(cx, req, grid)),
    route!(Put "/admin/v1/grids/:grid/badge-style", NONE => admin::put_grid_badge_style(cx, req, grid)),
    route!(Put "/admin/v1/grids/:grid/email-domains", NONE => admin::put_grid_email_domains(cx, req, grid)),
    route!(Put "/admin/v1/users/:user/identity", NONE => admin::put_user_identity(cx, req, user)),
    route!(Post "/admin/v1/tokens", NONE => admin::create_token(cx, req)),
    route!(Patch "/admin/v1/entities/:id", NONE => admin::patch_entity(cx, req, id)),
    // Inspirations (openapi.yaml).
    route!(Post "/api/v2/inspirations", NONE => insp::create(cx, req)),
    route!(Get "/api/v2/inspirations", NONE => insp::list(cx, req)),
    route!(Get "/api/v2/inspirations/:id", NONE => insp::read(cx, req, id)),
    route!(Patch "/api/v2/inspirations/:id", NONE => insp::update(cx, req, id)),
    route!(Patch "/api/v2/inspirations/:id/visibility", NONE => visibility::patch_inspiration(cx, req, id)),
    route!(Patch "/api/v2/entities/:id/visibility", NONE => visibility::patch_entity(cx, req, id)),
    route!(Post "/api/v2/inspirations/:id/archive", NONE => insp::archive(cx, req, id)),
    route!(Post "/api/v2/inspirations/:id/unarchive", NONE => insp::unarchive(cx, req, id)),
    route!(Post "/api/v2/inspirations/:id/pin", NONE => insp::pin(cx, req, id)),
    route!(Delete "/api/v2/inspirations/:id/pin", NONE => insp::unpin(cx, req, id)),
    route!(Post "/api/v2/entities/:id/reactions", NONE => reactions::toggle(cx, req, id)),
    route!(Post "/api/v2/inspirations/:id/reactions", NONE => reactions::toggle(cx, req, id)),
    route!(Post "/api/v2/views/:id", CORS => views::beacon(cx, req, id)),
    route!(Patch "/api/v2/entities/:id", NONE => badge::patch_mode(cx, req, id)),
    route!(Post "/api/v2/entities/:id/feedback", FLAT_CORS => feedback::create(cx, req, id)),
    route!(Get "/api/v2/entities/:id/feedback", NONE => feedback::list(cx, req, id)),
    // Runtimes, spaces and links (openapi.yaml).
    route!(Get "/api/v2/runtimes", NONE => runtimes::list(cx, req)),
    route!(Get "/api/v2/spaces", NONE => spaces::list(cx, req)),
    route!(Post "/api/v2/runtimes/:id/inspirations", NONE => links::create(cx, req, id)),
    route!(Get "/api/v2/runtimes/:id/inspirations", NONE => links::sources_of(cx, req, id)),
    route!(Delete "/api/v2/runtimes/:id/inspirations/:link", NONE => links::delete(cx, req, id, link)),
    route!(Get "/api/v2/inspirations/:id/inspired-runtimes", NONE => links::inspired_by_source(cx, req, id)),
    // Signing in through the OpenID provider (README "Signing in").
    route!(Get "/api/v2/auth/config", NONE => signin::config(cx, req)),
    route!(Get "/api/v2/me", NONE => signin::me(cx, req)),
    route!(Post "/api/v2/auth/token", NONE => signin::token(cx, req)),
    route!(Post "/api/v2/auth/revoke", NONE => signin::revoke(cx, req)),
    // The link origin's sign-in (README "Signing in").
    route!(Post "/api/v2/serve-sessions", NONE => sessions::create(cx, req)),
    route!(Post "/api/v2/enter-session", NONE => sessions::remember_browser(cx, req)),
    route!(Delete "/api/v2/enter-session", NONE => sessions::forget_browser(cx, req)),
    // The remote MCP endpoint: the tools of `plug mcp` for agents in the cloud.
    route!(Post "/mcp", NONE => mcp_endpoint(cx, req)),
    // Plug as the OAuth authorization server of /mcp (MCP authorization; RFC 9728, 8414, 7591, 7009).
    route!(Get "/.well-known/oauth-protected-resource", CORS => oauth::protected_resource(cx, req)),
    route!(Get "/.well-known/oauth-protected-resource/mcp", CORS => oauth::protected_resource(cx, req)),
    route!(Get "/.well-known/oauth-authorization-server", CORS => oauth::authorization_server(cx, req)),
    route!(Post "/register", CORS => oauth::register(cx, req)),
    route!(Get "/authorize", NONE => consent::start(cx, req)),
    route!(Post "/authorize", NONE => consent::answer_form(cx, req)),
    route!(Get "/oauth/callback", NONE => consent::callback(cx, req)),
    route!(Post "/token", CORS => oauth::token(cx, req)),
    route!(Post "/revoke", CORS => oauth::revoke(cx, req)),
    route!(Get "/api/v2/connected-apps", NONE => oauth::connected_apps(cx, req)),
    route!(Delete "/api/v2/connected-apps/:id", NONE => oauth::disconnect_app(cx, req, id)),
];

/// `/mcp`, handed the table's dispatcher: a tool call runs the route a request would.
async fn mcp_endpoint(cx: &Ctx, req: Request) -> ApiResult<Response> {
    mcp::post(cx, req, dispatch).await
}

fn dispatch<'a>(cx: &'a Ctx, req: Request, path: &str) -> Result<Reply<'a>, NoRoute> {
    let found = find(path).ok_or(NoRoute::Path)?;
    let route = found.route(&req.method()).ok_or(NoRoute::Method)?;
    Ok((route.handler)(cx, req, found.params()))
}

thread_local! {
    /// Each path of the table, with the indexes of its routes (one per method).
    static MATCHER: matchit::Router<Vec<usize>> = matcher();
}

fn matcher() -> matchit::Router<Vec<usize>> {
    let mut by_path: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, route) in ROUTES.iter().enumerate() {
        match by_path.iter_mut().find(|(p, _)| *p == route.path) {
            Some((_, routes)) => routes.push(i),
            None => by_path.push((route.path, vec![i])),
        }
    }
    let mut router = matchit::Router::new();
    for (path, routes) in by_path {
        router
            .insert(path, routes)
            .expect("the route table has no conflicting paths");
    }
    router
}

/// What a path is in the table: its routes and parameters, or nothing.
pub struct Found {
    routes: Vec<usize>,
    params: Vec<(String, String)>,
}

pub fn find(path: &str) -> Option<Found> {
    // `/api/v2/inspirations/` is the same resource as without its slash.
    let path = match path.strip_suffix('/') {
        Some(p) if !p.is_empty() => p,
        _ => path,
    };
    MATCHER.with(|router| {
        let matched = router.at(path).ok()?;
        Some(Found {
            routes: matched.value.clone(),
            params: matched
                .params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        })
    })
}

impl Found {
    /// The route for `method` (HEAD runs GET's).
    pub fn route(&self, method: &Method) -> Option<&'static Route> {
        let wanted = if *method == Method::Head {
            &Method::Get
        } else {
            method
        };
        self.routes
            .iter()
            .map(|&i| &ROUTES[i])
            .find(|r| r.method == *wanted)
    }

    /// The flags of the path's routes (they agree per path; the first wins).
    pub fn flags(&self) -> Flags {
        self.routes
            .iter()
            .map(|&i| ROUTES[i].flags)
            .find(|f| f.cross_origin)
            .unwrap_or(NONE)
    }

    /// `Allow`: the path's methods, HEAD wherever GET.
    pub fn allowed(&self) -> Vec<Method> {
        let mut methods = Vec::new();
        for &i in &self.routes {
            let method = ROUTES[i].method.clone();
            if method == Method::Get {
                methods.push(Method::Head);
            }
            methods.push(method);
        }
        let order = [
            Method::Get,
            Method::Head,
            Method::Post,
            Method::Put,
            Method::Patch,
            Method::Delete,
        ];
        order.into_iter().filter(|m| methods.contains(m)).collect()
    }

    pub fn params(self) -> Params {
        Params(self.params)
    }
}

/// Runs the API origin: the operator guard first (the operator API says nothing, not even "wrong
/// method", without its token), then the table; a path outside `/api` and `/admin` is the web app
/// or a content path on its way to the link origin.
pub async fn serve(cx: &Ctx, req: Request) -> (Flags, ApiResult<Response>) {
    let path = req.path();
    let method = crate::http::method(&req);
    let api_path = path.starts_with("/api/") || path.starts_with("/admin/");
    if path.starts_with("/admin/v1/") || path == "/admin/v1" {
        if let Err(e) = crate::auth::require_operator(cx, &req) {
            return (NONE, Err(e));
        }
    }
    let Some(found) = find(&path) else {
        let result = match method {
            Some(Method::Get | Method::Head) if !api_path => pages::api_origin_page(cx, req).await,
            Some(Method::Options) => Err(ApiError::not_found()),
            _ if api_path => Err(ApiError::new(ErrorCode::NotFound, "no such route")),
            _ => crate::http::method_not_allowed(cx, &req, &[Method::Get, Method::Head]),
        };
        return (NONE, result);
    };
    let flags = found.flags();
    if method == Some(Method::Options) {
        if path == "/mcp" {
            return (NONE, mcp::preflight(cx, &req));
        }
        return match flags.cross_origin {
            true => (CORS, cors::preflight()),
            false => (NONE, Err(ApiError::not_found())),
        };
    }
    let route = method.as_ref().and_then(|m| found.route(m));
    match route {
        Some(route) => {
            let flags = route.flags;
            (flags, (route.handler)(cx, req, found.params()).await)
        }
        None => {
            // Wrong method: the usual error shape, readable cross-origin where the path is.
            let flags = Flags {
                flat_errors: false,
                ..flags
            };
            (
                flags,
                crate::http::method_not_allowed(cx, &req, &found.allowed()),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_finds_its_routes_and_allow_lists_head_beside_get() {
        let found = find("/api/v2/inspirations/abc/").expect("a trailing slash is the same path");
        assert_eq!(found.params().get("id"), "abc");
        let found = find("/api/v2/entities/e1/feedback").unwrap();
        assert!(found.route(&Method::Post).unwrap().flags.flat_errors);
        assert!(found.route(&Method::Head).is_some(), "HEAD runs GET");
        assert_eq!(
            found.allowed(),
            vec![Method::Get, Method::Head, Method::Post]
        );
        assert!(find("/api/v2/nothing").is_none());
        assert!(find("/admin/v1/grids/g/members/u")
            .unwrap()
            .route(&Method::Put)
            .is_some());
    }
}
