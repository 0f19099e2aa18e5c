// Agents' quotes (table agent_quotes) and booking one on account (agent_bookings + credit_ledger) in one batch
// whose insert only happens while the agent's outstanding balance plus the quote's net price stays within the limit.
import type { Owner } from './clients';
import { bookingBatch, ROOM_COLUMNS, roomValues, type BookedRooms, type NewStay, type NewSupplierPart, type StayColumns, type TiedWrite } from './bookings';
import { changedOne } from './statements';
import { cardVoucherOwedStatement, vouchersOwedStatement } from './agent-vouchers';
import type { Board } from '../../src/shared/rules/stay-rates';
import type { Supplier } from '../../src/shared/contract/supplier-text';

export interface QuoteRow extends StayColumns {
  id: number;
  org_id: number;
  agent_id: number;
  client_id: number | null;
  client_name: string;
  client_email: string;
  markup_bps: number;
  net_usd_minor: number;
  total_usd_minor: number;
  net_minor: number;
  total_minor: number;
  note: string;
  status: 'DRAFT' | 'SENT' | 'BOOKED';
  sent_at: string | null;
  booked_at: string | null;
  created_at: string;
  /** From the booking, when there is one. */
  booking_ref: string | null;
  /** The room type and rate plan priced (null for activities and quotes made before rooms were sold). */
  room_id: number | null;
  rate_plan_id: number | null;
  /** JSON: one occupancy value per room. */
  occupancy: string;
  /**
   * A bed bank's rate (migration 0043): the key and net it was quoted from (in supplier_currency's minor units); null for
   * own hotels. A stay whose rooms hold different parties keeps every part in the key, as bookings do (decision 0076).
   */
  supplier_rate_key: string | null;
  supplier_net_minor: number | null;
  /** The supplier, the net's currency and the rate as shown (JSON, QuotedSupplierRate): migration 0049, null on older quotes. */
  supplier: string | null;
  supplier_currency: string | null;
  supplier_rate: string | null;
}

/**
 * What a bed bank's quote keeps of the rate it was priced from, beside its key(s) and net (migration 0049): whether it
 * must be checked again before booking, and the room, board and terms its booking shows and cancels by.
 */
export interface QuotedSupplierRate {
  recheck: boolean;
  room: { room_id: number; code: string; name: string };
  board: Board;
  refundable: boolean;
  free_cancellation_days: number | null;
  cancellation_fee_percent: number | null;
}

/** A bed bank's quote as kept: the supplier, its key(s) (several parts as JSON, decision 0076), net and its currency, and the rate. */
export interface QuotedSupplier {
  name: Supplier;
  rateKey: string;
  netMinor: number;
  currency: string;
  /** The rate as shown; null on a quote written before migration 0049 (its key is then checked, the room read from the check). */
  rate: QuotedSupplierRate | null;
}

/** A quote's (or its booking's) supplier columns read, or null for an own hotel's. */
export function quotedSupplierOf(
  row: { supplier: string | null; supplier_rate_key: string | null; supplier_net_minor: number | null; supplier_currency: string | null },
  rate: string | null,
): QuotedSupplier | null {
  if (!row.supplier || !row.supplier_rate_key || !row.supplier_currency) return null;
  return { name: row.supplier as Supplier, rateKey: row.supplier_rate_key, netMinor: row.supplier_net_minor ?? 0, currency: row.supplier_currency, rate: quotedSupplierRate(rate) };
}

/** A quote's kept rate, or null: a quote written before migration 0049 (or a value not of that shape). */
export function quotedSupplierRate(text: string | null | undefined): QuotedSupplierRate | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<QuotedSupplierRate> | null;
    if (!r || typeof r.recheck !== 'boolean' || typeof r.room?.name !== 'string' || typeof r.board !== 'string' || typeof r.refundable !== 'boolean') return null;
    return r as QuotedSupplierRate;
  } catch {
    return null;
  }
}

/**
 * A card booking (`b`, a bookings row) whose payment never came: EXPIRED, REFUNDED without a stay, or CANCELLED while it
 * waited for its payment (nothing paid: a confirmed one cancelled later was paid by card).
 */
const paymentNeverCameSql = (b: string) => `(${b}.status IN ('EXPIRED', 'REFUNDED') OR (${b}.status = 'CANCELLED' AND ${b}.paid_minor = 0))`;

/**
 * A quote booked by the client's card whose payment never came (paymentNeverCameSql) is open again: the agent may book
 * it again, by card or on account (docs/decisions/0029).
 */
const openAgainSql = (q: string) =>
  `EXISTS (SELECT 1 FROM agent_bookings ab JOIN bookings cb ON cb.id = ab.card_booking_id WHERE ab.quote_id = ${q}.id AND ${paymentNeverCameSql('cb')})`;

