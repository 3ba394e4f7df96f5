//! Field rules of the interface (openapi.yaml; README "Limits"): each check either
//! returns the clean value or a `FieldError` that becomes one `error.details` row.

use serde::Serialize;

/// One problem with one input field: `{ field, issue, hint }` on the wire.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: String,
    pub issue: String,
    pub hint: String,
}

impl FieldError {
    pub fn new(field: &str, issue: impl Into<String>, hint: impl Into<String>) -> Self {
        FieldError {
            field: field.to_string(),
            issue: issue.into(),
            hint: hint.into(),
        }
    }
}

pub type Checked<T> = Result<T, FieldError>;

pub const NAME_MIN: usize = 3;
pub const NAME_MAX: usize = 40;
pub const DISPLAY_NAME_MAX: usize = 100;
pub const DESCRIPTION_MAX: usize = 280;
pub const PIN_REASON_MIN: usize = 5;
pub const PIN_REASON_MAX: usize = 280;
pub const NOTE_MAX: usize = 280;
pub const FEEDBACK_TEXT_MAX: usize = 2000;
pub const EXPIRES_MIN_DAYS: i64 = 1;
pub const EXPIRES_MAX_DAYS: i64 = 365;
pub const DEFAULT_EXPIRES_DAYS: i64 = 30;
pub const INSPIRED_BY_MAX: usize = 10;
pub const LIST_LIMIT_MAX: i64 = 100;
pub const LIST_LIMIT_DEFAULT: i64 = 50;

fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// A valid Inspiration name (3-40 chars of `^[a-z][a-z0-9-]*$`) from any file or folder name:
/// lower-cased, runs of other characters turned into one `-`, prefixed when it would not start with
/// a letter, padded when too short and cut at a word boundary when too long.
pub fn derive_name(raw: &str) -> String {
    let mut name = String::new();
    for c in raw.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    let mut name = name.trim_end_matches('-').to_string();
    if name.is_empty() {
        name = "drop".to_string();
    } else if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name = format!("drop-{name}");
    }
    if name.len() < NAME_MIN {
        name.push_str("-drop");
    }
    if name.len() > NAME_MAX {
        let at_word_end = name.as_bytes()[NAME_MAX] == b'-';
        name.truncate(NAME_MAX);
        if let Some(cut) = name.rfind('-').filter(|&i| i >= NAME_MIN && !at_word_end) {
            name.truncate(cut);
        }
        name = name.trim_end_matches('-').to_string();
    }
    name
}

/// The submitted base of an Inspiration name: 3-40 chars of `^[a-z][a-z0-9-]*$`.
pub fn name(value: &str) -> Checked<String> {
    let len = char_len(value);
    if !(NAME_MIN..=NAME_MAX).contains(&len) {
        return Err(FieldError::new("name", "length", "3-40 characters"));
    }
    if !is_slug(value) {
        return Err(FieldError::new(
            "name",
            "pattern",
            "lower-case letters, digits and hyphens, starting with a letter (^[a-z][a-z0-9-]*$)",
        ));
    }
    Ok(value.to_string())
}

/// `^[a-z][a-z0-9-]*$`: the shape of every slug in Plug (names, users, grids, spaces).
pub fn is_slug(value: &str) -> bool {
    let mut chars = value.chars();
    matches!(chars.next(), Some('a'..='z'))
        && chars.all(|c| matches!(c, 'a'..='z' | '0'..='9' | '-'))
}

/// A slug for users, grids and spaces created through the operator API.
pub fn slug(field: &str, value: &str) -> Checked<String> {
    if !(1..=63).contains(&value.len()) || !is_slug(value) {
        return Err(FieldError::new(
            field,
            "pattern",
            "1-63 chars of ^[a-z][a-z0-9-]*$",
        ));
    }
    Ok(value.to_string())
}

/// First path segments the link origin keeps for itself (it answers nothing under `/api/` and
/// `/admin/`), so a grid of one of these names would hand out urls that never open.
pub const RESERVED_GRID_SLUGS: &[&str] = &["api", "admin"];

/// A grid's slug: a [`slug`] that is not one of [`RESERVED_GRID_SLUGS`]; every `url` of the
/// grid starts with it.
pub fn grid_slug(field: &str, value: &str) -> Checked<String> {
    let slug = slug(field, value)?;
    if RESERVED_GRID_SLUGS.contains(&slug.as_str()) {
        return Err(FieldError::new(
            field,
            "reserved",
            format!(
                "{slug} is kept for Plug's own paths ({}); choose another slug",
                RESERVED_GRID_SLUGS.join(", ")
            ),
        ));
    }
    Ok(slug)
}

