//! The two requests the badge makes to the API origin: the visit beacon and the feedback POST.
//! The JSON body is serialised by the page's `JSON.stringify`, so no serializer ships in badge.js.

use crate::concat;
use alloc::string::String;
use js_sys::{Object, Promise, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue, UnwrapThrowExt};
use web_sys::Window;

/// fetch options of every feedback POST: JSON, and no cookies (openapi.yaml).
const FEEDBACK_REQUEST: &str =
    r#"{"method":"POST","credentials":"omit","headers":{"Content-Type":"application/json"}}"#;

/// `POST {api_origin}/api/v2/views/{entity}` (openapi.yaml).
pub fn views_url(api_origin: &str, entity: &str) -> String {
    concat(&[api_origin, "/api/v2/views/", entity])
}

/// `POST {api_origin}/api/v2/entities/{entity}/feedback` (openapi.yaml).
pub fn feedback_url(api_origin: &str, entity: &str) -> String {
    concat(&[api_origin, "/api/v2/entities/", entity, "/feedback"])
}

/// Whether this page's origin holds the viewer's "do not count me" cookie. The serving origin sets
/// it readable for exactly this: a beacon to the API origin is cross-site, and browsers that
/// block third-party cookies would send it without the API origin's copy. The JS engine's RegExp
/// reads the cookie string where it is, which costs the bundle less than doing it in Rust. On https
/// Plug names it `__Host-platform-no-count`: a plain one there may have been set for the parent
/// domain by another drop, to stop its visitors being counted anywhere.
pub fn no_count(document: &web_sys::Document) -> bool {
    let cookies = Reflect::get(document, &"cookie".into()).unwrap_or_default();
    let url = Reflect::get(document, &"URL".into()).unwrap_or_default();
    let https = url.as_string().unwrap_or_default().starts_with("https:");
    let pattern = if https {
        "(^|;) *__Host-platform-no-count="
    } else {
        "(^|;) *platform-no-count="
    };
    js_sys::RegExp::new(pattern, "").test(&cookies.as_string().unwrap_or_default())
}

/// Counts this page view; `sendBeacon` survives the page being closed right away.
/// Bodyless, so it needs no CORS preflight; the answer is never read.
pub fn send_beacon(window: &Window, api_origin: &str, entity: &str) {
    let _ = window
        .navigator()
        .send_beacon(&views_url(api_origin, entity));
}

/// Sends one feedback entry. The promise resolves to the `Response` (whatever its status) or
/// rejects on a network or CORS failure.
pub fn post_feedback(
    window: &Window,
    api_origin: &str,
    entity: &str,
    category: &str,
    text: &str,
) -> Promise {
    // The body is built and serialised by the page's own JSON, not by Rust: escaping text in
    // wasm cost more bytes of badge.js than the whole request.
    let body = Object::new();
    let location = Reflect::get(window, &"location".into()).unwrap_or_default();
    let fields: [(&str, JsValue); 5] = [
        ("category", category.into()),
        ("text", text.into()),
        ("source", "badge".into()),
        (
            "user_agent",
            Reflect::get(&window.navigator(), &"userAgent".into()).unwrap_or_default(),
        ),
        (
            "page_url",
            Reflect::get(&location, &"href".into()).unwrap_or_default(),
        ),
    ];
    for (name, value) in fields {
        let _ = Reflect::set(&body, &name.into(), &value);
    }
    let init = JSON::parse(FEEDBACK_REQUEST).unwrap_throw();
    let json = JSON::stringify(&body)
        .map(JsValue::from)
        .unwrap_or_default();
    let _ = Reflect::set(&init, &"body".into(), &json);
    window.fetch_with_str_and_init(&feedback_url(api_origin, entity), init.unchecked_ref())
}

/// Whether a settled feedback request succeeded: a `Response` with a 2xx status.
/// A rejection value (a `TypeError`) has no `ok` field and so counts as a failure.
pub fn succeeded(settled: &JsValue) -> bool {
    Reflect::get(settled, &"ok".into())
        .ok()
        .and_then(|ok| ok.as_bool())
        == Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beacon_goes_to_the_views_route_of_the_entity() {
        assert_eq!(
            views_url("http://localhost:8787", "abc-123"),
            "http://localhost:8787/api/v2/views/abc-123"
        );
    }

    #[test]
    fn feedback_goes_to_the_entity_feedback_route() {
        assert_eq!(
            feedback_url("https://api.plug.dev", "abc-123"),
            "https://api.plug.dev/api/v2/entities/abc-123/feedback"
        );
    }
}
