//! A tool's arguments, checked against its published input schema (`tools.json`) before they are
//! read into the tool's typed struct (`tools::spec`): an unknown argument, a missing required one,
//! a wrong type, a number out of range, a text too long or short or a value outside an `enum` is a
//! VALIDATION_FAILED naming the argument, before any call is made.

use plug_domain::validate;
use serde_json::{Map, Value};

use crate::Failure;

/// Checks the arguments (an object, or `null` for none) against the tool's schema; `null` stands
/// for an absent argument. What passes reads into the tool's struct without error.
pub fn check<'a>(value: &'a Value, schema: &Value) -> Result<&'a Map<String, Value>, Failure> {
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
        return Err(Failure::invalid(
            unknown,
            "unknown",
            format!("not an argument of this tool; it takes: {}", names(known)),
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
    for (name, value) in map.iter().filter(|(_, v)| !v.is_null()) {
        typed(name, value, &known[name.as_str()])?;
    }
    Ok(map)
}

/// A whole number in any JSON spelling: agents often send 30.0 for 30.
pub fn whole(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| {
        value
            .as_f64()
            .filter(|f| f.fract() == 0.0)
            .map(|f| f as i64)
    })
}

fn names(properties: &Value) -> String {
    properties
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect::<Vec<_>>().join(", "))
        .unwrap_or_default()
}

/// One present argument against its property schema: `string` (with its `enum`, `minLength` and
/// `maxLength`), `integer`
/// (with `minimum` and `maximum`), `boolean`, or `array` of strings.
fn typed(name: &str, value: &Value, property: &Value) -> Result<(), Failure> {
    match property["type"].as_str().unwrap_or_default() {
        "string" => {
            let s = value
                .as_str()
                .ok_or_else(|| Failure::invalid(name, "type", "a string"))?;
            let allowed: Vec<&str> = property["enum"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if !allowed.is_empty() && !allowed.contains(&s) {
                return Err(Failure::invalid(
                    name,
                    "enum",
                    format!("one of {}", allowed.join(", ")),
                ));
            }
            if let Some(max) = property["maxLength"].as_u64() {
                // The API's text bounds: at most `max` characters as sent, at least `minLength`
                // from the first to the last non-space one (docs/api.md "Text bounds").
                let min = property["minLength"].as_u64().unwrap_or(0);
                let count = |t: &str| t.chars().count() as u64;
                if count(validate::trim_space(s)) < min || count(s) > max {
                    return Err(Failure::invalid(
                        name,
                        "length",
                        format!("{min}-{max} characters"),
                    ));
                }
            }
            Ok(())
        }
        "integer" => {
            let n = whole(value).ok_or_else(|| Failure::invalid(name, "type", "a whole number"))?;
            let min = property["minimum"].as_i64().unwrap_or(i64::MIN);
            let max = property["maximum"].as_i64().unwrap_or(i64::MAX);
            if !(min..=max).contains(&n) {
                return Err(Failure::invalid(
                    name,
                    "range",
                    format!("between {min} and {max}"),
                ));
            }
            Ok(())
        }
        "boolean" if value.is_boolean() => Ok(()),
        "boolean" => Err(Failure::invalid(name, "type", "true or false")),
        "array"
            if value
                .as_array()
                .is_some_and(|a| a.iter().all(Value::is_string)) =>
        {
            Ok(())
        }
        "array" => Err(Failure::invalid(name, "type", "an array of strings")),
        _ => Ok(()),
    }
}
