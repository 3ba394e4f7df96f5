//! The tools as types: one argument struct per tool and `Tool`, the one place a tool's name meets
//! its arguments. `tools.json` publishes the same arguments as JSON Schema for `tools/list`; the
//! tests below hold each struct equal to its schema (names, types, which are required).
//!
//! The structs are read by `arguments!` rather than serde's derive: the derive's code for thirteen
//! structs weighed 16 KiB of the Worker's gzip upload, and `args::check` has already held the
//! values to the schema, so reading them needs no error paths.

use plug_domain::error_code::ErrorCode;
use serde_json::{Map, Value};

use crate::{args, Failure};

/// One argument's Rust type: how it is read from arguments `args::check` has accepted and, for the
/// schema test, its JSON Schema type and whether the schema must require it.
pub trait Arg<'a>: Sized {
    #[cfg(test)]
    const TYPE: &'static str;
    #[cfg(test)]
    const REQUIRED: bool = false;
    /// Each reader is one call, not inlined into every struct: the Worker's upload stays as small
    /// as the untyped reads it replaced.
    fn take(map: &'a Map<String, Value>, name: &str) -> Self;
}

impl<'a> Arg<'a> for &'a str {
    #[cfg(test)]
    const TYPE: &'static str = "string";
    #[cfg(test)]
    const REQUIRED: bool = true;
    #[inline(never)]
    fn take(map: &'a Map<String, Value>, name: &str) -> Self {
        <Option<&str> as Arg>::take(map, name).unwrap_or_default()
    }
}

impl<'a> Arg<'a> for Option<&'a str> {
    #[cfg(test)]
    const TYPE: &'static str = "string";
    #[inline(never)]
    fn take(map: &'a Map<String, Value>, name: &str) -> Self {
        map.get(name).and_then(Value::as_str)
    }
}

impl<'a> Arg<'a> for Option<i64> {
    #[cfg(test)]
    const TYPE: &'static str = "integer";
    #[inline(never)]
    fn take(map: &'a Map<String, Value>, name: &str) -> Self {
        map.get(name).and_then(args::whole)
    }
}

impl<'a> Arg<'a> for Option<bool> {
    #[cfg(test)]
    const TYPE: &'static str = "boolean";
    #[inline(never)]
    fn take(map: &'a Map<String, Value>, name: &str) -> Self {
        map.get(name).and_then(Value::as_bool)
    }
}

impl<'a> Arg<'a> for Option<Vec<&'a str>> {
    #[cfg(test)]
    const TYPE: &'static str = "array";
    #[inline(never)]
    fn take(map: &'a Map<String, Value>, name: &str) -> Self {
        let items = map.get(name)?.as_array()?;
        Some(items.iter().filter_map(Value::as_str).collect())
    }
}

/// A struct read from checked arguments, with its fields as (name, schema type, required).
pub trait Arguments<'a>: Sized {
    /// Only the schema test reads it; the Worker does not carry it.
    #[cfg(test)]
    const FIELDS: &'static [(&'static str, &'static str, bool)];
    fn read(map: &'a Map<String, Value>) -> Self;
}

