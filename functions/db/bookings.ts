// Bookings and what each card paid: one atomic batch per checkout, idempotent per user and key (docs/contract.md#wallet, docs/contract.md#booking).
import type { CardSpend } from '../../src/shared/wallet';
import { firstBookingActionStatement } from './referrals';
import { firstBookingConversionStatement, type FirstBookingCredit } from './links';

/** The stay a booking, a quote or an agent's booking is for: the product as it was then, the dates and the party. */
export interface StayColumns {
  product_id: number;
  product_type: string;
  product_name: string;
  city: string;
  image: string;
  check_in: string;
  check_out: string | null;
  guests: number;
  currency: string;
}

export interface BookingRow extends StayColumns {
  id: number;
  booking_ref: string;
  org_id: number;
  user_id: number | null;
  price_minor: number;
  certificate_minor: number;
  discount_minor: number;
  cash_minor: number;
  total_minor: number;
  status: string;
  idempotency_key: string;
  request_hash: string;
  traveler: string;
  /** 1 when the booking came from a package landing (the client's is_package flag). */
  is_package: number;
  created_at: string;
  /** The card part paid through the provider and what was refunded of it, in minor units. */
  paid_minor: number;
  refunded_minor: number;
  payment_session_id: string | null;
  payment_intent_id: string | null;
  payment_url: string | null;
}

const COLUMNS =
  'id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency, price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, is_package, created_at, paid_minor, refunded_minor, payment_session_id, payment_intent_id, payment_url';

/**
 * The idempotency key as stored. A member's keys live in their own account's space. Guests have no account, so a
 * guest's key is scoped by the request it came with: one guest can never replay another's booking or block it by
 * sending the same key, while a guest's own retry (the same request again) still finds its booking.
 */
export function storedKey(userId: number | null, key: string, requestHash: string): string {
  return userId === null ? `guest:${requestHash}:${key}` : key;
}

export async function bookingByKey(db: D1Database, orgId: number, userId: number | null, key: string, requestHash: string): Promise<BookingRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM bookings WHERE org_id = ? AND IFNULL(user_id, 0) = ? AND idempotency_key = ?`)
    .bind(orgId, userId ?? 0, storedKey(userId, key, requestHash))
    .first<BookingRow>();
}

export async function bookingsOfUser(db: D1Database, orgId: number, userId: number, limit = 100): Promise<BookingRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM bookings WHERE org_id = ? AND user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
    .bind(orgId, userId, limit)
    .all<BookingRow>();
  return results;
}

export async function cardSpendsOf(db: D1Database, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT s.booking_id, s.card_id, s.kind, s.amount_minor, p.card_code FROM card_spends s JOIN payment_cards p ON p.id = s.card_id
       WHERE s.booking_id IN (${bookingIds.map(() => '?').join(',')})`,
    )
    .bind(...bookingIds)
    .all<{ booking_id: number; card_id: number; kind: string; amount_minor: number; card_code: string }>();
  return results;
}

/** The stay of a new booking or quote, as the caller priced it. */
export interface NewStay {
  productId: number;
  productType: string;
  productName: string;
  city: string;
  image: string;
  checkIn: string;
  checkOut: string | null;
  guests: number;
  currency: string;
}

export interface NewBooking extends NewStay {
  /** A member's booking: the marketing link credited if it is their first (docs/decisions/0024-marketing-links.md). */
  linkCredit?: Omit<FirstBookingCredit, 'orgId' | 'userId' | 'bookingRef'>;
  ref: string;
  orgId: number;
  userId: number | null;
  priceMinor: number;
  certificateMinor: number;
  discountMinor: number;
  cashMinor: number;
  totalMinor: number;
  idempotencyKey: string;
  requestHash: string;
  traveler: string;
  isPackage: boolean;
  /** Set when a card part is left to pay: the booking waits for it (PENDING_PAYMENT) and its wallet parts are held. */
  payment?: { sessionId: string; url: string };
}

