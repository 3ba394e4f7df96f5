//! Ids as types: an entity's id cannot be passed where a grid's is expected, so a store call
//! that takes four ids in a row (`insert_link`) cannot have two of them swapped.
//!
//! Each id is the string the database stores (a UUID, or an operator-chosen id for users and
//! grids); serde reads and writes it as that plain string, and `Deref<Target = str>` lets it be
//! read wherever a `&str` is, while the other direction needs a deliberate `from`.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_owned())
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

id_type!(
    /// An Inspiration's or a Runtime's id (`entities.entity_id`).
    EntityId
);
id_type!(
    /// A grid's id (`grids.grid_id`).
    GridId
);
id_type!(
    /// A user's id (`users.user_id`, the token's `sub`).
    UserId
);
id_type!(
    /// A space's id (`spaces.space_id`).
    SpaceId
);
id_type!(
    /// A link row's id (`links.link_id`).
    LinkId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_serialize_as_their_plain_string() {
        let id = EntityId::from("3f2a");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"3f2a\"");
        let back: EntityId = serde_json::from_str("\"3f2a\"").unwrap();
        assert_eq!(back, id);
        assert_eq!(&*back, "3f2a");
        assert_eq!(back.to_string(), "3f2a");
    }

    #[test]
    fn ids_of_different_kinds_compare_only_through_their_text() {
        let grid = GridId::from("g1");
        let user = UserId::from("g1");
        assert_eq!(grid.as_str(), user.as_str());
        assert!(grid == "g1");
    }
}
