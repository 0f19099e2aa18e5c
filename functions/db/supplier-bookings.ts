// A bed bank's booking behind one of ours (migration 0043, docs/decisions/0070-supplier-booking-after-payment.md): the
// claim that lets one worker book it at the supplier, the outcome written back, the refusal's FAILED end in one batch,
// the cancel's mark, and the reads of the hourly job and the reconciliation.
import { owedMailStatement, walletGivenBack, type BookedRooms } from './bookings';
import { atomically } from './batch';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** What booking at the supplier needs of a claimed booking. */
export interface ClaimedSupplierBooking {
  id: number;
  booking_ref: string;
  org_id: number;
  supplier: string;
  supplier_rate_key: string;
  traveler: string;
  occupancy: string;
  guests: number;
}

/**
 * Claims a paid booking for booking at the supplier: one conditional UPDATE … RETURNING, so of 30 webhook deliveries,
 * sweeps and hourly runs at once exactly one gets it. A claim older than `staleBeforeMs` (its worker died between the
 * claim and the outcome) may be taken again: booking again is safe, the supplier answers a clientReference it holds
 * with that booking.
 */
export async function claimSupplierBooking(db: D1Database, bookingId: number, nowMs: number, staleBeforeMs: number): Promise<ClaimedSupplierBooking | null> {
  return db
    .prepare(
      `UPDATE bookings SET supplier_state = 'booking', supplier_claimed_at = ?1, updated_at = ${NOW}
       WHERE id = ?2 AND status = 'CONFIRMED' AND supplier IS NOT NULL AND supplier_rate_key IS NOT NULL
         AND (supplier_state = 'to_book' OR (supplier_state = 'booking' AND IFNULL(supplier_claimed_at, 0) < ?3))
       RETURNING id, booking_ref, org_id, supplier, supplier_rate_key, traveler, occupancy, guests`,
    )
    .bind(nowMs, bookingId, staleBeforeMs)
    .first<ClaimedSupplierBooking>();
}

