//! Who may see and change what (docs/model.md "Visibility", "States"; openapi.yaml): the visibility
//! modes, the collapse of hidden states to private, and the create-time
//! scope/visibility table. Pure functions over facts the store has loaded.

use crate::ids::{GridId, SpaceId, UserId};
use crate::{CreateVisibility, Scope, Status, Visibility};

/// What the store knows about the caller relative to one entity's grid.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    /// None for anonymous callers.
    pub user_id: Option<UserId>,
    pub is_grid_member: bool,
    pub is_grid_admin: bool,
    /// Spaces of the entity's grid the caller belongs to.
    pub space_ids: Vec<SpaceId>,
}

/// The access-relevant facts of one entity.
#[derive(Debug, Clone)]
pub struct EntityFacts<'a> {
    pub owner_id: &'a UserId,
    pub visibility: Visibility,
    /// Spaces listed for `grid` visibility; empty means the whole grid (`['everyone']`).
    pub visibility_space_ids: &'a [SpaceId],
    pub status: Status,
    pub expires_at: Option<i64>,
}

impl Viewer {
    /// The owner counts only while a member of the entity's grid: taken out of it, they see their
    /// drops there as anyone of another grid does (docs/security.md "Round 10").
    pub fn is_owner_or_admin(&self, owner_id: &UserId) -> bool {
        self.is_grid_admin || (self.is_grid_member && self.user_id.as_ref() == Some(owner_id))
    }
}

/// States in which an entity is private to everyone but its owner and grid admins (3.2). The
/// store's SQL spells the same list (`hidden_states!` in the Worker's store, tested against this).
pub const HIDDEN_STATES: [Status; 5] = [
    Status::Draft,
    Status::Stopped,
    Status::Expired,
    Status::Archived,
    Status::Failed,
];

/// Whether an entity is private to everyone but its owner and grid admins: a hidden state, or
/// past its expiry.
pub fn collapses_to_private(status: Status, expires_at: Option<i64>, now: i64) -> bool {
    HIDDEN_STATES.contains(&status) || is_past(expires_at, now)
}

fn is_past(expires_at: Option<i64>, now: i64) -> bool {
    expires_at.is_some_and(|at| at <= now)
}

/// Whether anyone at all may open the entity now: `link`, and in no state that collapses it to
/// private (3.2). Only such a drop may be framed by any site; one in a hidden state is seen by its
/// owner and admins alone, with their cookie, like a private one.
pub fn open_to_anyone(
    visibility: Visibility,
    status: Status,
    expires_at: Option<i64>,
    now: i64,
) -> bool {
    visibility == Visibility::Link && !collapses_to_private(status, expires_at, now)
}

/// Whether the viewer may read the entity at all. A purged entity is gone for everyone.
pub fn can_read(viewer: &Viewer, entity: &EntityFacts<'_>, now: i64) -> bool {
    if entity.status == Status::Purged {
        return false;
    }
    if viewer.is_owner_or_admin(entity.owner_id) {
        return true;
    }
    if collapses_to_private(entity.status, entity.expires_at, now) {
        return false;
    }
    visibility_admits(viewer, entity.visibility, entity.visibility_space_ids)
}

/// The declared visibility alone, for a viewer who is neither owner nor admin.
pub fn visibility_admits(viewer: &Viewer, visibility: Visibility, space_ids: &[SpaceId]) -> bool {
    match visibility {
        Visibility::Private => false,
        Visibility::Authenticated => viewer.user_id.is_some(),
        Visibility::Grid => {
            viewer.is_grid_member
                && (space_ids.is_empty() || space_ids.iter().any(|s| viewer.space_ids.contains(s)))
        }
        Visibility::Link => true,
    }
}

/// How a create-time visibility is stored (docs/model.md "Wire details").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoredVisibility {
    Private,
    /// `grid` with `['everyone']`.
    GridEveryone,
    /// `grid` listing only the Inspiration's own space.
    GridOwnSpace,
    Link,
}

impl StoredVisibility {
    pub fn mode(self) -> Visibility {
        match self {
            StoredVisibility::Private => Visibility::Private,
            StoredVisibility::GridEveryone | StoredVisibility::GridOwnSpace => Visibility::Grid,
            StoredVisibility::Link => Visibility::Link,
        }
    }
}

