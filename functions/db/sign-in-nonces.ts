// Nonces the server issues for Google sign-in (docs/decisions/0013): the popup asks Google for an ID token carrying
// one; the token then signs in only while its nonce is issued, unexpired and unspent, and signing in spends it.
import { changedOne } from './statements';

/** How long a nonce waits for its sign-in: the popup, the person choosing an account, the sign-up form. */
export const NONCE_LIFETIME_MS = 30 * 60_000;

export function insertNonce(db: D1Database, nonce: string, orgId: number, now: number) {
  return db.prepare('INSERT INTO sign_in_nonces (nonce, org_id, expires_at) VALUES (?, ?, ?)').bind(nonce, orgId, now + NONCE_LIFETIME_MS);
}

export function purgeOldNonces(db: D1Database, now: number) {
  return db.prepare('DELETE FROM sign_in_nonces WHERE expires_at < ?').bind(now);
}

/** Spends `nonce` for `orgId`: one conditional update, so of any number of concurrent sign-ins with it exactly one wins. */
export async function spendNonce(db: D1Database, nonce: string, orgId: number, now: number): Promise<boolean> {
  return changedOne(
    db
      .prepare('UPDATE sign_in_nonces SET used_at = ?3 WHERE nonce = ?1 AND org_id = ?2 AND used_at IS NULL AND expires_at > ?3')
      .bind(nonce, orgId, now),
  );
}

/** Whether `nonce` could still be spent (the sign-up form's prefill looks, and leaves it for the sign-up). */
export async function nonceUsable(db: D1Database, nonce: string, orgId: number, now: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS ok FROM sign_in_nonces WHERE nonce = ? AND org_id = ? AND used_at IS NULL AND expires_at > ?')
    .bind(nonce, orgId, now)
    .first<{ ok: number }>();
  return row !== null;
}