/// Space as `openapi.yaml` spells it: its patterns use the explicit class
/// `[^\x09-\x0d\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]` for
/// "a non-space character" rather than `\S`, because validators disagree on `\S`: ECMA-262 (and
/// jsonschema-rs) counts U+FEFF as space but not U+001C-U+001F or U+0085; Python's `re` the
/// reverse. The class is the union, and so is this: Unicode White_Space, the information
/// separators and U+FEFF.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c) || c == '\u{feff}'
}

/// `value` without space at either end.
pub fn trim_space(value: &str) -> &str {
    value.trim_matches(is_space)
}

/// Text of at most `max` characters as sent (the schema's `maxLength`) and at least `min` from its
/// first to its last non-space character (the schema's pattern), stored trimmed.
fn bounded_text(field: &str, value: &str, min: usize, max: usize) -> Checked<String> {
    let trimmed = trim_space(value);
    if char_len(trimmed) < min || char_len(value) > max {
        return Err(FieldError::new(
            field,
            "length",
            format!("{min}-{max} characters"),
        ));
    }
    Ok(trimmed.to_string())
}

pub fn display_name(value: &str) -> Checked<String> {
    bounded_text("display_name", value, 1, DISPLAY_NAME_MAX)
}

pub fn description(value: &str) -> Checked<String> {
    bounded_text("description", value, 0, DESCRIPTION_MAX)
}

pub fn pin_reason(value: &str) -> Checked<String> {
    bounded_text("pin_reason", value, PIN_REASON_MIN, PIN_REASON_MAX)
}

pub fn note(value: &str) -> Checked<String> {
    bounded_text("note", value, 0, NOTE_MAX)
}

pub fn feedback_text(value: &str) -> Checked<String> {
    bounded_text("text", value, 1, FEEDBACK_TEXT_MAX)
}

/// A person's or a grid's name: 1-100 characters, none of them control or bidirectional formatting
/// ones. Such a name is shown inside sentences (the web app's "Sign in as <name>?", which names the
/// account's slug and grid after it), and an RTL override in it would turn the words after it
/// around (docs/security.md, round 12).
pub fn person_name(field: &str, value: &str) -> Checked<String> {
    let name = bounded_text(field, value, 1, 100)?;
    if !shows_as_written(value) {
        return Err(FieldError::new(
            field,
            "characters",
            "no control or bidirectional formatting characters",
        ));
    }
    Ok(name)
}

/// Whether a name reads as written wherever it is shown: no control characters and no
/// bidirectional formatting ones.
pub fn shows_as_written(name: &str) -> bool {
    !name
        .chars()
        .any(|c| c.is_control() || crate::origins::is_bidi_control(c))
}

/// Days until an unpinned drop expires: 1-365. The hint says nothing of null: on unpin null means
/// the default 30, and the create form's "null pins" is added by `create_expiry`.
pub fn expires_in_days(value: i64) -> Checked<i64> {
    if !(EXPIRES_MIN_DAYS..=EXPIRES_MAX_DAYS).contains(&value) {
        return Err(FieldError::new(
            "expires_in_days",
            "range",
            "an integer from 1 to 365",
        ));
    }
    Ok(value)
}

/// The expiry of a drop from its create form's `expires_in_days` and `pin_reason` as sent (absent
/// or empty text counts as not sent): default 30 days; the text `null` pins and then needs a
/// `pin_reason`; a `pin_reason` is 5-280 characters whenever it is sent, and is kept only when
/// the drop is pinned (docs/model.md "Wire details"). Returns the days (None when pinned) and the
/// reason to store.
pub fn create_expiry(
    days: Option<&str>,
    pin_reason_sent: Option<&str>,
) -> Checked<(Option<i64>, Option<String>)> {
    let reason = pin_reason_sent
        .filter(|r| !r.is_empty())
        .map(pin_reason)
        .transpose()?;
    match days.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok((Some(DEFAULT_EXPIRES_DAYS), None)),
        Some("null") => match reason {
            Some(reason) => Ok((None, Some(reason))),
            None => Err(FieldError::new(
                "pin_reason",
                "required",
                "pinning (expires_in_days null) needs a pin_reason of 5-280 characters",
            )),
        },
        Some(n) => {
            let days = n.parse::<i64>().map_err(|_| {
                FieldError::new(
                    "expires_in_days",
                    "type",
                    "an integer from 1 to 365, or null to pin",
                )
            })?;
            let days = expires_in_days(days).map_err(|e| FieldError {
                hint: format!("{}, or null to pin", e.hint),
                ..e
            })?;
            Ok((Some(days), None))
        }
    }
}

