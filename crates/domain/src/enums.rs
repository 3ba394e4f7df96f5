//! The closed vocabularies of the interface (openapi.yaml) as Rust enums
//! that parse from and print to their exact wire strings.

use serde::{Deserialize, Serialize};

/// A closed vocabulary read from a request: its exact wire strings, and the hint that lists them.
pub trait WireEnum: Sized {
    fn parse(s: &str) -> Option<Self>;
    fn expected() -> String;
}

/// Declares a wire enum: `parse` accepts exactly the listed strings,
/// `as_str` prints them back, and serde uses the same spelling.
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $wire)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn parse(s: &str) -> Option<Self> {
                match s {
                    $($wire => Some($name::$variant),)+
                    _ => None,
                }
            }

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire),+
                }
            }

            /// The accepted values joined for an error hint.
            pub fn expected() -> String {
                [$($wire),+].join(", ")
            }
        }

        impl WireEnum for $name {
            fn parse(s: &str) -> Option<Self> {
                $name::parse(s)
            }
            fn expected() -> String {
                $name::expected()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

wire_enum!(
    /// Where an Inspiration lives.
    Scope { Personal = "personal", Space = "space", Org = "org" }
);

wire_enum!(
    /// Visibility as accepted by the create endpoint.
    CreateVisibility { Private = "private", Space = "space", Org = "org", Link = "link" }
);

wire_enum!(
    /// The four canonical visibility modes every entity is stored with.
    Visibility { Private = "private", Authenticated = "authenticated", Grid = "grid", Link = "link" }
);

wire_enum!(
    /// The kind of file dropped, which decides how it is validated and rendered.
    SourceType {
        Html = "html",
        ReactSingleFile = "react_single_file",
        Markdown = "markdown",
        Pdf = "pdf",
        Pptx = "pptx",
        Docx = "docx",
        Xlsx = "xlsx",
        Image = "image",
    }
);

wire_enum!(
    UploadedVia { Web = "web", Cli = "cli", ClaudeExtension = "claude_extension", ClaudeMcp = "claude_mcp", Api = "api" }
);

wire_enum!(
    BrainStatus { Pending = "pending", Enriched = "enriched", Skipped = "skipped" }
);

wire_enum!(
    InspirationSort { CreatedAtDesc = "created_at_desc", ViewCountDesc = "view_count_desc", ReactionsDesc = "reactions_desc" }
);

wire_enum!(
    RuntimeSort { CreatedAtDesc = "created_at_desc", UpdatedAtDesc = "updated_at_desc" }
);

wire_enum!(
    RuntimeKindFilter { App = "app", Agent = "agent", All = "all" }
);

wire_enum!(
    FeedbackCategory { Reaction = "reaction", Bug = "bug", FeatureRequest = "feature_request", Comment = "comment", Other = "other" }
);

wire_enum!(
    BadgeMode { On = "on", Off = "off" }
);

wire_enum!(
    /// A platform or grid badge policy; `None` defers to the next rule.
    BadgePolicy { ForceOn = "force_on", ForceOff = "force_off", None = "none" }
);

wire_enum!(
    Role { Member = "member", Admin = "admin" }
);

wire_enum!(
    /// Reaction kinds a user can press today.
    ReactionKind { Sparked = "sparked", Useful = "useful", BuildOn = "build_on", Impressive = "impressive", Discuss = "discuss" }
);

wire_enum!(
    /// Every stored state of an entity (Inspiration or Runtime).
    Status {
        Provisioning = "provisioning",
        Live = "live",
        Failed = "failed",
        Archived = "archived",
        Running = "running",
        Building = "building",
        Paused = "paused",
        Draft = "draft",
        Stopped = "stopped",
        Expired = "expired",
        FailedServing = "failed_serving",
        Purged = "purged",
    }
);

wire_enum!(
    Realm { Inspiration = "inspiration", Runtime = "runtime" }
);

wire_enum!(
    EntityKind { Inspiration = "inspiration", App = "app", Agent = "agent" }
);

/// Reaction kinds that can no longer be pressed but whose counts stay on the wire.
pub const RETIRED_REACTION_KINDS: &[&str] = &["viewed", "resonated", "love"];

impl SourceType {
    /// File extensions (lower case, no dot) accepted for this source type.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            SourceType::Html => &["html", "htm", "zip"],
            SourceType::ReactSingleFile => &["jsx", "tsx", "js"],
            SourceType::Markdown => &["md"],
            SourceType::Pdf => &["pdf"],
            SourceType::Pptx => &["pptx"],
            SourceType::Docx => &["docx"],
            SourceType::Xlsx => &["xlsx"],
            SourceType::Image => &["png", "jpg", "jpeg", "svg", "webp"],
        }
    }

    /// The source type a file name implies, for clients that infer it (the CLI).
    pub fn from_file_name(file_name: &str) -> Option<SourceType> {
        let ext = extension_of(file_name)?;
        SourceType::ALL
            .iter()
            .copied()
            .find(|t| t.extensions().contains(&ext.as_str()))
    }
}

/// What to do with a document Plug does not take but a repository or notebook tool writes beside
/// its `.md` (docs/viewers.md: Markdown's other extensions, MDX, notebooks, reStructuredText
/// and AsciiDoc, which GitHub draws and the interface's `markdown` (`.md` only) does not take).
/// Said by the Worker's 415, `plug` and the web app's drop dialog alike.
pub fn document_hint(ext: &str) -> Option<&'static str> {
    Some(match ext {
        "markdown" | "mdown" | "mkd" | "mkdn" | "mdwn" | "mdtext" => {
            "It is Markdown: rename it to .md."
        }
        "mdx" => {
            "MDX is Markdown with components: renamed to .md it is drawn as Markdown, its imports \
             as text; or upload the built site as a .zip."
        }
        "ipynb" => "Export the notebook with jupyter nbconvert --to html and upload the .html.",
        "rst" | "rest" => "Convert it with pandoc README.rst -o README.md and upload the .md.",
        "adoc" | "asciidoc" => "Convert it with asciidoctor README.adoc and upload the .html.",
        _ => return None,
    })
}

/// The lower-cased extension of a file name, without the dot.
pub fn extension_of(file_name: &str) -> Option<String> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let (stem, ext) = base.rsplit_once('.')?;
    if stem.is_empty() || ext.is_empty() {
        return None;
    }
    Some(ext.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_enums_round_trip_their_exact_strings() {
        for s in Status::ALL {
            assert_eq!(Status::parse(s.as_str()), Some(*s));
        }
        assert_eq!(Visibility::parse("Grid"), None);
        assert_eq!(
            serde_json::to_string(&ReactionKind::BuildOn).unwrap(),
            "\"build_on\""
        );
    }

    #[test]
    fn source_type_is_inferred_from_the_extension_case_insensitively() {
        assert_eq!(
            SourceType::from_file_name("deck.PPTX"),
            Some(SourceType::Pptx)
        );
        assert_eq!(
            SourceType::from_file_name("site.zip"),
            Some(SourceType::Html)
        );
        assert_eq!(
            SourceType::from_file_name("a/b/App.tsx"),
            Some(SourceType::ReactSingleFile)
        );
        assert_eq!(SourceType::from_file_name(".md"), None);
        assert_eq!(SourceType::from_file_name("notes.txt"), None);
    }
}
