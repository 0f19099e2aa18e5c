-- Marketing links, second part (docs/decisions/0061-link-destinations-and-qr-files.md): a link can be archived (it
-- leaves the console's list and keeps redirecting), and the daily roll-ups gain the device dimension (stats' by_device),
-- filled for the clicks already kept.
ALTER TABLE short_links ADD COLUMN archived_at TEXT;

CREATE TABLE link_daily_next (
  link_id INTEGER NOT NULL REFERENCES short_links(id) ON DELETE CASCADE,
  dim TEXT NOT NULL CHECK (dim IN ('day', 'country', 'referrer', 'device')),
  day TEXT NOT NULL,
  value TEXT NOT NULL DEFAULT '',
  clicks INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (link_id, dim, day, value)
);
INSERT INTO link_daily_next (link_id, dim, day, value, clicks, visitors) SELECT link_id, dim, day, value, clicks, visitors FROM link_daily;
DROP TABLE link_daily;
ALTER TABLE link_daily_next RENAME TO link_daily;
INSERT INTO link_daily (link_id, dim, day, value, clicks, visitors)
  SELECT link_id, 'device', substr(at, 1, 10), device, COUNT(*), 0 FROM link_clicks GROUP BY link_id, substr(at, 1, 10), device;
