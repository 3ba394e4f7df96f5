//! A tool's arguments, read against its input schema: an unknown argument, a wrong type or a
//! missing required one is a VALIDATION_FAILED naming it, before any call is made.

use serde_json::{Map, Value};

use crate::Failure;

pub struct Args<'a> {
    map: &'a Map<String, Value>,
}

impl<'a> Args<'a> {
    /// Checks the argument names against the tool's schema (`additionalProperties: false`).
    pub fn read(value: &'a Value, schema: &Value) -> Result<Args<'a>, Failure> {
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        let map = match value {
            Value::Object(map) => map,
            Value::Null => EMPTY.get_or_init(Map::new),
            _ => {
                return Err(Failure::invalid(
                    "arguments",
                    "type",
                    "an object of named arguments",
                ))
            }
        };
        let known = &schema["properties"];
        if let Some(unknown) = map.keys().find(|k| known.get(k.as_str()).is_none()) {
            let names: Vec<&String> = known
                .as_object()
                .map(|o| o.keys().collect())
                .unwrap_or_default();
            return Err(Failure::invalid(
                unknown,
                "unknown",
                format!(
                    "not an argument of this tool; it takes: {}",
                    names
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        for required in schema["required"].as_array().into_iter().flatten() {
            let name = required.as_str().unwrap_or_default();
            if map.get(name).is_none_or(Value::is_null) {
                return Err(Failure::invalid(
                    name,
                    "required",
                    "this argument is required",
                ));
            }
        }
        Ok(Args { map })
    }

    fn present(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }

    pub fn str(&self, name: &str) -> Result<Option<&'a str>, Failure> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(Failure::invalid(name, "type", "a string")),
        }
    }

    /// A required string (the schema says so; `read` checked it is there).
    pub fn req(&self, name: &str) -> Result<&'a str, Failure> {
        self.str(name)?
            .ok_or_else(|| Failure::invalid(name, "required", "this argument is required"))
    }

    pub fn int(&self, name: &str, min: i64, max: i64) -> Result<Option<i64>, Failure> {
        let Some(v) = self.present(name) else {
            return Ok(None);
        };
        // Agents often send 30.0 for 30; a whole number in any JSON spelling is accepted.
        let n = v
            .as_i64()
            .or_else(|| v.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
            .ok_or_else(|| Failure::invalid(name, "type", "a whole number"))?;
        if !(min..=max).contains(&n) {
            return Err(Failure::invalid(
                name,
                "range",
                format!("between {min} and {max}"),
            ));
        }
        Ok(Some(n))
    }

    pub fn bool(&self, name: &str) -> Result<Option<bool>, Failure> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(Failure::invalid(name, "type", "true or false")),
        }
    }

    pub fn strings(&self, name: &str) -> Result<Option<Vec<String>>, Failure> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| Failure::invalid(name, "type", "an array of strings"))
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(_) => Err(Failure::invalid(name, "type", "an array of strings")),
        }
    }

    /// A string that must be one of the schema's `enum` values.
    pub fn choice(&self, name: &str, schema: &Value) -> Result<Option<&'a str>, Failure> {
        let Some(value) = self.str(name)? else {
            return Ok(None);
        };
        let allowed: Vec<&str> = schema["properties"][name]["enum"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if !allowed.is_empty() && !allowed.contains(&value) {
            return Err(Failure::invalid(
                name,
                "enum",
                format!("one of {}", allowed.join(", ")),
            ));
        }
        Ok(Some(value))
    }
}
