//! The Inspiration routes (openapi.yaml), one file per operation:
//! drop (`create`), read and list (`read`), update (`update`), archive and pin (`lifecycle`).
//! Handlers parse, call the rules, respond; what they share is here.

mod create;
mod form;
mod lifecycle;
mod read;
mod update;

pub use create::create;
pub use lifecycle::{archive, pin, unarchive, unpin};
pub use read::{list, read};
pub use update::update;

use plug_domain::ids::{EntityId, SpaceId};
use plug_domain::validate::{self, FieldError};
use plug_domain::wire::Inspiration;

use super::common::{self, Seen};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::Ctx;
use crate::present::{self, FullParts};
use crate::store::directory::{self, Space};

pub const MAX_FILE_BYTES: u64 = plug_content::MAX_UPLOAD_BYTES as u64;
/// Room for the multipart envelope and form fields around a 50 MB file.
pub(super) const MULTIPART_SLACK: u64 = 1024 * 1024;

/// An Inspiration of the caller's grid that the caller owns or administers (else 403 FORBIDDEN).
pub(super) async fn owned_inspiration(cx: &Ctx, caller: &Caller, id: &str) -> ApiResult<Seen> {
    let realm = Some(plug_domain::Realm::Inspiration);
    common::load_owned(cx, caller, id, realm, ErrorCode::Forbidden).await
}

/// The full shape of an entity loaded with its access facts (everything is on `seen`), its
/// `inspired_by` cut to the sources the caller may read.
pub async fn full_shape(cx: &Ctx, seen: &Seen) -> ApiResult<Inspiration> {
    let parts = FullParts {
        row: &seen.row,
        visibility_spaces: &seen.spaces,
        reactions: seen.row.reactions()?,
        inspired_by: common::readable_sources(cx, seen).await?,
        owner_or_admin: seen.owner_or_admin(),
    };
    Ok(present::full(&cx.config, parts, cx.now))
}

/// Runs a write's statements and answers with the full shape the caller now sees, in one batch.
pub(super) async fn write_and_reload(
    cx: &Ctx,
    caller: &Caller,
    statements: Vec<worker::D1PreparedStatement>,
    entity_id: &EntityId,
) -> ApiResult<Inspiration> {
    let seen = common::write_and_reload(cx, caller, statements, entity_id).await?;
    full_shape(cx, &seen).await
}

/// The space a `space`-scoped Inspiration goes to: required, in the grid, and the caller a member.
pub(super) async fn member_space(
    cx: &Ctx,
    caller: &Caller,
    space_id: Option<String>,
) -> ApiResult<Space> {
    let space_id = space_id.ok_or_else(|| {
        ApiError::new(ErrorCode::SpaceRequired, "scope space needs a space_id").with_detail(
            FieldError::new("space_id", "required", "the UUID of a space you belong to"),
        )
    })?;
    let not_member = || {
        ApiError::new(
            ErrorCode::SpaceNotMember,
            "you are not a member of that space",
        )
    };
    if !validate::is_uuid(&space_id) {
        return Err(FieldError::new("space_id", "format", "a space UUID").into());
    }
    let space = directory::find_space(&cx.db, &SpaceId::from(space_id.to_ascii_lowercase()))
        .await?
        .filter(|s| s.grid_id == caller.grid.grid_id)
        .ok_or_else(not_member)?;
    if !directory::is_space_member(&cx.db, &space.space_id, &caller.user.user_id).await? {
        return Err(not_member());
    }
    Ok(space)
}

/// A space of the active grid, by slug, that the caller belongs to (else 403 SPACE_NOT_MEMBER).
pub(super) async fn member_space_by_slug(
    cx: &Ctx,
    caller: &Caller,
    slug: &str,
) -> ApiResult<Space> {
    let not_member = || {
        ApiError::new(
            ErrorCode::SpaceNotMember,
            format!("you are not a member of space '{slug}'"),
        )
    };
    let space = directory::find_space_by_slug(&cx.db, &caller.grid.grid_id, slug)
        .await?
        .ok_or_else(not_member)?;
    if !directory::is_space_member(&cx.db, &space.space_id, &caller.user.user_id).await? {
        return Err(not_member());
    }
    Ok(space)
}
