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
pub trait Arg: Sized {
    #[cfg(test)]
    const TYPE: &'static str;
    #[cfg(test)]
    const REQUIRED: bool = false;
    fn take(map: &Map<String, Value>, name: &str) -> Self;
}

impl Arg for String {
    #[cfg(test)]
    const TYPE: &'static str = "string";
    #[cfg(test)]
    const REQUIRED: bool = true;
    fn take(map: &Map<String, Value>, name: &str) -> Self {
        <Option<String> as Arg>::take(map, name).unwrap_or_default()
    }
}

impl Arg for Option<String> {
    #[cfg(test)]
    const TYPE: &'static str = "string";
    fn take(map: &Map<String, Value>, name: &str) -> Self {
        map.get(name).and_then(Value::as_str).map(str::to_string)
    }
}

impl Arg for Option<i64> {
    #[cfg(test)]
    const TYPE: &'static str = "integer";
    fn take(map: &Map<String, Value>, name: &str) -> Self {
        map.get(name).and_then(Value::as_i64)
    }
}

impl Arg for Option<bool> {
    #[cfg(test)]
    const TYPE: &'static str = "boolean";
    fn take(map: &Map<String, Value>, name: &str) -> Self {
        map.get(name).and_then(Value::as_bool)
    }
}

impl Arg for Option<Vec<String>> {
    #[cfg(test)]
    const TYPE: &'static str = "array";
    fn take(map: &Map<String, Value>, name: &str) -> Self {
        let items = map.get(name)?.as_array()?;
        Some(
            items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
        )
    }
}

/// A struct read from checked arguments, with its fields as (name, schema type, required).
pub trait Arguments: Sized {
    /// Only the schema test reads it; the Worker does not carry it.
    #[cfg(test)]
    const FIELDS: &'static [(&'static str, &'static str, bool)];
    fn read(map: &Map<String, Value>) -> Self;
}

/// Declares argument structs: each field's name is the argument's, its type an `Arg`.
macro_rules! arguments {
    ($($(#[$doc:meta])* pub struct $name:ident { $(pub $field:ident: $ty:ty,)* })*) => {$(
        $(#[$doc])*
        #[derive(Debug, Default)]
        pub struct $name { $(pub $field: $ty,)* }

        impl Arguments for $name {
            #[cfg(test)]
            const FIELDS: &'static [(&'static str, &'static str, bool)] =
                &[$((stringify!($field), <$ty as Arg>::TYPE, <$ty as Arg>::REQUIRED),)*];
            fn read(map: &Map<String, Value>) -> Self {
                $name { $($field: Arg::take(map, stringify!($field)),)* }
            }
        }
    )*};
}

arguments! {
/// `drop`: exactly one of `path`, `content`, `content_base64`; the rest shapes the create form.
pub struct DropArgs {
    pub path: Option<String>,
    pub content: Option<String>,
    pub content_base64: Option<String>,
    pub file_name: Option<String>,
    pub name: Option<String>,
    pub title: Option<String>,
    pub scope: Option<String>,
    pub space_id: Option<String>,
    pub visibility: Option<String>,
    pub expires_in_days: Option<i64>,
    pub pin_reason: Option<String>,
    pub inspired_by: Option<Vec<String>>,
    pub wait_seconds: Option<i64>,
}

pub struct ListArgs {
    pub owner: Option<String>,
    pub space: Option<String>,
    pub sort: Option<String>,
    pub cursor: Option<String>,
    pub limit: Option<i64>,
}

pub struct ReadArgs {
    pub id: String,
    pub include_text: Option<bool>,
    pub max_text_chars: Option<i64>,
}

pub struct SetVisibilityArgs {
    pub id: String,
    pub visibility: String,
    pub visibility_spaces: Option<Vec<String>>,
    pub link_indexed: Option<bool>,
}

pub struct PinArgs {
    pub id: String,
    pub pin_reason: String,
}

pub struct UnpinArgs {
    pub id: String,
    pub expires_in_days: Option<i64>,
}

/// `archive` and `restore`: the Inspiration alone.
pub struct IdArgs {
    pub id: String,
}

pub struct ReactArgs {
    pub id: String,
    pub kind: String,
}

pub struct ContextArgs {
    pub id: String,
    pub feedback_limit: Option<i64>,
    pub feedback_cursor: Option<String>,
    pub links_limit: Option<i64>,
}

pub struct LinkRuntimeArgs {
    pub runtime_id: String,
    pub inspiration_id: String,
    pub note: Option<String>,
}

pub struct UnlinkRuntimeArgs {
    pub runtime_id: String,
    pub link_id: String,
}

pub struct ListRuntimesArgs {
    pub kind: Option<String>,
    pub owner: Option<String>,
    pub space_id: Option<String>,
    pub sort: Option<String>,
    pub cursor: Option<String>,
    pub limit: Option<i64>,
}
}

/// One tool call with its arguments read.
#[derive(Debug)]
pub enum Tool {
    Drop(DropArgs),
    List(ListArgs),
    Read(ReadArgs),
    SetVisibility(SetVisibilityArgs),
    Pin(PinArgs),
    Unpin(UnpinArgs),
    Archive(IdArgs),
    Restore(IdArgs),
    React(ReactArgs),
    Context(ContextArgs),
    LinkRuntime(LinkRuntimeArgs),
    UnlinkRuntime(UnlinkRuntimeArgs),
    ListRuntimes(ListRuntimesArgs),
}

impl Tool {
    /// The tool `name` with `arguments` checked against its schema, then read into its struct.
    pub fn parse(name: &str, arguments: &Value) -> Result<Tool, Failure> {
        let unknown = || {
            Failure::new(
                ErrorCode::ValidationFailed,
                format!("no tool named {name:?}; tools/list names them"),
            )
        };
        let schema = schema_of(name).ok_or_else(unknown)?;
        let a = args::check(arguments, &schema)?;
        Ok(match name {
            "drop" => Tool::Drop(read(a)?),
            "list" => Tool::List(read(a)?),
            "read" => Tool::Read(read(a)?),
            "set_visibility" => Tool::SetVisibility(read(a)?),
            "pin" => Tool::Pin(read(a)?),
            "unpin" => Tool::Unpin(read(a)?),
            "archive" => Tool::Archive(read(a)?),
            "restore" => Tool::Restore(read(a)?),
            "react" => Tool::React(read(a)?),
            "context" => Tool::Context(read(a)?),
            "link_runtime" => Tool::LinkRuntime(read(a)?),
            "unlink_runtime" => Tool::UnlinkRuntime(read(a)?),
            "list_runtimes" => Tool::ListRuntimes(read(a)?),
            _ => return Err(unknown()),
        })
    }
}

/// The struct of arguments `args::check` accepted.
fn read<T: Arguments>(checked: Value) -> Result<T, Failure> {
    match checked {
        Value::Object(map) => Ok(T::read(&map)),
        _ => Err(Failure::new(
            ErrorCode::Internal,
            "tool arguments: not an object",
        )),
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
