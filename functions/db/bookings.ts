// Bookings and what each card paid: one atomic batch per checkout, idempotent per user and key (docs/contract.md#wallet, docs/contract.md#booking).
import type { CardSpend } from '../../src/shared/rules/wallet';
import { firstBookingActionStatement } from './referrals';
import { firstBookingConversionStatement, type FirstBookingCredit } from './links';
import { changedOne } from './statements';
import { atomically } from './batch';
import type { PlanCancellation } from '../../src/shared/rules/cancellation';
import type { Board, Names } from '../../src/shared/rules/stay-rates';
import type { Supplier } from '../../src/shared/contract/supplier-text';

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

export interface BookingColumns extends StayColumns {
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
  /** The language of the request that made it, for the mails it owes (null: the holder's or the org's language). */
  language: string | null;
  /** The product's time zone, read from the product (its cancellation deadline is on this clock). */
  time_zone: string;
  /** A bed bank's booking (migration 0043): the supplier, where its booking stands there, and its reference; null for own hotels. */
  supplier?: string | null;
  supplier_state?: string | null;
  supplier_reference?: string | null;
  /** The supplier's net for the stay, in its currency's minor units (a cancel's fee is taken as the same share of the price). */
  supplier_net_minor?: number | null;
}

/** The rooms a booking holds (migration 0032): null and empty for activities and bookings made before rooms were sold. */
export interface RoomColumns {
  room_id: number | null;
  rate_plan_id: number | null;
  rooms: number;
  /** JSON: one occupancy value per room ("2-5,9"). */
  occupancy: string;
  /** JSON: [{ date, price }], each night's price in the booking's currency, minor units. */
  nights: string;
  /** JSON: { room_id, name } (name in every language the org wrote). */
  room: string | null;
  /** JSON: { rate_plan_id, name, board, refundable, free_cancellation_days, cancellation_fee_percent }. */
  rate: string | null;
}

export interface BookingRow extends BookingColumns, RoomColumns {}

/** The room columns as every booking read selects them. */
export const ROOM_COLUMNS = 'room_id, rate_plan_id, rooms, occupancy, nights, room, rate';

const COLUMNS =
  "IFNULL((SELECT p.time_zone FROM products p WHERE p.id = bookings.product_id), 'UTC') AS time_zone, " +
  'id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency, price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, is_package, created_at, paid_minor, refunded_minor, payment_session_id, payment_intent_id, payment_url, language, supplier, supplier_state, supplier_reference, supplier_net_minor, ' +
  ROOM_COLUMNS;

// ---- the rooms a booking holds ---------------------------------------------------------------------------------------

/** A booked rate plan as the row keeps it: what the traveller was shown, its cancellation terms included. */
export interface BookedRate extends PlanCancellation {
  rate_plan_id: number;
  name: Names;
  board: Board;
}

/** The rooms a new booking takes: the room type and rate plan, how many, the party, each night's price, and what was shown. */
export interface BookedRooms {
  room: { room_id: number; name: Names };
  rate: BookedRate;
  occupancy: string[];
  nights: { date: string; price: number }[];
}