/** The condition under which a card can still give what this checkout takes from it. */
function spendableSql(spend: CardSpend): { sql: string; binds: unknown[] } {
  // A card that expires between the quote and this write pays nothing (expires_at is an ISO instant, migration 0022).
  const unexpired = "(expires_at IS NULL OR expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
  return spend.kind === 'certificate'
    ? { sql: `id = ? AND org_id = ? AND user_id = ? AND kind = 'certificate' AND status = 'ACTIVE' AND ${unexpired}`, binds: [spend.cardId] }
    : { sql: `id = ? AND org_id = ? AND user_id = ? AND kind = ? AND status = 'ACTIVE' AND card_amount_minor >= ? AND ${unexpired}`, binds: [spend.cardId, spend.kind, spend.cardMinor] };
}

export type CreateResult = { created: true; booking: BookingRow } | { created: false };

/**
 * Writes the booking, spends every card and records each spend in one batch (one transaction). The booking row
 * is inserted only if every card can still pay its part; the card updates and spend rows are tied to that row,
 * so a checkout that lost a race writes nothing at all. A referred member's first booking also records the
 * referrer's FIRST_BOOKING action in the same batch.
 */
export async function createBooking(db: D1Database, b: NewBooking, spends: CardSpend[]): Promise<CreateResult> {
  const guards = spends.map((s) => {
    const cond = spendableSql(s);
    return { sql: `EXISTS (SELECT 1 FROM payment_cards WHERE ${cond.sql})`, binds: insertBinds(cond, s, b) };
  });
  const insert = db
    .prepare(
      `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency,
         price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, is_package,
       payment_session_id, payment_url)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
       WHERE ${guards.length ? guards.map((g) => g.sql).join(' AND ') : '1'}
       ON CONFLICT DO NOTHING`,
    )
    .bind(
      b.ref, b.orgId, b.userId, b.productId, b.productType, b.productName, b.city, b.image, b.checkIn, b.checkOut, b.guests, b.currency,
      b.priceMinor, b.certificateMinor, b.discountMinor, b.cashMinor, b.totalMinor, b.payment ? 'PENDING_PAYMENT' : 'CONFIRMED',
      storedKey(b.userId, b.idempotencyKey, b.requestHash), b.requestHash, b.traveler, b.isPackage ? 1 : 0, b.payment?.sessionId ?? null, b.payment?.url ?? null,
      ...guards.flatMap((g) => g.binds),
    );
  const statements: D1PreparedStatement[] = [insert];
  for (const s of spends) {
    const cond = spendableSql(s);
    // A held certificate is out of reach of other checkouts as a redeemed one is, and can be given back.
    const set = s.kind === 'certificate' ? `status = '${b.payment ? 'HELD' : 'REDEEMED'}'` : 'card_amount_minor = card_amount_minor - ?';
    const setBinds = s.kind === 'certificate' ? [] : [s.cardMinor];
    statements.push(
      db
        .prepare(
          `UPDATE payment_cards SET ${set}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE ${cond.sql} AND EXISTS (SELECT 1 FROM bookings WHERE booking_ref = ?)`,
        )
        .bind(...setBinds, ...insertBinds(cond, s, b), b.ref),
    );
    statements.push(
      db
        .prepare(`INSERT INTO card_spends (booking_id, card_id, kind, amount_minor, card_currency_minor, state) SELECT id, ?, ?, ?, ?, ? FROM bookings WHERE booking_ref = ?`)
        .bind(s.cardId, s.kind, s.amountMinor, s.cardMinor, b.payment ? 'HELD' : 'SPENT', b.ref),
    );
  }
  // A referred member's first booking earns the referrer's action in this same transaction (none for guests).
  if (b.userId !== null && !b.payment) statements.push(firstBookingActionStatement(db, b.orgId, b.userId, b.ref));
  if (b.userId !== null && b.linkCredit) statements.push(firstBookingConversionStatement(db, { orgId: b.orgId, userId: b.userId, bookingRef: b.ref, ...b.linkCredit }));
  const results = await db.batch(statements);
  if ((results[0]?.meta.changes ?? 0) !== 1) return { created: false };
  const booking = await db.prepare(`SELECT ${COLUMNS} FROM bookings WHERE booking_ref = ?`).bind(b.ref).first<BookingRow>();
  return { created: true, booking: booking! };
}