/// List `limit`: 1-100, default 50.
pub fn list_limit(value: Option<&str>) -> Checked<i64> {
    let Some(raw) = value else {
        return Ok(LIST_LIMIT_DEFAULT);
    };
    match raw.parse::<i64>() {
        Ok(n) if (1..=LIST_LIMIT_MAX).contains(&n) => Ok(n),
        _ => Err(FieldError::new(
            "limit",
            "range",
            "an integer from 1 to 100",
        )),
    }
}

/// A canonical lower-case hyphenated UUID.
pub fn is_uuid(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

pub fn uuid(field: &str, value: &str) -> Checked<String> {
    if !is_uuid(value) {
        return Err(FieldError::new(field, "format", "a UUID"));
    }
    Ok(value.to_ascii_lowercase())
}

/// `visibility_spaces` (docs/model.md "Visibility"): a non-empty list of space slugs, where
/// `everyone` anywhere in it means the whole grid (the `bool`). The other slugs come back, duplicates
/// dropped and first place kept, to be checked as spaces of the grid even beside `everyone`: an
/// unknown slug is 400 SPACE_NOT_FOUND wherever it stands (interface 4.6).
pub fn visibility_spaces(slugs: Vec<String>) -> Checked<(Vec<String>, bool)> {
    if slugs.is_empty() {
        return Err(FieldError::new(
            "visibility_spaces",
            "empty",
            "a non-empty array of space slugs, or ['everyone']",
        ));
    }
    let mut everyone = false;
    let mut unique: Vec<String> = Vec::with_capacity(slugs.len());
    for slug in slugs {
        if slug == "everyone" {
            everyone = true;
        } else if !unique.contains(&slug) {
            unique.push(slug);
        }
    }
    Ok((unique, everyone))
}

/// The create form's one list field (4.1: `inspired_by` is UUID[], sent once per id).
pub const REPEATABLE_CREATE_FIELDS: &[&str] = &["inspired_by"];

/// A multipart form's field names, each single-valued one at most once (interface 4.1: `file` is
/// one binary, the others one string each). The first name seen twice, outside `repeatable`, is
/// refused: taking one of two values would drop the other without a word (a second file, a second
/// name). The hint for `file` says how to drop several files at once.
pub fn single_valued<'a>(
    names: impl IntoIterator<Item = &'a str>,
    repeatable: &[&str],
) -> Checked<()> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if repeatable.contains(&name) {
            continue;
        }
        if seen.contains(&name) {
            let hint = if name == "file" {
                "one file per drop: to share several, put them in a folder with an index.html, zip \
                 it and drop the .zip"
            } else {
                "send this field once"
            };
            return Err(FieldError::new(name, "repeated", hint));
        }
        seen.push(name);
    }
    Ok(())
}

/// A query's parameter names, each of those the route reads (`read`) at most once: the spec gives
/// no precedence, and frameworks disagree (the first, the last, all), so `?limit=1&limit=100` is
/// refused like a repeated form field rather than answered for one of the two. Parameters the route
/// does not read stay ignored, repeated or not.
pub fn single_valued_params<'a>(
    names: impl IntoIterator<Item = &'a str>,
    read: &[&str],
) -> Checked<()> {
    single_valued(names.into_iter().filter(|n| read.contains(n)), &[])
}

/// Whether a `Content-Type` is `application/json`, in any case and with any parameters. The
/// feedback endpoint takes its body only under it (interface 4.12 names the header); `text/plain`,
/// a form or no type at all is 415.
pub fn is_json_media_type(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default();
    essence.trim().eq_ignore_ascii_case("application/json")
}

