-- A zipped site is stored as the one zip it was uploaded as (one R2 write whatever its number of
-- files); this index finds each file inside it: `stored_size` bytes at `data_offset`, raw deflate
-- when `deflated`, inflating to `size` bytes. Written in the create batch, so a site's rows exist
-- exactly when its entity does; the purge removes them with the zip.
CREATE TABLE site_files (
  entity_id   TEXT NOT NULL REFERENCES entities (entity_id),
  path        TEXT NOT NULL,
  data_offset INTEGER NOT NULL,
  stored_size INTEGER NOT NULL,
  size        INTEGER NOT NULL,
  deflated    INTEGER NOT NULL,
  PRIMARY KEY (entity_id, path)
) WITHOUT ROWID;
