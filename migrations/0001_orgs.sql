-- Organisations (white-label tenants), the host names they answer on, and their theme stylesheets.
CREATE TABLE orgs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  logo_url TEXT NOT NULL DEFAULT '/images/logo-travel-club.svg',
  google_tag_id TEXT NOT NULL DEFAULT '',
  default_language TEXT NOT NULL DEFAULT 'en-US',
  default_currency TEXT NOT NULL DEFAULT 'USD',
  eligible_products TEXT NOT NULL DEFAULT 'hotel,activities,resorts,stays',
  min_checkin_days INTEGER NOT NULL DEFAULT 1 CHECK (min_checkin_days >= 0),
  calendar_type TEXT NOT NULL DEFAULT 'Sunday' CHECK (calendar_type IN ('Sunday', 'Monday')),
  country_code TEXT NOT NULL DEFAULT 'US',
  display_price INTEGER NOT NULL DEFAULT 1 CHECK (display_price IN (0, 1)),
  access_code_required INTEGER NOT NULL DEFAULT 0 CHECK (access_code_required IN (0, 1)),
  google_enabled INTEGER NOT NULL DEFAULT 0 CHECK (google_enabled IN (0, 1)),
  facebook_enabled INTEGER NOT NULL DEFAULT 0 CHECK (facebook_enabled IN (0, 1)),
  google_client_id TEXT NOT NULL DEFAULT '',
  facebook_app_id TEXT NOT NULL DEFAULT '',
  wallet_options TEXT NOT NULL DEFAULT 'Discount Cards,Certificates,Cash Card',
  allow_guest_booking INTEGER NOT NULL DEFAULT 0 CHECK (allow_guest_booking IN (0, 1)),
  b2b_mode INTEGER NOT NULL DEFAULT 0 CHECK (b2b_mode IN (0, 1)),
  session_out_url TEXT NOT NULL DEFAULT '',
  all_inclusive_url TEXT NOT NULL DEFAULT '',
  trips_site_url TEXT NOT NULL DEFAULT '',
  loyalty_landing_url TEXT NOT NULL DEFAULT '',
  loyalty_enabled INTEGER NOT NULL DEFAULT 0 CHECK (loyalty_enabled IN (0, 1)),
  loyalty_start TEXT,
  loyalty_end TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE org_domains (
  host TEXT PRIMARY KEY COLLATE NOCASE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE
);

CREATE TABLE org_themes (
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  css TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (org_id, name)
);

INSERT INTO orgs (id, name) VALUES (1, 'Travel Club');
