//! A `url` on the link origin: `/{grid}/{name}/`, `/{grid}/s/{space}/{name}/` or
//! `/{grid}/u/{user}/{name}/`, then the path of a file below it (openapi.yaml, "serving").

use crate::routes::common::Seen;

/// Where an Inspiration was asked for: its grid, the scope path and its name, then the file path.
pub struct LinkPath<'a> {
    pub grid: &'a str,
    pub scope: ScopePath<'a>,
    pub name: &'a str,
    /// The path below the name, without its leading `/`; empty for the index.
    pub rest: String,
    /// `/{grid}/{name}` without the trailing slash.
    pub needs_slash: bool,
}

#[derive(PartialEq, Eq)]
pub enum ScopePath<'a> {
    Org,
    Space(&'a str),
    Personal(&'a str),
}

pub fn parse_path(path: &str) -> Option<LinkPath<'_>> {
    let trimmed = path.strip_prefix('/')?;
    let needs_slash = !trimmed.ends_with('/');
    let seg: Vec<&str> = trimmed.split('/').collect();
    let (grid, scope, name, rest) = match seg.as_slice() {
        [grid, "s", space, name, rest @ ..] => (*grid, ScopePath::Space(space), *name, rest),
        [grid, "u", user, name, rest @ ..] => (*grid, ScopePath::Personal(user), *name, rest),
        [grid, name, rest @ ..] => (*grid, ScopePath::Org, *name, rest),
        _ => return None,
    };
    if grid.is_empty() || name.is_empty() || grid.starts_with('_') {
        return None;
    }
    Some(LinkPath {
        grid,
        scope,
        name,
        rest: rest.join("/"),
        needs_slash: needs_slash && rest.is_empty(),
    })
}

/// Whether the path names the scope the Inspiration is in now (else it moved).
pub fn path_matches(at: &LinkPath<'_>, seen: &Seen) -> bool {
    let row = &seen.row;
    match (&at.scope, row.scope.as_str()) {
        (ScopePath::Org, "org") => true,
        (ScopePath::Space(slug), "space") => row.space_slug.as_deref() == Some(*slug),
        (ScopePath::Personal(slug), "personal") => row.owner_slug == *slug,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each form of `super::URL_FORMS`, filled in, is the `url` it stands for.
    #[test]
    fn every_url_form_parses_as_its_scope() {
        let fill = |form: &str| form.replace("{file}", "a.css").replace(['{', '}'], "");
        let forms: Vec<String> = super::super::URL_FORMS.iter().map(|f| fill(f)).collect();
        let parsed: Vec<_> = forms.iter().map(|f| parse_path(f)).collect();
        assert!(parsed.iter().all(Option::is_some), "{forms:?}");
        let p = |i: usize| parsed[i].as_ref().unwrap();
        assert!(p(0).scope == ScopePath::Org && p(0).rest.is_empty() && !p(0).needs_slash);
        assert!(p(1).scope == ScopePath::Space("space") && p(1).name == "name");
        assert!(p(2).scope == ScopePath::Personal("user") && p(2).grid == "grid");
        assert_eq!(p(3).rest, "_plug/file");
        assert_eq!(p(4).rest, "a.css");
        assert!(parse_path("/grid/name").unwrap().needs_slash);
        assert!(parse_path("/_plug/x/y").is_none(), "no grid begins with _");
    }
}
