// The console's view of an org's bookings (decision 0066): every booking of the org, a member's, a guest's, an agent's
// paid by its client's card (the bookings row, with the agent named) and an agent's on account (the agent_bookings row),
// filtered by the day they were made (UTC) and status, newest first.
import type { BookingRow } from './bookings';

export interface BookingFilter {
  from?: string;
  to?: string;
  status?: string;
  /** One booking, by its reference. */
  ref?: string;
}

export type AdminBookingRow = Omit<BookingRow, 'idempotency_key' | 'request_hash' | 'time_zone' | 'language'> & {
  /** The member's email (a member's own booking), else null. */
  email: string | null;
  agent_name: string | null;
  agent_email: string | null;
  /** 1: an agent's booking on account (the agency is invoiced; no card, no wallet). */
  on_account: number;
};

const agentName = (u: string) => `NULLIF(TRIM(IFNULL(${u}.first_name, '') || ' ' || IFNULL(${u}.last_name, '')), '')`;

/** One row shape for both tables; the outer query filters and orders them together. */
const UNION = `
  SELECT b.id, b.booking_ref, b.org_id, b.user_id, b.product_id, b.product_type, b.product_name, b.city, b.image, b.check_in, b.check_out,
    b.guests, b.currency, b.price_minor, b.certificate_minor, b.discount_minor, b.cash_minor, b.total_minor, b.status, b.traveler, b.is_package,
    b.created_at, b.paid_minor, b.refunded_minor, b.payment_session_id, b.payment_intent_id, b.payment_url,
    b.room_id, b.rate_plan_id, b.rooms, b.occupancy, b.nights, b.room, b.rate, b.supplier, b.supplier_reference,
    CASE WHEN ab.id IS NULL THEN u.email END AS email, ${agentName('ag')} AS agent_name, ag.email AS agent_email, 0 AS on_account
  FROM bookings b
    LEFT JOIN users u ON u.id = b.user_id AND u.org_id = b.org_id
    LEFT JOIN agent_bookings ab ON ab.card_booking_id = b.id
    LEFT JOIN users ag ON ag.id = ab.agent_id
  UNION ALL
  SELECT -ab.id, ab.booking_ref, ab.org_id, NULL, ab.product_id, ab.product_type, ab.product_name, ab.city, ab.image, ab.check_in, ab.check_out,
    ab.guests, ab.currency, ab.total_minor, 0, 0, 0, ab.total_minor, ab.status, json_object('first_name', ab.client_name), 0,
    ab.created_at, 0, 0, NULL, NULL, NULL,
    ab.room_id, ab.rate_plan_id, ab.rooms, ab.occupancy, ab.nights, ab.room, ab.rate, ab.supplier, ab.supplier_reference,
    NULL, ${agentName('ag')}, ag.email, 1
  FROM agent_bookings ab JOIN users ag ON ag.id = ab.agent_id
  WHERE ab.pay_method = 'account'`;

function where(orgId: number, f: BookingFilter) {
  const parts = ['x.org_id = ?'];
  const args: (string | number)[] = [orgId];
  // created_at is an ISO timestamp: a day's bounds compare as text.
  if (f.from) parts.push('x.created_at >= ?'), args.push(`${f.from}T00:00:00.000Z`);
  if (f.to) parts.push('x.created_at < ?'), args.push(new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString());
  if (f.status) parts.push('x.status = ?'), args.push(f.status);
  if (f.ref) parts.push('x.booking_ref = ?'), args.push(f.ref);
  return { sql: `FROM (${UNION}) x WHERE ${parts.join(' AND ')}`, args };
}

export async function orgBookings(db: D1Database, orgId: number, f: BookingFilter, limit: number, offset: number) {
  const { sql, args } = where(orgId, f);
  const [count, rows] = await db.batch<{ n?: number } & AdminBookingRow>([
    db.prepare(`SELECT COUNT(*) AS n ${sql}`).bind(...args),
    db.prepare(`SELECT x.* ${sql} ORDER BY x.created_at DESC, x.id DESC LIMIT ? OFFSET ?`).bind(...args, limit, offset),
  ]);
  return { count: Number(count!.results[0]?.n ?? 0), rows: rows!.results as AdminBookingRow[] };
}

/** One booking of the org as the console lists it, by its reference. */
export async function orgBookingByRef(db: D1Database, orgId: number, ref: string): Promise<AdminBookingRow | null> {
  const { sql, args } = where(orgId, {});
  return db.prepare(`SELECT x.* ${sql} AND x.booking_ref = ? LIMIT 1`).bind(...args, ref).first<AdminBookingRow>();
}


/** An agent's booking on account as the console's cancel reads it: what it owes the ledger and its terms. */
export interface OnAccountBookingRow {
  id: number;
  booking_ref: string;
  agent_id: number;
  status: string;
  product_type: string;
  check_in: string;
  net_usd_minor: number;
  rate: string | null;
  time_zone: string;
  supplier: string | null;
  /** A bed bank's booking on account: what its cancel at the supplier reads (decision 0079). */
  org_id: number;
  supplier_state: string | null;
  supplier_reference: string | null;
  supplier_net_minor: number | null;
}

export function onAccountBookingOf(db: D1Database, orgId: number, ref: string) {
  return db
    .prepare(
      `SELECT ab.id, ab.booking_ref, ab.agent_id, ab.status, ab.product_type, ab.check_in, ab.net_usd_minor, ab.rate,
         IFNULL(p.time_zone, 'UTC') AS time_zone, ab.supplier, ab.org_id, ab.supplier_state, ab.supplier_reference, ab.supplier_net_minor
       FROM agent_bookings ab LEFT JOIN products p ON p.id = ab.product_id
       WHERE ab.org_id = ? AND ab.booking_ref = ? AND ab.pay_method = 'account'`,
    )
    .bind(orgId, ref)
    .first<OnAccountBookingRow>();
}

/**
 * Cancels an agent's booking on account and gives the agent's credit back, as statements for one batch: the status
 * change (guarded: only a CONFIRMED booking moves; its trigger gives the rooms back), then `audit` (guarded by
 * `changes()`, so written only when this batch moved the booking), then the ledger's reversal, itself guarded by the
 * audit row just written (`changes()` again) and by migration 0045's unique index on the reversal's note. Of any
 * number of concurrent cancels, one moves the booking and writes one audit row and one reversal.
 */
export function cancelOnAccountStatements(db: D1Database, orgId: number, ref: string, creditBackUsdMinor: number, audit: D1PreparedStatement) {
  return [
    db
      .prepare("UPDATE agent_bookings SET status = 'CANCELLED' WHERE org_id = ? AND booking_ref = ? AND pay_method = 'account' AND status = 'CONFIRMED'")
      .bind(orgId, ref),
    audit,
    db
      .prepare(
        `INSERT INTO credit_ledger (org_id, agent_id, kind, amount_usd_minor, note)
         SELECT org_id, agent_id, 'adjustment', ?, ? FROM agent_bookings
         WHERE changes() > 0 AND org_id = ? AND booking_ref = ? AND pay_method = 'account' AND status = 'CANCELLED'`,
      )
      .bind(-Math.abs(creditBackUsdMinor), creditReversalNote(ref), orgId, ref),
  ];
}

/** The note of the ledger row that gives a cancelled booking's credit back (one per booking: migration 0045). */
export const creditReversalNote = (ref: string) => `cancel:${ref}`;
