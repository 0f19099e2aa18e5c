// Daily-savings members: one per user; 'pending' while an enrolment is in flight, 'enrolled' once the provider has it, 'active' once saved.
import { changedOne } from './statements';

export interface SavingsMemberRow {
  user_id: number;
  org_id: number;
  member_id: string;
  email: string;
  status: 'pending' | 'enrolled' | 'active';
  claim_token: string | null;
  updated_at: string;
}

/** A pending claim older than this is taken to be abandoned (the Worker stopped mid-flow) and may be taken over. */
export const STALE_CLAIM_SECONDS = 15;

export function findSavingsMember(db: D1Database, userId: number, orgId: number) {
  return db.prepare('SELECT * FROM savings_members WHERE user_id = ? AND org_id = ?').bind(userId, orgId).first<SavingsMemberRow>();
}

/**
 * Claims the right to enrol the user: true when this request now holds the claim. A fresh pending claim held by another
 * request, or an active member, is left alone.
 */
export async function claimEnrolment(db: D1Database, m: { userId: number; orgId: number; memberId: string; email: string; token: string }) {
  return changedOne(
    db
      .prepare(
        `INSERT INTO savings_members (user_id, org_id, member_id, email, status, claim_token, updated_at)
         VALUES (?1, ?2, ?3, ?4, 'pending', ?5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         ON CONFLICT (user_id) DO UPDATE SET claim_token = excluded.claim_token, updated_at = excluded.updated_at,
           status = CASE WHEN savings_members.status = 'enrolled' THEN 'enrolled' ELSE 'pending' END
         WHERE savings_members.status <> 'active'
           AND (savings_members.claim_token IS NULL OR savings_members.updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?6))`,
      )
      .bind(m.userId, m.orgId, m.memberId, m.email, m.token, `-${STALE_CLAIM_SECONDS} seconds`),
  );
}

/** Turns the claim into a saved member; false when the claim was lost meanwhile. */
export async function activateClaimed(db: D1Database, userId: number, token: string) {
  return changedOne(
    db
      .prepare(
        `UPDATE savings_members SET status = 'active', claim_token = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE user_id = ? AND claim_token = ?`,
      )
      .bind(userId, token),
  );
}

/** Gives the claim up after a failure: a pending row goes away entirely, an enrolled one only loses the claim. */
export async function releaseClaim(db: D1Database, userId: number, token: string) {
  await db.batch([
    db.prepare("DELETE FROM savings_members WHERE user_id = ? AND claim_token = ? AND status = 'pending'").bind(userId, token),
    db.prepare('UPDATE savings_members SET claim_token = NULL WHERE user_id = ? AND claim_token = ?').bind(userId, token),
  ]);
}

/** Records that the provider accepted the member (savingsCode), unless it is already saved. */
export async function markEnrolled(db: D1Database, m: { userId: number; orgId: number; memberId: string; email: string }) {
  await db
    .prepare(
      `INSERT INTO savings_members (user_id, org_id, member_id, email, status, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'enrolled', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       ON CONFLICT (user_id) DO UPDATE SET status = 'enrolled', updated_at = excluded.updated_at
       WHERE savings_members.status = 'pending'`,
    )
    .bind(m.userId, m.orgId, m.memberId, m.email)
    .run();
}

/** Saves the member (setMember): enrolled or unclaimed rows become active; an active row stays as it is. */
export async function saveMember(db: D1Database, m: { userId: number; orgId: number; memberId: string; email: string }) {
  await db
    .prepare(
      `INSERT INTO savings_members (user_id, org_id, member_id, email, status, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'active', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       ON CONFLICT (user_id) DO UPDATE SET status = 'active', claim_token = NULL, updated_at = excluded.updated_at
       WHERE savings_members.status <> 'active'`,
    )
    .bind(m.userId, m.orgId, m.memberId, m.email)
    .run();
}
