//! The wire shapes of openapi.yaml (docs/model.md "Wire details"), once, as `Serialize +
//! Deserialize` structs: the Worker writes them and `plug` reads them, so neither builds or probes
//! maps by key. Sparse fields are left out when empty; fields the interface always sends are sent
//! as null.

use crate::ids::{EntityId, LinkId, SpaceId, UserId};
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{BrainStatus, EntityKind, Realm, Role, Scope, SourceType, Status, Visibility};

/// Counts per reaction key: the pressable kinds always, retired keys when they have counts.
pub type Reactions = BTreeMap<String, i64>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Owner {
    pub user_id: UserId,
    pub name: String,
    pub slug: String,
}

/// `{ can_edit, can_archive, can_pin }`: all true for the owner and grid admins.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Permissions {
    pub can_edit: bool,
    pub can_archive: bool,
    pub can_pin: bool,
}

impl Permissions {
    pub fn all(granted: bool) -> Self {
        Permissions {
            can_edit: granted,
            can_archive: granted,
            can_pin: granted,
        }
    }
}

/// description, icon, category, tags: present only when populated.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Enrichment {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
}

/// `visibility_spaces` only for grid (default `['everyone']`), `link_indexed` only for link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct VisibilitySubstate {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility_spaces: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_indexed: Option<bool>,
}

impl VisibilitySubstate {
    /// The sub-state `visibility` owns, from its listed space slugs and the indexing flag.
    pub fn of(visibility: Visibility, space_slugs: Vec<String>, link_indexed: bool) -> Self {
        match visibility {
            Visibility::Grid if space_slugs.is_empty() => VisibilitySubstate {
                visibility_spaces: Some(vec!["everyone".into()]),
                link_indexed: None,
            },
            Visibility::Grid => VisibilitySubstate {
                visibility_spaces: Some(space_slugs),
                link_indexed: None,
            },
            Visibility::Link => VisibilitySubstate {
                visibility_spaces: None,
                link_indexed: Some(link_indexed),
            },
            _ => VisibilitySubstate::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpaceRef {
    pub space_id: SpaceId,
    pub slug: String,
    pub name: String,
}

/// The full Inspiration shape (openapi.yaml).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inspiration {
    pub entity_id: EntityId,
    pub name: String,
    pub display_name: String,
    pub realm: Realm,
    pub kind: EntityKind,
    pub url: String,
    pub scope: Scope,
    pub space_id: Option<SpaceId>,
    pub visibility: Visibility,
    pub expires_at: Option<String>,
    pub pinned: bool,
    pub source_type: Option<SourceType>,
    pub status: Status,
    pub view_count: i64,
    pub reactions: Reactions,
    pub owner: Owner,
    pub grid_slug: String,
    pub space: Option<SpaceRef>,
    pub inspired_by: Vec<EntityId>,
    pub created_at: String,
    pub brain_status: BrainStatus,
    pub caller_permissions: Permissions,
    /// Why storing failed, on a failed drop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(flatten)]
    pub enrichment: Enrichment,
    #[serde(flatten)]
    pub substate: VisibilitySubstate,
}

/// An Inspiration row of the list (openapi.yaml).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InspirationSummary {
    pub entity_id: EntityId,
    pub name: String,
    pub display_name: String,
    pub url: String,
    pub visibility: Visibility,
    pub view_count: i64,
    pub reactions: Reactions,
    pub owner: Owner,
    pub created_at: String,
    pub caller_permissions: Permissions,
    pub status: Status,
    pub expires_at: Option<String>,
    pub expires_in_days: Option<i64>,
    #[serde(flatten)]
    pub enrichment: Enrichment,
}

/// A Runtime row (openapi.yaml); a never-deployed draft carries its retention clock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuntimeSummary {
    pub entity_id: EntityId,
    pub name: String,
    pub display_name: String,
    pub kind: EntityKind,
    pub url: String,
    pub status: Status,
    pub owner: Owner,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_in_days: Option<i64>,
    #[serde(flatten)]
    pub enrichment: Enrichment,
}

/// What the operator API answers for a registered Runtime: its row plus its visibility.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RegisteredRuntime {
    #[serde(flatten)]
    pub runtime: RuntimeSummary,
    pub visibility: Visibility,
    #[serde(flatten)]
    pub substate: VisibilitySubstate,
}

/// An Inspiration-Runtime link (docs/model.md "Wire details"), with the other side in the lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Link {
    pub link_id: LinkId,
    pub runtime_id: EntityId,
    pub inspiration_entity_id: EntityId,
    pub note: Option<String>,
    pub noted_by: Owner,
    pub created_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linked_runtime: Option<EntitySummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inspiration: Option<EntitySummary>,
}

/// The other side of a link: links are realm-agnostic, so either kind of row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EntitySummary {
    Inspiration(Box<InspirationSummary>),
    Runtime(Box<RuntimeSummary>),
}

/// What the visibility routes answer (openapi.yaml).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VisibilityChanged {
    pub entity_id: EntityId,
    pub name: String,
    pub visibility: Visibility,
    #[serde(flatten)]
    pub substate: VisibilitySubstate,
    pub updated_at: String,
}

/// What the reaction toggle answers (openapi.yaml): the counts and the caller's own kinds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionState {
    pub entity_id: EntityId,
    pub reactions: Reactions,
    pub user_reactions: Vec<String>,
}

