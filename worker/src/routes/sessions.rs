//! `POST /api/v2/serve-sessions`: a Bearer caller trades its token for a one-time link that signs a
//! browser in on the link origin (the mechanics are in `crate::sessions`, the redeeming page in
//! `origins::link::handoff`).

use plug_domain::validate::FieldError;
use plug_domain::wire::ServeSession;
use worker::{Request, Response, Url};

use crate::auth;
use crate::config::Origin;
use crate::error::{ApiError, ApiResult};
use crate::http::{field, json, read_optional_object, Ctx};
use crate::origins;
use crate::sessions::{new_ticket, TICKET_TTL_MS};
use crate::store::tickets;

/// Whether `target` is a URL a serve session may lead to: on the link origin, nowhere else.
fn on_link_origin(cx: &Ctx, target: &str) -> bool {
    target.starts_with(&format!("{}/", cx.config.serve_base_url))
}

/// POST /api/v2/serve-sessions `{ url? }` → `{ url }`: open it in the browser to sign in on the
/// link origin and see `url`. The ticket is bound to no browser (`plug open` hands it to whatever
/// browser the system opens), so it is a one-time, 60-second sign-in link (README "Security").
pub async fn create(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    // A POST from `plug open`, so an old client is told to upgrade like on every other write;
    // it reads only, so a multi-grid user needs no grid header, and a user of no grid still
    // opens what any signed-in user may (`authenticated`, interface 2.5) as themselves.
    auth::check_cli_version(cx, &req)?;
    let user = auth::signed_in(cx, &req).await?;
    let body = read_optional_object(&mut req).await?;
    field::only_known(&body, &["url"])?;
    let target = field::opt_str(&body, "url")?
        .map(str::to_string)
        .unwrap_or_else(|| format!("{}/", cx.config.serve_base_url));
    if !on_link_origin(cx, &target) {
        return Err(FieldError::new(
            "url",
            "origin",
            format!("a URL on {}", cx.config.serve_base_url),
        )
        .into());
    }
    let ticket = new_ticket();
    let expires_at = cx.now + TICKET_TTL_MS;
    // Bound to no browser: the link origin sets its session wherever it is opened, once.
    tickets::insert_serve_ticket_if_user(&cx.db, &ticket, None, &user.user_id, &target, expires_at)
        .await?;
    let url = format!("{}/_plug/session?ticket={ticket}", cx.config.serve_base_url);
    let session = ServeSession {
        url,
        expires_at: plug_domain::time::iso(expires_at),
    };
    json(201, &session)
}

/// POST /api/v2/enter-session: the web app, signed in, asks for the `/enter` cookie
/// (`sessions::enter_cookie`) each time it runs, so that a shared `url` opened later in this
/// browser needs no page to go on. It lasts as long as the sign-in (`sessions::enter_life`). 204.
pub async fn remember_browser(cx: &Ctx, req: Request) -> ApiResult<Response> {
    // An authenticated write like every other: an old `plug` is told to upgrade.
    auth::check_cli_version(cx, &req)?;
    let caller = auth::caller(cx, &req, false).await?;
    let token = auth::token_of(cx, &req).unwrap_or_default();
    let life = crate::sessions::enter_life(cx, &token);
    let mut response = crate::http::no_content()?;
    let cookie = crate::sessions::enter_cookie(cx, Some((&caller.user.user_id, life)));
    response.headers_mut().append("Set-Cookie", &cookie)?;
    Ok(response)
}

/// The `flow` a link origin's redirect to `/enter` carries (the hash of its flow cookie), if any.
fn flow_of(pairs: &[(String, String)]) -> Option<&str> {
    crate::http::query(pairs, "flow").filter(|f| crate::sessions::is_flow_hash(f))
}