const parsed = <T>(text: string | null | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

/** The room type a booking holds, or null (an activity, or a booking made before rooms were sold). */
export function bookedRoomOf(row: Pick<RoomColumns, 'room'>): BookedRooms['room'] | null {
  const room = parsed<{ room_id?: number; name?: Names | string } | null>(row.room, null);
  if (!room || typeof room.room_id !== 'number') return null;
  return { room_id: room.room_id, name: typeof room.name === 'string' ? { 'en-US': room.name } : (room.name ?? { 'en-US': '' }) };
}

/** The rate plan a booking holds, with the cancellation terms it was sold under, or null. */
export function bookedRateOf(row: Pick<RoomColumns, 'rate'>): BookedRate | null {
  const rate = parsed<Partial<BookedRate> & { name?: Names | string } | null>(row.rate, null);
  if (!rate || typeof rate.rate_plan_id !== 'number') return null;
  return {
    rate_plan_id: rate.rate_plan_id,
    name: typeof rate.name === 'string' ? { 'en-US': rate.name } : (rate.name ?? { 'en-US': '' }),
    board: rate.board ?? 'RO',
    refundable: rate.refundable !== false,
    free_cancellation_days: rate.free_cancellation_days ?? null,
    cancellation_fee_percent: rate.cancellation_fee_percent ?? null,
  };
}

export const bookedOccupancyOf = (row: Pick<RoomColumns, 'occupancy'>): string[] => parsed<string[]>(row.occupancy, []);
export const bookedNightsOf = (row: Pick<RoomColumns, 'nights'>): { date: string; price: number }[] => parsed<{ date: string; price: number }[]>(row.nights, []);

/** The room columns of a new row, in ROOM_COLUMNS' order (all null and empty when it holds no room). */
export function roomValues(rooms: BookedRooms | undefined, supplierHeld = false): unknown[] {
  if (!rooms) return [null, null, 0, '[]', '[]', null, null];
  return [
    // A supplier's room is not ours: no room type or rate plan is named, so no trigger takes or gives back rooms.
    supplierHeld ? null : rooms.room.room_id, supplierHeld ? null : rooms.rate.rate_plan_id, rooms.occupancy.length, JSON.stringify(rooms.occupancy), JSON.stringify(rooms.nights),
    JSON.stringify(rooms.room), JSON.stringify(rooms.rate),
  ];
}

/**
 * Runs the batch that writes a booking (a traveller's, or an agent's on account). Its row's triggers take the rooms for
 * every night (migration 0032); when a night has none left they abort with SOLD_OUT and D1 rolls the whole batch back.
 * Every booking write goes through here, the one place that error is read: it answers 'sold-out' then.
 */
export async function bookingBatch(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[] | 'sold-out'> {
  try {
    return await atomically(db, statements);
  } catch (err) {
    if (isSoldOut(err)) return 'sold-out';
    throw err;
  }
}

/** The triggers' abort: D1 wraps SQLite's message ("SOLD_OUT"), sometimes in the error's cause. */
function isSoldOut(err: unknown): boolean {
  for (let e = err as { message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.message === 'string' && e.message.includes('SOLD_OUT')) return true;
  }
  return false;
}

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
  /** The site the traveller booked from: the confirmation mail's manage link points there. */
  site: string;
  /** The language of the request: the mails the booking owes are written in it. */
  language?: string | null;
  /** Rows written with this booking in its transaction (an agent's booking paid by the client's card). */
  tied?: TiedWrite;
  /** The rooms it takes (a room type's stay); none for an activity. */
  rooms?: BookedRooms;
  /**
   * A bed bank's rate (migration 0043): its key as checked and its net, written 'to_book' for the worker that books it
   * once paid. Its room is the supplier's to hold: room_id stays NULL, so the inventory triggers leave it alone.
   */
  supplier?: NewSupplierPart;
}

/** What a booking of a bed bank's rate keeps of it when written. */
export interface NewSupplierPart {
  name: Supplier;
  rateKey: string;
  netMinor: number;
  currency: string;
}

/** A condition the booking is written under, and the statements that follow it in the same batch. */
export interface TiedWrite {
  guard: { sql: string; binds: unknown[] };
  statements: D1PreparedStatement[];
}

/** The condition under which a card can still give what this checkout takes from it. */
function spendableSql(spend: CardSpend): { sql: string; binds: unknown[] } {
  // A card that expires between the quote and this write pays nothing (expires_at is an ISO instant, migration 0022).
  const unexpired = "(expires_at IS NULL OR expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
  return spend.kind === 'certificate'
    ? { sql: `id = ? AND org_id = ? AND user_id = ? AND kind = 'certificate' AND status = 'ACTIVE' AND ${unexpired}`, binds: [spend.cardId] }
    : { sql: `id = ? AND org_id = ? AND user_id = ? AND kind = ? AND status = 'ACTIVE' AND card_amount_minor >= ? AND ${unexpired}`, binds: [spend.cardId, spend.kind, spend.cardMinor] };
}

/** Written; or not, because a card or the idempotency key was taken meanwhile, or a night had no room left. */
export type CreateResult = { created: true; booking: BookingRow } | { created: false; soldOut?: true };

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
  if (b.tied) guards.push(b.tied.guard);
  const insert = db
    .prepare(
      `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency,
         price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, is_package,
       payment_session_id, payment_url, language, ${ROOM_COLUMNS}, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
       WHERE ${guards.length ? guards.map((g) => g.sql).join(' AND ') : '1'}
       ON CONFLICT DO NOTHING`,
    )
    .bind(
      b.ref, b.orgId, b.userId, b.productId, b.productType, b.productName, b.city, b.image, b.checkIn, b.checkOut, b.guests, b.currency,
      b.priceMinor, b.certificateMinor, b.discountMinor, b.cashMinor, b.totalMinor, b.payment ? 'PENDING_PAYMENT' : 'CONFIRMED',
      storedKey(b.userId, b.idempotencyKey, b.requestHash), b.requestHash, b.traveler, b.isPackage ? 1 : 0, b.payment?.sessionId ?? null, b.payment?.url ?? null,
      b.language ?? null, ...roomValues(b.rooms, b.supplier !== undefined),
      ...(b.supplier ? [b.supplier.name, b.supplier.rateKey, b.supplier.netMinor, b.supplier.currency, 'to_book'] : [null, null, null, null, null]),
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
  // The marketing link's credit waits with the booking until it is confirmed (docs/decisions/0029).
  if (b.userId !== null && b.linkCredit) statements.push(linkCreditKeptStatement(db, b.ref, b.linkCredit));
  if (b.tied) statements.push(...b.tied.statements);
  // Confirmed at once (nothing left to pay by card): what confirmation brings is in this same transaction.
  if (!b.payment) statements.push(...onConfirmed(db, b.ref, b.site));
  const results = await bookingBatch(db, statements);
  if (results === 'sold-out') return { created: false, soldOut: true };
  // D1 counts the rows its triggers change too (the rooms taken): any change means the row was written.
  if ((results[0]?.meta.changes ?? 0) === 0) return { created: false };
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
 * What a booking's confirmation brings, for the batch that confirms it, each acting only once the booking is CONFIRMED
 * and each written once whatever runs it again: the referrer's FIRST_BOOKING action, the marketing link's first-booking
 * credit kept from checkout, and the confirmation mail owed (sent after the batch by sendOwedMails, decision 0029).
 */
function onConfirmed(db: D1Database, ref: string, site: string): D1PreparedStatement[] {
  return [firstBookingActionStatement(db, ref), firstBookingConversionStatement(db, ref), owedMailStatement(db, ref, 'confirmed', 'CONFIRMED', site, 0)];
}

/** A member's booking keeps its marketing-link credit (from the checkout's last-click cookie) until it is confirmed. */
function linkCreditKeptStatement(db: D1Database, ref: string, c: NonNullable<NewBooking['linkCredit']>) {
  return db
    .prepare(
      `INSERT INTO booking_link_credits (booking_id, link_id, click_at, window_start, revenue_minor, currency)
       SELECT id, ?, ?, ?, ?, ? FROM bookings WHERE booking_ref = ? ON CONFLICT DO NOTHING`,
    )
    .bind(c.linkId, c.clickAt, c.windowStart, c.revenueMinor, c.currency, ref);
}

export type MailKind = 'confirmed' | 'cancelled' | 'failed';

/** The mail a status change owes, recorded in that change's batch once the booking has `status` (once per kind). */
export function owedMailStatement(db: D1Database, ref: string, kind: MailKind, status: string, site: string, refundedMinor: number) {
  return db
    .prepare(
      `INSERT INTO booking_mails (booking_id, kind, site, refunded_minor)
       SELECT id, ?, ?, ? FROM bookings WHERE booking_ref = ? AND status = ? ON CONFLICT DO NOTHING`,
    )
    .bind(kind, site, refundedMinor, ref, status);
}

/**
 * The card part arrived: a PENDING_PAYMENT booking with this session and exactly this amount becomes CONFIRMED, its
 * held wallet parts are spent (certificates REDEEMED) and what confirmation brings is written (onConfirmed), in one
 * transaction. Returns whether this call confirmed it; a duplicate or late event finds nothing pending and changes nothing.
 */
export async function confirmPaid(
  db: D1Database,
  booking: Pick<BookingRow, 'booking_ref'>,
  paid: { sessionId: string; amountMinor: number; currency: string; paymentIntentId: string | null; site: string },
): Promise<boolean> {
  const sessionId = paid.sessionId;
  const ofBooking = `SELECT id FROM bookings WHERE payment_session_id = ? AND status = 'CONFIRMED'`;
  const [confirmed] = await db.batch([
    db
      .prepare(
        `UPDATE bookings SET status = 'CONFIRMED', paid_minor = ?, payment_intent_id = ?, updated_at = ${NOW}
         WHERE payment_session_id = ? AND status = 'PENDING_PAYMENT' AND total_minor = ? AND currency = ?`,
      )
      .bind(paid.amountMinor, paid.paymentIntentId, sessionId, paid.amountMinor, paid.currency),
    db
      .prepare(
        `UPDATE payment_cards SET status = 'REDEEMED', updated_at = ${NOW} WHERE status = 'HELD'
         AND id IN (SELECT card_id FROM card_spends WHERE state = 'HELD' AND kind = 'certificate' AND booking_id IN (${ofBooking}))`,
      )
      .bind(sessionId),
    db.prepare(`UPDATE card_spends SET state = 'SPENT' WHERE state = 'HELD' AND booking_id IN (${ofBooking})`).bind(sessionId),
    ...onConfirmed(db, booking.booking_ref, paid.site),
  ]);
  return (confirmed?.meta.changes ?? 0) > 0;
}

/**
 * The statements that give a booking's wallet parts back (certificates ACTIVE again, balances restored, its spends
 * RELEASED), each acting only once the same batch has moved the booking to `once`, so a lost race gives nothing back.
 */
export function walletGivenBack(
  db: D1Database,
  bookingId: number,
  from: { spends: 'HELD' | 'SPENT'; certificates: 'HELD' | 'REDEEMED'; once: 'EXPIRED' | 'CANCELLED' | 'FAILED' },
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

/**
 * A PENDING_PAYMENT booking whose payment will not come becomes EXPIRED (its session lapsed) or CANCELLED (its owner
 * let it go) and its held wallet parts are given back (certificates ACTIVE again, balances restored), in one
 * transaction; its rooms go back with the status (migration 0032). The owner's cancel expires the session at the
 * provider first, whose expiry event may land in between: the owner's word stands and an EXPIRED booking becomes
 * CANCELLED (its holds and rooms were given back once, by the expiry; nothing is given back twice). Returns whether
 * this call moved it.
 */
export async function releasePending(db: D1Database, bookingId: number, to: 'EXPIRED' | 'CANCELLED', also: D1PreparedStatement[] = []): Promise<boolean> {
  const from = to === 'CANCELLED' ? "('PENDING_PAYMENT', 'EXPIRED')" : "('PENDING_PAYMENT')";
  const [released] = await db.batch([
    db.prepare(`UPDATE bookings SET status = ?, updated_at = ${NOW} WHERE id = ? AND status IN ${from}`).bind(to, bookingId),
    // Right after the status change: statements guarded on changes() hold only when it moved the booking.
    ...also,
    ...walletGivenBack(db, bookingId, { spends: 'HELD', certificates: 'HELD', once: to }),
  ]);
  // Above one when its trigger gave rooms back (D1 counts those rows too).
  return (released?.meta.changes ?? 0) > 0;
}

/** A PENDING_PAYMENT booking whose session lapsed: EXPIRED, its holds given back (releasePending). */
export const expirePending = (db: D1Database, bookingId: number) => releasePending(db, bookingId, 'EXPIRED');

/** A payment that arrived for a booking that can no longer be confirmed was refunded in full: REFUNDED. */
export async function markAutoRefunded(db: D1Database, bookingId: number, paidMinor: number, paymentIntentId: string | null): Promise<boolean> {
  return changedOne(
    db
      .prepare(
        `UPDATE bookings SET status = 'REFUNDED', paid_minor = ?, refunded_minor = ?, payment_intent_id = ?, updated_at = ${NOW}
         WHERE id = ? AND status IN ('EXPIRED', 'CANCELLED')`,
      )
      .bind(paidMinor, paidMinor, paymentIntentId, bookingId),
  );
}

export async function paymentEventSeen(db: D1Database, eventId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS seen FROM payment_events WHERE event_id = ?').bind(eventId).first()) !== null;
}

/** Records a handled event once; returns false when another delivery recorded it first. */
export async function recordPaymentEvent(db: D1Database, eventId: string, type: string, bookingRef: string | null, outcome: string): Promise<boolean> {
  return changedOne(
    db
      .prepare('INSERT INTO payment_events (event_id, type, booking_ref, outcome) VALUES (?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING')
      .bind(eventId, type, bookingRef, outcome),
  );
}

/**
 * A CONFIRMED booking is cancelled with its card part refunded (`refundedMinor`) and, unless a fee keeps them
 * (`walletBack` false), its wallet parts given back (certificates ACTIVE again, balances restored), in one transaction
 * guarded on the status: of two cancels at once, one changes it; its rooms go back with the status (migration 0032).
 * Returns whether this call cancelled it.
 */
export async function cancelConfirmed(
  db: D1Database,
  booking: Pick<BookingRow, 'id' | 'booking_ref'>,
  refundedMinor: number,
  refundedNowMinor: number,
  walletBack = true,
  also: D1PreparedStatement[] = [],
): Promise<boolean> {
  const bookingId = booking.id;
  const [cancelled] = await db.batch([
    db
      .prepare(`UPDATE bookings SET status = 'CANCELLED', refunded_minor = ?, updated_at = ${NOW} WHERE id = ? AND status = 'CONFIRMED' AND ? <= paid_minor`)
      .bind(refundedMinor, bookingId, refundedMinor),
    // Right after the status change: statements guarded on changes() hold only when it moved the booking.
    ...also,
    ...(walletBack ? walletGivenBack(db, bookingId, { spends: 'SPENT', certificates: 'REDEEMED', once: 'CANCELLED' }) : []),
    owedMailStatement(db, booking.booking_ref, 'cancelled', 'CANCELLED', '', refundedNowMinor),
  ]);
  // Above one when its trigger gave rooms back (D1 counts those rows too).
  return (cancelled?.meta.changes ?? 0) > 0;
}

/** Bookings still waiting for their payment since before `createdBefore` (ISO time), oldest first. */
export async function stalePendingBookings(db: D1Database, createdBefore: string, limit = 50): Promise<BookingRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM bookings WHERE status = 'PENDING_PAYMENT' AND created_at < ? ORDER BY created_at LIMIT ?`)
    .bind(createdBefore, limit)
    .all<BookingRow>();
  return results;
}

// ---- the mails a booking owes (decision 0029) ----------------------------------------------------------------------

export interface OwedMail {
  booking_id: number;
  kind: MailKind;
  site: string;
  refunded_minor: number;
}

/** How long a claimed mail is left to its claimant before another delivery or the sweep may send it again. */
export const MAIL_CLAIM_S = 120;

/**
 * Claims one owed mail for sending: one conditional UPDATE, so of 30 deliveries at once one gets it. A claim lapses
 * after MAIL_CLAIM_S (its claimant died between sending and marking it sent): the mail is sent at least once.
 */
export async function claimOwedMail(db: D1Database, bookingId: number, kind: MailKind): Promise<OwedMail | null> {
  return db
    .prepare(
      `UPDATE booking_mails SET claimed_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+${MAIL_CLAIM_S} seconds'), attempts = attempts + 1
       WHERE booking_id = ? AND kind = ? AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < ${NOW})
       RETURNING booking_id, kind, site, refunded_minor`,
    )
    .bind(bookingId, kind)
    .first<OwedMail>();
}

export async function markMailSent(db: D1Database, bookingId: number, kind: MailKind): Promise<void> {
  await db.prepare(`UPDATE booking_mails SET sent_at = ${NOW} WHERE booking_id = ? AND kind = ? AND sent_at IS NULL`).bind(bookingId, kind).run();
}

/** A send that failed gives its claim back at once, so the next delivery or sweep tries again. */
export async function releaseMailClaim(db: D1Database, bookingId: number, kind: MailKind): Promise<void> {
  await db.prepare('UPDATE booking_mails SET claimed_until = NULL WHERE booking_id = ? AND kind = ? AND sent_at IS NULL').bind(bookingId, kind).run();
}

/**
 * Mails still owed (unsent and unclaimed), optionally of one booking: the least tried first, then the oldest, so mails
 * that keep failing never hold the sweep's batch from the others.
 */
export async function owedMails(db: D1Database, bookingId: number | null, limit = 50): Promise<{ booking_id: number; kind: MailKind }[]> {
  const { results } = await db
    .prepare(
      `SELECT booking_id, kind FROM booking_mails WHERE sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < ${NOW})
         AND (?1 IS NULL OR booking_id = ?1) ORDER BY attempts, created_at LIMIT ?2`,
    )
    .bind(bookingId, limit)
    .all<{ booking_id: number; kind: MailKind }>();
  return results;
}

export async function bookingById(db: D1Database, id: number): Promise<BookingRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM bookings WHERE id = ?`).bind(id).first<BookingRow>();
}

/** The email of a booking's member account (the mail's address when the traveller gave none). */
export async function accountEmailOf(db: D1Database, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined;
  return (await db.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>())?.email;
}
