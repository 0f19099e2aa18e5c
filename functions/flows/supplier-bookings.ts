// A bed bank's booking made once ours is paid, and what follows it (CONTRACT section 18,
// docs/decisions/0070-supplier-booking-after-payment.md): claimed once however many deliveries race, booked with our
// booking reference as the supplier's clientReference (a retry after a lost answer gets the same booking back); a
// refusal refunds the card part, gives the wallet parts back and ends FAILED with the traveller mailed; cancelling asks
// the supplier first; the hourly job books what a crash left and reconciles both sides.
import { bookingById, type BookingRow } from '../db/bookings';
import {
  agentSupplierBooked, agentSupplierCancelled, agentSupplierRateChecked, claimAgentSupplierBooking, dropAgentSupplierBooking, openAgentSupplierBookings,
  claimSupplierBooking, failSupplierBooking, MISMATCH_NOTE, mismatchNote, notedStatus, notedSupplierBookings, noteSupplierMismatch, openSupplierBookings, recentSupplierBookings,
  supplierBooked, supplierBookingsOf, supplierCancelled, supplierRefused, supplierUnsettled, type ClaimedSupplierBooking, type SupplierBookingRow,
} from '../db/supplier-bookings';
import type { Log } from '../log';
import { ApiError, conflict } from '../errors';
import type { Mailer } from '../outside/mail';
import type { Payments } from '../outside/payments';
import type { BedBankFailure, BedBankFailureKind, SupplierPax } from '../outside/hotelbeds';
import { bookingsBank, orgBank, type OrgBank, type SupplierDeps } from './suppliers';
import { sendOwedMails } from './booking-mails';
import { readyQuotedSupplierRate, type QuotedSupplierReady } from './stay';
import { quotedSupplierOf } from '../db/quotes';
import { ratesFromUsd } from '../cache/rates';
import { occupancyStrings, parseOccupancy, partyOfGuests, storedParty, type RoomParty } from '../../src/shared/rules/occupancy';
import { decodeSupplierKeys } from '../../src/shared/rules/supplier-combination';
import type { Supplier } from '../../src/shared/contract/suppliers';
import type { SupplierMismatch } from '../../src/shared/contract/supplier-bookings';

/** A claim whose worker has not written an outcome for this long is taken to have died: it may be claimed again. */
export const SUPPLIER_CLAIM_STALE_MS = 5 * 60_000;
/** Tries of one booking while the supplier is slow or down (each replays the same clientReference). */
const BOOK_TRIES = 3;
const TRANSIENT: BedBankFailure['kind'][] = ['timeout', 'unreachable', 'unavailable', 'malformed'];

/** What booking at the supplier, and failing a booking it refused, need. */
export interface SupplierBookingDeps extends Pick<SupplierDeps, 'db' | 'env' | 'bank'> {
  payments: Payments;
  mail: Mailer;
  log: Log;
  clock: () => number;
}

export type SupplierOutcome = 'booked' | 'failed' | 'unsettled' | 'taken';

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The party of each room, as the booking keeps it (its occupancy), or its guests in one room for an older row. */
function partiesOf(b: Pick<ClaimedSupplierBooking, 'occupancy' | 'guests'>): RoomParty[] {
  return storedParty(b.occupancy) ?? partyOfGuests(b.guests);
}

/**
 * The supplier's booking request: our reference, the traveller as holder, every guest of every room (children with
 * ages). A multi-party stay's key names its parts (decision 0076): one `rooms` entry per part with its rate key, its
 * guests numbered by room within that rate (roomId 1…), the holder the first adult of the first room.
 */
