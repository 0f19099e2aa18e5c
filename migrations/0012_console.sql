-- The org console: roles admin and marketer, a version per org bumped on every settings change (the per-isolate org
-- caches compare it), a display hint for hashed access codes, and the console's audit log.
-- SQLite cannot change a CHECK constraint and rebuilding users would cascade into every table that references it, so
-- the role column is replaced in place: a new column with the wider check, the values copied, the old one dropped.
ALTER TABLE users ADD COLUMN role_next TEXT NOT NULL DEFAULT 'user' CHECK (role_next IN ('user', 'agent', 'admin', 'marketer'));
UPDATE users SET role_next = role;
ALTER TABLE users DROP COLUMN role;
ALTER TABLE users RENAME COLUMN role_next TO role;
CREATE INDEX users_org_role ON users (org_id, role);
ALTER TABLE orgs ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE access_codes ADD COLUMN hint TEXT NOT NULL DEFAULT '';
CREATE TABLE admin_audit (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  actor_id INTEGER,
  actor_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL DEFAULT '{}',
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX admin_audit_by_org ON admin_audit (org_id, id DESC);
