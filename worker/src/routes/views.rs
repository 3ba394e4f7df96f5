//! View counting (openapi.yaml; docs/model.md "Counting views"): one function counts
//! reads, beacons and served pages, once per viewer per entity per UTC day,
//! never bots, naive HTTP clients, the owner or `platform-no-count` browsers.

use plug_domain::ids::{EntityId, UserId};
use plug_domain::time::utc_day;
use plug_domain::validate::FieldError;
use plug_domain::views::{ip_hash, viewer_key};
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{client_ip, cookie, header, Ctx};
use crate::store::entities::EntityRow;
use crate::store::social;

/// What the counter needs from a request, captured before the response is sent.
struct Visit {
    user_agent: String,
    no_count: bool,
    ip: String,
}

fn visit_of(req: &Request, no_count_cookie: &str) -> Visit {
    Visit {
        user_agent: header(req, "User-Agent").unwrap_or_default(),
        no_count: cookie(req, no_count_cookie).is_some(),
        ip: client_ip(req),
    }
}

/// The viewer's "do not count me" choice (openapi.yaml), one cookie per origin that counts.
const NO_COUNT_COOKIE: &str = "platform-no-count";
/// The content origins' copy on https: every content origin shares one registrable domain, so
/// a drop's script could set a plain `platform-no-count` for the parent domain and switch counting
/// off for its visitors on every other drop (`Domain=` is refused for a `__Host-` name).
const CONTENT_NO_COUNT_COOKIE_HTTPS: &str = "__Host-platform-no-count";

/// The name of the content origins' no-count cookie: `__Host-` on https, so no sibling can toss
/// one in.
pub fn content_no_count_name(https: bool) -> &'static str {
    if https {
        CONTENT_NO_COUNT_COOKIE_HTTPS
    } else {
        NO_COUNT_COOKIE
    }
}

/// Whether the request carries the viewer's no-count choice.
pub fn no_count_chosen(req: &Request) -> bool {
    cookie(req, NO_COUNT_COOKIE).is_some()
}

/// The `plug_nc` value the link origin adds to a hand-off when this browser chose not to be
/// counted: only a pass the link origin made turns counting off on a content origin.
pub fn no_count_pass(cx: &Ctx, entity_id: &EntityId, ticket: Option<&str>) -> String {
    let key = crate::sessions::session_key(cx, "plug-no-count-pass");
    plug_domain::views::no_count_pass(&key, entity_id.as_str(), ticket, cx.now)
}

/// Whether a hand-off's `plug_nc` is a pass the link origin made for this Inspiration and ticket.
pub fn no_count_pass_ok(cx: &Ctx, pass: &str, entity_id: &EntityId, ticket: Option<&str>) -> bool {
    let key = crate::sessions::session_key(cx, "plug-no-count-pass");
    plug_domain::views::no_count_pass_ok(&key, pass, entity_id.as_str(), ticket, cx.now)
}

/// The content origin's readable copy of the choice, set when the link origin hands a viewer
/// over with it: a session cookie, renewed by every hand-off, so badge.js can skip the beacon.
pub fn content_no_count_cookie(https: bool) -> String {
    let secure = if https { "; Secure" } else { "" };
    let name = content_no_count_name(https);
    format!("{name}=1; Path=/; SameSite=Lax{secure}")
}

