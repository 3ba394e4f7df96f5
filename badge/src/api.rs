//! The two requests the badge makes to the API origin: the visit beacon and the feedback POST.
//! The JSON body is written by hand (five string fields) so no serializer ships in badge.js.

use crate::concat;
use alloc::string::String;
use js_sys::{Promise, Reflect, JSON};
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

/// The feedback body (`FeedbackInput` in openapi.yaml); `source` is always `badge`.
pub fn feedback_body(category: &str, text: &str, user_agent: &str, page_url: &str) -> String {
    let mut body = String::from("{");
    let fields = [
        ("category", category),
        ("text", text),
        ("source", "badge"),
        ("user_agent", user_agent),
        ("page_url", page_url),
    ];
    for (index, (name, value)) in fields.into_iter().enumerate() {
        if index > 0 {
            body.push(',');
        }
        push_json_string(&mut body, name);
        body.push(':');
        push_json_string(&mut body, value);
    }
    body.push('}');
    body
}

/// Appends `value` as a JSON string literal: quotes, backslashes and control characters escaped.
fn push_json_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{0}'..='\u{1f}' => {
                out.push_str(if (c as u32) < 0x10 {
                    "\\u000"
                } else {
                    "\\u001"
                });
                out.push(hex_digit(c as u32 & 15));
            }
            _ => out.push(c),
        }
    }
    out.push('"');
}

/// Arithmetic rather than a table lookup: no bounds check, so no panic path in the wasm.
fn hex_digit(nibble: u32) -> char {
    char::from_digit(nibble, 16).unwrap_or('0')
}

/// Whether this page's origin holds the viewer's "do not count me" cookie. The serving origin sets
/// it readable for exactly this: a beacon to the API origin is cross-site, and browsers that
/// block third-party cookies would send it without the API origin's copy. The JS engine's RegExp
/// reads the cookie string where it is, which costs the bundle less than doing it in Rust.
pub fn no_count(document: &web_sys::Document) -> bool {
    let cookies = Reflect::get(document, &"cookie".into()).unwrap_or_default();
    js_sys::RegExp::new("(^|;) *platform-no-count=", "")
        .test(&cookies.as_string().unwrap_or_default())
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
    let user_agent = window.navigator().user_agent().unwrap_or_default();
    let page_url = window.location().href().unwrap_or_default();
    let body = feedback_body(category, text, &user_agent, &page_url);
    // The constant options come from JSON.parse, an import the theme needs anyway.
    let init = JSON::parse(FEEDBACK_REQUEST).unwrap_throw();
    let _ = Reflect::set(&init, &"body".into(), &body.into());
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

    #[test]
    fn feedback_body_has_the_five_fields_with_source_badge() {
        assert_eq!(
            feedback_body("bug", "It broke", "UA/1", "http://x/p/"),
            r#"{"category":"bug","text":"It broke","source":"badge","user_agent":"UA/1","page_url":"http://x/p/"}"#
        );
    }

    #[test]
    fn feedback_body_escapes_quotes_backslashes_and_control_characters() {
        let body = feedback_body("comment", "say \"hi\"\\\n\t\u{1}é", "", "");
        assert!(
            body.contains(r#""text":"say \"hi\"\\\u000a\u0009\u0001é""#),
            "{body}"
        );
    }
}
