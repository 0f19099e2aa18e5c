// An org's bookings for the console (decision 0066): a page of them as JSON, every match as a CSV file (audited: it
// holds personal data), what cancelling one would do, and the admin's cancel-and-refund (the traveller's own cancel,
// payments.ts cancelBooking through bookings.ts cancelAndRefund, with the fee waived when asked and its audit row in
// the cancel's own batch).
import { isOnAccountBooking, orgBookingByRef, orgBookings, type AdminBookingRow, type BookingFilter } from '../db/booking-admin';
import { bookingByRef, type BookingRow } from '../db/bookings';
import { auditIfMovedStatement, auditStatement, type Actor } from '../db/console';
import { bookingStay } from './booking-replies';
import { cancelAndRefund, quoteReply, type OwnBookingDeps } from './bookings';
import { CANCEL_REFUSED, cancelQuote } from './payments';
import { conflict, notFound } from '../errors';
import { toCsv } from '../../src/shared/rules/csv';
import { OPS_MSG, type AdminBookingEntry } from '../../src/shared/contract/console-ops';
import type { CancelQuoteReply } from '../../src/shared/contract/booking-replies';
import { PER_PAGE } from '../../src/shared/contract/console';
import { withProductTexts } from '../db/content';
import { fromMinor } from '../../src/shared/rules/money';

/** A CSV export holds at most this many bookings (the newest). */
export const MAX_EXPORT = 10_000;

function travelerName(json: string): string {
  try {
    const t = JSON.parse(json) as { first_name?: string; last_name?: string };
    return [t.first_name, t.last_name].filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** The provider's reference of the card payment: its payment once paid, else its checkout session. */
const paymentReference = (b: AdminBookingRow) => b.payment_intent_id ?? b.payment_session_id ?? null;

function entryOf(b: AdminBookingRow, language = 'en-US'): AdminBookingEntry {
  const { booking_id, status, created_at, product_type, product_name, city, check_in, check_out, guests, room, rate, occupancy, nights } = bookingStay(b, language);
  const m = (minor: number) => fromMinor(minor, b.currency);
  return {
    booking_id, status, created_at, email: b.email, member: b.email,
    agent: b.agent_email ? { name: b.agent_name ?? b.agent_email, email: b.agent_email } : null,
    on_account: b.on_account === 1,
    traveler: travelerName(b.traveler),
    product_type, product_name, city, check_in, check_out, guests, room, rate, occupancy, nights,
    currency: b.currency,
    price: m(b.price_minor),
    certificate_amount: m(b.certificate_minor),
    discount_amount: m(b.discount_minor),
    cash_amount: m(b.cash_minor),
    // The whole price, whatever paid it (issue 33: "Total" was the card part alone).
    total: m(b.price_minor),
    paid_by_card: m(b.paid_minor),
    wallet: { certificate: m(b.certificate_minor), discount: m(b.discount_minor), cash: m(b.cash_minor) },
    refunded: m(b.refunded_minor),
    payment_reference: paymentReference(b),
  };
}

/** One page of bookings, each product named (and its city) in the console reader's language where it is translated. */
export async function bookingsPage(db: D1Database, orgId: number, filter: BookingFilter, page: number, language: { shown: string; orgDefault: string }) {
  const { count, rows } = await orgBookings(db, orgId, filter, PER_PAGE, (page - 1) * PER_PAGE);
  const shown = await withProductTexts(db, rows, language.shown, language.orgDefault);
  return { count, page, per_page: PER_PAGE, data: shown.map((b) => entryOf(b, language.shown)) };
}

const CSV_COLUMNS = [
  'booking_id', 'status', 'created_at', 'member', 'agent', 'traveler', 'product_type', 'product_name', 'city', 'check_in', 'check_out', 'guests',
  'currency', 'total', 'paid_by_card', 'wallet_certificate', 'wallet_discount', 'wallet_cash', 'refunded', 'payment_reference',
] as const;

function csvRow(e: AdminBookingEntry): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  return {
    ...e,
    agent: e.agent ? `${e.agent.name} <${e.agent.email}>` : null,
    wallet_certificate: e.wallet.certificate,
    wallet_discount: e.wallet.discount,
    wallet_cash: e.wallet.cash,
  };
}

/** Every match as a CSV file; the export itself is audited (who took which bookings' personal data, and how many). */
export async function bookingsCsv(db: D1Database, orgId: number, actor: Actor, filter: BookingFilter): Promise<string> {
  const { rows } = await orgBookings(db, orgId, filter, MAX_EXPORT, 0);
  await auditStatement(db, orgId, actor, 'bookings.export', `org:${orgId}`, { from: filter.from ?? null, to: filter.to ?? null, booking_status: filter.status ?? null, rows: rows.length }).run();
  return toCsv(CSV_COLUMNS, rows.map((b) => csvRow(entryOf(b))).map((r) => CSV_COLUMNS.map((k) => r[k])));
}

/** The org's own booking by its reference; an agent's on-account booking is answered 409 (not cancelled here), any other 404. */
async function orgBooking(db: D1Database, orgId: number, ref: string): Promise<BookingRow> {
  const booking = await bookingByRef(db, ref);
  if (booking && booking.org_id === orgId) return booking;
  if (await isOnAccountBooking(db, orgId, ref)) throw conflict(OPS_MSG.onAccountCancel);
  throw notFound(OPS_MSG.noSuchBooking);
}

/** What cancelling the booking now would refund and keep, under its terms or with the fee waived. */
export async function adminCancelQuote(db: D1Database, orgId: number, ref: string, waiveFee: boolean, nowMs: number): Promise<CancelQuoteReply> {
  const quote = cancelQuote(await orgBooking(db, orgId, ref), nowMs, { waiveFee });
  if ('refused' in quote) throw conflict(CANCEL_REFUSED[quote.refused]);
  return quoteReply(quote);
}

/**
 * The admin cancels and refunds (POST /api/admin/bookings/{id}/cancel): the traveller's own cancel, its fee waived
 * when asked, its audit row written in the same batch as the status change and only by the cancel that made it (of
 * 30 at once, one refunds and one is audited; the others are 409).
 */
export async function cancelOrgBooking(
  d: Pick<OwnBookingDeps, 'db' | 'log' | 'payments' | 'mail'>,
  orgId: number,
  actor: Actor,
  ref: string,
  options: { waiveFee: boolean; language: string },
  nowMs: number,
): Promise<AdminBookingEntry> {
  const booking = await orgBooking(d.db, orgId, ref);
  const audit = auditIfMovedStatement(d.db, orgId, actor, 'booking.cancel', `booking:${ref}`, { waive_fee: options.waiveFee, booking_status: booking.status });
  await cancelAndRefund(d, booking, nowMs, { waiveFee: options.waiveFee, also: [audit] });
  const row = await orgBookingByRef(d.db, orgId, ref);
  if (!row) throw notFound(OPS_MSG.noSuchBooking);
  return entryOf(row, options.language);
}