/** Binds of a spendable condition in the order of its placeholders: id, org, user, then kind and amount. */
function insertBinds(cond: { binds: unknown[] }, s: CardSpend, b: Pick<NewBooking, 'orgId' | 'userId'>): unknown[] {
  const [id, ...rest] = cond.binds;
  return [id, b.orgId, b.userId, ...rest];
}

/** A short booking reference people can read out: TC-XXXX-XXXX. */
export function newBookingRef(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const body = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `BK-${body.slice(0, 5)}-${body.slice(5)}`;
}

export async function bookingByRef(db: D1Database, ref: string): Promise<BookingRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM bookings WHERE booking_ref = ?`).bind(ref).first<BookingRow>();
}

export async function bookingBySession(db: D1Database, sessionId: string): Promise<BookingRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM bookings WHERE payment_session_id = ?`).bind(sessionId).first<BookingRow>();
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The card part arrived: a PENDING_PAYMENT booking with this session and exactly this amount becomes CONFIRMED and
 * its held wallet parts are spent (certificates REDEEMED), in one transaction. Returns whether this call confirmed it;
 * a duplicate or late event finds nothing pending and changes nothing.
 */
export async function confirmPaid(db: D1Database, sessionId: string, amountMinor: number, currency: string, paymentIntentId: string | null): Promise<boolean> {
  const ofBooking = `SELECT id FROM bookings WHERE payment_session_id = ? AND status = 'CONFIRMED'`;
  const [confirmed] = await db.batch([
    db
      .prepare(
        `UPDATE bookings SET status = 'CONFIRMED', paid_minor = ?, payment_intent_id = ?, updated_at = ${NOW}
         WHERE payment_session_id = ? AND status = 'PENDING_PAYMENT' AND total_minor = ? AND currency = ?`,
      )
      .bind(amountMinor, paymentIntentId, sessionId, amountMinor, currency),
    db
      .prepare(
        `UPDATE payment_cards SET status = 'REDEEMED', updated_at = ${NOW} WHERE status = 'HELD'
         AND id IN (SELECT card_id FROM card_spends WHERE state = 'HELD' AND kind = 'certificate' AND booking_id IN (${ofBooking}))`,
      )
      .bind(sessionId),
    db.prepare(`UPDATE card_spends SET state = 'SPENT' WHERE state = 'HELD' AND booking_id IN (${ofBooking})`).bind(sessionId),
  ]);
  return (confirmed?.meta.changes ?? 0) === 1;
}

/**
 * A PENDING_PAYMENT booking whose payment will not come becomes EXPIRED and its held wallet parts are given back
 * (certificates ACTIVE again, balances restored), in one transaction. Returns whether this call expired it.
 */
/**
 * The statements that give a booking's wallet parts back (certificates ACTIVE again, balances restored, its spends
 * RELEASED), each acting only once the same batch has moved the booking to `once`, so a lost race gives nothing back.
 */
