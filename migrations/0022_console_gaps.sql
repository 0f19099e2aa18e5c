-- Issue 14's gaps: a wallet card's expiry, and who used an access code and when (docs/decisions/0031-console-gaps.md).
ALTER TABLE payment_cards ADD COLUMN expires_at TEXT;
CREATE TABLE access_code_uses (
  id INTEGER PRIMARY KEY,
  access_code_id INTEGER NOT NULL REFERENCES access_codes(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX access_code_uses_by_code ON access_code_uses (access_code_id, id DESC);