/// Formats 16 random bytes as a version-4 UUID.
pub fn uuid_from_random(mut bytes: [u8; 16]) -> String {
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// `base-1a2b`: the stored name of an Inspiration, from the submitted base and two random bytes.
pub fn suffixed_name(base: &str, random: [u8; 2]) -> String {
    format!("{base}-{:02x}{:02x}", random[0], random[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_slug_is_never_one_the_link_origin_keeps_for_itself() {
        for kept in RESERVED_GRID_SLUGS {
            let e = grid_slug("slug", kept).expect_err(kept);
            assert_eq!((e.field.as_str(), e.issue.as_str()), ("slug", "reserved"));
        }
        for fine in ["apis", "api-team", "administration", "team"] {
            assert_eq!(grid_slug("slug", fine), Ok(fine.to_string()));
        }
        assert_eq!(grid_slug("slug", "API").unwrap_err().issue, "pattern");
    }

    #[test]
    fn a_form_field_twice_is_refused_except_a_repeatable_one() {
        let ok = ["name", "scope", "inspired_by", "inspired_by", "file"];
        assert_eq!(single_valued(ok, REPEATABLE_CREATE_FIELDS), Ok(()));
        assert_eq!(single_valued([], REPEATABLE_CREATE_FIELDS), Ok(()));
        let two_files = single_valued(["name", "file", "file"], REPEATABLE_CREATE_FIELDS)
            .expect_err("two files");
        assert_eq!(
            (two_files.field.as_str(), two_files.issue.as_str()),
            ("file", "repeated")
        );
        assert!(two_files.hint.contains(".zip"), "{}", two_files.hint);
        let names = single_valued(["name", "scope", "name", "scope"], REPEATABLE_CREATE_FIELDS)
            .expect_err("two names");
        assert_eq!(
            (names.field.as_str(), names.issue.as_str()),
            ("name", "repeated")
        );
        assert_eq!(names.hint, "send this field once");
        // Without the list field exempted, it is single-valued too.
        assert!(single_valued(["inspired_by", "inspired_by"], &[]).is_err());
    }

    #[test]
    fn a_query_parameter_the_route_reads_twice_is_refused_and_others_are_ignored() {
        let read = ["limit", "cursor", "sort"];
        assert_eq!(
            single_valued_params(["limit", "utm", "utm", "cursor"], &read),
            Ok(())
        );
        let twice = single_valued_params(["sort", "limit", "limit"], &read).expect_err("twice");
        assert_eq!(
            (twice.field.as_str(), twice.issue.as_str()),
            ("limit", "repeated")
        );
    }

    #[test]
    fn only_a_json_content_type_is_json() {
        for json in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON ; charset=\"UTF-8\"",
        ] {
            assert!(is_json_media_type(json), "{json}");
        }
        for other in [
            "",
            "text/plain",
            "text/plain;charset=UTF-8",
            "text/json",
            "application/jsonp",
            "application/merge-patch+json",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            assert!(!is_json_media_type(other), "{other}");
        }
    }

    #[test]
    fn create_expiry_defaults_pins_with_a_reason_and_checks_a_reason_whenever_sent() {
        assert_eq!(create_expiry(None, None), Ok((Some(30), None)));
        assert_eq!(create_expiry(Some(""), Some("")), Ok((Some(30), None)));
        assert_eq!(create_expiry(Some("7"), None), Ok((Some(7), None)));
        assert_eq!(
            create_expiry(Some("null"), Some("keep it")),
            Ok((None, Some("keep it".into())))
        );
        let field = |r: Checked<(Option<i64>, Option<String>)>| r.unwrap_err().field;
        assert_eq!(field(create_expiry(Some("null"), None)), "pin_reason");
        assert_eq!(field(create_expiry(Some("null"), Some(""))), "pin_reason");
        assert_eq!(
            field(create_expiry(Some("null"), Some("abcd"))),
            "pin_reason"
        );
        assert_eq!(field(create_expiry(Some("0"), None)), "expires_in_days");
        assert_eq!(field(create_expiry(Some("366"), None)), "expires_in_days");
        assert_eq!(field(create_expiry(Some("NULL"), None)), "expires_in_days");
        // A reason beside an expiry is still held to its bounds, then not kept: only a pin has one.
        assert_eq!(field(create_expiry(Some("7"), Some("abcd"))), "pin_reason");
        assert_eq!(
            field(create_expiry(None, Some(&"x".repeat(281)))),
            "pin_reason"
        );
        assert_eq!(
            create_expiry(Some("7"), Some("a reason")),
            Ok((Some(7), None))
        );
    }

    #[test]
    fn name_accepts_lower_case_slugs_of_three_to_forty_chars() {
        assert!(name("abc").is_ok());
        assert!(name("my-demo-2").is_ok());
        assert_eq!(name("ab").unwrap_err().issue, "length");
        assert_eq!(name(&"a".repeat(41)).unwrap_err().issue, "length");
        assert_eq!(name("1abc").unwrap_err().issue, "pattern");
        assert_eq!(name("Abc").unwrap_err().issue, "pattern");
        assert_eq!(name("ab_c").unwrap_err().issue, "pattern");
    }

    #[test]
    fn person_names_of_any_script_are_taken_but_not_ones_that_turn_text_around() {
        assert_eq!(person_name("name", " سارة الأحمد ").unwrap(), "سارة الأحمد");
        assert_eq!(person_name("name", "José Núñez").unwrap(), "José Núñez");
        for bad in [
            "Alex\u{202e}miK",
            "Alex\u{2066}Kim",
            "Alex\u{200f}",
            "A\nB",
            "A\u{7}B",
        ] {
            assert_eq!(
                person_name("name", bad).unwrap_err().issue,
                "characters",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn display_name_is_trimmed_and_bounded() {
        assert_eq!(display_name("  Hi ").unwrap(), "Hi");
        assert!(display_name("   ").is_err());
        assert!(display_name(&"é".repeat(100)).is_ok());
        assert!(display_name(&"é".repeat(101)).is_err());
    }

    #[test]
    fn pin_reason_needs_five_to_280_chars() {
        assert!(pin_reason("keep").is_err());
        assert!(pin_reason("keep it").is_ok());
        assert!(pin_reason(&"x".repeat(281)).is_err());
        // Inner spaces count; only the ends are trimmed, as the schema's pattern says.
        assert_eq!(pin_reason(" a   b ").unwrap(), "a   b");
    }

    #[test]
    fn information_separators_at_the_ends_are_trimmed_like_spaces() {
        assert!(display_name("\u{1c}\u{1f}").is_err());
        assert_eq!(display_name("\u{1e}Hi\u{1d}").unwrap(), "Hi");
        assert_eq!(display_name("H\u{1c}i").unwrap(), "H\u{1c}i");
        assert!(display_name("\u{0}").is_ok());
    }

    #[test]
    fn space_is_the_union_of_what_schema_validators_read_as_space() {
        // jsonschema-rs (ECMA-262) reads U+FEFF as space; Python reads U+001F and U+0085 so.
        assert!(feedback_text("\u{feff}").is_err());
        assert!(feedback_text("\u{1f}").is_err());
        assert!(feedback_text("\u{85}\u{3000}").is_err());
        assert!(pin_reason("Z\u{1f60d}\u{d9}\u{b4}\u{1e}").is_err());
        assert_eq!(trim_space("\u{feff}a b\u{a0}"), "a b");
    }

    #[test]
    fn the_upper_bound_counts_the_text_as_sent() {
        // maxLength in the schema applies before trimming, so the Worker's bound does too.
        assert!(feedback_text(&"x".repeat(2000)).is_ok());
        assert!(feedback_text(&format!(" {}", "x".repeat(2000))).is_err());
        assert!(pin_reason(&format!("{} ", "x".repeat(280))).is_err());
    }

    #[test]
    fn expires_in_days_is_one_to_365() {
        assert!(expires_in_days(0).is_err());
        assert!(expires_in_days(1).is_ok());
        assert!(expires_in_days(365).is_ok());
        assert!(expires_in_days(366).is_err());
    }

    #[test]
    fn list_limit_defaults_to_fifty_and_refuses_out_of_range() {
        assert_eq!(list_limit(None).unwrap(), 50);
        assert_eq!(list_limit(Some("100")).unwrap(), 100);
        assert!(list_limit(Some("0")).is_err());
        assert!(list_limit(Some("101")).is_err());
        assert!(list_limit(Some("x")).is_err());
    }

    #[test]
    fn visibility_spaces_are_a_subset_or_everyone() {
        let list = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(visibility_spaces(vec![]).is_err());
        assert_eq!(
            visibility_spaces(list(&["design", "everyone"])).unwrap(),
            (list(&["design"]), true)
        );
        assert_eq!(
            visibility_spaces(list(&["everyone"])).unwrap(),
            (list(&[]), true)
        );
        assert_eq!(
            visibility_spaces(list(&["design", "ops", "design"])).unwrap(),
            (list(&["design", "ops"]), false)
        );
    }

    #[test]
    fn uuids_are_version_four_and_recognised() {
        let id = uuid_from_random([0xff; 16]);
        assert!(is_uuid(&id));
        assert_eq!(&id[14..15], "4");
        assert!(!is_uuid("not-a-uuid"));
        assert_eq!(suffixed_name("demo", [0x0a, 0xbc]), "demo-0abc");
    }
}