/// Declares argument structs: each field's name is the argument's, its type an `Arg`.
macro_rules! arguments {
    ($($(#[$doc:meta])* pub struct $name:ident { $(pub $field:ident: $ty:ty,)* })*) => {$(
        $(#[$doc])*
        #[derive(Debug, Default)]
        pub struct $name<'a> { $(pub $field: $ty,)* }

        impl<'a> Arguments<'a> for $name<'a> {
            #[cfg(test)]
            const FIELDS: &'static [(&'static str, &'static str, bool)] =
                &[$((stringify!($field), <$ty as Arg<'a>>::TYPE, <$ty as Arg<'a>>::REQUIRED),)*];
            fn read(map: &'a Map<String, Value>) -> Self {
                $name { $($field: Arg::take(map, stringify!($field)),)* }
            }
        }
    )*};
}

arguments! {
/// `drop`: exactly one of `path`, `content`, `content_base64`; the rest shapes the create form.
pub struct DropArgs {
    pub path: Option<&'a str>,
    pub content: Option<&'a str>,
    pub content_base64: Option<&'a str>,
    pub file_name: Option<&'a str>,
    pub name: Option<&'a str>,
    pub title: Option<&'a str>,
    pub scope: Option<&'a str>,
    pub space_id: Option<&'a str>,
    pub visibility: Option<&'a str>,
    pub expires_in_days: Option<i64>,
    pub pin_reason: Option<&'a str>,
    pub inspired_by: Option<Vec<&'a str>>,
    pub wait_seconds: Option<i64>,
}

pub struct ListArgs {
    pub owner: Option<&'a str>,
    pub space: Option<&'a str>,
    pub sort: Option<&'a str>,
    pub cursor: Option<&'a str>,
    pub limit: Option<i64>,
}

pub struct ReadArgs {
    pub id: &'a str,
    pub include_text: Option<bool>,
    pub max_text_chars: Option<i64>,
}

pub struct SetVisibilityArgs {
    pub id: &'a str,
    pub visibility: &'a str,
    pub visibility_spaces: Option<Vec<&'a str>>,
    pub link_indexed: Option<bool>,
}

/// `update`: the fields of `PATCH /api/v2/inspirations/:id` that `set_visibility` does not set.
pub struct UpdateArgs {
    pub id: &'a str,
    pub display_name: Option<&'a str>,
    pub description: Option<&'a str>,
    pub scope: Option<&'a str>,
    pub space_id: Option<&'a str>,
}

pub struct PinArgs {
    pub id: &'a str,
    pub pin_reason: &'a str,
}

pub struct UnpinArgs {
    pub id: &'a str,
    pub expires_in_days: Option<i64>,
}

/// `archive` and `restore`: the Inspiration alone.
pub struct IdArgs {
    pub id: &'a str,
}

pub struct ReactArgs {
    pub id: &'a str,
    pub kind: &'a str,
}

pub struct ContextArgs {
    pub id: &'a str,
    pub feedback_limit: Option<i64>,
    pub feedback_cursor: Option<&'a str>,
    pub links_limit: Option<i64>,
}

pub struct LinkRuntimeArgs {
    pub runtime_id: &'a str,
    pub inspiration_id: &'a str,
    pub note: Option<&'a str>,
}

pub struct UnlinkRuntimeArgs {
    pub runtime_id: &'a str,
    pub link_id: &'a str,
}

pub struct ListRuntimesArgs {
    pub kind: Option<&'a str>,
    pub owner: Option<&'a str>,
    pub space_id: Option<&'a str>,
    pub sort: Option<&'a str>,
    pub cursor: Option<&'a str>,
    pub limit: Option<i64>,
}
}

/// One tool call with its arguments read.
#[derive(Debug)]
pub enum Tool<'a> {
    Drop(DropArgs<'a>),
    List(ListArgs<'a>),
    Read(ReadArgs<'a>),
    SetVisibility(SetVisibilityArgs<'a>),
    Update(UpdateArgs<'a>),
    Pin(PinArgs<'a>),
    Unpin(UnpinArgs<'a>),
    Archive(IdArgs<'a>),
    Restore(IdArgs<'a>),
    React(ReactArgs<'a>),
    Context(ContextArgs<'a>),
    LinkRuntime(LinkRuntimeArgs<'a>),
    UnlinkRuntime(UnlinkRuntimeArgs<'a>),
    ListRuntimes(ListRuntimesArgs<'a>),
}

impl<'a> Tool<'a> {
    /// The tool `name` with `arguments` checked against its schema, then read into its struct.
    pub fn parse(name: &str, arguments: &'a Value) -> Result<Tool<'a>, Failure> {
        let unknown = || {
            Failure::new(
                ErrorCode::ValidationFailed,
                format!("no tool named {name:?}; tools/list names them"),
            )
        };
        let schema = schema_of(name).ok_or_else(unknown)?;
        let a = args::check(arguments, &schema)?;
        Ok(match name {
            "drop" => Tool::Drop(Arguments::read(a)),
            "list" => Tool::List(Arguments::read(a)),
            "read" => Tool::Read(Arguments::read(a)),
            "set_visibility" => Tool::SetVisibility(Arguments::read(a)),
            "update" => Tool::Update(Arguments::read(a)),
            "pin" => Tool::Pin(Arguments::read(a)),
            "unpin" => Tool::Unpin(Arguments::read(a)),
            "archive" => Tool::Archive(Arguments::read(a)),
            "restore" => Tool::Restore(Arguments::read(a)),
            "react" => Tool::React(Arguments::read(a)),
            "context" => Tool::Context(Arguments::read(a)),
            "link_runtime" => Tool::LinkRuntime(Arguments::read(a)),
            "unlink_runtime" => Tool::UnlinkRuntime(Arguments::read(a)),
            "list_runtimes" => Tool::ListRuntimes(Arguments::read(a)),
            _ => return Err(unknown()),
        })
    }
}

fn schema_of(name: &str) -> Option<Value> {
    let mut tools = crate::tool_list();
    tools
        .as_array_mut()?
        .iter_mut()
        .find(|t| t["name"] == name)
        .map(|t| t["inputSchema"].take())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields_of(name: &str) -> &'static [(&'static str, &'static str, bool)] {
        match name {
            "drop" => DropArgs::FIELDS,
            "list" => ListArgs::FIELDS,
            "read" => ReadArgs::FIELDS,
            "set_visibility" => SetVisibilityArgs::FIELDS,
            "update" => UpdateArgs::FIELDS,
            "pin" => PinArgs::FIELDS,
            "unpin" => UnpinArgs::FIELDS,
            "archive" | "restore" => IdArgs::FIELDS,
            "react" => ReactArgs::FIELDS,
            "context" => ContextArgs::FIELDS,
            "link_runtime" => LinkRuntimeArgs::FIELDS,
            "unlink_runtime" => UnlinkRuntimeArgs::FIELDS,
            "list_runtimes" => ListRuntimesArgs::FIELDS,
            other => panic!("{other} has no struct"),
        }
    }

    /// Every published tool has a struct whose fields are its schema's properties, each of the
    /// schema's type, the non-`Option` ones exactly its `required` list; and `Tool::parse` knows it.
    #[test]
    fn each_struct_is_its_published_schema() {
        let tools = crate::tool_list();
        for tool in tools.as_array().unwrap() {
            let name = tool["name"].as_str().unwrap();
            let schema = &tool["inputSchema"];
            let mut published: Vec<(String, String, bool)> = schema["properties"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, p)| {
                    let required = schema["required"]
                        .as_array()
                        .is_some_and(|r| r.iter().any(|v| v == k.as_str()));
                    (k.clone(), p["type"].as_str().unwrap().to_string(), required)
                })
                .collect();
            published.sort();
            let mut fields: Vec<(String, String, bool)> = fields_of(name)
                .iter()
                .map(|(n, t, r)| (n.to_string(), t.to_string(), *r))
                .collect();
            fields.sort();
            assert_eq!(fields, published, "{name}");
            assert!(
                !Tool::parse(name, &serde_json::json!({ "no_such_argument": 1 }))
                    .unwrap_err()
                    .message
                    .contains("no tool named"),
                "{name} is a Tool"
            );
        }
    }

    #[test]
    fn arguments_read_into_their_fields() {
        let args = serde_json::json!({ "id": "a", "include_text": true, "max_text_chars": 9.0 });
        let Tool::Read(read) = Tool::parse("read", &args).unwrap() else {
            panic!("a read");
        };
        assert_eq!(read.id, "a");
        assert_eq!(read.include_text, Some(true));
        assert_eq!(read.max_text_chars, Some(9));
    }
}
