//! openapi.yaml against the origins' own route lists: the API table (`api::ROUTES`) and the link
//! origin's pages and `url` forms (`link::PAGES`, `link::URL_FORMS`) name exactly the operations the
//! document has, each under its server. (The content origin's paths are described in the
//! document's text; tests/openapi.test.mjs requests every documented route of the real Worker.)

use std::collections::BTreeSet;

use super::api::ROUTES;
use super::link::{PAGES, URL_FORMS};

/// `METHOD /path/{param}` for every operation `openapi.yaml` documents on the API origin
/// (`link` false) or the link origin (`link` true): a line scan of its `paths:` (keys at two
/// spaces, methods at four; a `servers:` line marks a path of the link origin).
fn documented(link: bool) -> BTreeSet<String> {
    let doc = include_str!("../../../openapi.yaml");
    let paths = &doc
        [doc.find("\npaths:\n").expect("paths")..doc.find("\ncomponents:\n").expect("components")];
    let mut ops = BTreeSet::new();
    let mut current: Option<(String, bool, Vec<String>)> = None;
    let flush = |c: Option<(String, bool, Vec<String>)>, ops: &mut BTreeSet<String>| {
        if let Some((path, api, methods)) = c {
            if api != link {
                for m in methods {
                    ops.insert(format!("{m} {path}"));
                }
            }
        }
    };
    for line in paths.lines() {
        if let Some(key) = line.strip_prefix("  /").and_then(|l| l.strip_suffix(':')) {
            flush(current.take(), &mut ops);
            current = Some((format!("/{key}"), true, Vec::new()));
        } else if let Some((_, api, methods)) = current.as_mut() {
            let trimmed = line.trim_end();
            if trimmed.starts_with("    servers:") {
                *api = false;
            }
            for m in ["get", "post", "put", "patch", "delete", "options"] {
                if trimmed == format!("    {m}:") {
                    methods.push(m.to_uppercase());
                }
            }
        }
    }
    flush(current.take(), &mut ops);
    ops
}

fn in_the_table() -> BTreeSet<String> {
    let mut ops = BTreeSet::new();
    for route in ROUTES {
        let path: Vec<String> = route
            .path
            .split('/')
            .map(|s| match s.strip_prefix(':') {
                Some(_) => "{}".to_string(),
                None => s.to_string(),
            })
            .collect();
        let path = path.join("/");
        ops.insert(format!("{} {path}", route.method.as_ref()));
        if route.flags.cross_origin {
            ops.insert(format!("OPTIONS {path}"));
        }
    }
    ops
}

fn shape(op: &str) -> String {
    let (method, path) = op.split_once(' ').unwrap();
    let path: Vec<&str> = path
        .split('/')
        .map(|s| if s.starts_with('{') { "{}" } else { s })
        .collect();
    format!("{method} {}", path.join("/"))
}

#[test]
fn the_api_table_and_openapi_yaml_name_the_same_operations() {
    let documented: BTreeSet<String> = documented(false).iter().map(|op| shape(op)).collect();
    let table = in_the_table();
    assert!(table.len() > 30, "the table is not read");
    let missing: Vec<_> = table.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&table).collect();
    assert!(
        missing.is_empty(),
        "routes missing from openapi.yaml: {missing:?}"
    );
    assert!(
        extra.is_empty(),
        "documented operations with no route: {extra:?}"
    );
}

/// The link origin's routes as `GET /path/{}`. `/healthz` is one path of the document for both
/// origins (documented without a server), so it counts with the API's.
fn the_link_origins_routes() -> BTreeSet<String> {
    let pages = PAGES.iter().map(|(path, _)| *path);
    pages
        .chain(URL_FORMS.iter().copied())
        .filter(|path| *path != "/healthz")
        .map(|path| shape(&format!("GET {path}")))
        .collect()
}

#[test]
fn the_link_origins_routes_and_openapi_yaml_name_the_same_operations() {
    let documented: BTreeSet<String> = documented(true).iter().map(|op| shape(op)).collect();
    let routes = the_link_origins_routes();
    assert!(routes.len() >= 8, "the link origin's lists are not read");
    let missing: Vec<_> = routes.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&routes).collect();
    assert!(
        missing.is_empty(),
        "link-origin routes missing from openapi.yaml: {missing:?}"
    );
    assert!(
        extra.is_empty(),
        "documented link-origin operations the link origin does not have: {extra:?}"
    );
}
