// A member's saved travellers (/user/travelers), always scoped to the caller's org and account. Plain values in and out.
import { conflict, notFound } from '../errors';
import { addTraveler, deleteTraveler, travelersOf, updateTraveler, MAX_TRAVELERS, type TravelerRow } from '../db/travelers';
import type { Traveler } from '../../src/shared/contract/booking';

/** Whose travellers: the member of the org. */
export interface TravelerOwner {
  orgId: number;
  userId: number;
}

export const savedTravelers = (db: D1Database, o: TravelerOwner): Promise<TravelerRow[]> => travelersOf(db, o.orgId, o.userId);

/** Saves a traveller; 409 once the member keeps MAX_TRAVELERS of them. */
export async function saveTraveler(db: D1Database, o: TravelerOwner, t: Traveler): Promise<TravelerRow> {
  const row = await addTraveler(db, o.orgId, o.userId, t);
  if (!row) throw conflict(`You can save at most ${MAX_TRAVELERS} travellers`);
  return row;
}

/** Changes one of the member's travellers; 404 for anyone else's or a missing one. */
export async function changeTraveler(db: D1Database, o: TravelerOwner, id: number, t: Traveler): Promise<TravelerRow> {
  const row = await updateTraveler(db, o.orgId, o.userId, id, t);
  if (!row) throw notFound('No such traveller');
  return row;
}

/** Deletes one of the member's travellers; 404 for anyone else's or a missing one. */
export async function removeTraveler(db: D1Database, o: TravelerOwner, id: number): Promise<void> {
  if (!(await deleteTraveler(db, o.orgId, o.userId, id))) throw notFound('No such traveller');
}
