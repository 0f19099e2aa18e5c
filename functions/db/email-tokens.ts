// Single-use email link tokens (verification, password reset): stored as SHA-256, with expiry and used_at.
export type EmailTokenKind = 'verify' | 'reset';

export const TOKEN_LIFETIME_MS: Record<EmailTokenKind, number> = {
  verify: 48 * 3600_000,
  reset: 3600_000,
};

export function insertEmailTokenFor(db: D1Database, kind: EmailTokenKind, tokenHash: string, userId: number, now: number) {
  return db
    .prepare('INSERT INTO email_tokens (kind, token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(kind, tokenHash, userId, now + TOKEN_LIFETIME_MS[kind], now);
}

/** The same, for an account created in the same batch (found by its fresh referral code). */
export function insertEmailTokenForNewUser(db: D1Database, kind: EmailTokenKind, tokenHash: string, referralCode: string, now: number) {
  return db
    .prepare(
      `INSERT INTO email_tokens (kind, token_hash, user_id, expires_at, created_at)
       SELECT ?, ?, id, ?, ? FROM users WHERE referral_code = ?`,
    )
    .bind(kind, tokenHash, now + TOKEN_LIFETIME_MS[kind], now, referralCode);
}

/**
 * Spends a token: a conditional update, so of two concurrent uses exactly one succeeds. Returns the user id of
 * the org's account it belongs to, or null (unknown, expired, already used, other kind or other org).
 */
export async function spendEmailToken(db: D1Database, kind: EmailTokenKind, tokenHash: string, orgId: number, now: number) {
  const row = await db
    .prepare(
      `UPDATE email_tokens SET used_at = ?
       WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
         AND user_id IN (SELECT id FROM users WHERE org_id = ?)
       RETURNING user_id`,
    )
    .bind(now, tokenHash, kind, now, orgId)
    .first<{ user_id: number }>();
  return row?.user_id ?? null;
}

/** After a reset, the other reset links of the account stop working. */
export function retireTokens(db: D1Database, kind: EmailTokenKind, userId: number, now: number) {
  return db.prepare('UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL').bind(now, userId, kind);
}