/// POST /enter?to=<url>&flow=<hash> (Bearer): the `/enter` page's one request, where the browser
/// has no `/enter` cookie yet. Where to go for `to` and, in the same answer, the cookie: for a
/// `url` this user may read, its content origin with a ticket (one D1 round trip, the batch of
/// `access::visit`); else the serve session, bound to `flow` (one more). 201 `{ url, expires_at }`;
/// 400 for a `to` off the link origin; 401 without a valid token (the cookie alone is never
/// enough here).
pub async fn enter_now(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let token = auth::token_of(cx, &req).ok_or_else(|| auth::missing_token(cx, &req))?;
    let user_id = auth::verified_user_id(cx, &token).await?;
    let pairs = crate::http::query_pairs(&req);
    let to = crate::http::query(&pairs, "to").unwrap_or_default();
    if !on_link_origin(cx, to) {
        return Err(FieldError::new(
            "to",
            "origin",
            format!("a URL on {}", cx.config.serve_base_url),
        )
        .into());
    }
    // Straight to the content when `to` is a `url` (or a hand-off) this user may read: the same
    // batch as the link origin's sign-in, its content ticket bound to that one Inspiration and
    // this user. The link origin's own session is left for the next `url`, which the cookie set
    // here sends through `/enter` at once.
    let (ahead, _) = origins::link::handoff::go_on(cx, &req, user_id.clone(), to).await?;
    let content = ahead.headers().get("Location").ok().flatten().filter(|l| {
        Url::parse(l).is_ok_and(|u| matches!(cx.config.origin_of_url(&u), Some(Origin::Content(_))))
    });
    let session = match content {
        Some(url) => ServeSession {
            url,
            expires_at: plug_domain::time::iso(cx.now + TICKET_TTL_MS),
        },
        None => {
            // Anything else (not shared, a moved scope, a missing slash): the link origin signs
            // this browser in and decides, with a ticket bound to its flow.
            let ticket = new_ticket();
            let expires_at = cx.now + TICKET_TTL_MS;
            let flow = flow_of(&pairs);
            if !tickets::insert_serve_ticket_if_user(
                &cx.db, &ticket, flow, &user_id, to, expires_at,
            )
            .await?
            {
                return Err(ApiError::unauthorized("unknown user"));
            }
            ServeSession {
                url: format!("{}/_plug/session?ticket={ticket}", cx.config.serve_base_url),
                expires_at: plug_domain::time::iso(expires_at),
            }
        }
    };
    let mut response = json(201, &session)?;
    let headers = response.headers_mut();
    headers.set("Cache-Control", "no-store")?;
    let life = crate::sessions::enter_life(cx, &token);
    headers.append(
        "Set-Cookie",
        &crate::sessions::enter_cookie(cx, Some((&user_id, life))),
    )?;
    Ok(response)
}

/// DELETE /api/v2/enter-session: signing out of the web app clears the `/enter` cookie. 204, for
/// anyone (clearing a cookie needs no one's rights). With the app's token it also ends every link-
/// and content-origin session of that user issued up to now, in every browser (README
/// "Security": signing out); a token that does not verify changes nothing.
pub async fn forget_browser(cx: &Ctx, req: Request) -> ApiResult<Response> {
    if let Some(token) = auth::token_of(cx, &req) {
        if let Ok(user_id) = auth::verified_user_id(cx, &token).await {
            crate::store::directory::sign_out(&cx.db, &user_id, cx.now).await?;
        }
    }
    let mut response = crate::http::no_content()?;
    let cookie = crate::sessions::enter_cookie(cx, None);
    response.headers_mut().append("Set-Cookie", &cookie)?;
    Ok(response)
}

/// GET /enter with a valid `/enter` cookie, a `to` on the link origin and the link origin's `flow`,
/// asked for as a page: a serve session is minted here, bound to that flow, and the browser goes
/// straight to the link origin's sign-in, with no page (one round trip: the ticket is stored only
/// if the user still exists). None: the page decides. Without a flow (not sent by the link origin)
/// nothing is minted from the cookie alone, so no site can have a browser carry a sign-in bound
/// to no one; one bound to a flow of another browser's is spent, refused, where it lands.
pub async fn enter_at_once(cx: &Ctx, req: &Request) -> ApiResult<Option<Response>> {
    let Some(user_id) = crate::sessions::enter_user_id(cx, req) else {
        return Ok(None);
    };
    let pairs = crate::http::query_pairs(req);
    if crate::http::query(&pairs, "app").is_some()
        || crate::http::header(req, "Sec-Fetch-Dest").is_some_and(|d| d != "document")
    {
        return Ok(None);
    }
    let Some(to) = crate::http::query(&pairs, "to").filter(|to| on_link_origin(cx, to)) else {
        return Ok(None);
    };
    // Bound to the flow the link origin started in this browser, so only this browser can spend it.
    let Some(flow) = flow_of(&pairs) else {
        return Ok(None);
    };
    let ticket = new_ticket();
    let expires_at = cx.now + TICKET_TTL_MS;
    if !tickets::insert_serve_ticket_if_user(&cx.db, &ticket, Some(flow), &user_id, to, expires_at)
        .await?
    {
        return Ok(None);
    }
    let url = format!("{}/_plug/session?ticket={ticket}", cx.config.serve_base_url);
    let mut response = crate::http::redirect(&url, 302)?;
    response.headers_mut().set("Cache-Control", "no-store")?;
    response
        .headers_mut()
        .set("Referrer-Policy", "no-referrer")?;
    Ok(Some(response))
}
