-- One-time tickets that hand a viewer from the link origin to one Inspiration's content origin
-- (README "What runs where", "Signing in"): short-lived, single use, bound to the entity and the
-- viewer.
CREATE TABLE content_tickets (
  ticket_hash TEXT PRIMARY KEY,
  entity_id   TEXT NOT NULL REFERENCES entities (entity_id),
  user_id     TEXT NOT NULL REFERENCES users (user_id),
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX content_tickets_expiry ON content_tickets (expires_at);
