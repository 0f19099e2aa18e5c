-- The console's second stage: custom domains (Cloudflare for SaaS custom hostnames) and wallet-card imports.
-- A custom hostname is pending here until the provider reports it active; only then is it copied into org_domains,
-- the table that resolves hosts to orgs. One row per host: two orgs cannot hold or wait for the same host.
CREATE TABLE custom_hostnames (
  host TEXT PRIMARY KEY COLLATE NOCASE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  provider_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active')),
  txt_name TEXT NOT NULL,
  txt_value TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  checked_at TEXT
);
CREATE INDEX custom_hostnames_by_org ON custom_hostnames (org_id);
-- One row per Idempotency-Key of a CSV import: a replay finds it and issues nothing more.
CREATE TABLE card_imports (
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  nonce TEXT NOT NULL,
  issued INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (org_id, idempotency_key)
);
CREATE INDEX bookings_by_org_created ON bookings (org_id, created_at);