/// One entry of the feedback inbox (openapi.yaml).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedbackEntry {
    pub feedback_id: String,
    pub entity_id: EntityId,
    pub category: String,
    pub text: String,
    pub source: String,
    pub user_agent: Option<String>,
    pub page_url: Option<String>,
    pub created_at: String,
}

/// The list envelope (openapi.yaml): `{ items, next_cursor, total_returned }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_cursor: Option<String>,
    pub total_returned: usize,
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, next_cursor: Option<String>) -> Self {
        let total_returned = items.len();
        Page {
            items,
            next_cursor,
            total_returned,
        }
    }
}

/// `GET /api/v2/auth/config`: the identity provider the clients sign in with, or None when the
/// Worker trusts pasted HS256 tokens only (README, "Signing in").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuthConfig {
    pub oidc: Option<ProviderConfig>,
}

/// The provider's public settings and endpoints: nothing here is secret. Endpoints the provider
/// does not publish are null; fields a client does not need may be missing from an older server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProviderConfig {
    pub issuer: String,
    /// The web app's client.
    #[serde(default)]
    pub client_id: String,
    /// `plug login`'s client.
    pub cli_client_id: String,
    #[serde(default)]
    pub audience: Option<String>,
    pub scopes: String,
    /// Which token the Worker takes as Bearer: `id_token`, or `access_token` with an audience.
    pub bearer: String,
    #[serde(default)]
    pub authorization_endpoint: Option<String>,
    #[serde(default)]
    pub token_endpoint: Option<String>,
    #[serde(default)]
    pub device_authorization_endpoint: Option<String>,
    #[serde(default)]
    pub end_session_endpoint: Option<String>,
    #[serde(default)]
    pub revocation_endpoint: Option<String>,
}

/// `GET /api/v2/me`: the signed-in user and the grids they belong to, oldest membership first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Me {
    pub user: User,
    pub grids: Vec<GridMembership>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct User {
    pub user_id: UserId,
    pub slug: String,
    pub name: String,
}

/// A grid the caller belongs to, and as what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GridMembership {
    pub slug: String,
    pub role: Role,
}

/// `POST /api/v2/serve-sessions` and `POST /enter`: the one-time link that opens a url signed in (README "How a viewer gets there").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ServeSession {
    pub url: String,
    pub expires_at: String,
}

/// A row of `GET /api/v2/spaces` (in a [`Page`] without a cursor): a space of the active grid and
/// whether the caller is a member of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpaceListed {
    pub space_id: SpaceId,
    pub slug: String,
    pub name: String,
    pub member: bool,
}

/// A row of `GET /api/v2/connected-apps` (in a [`Page`] without a cursor): an app the caller let
/// act for them at `/mcp` on Plug's consent page (README "Remote MCP with a sign-in"), in one grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConnectedApp {
    /// `DELETE /api/v2/connected-apps/{grant_id}` ends it, and every token of it at once.
    pub grant_id: String,
    pub client_id: String,
    /// The name the app gave itself when it registered.
    pub client_name: String,
    /// Where its sign-ins are answered: the host of its (first) registered redirect URI, or
    /// `scheme:` for a native app's private-use scheme.
    pub redirect_host: String,
    /// The grid's slug: the app acts there as the person.
    pub grid: String,
    pub created_at: String,
    /// When it last got tokens (its sign-in or a refresh): within the hour an access token lives.
    pub last_used_at: Option<String>,
}

/// One problem with a field of a refused request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorDetail {
    #[serde(default)]
    pub field: String,
    #[serde(default)]
    pub issue: String,
    #[serde(default)]
    pub hint: String,
}

impl From<&crate::validate::FieldError> for ErrorDetail {
    fn from(e: &crate::validate::FieldError) -> Self {
        ErrorDetail {
            field: e.field.clone(),
            issue: e.issue.clone(),
            hint: e.hint.clone(),
        }
    }
}

/// `{ error: { code, message, details, request_id } }`: every error the Worker answers with
/// (openapi.yaml, `components.schemas.Error`), and what the CLI and `plug_mcp` read (`read`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: ErrorPayload,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorPayload {
    pub code: String,
    pub message: String,
    #[serde(default)]
    pub details: Vec<ErrorDetail>,
    #[serde(default)]
    pub request_id: String,
}

impl ErrorBody {
    /// A non-2xx answer as every client reads it: the error body, or the feedback endpoint's flat
    /// `{ error, code }` (code and message only); None for anything else (not JSON, an HTML page).
    /// Fields that are missing or of the wrong type read as empty.
    pub fn read(text: &str) -> Option<ErrorPayload> {
        let body: serde_json::Value = serde_json::from_str(text).ok()?;
        let text = |v: Option<&serde_json::Value>| {
            v.and_then(serde_json::Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        match body.get("error")? {
            serde_json::Value::Object(e) => Some(ErrorPayload {
                code: text(e.get("code")),
                message: text(e.get("message")),
                details: e
                    .get("details")
                    .and_then(serde_json::Value::as_array)
                    .map(|rows| {
                        // Read by hand, not by serde: the Worker carries this reader (`/mcp`).
                        let row = |d: &serde_json::Value| ErrorDetail {
                            field: text(d.get("field")),
                            issue: text(d.get("issue")),
                            hint: text(d.get("hint")),
                        };
                        rows.iter().map(row).collect()
                    })
                    .unwrap_or_default(),
                request_id: text(e.get("request_id")),
            }),
            serde_json::Value::String(message) => Some(ErrorPayload {
                code: text(body.get("code")),
                message: message.clone(),
                details: Vec::new(),
                request_id: String::new(),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
