-- Supply from a bed bank (docs/contract.md section 18, docs/decisions/0068-supplier-console-and-import.md): an org's
-- supplier credentials (the secret sealed with AES-GCM under a Worker secret, never readable back through the API), the
-- content import's jobs with their cursor, and the products a supplier brought (source, the supplier's hotel code).
ALTER TABLE products ADD COLUMN source TEXT NOT NULL DEFAULT 'own' CHECK (source IN ('own', 'hotelbeds'));
ALTER TABLE products ADD COLUMN supplier_code TEXT;
-- A re-run updates a supplier's hotel in place: one row per org, supplier and hotel code (an own product has no code,
-- and NULLs never collide).
CREATE UNIQUE INDEX products_by_supplier_code ON products (org_id, source, supplier_code);

CREATE TABLE org_suppliers (
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  supplier TEXT NOT NULL CHECK (supplier IN ('hotelbeds')),
  api_key TEXT NOT NULL CHECK (length(api_key) BETWEEN 1 AND 200),
  -- AES-GCM ciphertext (base64url, the 12-byte iv first) of the secret.
  secret_sealed TEXT NOT NULL,
  -- Hundredths of a percent: 1250 is 12.5 %.
  markup_bps INTEGER NOT NULL CHECK (markup_bps BETWEEN 0 AND 10000),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (org_id, supplier)
);

CREATE TABLE supplier_imports (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  supplier TEXT NOT NULL CHECK (supplier IN ('hotelbeds')),
  status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  -- The cursor: the first hotel (1-based, as the content API counts) of the next page to fetch.
  next_from INTEGER NOT NULL DEFAULT 1,
  imported INTEGER NOT NULL DEFAULT 0,
  -- What the supplier says it holds; NULL until the first page came.
  total INTEGER,
  error TEXT,
  started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at TEXT,
  -- Milliseconds since the epoch when a worker last moved the job: one silent too long is resumed by the hourly job.
  heartbeat_at INTEGER NOT NULL
);
-- One import at a time per org and supplier: a second start while one runs is refused by the index itself.
CREATE UNIQUE INDEX supplier_imports_one_running ON supplier_imports (org_id, supplier) WHERE status = 'running';
CREATE INDEX supplier_imports_by_org ON supplier_imports (org_id, supplier, id);
