//! The wire shapes of interface.md 2.1-2.3: full Inspiration, Inspiration
//! summary row and Runtime summary row, built from store rows.

use plug_domain::retention::{draft_expiry, effective_status, expires_in_days};
use plug_domain::time::iso;
use plug_domain::{BrainStatus, ReactionKind, Scope, Status, Visibility};
use serde_json::{json, Map, Value};

use crate::config::Config;
use crate::store::entities::EntityRow;

/// `{ can_edit, can_archive, can_pin }`: true for the owner and grid admins.
pub fn permissions(owner_or_admin: bool) -> Value {
    json!({ "can_edit": owner_or_admin, "can_archive": owner_or_admin, "can_pin": owner_or_admin })
}

/// The serving URL; always ends in `/` so relative links in zipped sites work (platform.md 3).
pub fn serve_url(config: &Config, row: &EntityRow) -> String {
    let base = &config.serve_base_url;
    match (row.scope.as_str(), row.space_slug.as_deref()) {
        ("space", Some(space)) => format!("{base}/{}/s/{space}/{}/", row.grid_slug, row.name),
        ("personal", _) => format!(
            "{base}/{}/u/{}/{}/",
            row.grid_slug, row.owner_slug, row.name
        ),
        _ => format!("{base}/{}/{}/", row.grid_slug, row.name),
    }
}

fn runtime_url(config: &Config, row: &EntityRow) -> String {
    row.runtime_url.clone().unwrap_or_else(|| {
        format!(
            "{}/{}/apps/{}/",
            config.serve_base_url, row.grid_slug, row.name
        )
    })
}

/// Counts per reaction key: the five pressable kinds always, plus any historical (retired) keys.
pub fn reactions_map(counts: &[(String, String, i64)], entity_id: &str) -> Value {
    let mut map = Map::new();
    for kind in ReactionKind::ALL {
        map.insert(kind.as_str().to_string(), json!(0));
    }
    for (_, kind, count) in counts.iter().filter(|(id, _, _)| id == entity_id) {
        map.insert(kind.clone(), json!(count));
    }
    Value::Object(map)
}

fn owner(row: &EntityRow) -> Value {
    json!({ "user_id": row.owner_id, "name": row.owner_name, "slug": row.owner_slug })
}

fn status_of(row: &EntityRow, now: i64) -> Status {
    effective_status(row.status, row.expires_at, now)
}

/// description, icon, category, tags: present only when populated.
fn add_enrichment(map: &mut Map<String, Value>, row: &EntityRow) {
    let mut put = |key: &str, value: &Option<String>| {
        if let Some(v) = value.as_ref().filter(|v| !v.is_empty()) {
            map.insert(key.into(), json!(v));
        }
    };
    put("description", &row.description);
    put("icon", &row.icon);
    put("category", &row.category);
    if let Some(tags) = row
        .tags
        .as_deref()
        .and_then(|t| serde_json::from_str::<Vec<String>>(t).ok())
    {
        if !tags.is_empty() {
            map.insert("tags".into(), json!(tags));
        }
    }
}

/// visibility_spaces only for grid (default `['everyone']`), link_indexed only for link.
pub fn add_visibility_substate(
    map: &mut Map<String, Value>,
    visibility: Visibility,
    spaces: &[(String, String)],
    link_indexed: bool,
) {
    match visibility {
        Visibility::Grid if spaces.is_empty() => {
            map.insert("visibility_spaces".into(), json!(["everyone"]));
        }
        Visibility::Grid => {
            let slugs: Vec<&str> = spaces.iter().map(|(_, slug)| slug.as_str()).collect();
            map.insert("visibility_spaces".into(), json!(slugs));
        }
        Visibility::Link => {
            map.insert("link_indexed".into(), json!(link_indexed));
        }
        _ => {}
    }
}

pub struct FullParts<'a> {
    pub row: &'a EntityRow,
    pub visibility_spaces: &'a [(String, String)],
    pub reactions: Value,
    pub inspired_by: Vec<String>,
    pub owner_or_admin: bool,
}

