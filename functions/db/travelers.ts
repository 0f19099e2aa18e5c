// Saved travellers of a user (/user/travelers), always scoped to the caller's org and account.
import type { Traveler } from '../../src/shared/contract/booking';

export interface TravelerRow {
  id: number;
  /** Written only through TravelerSchema (src/shared/contract/booking.ts), so one of its titles. */
  title: Traveler['title'];
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  updated_at: string;
}

export const MAX_TRAVELERS = 30;
const COLUMNS = 'id, title, first_name, last_name, email, phone, updated_at';

export async function travelersOf(db: D1Database, orgId: number, userId: number): Promise<TravelerRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM travelers WHERE org_id = ? AND user_id = ? ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id`)
    .bind(orgId, userId)
    .all<TravelerRow>();
  return results;
}

/** Adds a traveller unless the user already has MAX_TRAVELERS (checked in the same statement). */
export async function addTraveler(db: D1Database, orgId: number, userId: number, t: Traveler): Promise<TravelerRow | null> {
  return db
    .prepare(
      `INSERT INTO travelers (org_id, user_id, title, first_name, last_name, email, phone)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM travelers WHERE org_id = ? AND user_id = ?) < ?
       RETURNING ${COLUMNS}`,
    )
    .bind(orgId, userId, t.title, t.first_name, t.last_name, t.email, t.phone, orgId, userId, MAX_TRAVELERS)
    .first<TravelerRow>();
}

export async function updateTraveler(db: D1Database, orgId: number, userId: number, id: number, t: Traveler): Promise<TravelerRow | null> {
  return db
    .prepare(
      `UPDATE travelers SET title = ?, first_name = ?, last_name = ?, email = ?, phone = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND org_id = ? AND user_id = ? RETURNING ${COLUMNS}`,
    )
    .bind(t.title, t.first_name, t.last_name, t.email, t.phone, id, orgId, userId)
    .first<TravelerRow>();
}

export async function deleteTraveler(db: D1Database, orgId: number, userId: number, id: number): Promise<boolean> {
  const r = await db.prepare('DELETE FROM travelers WHERE id = ? AND org_id = ? AND user_id = ?').bind(id, orgId, userId).run();
  return (r.meta.changes ?? 0) === 1;
}