/// GET /api/v2/no-count and then /_plug/no-count on the serving origin, `?on=1|0[&return=URL]`. Served pages are counted on the
/// serving origin and reads and beacons on the API origin, so the choice is a cookie of each: the
/// web app navigates to the API origin's route, which sets its cookie (readable by the app) and
/// sends the browser on to the serving origin's, which sets its own and goes back to `return`, a
/// page of the API origin only (no open redirect). Without `return` it says what is now set.
pub fn choose_no_count(cx: &Ctx, req: &Request, on_api_origin: bool) -> ApiResult<Response> {
    let pairs = crate::http::query_pairs(req);
    let on = match crate::http::query(&pairs, "on") {
        Some("1") => true,
        Some("0") => false,
        _ => return Err(FieldError::new("on", "enum", "1 or 0").into()),
    };
    let app = cx.config.base_url.as_str();
    let back = crate::http::query(&pairs, "return").filter(|url| {
        url.strip_prefix(app)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?', '#']))
    });
    // Only the person's own choice, made in Plug's settings, switches counting: a link or a page
    // elsewhere that sends a browser here must change nothing.
    let choice = format!("no-count-choice-{on}");
    let key = crate::sessions::session_key(cx, "plug-no-count-choice");
    if on_api_origin && !chosen_on_plug(cx, req) {
        return Err(ApiError::new(
            ErrorCode::Forbidden,
            "counting is switched in Plug's settings, not by a link from elsewhere",
        ));
    }
    let proof = crate::http::query(&pairs, "proof").unwrap_or_default();
    if !on_api_origin && !plug_domain::views::no_count_pass_ok(&key, proof, &choice, None, cx.now) {
        return Err(ApiError::new(
            ErrorCode::Forbidden,
            "counting is switched in Plug's settings, not by a link from elsewhere",
        ));
    }
    let mut response = if on_api_origin {
        let mut serving =
            worker::Url::parse(&format!("{}/_plug/no-count", cx.config.serve_base_url))
                .map_err(ApiError::internal)?;
        serving
            .query_pairs_mut()
            .append_pair("on", if on { "1" } else { "0" })
            .append_pair(
                "proof",
                &plug_domain::views::no_count_pass(&key, &choice, None, cx.now),
            );
        if let Some(url) = back {
            serving.query_pairs_mut().append_pair("return", url);
        }
        crate::http::redirect(serving.as_str(), 303)?
    } else if let Some(url) = back {
        crate::http::redirect(url, 303)?
    } else {
        Response::ok(if on {
            "Visits from this browser are not counted."
        } else {
            "Visits from this browser are counted."
        })?
    };
    // The API origin's cookie rides along on the badge's beacon from Runtimes and served pages, a
    // cross-site request: SameSite=None, which browsers take only with Secure (localhost counts
    // as secure). The serving origin's is readable, not HttpOnly: badge.js skips the beacon when
    // it sees it, which works even where third-party cookies are blocked.
    let https = |url: &str| url.starts_with("https://");
    let local = app.starts_with("http://localhost") || app.starts_with("http://127.0.0.1");
    let attributes = match (on_api_origin, https(app) || local) {
        (true, true) => "SameSite=None; Secure",
        (true, false) => "SameSite=Lax",
        (false, _) if https(&cx.config.serve_base_url) => "SameSite=Lax; Secure",
        (false, _) => "SameSite=Lax",
    };
    let max_age = if on { 400 * 24 * 3600 } else { 0 };
    let cookie = format!("{NO_COUNT_COOKIE}=1; Path=/; Max-Age={max_age}; {attributes}");
    let headers = response.headers_mut();
    let _ = headers.set("Set-Cookie", &cookie);
    let _ = headers.set("Cache-Control", "no-store");
    let _ = headers.set("X-Content-Type-Options", "nosniff");
    Ok(response)
}

/// A request the web app made of its own origin (`Sec-Fetch-Site: same-origin`), or that the
/// person typed (`none`); a browser without fetch metadata must show a Referer of the web app.
fn chosen_on_plug(cx: &Ctx, req: &Request) -> bool {
    match header(req, "Sec-Fetch-Site") {
        Some(site) => site == "same-origin" || site == "none",
        None => header(req, "Referer")
            .is_some_and(|r| r.starts_with(&format!("{}/", cx.config.base_url))),
    }
}

/// GET /api/v2/no-count on the API origin.
pub async fn no_count_on_api(cx: &Ctx, req: Request) -> ApiResult<Response> {
    choose_no_count(cx, &req, true)
}

/// isbot's pattern list, joined (written by scripts/build.sh from the npm package).
const BOT_PATTERN: &str = include_str!("../../../build/isbot-pattern.txt");

thread_local! {
    static BOT_REGEX: js_sys::RegExp = js_sys::RegExp::new(BOT_PATTERN, "i");
}

