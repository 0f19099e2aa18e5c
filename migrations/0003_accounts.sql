-- Accounts: members and agents per org, their sessions, sign-in rate limits, access codes, email tokens,
-- the mail outbox and the activity log. Times used for expiry are epoch milliseconds (INTEGER).
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  -- Stored trimmed and lower-cased; unique per org.
  email TEXT NOT NULL COLLATE NOCASE CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
  -- Versioned format "pbkdf2-sha256$<iterations>$<salt>$<hash>"; NULL for accounts that only use a provider.
  password_hash TEXT,
  provider TEXT NOT NULL DEFAULT 'email' CHECK (provider IN ('email', 'google', 'facebook', 'sso')),
  provider_subject TEXT,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'agent')),
  title TEXT NOT NULL DEFAULT '' CHECK (title IN ('', 'Miss', 'Mr', 'Mrs')),
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  nationality_id INTEGER,
  country_code TEXT NOT NULL DEFAULT '',
  phone_country_code TEXT NOT NULL DEFAULT '',
  mobile_no TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT 'en-US',
  currency TEXT NOT NULL DEFAULT 'USD',
  verified_at TEXT,
  plan_status TEXT NOT NULL DEFAULT 'NOPLAN' CHECK (plan_status IN ('ACTIVE', 'ACTIVE-REFRESH', 'NOPLAN')),
  is_promotion INTEGER NOT NULL DEFAULT 0 CHECK (is_promotion IN (0, 1)),
  display_price INTEGER NOT NULL DEFAULT 1 CHECK (display_price IN (0, 1)),
  -- Agents' credit limit in USD minor units (cents); the wire's credit_limit is this / 100.
  credit_limit_minor INTEGER NOT NULL DEFAULT 0 CHECK (credit_limit_minor >= 0),
  can_user_book INTEGER NOT NULL DEFAULT 1 CHECK (can_user_book IN (0, 1)),
  -- Every member has one (used in referral links); unique across orgs.
  referral_code TEXT NOT NULL UNIQUE,
  referred_by_code TEXT,
  referral_org TEXT,
  access_code TEXT NOT NULL DEFAULT '',
  age_band TEXT CHECK (age_band IS NULL OR age_band IN ('18 to 25', '26 to 30', '31 to 40', '41 to 50', '51 to 60', 'above 60')),
  travel_preferences TEXT NOT NULL DEFAULT '[]',
  travel_profile TEXT NOT NULL DEFAULT '{}',
  verify_mail_sent_at INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_org_email ON users (org_id, email);
CREATE UNIQUE INDEX users_org_provider_subject ON users (org_id, provider, provider_subject) WHERE provider_subject IS NOT NULL;
CREATE INDEX users_referred_by ON users (org_id, referred_by_code);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  -- SHA-256 (hex) of the bearer token; the token itself is never stored.
  token_hash TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  remember INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
  is_sso INTEGER NOT NULL DEFAULT 0 CHECK (is_sso IN (0, 1)),
  ip TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- One row per counted event (failed sign-in, reset request, …): a sliding window over D1, shared by every isolate.
CREATE TABLE rate_limits (
  id INTEGER PRIMARY KEY,
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_limits_by_key ON rate_limits (bucket, key, at);
CREATE INDEX rate_limits_by_time ON rate_limits (at);

CREATE TABLE access_codes (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  -- HMAC-SHA256 (hex, keyed with PASSWORD_PEPPER) of "<org_id>:<CODE upper-cased>".
  code_hash TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  expires_at INTEGER,
  max_uses INTEGER CHECK (max_uses IS NULL OR max_uses >= 0),
  uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (org_id, code_hash)
);

CREATE TABLE email_tokens (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('verify', 'reset')),
  token_hash TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX email_tokens_by_user ON email_tokens (user_id, kind);

-- Single-sign-on keys already spent (a key signs in once).
CREATE TABLE sso_keys_used (
  key_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  org_id INTEGER,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE activity_log (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  user_id INTEGER,
  action TEXT NOT NULL,
  ip TEXT NOT NULL DEFAULT '',
  client_ip TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX activity_log_by_user ON activity_log (user_id, created_at);