export function supplierBookingRequest(b: Pick<ClaimedSupplierBooking, 'booking_ref' | 'supplier_rate_key' | 'traveler' | 'occupancy' | 'guests'>) {
  let traveler: { first_name?: string; last_name?: string } = {};
  try {
    traveler = JSON.parse(b.traveler) as typeof traveler;
  } catch {
    traveler = {};
  }
  const holder = { name: (traveler.first_name ?? '').trim() || 'Guest', surname: (traveler.last_name ?? '').trim() || b.booking_ref };
  const parties = partiesOf(b);
  const parts = decodeSupplierKeys(b.supplier_rate_key, occupancyStrings(parties));
  // Guests other than the holder are not named at checkout: the supplier takes them by room, type and age alone.
  const rooms = parts.map((part, p) => {
    const partParties = parseOccupancy(part.occupancy) ?? [];
    const paxes: SupplierPax[] = partParties.flatMap((party, i) => [
      ...Array.from({ length: party.adults }, (_, a): SupplierPax => ({ roomId: i + 1, type: 'adult', ...(p === 0 && i === 0 && a === 0 ? holder : { name: '', surname: '' }) })),
      ...party.children.map((age): SupplierPax => ({ roomId: i + 1, type: 'child', name: '', surname: '', age })),
    ]);
    return { rateKey: part.rate_key, paxes };
  });
  return { clientReference: b.booking_ref, holder, rooms };
}

/** Books at the supplier, asking again while it is slow or down: each try the same request (a replay, never a second booking). */
async function bookWithTries(conn: OrgBank, request: ReturnType<typeof supplierBookingRequest>) {
  let result = await conn.bank.book(request);
  for (let tries = 1; !result.ok && TRANSIENT.includes(result.failure.kind) && tries < BOOK_TRIES; tries++) {
    await wait(250 * tries);
    result = await conn.bank.book(request);
  }
  return result;
}

/**
 * Books a paid booking at its supplier, once: the claim (one conditional UPDATE) lets one caller through; it books
 * with our reference as clientReference, trying again while the supplier is slow or down (a replay, never a second
 * booking). The supplier's booking → its reference kept. A refusal (sold out, refused, no connection) → refunded and
 * FAILED (failRefused). Still unsettled after the tries: left claimed for the hourly job, unless `final` (the hourly job
 * itself), which then fails it as a refusal.
 */
export async function bookAtSupplier(d: SupplierBookingDeps, bookingId: number, options: { final?: boolean } = {}): Promise<SupplierOutcome> {
  const now = d.clock();
  const claimed = await claimSupplierBooking(d.db, bookingId, now, now - SUPPLIER_CLAIM_STALE_MS);
  if (!claimed) return 'taken';
  const conn = await bookingsBank(d, claimed.org_id, claimed.supplier as Supplier);
  if (!conn) return refused(d, claimed, 'The supplier is not connected for this site');
  const result = await bookWithTries(conn, supplierBookingRequest(claimed));
  if (result.ok) {
    await supplierBooked(d.db, claimed.id, result.value.reference);
    d.log('info', 'supplier.booked', { booking: claimed.booking_ref, supplier: claimed.supplier, reference: result.value.reference });
    return 'booked';
  }
  const { kind, message } = result.failure;
  if (TRANSIENT.includes(kind) && !options.final) {
    await supplierUnsettled(d.db, claimed.id, `${kind}: ${message}`);
    d.log('warn', 'supplier.book_unsettled', { booking: claimed.booking_ref, kind, reason: message });
    return 'unsettled';
  }
  return refused(d, claimed, `${kind}: ${message}`);
}

async function refused(d: SupplierBookingDeps, claimed: ClaimedSupplierBooking, reason: string): Promise<SupplierOutcome> {
  d.log('warn', 'supplier.book_refused', { booking: claimed.booking_ref, supplier: claimed.supplier, reason });
  await supplierRefused(d.db, claimed.id, reason);
  const booking = await bookingById(d.db, claimed.id);
  return booking && (await failRefused(d, booking)) ? 'failed' : 'unsettled';
}

/**
 * A booking the supplier refused, still CONFIRMED here: the card part is refunded in full (a key of the booking's own,
 * so a second run asks for the same one refund), then the booking is FAILED with its wallet parts given back and the
 * failure mail owed, in one batch, and the mail sent through the guard (a mail that fails never undoes the refund). A
 * provider that fails leaves it for the hourly job. Returns whether it is FAILED now.
 */
export async function failRefused(d: SupplierBookingDeps, booking: BookingRow): Promise<boolean> {
  const cardLeft = Math.max(0, booking.paid_minor - booking.refunded_minor);
  try {
    if (cardLeft > 0 && booking.payment_intent_id) {
      await d.payments.refund({ paymentIntentId: booking.payment_intent_id, amountMinor: cardLeft, bookingRef: booking.booking_ref, idempotencyKey: `supplier-failed-${booking.booking_ref}` });
    }
  } catch (err) {
    d.log('error', 'supplier.refund_failed', { booking: booking.booking_ref, reason: String(err) });
    return false;
  }
  await failSupplierBooking(d.db, booking, booking.refunded_minor + cardLeft);
  await sendOwedMails({ db: d.db, ...d.mail }, booking.id);
  const now = await bookingById(d.db, booking.id);
  return now?.status === 'FAILED';
}