/// View keys this isolate has already recorded: a repeat visit costs no D1 round trip.
/// Bounded; forgetting only means one redundant (idempotent) insert.
struct SeenKeys(std::cell::RefCell<std::collections::HashSet<String>>);

const SEEN_KEYS_MAX: usize = 50_000;

thread_local! {
    static SEEN: SeenKeys = SeenKeys(Default::default());
}

/// True the first time this isolate sees the key; remembers it.
fn first_sighting(key: String) -> bool {
    SEEN.with(|seen| {
        let mut set = seen.0.borrow_mut();
        if set.len() >= SEEN_KEYS_MAX {
            set.clear();
        }
        set.insert(key)
    })
}

/// Counts a view of an entity by a viewer, once per UTC day; the one counting function.
async fn count(
    db: &crate::store::db::Db,
    entity_id: &EntityId,
    user_id: Option<&UserId>,
    ip_hash: &str,
    now: i64,
    inspiration_ok: bool,
) {
    let viewer = viewer_key(user_id, ip_hash);
    let day = utc_day(now);
    // A beacon that may count only a Runtime is remembered apart, so it never hides the
    // Inspiration's own beacon from the same viewer.
    if !first_sighting(format!("{entity_id}|{day}|{viewer}|{inspiration_ok}")) {
        return;
    }
    let recorded = social::record_view(db, entity_id, &day, &viewer, user_id, now, inspiration_ok);
    if let Err(e) = recorded.await {
        worker::console_error!(
            "view count failed for {entity_id}: {}",
            e.internal.unwrap_or(e.message)
        );
    }
}

pub fn is_bot(user_agent: &str) -> bool {
    BOT_REGEX.with(|re| re.test(user_agent))
}

fn countable(visit: &Visit) -> bool {
    !visit.no_count
        && plug_domain::agents::is_browser_like(&visit.user_agent)
        && !is_bot(&visit.user_agent)
}

/// Where a view is counted besides the beacon: a served page (a drop whose badge is off) or an
/// API read.
#[derive(Clone, Copy)]
pub enum CountedAt {
    Page,
    Read,
}

/// Counts a view of `row` after the response, if the visit qualifies: someone opening the page
/// or reading it, never a request another site's page makes the viewer's browser send
/// (`plug_domain::views::page_request_is_a_visit`, `read_request_is_a_visit`).
pub fn count_later(
    cx: &Ctx,
    req: &Request,
    at: CountedAt,
    row: &EntityRow,
    user_id: Option<&UserId>,
) {
    let get = req.method() == worker::Method::Get;
    let purpose = speculative(req);
    let purpose = purpose.as_deref();
    let looked = match at {
        CountedAt::Page => plug_domain::views::page_request_is_a_visit(
            get,
            header(req, "Sec-Fetch-Dest").as_deref(),
            purpose,
            row.visibility == plug_domain::Visibility::Link,
        ),
        CountedAt::Read => plug_domain::views::read_request_is_a_visit(
            get,
            header(req, "Sec-Fetch-Site").as_deref(),
            purpose,
        ),
    };
    let no_count_cookie = match at {
        CountedAt::Page => {
            content_no_count_name(crate::config::Config::is_https(&cx.config.content_origin))
        }
        CountedAt::Read => NO_COUNT_COOKIE,
    };
    let mut visit = visit_of(req, no_count_cookie);
    visit.no_count |= matches!(at, CountedAt::Page) && cx.no_count_pass.get();
    if !looked || !countable(&visit) || user_id == Some(&row.owner_id) {
        return;
    }
    let env = cx.env.clone();
    let secret = cx.config.jwt_secret.clone();
    let entity_id = row.entity_id.clone();
    let user_id = user_id.cloned();
    let now = cx.now;
    cx.defer(async move {
        let Ok(db) = env.d1("DB").and_then(crate::store::db::Db::new) else {
            return;
        };
        count(
            &db,
            &entity_id,
            user_id.as_ref(),
            &ip_hash(secret.as_bytes(), &visit.ip, now),
            now,
            true,
        )
        .await;
    });
}

