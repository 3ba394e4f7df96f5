// The API's wire shapes the app reads, as JSDoc types: the same shapes as `plug_domain::wire` (Rust),
// which the Worker writes, and openapi.yaml. Types only: nothing here runs or is bundled (modules
// refer to them as `import('./wire.js').Name` in comments). `scripts/lint.sh` checks the app against
// them with `tsc --noEmit --checkJs` (web/tsconfig.json).

/**
 * @typedef {'private' | 'authenticated' | 'grid' | 'link'} Visibility
 * @typedef {'provisioning' | 'live' | 'failed' | 'archived' | 'running' | 'building' | 'paused'
 *   | 'draft' | 'stopped' | 'expired' | 'failed_serving' | 'purged'} Status
 * @typedef {'inspiration' | 'app' | 'agent'} EntityKind
 * @typedef {'member' | 'admin'} Role
 * @typedef {Record<string, number>} Reactions counts per reaction kind
 */

/**
 * @typedef {object} Owner
 * @property {string} user_id
 * @property {string} name
 * @property {string} slug
 */

/**
 * @typedef {object} Permissions
 * @property {boolean} can_edit
 * @property {boolean} can_archive
 * @property {boolean} can_pin
 */

/**
 * description, icon, category and tags: present only when populated.
 * @typedef {object} Enrichment
 * @property {string} [description]
 * @property {string} [icon]
 * @property {string} [category]
 * @property {string[]} [tags]
 */

/**
 * @typedef {object} SpaceRef
 * @property {string} space_id
 * @property {string} slug
 * @property {string} name
 */

/**
 * The full Inspiration (GET /api/v2/inspirations/:id). `visibility_spaces` only for grid,
 * `link_indexed` only for link.
 * @typedef {Enrichment & {
 *   entity_id: string, name: string, display_name: string, realm: 'inspiration' | 'runtime',
 *   kind: EntityKind, url: string, scope: string, space_id: string | null, visibility: Visibility,
 *   expires_at: string | null, pinned: boolean, source_type: string | null, status: Status,
 *   view_count: number, reactions: Reactions, owner: Owner, grid_slug: string,
 *   space: SpaceRef | null, inspired_by: string[], created_at: string, brain_status: string,
 *   caller_permissions: Permissions, error?: string, visibility_spaces?: string[],
 *   link_indexed?: boolean }} Inspiration
 */

/**
 * A row of GET /api/v2/inspirations.
 * @typedef {Enrichment & {
 *   entity_id: string, name: string, display_name: string, url: string, visibility: Visibility,
 *   view_count: number, reactions: Reactions, owner: Owner, created_at: string,
 *   caller_permissions: Permissions, status: Status, expires_at: string | null,
 *   expires_in_days: number | null }} InspirationSummary
 */

/**
 * A row of GET /api/v2/runtimes; a never-deployed draft carries its retention clock.
 * @typedef {Enrichment & {
 *   entity_id: string, name: string, display_name: string, kind: EntityKind, url: string,
 *   status: Status, owner: Owner, created_at: string, updated_at: string, expires_at?: string,
 *   expires_in_days?: number }} RuntimeSummary
 */

/**
 * An Inspiration-Runtime link, with the other side in the lists.
 * @typedef {object} Link
 * @property {string} link_id
 * @property {string} runtime_id
 * @property {string} inspiration_entity_id
 * @property {string | null} note
 * @property {Owner} noted_by
 * @property {string} created_at
 * @property {InspirationSummary | RuntimeSummary} [linked_runtime]
 * @property {InspirationSummary | RuntimeSummary} [inspiration]
 */

/**
 * What the reaction toggle answers.
 * @typedef {object} ReactionState
 * @property {string} entity_id
 * @property {Reactions} reactions
 * @property {string[]} user_reactions
 */

/**
 * One entry of an Inspiration's feedback inbox.
 * @typedef {object} FeedbackEntry
 * @property {string} feedback_id
 * @property {string} entity_id
 * @property {string} category
 * @property {string} text
 * @property {string} source
 * @property {string | null} user_agent
 * @property {string | null} page_url
 * @property {string} created_at
 */

/**
 * The list envelope.
 * @template T
 * @typedef {object} Page
 * @property {T[]} items
 * @property {string | null} next_cursor
 * @property {number} total_returned
 */

/**
 * @typedef {object} ErrorDetail
 * @property {string} field
 * @property {string} issue
 * @property {string} hint
 */

/**
 * Every error the API answers with.
 * @typedef {object} ErrorBody
 * @property {ErrorPayload} error
 */

/**
 * @typedef {object} ErrorPayload
 * @property {string} code
 * @property {string} message
 * @property {ErrorDetail[]} details
 * @property {string} request_id
 */

/**
 * GET /api/v2/auth/config: the identity provider, or null when the Worker trusts pasted tokens only.
 * @typedef {object} AuthConfig
 * @property {ProviderConfig | null} oidc
 */

/**
 * The provider's public settings and endpoints (null when the provider publishes none).
 * @typedef {object} ProviderConfig
 * @property {string} issuer
 * @property {string} client_id
 * @property {string} cli_client_id
 * @property {string | null} audience
 * @property {string} scopes
 * @property {'id_token' | 'access_token'} bearer which token the API takes as Bearer
 * @property {string | null} authorization_endpoint
 * @property {string | null} token_endpoint
 * @property {string | null} device_authorization_endpoint
 * @property {string | null} end_session_endpoint
 * @property {string | null} revocation_endpoint
 */

/**
 * GET /api/v2/me: the signed-in user and their grids, oldest membership first.
 * @typedef {object} Me
 * @property {{ user_id: string, slug: string, name: string }} user
 * @property {{ slug: string, role: Role }[]} grids
 */

/**
 * POST /api/v2/serve-sessions and POST /enter: the one-time link that opens a url signed in (README "How a viewer gets there").
 * @typedef {object} ServeSession
 * @property {string} url
 * @property {string} expires_at
 */

/**
 * A row of GET /api/v2/spaces (a Page without a cursor).
 * @typedef {object} SpaceListed
 * @property {string} space_id
 * @property {string} slug
 * @property {string} name
 * @property {boolean} member
 */

/**
 * A row of GET /api/v2/connected-apps (a Page without a cursor): an app the person let act for
 * them at /mcp, in one grid. DELETE /api/v2/connected-apps/{grant_id} ends it.
 * @typedef {object} ConnectedApp
 * @property {string} grant_id
 * @property {string} client_id
 * @property {string} client_name the name the app gave itself
 * @property {string} redirect_host where its sign-ins are answered
 * @property {string} grid the grid's slug
 * @property {string} created_at
 * @property {string | null} last_used_at when it last got tokens (its sign-in or a refresh)
 */

export {};
