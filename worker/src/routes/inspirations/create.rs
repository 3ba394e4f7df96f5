//! POST /api/v2/inspirations (openapi.yaml): validate the form (`form.rs`) and the bytes
//! before the 201, write the rows in one batch, then store and enrich in the background.

use plug_content::{SiteArchive, Upload};
use plug_domain::access::StoredVisibility;
use plug_domain::ids::{EntityId, LinkId};
use plug_domain::time::DAY_MS;
use plug_domain::validate::{self, FieldError};
use worker::{D1PreparedStatement, Request, Response};

use super::form::{check_inspired_by, parse_create, read_form, the_file, too_large, CreateInput};
use super::{full_shape, MAX_FILE_BYTES};
use crate::auth::{self, Caller};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::http::{json, Ctx};
use crate::jobs::provision;
use crate::random::{new_uuid, random_bytes};
use crate::routes::common::{self, Seen};
use crate::store::db;
use crate::store::entities::{self, NewInspiration};
use crate::store::limits;
use crate::store::site_files;
use crate::store::social;

pub async fn create(cx: &Ctx, mut req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, true).await?;
    let form = read_form(&mut req).await?;
    let input = parse_create(cx, &caller, &form).await?;
    let file = the_file(&form)?;
    let file_name = file.name();
    plug_content::check_extension(input.source_type, &file_name).map_err(content_error)?;
    check_inspired_by(cx, &caller, &input.inspired_by).await?;
    let bytes = file.bytes().await?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let size = bytes.len() as i64;
    let upload =
        plug_content::validate(input.source_type, &file_name, bytes).map_err(content_error)?;
    let stored = StoredFile {
        file_name: &file_name,
        content_type: provision::content_type(&upload),
        size,
        site: match &upload {
            Upload::Site(site) => Some(site),
            Upload::File { .. } => None,
        },
    };
    let created = insert(cx, &caller, &input, &stored).await?;
    provision::start(
        cx,
        &created.row.entity_id,
        input.source_type,
        file_name,
        upload,
    );
    let mut response = json(201, &full_shape(cx, &created).await?)?;
    // HTTP names the created resource in Location (RFC 9110 15.3.2); without it a 201 names the
    // request's own URI, the list. The read endpoint of the new Inspiration, on the API origin.
    let location = format!(
        "{}/api/v2/inspirations/{}",
        cx.config.base_url, created.row.entity_id
    );
    response.headers_mut().set("Location", &location)?;
    Ok(response)
}

pub(super) fn content_error(e: plug_content::ContentError) -> ApiError {
    ApiError::new(e.code(), e.message().to_string()).with_detail(FieldError::new(
        "file",
        e.code().as_str().to_ascii_lowercase(),
        e.message().to_string(),
    ))
}

/// What the entity row records of the stored file, and a zipped site's index.
pub(super) struct StoredFile<'a> {
    pub file_name: &'a str,
    pub content_type: &'a str,
    pub size: i64,
    pub site: Option<&'a SiteArchive>,
}

/// Takes a create slot of the user and of the grid, writes the entity, its visibility space, its
/// inspired_by links and a site's index, and reads it back: one atomic batch, so a refused or
/// failed drop leaves nothing, its rate-limit slots included. The random name suffix is retried
/// on the rare collision.
pub(super) async fn insert(
    cx: &Ctx,
    caller: &Caller,
    input: &CreateInput,
    file: &StoredFile<'_>,
) -> ApiResult<Seen> {
    let entity_id: EntityId = new_uuid();
    let wanted = [
        (&limits::CREATES_PER_USER, caller.user.user_id.as_str()),
        (&limits::CREATES_PER_GRID, caller.grid.grid_id.as_str()),
    ];
    for _attempt in 0..5 {
        let name = validate::suffixed_name(&input.base_name, random_bytes::<2>());
        let new = new_inspiration(cx, caller, input, file, &entity_id, &name);
        let mut statements = Vec::with_capacity(wanted.len());
        for (limit, key) in &wanted {
            statements.push(limits::admit_statement(&cx.db, limit, key, cx.now)?);
        }
        statements.extend(insert_statements(cx, input, &new, file.site)?);
        match common::write_and_reload(cx, caller, statements, &entity_id).await {
            Ok(seen) => return Ok(seen),
            Err(e) if is_name_taken(&e) => continue,
            Err(e) if limits::is_full(&e) => {
                return Err(limits::refusal_of(&cx.db, &wanted, cx.now).await?)
            }
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::new(
        ErrorCode::NameCollision,
        "that name is taken in this grid; try another name",
    ))
}

fn new_inspiration<'a>(
    cx: &Ctx,
    caller: &'a Caller,
    input: &'a CreateInput,
    file: &StoredFile<'a>,
    entity_id: &'a EntityId,
    name: &'a str,
) -> NewInspiration<'a> {
    NewInspiration {
        entity_id,
        grid_id: &caller.grid.grid_id,
        name,
        display_name: &input.display_name,
        owner_id: &caller.user.user_id,
        scope: input.scope,
        space_id: input.space.as_ref().map(|s| &s.space_id),
        visibility: input.stored_visibility.mode(),
        source_type: input.source_type,
        uploaded_via: input.uploaded_via,
        file_name: file.file_name,
        content_type: file.content_type,
        embedder_policy: file
            .site
            .and_then(SiteArchive::cross_origin_isolation)
            .map(|p| p.as_str()),
        size_bytes: file.size,
        pinned: input.expires_in_days.is_none(),
        pin_reason: input.pin_reason.as_deref(),
        expires_at: input.expires_in_days.map(|d| cx.now + d * DAY_MS),
        now: cx.now,
    }
}

/// The entity row, its own space (grid visibility limited to it), its inspired_by links and a
/// zipped site's index.
fn insert_statements(
    cx: &Ctx,
    input: &CreateInput,
    new: &NewInspiration<'_>,
    site: Option<&SiteArchive>,
) -> ApiResult<Vec<D1PreparedStatement>> {
    let mut statements = vec![entities::insert_inspiration(&cx.db, new)?];
    if let Some(site) = site {
        statements.extend(site_files::insert_statements(
            &cx.db,
            new.entity_id,
            site.entries(),
        )?);
    }
    if let (StoredVisibility::GridOwnSpace, Some(space)) = (input.stored_visibility, &input.space) {
        statements.push(entities::insert_visibility_space(
            &cx.db,
            new.entity_id,
            &space.space_id,
        )?);
    }
    for source in &input.inspired_by {
        statements.push(social::insert_link(
            &cx.db,
            &new_uuid::<LinkId>(),
            new.entity_id,
            source,
            None,
            new.owner_id,
            cx.now,
        )?);
    }
    Ok(statements)
}

/// A unique violation on the (grid, name) index: the random suffix collided.
fn is_name_taken(e: &ApiError) -> bool {
    db::violated_unique(e, Some("entities.grid_id"))
}