/** The condition under which a quote can be booked: not booked yet, or open again. */
export const quoteBookableSql = (q: string) => `(${q}.status <> 'BOOKED' OR ${openAgainSql(q)})`;

const COLUMNS = `q.id, q.org_id, q.agent_id, q.client_id, q.client_name, q.client_email, q.product_id, q.product_type, q.product_name, q.city, q.image,
  q.check_in, q.check_out, q.guests, q.currency, q.markup_bps, q.net_usd_minor, q.total_usd_minor, q.net_minor, q.total_minor, q.note,
  CASE WHEN q.status = 'BOOKED' AND ${openAgainSql('q')} THEN (CASE WHEN q.sent_at IS NULL THEN 'DRAFT' ELSE 'SENT' END) ELSE q.status END AS status,
  q.sent_at, CASE WHEN ${openAgainSql('q')} THEN NULL ELSE q.booked_at END AS booked_at, q.created_at,
  CASE WHEN ${openAgainSql('q')} THEN NULL ELSE b.booking_ref END AS booking_ref, q.room_id, q.rate_plan_id, q.occupancy,
  q.supplier_rate_key, q.supplier_net_minor, q.supplier, q.supplier_currency, q.supplier_rate`;
const FROM = 'agent_quotes q LEFT JOIN agent_bookings b ON b.quote_id = q.id';

export interface NewQuote extends NewStay {
  clientId: number;
  markupBps: number;
  netUsdMinor: number;
  totalUsdMinor: number;
  netMinor: number;
  totalMinor: number;
  note: string;
  /** The room type and rate plan priced, and the party; none for an activity. */
  roomId: number | null;
  ratePlanId: number | null;
  occupancy: string[];
  /** A bed bank's rate (migrations 0043, 0049): its supplier, key(s), net and its currency, and the rate as shown. */
  supplier?: { name: string; rateKey: string; netMinor: number; currency: string; rate: QuotedSupplierRate } | null;
}

/** The new quote's id, or null when the client is not one of the agent's own. The client's name and email are copied. */
export async function insertQuote(db: D1Database, owner: Owner, q: NewQuote): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO agent_quotes (org_id, agent_id, client_id, client_name, client_email, product_id, product_type, product_name, city, image,
         check_in, check_out, guests, currency, markup_bps, net_usd_minor, total_usd_minor, net_minor, total_minor, note, room_id, rate_plan_id, occupancy,
         supplier_rate_key, supplier_net_minor, supplier, supplier_currency, supplier_rate)
       SELECT c.org_id, c.agent_id, c.id, trim(c.title || ' ' || c.first_name || ' ' || c.last_name), c.email, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
       FROM agent_clients c WHERE c.id = ? AND c.org_id = ? AND c.agent_id = ?
       RETURNING id`,
    )
    .bind(
      q.productId, q.productType, q.productName, q.city, q.image, q.checkIn, q.checkOut, q.guests, q.currency, q.markupBps,
      q.netUsdMinor, q.totalUsdMinor, q.netMinor, q.totalMinor, q.note, q.roomId, q.ratePlanId, JSON.stringify(q.occupancy),
      q.supplier?.rateKey ?? null, q.supplier?.netMinor ?? null, q.supplier?.name ?? null, q.supplier?.currency ?? null,
      q.supplier ? JSON.stringify(q.supplier.rate) : null, q.clientId, owner.orgId, owner.agentId,
    )
    .first<{ id: number }>();
  return row?.id ?? null;
}

export function quoteOf(db: D1Database, owner: Owner, id: number) {
  return db.prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE q.id = ? AND q.org_id = ? AND q.agent_id = ?`).bind(id, owner.orgId, owner.agentId).first<QuoteRow>();
}

export async function quotesOf(db: D1Database, owner: Owner, filter: { status?: string; clientId?: number }, limit = 200): Promise<QuoteRow[]> {
  let where = 'q.org_id = ? AND q.agent_id = ?';
  const binds: unknown[] = [owner.orgId, owner.agentId];
  if (filter.clientId) {
    where += ' AND q.client_id = ?';
    binds.push(filter.clientId);
  }
  // The status asked for is the quote's status as shown (a quote open again is a draft or sent again).
  const status = filter.status ? 'WHERE status = ?' : '';
  if (filter.status) binds.push(filter.status);
  const { results } = await db
    .prepare(`SELECT * FROM (SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}) ${status} ORDER BY id DESC LIMIT ?`)
    .bind(...binds, limit)
    .all<QuoteRow>();
  return results;
}