/** The supplier holds it: its reference kept, the claim ended. */
export async function supplierBooked(db: D1Database, bookingId: number, reference: string): Promise<boolean> {
  const r = await db
    .prepare(`UPDATE bookings SET supplier_state = 'confirmed', supplier_reference = ?, supplier_error = NULL, updated_at = ${NOW} WHERE id = ? AND supplier_state = 'booking'`)
    .bind(reference, bookingId)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

/** The supplier would not book it: marked so before any money moves, so a refund that fails is tried again (failSupplierBooking). */
export async function supplierRefused(db: D1Database, bookingId: number, reason: string): Promise<boolean> {
  const r = await db
    .prepare(`UPDATE bookings SET supplier_state = 'failed', supplier_error = ?, updated_at = ${NOW} WHERE id = ? AND supplier_state = 'booking'`)
    .bind(reason.slice(0, 500), bookingId)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

/** A try that settled nothing (the supplier slow or down): the claim stays, to lapse for the hourly job; why is kept. */
export async function supplierUnsettled(db: D1Database, bookingId: number, reason: string): Promise<void> {
  await db.prepare(`UPDATE bookings SET supplier_error = ? WHERE id = ? AND supplier_state = 'booking'`).bind(reason.slice(0, 500), bookingId).run();
}

/**
 * A paid booking the supplier refused ends FAILED with its card part refunded (`refundedMinor`, already asked of the
 * provider), its wallet parts given back (certificates ACTIVE again, balances restored, spends RELEASED) and its
 * failure mail owed, in one transaction guarded on the status: of two at once, one moves it; the rooms it never held
 * at us (a supplier booking names no room type) are not touched. Returns whether this call failed it.
 */
export async function failSupplierBooking(db: D1Database, booking: { id: number; booking_ref: string }, refundedMinor: number): Promise<boolean> {
  const [failed] = await atomically(db, [
    db
      .prepare(
        `UPDATE bookings SET status = 'FAILED', refunded_minor = ?, updated_at = ${NOW}
         WHERE id = ? AND status = 'CONFIRMED' AND supplier_state = 'failed' AND ? <= paid_minor`,
      )
      .bind(refundedMinor, booking.id, refundedMinor),
    ...walletGivenBack(db, booking.id, { spends: 'SPENT', certificates: 'REDEEMED', once: 'FAILED' }),
    owedMailStatement(db, booking.booking_ref, 'failed', 'FAILED', '', refundedMinor),
  ]);
  return (failed?.meta.changes ?? 0) > 0;
}

/** The supplier cancelled it (at our request, before our refund): kept at once, whatever our own cancel then does. */
export async function supplierCancelled(db: D1Database, bookingId: number): Promise<void> {
  await db.prepare(`UPDATE bookings SET supplier_state = 'cancelled', updated_at = ${NOW} WHERE id = ? AND supplier_state = 'confirmed'`).bind(bookingId).run();
}

/** An agent's booking on account cancelled at its supplier (its own cancel follows in the console's batch). */
export async function agentSupplierCancelled(db: D1Database, bookingId: number): Promise<void> {
  await db.prepare(`UPDATE agent_bookings SET supplier_state = 'cancelled' WHERE id = ? AND supplier_state = 'confirmed'`).bind(bookingId).run();
}

/** The hourly job's work: paid bookings not booked at the supplier (never claimed, or claimed by a worker that died) and refusals not yet refunded. */
export async function openSupplierBookings(db: D1Database, staleBeforeMs: number, limit = 50): Promise<{ id: number; supplier_state: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT id, supplier_state FROM bookings
       WHERE status = 'CONFIRMED' AND (supplier_state IN ('to_book', 'failed') OR (supplier_state = 'booking' AND IFNULL(supplier_claimed_at, 0) < ?))
       ORDER BY id LIMIT ?`,
    )
    .bind(staleBeforeMs, limit)
    .all<{ id: number; supplier_state: string }>();
  return results;
}

/** One of our supplier bookings, as the reconciliation compares it. */
export interface SupplierBookingRow {
  id: number;
  booking_ref: string;
  status: string;
  supplier: string;
  supplier_state: string | null;
  supplier_reference: string | null;
  supplier_error: string | null;
  check_in: string;
  check_out: string | null;
  created_at: string;
}

/** The org's bookings of a supplier made between two days (inclusive, by creation, as APItude lists them by default). */
export async function supplierBookingsOf(db: D1Database, orgId: number, supplier: string, from: string, to: string, limit = 500): Promise<SupplierBookingRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, booking_ref, status, supplier, supplier_state, supplier_reference, supplier_error, check_in, check_out, created_at FROM bookings
       WHERE org_id = ? AND supplier = ? AND status <> 'PENDING_PAYMENT' AND substr(created_at, 1, 10) BETWEEN ? AND ? ORDER BY id LIMIT ?`,
    )
    .bind(orgId, supplier, from, to, limit)
    .all<SupplierBookingRow>();
  return results;
}

/** How the hourly job's note on a booking begins when the supplier holds it otherwise (the rest says how). */
export const MISMATCH_NOTE = 'The supplier holds this booking as';
/** The note's end when the supplier holds no such booking. */
const LOST = 'unknown (lost)';
/** The hourly job's note for a booking the supplier holds as `theirs` (null: it holds none). */
export const mismatchNote = (theirs: string | null) => `${MISMATCH_NOTE} ${theirs ?? LOST}`;
/** The supplier's status as the hourly job's note says it; null when it held none, or nothing is noted. */
export function notedStatus(note: string | null): string | null {
  if (!note?.startsWith(`${MISMATCH_NOTE} `)) return null;
  const theirs = note.slice(MISMATCH_NOTE.length + 1);
  return theirs === LOST ? null : theirs;
}

/**
 * The org's bookings of a supplier the hourly job found differing (noted), and those paid here and still not booked
 * there once their claim is stale: what the console's Suppliers page shows on opening (decision 0079).
 */
export async function notedSupplierBookings(db: D1Database, orgId: number, supplier: string, staleBeforeMs: number, limit = 200): Promise<SupplierBookingRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, booking_ref, status, supplier, supplier_state, supplier_reference, supplier_error, check_in, check_out, created_at FROM bookings
       WHERE org_id = ?1 AND supplier = ?2 AND (substr(supplier_error, 1, ?3) = ?4
         OR (status = 'CONFIRMED' AND supplier_state IN ('to_book', 'booking') AND COALESCE(supplier_claimed_at, 0) < ?5))
       ORDER BY id LIMIT ?6`,
    )
    .bind(orgId, supplier, MISMATCH_NOTE.length, MISMATCH_NOTE, staleBeforeMs, limit)
    .all<SupplierBookingRow>();
  return results;
}

/** What the hourly job found at the supplier, kept on the booking for the console (null: the two sides agree). */
export async function noteSupplierMismatch(db: D1Database, bookingId: number, note: string | null): Promise<void> {
  await db.prepare('UPDATE bookings SET supplier_error = ? WHERE id = ?').bind(note, bookingId).run();
}

/** Orgs with supplier bookings that started in the last days or start soon: what the hourly job reconciles. */
export async function recentSupplierBookings(db: D1Database, sinceDay: string, limit = 200): Promise<{ org_id: number; supplier: string; from: string; to: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT org_id, supplier, MIN(substr(created_at, 1, 10)) AS "from", MAX(substr(created_at, 1, 10)) AS "to" FROM bookings
       WHERE supplier IS NOT NULL AND supplier_reference IS NOT NULL AND status = 'CONFIRMED' AND check_in >= ? GROUP BY org_id, supplier LIMIT ?`,
    )
    .bind(sinceDay, limit)
    .all<{ org_id: number; supplier: string; from: string; to: string }>();
  return results;
}

