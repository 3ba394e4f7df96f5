//! GET /api/v2/spaces: the spaces of the active grid, for choosing a space scope or the spaces
//! of a `grid` visibility. A route of this project's own (docs/api.md).
//! Any member of the grid sees every space's slug and name (they appear in visibility_spaces
//! anyway) and whether they belong to it; spaces are few per grid, so there is no cursor.

use plug_domain::wire::{Page, SpaceListed};
use worker::{Request, Response};

use crate::auth;
use crate::error::ApiResult;
use crate::http::{json, Ctx};
use crate::store::directory;

pub async fn list(cx: &Ctx, req: Request) -> ApiResult<Response> {
    let caller = auth::caller(cx, &req, false).await?;
    let spaces =
        directory::spaces_in_grid(&cx.db, &caller.grid.grid_id, &caller.user.user_id).await?;
    let items: Vec<SpaceListed> = spaces
        .into_iter()
        .map(|s| SpaceListed {
            space_id: s.space_id,
            slug: s.slug,
            name: s.name,
            member: s.member,
        })
        .collect();
    json(200, &Page::new(items, None))
}