/** After a payment event: a paid supplier booking not booked yet is booked now (the claim makes every other delivery a no-op). */
export async function bookIfPaid(d: SupplierBookingDeps, booking: Pick<BookingRow, 'id' | 'status' | 'supplier' | 'supplier_state'> | null): Promise<SupplierOutcome | null> {
  if (!booking?.supplier || booking.status !== 'CONFIRMED' || (booking.supplier_state !== 'to_book' && booking.supplier_state !== 'booking')) return null;
  return bookAtSupplier(d, booking.id);
}

// ---- an agent's booking on account (docs/decisions/0073-agent-supplier-bookings.md) ----------------------------------

/** Why an agent's booking on account was not booked at the supplier (and was removed, its credit given back). */
export type AgentSupplierRefusal = 'sold_out' | 'refused' | 'price_changed' | 'down';

export type AgentSupplierOutcome =
  | { kind: 'booked'; reference: string }
  | { kind: 'dropped'; why: AgentSupplierRefusal; checked?: { netMinor: number; currency: string } }
  | { kind: 'taken' };

/**
 * Books an agent's on-account booking of a bed bank's rate at the supplier: the row was written claimed in the batch
 * that took the credit (the request's own, `ref`), or is taken by the hourly job once its claim is stale (`id`). The
 * quote's kept rate is made ready first (readyQuotedSupplierRate: a BOOKABLE rate booked as quoted, with no call; a
 * RECHECK one checked, every part at once, a net other than the quoted one refused, the keys as checked kept; a quote
 * older than migration 0049 checked as before), then booked with our reference as clientReference (tries as for a
 * traveller's; a multi-party stay's every part in one booking). Booked → CONFIRMED with the supplier's reference and
 * the room and rate the quote kept (or the check answered); anything else → removed with its credit charge, the quote open again (the agent's total as
 * before): nothing is left half-booked on an account.
 */
export async function bookAgentAtSupplier(
  d: Pick<SupplierBookingDeps, 'db' | 'env' | 'bank' | 'log' | 'clock'>,
  by: { ref: string } | { id: number },
): Promise<AgentSupplierOutcome> {
  const now = d.clock();
  const claimed = await claimAgentSupplierBooking(d.db, 'ref' in by ? by : { id: by.id, staleBeforeMs: now - SUPPLIER_CLAIM_STALE_MS }, now);
  if (!claimed) return { kind: 'taken' };
  const drop = async (why: AgentSupplierRefusal, reason: string, checked?: { netMinor: number; currency: string }): Promise<AgentSupplierOutcome> => {
    d.log('warn', 'supplier.agent_book_refused', { booking: claimed.booking_ref, supplier: claimed.supplier, why, reason });
    await dropAgentSupplierBooking(d.db, claimed.id);
    return { kind: 'dropped', why, ...(checked ? { checked } : {}) };
  };
  const quoted = quotedSupplierOf(claimed, claimed.quote_supplier_rate);
  const conn = quoted ? await orgBank(d, claimed.org_id, quoted.name) : null;
  if (!conn || !quoted) return drop('refused', 'The supplier is not connected for this site');
  const stay = { checkIn: claimed.check_in, checkOut: claimed.check_out, rooms: partiesOf(claimed) };
  let ready: QuotedSupplierReady;
  try {
    ready = await readyQuotedSupplierRate(d, conn, claimed.product_id, quoted, stay, { currency: claimed.currency, rates: () => ratesFromUsd(d.db) }, claimed.total_minor);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return drop(err.code === 'SOLD_OUT' ? 'sold_out' : 'down', err.message);
  }
  if (ready.kind === 'price_changed') {
    return drop('price_changed', `net ${quoted.netMinor} → ${ready.netMinor} ${ready.currency}`, { netMinor: ready.netMinor, currency: ready.currency });
  }
  if (ready.checked) await agentSupplierRateChecked(d.db, claimed.id, ready.rateKey);
  const result = await bookWithTries(conn, supplierBookingRequest({ ...claimed, supplier_rate_key: ready.rateKey }));
  if (!result.ok) {
    const { kind, message } = result.failure;
    return drop(TRANSIENT.includes(kind) ? 'down' : kind === 'sold_out' ? 'sold_out' : 'refused', `${kind}: ${message}`);
  }
  await agentSupplierBooked(d.db, claimed.id, result.value.reference, ready.rooms);
  d.log('info', 'supplier.booked', { booking: claimed.booking_ref, supplier: claimed.supplier, reference: result.value.reference, on_account: true });
  return { kind: 'booked', reference: result.value.reference };
}