/// The create-time scope/visibility table (docs/model.md "Visibility"); None means SCOPE_INVALID.
pub fn create_combination(scope: Scope, visibility: CreateVisibility) -> Option<StoredVisibility> {
    use CreateVisibility as V;
    match (scope, visibility) {
        (Scope::Personal, V::Private) => Some(StoredVisibility::Private),
        (Scope::Personal, V::Org) | (Scope::Space, V::Org) | (Scope::Org, V::Org) => {
            Some(StoredVisibility::GridEveryone)
        }
        (Scope::Personal, V::Link) => Some(StoredVisibility::Link),
        (Scope::Space, V::Space) => Some(StoredVisibility::GridOwnSpace),
        _ => None,
    }
}

/// A visibility value as sent to the update and visibility routes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestedVisibility {
    Canonical(Visibility),
    /// Legacy values accepted for a transition window on the Inspiration routes.
    Legacy(LegacyVisibility),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegacyVisibility {
    Org,
    Space,
    LinkAnonymous,
    LinkIndexed,
    Public,
}

impl RequestedVisibility {
    pub fn parse(s: &str) -> Option<Self> {
        if let Some(v) = Visibility::parse(s) {
            return Some(RequestedVisibility::Canonical(v));
        }
        let legacy = match s {
            "org" => LegacyVisibility::Org,
            "space" => LegacyVisibility::Space,
            "link-anonymous" => LegacyVisibility::LinkAnonymous,
            "link-indexed" => LegacyVisibility::LinkIndexed,
            "public" => LegacyVisibility::Public,
            _ => return None,
        };
        Some(RequestedVisibility::Legacy(legacy))
    }
}

/// The mode an update that sends no `visibility` refines with its sub-state fields: the current
/// one, when a field it sent belongs to it (`visibility_spaces` to grid, `link_indexed` to link).
/// Each is honoured only where its mode is the effective one, so a field of another mode changes
/// nothing (None): `link_indexed` sent to a grid drop must not reset its spaces to the whole grid.
pub fn refined_mode(
    current: Visibility,
    spaces_sent: bool,
    indexed_sent: bool,
) -> Option<Visibility> {
    match current {
        Visibility::Grid if spaces_sent => Some(current),
        Visibility::Link if indexed_sent => Some(current),
        _ => None,
    }
}

/// The stored form of a legacy value at the entity's scope; None means SCOPE_INVALID.
/// Returns the mode, whether it lists only the entity's space, and link_indexed.
pub fn map_legacy(scope: Scope, legacy: LegacyVisibility) -> Option<(StoredVisibility, bool)> {
    let (create, indexed) = match legacy {
        LegacyVisibility::Org => (CreateVisibility::Org, false),
        LegacyVisibility::Space => (CreateVisibility::Space, false),
        LegacyVisibility::LinkAnonymous => (CreateVisibility::Link, false),
        LegacyVisibility::LinkIndexed | LegacyVisibility::Public => (CreateVisibility::Link, true),
    };
    create_combination(scope, create).map(|stored| (stored, indexed))
}

/// Why a reader may still not react to an entity (the README's decision): a private
/// Inspiration is its owner's alone, and an archived entity is frozen. None when reactions are open.
pub fn reaction_refusal(
    realm: crate::Realm,
    visibility: Visibility,
    status: Status,
) -> Option<&'static str> {
    if realm == crate::Realm::Inspiration && visibility == Visibility::Private {
        return Some("private Inspirations cannot be reacted to");
    }
    (status == Status::Archived).then_some("archived entities cannot be reacted to")
}