/// The full Inspiration shape (2.1) with its sparse fields.
pub fn full(config: &Config, parts: FullParts<'_>, now: i64) -> Value {
    let row = parts.row;
    let space = match (&row.space_id, &row.space_slug, &row.space_name) {
        (Some(id), Some(slug), Some(name)) if row.scope == Scope::Space => {
            json!({ "space_id": id, "slug": slug, "name": name })
        }
        _ => Value::Null,
    };
    let mut map = Map::new();
    map.insert("entity_id".into(), json!(row.entity_id));
    map.insert("name".into(), json!(row.name));
    map.insert("display_name".into(), json!(row.display_name));
    map.insert("realm".into(), json!(row.realm));
    map.insert("kind".into(), json!(row.kind));
    map.insert("url".into(), json!(serve_url(config, row)));
    map.insert("scope".into(), json!(row.scope));
    map.insert(
        "space_id".into(),
        json!(if row.scope == Scope::Space {
            row.space_id.clone()
        } else {
            None
        }),
    );
    map.insert("visibility".into(), json!(row.visibility));
    map.insert("expires_at".into(), json!(row.expires_at.map(iso)));
    map.insert("pinned".into(), json!(row.pinned != 0));
    map.insert("source_type".into(), json!(row.source_type));
    map.insert("status".into(), json!(status_of(row, now).as_str()));
    map.insert("view_count".into(), json!(row.view_count));
    map.insert("reactions".into(), parts.reactions);
    map.insert("owner".into(), owner(row));
    map.insert("grid_slug".into(), json!(row.grid_slug));
    map.insert("space".into(), space);
    map.insert("inspired_by".into(), json!(parts.inspired_by));
    map.insert("created_at".into(), json!(iso(row.created_at)));
    map.insert(
        "brain_status".into(),
        json!(row.brain_status.unwrap_or(BrainStatus::Pending)),
    );
    map.insert(
        "caller_permissions".into(),
        permissions(parts.owner_or_admin),
    );
    if row.status == Status::Failed {
        if let Some(detail) = &row.status_detail {
            map.insert("error".into(), json!(detail));
        }
    }
    add_enrichment(&mut map, row);
    add_visibility_substate(
        &mut map,
        row.visibility,
        parts.visibility_spaces,
        row.link_indexed != 0,
    );
    Value::Object(map)
}

/// The Inspiration summary row (2.2) with its retention fields.
pub fn summary(
    config: &Config,
    row: &EntityRow,
    reactions: Value,
    owner_or_admin: bool,
    now: i64,
) -> Value {
    let mut map = Map::new();
    map.insert("entity_id".into(), json!(row.entity_id));
    map.insert("name".into(), json!(row.name));
    map.insert("display_name".into(), json!(row.display_name));
    map.insert("url".into(), json!(serve_url(config, row)));
    map.insert("visibility".into(), json!(row.visibility));
    map.insert("view_count".into(), json!(row.view_count));
    map.insert("reactions".into(), reactions);
    map.insert("owner".into(), owner(row));
    map.insert("created_at".into(), json!(iso(row.created_at)));
    map.insert("caller_permissions".into(), permissions(owner_or_admin));
    map.insert("status".into(), json!(status_of(row, now).as_str()));
    map.insert("expires_at".into(), json!(row.expires_at.map(iso)));
    map.insert(
        "expires_in_days".into(),
        json!(expires_in_days(row.expires_at, now)),
    );
    add_enrichment(&mut map, row);
    Value::Object(map)
}

/// The Runtime summary row (2.3); drafts carry their retention clock.
pub fn runtime_summary(config: &Config, row: &EntityRow, now: i64) -> Value {
    let mut map = Map::new();
    map.insert("entity_id".into(), json!(row.entity_id));
    map.insert("name".into(), json!(row.name));
    map.insert("display_name".into(), json!(row.display_name));
    map.insert("kind".into(), json!(row.kind));
    map.insert("url".into(), json!(runtime_url(config, row)));
    map.insert("status".into(), json!(row.status));
    map.insert("owner".into(), owner(row));
    map.insert("created_at".into(), json!(iso(row.created_at)));
    map.insert("updated_at".into(), json!(iso(row.updated_at)));
    if row.status == Status::Draft {
        let expires = row
            .expires_at
            .unwrap_or_else(|| draft_expiry(row.created_at, config.draft_ttl_days));
        map.insert("expires_at".into(), json!(iso(expires)));
        map.insert(
            "expires_in_days".into(),
            json!(expires_in_days(Some(expires), now)),
        );
    }
    add_enrichment(&mut map, row);
    Value::Object(map)
}