// ---- cancelling ------------------------------------------------------------------------------------------------------

export type SupplierCancel = { ok: true; feeMinor: number; currency: string } | { ok: false; failure: BedBankFailure | null };

/**
 * A bed bank's booking as its cancel reads it: a traveller's (a bookings row) or an agent's on account (`onAccount`,
 * agent_bookings, decision 0079), whose `price_minor` is then its net in the agent's ledger's USD.
 */
export type SupplierCancelTarget = Pick<BookingRow, 'id' | 'org_id' | 'booking_ref' | 'status' | 'supplier' | 'supplier_state' | 'supplier_reference' | 'price_minor'> & {
  supplier_net_minor?: number | null;
  onAccount?: boolean;
};

/**
 * Asks the supplier what cancelling costs (`simulate`) or cancels there. The fee is the supplier's, in its currency;
 * cancelFeeInBooking turns it into the booking's. A booking the supplier already cancelled answers its fee again.
 */
export async function cancelAtSupplier(d: Pick<SupplierBookingDeps, 'db' | 'env' | 'bank'>, booking: SupplierCancelTarget, simulate: boolean): Promise<SupplierCancel> {
  if (!booking.supplier || !booking.supplier_reference) return { ok: false, failure: null };
  const conn = await bookingsBank(d, booking.org_id, booking.supplier as Supplier);
  if (!conn) return { ok: false, failure: null };
  const result = await conn.bank.cancel(booking.supplier_reference, simulate, { timeoutMs: 10_000 });
  if (!result.ok) return { ok: false, failure: result.failure };
  if (!simulate) await (booking.onAccount ? agentSupplierCancelled : supplierCancelled)(d.db, booking.id);
  return { ok: true, feeMinor: result.value.feeMinor, currency: result.value.currency };
}

/** Why a bed bank's booking is not cancelled (409; 502 when the supplier cannot be reached): ours stays as it was. */
export const SUPPLIER_CANCEL_MSG = {
  pending: 'The hotel is still confirming this booking: please try again in a few minutes',
  refused: 'The hotel’s supplier did not accept the cancellation: the booking is unchanged',
  unreachable: 'The hotel’s supplier cannot be reached right now: the booking is unchanged. Please try again',
} as const;

/**
 * What the supplier charges for cancelling a CONFIRMED bed bank's booking now, in the booking's minor units:
 * undefined for any other booking (its own terms apply). `simulate` asks (the quote; nothing changes there); else it
 * cancels there first (CANCELLATION), and our cancel follows with that fee. A booking not booked there yet → 409; the
 * supplier refusing → 409, down or late → 502: either way nothing changed on our side.
 */
export async function supplierCancelFee(d: Pick<SupplierBookingDeps, 'db' | 'env' | 'bank' | 'log'>, booking: SupplierCancelTarget, simulate: boolean): Promise<number | undefined> {
  if (!booking.supplier || booking.status !== 'CONFIRMED') return undefined;
  if (booking.supplier_state !== 'confirmed' && booking.supplier_state !== 'cancelled') throw conflict(SUPPLIER_CANCEL_MSG.pending);
  const result = await cancelAtSupplier(d, booking, simulate);
  if (!result.ok) {
    const kind = result.failure?.kind ?? 'unauthorised';
    d.log('warn', 'supplier.cancel_refused', { booking: booking.booking_ref, simulate, kind, reason: result.failure?.message ?? 'not connected' });
    if (['timeout', 'unreachable', 'unavailable', 'malformed'].includes(kind)) throw new ApiError(502, 'UPSTREAM_FAILED', SUPPLIER_CANCEL_MSG.unreachable);
    throw conflict(SUPPLIER_CANCEL_MSG.refused);
  }
  return cancelFeeInBooking(booking, result.feeMinor, booking.supplier_net_minor ?? 0);
}

