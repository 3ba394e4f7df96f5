//! The wire shapes of openapi.yaml (`plug_domain::wire`), filled from store rows: the
//! full Inspiration, the Inspiration and Runtime rows, reactions and links.

use plug_domain::ids::{EntityId, SpaceId};
use plug_domain::retention::{draft_expiry, effective_status, expires_in_days};
use plug_domain::time::iso;
use plug_domain::wire::{
    Enrichment, FeedbackEntry, Inspiration, InspirationSummary, Link, Owner, Permissions,
    Reactions, RuntimeSummary, SpaceRef, VisibilitySubstate,
};
use plug_domain::{BrainStatus, Scope, Status};

use crate::config::Config;
use crate::store::entities::EntityRow;
use crate::store::social::{FeedbackRow, LinkRow};

/// The serving URL; always ends in `/` so relative links in zipped sites work (README "What runs
/// where").
pub fn serve_url(config: &Config, row: &EntityRow) -> String {
    let base = &config.serve_base_url;
    match (row.scope, row.space_slug.as_deref()) {
        (Scope::Space, Some(space)) => {
            format!("{base}/{}/s/{space}/{}/", row.grid_slug, row.name)
        }
        (Scope::Personal, _) => format!(
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

fn owner(row: &EntityRow) -> Owner {
    Owner {
        user_id: row.owner_id.clone(),
        name: row.owner_name.clone(),
        slug: row.owner_slug.clone(),
    }
}

fn status_of(row: &EntityRow, now: i64) -> Status {
    effective_status(row.status, row.expires_at, now)
}

/// description, icon, category, tags: present only when populated.
fn enrichment(row: &EntityRow) -> Enrichment {
    let filled = |value: &Option<String>| value.clone().filter(|v| !v.is_empty());
    Enrichment {
        description: filled(&row.description),
        icon: filled(&row.icon),
        category: filled(&row.category),
        tags: row
            .tags
            .as_deref()
            .and_then(|t| serde_json::from_str::<Vec<String>>(t).ok())
            .filter(|tags| !tags.is_empty()),
    }
}

/// The sub-state of a visibility from its listed `(space_id, slug)` pairs.
pub fn substate(
    row_visibility: plug_domain::Visibility,
    spaces: &[(SpaceId, String)],
    link_indexed: bool,
) -> VisibilitySubstate {
    let slugs = spaces.iter().map(|(_, slug)| slug.clone()).collect();
    VisibilitySubstate::of(row_visibility, slugs, link_indexed)
}

pub struct FullParts<'a> {
    pub row: &'a EntityRow,
    pub visibility_spaces: &'a [(SpaceId, String)],
    pub reactions: Reactions,
    pub inspired_by: Vec<EntityId>,
    pub owner_or_admin: bool,
}

/// The full Inspiration shape (2.1) with its sparse fields.
pub fn full(config: &Config, parts: FullParts<'_>, now: i64) -> Inspiration {
    let row = parts.row;
    let in_space = row.scope == Scope::Space;
    let space = match (&row.space_id, &row.space_slug, &row.space_name) {
        (Some(id), Some(slug), Some(name)) if in_space => Some(SpaceRef {
            space_id: id.clone(),
            slug: slug.clone(),
            name: name.clone(),
        }),
        _ => None,
    };
    Inspiration {
        entity_id: row.entity_id.clone(),
        name: row.name.clone(),
        display_name: row.display_name.clone(),
        realm: row.realm,
        kind: row.kind,
        url: serve_url(config, row),
        scope: row.scope,
        space_id: row.space_id.clone().filter(|_| in_space),
        visibility: row.visibility,
        expires_at: row.expires_at.map(iso),
        pinned: row.pinned,
        source_type: row.source_type,
        status: status_of(row, now),
        view_count: row.view_count,
        reactions: parts.reactions,
        owner: owner(row),
        grid_slug: row.grid_slug.clone(),
        space,
        inspired_by: parts.inspired_by,
        created_at: iso(row.created_at),
        brain_status: row.brain_status.unwrap_or(BrainStatus::Pending),
        caller_permissions: Permissions::all(parts.owner_or_admin),
        error: row
            .status_detail
            .clone()
            .filter(|_| row.status == Status::Failed),
        enrichment: enrichment(row),
        substate: substate(row.visibility, parts.visibility_spaces, row.link_indexed),
    }
}

/// The Inspiration summary row (2.2) with its retention fields.
pub fn summary(
    config: &Config,
    row: &EntityRow,
    reactions: Reactions,
    owner_or_admin: bool,
    now: i64,
) -> InspirationSummary {
    InspirationSummary {
        entity_id: row.entity_id.clone(),
        name: row.name.clone(),
        display_name: row.display_name.clone(),
        url: serve_url(config, row),
        visibility: row.visibility,
        view_count: row.view_count,
        reactions,
        owner: owner(row),
        created_at: iso(row.created_at),
        caller_permissions: Permissions::all(owner_or_admin),
        status: status_of(row, now),
        expires_at: row.expires_at.map(iso),
        expires_in_days: expires_in_days(row.expires_at, now),
        enrichment: enrichment(row),
    }
}

/// The Runtime summary row (2.3); drafts carry their retention clock.
pub fn runtime_summary(config: &Config, row: &EntityRow, now: i64) -> RuntimeSummary {
    let draft_expiry = (row.status == Status::Draft).then(|| {
        row.expires_at
            .unwrap_or_else(|| draft_expiry(row.created_at, config.draft_ttl_days))
    });
    RuntimeSummary {
        entity_id: row.entity_id.clone(),
        name: row.name.clone(),
        display_name: row.display_name.clone(),
        kind: row.kind,
        url: runtime_url(config, row),
        status: row.status,
        owner: owner(row),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        expires_at: draft_expiry.map(iso),
        expires_in_days: draft_expiry.and_then(|at| expires_in_days(Some(at), now)),
        enrichment: enrichment(row),
    }
}

/// A link row (docs/model.md "Wire details") without its other side.
pub fn link(row: &LinkRow) -> Link {
    Link {
        link_id: row.link_id.clone(),
        runtime_id: row.target_id.clone(),
        inspiration_entity_id: row.source_id.clone(),
        note: row.note.clone(),
        noted_by: Owner {
            user_id: row.noted_by.clone(),
            name: row.noter_name.clone(),
            slug: row.noter_slug.clone(),
        },
        created_at: iso(row.created_at),
        linked_runtime: None,
        inspiration: None,
    }
}

/// The owner's inbox row: the stored feedback with its time in ISO 8601.
impl From<FeedbackRow> for FeedbackEntry {
    fn from(r: FeedbackRow) -> Self {
        FeedbackEntry {
            feedback_id: r.feedback_id,
            entity_id: r.entity_id,
            category: r.category,
            text: r.text,
            source: r.source,
            user_agent: r.user_agent,
            page_url: r.page_url,
            created_at: iso(r.created_at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plug_domain::{EntityKind, Realm, SourceType, Visibility};

    const NOW: i64 = 1_800_000_000_000;

    fn config() -> Config {
        Config {
            min_cli_version: "0.1.0".into(),
            ..Config::for_tests(
                "https://plug.example",
                "https://link.plug.example",
                "https://{label}.plugcontent.example",
            )
        }
    }

    fn row() -> EntityRow {
        EntityRow {
            entity_id: "0b6f2a52-5d1e-4f43-9a47-2f7c1d3e9a10".into(),
            grid_id: "g-1".into(),
            realm: Realm::Inspiration,
            kind: EntityKind::Inspiration,
            name: "launch-plan-1a2b".into(),
            display_name: "Launch plan".into(),
            owner_id: "u-1".into(),
            scope: Scope::Space,
            space_id: Some("s-1".into()),
            visibility: Visibility::Grid,
            link_indexed: false,
            status: Status::Live,
            status_detail: None,
            source_type: Some(SourceType::Html),
            file_name: Some("index.html".into()),
            content_type: Some("text/html".into()),
            embedder_policy: None,
            pinned: false,
            expires_at: Some(NOW + 5 * 3_600_000),
            badge_mode: None,
            brain_status: Some(BrainStatus::Enriched),
            description: Some("What ships when".into()),
            icon: Some("rocket".into()),
            category: Some("plan".into()),
            tags: Some("[\"launch\",\"q3\"]".into()),
            runtime_url: None,
            view_count: 7,
            reaction_total: 2,
            archived_at: None,
            created_at: NOW - 86_400_000,
            updated_at: NOW - 3_600_000,
            grid_slug: "acme".into(),
            owner_slug: "ada".into(),
            owner_name: "Ada".into(),
            space_slug: Some("design".into()),
            space_name: Some("Design".into()),
            reaction_counts: Some(r#"{"useful":2}"#.into()),
            access_visibility_spaces: None,
            access_viewer_role: None,
            access_viewer_spaces: None,
            access_inspired_by: None,
        }
    }

    fn reactions() -> Reactions {
        crate::store::entities::reactions_from(Some(r#"{"useful":2}"#)).unwrap()
    }

    /// Ids and times vary between worlds: the snapshots hold the shape.
    macro_rules! snapshot {
        ($name:literal, $value:expr) => {
            insta::assert_json_snapshot!($name, $value, {
                ".entity_id" => "[id]",
                ".owner.user_id" => "[id]",
                ".space_id" => "[id]",
                ".space.space_id" => "[id]",
                ".created_at" => "[time]",
                ".updated_at" => "[time]",
                ".expires_at" => "[time]",
            });
        };
    }

    #[test]
    fn the_full_inspiration_shape() {
        let spaces = [(SpaceId::from("s-1"), "design".to_string())];
        let parts = FullParts {
            row: &row(),
            visibility_spaces: &spaces,
            reactions: reactions(),
            inspired_by: vec![],
            owner_or_admin: true,
        };
        snapshot!("full_inspiration", full(&config(), parts, NOW));
    }

    #[test]
    fn a_failed_link_drop_says_why_and_its_indexing() {
        let failed = EntityRow {
            scope: Scope::Personal,
            space_id: None,
            visibility: Visibility::Link,
            link_indexed: true,
            status: Status::Failed,
            status_detail: Some("storing the upload failed; drop it again".into()),
            description: None,
            icon: None,
            category: None,
            tags: None,
            brain_status: None,
            ..row()
        };
        let parts = FullParts {
            row: &failed,
            visibility_spaces: &[],
            reactions: reactions(),
            inspired_by: vec!["9d1c".into()],
            owner_or_admin: false,
        };
        snapshot!("full_failed_link", full(&config(), parts, NOW));
    }

    #[test]
    fn the_summary_rows() {
        snapshot!(
            "inspiration_summary",
            summary(&config(), &row(), reactions(), false, NOW)
        );
        let draft = EntityRow {
            realm: Realm::Runtime,
            kind: EntityKind::App,
            status: Status::Draft,
            expires_at: None,
            source_type: None,
            ..row()
        };
        snapshot!(
            "runtime_draft_summary",
            runtime_summary(&config(), &draft, NOW)
        );
    }
}
