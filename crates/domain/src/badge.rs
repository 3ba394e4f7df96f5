//! Badge display resolution (docs/model.md "The badge") and the policy check that
//! refuses an entity badge_mode a platform or grid policy would override.

use crate::{BadgeMode, BadgePolicy};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadgeState {
    On,
    Off,
}

/// Which rule decided the state; it picks `data-platform-badge-mode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    Platform,
    Grid,
    Entity,
    Default,
}

/// First matching rule wins: platform, grid, entity, default on.
pub fn resolve(
    platform: BadgePolicy,
    grid: BadgePolicy,
    entity: Option<BadgeMode>,
) -> (BadgeState, Decider) {
    match (platform, grid, entity) {
        (BadgePolicy::ForceOn, _, _) => (BadgeState::On, Decider::Platform),
        (BadgePolicy::ForceOff, _, _) => (BadgeState::Off, Decider::Platform),
        (_, BadgePolicy::ForceOn, _) => (BadgeState::On, Decider::Grid),
        (_, BadgePolicy::ForceOff, _) => (BadgeState::Off, Decider::Grid),
        (_, _, Some(BadgeMode::On)) => (BadgeState::On, Decider::Entity),
        (_, _, Some(BadgeMode::Off)) => (BadgeState::Off, Decider::Entity),
        (_, _, None) => (BadgeState::On, Decider::Default),
    }
}

/// `data-platform-badge-mode`: force-show for the platform, locked-show for the grid, else auto.
pub fn tag_mode(decider: Decider) -> &'static str {
    match decider {
        Decider::Platform => "force-show",
        Decider::Grid => "locked-show",
        Decider::Entity | Decider::Default => "auto",
    }
}

/// The message of 403 BADGE_POLICY_OVERRIDE when a policy overrides any entity setting, else None.
pub fn override_message(platform: BadgePolicy, grid: BadgePolicy) -> Option<String> {
    let (source, policy) = match (platform, grid) {
        (BadgePolicy::None, BadgePolicy::None) => return None,
        (BadgePolicy::None, g) => ("the grid", g),
        (p, _) => ("platform policy", p),
    };
    let direction = if policy == BadgePolicy::ForceOn {
        "forces on"
    } else {
        "forces off"
    };
    Some(format!(
        "badge_mode cannot be changed: {source} {direction} the badge"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use BadgePolicy::{ForceOff, ForceOn, None as NoPolicy};

    #[test]
    fn resolution_follows_the_seven_rows_in_order() {
        assert_eq!(
            resolve(ForceOn, ForceOff, Some(BadgeMode::Off)),
            (BadgeState::On, Decider::Platform)
        );
        assert_eq!(
            resolve(ForceOff, ForceOn, Some(BadgeMode::On)),
            (BadgeState::Off, Decider::Platform)
        );
        assert_eq!(
            resolve(NoPolicy, ForceOn, Some(BadgeMode::Off)),
            (BadgeState::On, Decider::Grid)
        );
        assert_eq!(
            resolve(NoPolicy, ForceOff, Some(BadgeMode::On)),
            (BadgeState::Off, Decider::Grid)
        );
        assert_eq!(
            resolve(NoPolicy, NoPolicy, Some(BadgeMode::On)),
            (BadgeState::On, Decider::Entity)
        );
        assert_eq!(
            resolve(NoPolicy, NoPolicy, Some(BadgeMode::Off)),
            (BadgeState::Off, Decider::Entity)
        );
        assert_eq!(
            resolve(NoPolicy, NoPolicy, None),
            (BadgeState::On, Decider::Default)
        );
    }

    #[test]
    fn override_message_names_source_and_direction() {
        assert_eq!(override_message(NoPolicy, NoPolicy), None);
        let m = override_message(ForceOn, ForceOff).unwrap();
        assert!(
            m.contains("platform policy") && m.contains("forces on"),
            "{m}"
        );
        let m = override_message(NoPolicy, ForceOff).unwrap();
        assert!(m.contains("the grid") && m.contains("forces off"), "{m}");
    }
}
