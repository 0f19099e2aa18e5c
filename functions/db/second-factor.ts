// The second factor's SQL (docs/decisions/0067-second-factor.md): TOTP secrets and their recovery codes, passkeys, and
// the single-use challenges of sign-in and enrolment. Every spend is one conditional statement, so of any number of
// concurrent requests with one challenge, code or TOTP step exactly one wins.
import { changedOne } from './statements';

export type ChallengeKind = 'second_factor' | 'passkey_register' | 'passkey_sign_in';

export interface TotpRow {
  user_id: number;
  secret_sealed: string;
  confirmed_at: number | null;
  last_step: number;
}

export interface PasskeyRow {
  id: string;
  user_id: number;
  org_id: number;
  rp_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface ChallengeRow {
  id: string;
  kind: ChallengeKind;
  org_id: number;
  user_id: number | null;
  detail: string;
  expires_at: number;
}

// ---- what an account has ---------------------------------------------------------------------------------------

/** Whether the account has a confirmed TOTP secret and how many passkeys it has. */
export async function factorsOf(db: D1Database, userId: number): Promise<{ totp: boolean; passkeys: number; recoveryLeft: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM totp_secrets WHERE user_id = ?1 AND confirmed_at IS NOT NULL) AS totp,
              (SELECT COUNT(*) FROM passkeys WHERE user_id = ?1) AS passkeys,
              (SELECT COUNT(*) FROM recovery_codes WHERE user_id = ?1 AND used_at IS NULL) AS recovery_left`,
    )
    .bind(userId)
    .first<{ totp: number; passkeys: number; recovery_left: number }>();
  return { totp: (row?.totp ?? 0) > 0, passkeys: row?.passkeys ?? 0, recoveryLeft: row?.recovery_left ?? 0 };
}

// ---- TOTP ------------------------------------------------------------------------------------------------------

export function totpOf(db: D1Database, userId: number) {
  return db.prepare('SELECT user_id, secret_sealed, confirmed_at, last_step FROM totp_secrets WHERE user_id = ?').bind(userId).first<TotpRow>();
}

/** A new, unconfirmed secret; a confirmed one is kept (enrolling again is refused before this point). */
export function putPendingTotp(db: D1Database, userId: number, sealed: string, now: number) {
  return db
    .prepare(
      `INSERT INTO totp_secrets (user_id, secret_sealed, confirmed_at, last_step, created_at) VALUES (?1, ?2, NULL, 0, ?3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, last_step = 0, created_at = excluded.created_at
       WHERE totp_secrets.confirmed_at IS NULL`,
    )
    .bind(userId, sealed, now);
}

/**
 * Spends the TOTP step `step` for the account: accepted only when it is later than the last step spent (a code is
 * never accepted twice). `confirm` also confirms a pending secret; otherwise the secret must be confirmed.
 */
export function spendTotpStep(db: D1Database, userId: number, step: number, now: number, confirm: boolean) {
  const statement = confirm
    ? db.prepare('UPDATE totp_secrets SET last_step = ?, confirmed_at = ? WHERE user_id = ? AND confirmed_at IS NULL AND last_step < ?').bind(step, now, userId, step)
    : db.prepare('UPDATE totp_secrets SET last_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?').bind(step, userId, step);
  return changedOne(statement);
}

export function deleteTotp(db: D1Database, userId: number) {
  return db.prepare('DELETE FROM totp_secrets WHERE user_id = ?').bind(userId);
}

// ---- recovery codes --------------------------------------------------------------------------------------------

/** The account's recovery codes replaced by these hashes (statements for one batch). */
export function replaceRecoveryCodes(db: D1Database, userId: number, hashes: string[]) {
  return [
    db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').bind(userId),
    ...hashes.map((h) => db.prepare('INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)').bind(userId, h)),
  ];
}

export function deleteRecoveryCodes(db: D1Database, userId: number) {
  return db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').bind(userId);
}

/** Spends one recovery code, once. */
export function spendRecoveryCode(db: D1Database, userId: number, hash: string, now: number) {
  return changedOne(
    db.prepare('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL').bind(now, userId, hash),
  );
}

// ---- passkeys --------------------------------------------------------------------------------------------------

export function passkeysOf(db: D1Database, userId: number) {
  return db.prepare('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at').bind(userId).all<PasskeyRow>().then((r) => r.results);
}

export function passkeyById(db: D1Database, id: string, orgId: number) {
  return db.prepare('SELECT * FROM passkeys WHERE id = ? AND org_id = ?').bind(id, orgId).first<PasskeyRow>();
}

export function insertPasskey(db: D1Database, row: Omit<PasskeyRow, 'last_used_at'>) {
  return db
    .prepare('INSERT INTO passkeys (id, user_id, org_id, rp_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(row.id, row.user_id, row.org_id, row.rp_id, row.public_key, row.counter, row.transports, row.name, row.created_at);
}

/** Records a use: the signature counter moves on (a counter that does not, when it counts, is refused before this). */
export function touchPasskey(db: D1Database, id: string, counter: number, now: number) {
  return db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?').bind(counter, now, id);
}

export function deletePasskey(db: D1Database, id: string, userId: number) {
  return changedOne(db.prepare('DELETE FROM passkeys WHERE id = ? AND user_id = ?').bind(id, userId));
}

// ---- challenges ------------------------------------------------------------------------------------------------

export function insertChallenge(db: D1Database, row: ChallengeRow) {
  return db
    .prepare('INSERT INTO auth_challenges (id, kind, org_id, user_id, detail, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(row.id, row.kind, row.org_id, row.user_id, row.detail, row.expires_at);
}

export function purgeOldChallenges(db: D1Database, now: number) {
  return db.prepare('DELETE FROM auth_challenges WHERE expires_at < ?').bind(now - 60 * 60_000);
}

/** A live, unspent challenge of this kind and org (read, not spent: a wrong code leaves it for the next try). */
export function liveChallenge(db: D1Database, id: string, kind: ChallengeKind, orgId: number, now: number) {
  return db
    .prepare('SELECT id, kind, org_id, user_id, detail, expires_at FROM auth_challenges WHERE id = ? AND kind = ? AND org_id = ? AND used_at IS NULL AND expires_at > ?')
    .bind(id, kind, orgId, now)
    .first<ChallengeRow>();
}

/** Spends a challenge: one conditional update, so it is used once whatever the concurrency. */
export async function spendChallenge(db: D1Database, id: string, kind: ChallengeKind, orgId: number, now: number): Promise<ChallengeRow | null> {
  return db
    .prepare(
      `UPDATE auth_challenges SET used_at = ?4 WHERE id = ?1 AND kind = ?2 AND org_id = ?3 AND used_at IS NULL AND expires_at > ?4
       RETURNING id, kind, org_id, user_id, detail, expires_at`,
    )
    .bind(id, kind, orgId, now)
    .first<ChallengeRow>();
}

/** Whose second-factor step a challenge is (for the attempt limits, before any work): the account's email. */
export async function challengeEmail(db: D1Database, id: string, orgId: number): Promise<string | null> {
  const row = await db
    .prepare(`SELECT u.email FROM auth_challenges c JOIN users u ON u.id = c.user_id WHERE c.id = ? AND c.org_id = ? AND c.kind = 'second_factor'`)
    .bind(id, orgId)
    .first<{ email: string }>();
  return row?.email ?? null;
}