/** Gives the quote a new link token (the previous link stops working) and marks a draft as sent. */
export async function markSent(db: D1Database, owner: Owner, id: number, tokenHash: string): Promise<boolean> {
  return changedOne(
    db
      .prepare(
        `UPDATE agent_quotes SET token_hash = ?, sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
           status = CASE WHEN status = 'DRAFT' THEN 'SENT' ELSE status END
         WHERE id = ? AND org_id = ? AND agent_id = ?`,
      )
      .bind(tokenHash, id, owner.orgId, owner.agentId),
  );
}

export interface SharedQuoteRow extends QuoteRow {
  description: string;
  agent_first_name: string;
  agent_last_name: string;
  agent_email: string;
  agency_name: string | null;
}

/** The quote a mailed link points at, in the org of the request. */
export function quoteByTokenHash(db: D1Database, orgId: number, tokenHash: string) {
  return db
    .prepare(
      `SELECT ${COLUMNS}, IFNULL(p.description, '') AS description, u.first_name AS agent_first_name, u.last_name AS agent_last_name,
         u.email AS agent_email, a.name AS agency_name
       FROM ${FROM}
       JOIN users u ON u.id = q.agent_id
       LEFT JOIN products p ON p.id = q.product_id
       LEFT JOIN agent_details d ON d.user_id = q.agent_id
       LEFT JOIN agencies a ON a.id = d.agency_id
       WHERE q.token_hash = ? AND q.org_id = ?`,
    )
    .bind(tokenHash, orgId)
    .first<SharedQuoteRow>();
}

