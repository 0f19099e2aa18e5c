-- Server-issued nonces for Google sign-in: an ID token signs in only with a nonce issued here, once.
CREATE TABLE sign_in_nonces (
  nonce TEXT PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX sign_in_nonces_expiry ON sign_in_nonces (expires_at);