// ---- an agent's booking on account (docs/decisions/0073-agent-supplier-bookings.md) ----------------------------------

/** An agent's on-account booking of a bed bank's rate, claimed to book it at the supplier. */
export interface ClaimedAgentSupplierBooking extends ClaimedSupplierBooking {
  product_id: number;
  check_in: string;
  check_out: string;
  currency: string;
  total_minor: number;
  supplier_net_minor: number;
  supplier_currency: string;
  /** The rate its quote kept (JSON, db/quotes.ts QuotedSupplierRate; migration 0049), null for a quote written before. */
  quote_supplier_rate: string | null;
}

/** An agent's booking still to book at its supplier: written claimed, not yet booked there (or refused). */
const AGENT_PENDING = `pay_method = 'account' AND status = 'CONFIRMED' AND supplier IS NOT NULL AND supplier_rate_key IS NOT NULL`;

/**
 * Claims an agent's on-account booking for booking at the supplier: the request that wrote it (`ref`: it was written
 * claimed, in the batch that took its credit), or the hourly job (`id`: never claimed, or claimed by a worker that has
 * died, `staleBeforeMs`); one conditional UPDATE, so one caller gets it. Then what the supplier's request needs, the
 * client as its holder.
 */
export async function claimAgentSupplierBooking(
  db: D1Database,
  by: { ref: string } | { id: number; staleBeforeMs: number },
  nowMs: number,
): Promise<ClaimedAgentSupplierBooking | null> {
  const claimed = await ('ref' in by
    ? db
        .prepare(`UPDATE agent_bookings SET supplier_claimed_at = ?1 WHERE booking_ref = ?2 AND ${AGENT_PENDING} AND supplier_state = 'booking' RETURNING id`)
        .bind(nowMs, by.ref)
    : db
        .prepare(
          `UPDATE agent_bookings SET supplier_state = 'booking', supplier_claimed_at = ?1
           WHERE id = ?2 AND ${AGENT_PENDING} AND (supplier_state = 'to_book' OR (supplier_state = 'booking' AND IFNULL(supplier_claimed_at, 0) < ?3))
           RETURNING id`,
        )
        .bind(nowMs, by.id, by.staleBeforeMs)
  ).first<{ id: number }>();
  if (!claimed) return null;
  return db
    .prepare(
      `SELECT ab.id, ab.booking_ref, ab.org_id, ab.supplier, ab.supplier_rate_key,
         json_object('first_name', COALESCE(c.first_name, ab.client_name), 'last_name', COALESCE(c.last_name, '')) AS traveler,
         ab.occupancy, ab.guests, ab.product_id, ab.check_in, ab.check_out, ab.currency, ab.total_minor, ab.supplier_net_minor, ab.supplier_currency,
         q.supplier_rate AS quote_supplier_rate
       FROM agent_bookings ab LEFT JOIN agent_clients c ON c.id = ab.client_id LEFT JOIN agent_quotes q ON q.id = ab.quote_id WHERE ab.id = ?`,
    )
    .bind(claimed.id)
    .first<ClaimedAgentSupplierBooking>();
}

