-- Invitations an org's admin sends from the console (docs/contract.md#invitations): an email, the role it gives (and an
-- agent's credit limit), a link that works once for 7 days. Only the SHA-256 of the link's token is stored. Accepting
-- writes accepted_at, the account and a claim key in the batch that creates or promotes the account, so of any number
-- of concurrent accepts one writes. A revoked invitation is deleted (its audit row stays); ids are never reused
-- (AUTOINCREMENT), so an id read before a revoke never names a later invitation. Times in epoch milliseconds.
CREATE TABLE org_invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE CHECK (email = lower(trim(email)) AND length(email) BETWEEN 3 AND 254),
  role TEXT NOT NULL CHECK (role IN ('user', 'agent', 'admin', 'marketer')),
  -- An agent's credit limit in USD minor units; NULL for the other roles.
  credit_limit_minor INTEGER CHECK (credit_limit_minor IS NULL OR credit_limit_minor >= 0),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  invited_by_email TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  accepted_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  accept_key TEXT
);
CREATE INDEX org_invitations_by_org ON org_invitations (org_id, id DESC);
CREATE INDEX org_invitations_by_email ON org_invitations (org_id, email);
