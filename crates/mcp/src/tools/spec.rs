//! The tools as types: one argument struct per tool and `Tool`, the one place a tool's name meets
//! its arguments. `tools.json` publishes the same arguments as JSON Schema for `tools/list`; the
//! tests below hold each struct equal to its schema (names, types, which are required).

use plug_domain::error_code::ErrorCode;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::{args, Failure};

/// `drop`: exactly one of `path`, `content`, `content_base64`; the rest shapes the create form.
#[derive(Debug, Default, Deserialize)]
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

#[derive(Debug, Deserialize)]
pub struct ListArgs {
    pub owner: Option<String>,
    pub space: Option<String>,
    pub sort: Option<String>,
    pub cursor: Option<String>,
    pub limit: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct ReadArgs {
    pub id: String,
    pub include_text: Option<bool>,
    pub max_text_chars: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct SetVisibilityArgs {
    pub id: String,
    pub visibility: String,
    pub visibility_spaces: Option<Vec<String>>,
    pub link_indexed: Option<bool>,
}

#[derive(Debug, Deserialize)]
pub struct PinArgs {
    pub id: String,
    pub pin_reason: String,
}

#[derive(Debug, Deserialize)]
pub struct UnpinArgs {
    pub id: String,
    pub expires_in_days: Option<i64>,
}

/// `archive` and `restore`: the Inspiration alone.
#[derive(Debug, Deserialize)]
pub struct IdArgs {
    pub id: String,
}

#[derive(Debug, Deserialize)]
pub struct ReactArgs {
    pub id: String,
    pub kind: String,
}

#[derive(Debug, Deserialize)]
pub struct ContextArgs {
    pub id: String,
    pub feedback_limit: Option<i64>,
    pub feedback_cursor: Option<String>,
    pub links_limit: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct LinkRuntimeArgs {
    pub runtime_id: String,
    pub inspiration_id: String,
    pub note: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct UnlinkRuntimeArgs {
    pub runtime_id: String,
    pub link_id: String,
}

#[derive(Debug, Deserialize)]
pub struct ListRuntimesArgs {
    pub kind: Option<String>,
    pub owner: Option<String>,
    pub space_id: Option<String>,
    pub sort: Option<String>,
    pub cursor: Option<String>,
    pub limit: Option<i64>,
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

/// `args::check` already held the arguments to the schema, so this fails only when a struct
/// disagrees with its schema, which the tests below rule out.
fn read<T: DeserializeOwned>(checked: Value) -> Result<T, Failure> {
    serde_json::from_value(checked)
        .map_err(|e| Failure::new(ErrorCode::Internal, format!("tool arguments: {e}")))
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
    use serde_json::{json, Map};

    /// A value of each property's schema type that `args::check` accepts.
    fn sample(property: &Value) -> Value {
        match property["type"].as_str().unwrap() {
            "string" => property["enum"].get(0).cloned().unwrap_or(json!("x")),
            "integer" => property["minimum"].clone(),
            "boolean" => json!(true),
            "array" => json!(["x"]),
            other => panic!("no sample for type {other}"),
        }
    }

    /// For every published tool: all its arguments together read into its struct (so the struct
    /// knows each name with a matching type), and leaving out one argument fails exactly when the
    /// schema says it is required (so the struct's non-`Option` fields are the `required` list).
    #[test]
    fn each_struct_takes_exactly_the_arguments_its_schema_publishes() {
        let tools = crate::tool_list();
        for tool in tools.as_array().unwrap() {
            let name = tool["name"].as_str().unwrap();
            let schema = &tool["inputSchema"];
            let properties = schema["properties"].as_object().unwrap();
            let required: Vec<&str> = schema["required"]
                .as_array()
                .map(|r| r.iter().map(|v| v.as_str().unwrap()).collect())
                .unwrap_or_default();
            let all: Map<String, Value> = properties
                .iter()
                .map(|(k, p)| (k.clone(), sample(p)))
                .collect();
            Tool::parse(name, &Value::Object(all.clone()))
                .unwrap_or_else(|f| panic!("{name}: every argument: {}", f.message));
            for property in properties.keys() {
                let mut without = all.clone();
                without.remove(property);
                let read = read_struct(name, Value::Object(without));
                assert_eq!(
                    read.is_err(),
                    required.contains(&property.as_str()),
                    "{name}.{property}: required in the struct and the schema alike"
                );
            }
        }
    }

    /// The struct alone, without the schema check, to see what it requires.
    fn read_struct(name: &str, arguments: Value) -> Result<(), serde_json::Error> {
        fn de<T: DeserializeOwned>(v: Value) -> Result<(), serde_json::Error> {
            serde_json::from_value::<T>(v).map(|_| ())
        }
        match name {
            "drop" => de::<DropArgs>(arguments),
            "list" => de::<ListArgs>(arguments),
            "read" => de::<ReadArgs>(arguments),
            "set_visibility" => de::<SetVisibilityArgs>(arguments),
            "pin" => de::<PinArgs>(arguments),
            "unpin" => de::<UnpinArgs>(arguments),
            "archive" | "restore" => de::<IdArgs>(arguments),
            "react" => de::<ReactArgs>(arguments),
            "context" => de::<ContextArgs>(arguments),
            "link_runtime" => de::<LinkRuntimeArgs>(arguments),
            "unlink_runtime" => de::<UnlinkRuntimeArgs>(arguments),
            "list_runtimes" => de::<ListRuntimesArgs>(arguments),
            other => panic!("{other} has no struct"),
        }
    }

    /// A struct field the schema does not publish would be an argument no agent can send: each
    /// struct's field list, as serde sees it, is the schema's property list.
    #[test]
    fn no_struct_has_a_field_the_schema_lacks() {
        let tools = crate::tool_list();
        for tool in tools.as_array().unwrap() {
            let name = tool["name"].as_str().unwrap();
            let mut published: Vec<&str> = tool["inputSchema"]["properties"]
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            published.sort_unstable();
            let mut fields = fields_of(name).to_vec();
            fields.sort_unstable();
            assert_eq!(fields, published, "{name}");
        }
    }

    fn fields_of(name: &str) -> &'static [&'static str] {
        match name {
            "drop" => fields::<DropArgs>(),
            "list" => fields::<ListArgs>(),
            "read" => fields::<ReadArgs>(),
            "set_visibility" => fields::<SetVisibilityArgs>(),
            "pin" => fields::<PinArgs>(),
            "unpin" => fields::<UnpinArgs>(),
            "archive" | "restore" => fields::<IdArgs>(),
            "react" => fields::<ReactArgs>(),
            "context" => fields::<ContextArgs>(),
            "link_runtime" => fields::<LinkRuntimeArgs>(),
            "unlink_runtime" => fields::<UnlinkRuntimeArgs>(),
            "list_runtimes" => fields::<ListRuntimesArgs>(),
            other => panic!("{other} has no struct"),
        }
    }

    /// The field names serde derived for `T`: a deserializer that answers `deserialize_struct`
    /// by recording the names it is handed.
    fn fields<T: DeserializeOwned>() -> &'static [&'static str] {
        use serde::de::{Deserializer, Error, Visitor};
        #[derive(Debug)]
        struct Fields(&'static [&'static str]);
        impl std::fmt::Display for Fields {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "fields")
            }
        }
        impl std::error::Error for Fields {}
        impl Error for Fields {
            fn custom<M: std::fmt::Display>(_: M) -> Self {
                Fields(&[])
            }
        }
        struct Spy;
        impl<'de> Deserializer<'de> for Spy {
            type Error = Fields;
            fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Fields> {
                Err(Fields(&[]))
            }
            fn deserialize_struct<V: Visitor<'de>>(
                self,
                _: &'static str,
                fields: &'static [&'static str],
                _: V,
            ) -> Result<V::Value, Fields> {
                Err(Fields(fields))
            }
            serde::forward_to_deserialize_any! {
                bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
                byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
                identifier ignored_any
            }
        }
        match T::deserialize(Spy) {
            Err(Fields(names)) => names,
            Ok(_) => unreachable!("the spy never yields a value"),
        }
    }
}