/** A quote open again replaces its unpaid card booking's row (one agent booking per quote); a guard above decides. */
const REPLACES_UNPAID = `ON CONFLICT (quote_id) DO UPDATE SET booking_ref = excluded.booking_ref, pay_method = excluded.pay_method,
  card_booking_id = excluded.card_booking_id, status = 'CONFIRMED', created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/**
 * The agent's row for a quote the client pays by card, tied to the card booking `ref` (createBooking writes that
 * booking only while the quote is the agent's and bookable): no credit ledger entry, as no credit is used; the quote
 * is BOOKED while the payment is pending, so it cannot be booked twice meanwhile.
 */
export function quoteByCardTie(db: D1Database, owner: Owner, quoteId: number, ref: string): TiedWrite {
  return {
    guard: { sql: `EXISTS (SELECT 1 FROM agent_quotes q WHERE q.id = ? AND q.org_id = ? AND q.agent_id = ? AND ${quoteBookableSql('q')})`, binds: [quoteId, owner.orgId, owner.agentId] },
    statements: [
      db
        .prepare(
          `INSERT INTO agent_bookings (booking_ref, org_id, agent_id, quote_id, client_id, client_name, client_email, product_id, product_type,
             product_name, city, image, check_in, check_out, guests, currency, total_minor, net_usd_minor, total_usd_minor, pay_method, card_booking_id)
           SELECT cb.booking_ref, q.org_id, q.agent_id, q.id, q.client_id, q.client_name, q.client_email, q.product_id, q.product_type, q.product_name,
             q.city, q.image, q.check_in, q.check_out, q.guests, q.currency, q.total_minor, q.net_usd_minor, q.total_usd_minor, 'card', cb.id
           FROM agent_quotes q JOIN bookings cb ON cb.booking_ref = ?2 AND cb.org_id = q.org_id
           WHERE q.id = ?1
           ${REPLACES_UNPAID}`,
        )
        .bind(quoteId, ref),
      db
        .prepare(
          `UPDATE agent_quotes SET status = 'BOOKED', booked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE id = ?1 AND EXISTS (SELECT 1 FROM agent_bookings WHERE booking_ref = ?2 AND quote_id = ?1)`,
        )
        .bind(quoteId, ref),
      cardVoucherOwedStatement(db, ref),
    ],
  };
}

/**
 * A bed bank's quote booked on account (docs/decisions/0073-agent-supplier-bookings.md): the row is written claimed
 * (`supplier_state = 'booking'`, `supplier_claimed_at`), its credit taken in the same batch, for the request that wrote
 * it to book at the supplier at once (or the hourly job, once the claim is stale); its vouchers are owed from the
 * batch but due only once the supplier has booked it.
 */
export interface PendingSupplierPart extends NewSupplierPart {
  occupancy: string[];
  claimedAt: number;
  /** The room and rate the quote kept (migration 0049), shown from the start; else written once the supplier books it. */
  rooms?: BookedRooms;
}

export type BookOutcome = { kind: 'booked'; ref: string } | { kind: 'credit-limit' } | { kind: 'already-booked' } | { kind: 'missing' } | { kind: 'sold-out' };

/**
 * Books the quote on the agent's account in one batch (one transaction): the booking row is inserted only if the
 * quote is the agent's, not booked yet, and the ledger's sum plus the quote's net price is within the agent's credit
 * limit; the ledger entry and the quote's status follow that row, so a refused booking writes nothing. D1 runs a
 * batch's statements without interleaving other writes, so concurrent bookings see each other's ledger rows.
 * The row carries the rooms it takes (`rooms`): its own trigger takes them for every night, and a night without a room
 * left aborts the batch (bookingBatch: 'sold-out'). A quote open again (its card booking expired) has its stale card row
 * removed under the same conditions first, so the new row is an insert and takes its rooms like any other.
 */
export async function bookQuote(
  db: D1Database,
  owner: Owner,
  quoteId: number,
  ref: string,
  rooms?: BookedRooms,
  vouchers?: { site: string; language: string },
  supplier?: PendingSupplierPart,
): Promise<BookOutcome> {
  const mayBook = `q.id = ?1 AND q.org_id = ?2 AND q.agent_id = ?3 AND u.role = 'agent'
    AND (SELECT IFNULL(SUM(l.amount_usd_minor), 0) FROM credit_ledger l WHERE l.agent_id = q.agent_id AND l.org_id = q.org_id)
        + q.net_usd_minor <= u.credit_limit_minor`;
  const results = await bookingBatch(db, [
    db
      .prepare(
        `DELETE FROM agent_bookings WHERE quote_id = ?1 AND pay_method = 'card'
           AND EXISTS (SELECT 1 FROM bookings cb WHERE cb.id = agent_bookings.card_booking_id AND ${paymentNeverCameSql('cb')})
           AND EXISTS (SELECT 1 FROM agent_quotes q JOIN users u ON u.id = q.agent_id WHERE ${mayBook})`,
      )
      .bind(quoteId, owner.orgId, owner.agentId),
    db
      .prepare(
        `INSERT INTO agent_bookings (booking_ref, org_id, agent_id, quote_id, client_id, client_name, client_email, product_id, product_type,
           product_name, city, image, check_in, check_out, guests, currency, total_minor, net_usd_minor, total_usd_minor, ${ROOM_COLUMNS},
           supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state, supplier_claimed_at)
         SELECT ?4, q.org_id, q.agent_id, q.id, q.client_id, q.client_name, q.client_email, q.product_id, q.product_type, q.product_name, q.city,
           q.image, q.check_in, q.check_out, q.guests, q.currency, q.total_minor, q.net_usd_minor, q.total_usd_minor, ?5, ?6, ?7, ?8, ?9, ?10, ?11,
           ?12, ?13, ?14, ?15, ?16, ?17
         FROM agent_quotes q JOIN users u ON u.id = q.agent_id
         WHERE ${mayBook} AND (q.status <> 'BOOKED' OR NOT EXISTS (SELECT 1 FROM agent_bookings x WHERE x.quote_id = q.id))
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        quoteId, owner.orgId, owner.agentId, ref,
        // A bed bank's booking names no room of ours (no trigger runs); a quote that kept no room and rate has them
        // written once the supplier books it.
        ...(supplier ? (supplier.rooms ? roomValues(supplier.rooms, true) : [null, null, supplier.occupancy.length, JSON.stringify(supplier.occupancy), '[]', null, null]) : roomValues(rooms)),
        ...(supplier ? [supplier.name, supplier.rateKey, supplier.netMinor, supplier.currency, 'booking', supplier.claimedAt] : [null, null, null, null, null, null]),
      ),
    db
      .prepare(
        `INSERT INTO credit_ledger (org_id, agent_id, kind, amount_usd_minor, booking_id, note)
         SELECT org_id, agent_id, 'booking', net_usd_minor, id, booking_ref FROM agent_bookings WHERE booking_ref = ?`,
      )
      .bind(ref),
    db
      .prepare(
        `UPDATE agent_quotes SET status = 'BOOKED', booked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ? AND EXISTS (SELECT 1 FROM agent_bookings WHERE booking_ref = ? AND quote_id = ?)`,
      )
      .bind(quoteId, ref, quoteId),
    // The vouchers it owes the agent and the client, sent after the batch (functions/flows/booking-mails.ts).
    ...(vouchers ? [vouchersOwedStatement(db, ref, vouchers.site, vouchers.language)] : []),
  ]);
  if (results === 'sold-out') return { kind: 'sold-out' };
  if ((results[1]?.meta.changes ?? 0) > 0) return { kind: 'booked', ref };
  const quote = await quoteOf(db, owner, quoteId);
  if (!quote) return { kind: 'missing' };
  if (quote.status === 'BOOKED') return { kind: 'already-booked' };
  return { kind: 'credit-limit' };
}