/**
 * The supplier's fee in the booking's currency: the same share of what the booking was sold for as the fee is of the
 * supplier's net. So the org's markup applies to the fee as it did to the price, and the exchange rate is the one
 * the booking was sold at (no gain or loss from the rate moving since); a fee of the whole net keeps the whole price.
 */
export function cancelFeeInBooking(booking: Pick<BookingRow, 'price_minor'> & { supplier_net_minor?: number | null }, feeMinor: number, netMinor: number): number {
  if (netMinor <= 0) return feeMinor > 0 ? booking.price_minor : 0;
  return Math.min(booking.price_minor, Math.round((booking.price_minor * feeMinor) / netMinor));
}

// ---- the hourly job and the reconciliation ------------------------------------------------------------------------------

/**
 * The hourly job: every paid booking not booked at its supplier (never claimed: the webhook's worker died before; or
 * claimed by a worker that died) is booked now, as the webhook would (a replay if the supplier holds it already), or
 * failed when it still cannot be; every refusal whose refund failed is refunded now. Then the supplier's side of the
 * confirmed bookings still to come is read, and what differs is noted on the booking (reconcile shows it).
 */
export async function settleSupplierBookings(d: SupplierBookingDeps): Promise<{ booked: number; failed: number; unsettled: number; mismatched: number; unchecked: number }> {
  const counts = { booked: 0, failed: 0, unsettled: 0, mismatched: 0, unchecked: 0 };
  for (const open of await openSupplierBookings(d.db, d.clock() - SUPPLIER_CLAIM_STALE_MS)) {
    try {
      if (open.supplier_state === 'failed') {
        const booking = await bookingById(d.db, open.id);
        if (booking && (await failRefused(d, booking))) counts.failed += 1;
        continue;
      }
      const outcome = await bookAtSupplier(d, open.id, { final: true });
      if (outcome === 'booked') counts.booked += 1;
      else if (outcome === 'failed') counts.failed += 1;
      else if (outcome === 'unsettled') counts.unsettled += 1;
    } catch (err) {
      counts.unsettled += 1;
      d.log('error', 'supplier.settle_failed', { booking_id: open.id, reason: String(err) });
    }
  }
  // Agents' bookings on account a crash left claimed (or never asked): booked now, or removed with their credit given back.
  for (const open of await openAgentSupplierBookings(d.db, d.clock() - SUPPLIER_CLAIM_STALE_MS)) {
    try {
      const outcome = await bookAgentAtSupplier(d, { id: open.id });
      if (outcome.kind === 'booked') counts.booked += 1;
      else if (outcome.kind === 'dropped') counts.failed += 1;
    } catch (err) {
      counts.unsettled += 1;
      d.log('error', 'supplier.settle_failed', { agent_booking_id: open.id, reason: String(err) });
    }
  }
  const today = new Date(d.clock()).toISOString().slice(0, 10);
  for (const group of await recentSupplierBookings(d.db, today)) {
    try {
      const found = await reconcile(d, group.org_id, group.supplier as Supplier, group.from, group.to, true);
      for (const m of found) counts[m.unchecked ? 'unchecked' : 'mismatched'] += 1;
    } catch (err) {
      d.log('error', 'supplier.reconcile_failed', { org_id: group.org_id, reason: String(err) });
    }
  }
  return counts;
}

/** What our side says the supplier should hold for a booking: its status there, or null when it should hold none. */
function expectedAtSupplier(b: SupplierBookingRow): 'CONFIRMED' | 'CANCELLED' | null {
  if (b.supplier_state === 'confirmed') return b.status === 'CONFIRMED' ? 'CONFIRMED' : 'CANCELLED';
  if (b.supplier_state === 'cancelled') return 'CANCELLED';
  return null;
}

/**
 * GET /api/admin/suppliers/{supplier}/reconcile: the org's bookings of the supplier made between `from` and `to` whose
 * status differs between the two sides: confirmed here but cancelled or unknown there, cancelled or failed here but
 * confirmed there, or paid here and never booked there. Each booked one is read from the supplier by its reference
 * (five at a time). `note` (the hourly job) keeps what differs on the booking, and clears it once both sides agree.
 */
