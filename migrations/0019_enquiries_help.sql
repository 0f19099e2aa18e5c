-- Enquiries a visitor sends from the cruise, flight and help pages (the org reads them in its console), and the
-- org's support phone and e-mail shown on the help page.
CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('cruise', 'flight', 'help')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  check_in TEXT,
  check_out TEXT,
  travellers INTEGER CHECK (travellers IS NULL OR travellers BETWEEN 1 AND 20),
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX enquiries_by_org ON enquiries (org_id, id DESC);
ALTER TABLE orgs ADD COLUMN support_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE orgs ADD COLUMN support_email TEXT NOT NULL DEFAULT '';
