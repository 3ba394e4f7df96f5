-- When the user last signed out of the web app (ms), or NULL: a link- or content-origin session
-- cookie issued before it opens nothing (README "Security": signing out).
ALTER TABLE users ADD COLUMN signed_out_at INTEGER;
