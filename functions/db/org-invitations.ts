// The invitations an org's admin sends from the console (table org_invitations, migration 0037): the guarded insert with
// its audit row, the list, the revoke, the lookup by token hash, and the accept as statements run in one batch, each
// guarded so that of any number of concurrent accepts of one token exactly one writes anything.
import type { Role } from '../../src/shared/contract/auth';
import { DEFAULT_NATIONALITY_ID } from '../../src/shared/rules/person';
import type { Actor } from './console';

export interface InvitationRow {
  id: number;
  org_id: number;
  email: string;
  role: Role;
  credit_limit_minor: number | null;
  token_hash: string;
  invited_by_email: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: number | null;
}

/** An invitation still waiting at `now`: not accepted and not lapsed (a revoked one is gone). */
const PENDING = 'accepted_at IS NULL AND expires_at > ?';

export interface NewInvitation {
  orgId: number;
  email: string;
  role: Role;
  creditLimitMinor: number | null;
  tokenHash: string;
  now: number;
  expiresAt: number;
}

/**
 * The invitation and its audit row, written only while the email has no other pending invitation in the org (one
 * statement decides, so two concurrent invitations of one email make one). The audit row follows the insert.
 */
export function createInvitationStatements(db: D1Database, inv: NewInvitation, actor: Actor) {
  return [
    db
      .prepare(
        `INSERT INTO org_invitations (org_id, email, role, credit_limit_minor, token_hash, invited_by, invited_by_email, created_at, expires_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?
         WHERE NOT EXISTS (SELECT 1 FROM org_invitations WHERE org_id = ? AND email = ? AND ${PENDING})`,
      )
      .bind(inv.orgId, inv.email, inv.role, inv.creditLimitMinor, inv.tokenHash, actor.id, actor.email, inv.now, inv.expiresAt, inv.orgId, inv.email, inv.now),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'invitation.create', 'invitation:' || id || ' ' || email,
                json_object('after', json_object('email', email, 'role', role, 'credit_limit', credit_limit_minor / 100.0,
                  'expires_at', strftime('%Y-%m-%dT%H:%M:%fZ', expires_at / 1000.0, 'unixepoch')))
         FROM org_invitations WHERE token_hash = ?`,
      )
      .bind(actor.id, actor.email, inv.tokenHash),
  ];
}

/** Whether the email has an invitation still waiting in the org. */
export async function hasPendingInvitation(db: D1Database, orgId: number, email: string, now: number): Promise<boolean> {
  return (await db.prepare(`SELECT 1 AS x FROM org_invitations WHERE org_id = ? AND email = ? AND ${PENDING}`).bind(orgId, email, now).first()) !== null;
}

export function invitationByHash(db: D1Database, tokenHash: string) {
  return db.prepare('SELECT * FROM org_invitations WHERE token_hash = ?').bind(tokenHash).first<InvitationRow>();
}

/** The org's invitations, newest first (the last 200). */
export async function listInvitations(db: D1Database, orgId: number): Promise<InvitationRow[]> {
  const { results } = await db.prepare('SELECT * FROM org_invitations WHERE org_id = ? ORDER BY id DESC LIMIT 200').bind(orgId).all<InvitationRow>();
  return results;
}

export function invitationById(db: D1Database, orgId: number, id: number) {
  return db.prepare('SELECT * FROM org_invitations WHERE org_id = ? AND id = ?').bind(orgId, id).first<InvitationRow>();
}

/** Deletes an invitation not accepted (pending or lapsed) with its audit row: one batch, the audit row first, same guard. */
export function revokeInvitationStatements(db: D1Database, orgId: number, id: number, actor: Actor) {
  const guard = 'org_id = ? AND id = ? AND accepted_at IS NULL';
  return [
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'invitation.revoke', 'invitation:' || id || ' ' || email, json_object('before', json_object('email', email, 'role', role))
         FROM org_invitations WHERE ${guard}`,
      )
      .bind(actor.id, actor.email, orgId, id),
    db.prepare(`DELETE FROM org_invitations WHERE ${guard}`).bind(orgId, id),
  ];
}

// ---- accepting ----------------------------------------------------------------------------------------------------

export interface NewInvitee {
  orgId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  language: string;
  currency: string;
  referralCode: string;
}

/** Whether this request's claim of the invitation held (its accept key is the one written): bound as [id, key]. */
const CLAIMED = 'EXISTS (SELECT 1 FROM org_invitations WHERE id = ? AND accept_key = ?)';