/// The request's prefetch or preview purpose, in any browser's spelling
/// (`plug_domain::views::speculative_purpose`).
fn speculative(req: &Request) -> Option<String> {
    let [sec, purpose, x_purpose, x_moz] =
        ["Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"].map(|name| header(req, name));
    plug_domain::views::speculative_purpose(
        sec.as_deref(),
        purpose.as_deref(),
        x_purpose.as_deref(),
        x_moz.as_deref(),
    )
    .map(str::to_string)
}

/// POST /api/v2/views/:entity_id: always 202 with an empty body; counting happens afterwards.
pub async fn beacon(cx: &Ctx, req: Request, id: &str) -> ApiResult<Response> {
    let visit = visit_of(&req, NO_COUNT_COOKIE);
    let token = crate::auth::bearer(&req);
    let id = id.to_ascii_lowercase();
    // badge.js sends its beacon once the page is shown, so one with a speculative purpose comes
    // from a page nobody has opened (docs/api.md "What is not a visit").
    let shown = speculative(&req).is_none();
    if shown && countable(&visit) && plug_domain::validate::is_uuid(&id) {
        let own_page = plug_domain::views::beacon_from_own_page(
            header(&req, "Origin").as_deref(),
            &cx.config.content_url(&id),
        );
        let env = cx.env.clone();
        let config = cx.config.clone();
        let now = cx.now;
        cx.defer(async move {
            crate::error::report(
                "counting a beacon",
                count_beacon(env, config, id, token, visit, now, own_page).await,
            );
        });
    }
    let mut response = Response::empty()?.with_status(202);
    super::cors::allow_any_origin(&mut response);
    Ok(response)
}

async fn count_beacon(
    env: worker::Env,
    config: crate::config::Config,
    id: String,
    token: Option<String>,
    visit: Visit,
    now: i64,
    own_page: bool,
) -> ApiResult<()> {
    let db = crate::store::db::Db::new(env.d1("DB")?)?;
    let user_id = match token {
        Some(t) => {
            let expect = plug_domain::token::Expectations {
                issuer: config.jwt_issuer.as_deref(),
                audience: config.jwt_audience.as_deref(),
            };
            plug_domain::token::verify(&t, config.jwt_secret.as_bytes(), now, &expect)
                .ok()
                .map(UserId::from)
        }
        None => None,
    };
    let entity_id = EntityId::from(id);
    if !sender_may_see(&db, &entity_id, user_id.as_ref(), now).await? {
        return Ok(());
    }
    count(
        &db,
        &entity_id,
        user_id.as_ref(),
        &ip_hash(config.jwt_secret.as_bytes(), &visit.ip, now),
        now,
        own_page,
    )
    .await;
    Ok(())
}

/// Whether the beacon's sender may see the entity (`plug_domain::views::beacon_may_count`): a
/// private drop's id in a stranger's hands moves nothing. The answer was sent already, the same
/// 202 for every id, so this says nothing of whether the entity exists.
async fn sender_may_see(
    db: &crate::store::db::Db,
    entity_id: &EntityId,
    user_id: Option<&UserId>,
    now: i64,
) -> ApiResult<bool> {
    use plug_domain::access::{can_read, EntityFacts, Viewer};
    let key = crate::store::entities::EntityKey::Id(entity_id);
    let Some((row, access)) = crate::store::entities::find_with_access(db, key, user_id).await?
    else {
        return Ok(false);
    };
    let viewer = match user_id {
        Some(user) => crate::auth::viewer_from(user, access.viewer_role, access.viewer_space_ids),
        None => Viewer::default(),
    };
    let space_ids: Vec<_> = access
        .visibility_spaces
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let inspiration = row.realm == plug_domain::Realm::Inspiration;
    let facts = EntityFacts {
        owner_id: &row.owner_id,
        visibility: row.visibility,
        visibility_space_ids: &space_ids,
        status: row.status,
        expires_at: if inspiration { row.expires_at } else { None },
    };
    Ok(plug_domain::views::beacon_may_count(
        inspiration,
        user_id.is_some(),
        can_read(&viewer, &facts, now),
        row.visibility,
    ))
}
