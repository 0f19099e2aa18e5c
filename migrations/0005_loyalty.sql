-- Loyalty: promotion campaigns per org, credits per referral action, and daily-savings members.
CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  campaign_type TEXT NOT NULL DEFAULT 'Promotion',
  title TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  landing_url TEXT NOT NULL DEFAULT '',
  refferal_code TEXT NOT NULL DEFAULT '',
  starts_on TEXT,
  ends_on TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (org_id, campaign_type, refferal_code)
);
CREATE INDEX campaigns_by_org_type ON campaigns (org_id, campaign_type, sort_order);

CREATE TABLE loyalty_rules (
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  PRIMARY KEY (org_id, action)
);

CREATE TABLE referral_actions (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  referrer_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  referred_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  program TEXT NOT NULL DEFAULT 'loyalty',
  action TEXT NOT NULL,
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (referred_id, action)
);
CREATE INDEX referral_actions_by_referrer ON referral_actions (org_id, referrer_id, created_at);

CREATE TABLE savings_members (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'enrolled', 'active')),
  claim_token TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
