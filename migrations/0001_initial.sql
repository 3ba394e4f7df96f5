-- Plug's whole schema. Timestamps are INTEGER milliseconds since the Unix epoch (UTC).
-- Migrations are never edited once landed: change the schema with a new numbered file.

CREATE TABLE users (
  user_id    TEXT PRIMARY KEY,
  slug       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE grids (
  grid_id        TEXT PRIMARY KEY,
  slug           TEXT NOT NULL UNIQUE,
  name           TEXT NOT NULL,
  badge_policy   TEXT NOT NULL DEFAULT 'none' CHECK (badge_policy IN ('force_on', 'force_off', 'none')),
  badge_theme    TEXT,            -- JSON object of whitelisted theme keys, or NULL
  badge_position TEXT,
  created_at     INTEGER NOT NULL
);

CREATE TABLE memberships (
  grid_id    TEXT NOT NULL REFERENCES grids (grid_id),
  user_id    TEXT NOT NULL REFERENCES users (user_id),
  role       TEXT NOT NULL CHECK (role IN ('member', 'admin')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (grid_id, user_id)
) WITHOUT ROWID;
-- A user's grids, first-joined first: the primary grid is the oldest membership.
CREATE INDEX memberships_by_user ON memberships (user_id, created_at);

CREATE TABLE spaces (
  space_id   TEXT PRIMARY KEY,
  grid_id    TEXT NOT NULL REFERENCES grids (grid_id),
  slug       TEXT NOT NULL,
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (grid_id, slug)
);

CREATE TABLE space_members (
  space_id   TEXT NOT NULL REFERENCES spaces (space_id),
  user_id    TEXT NOT NULL REFERENCES users (user_id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (space_id, user_id)
) WITHOUT ROWID;
CREATE INDEX space_members_by_user ON space_members (user_id);

-- Platform-wide settings (the platform badge policy).
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Inspirations and Runtimes share one table: visibility, reactions, views and links work on both.
CREATE TABLE entities (
  entity_id      TEXT PRIMARY KEY,
  grid_id        TEXT NOT NULL REFERENCES grids (grid_id),
  realm          TEXT NOT NULL CHECK (realm IN ('inspiration', 'runtime')),
  kind           TEXT NOT NULL CHECK (kind IN ('inspiration', 'app', 'agent')),
  name           TEXT NOT NULL,          -- the suffixed slug, stable for life
  display_name   TEXT NOT NULL,
  owner_id       TEXT NOT NULL REFERENCES users (user_id),
  scope          TEXT NOT NULL DEFAULT 'org' CHECK (scope IN ('personal', 'space', 'org')),
  space_id       TEXT REFERENCES spaces (space_id),
  visibility     TEXT NOT NULL CHECK (visibility IN ('private', 'authenticated', 'grid', 'link')),
  link_indexed   INTEGER NOT NULL DEFAULT 0,
  status         TEXT NOT NULL,
  status_detail  TEXT,                   -- why provisioning failed
  source_type    TEXT,
  uploaded_via   TEXT,
  file_name      TEXT,                   -- the original upload's file name
  content_type   TEXT,
  size_bytes     INTEGER,
  file_count     INTEGER,
  pinned         INTEGER NOT NULL DEFAULT 0,
  pin_reason     TEXT,
  expires_at     INTEGER,                -- NULL when pinned or without expiry
  badge_mode     TEXT CHECK (badge_mode IN ('on', 'off')),
  brain_status   TEXT CHECK (brain_status IN ('pending', 'enriched', 'skipped')),
  description    TEXT,
  icon           TEXT,
  category       TEXT,
  tags           TEXT,                   -- JSON array of strings
  runtime_url    TEXT,                   -- where a Runtime serves (set by the operator)
  view_count     INTEGER NOT NULL DEFAULT 0,
  reaction_total INTEGER NOT NULL DEFAULT 0,
  archived_at    INTEGER,
  purged_at      INTEGER,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  UNIQUE (grid_id, name)
);
-- One index per list order (keyset pagination walks them) and per filter.
CREATE INDEX entities_by_created   ON entities (grid_id, realm, created_at DESC, entity_id DESC);
CREATE INDEX entities_by_updated   ON entities (grid_id, realm, updated_at DESC, entity_id DESC);
CREATE INDEX entities_by_views     ON entities (grid_id, realm, view_count DESC, entity_id DESC);
CREATE INDEX entities_by_reactions ON entities (grid_id, realm, reaction_total DESC, entity_id DESC);
CREATE INDEX entities_by_owner     ON entities (owner_id, realm, created_at DESC, entity_id DESC);
CREATE INDEX entities_by_space     ON entities (space_id, realm, created_at DESC, entity_id DESC);
CREATE INDEX entities_purge_due    ON entities (status, expires_at);

-- Spaces listed for `grid` visibility; no rows means the whole grid (['everyone']).
CREATE TABLE visibility_spaces (
  entity_id TEXT NOT NULL REFERENCES entities (entity_id),
  space_id  TEXT NOT NULL REFERENCES spaces (space_id),
  PRIMARY KEY (entity_id, space_id)
) WITHOUT ROWID;
CREATE INDEX visibility_spaces_by_space ON visibility_spaces (space_id);

-- One row per user per pressed kind; counts are aggregated in reaction_counts.
CREATE TABLE reactions (
  entity_id  TEXT NOT NULL REFERENCES entities (entity_id),
  user_id    TEXT NOT NULL REFERENCES users (user_id),
  kind       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (entity_id, user_id, kind)
) WITHOUT ROWID;

-- Aggregate counts per kind, including retired kinds kept as read-only history.
CREATE TABLE reaction_counts (
  entity_id TEXT NOT NULL REFERENCES entities (entity_id),
  kind      TEXT NOT NULL,
  count     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (entity_id, kind)
) WITHOUT ROWID;

-- One row per viewer per entity per UTC day: the dedup key of a view.
CREATE TABLE view_keys (
  entity_id TEXT NOT NULL,
  day       TEXT NOT NULL,      -- YYYY-MM-DD (UTC)
  viewer    TEXT NOT NULL,      -- 'u:<user_id>' or 'ip:<daily salted hash>'
  PRIMARY KEY (entity_id, day, viewer)
) WITHOUT ROWID;
CREATE INDEX view_keys_by_day ON view_keys (day);

-- A link: `target_id` (the Runtime, or an Inspiration that builds on another) was
-- inspired by `source_id` (the Inspiration). Realm-agnostic.
CREATE TABLE links (
  link_id    TEXT PRIMARY KEY,
  target_id  TEXT NOT NULL REFERENCES entities (entity_id),
  source_id  TEXT NOT NULL REFERENCES entities (entity_id),
  note       TEXT,
  noted_by   TEXT NOT NULL REFERENCES users (user_id),
  created_at INTEGER NOT NULL,
  UNIQUE (target_id, source_id)
);
CREATE INDEX links_by_target ON links (target_id, created_at DESC, link_id DESC);
CREATE INDEX links_by_source ON links (source_id, created_at DESC, link_id DESC);

CREATE TABLE feedback (
  feedback_id TEXT PRIMARY KEY,
  entity_id   TEXT NOT NULL REFERENCES entities (entity_id),
  category    TEXT NOT NULL CHECK (category IN ('reaction', 'bug', 'feature_request', 'comment', 'other')),
  text        TEXT NOT NULL,
  source      TEXT NOT NULL DEFAULT 'badge',
  user_agent  TEXT,
  page_url    TEXT,
  ip_hash     TEXT NOT NULL,    -- one-way, daily-salted; never the raw IP
  created_at  INTEGER NOT NULL
);
CREATE INDEX feedback_by_entity ON feedback (entity_id, created_at DESC, feedback_id DESC);

-- Fixed-window counters for exact rate limiting: one row per key per window.
CREATE TABLE rate_counters (
  bucket       TEXT NOT NULL,   -- e.g. 'create:user:<id>'
  window_start INTEGER NOT NULL,
  count        INTEGER NOT NULL,
  PRIMARY KEY (bucket, window_start)
) WITHOUT ROWID;

-- One-time tickets that open a session on the serving origin (README "Signing in").
CREATE TABLE serve_tickets (
  ticket_hash TEXT PRIMARY KEY,
  user_id     TEXT NOT NULL REFERENCES users (user_id),
  target_url  TEXT NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
