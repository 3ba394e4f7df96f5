-- Sign-in through the team's OpenID Connect provider (README "Signing in", issue 18).

-- A provider identity (issuer + subject) mapped to a Plug user: created on the first sign-in, or
-- linked by the operator. The email is the verified one seen at the first sign-in.
CREATE TABLE identities (
  issuer     TEXT NOT NULL,
  subject    TEXT NOT NULL,
  user_id    TEXT NOT NULL REFERENCES users (user_id),
  email      TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;
CREATE INDEX identities_by_user ON identities (user_id);

-- The email domains whose verified addresses join a grid as members on their first sign-in.
CREATE TABLE grid_email_domains (
  grid_id    TEXT NOT NULL REFERENCES grids (grid_id),
  domain     TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (grid_id, domain)
) WITHOUT ROWID;
CREATE INDEX grid_email_domains_by_domain ON grid_email_domains (domain);