/** The key as checked with the supplier, kept before booking it: a worker that dies after booking is replayed with it. */
export async function agentSupplierRateChecked(db: D1Database, bookingId: number, rateKey: string): Promise<void> {
  await db.prepare(`UPDATE agent_bookings SET supplier_rate_key = ? WHERE id = ? AND supplier_state = 'booking'`).bind(rateKey, bookingId).run();
}

/** The supplier holds it: its reference, the room and rate it booked (for the pages and vouchers); the claim ended. */
export async function agentSupplierBooked(db: D1Database, bookingId: number, reference: string, rooms: BookedRooms): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE agent_bookings SET supplier_state = 'confirmed', supplier_reference = ?, supplier_error = NULL, rooms = ?, occupancy = ?, nights = ?, room = ?, rate = ?
       WHERE id = ? AND supplier_state = 'booking'`,
    )
    .bind(reference, rooms.occupancy.length, JSON.stringify(rooms.occupancy), JSON.stringify(rooms.nights), JSON.stringify(rooms.room), JSON.stringify(rooms.rate), bookingId)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

/**
 * The supplier would not book it (or could not be reached, or its price moved): the booking is removed with its credit
 * charge and its owed vouchers, and its quote is open again, in one transaction guarded on the claim, so the agent's
 * outstanding total is as it was before. Returns whether this call removed it.
 */
export async function dropAgentSupplierBooking(db: D1Database, bookingId: number): Promise<boolean> {
  const pending = `SELECT 1 FROM agent_bookings WHERE id = ?1 AND supplier_state = 'booking'`;
  const results = await atomically(db, [
    db.prepare(`DELETE FROM credit_ledger WHERE kind = 'booking' AND booking_id = ?1 AND EXISTS (${pending})`).bind(bookingId),
    db
      .prepare(
        `UPDATE agent_quotes SET status = CASE WHEN sent_at IS NULL THEN 'DRAFT' ELSE 'SENT' END, booked_at = NULL
         WHERE id = (SELECT quote_id FROM agent_bookings WHERE id = ?1 AND supplier_state = 'booking')`,
      )
      .bind(bookingId),
    db.prepare(`DELETE FROM agent_booking_mails WHERE booking_ref = (SELECT booking_ref FROM agent_bookings WHERE id = ?1 AND supplier_state = 'booking')`).bind(bookingId),
    db.prepare(`DELETE FROM agent_bookings WHERE id = ?1 AND supplier_state = 'booking'`).bind(bookingId),
  ]);
  return (results[3]?.meta.changes ?? 0) > 0;
}

/** The hourly job's agents' work: on-account bookings never claimed, or claimed by a worker that has died. */
export async function openAgentSupplierBookings(db: D1Database, staleBeforeMs: number, limit = 50): Promise<{ id: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM agent_bookings
       WHERE ${AGENT_PENDING} AND (supplier_state = 'to_book' OR (supplier_state = 'booking' AND IFNULL(supplier_claimed_at, 0) < ?))
       ORDER BY id LIMIT ?`,
    )
    .bind(staleBeforeMs, limit)
    .all<{ id: number }>();
  return results;
}
