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

/** Counts one use, only when the account of `referralCode` was just created by the same batch. */
export function consumeAccessCodeFor(db: D1Database, accessCodeId: number, referralCode: string) {
  return db
    .prepare('UPDATE access_codes SET uses = uses + 1 WHERE id = ? AND EXISTS (SELECT 1 FROM users WHERE referral_code = ?)')
    .bind(accessCodeId, referralCode);
}
