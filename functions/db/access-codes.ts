// Access codes per org (table access_codes): stored as an HMAC keyed with the pepper, with expiry and a use limit.
import { hmacSha256Hex } from '../lib/crypto';

export interface AccessCodeRow {
  id: number;
  org_id: number;
  code_hash: string;
  label: string;
  expires_at: number | null;
  max_uses: number | null;
  uses: number;
}

export const normalizeAccessCode = (code: string) => code.trim().toUpperCase();

export const accessCodeHash = (orgId: number, code: string, pepper: string) => hmacSha256Hex(pepper, `${orgId}:${normalizeAccessCode(code)}`);

/** The code of this org if it is still valid (not expired, uses left), else null. */
export async function validAccessCode(db: D1Database, orgId: number, code: string, pepper: string, now: number) {
  if (!normalizeAccessCode(code)) return null;
  return db
    .prepare(
      `SELECT * FROM access_codes WHERE org_id = ? AND code_hash = ? AND (expires_at IS NULL OR expires_at > ?)
       AND (max_uses IS NULL OR uses < max_uses)`,
    )
    .bind(orgId, await accessCodeHash(orgId, code, pepper), now)
    .first<AccessCodeRow>();
}

/**
 * Counts one use and records who used the code, only when the account of `referralCode` was just created by the same
 * batch: the use row follows the count (changes() is the count's).
 */
export function consumeAccessCodeFor(db: D1Database, accessCodeId: number, referralCode: string) {
  return [
    db
      .prepare('UPDATE access_codes SET uses = uses + 1 WHERE id = ? AND EXISTS (SELECT 1 FROM users WHERE referral_code = ?)')
      .bind(accessCodeId, referralCode),
    db
      .prepare('INSERT INTO access_code_uses (access_code_id, user_id) SELECT ?, id FROM users WHERE referral_code = ? AND changes() > 0')
      .bind(accessCodeId, referralCode),
  ];
}

/** What the console shows of a code it cannot read back: its first two and last two characters. */
export const accessCodeHint = (code: string) => {
  const c = normalizeAccessCode(code);
  return `${c.slice(0, 2)}…${c.slice(-2)}`;
};

export interface AccessCodeListRow {
  id: number;
  hint: string;
  label: string;
  expires_at: number | null;
  max_uses: number | null;
  uses: number;
  created_at: string;
}

export async function listAccessCodes(db: D1Database, orgId: number) {
  const { results } = await db
    .prepare('SELECT id, hint, label, expires_at, max_uses, uses, created_at FROM access_codes WHERE org_id = ? ORDER BY id DESC LIMIT 500')
    .bind(orgId)
    .all<AccessCodeListRow>();
  return results;
}

/** Who signed up with each of the org's codes and when: the last 50 of each code, newest first. */
export async function accessCodeUses(db: D1Database, orgId: number) {
  const { results } = await db
    .prepare(
      `SELECT access_code_id, email, at FROM (
         SELECT u.access_code_id, s.email, u.at, row_number() OVER (PARTITION BY u.access_code_id ORDER BY u.id DESC) AS n
         FROM access_code_uses u JOIN access_codes c ON c.id = u.access_code_id JOIN users s ON s.id = u.user_id
         WHERE c.org_id = ? AND s.org_id = c.org_id)
       WHERE n <= 50 ORDER BY access_code_id, n`,
    )
    .bind(orgId)
    .all<{ access_code_id: number; email: string; at: string }>();
  return results;
}

/**
 * A new code and its audit row in one batch: the audit row is written only while the code is absent, on the same state
 * the insert sees, so a duplicate (even a concurrent one) writes neither. `auditStatement` is the console's insert.
 */
export function createAccessCodeStatements(
  db: D1Database,
  c: { orgId: number; codeHash: string; hint: string; label: string; expiresAt: number | null; maxUses: number | null },
  audit: { actorId: number; actorEmail: string; detail: string },
) {
  return [
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?, ?, ?, 'access_code.create', 'access_code:' || CAST(? AS TEXT), ?
         WHERE NOT EXISTS (SELECT 1 FROM access_codes WHERE org_id = ? AND code_hash = ?)`,
      )
      .bind(c.orgId, audit.actorId, audit.actorEmail, c.hint, audit.detail, c.orgId, c.codeHash),
    db
      .prepare('INSERT INTO access_codes (org_id, code_hash, hint, label, expires_at, max_uses) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (org_id, code_hash) DO NOTHING')
      .bind(c.orgId, c.codeHash, c.hint, c.label, c.expiresAt, c.maxUses),
  ];
}

/** Revoking a code: the audit row (with what the code was) only if the code exists, then the delete; one batch. */
export function deleteAccessCodeStatements(db: D1Database, orgId: number, codeHash: string, audit: { actorId: number; actorEmail: string; hint: string }) {
  return [
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'access_code.delete', 'access_code:' || CAST(? AS TEXT),
                json_object('before', json_object('label', label, 'expires_at', expires_at, 'max_uses', max_uses, 'uses', uses))
         FROM access_codes WHERE org_id = ? AND code_hash = ?`,
      )
      .bind(audit.actorId, audit.actorEmail, audit.hint, orgId, codeHash),
    db.prepare('DELETE FROM access_codes WHERE org_id = ? AND code_hash = ?').bind(orgId, codeHash),
  ];
}
