-- A second factor for staff (docs/decisions/0067-second-factor.md): a TOTP secret (confirmed once a code from it is
-- entered) with ten single-use recovery codes kept as hashes, passkeys (WebAuthn credentials bound to the org's host),
-- the short-lived single-use challenges of sign-in and enrolment, and the org's rule that its admins and agents must
-- have one.
ALTER TABLE orgs ADD COLUMN require_2fa_for_staff INTEGER NOT NULL DEFAULT 0 CHECK (require_2fa_for_staff IN (0, 1));

CREATE TABLE totp_secrets (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- AES-GCM ciphertext (base64url, iv first) of the base32 secret, under a key derived from the password pepper.
  secret_sealed TEXT NOT NULL,
  -- NULL until a code made from the secret is entered: an unconfirmed secret is no second factor.
  confirmed_at INTEGER,
  -- The last 30-second step a code was accepted for: a code is never accepted twice, nor an older one.
  last_step INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE recovery_codes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- SHA-256 (hex) of the pepper and the normalised code; the code itself is shown once and never stored.
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  UNIQUE (user_id, code_hash)
);

CREATE TABLE passkeys (
  -- The credential id (base64url), as the authenticator gives it.
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  -- The host name it was made for (the relying party id): it signs in on that host only.
  rp_id TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  name TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE auth_challenges (
  -- SHA-256 (hex) of the id the client holds (a second-factor step) or of the WebAuthn challenge itself.
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('second_factor', 'passkey_register', 'passkey_sign_in')),
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  -- The WebAuthn challenge (base64url) for passkeys; the sign-in's "remember me" for a second-factor step.
  detail TEXT NOT NULL DEFAULT '',
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX auth_challenges_expiry ON auth_challenges (expires_at);
