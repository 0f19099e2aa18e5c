-- Marketing links: short links per org, one row per counted click, daily roll-ups the figures read, the day's
-- visitor hashes (salted with a salt of that day only, both dropped once the day is over) and the conversions
-- credited to a link (one row per user per event).
CREATE TABLE short_links (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  slug TEXT NOT NULL COLLATE NOCASE,
  destination TEXT NOT NULL,
  referral_code TEXT NOT NULL DEFAULT '',
  campaign TEXT NOT NULL DEFAULT '',
  utm_source TEXT NOT NULL DEFAULT '',
  utm_medium TEXT NOT NULL DEFAULT '',
  utm_campaign TEXT NOT NULL DEFAULT '',
  owner_user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (org_id, slug)
);
CREATE UNIQUE INDEX short_links_one_per_member ON short_links (owner_user_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX short_links_by_campaign ON short_links (org_id, campaign);
CREATE TABLE link_clicks (
  id INTEGER PRIMARY KEY,
  link_id INTEGER NOT NULL REFERENCES short_links(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT '',
  referrer_host TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL CHECK (device IN ('desktop', 'mobile', 'tablet')),
  first_visit INTEGER NOT NULL CHECK (first_visit IN (0, 1))
);
CREATE INDEX link_clicks_by_link ON link_clicks (link_id, at);
CREATE TABLE link_daily (
  link_id INTEGER NOT NULL REFERENCES short_links(id) ON DELETE CASCADE,
  dim TEXT NOT NULL CHECK (dim IN ('day', 'country', 'referrer')),
  day TEXT NOT NULL,
  value TEXT NOT NULL DEFAULT '',
  clicks INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (link_id, dim, day, value)
);
CREATE TABLE link_visitors (
  link_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  PRIMARY KEY (link_id, day, visitor)
);
CREATE TABLE link_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
CREATE TABLE link_conversions (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  link_id INTEGER NOT NULL REFERENCES short_links(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN ('signup', 'first_booking')),
  click_at TEXT NOT NULL,
  day TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d', 'now')),
  booking_ref TEXT,
  revenue_minor INTEGER NOT NULL DEFAULT 0 CHECK (revenue_minor >= 0),
  currency TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (user_id, event)
);
CREATE INDEX link_conversions_by_link ON link_conversions (link_id, day);