function walletGivenBack(
  db: D1Database,
  bookingId: number,
  from: { spends: 'HELD' | 'SPENT'; certificates: 'HELD' | 'REDEEMED'; once: 'EXPIRED' | 'CANCELLED' },
): D1PreparedStatement[] {
  const cards = `SELECT card_id FROM card_spends WHERE booking_id = ? AND state = '${from.spends}'`;
  const movedNow = `EXISTS (SELECT 1 FROM bookings WHERE id = ? AND status = '${from.once}')`;
  return [
    db
      .prepare(`UPDATE payment_cards SET status = 'ACTIVE', updated_at = ${NOW} WHERE status = '${from.certificates}' AND kind = 'certificate' AND id IN (${cards}) AND ${movedNow}`)
      .bind(bookingId, bookingId),
    db
      .prepare(
        `UPDATE payment_cards SET card_amount_minor = card_amount_minor +
           (SELECT SUM(card_currency_minor) FROM card_spends s WHERE s.card_id = payment_cards.id AND s.booking_id = ? AND s.state = '${from.spends}'),
           updated_at = ${NOW}
         WHERE kind <> 'certificate' AND id IN (${cards}) AND ${movedNow}`,
      )
      .bind(bookingId, bookingId, bookingId),
    db.prepare(`UPDATE card_spends SET state = 'RELEASED' WHERE booking_id = ? AND state = '${from.spends}' AND ${movedNow}`).bind(bookingId, bookingId),
  ];
}

export async function expirePending(db: D1Database, bookingId: number): Promise<boolean> {
  const [expired] = await db.batch([
    db.prepare(`UPDATE bookings SET status = 'EXPIRED', updated_at = ${NOW} WHERE id = ? AND status = 'PENDING_PAYMENT'`).bind(bookingId),
    ...walletGivenBack(db, bookingId, { spends: 'HELD', certificates: 'HELD', once: 'EXPIRED' }),
  ]);
  return (expired?.meta.changes ?? 0) === 1;
}

/** A payment that arrived for a booking that can no longer be confirmed was refunded in full: REFUNDED. */
export async function markAutoRefunded(db: D1Database, bookingId: number, paidMinor: number, paymentIntentId: string | null): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE bookings SET status = 'REFUNDED', paid_minor = ?, refunded_minor = ?, payment_intent_id = ?, updated_at = ${NOW}
       WHERE id = ? AND status IN ('EXPIRED', 'CANCELLED')`,
    )
    .bind(paidMinor, paidMinor, paymentIntentId, bookingId)
    .run();
  return r.meta.changes === 1;
}

export async function paymentEventSeen(db: D1Database, eventId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS seen FROM payment_events WHERE event_id = ?').bind(eventId).first()) !== null;
}

/** Records a handled event once; returns false when another delivery recorded it first. */
export async function recordPaymentEvent(db: D1Database, eventId: string, type: string, bookingRef: string | null, outcome: string): Promise<boolean> {
  const r = await db
    .prepare('INSERT INTO payment_events (event_id, type, booking_ref, outcome) VALUES (?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING')
    .bind(eventId, type, bookingRef, outcome)
    .run();
  return r.meta.changes === 1;
}

/**
 * A CONFIRMED booking is cancelled with its card part refunded (`refundedMinor`) and its wallet parts given back
 * (certificates ACTIVE again, balances restored), in one transaction guarded on the status: of two cancels at once,
 * one changes it. Returns whether this call cancelled it.
 */
export async function cancelConfirmed(db: D1Database, bookingId: number, refundedMinor: number): Promise<boolean> {
  const [cancelled] = await db.batch([
    db
      .prepare(`UPDATE bookings SET status = 'CANCELLED', refunded_minor = ?, updated_at = ${NOW} WHERE id = ? AND status = 'CONFIRMED' AND ? <= paid_minor`)
      .bind(refundedMinor, bookingId, refundedMinor),
    ...walletGivenBack(db, bookingId, { spends: 'SPENT', certificates: 'REDEEMED', once: 'CANCELLED' }),
  ]);
  return (cancelled?.meta.changes ?? 0) === 1;
}

/** Bookings still waiting for their payment since before `createdBefore` (ISO time), oldest first. */
export async function stalePendingBookings(db: D1Database, createdBefore: string, limit = 50): Promise<BookingRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM bookings WHERE status = 'PENDING_PAYMENT' AND created_at < ? ORDER BY created_at LIMIT ?`)
    .bind(createdBefore, limit)
    .all<BookingRow>();
  return results;
}