/** The invitation's role (and an agent's limit and details) given to the account named by `who`, once the claim held. */
function roleStatements(db: D1Database, inv: InvitationRow, who: { column: 'id' | 'referral_code'; value: number | string }, acceptKey: string) {
  const statements = [
    db
      .prepare(
        `UPDATE users SET role = ?, credit_limit_minor = COALESCE(?, credit_limit_minor),
                verified_at = COALESCE(verified_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE org_id = ? AND ${who.column} = ? AND ${CLAIMED}`,
      )
      .bind(inv.role, inv.credit_limit_minor, inv.org_id, who.value, inv.id, acceptKey),
  ];
  if (inv.role === 'agent') {
    statements.push(
      db
        .prepare(
          `INSERT INTO agent_details (user_id, org_id) SELECT id, org_id FROM users WHERE org_id = ? AND ${who.column} = ? AND role = 'agent' AND ${CLAIMED}
           ON CONFLICT (user_id) DO NOTHING`,
        )
        .bind(inv.org_id, who.value, inv.id, acceptKey),
    );
  }
  return statements;
}

/** The accept's audit row (the invited person is the actor), written only by the request whose claim held. */
function acceptAudit(db: D1Database, inv: InvitationRow, acceptKey: string) {
  return db
    .prepare(
      `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
       SELECT i.org_id, u.id, u.email, 'invitation.accept', 'invitation:' || i.id || ' ' || i.email, json_object('after', json_object('role', i.role))
       FROM org_invitations i JOIN users u ON u.id = i.accepted_by WHERE i.id = ? AND i.accept_key = ?`,
    )
    .bind(inv.id, acceptKey);
}

/**
 * Accepting for a new account, one batch: the account (only while the invitation is pending and the email free), the
 * claim (only if that account now exists: `accept_key` marks this request's), the role, the audit row. A concurrent
 * accept that lost finds the invitation claimed and writes nothing. The first statement's changes say whether it won.
 */
export function acceptAsNewStatements(db: D1Database, inv: InvitationRow, u: NewInvitee, acceptKey: string, now: number) {
  const nowIso = new Date(now).toISOString();
  return [
    db
      .prepare(
        `INSERT INTO users (org_id, email, password_hash, provider, first_name, last_name, nationality_id, language, currency, verified_at, referral_code)
         SELECT ?, ?, ?, 'email', ?, ?, ?, ?, ?, ?, ?
         WHERE EXISTS (SELECT 1 FROM org_invitations WHERE id = ? AND ${PENDING})
         ON CONFLICT DO NOTHING`,
      )
      .bind(u.orgId, u.email, u.passwordHash, u.firstName, u.lastName, DEFAULT_NATIONALITY_ID, u.language, u.currency, nowIso, u.referralCode, inv.id, now),
    db
      .prepare(
        `UPDATE org_invitations SET accepted_at = ?, accept_key = ?, accepted_by = (SELECT id FROM users WHERE org_id = ? AND referral_code = ?)
         WHERE id = ? AND ${PENDING} AND EXISTS (SELECT 1 FROM users WHERE org_id = ? AND referral_code = ?)`,
      )
      .bind(now, acceptKey, u.orgId, u.referralCode, inv.id, now, u.orgId, u.referralCode),
    ...roleStatements(db, inv, { column: 'referral_code', value: u.referralCode }, acceptKey),
    acceptAudit(db, inv, acceptKey),
  ];
}

/**
 * Accepting for an account of the org, one batch: the claim (only while pending, and never taking the org's last
 * admin away), then the role, a password for an account that had none, and the audit row, each only where this
 * request's claim holds. The first statement's changes say whether it won.
 */
export function acceptAsMemberStatements(db: D1Database, inv: InvitationRow, userId: number, acceptKey: string, now: number, newPasswordHash: string | null) {
  const keepsAnAdmin =
    inv.role === 'admin'
      ? '1'
      : `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ? AND u.role = 'admin' AND NOT EXISTS (SELECT 1 FROM users o WHERE o.org_id = u.org_id AND o.role = 'admin' AND o.id <> u.id))`;
  const claim = db
    .prepare(`UPDATE org_invitations SET accepted_at = ?, accept_key = ?, accepted_by = ? WHERE id = ? AND ${PENDING} AND ${keepsAnAdmin}`)
    .bind(...[now, acceptKey, userId, inv.id, now, ...(inv.role === 'admin' ? [] : [userId])]);
  return [
    claim,
    ...roleStatements(db, inv, { column: 'id', value: userId }, acceptKey),
    ...(newPasswordHash
      ? [db.prepare(`UPDATE users SET password_hash = ? WHERE id = ? AND password_hash IS NULL AND ${CLAIMED}`).bind(newPasswordHash, userId, inv.id, acceptKey)]
      : []),
    acceptAudit(db, inv, acceptKey),
  ];
}

