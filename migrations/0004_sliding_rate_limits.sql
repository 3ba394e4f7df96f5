-- Rate limits over a sliding window (issue 16): one row per admitted request, counted over the
-- last window at every request, so no rolling window ever admits more than the limit. The fixed
-- clock windows of rate_counters let a burst straddling a minute through twice.
CREATE TABLE rate_events (
  bucket     TEXT NOT NULL,     -- '<limit name>:<key>'
  at         INTEGER NOT NULL,  -- ms
  event_id   TEXT NOT NULL,     -- tells apart requests of one bucket in the same ms
  expires_at INTEGER NOT NULL,  -- at + the limit's window: when the row stops counting
  PRIMARY KEY (bucket, at, event_id)
) WITHOUT ROWID;
CREATE INDEX rate_events_expiry ON rate_events (expires_at);

DROP TABLE rate_counters;