/// The viewer a caller confined to one grid (`only_grid`: an MCP app a person let act in that
/// grid alone) is to an entity of `entity_grid`: themselves in that grid, and anyone at all
/// (anonymous: a `link` drop, nothing else) in every other, owner or member there or not. A
/// caller confined to no grid is themselves everywhere, as a person's own token is.
pub fn confined(viewer: Viewer, only_grid: Option<&GridId>, entity_grid: &GridId) -> Viewer {
    match only_grid {
        Some(grid) if grid != entity_grid => Viewer::default(),
        _ => viewer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caller_confined_to_a_grid_is_anyone_in_the_others() {
        let (home, other) = (GridId::from("home"), GridId::from("other"));
        let me = Viewer {
            user_id: Some(UserId::from("u")),
            is_grid_member: true,
            is_grid_admin: true,
            space_ids: vec![SpaceId::from("s")],
        };
        let owner = UserId::from("u");
        let facts = |visibility| EntityFacts {
            owner_id: &owner,
            visibility,
            visibility_space_ids: &[],
            status: Status::Live,
            expires_at: None,
        };
        let there = confined(me.clone(), Some(&home), &other);
        assert!(there.user_id.is_none() && !there.is_grid_member && !there.is_grid_admin);
        assert!(there.space_ids.is_empty());
        assert!(
            !can_read(&there, &facts(Visibility::Private), 0),
            "not even their own"
        );
        assert!(!can_read(&there, &facts(Visibility::Grid), 0));
        assert!(
            can_read(&there, &facts(Visibility::Link), 0),
            "what anyone may open"
        );
        let home_view = confined(me.clone(), Some(&home), &home);
        assert_eq!(home_view.user_id, me.user_id);
        assert!(home_view.is_grid_admin);
        assert_eq!(confined(me.clone(), None, &other).user_id, me.user_id);
    }

    #[test]
    fn sub_state_sent_alone_refines_only_its_own_mode() {
        use Visibility::*;
        assert_eq!(refined_mode(Grid, true, false), Some(Grid));
        assert_eq!(refined_mode(Link, false, true), Some(Link));
        assert_eq!(refined_mode(Grid, false, true), None);
        assert_eq!(refined_mode(Link, true, false), None);
        assert_eq!(refined_mode(Grid, true, true), Some(Grid));
        assert_eq!(refined_mode(Private, true, true), None);
        assert_eq!(refined_mode(Authenticated, true, true), None);
        assert_eq!(refined_mode(Grid, false, false), None);
    }

    #[test]
    fn private_inspirations_and_archived_entities_take_no_reactions() {
        use crate::Realm;
        assert!(reaction_refusal(Realm::Inspiration, Visibility::Private, Status::Live).is_some());
        assert!(reaction_refusal(Realm::Runtime, Visibility::Private, Status::Running).is_none());
        assert!(reaction_refusal(Realm::Runtime, Visibility::Grid, Status::Archived).is_some());
        assert!(reaction_refusal(Realm::Inspiration, Visibility::Link, Status::Live).is_none());
    }

    #[test]
    fn only_a_link_entity_in_no_hidden_state_is_open_to_anyone() {
        assert!(open_to_anyone(Visibility::Link, Status::Live, None, 10));
        assert!(open_to_anyone(Visibility::Link, Status::Live, Some(11), 10));
        assert!(
            !open_to_anyone(Visibility::Link, Status::Live, Some(10), 10),
            "expired"
        );
        for hidden in [
            Status::Archived,
            Status::Expired,
            Status::Draft,
            Status::Stopped,
            Status::Failed,
        ] {
            assert!(
                !open_to_anyone(Visibility::Link, hidden, None, 10),
                "{hidden:?}"
            );
        }
        for declared in [
            Visibility::Private,
            Visibility::Authenticated,
            Visibility::Grid,
        ] {
            assert!(
                !open_to_anyone(declared, Status::Live, None, 10),
                "{declared:?}"
            );
        }
    }

    const NOW: i64 = 1_000_000;
    static OWNER: std::sync::LazyLock<UserId> = std::sync::LazyLock::new(|| UserId::from("owner"));

    fn member(id: &str, spaces: &[&str]) -> Viewer {
        Viewer {
            user_id: Some(id.into()),
            is_grid_member: true,
            is_grid_admin: false,
            space_ids: spaces.iter().map(|s| SpaceId::from(*s)).collect(),
        }
    }

    fn facts<'a>(visibility: Visibility, spaces: &'a [SpaceId], status: Status) -> EntityFacts<'a> {
        EntityFacts {
            owner_id: &OWNER,
            visibility,
            visibility_space_ids: spaces,
            status,
            expires_at: None,
        }
    }

    #[test]
    fn private_is_seen_by_owner_and_admin_only() {
        let e = facts(Visibility::Private, &[], Status::Live);
        assert!(can_read(&member("owner", &[]), &e, NOW));
        assert!(!can_read(&member("other", &[]), &e, NOW));
        let admin = Viewer {
            is_grid_admin: true,
            ..member("admin", &[])
        };
        assert!(can_read(&admin, &e, NOW));
    }

    #[test]
    fn an_owner_taken_out_of_the_grid_is_anyone_of_another_grid() {
        let gone = Viewer {
            is_grid_member: false,
            ..member("owner", &[])
        };
        assert!(!gone.is_owner_or_admin(&OWNER));
        for mode in [Visibility::Private, Visibility::Grid] {
            assert!(!can_read(&gone, &facts(mode, &[], Status::Live), NOW));
        }
        assert!(!can_read(
            &gone,
            &facts(Visibility::Link, &[], Status::Archived),
            NOW
        ));
        assert!(can_read(
            &gone,
            &facts(Visibility::Authenticated, &[], Status::Live),
            NOW
        ));
    }

    #[test]
    fn authenticated_admits_any_signed_in_user_even_from_other_grids() {
        let e = facts(Visibility::Authenticated, &[], Status::Live);
        let outsider = Viewer {
            user_id: Some("x".into()),
            ..Viewer::default()
        };
        assert!(can_read(&outsider, &e, NOW));
        assert!(!can_read(&Viewer::default(), &e, NOW));
    }

    #[test]
    fn grid_subset_admits_members_of_any_listed_space() {
        let spaces = vec![SpaceId::from("s1"), SpaceId::from("s2")];
        let e = facts(Visibility::Grid, &spaces, Status::Live);
        assert!(can_read(&member("m", &["s2"]), &e, NOW));
        assert!(!can_read(&member("m", &["s3"]), &e, NOW));
        let everyone = facts(Visibility::Grid, &[], Status::Live);
        assert!(can_read(&member("m", &[]), &everyone, NOW));
        let outsider = Viewer {
            user_id: Some("x".into()),
            ..Viewer::default()
        };
        assert!(!can_read(&outsider, &everyone, NOW));
    }

    #[test]
    fn link_admits_anonymous_viewers() {
        let e = facts(Visibility::Link, &[], Status::Live);
        assert!(can_read(&Viewer::default(), &e, NOW));
    }

    #[test]
    fn hidden_states_collapse_to_private_for_everyone_but_owner_and_admin() {
        for status in [
            Status::Draft,
            Status::Stopped,
            Status::Expired,
            Status::Archived,
            Status::Failed,
        ] {
            let e = facts(Visibility::Link, &[], status);
            assert!(!can_read(&Viewer::default(), &e, NOW), "{status}");
            assert!(can_read(&member("owner", &[]), &e, NOW), "{status}");
        }
        for status in [
            Status::Running,
            Status::Building,
            Status::Provisioning,
            Status::Paused,
            Status::FailedServing,
        ] {
            let e = facts(Visibility::Link, &[], status);
            assert!(can_read(&Viewer::default(), &e, NOW), "{status}");
        }
    }

    #[test]
    fn passing_expiry_collapses_a_live_entity() {
        let mut e = facts(Visibility::Link, &[], Status::Live);
        e.expires_at = Some(NOW);
        assert!(!can_read(&Viewer::default(), &e, NOW));
        e.expires_at = Some(NOW + 1);
        assert!(can_read(&Viewer::default(), &e, NOW));
    }

    #[test]
    fn purged_entities_are_gone_even_for_their_owner() {
        let e = facts(Visibility::Link, &[], Status::Purged);
        assert!(!can_read(&member("owner", &[]), &e, NOW));
    }

    #[test]
    fn create_combinations_follow_the_interface_table() {
        use CreateVisibility as V;
        assert_eq!(
            create_combination(Scope::Personal, V::Private),
            Some(StoredVisibility::Private)
        );
        assert_eq!(
            create_combination(Scope::Personal, V::Org),
            Some(StoredVisibility::GridEveryone)
        );
        assert_eq!(
            create_combination(Scope::Personal, V::Link),
            Some(StoredVisibility::Link)
        );
        assert_eq!(
            create_combination(Scope::Space, V::Space),
            Some(StoredVisibility::GridOwnSpace)
        );
        assert_eq!(
            create_combination(Scope::Space, V::Org),
            Some(StoredVisibility::GridEveryone)
        );
        assert_eq!(
            create_combination(Scope::Org, V::Org),
            Some(StoredVisibility::GridEveryone)
        );
        assert_eq!(create_combination(Scope::Org, V::Private), None);
        assert_eq!(create_combination(Scope::Org, V::Space), None);
        assert_eq!(create_combination(Scope::Personal, V::Space), None);
    }

    #[test]
    fn legacy_values_map_to_canonical_modes_at_allowed_scopes() {
        assert_eq!(
            map_legacy(Scope::Org, LegacyVisibility::Org),
            Some((StoredVisibility::GridEveryone, false))
        );
        assert_eq!(
            map_legacy(Scope::Space, LegacyVisibility::Space),
            Some((StoredVisibility::GridOwnSpace, false))
        );
        assert_eq!(
            map_legacy(Scope::Personal, LegacyVisibility::Public),
            Some((StoredVisibility::Link, true))
        );
        assert_eq!(
            map_legacy(Scope::Personal, LegacyVisibility::LinkAnonymous),
            Some((StoredVisibility::Link, false))
        );
        assert_eq!(map_legacy(Scope::Org, LegacyVisibility::Space), None);
        assert_eq!(
            RequestedVisibility::parse("grid"),
            Some(RequestedVisibility::Canonical(Visibility::Grid))
        );
        assert_eq!(RequestedVisibility::parse("bogus"), None);
    }
}
