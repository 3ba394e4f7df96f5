//! What Plug writes into a browser: the badge tag and its streaming injector,
//! the markdown page, the file viewers, the React scaffold and their CSP headers.

mod allow_list;
mod autolink;
mod badge_tag;
mod cdn;
mod csp;
mod error;
pub mod escape;
mod inject;
mod layout;
mod markdown;
mod notice;
mod pages;
mod theme;
mod url_policy;
pub mod vendor;

pub use badge_tag::{BadgeTag, BadgeTagMode, DISMISSED_COOKIE};
pub use cdn::names_cdn;
pub use csp::{csp_for, frame_ancestors};
pub use error::RenderError;
pub use inject::{
    calls_tool_globals, inject_badge, rewrite_page, BadgeInjector, HeadAdditions,
    DEFAULT_MEMORY_LIMIT,
};
pub use markdown::{markdown_page, markdown_to_safe_html, site_markdown_page};
pub use notice::{notice_page, Notice, NOTICE_CSP};
pub use pages::{image_page, office_page, pdf_page, react_page, OfficeKind, PageKind};
pub use theme::{
    check_theme_value, parse_theme, parse_theme_str, Position, Theme, THEME_KEYS, THEME_VALUE_MAX,
};
pub use vendor::vendor_paths;
