-- Plug as the OAuth authorization server of its own /mcp (issue 29; README "Agents: Plug over MCP").
-- Every secret (a pending request's cookie, its CSRF token, a code, an access or refresh token) is
-- stored as the hex SHA-256 of a random value; the values themselves exist only at the client.

-- Clients registered by RFC 7591 dynamic registration: public clients (PKCE, no secret).
CREATE TABLE oauth_clients (
  client_id     TEXT PRIMARY KEY,
  client_name   TEXT NOT NULL,
  redirect_uris TEXT NOT NULL, -- a JSON array of strings
  created_at    INTEGER NOT NULL
);

-- An /authorize in progress, between the request and the person's answer on the consent page:
-- ten minutes, then the daily cron clears it. `user_id` is set once the person has signed in.
CREATE TABLE oauth_requests (
  request_hash      TEXT PRIMARY KEY,
  client_id         TEXT NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  redirect_uri      TEXT NOT NULL,
  state             TEXT,
  code_challenge    TEXT NOT NULL,
  resource          TEXT NOT NULL,
  scope             TEXT,
  csrf_hash         TEXT NOT NULL,
  provider_verifier TEXT,
  user_id           TEXT REFERENCES users (user_id),
  expires_at        INTEGER NOT NULL
);
CREATE INDEX oauth_requests_expiry ON oauth_requests (expires_at);

-- Authorization codes: two minutes, once. `grant_id` is set when it is exchanged, so a second use
-- ends the grant it made (RFC 6749 4.1.2).
CREATE TABLE oauth_codes (
  code_hash      TEXT PRIMARY KEY,
  client_id      TEXT NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  redirect_uri   TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  resource       TEXT NOT NULL,
  scope          TEXT,
  user_id        TEXT NOT NULL REFERENCES users (user_id),
  grid_id        TEXT NOT NULL REFERENCES grids (grid_id),
  expires_at     INTEGER NOT NULL,
  used_at        INTEGER,
  grant_id       TEXT
);
CREATE INDEX oauth_codes_expiry ON oauth_codes (expires_at);

-- A person's consent to one client acting in one grid, for one resource (the /mcp URL). It holds
-- while the membership does: tokens are only honoured when the person is still in the grid.
CREATE TABLE oauth_grants (
  grant_id     TEXT PRIMARY KEY,
  client_id    TEXT NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  user_id      TEXT NOT NULL REFERENCES users (user_id),
  grid_id      TEXT NOT NULL REFERENCES grids (grid_id),
  resource     TEXT NOT NULL,
  scope        TEXT,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX oauth_grants_by_user ON oauth_grants (user_id);

-- Access tokens (an hour) and refresh tokens (30 days, rotated on every use) of a grant.
CREATE TABLE oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id   TEXT NOT NULL REFERENCES oauth_grants (grant_id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX oauth_tokens_by_grant ON oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_expiry ON oauth_tokens (expires_at);
