//! The tools that are one API call each: the call their arguments make.

use plug_domain::validate;
use serde_json::json;

use super::field;
use super::spec::{
    IdArgs, LinkRuntimeArgs, ListArgs, ListRuntimesArgs, PinArgs, ReactArgs, UnlinkRuntimeArgs,
    UnpinArgs, UpdateArgs,
};
use crate::{encode, Call, Failure, Method};

/// Adds the present optional query parameters, in order.
fn query(call: &mut Call, pairs: impl IntoIterator<Item = (&'static str, Option<String>)>) {
    for (key, value) in pairs {
        if let Some(v) = value {
            call.query.push((key, v));
        }
    }
}

impl ListArgs<'_> {
    pub fn call(&self) -> Call {
        let mut call = Call::get("/api/v2/inspirations".into());
        query(
            &mut call,
            [
                ("sort", self.sort.map(str::to_string)),
                ("owner", self.owner.map(str::to_string)),
                ("space", self.space.map(str::to_string)),
                ("cursor", self.cursor.map(str::to_string)),
                ("limit", self.limit.map(|l| l.to_string())),
            ],
        );
        call
    }
}

impl ListRuntimesArgs<'_> {
    pub fn call(&self) -> Call {
        let mut call = Call::get("/api/v2/runtimes".into());
        query(
            &mut call,
            [
                ("kind", self.kind.map(str::to_string)),
                ("sort", self.sort.map(str::to_string)),
                ("owner", self.owner.map(str::to_string)),
                ("space_id", self.space_id.map(str::to_string)),
                ("cursor", self.cursor.map(str::to_string)),
                ("limit", self.limit.map(|l| l.to_string())),
            ],
        );
        call
    }
}

impl UpdateArgs<'_> {
    /// The given fields as the update's JSON body; none at all is the API's own 400 ("send at
    /// least one field"), so the agent reads the same refusal as any client.
    pub fn call(&self) -> Call {
        let mut body = serde_json::Map::new();
        for (key, value) in [
            ("display_name", self.display_name),
            ("description", self.description),
            ("scope", self.scope),
            ("space_id", self.space_id),
        ] {
            if let Some(v) = value {
                body.insert(key.into(), json!(v));
            }
        }
        let path = format!("/api/v2/inspirations/{}", encode(self.id));
        Call::with(Method::Patch, path, Some(body.into()))
    }
}

impl PinArgs<'_> {
    pub fn call(&self) -> Result<Call, Failure> {
        let reason = validate::pin_reason(self.pin_reason).map_err(field)?;
        let path = format!("/api/v2/inspirations/{}/pin", encode(self.id));
        let body = json!({ "pin_reason": reason });
        Ok(Call::with(Method::Post, path, Some(body)))
    }
}

impl UnpinArgs<'_> {
    pub fn call(&self) -> Call {
        let body = self
            .expires_in_days
            .map(|d| json!({ "expires_in_days": d }));
        let path = format!("/api/v2/inspirations/{}/pin", encode(self.id));
        Call::with(Method::Delete, path, body)
    }
}

impl IdArgs<'_> {
    /// `archive` or `unarchive` (the `restore` tool).
    pub fn call(&self, verb: &str) -> Call {
        let path = format!("/api/v2/inspirations/{}/{verb}", encode(self.id));
        Call::with(Method::Post, path, None)
    }
}

impl ReactArgs<'_> {
    pub fn call(&self) -> Call {
        let path = format!("/api/v2/entities/{}/reactions", encode(self.id));
        Call::with(Method::Post, path, Some(json!({ "kind": self.kind })))
    }
}

impl LinkRuntimeArgs<'_> {
    pub fn call(&self) -> Result<Call, Failure> {
        // The API's `inspiration_entity_id` is this tool's `inspiration_id`: checked here, so a
        // refusal names the argument sent.
        let id = validate::uuid("inspiration_id", self.inspiration_id).map_err(field)?;
        let mut body = json!({ "inspiration_entity_id": id });
        if let Some(note) = &self.note {
            body["note"] = json!(validate::note(note).map_err(field)?);
        }
        let path = format!("/api/v2/runtimes/{}/inspirations", encode(self.runtime_id));
        Ok(Call::with(Method::Post, path, Some(body)))
    }
}

impl UnlinkRuntimeArgs<'_> {
    pub fn call(&self) -> Call {
        let path = format!(
            "/api/v2/runtimes/{}/inspirations/{}",
            encode(self.runtime_id),
            encode(self.link_id)
        );
        Call::with(Method::Delete, path, None)
    }
}

#[cfg(test)]
mod tests {
    use crate::tools::Tool;
    use serde_json::json;

    #[test]
    fn list_queries_keep_their_order_and_leave_out_what_was_not_given() {
        let args = json!({ "limit": 5.0, "owner": "me", "sort": "view_count_desc" });
        let Tool::List(a) = Tool::parse("list", &args).unwrap() else {
            panic!("a list");
        };
        assert_eq!(
            a.call().target(),
            "/api/v2/inspirations?sort=view_count_desc&owner=me&limit=5"
        );
    }

    #[test]
    fn an_update_sends_only_the_fields_given() {
        let args = json!({ "id": "demo-1a2b", "description": "", "scope": "org" });
        let Tool::Update(a) = Tool::parse("update", &args).unwrap() else {
            panic!("an update");
        };
        let call = a.call();
        assert_eq!(call.target(), "/api/v2/inspirations/demo-1a2b");
        assert_eq!(
            call.body,
            Some(json!({ "description": "", "scope": "org" }))
        );
        let wrong = Tool::parse("update", &json!({ "id": "x", "scope": "team" })).unwrap_err();
        assert_eq!(wrong.details[0]["field"], "scope");
    }

    #[test]
    fn a_short_pin_reason_names_the_argument() {
        // Refused against the schema's minLength (counted once trimmed, as the API counts), before
        // any call.
        for reason in ["no", "  no   "] {
            let args = json!({ "id": "x", "pin_reason": reason });
            let refused = Tool::parse("pin", &args).unwrap_err();
            assert_eq!(refused.details[0]["field"], "pin_reason");
        }
    }

    #[test]
    fn link_runtime_names_inspiration_id_when_it_is_not_a_uuid() {
        let args = json!({ "runtime_id": "r", "inspiration_id": "not-a-uuid" });
        let Tool::LinkRuntime(a) = Tool::parse("link_runtime", &args).unwrap() else {
            panic!("a link");
        };
        let refused = a.call().unwrap_err();
        assert_eq!(refused.details[0]["field"], "inspiration_id");
        let note = json!({ "runtime_id": "r", "inspiration_id": "x", "note": "n".repeat(281) });
        assert_eq!(
            Tool::parse("link_runtime", &note).unwrap_err().details[0]["field"],
            "note"
        );
    }
}