export async function reconcile(d: Pick<SupplierBookingDeps, 'db' | 'env' | 'bank' | 'log'>, orgId: number, supplier: Supplier, from: string, to: string, note = false): Promise<SupplierMismatch[]> {
  return compared(d, orgId, supplier, await supplierBookingsOf(d.db, orgId, supplier, from, to), note);
}

/**
 * GET /api/admin/suppliers/{supplier}/mismatches: the bookings the hourly job found differing, and those paid and still
 * not booked there, each read at the supplier again now: what still differs (a note that no longer holds is cleared).
 * Shown on the console's Suppliers page as it opens (decision 0079).
 */
export async function notedMismatches(d: Pick<SupplierBookingDeps, 'db' | 'env' | 'bank' | 'log' | 'clock'>, orgId: number, supplier: Supplier): Promise<SupplierMismatch[]> {
  return compared(d, orgId, supplier, await notedSupplierBookings(d.db, orgId, supplier, d.clock() - SUPPLIER_CLAIM_STALE_MS), true);
}

/**
 * The supplier's failures after which it is not asked about the other bookings of the same check: it did not answer, or
 * no longer takes the credentials (a refusal or "no such booking" is about one booking).
 */
const SUPPLIER_SILENT: ReadonlySet<BedBankFailureKind> = new Set(['timeout', 'unreachable', 'unavailable', 'unauthorised', 'malformed']);

/**
 * The rows whose status differs between the two sides, each booked one read at the supplier; `note` keeps it on the
 * booking. A booking the supplier could not be asked about is listed as unchecked with what the hourly job last noted,
 * never taken to agree (decision 0080); once the supplier itself fails, the rest are not asked (the check stays short).
 */
async function compared(d: Pick<SupplierBookingDeps, 'db' | 'env' | 'bank' | 'log'>, orgId: number, supplier: Supplier, rows: SupplierBookingRow[], note: boolean): Promise<SupplierMismatch[]> {
  const conn = await bookingsBank(d, orgId, supplier);
  let silent = conn === null;
  const out: SupplierMismatch[] = [];
  const listed = (b: SupplierBookingRow, theirs: string | null, unchecked: boolean): SupplierMismatch => ({
    booking_id: b.booking_ref,
    status: b.status as SupplierMismatch['status'],
    supplier_state: b.supplier_state as SupplierMismatch['supplier_state'],
    supplier_reference: b.supplier_reference,
    supplier_status: theirs,
    unchecked,
    check_in: b.check_in,
    created_at: b.created_at,
  });
  const check = async (b: SupplierBookingRow) => {
    let theirs: string | null = null;
    if (b.supplier_reference) {
      const found = silent ? null : await conn!.bank.booking(b.supplier_reference, { timeoutMs: 10_000 });
      if (found?.ok) theirs = found.value.status;
      else if (found?.failure.kind !== 'not_found') {
        if (found && SUPPLIER_SILENT.has(found.failure.kind)) silent = true;
        out.push(listed(b, notedStatus(b.supplier_error), true));
        return;
      }
    }
    const ours = expectedAtSupplier(b);
    const stuck = b.status === 'CONFIRMED' && b.supplier_state !== 'confirmed';
    const differs = stuck || ours !== theirs;
    if (note && b.supplier_reference) {
      const text = differs ? mismatchNote(theirs) : null;
      if ((b.supplier_error ?? null) !== text && (differs || b.supplier_error?.startsWith(MISMATCH_NOTE))) await noteSupplierMismatch(d.db, b.id, text);
    }
    if (differs) out.push(listed(b, theirs, false));
  };
  for (let i = 0; i < rows.length; i += 5) await Promise.all(rows.slice(i, i + 5).map(check));
  const differing = out.filter((m) => !m.unchecked).map((m) => m.booking_id);
  if (note && differing.length) d.log('warn', 'supplier.reconcile_mismatch', { org_id: orgId, supplier, bookings: differing });
  if (differing.length < out.length) d.log('warn', 'supplier.reconcile_unchecked', { org_id: orgId, supplier, bookings: out.length - differing.length, connected: conn !== null });
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
