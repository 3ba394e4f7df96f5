-- A zipped site that asks to be cross-origin isolated (docs/serving.md: cross-origin
-- isolation): the Cross-Origin-Embedder-Policy its content origin sends, with
-- Cross-Origin-Opener-Policy: same-origin. NULL for every other Inspiration.
ALTER TABLE entities ADD COLUMN embedder_policy TEXT
  CHECK (embedder_policy IN ('require-corp', 'credentialless'));
