// An org's bookings for the console (decision 0066): a page of them as JSON, every match as a CSV file (audited: it
// holds personal data), what cancelling one would do, and the admin's cancel-and-refund (the traveller's own cancel,
// payments.ts cancelBooking through bookings.ts cancelAndRefund, with the fee waived when asked and its audit row in
// the cancel's own batch; for an agent's booking on account, the agent's credit given back: decision 0072).
import {
  cancelOnAccountStatements, onAccountBookingOf, orgBookingByRef, orgBookings, type AdminBookingRow, type BookingFilter, type OnAccountBookingRow,
} from '../db/booking-admin';
import { atomically } from '../db/batch';
import { bookedRateOf, bookingByRef, type BookingRow } from '../db/bookings';
import { auditIfMovedStatement, auditStatement, type Actor } from '../db/console';
import { bookingStay, supplierOf } from './booking-replies';
import { cancelAndRefund, quoteReply, type OwnBookingDeps } from './bookings';
import { CANCEL_REFUSED, cancelQuote, supplierFeeKept } from './payments';
import { supplierCancelFee, type SupplierCancelTarget } from './supplier-bookings';
import { conflict, notFound } from '../errors';
import { toCsv } from '../../src/shared/rules/csv';
import { OPS_MSG, type AdminBookingEntry } from '../../src/shared/contract/console-ops';
import type { AdminCancelQuoteReply } from '../../src/shared/contract/console-replies';
import { cancellationFeePercent, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
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
    ...supplierOf(b),
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
  // A bed bank's booking: the supplier, and the hotel's own reference once it holds the booking (empty while awaited).
  'supplier', 'supplier_reference',
] as const;

function csvRow(e: AdminBookingEntry): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  return {
    ...e,
    agent: e.agent ? `${e.agent.name} <${e.agent.email}>` : null,
    wallet_certificate: e.wallet.certificate,
    wallet_discount: e.wallet.discount,
    wallet_cash: e.wallet.cash,
    supplier: e.supplier?.name ?? null,
    supplier_reference: e.supplier?.reference ?? null,
  };
}

/** Every match as a CSV file; the export itself is audited (who took which bookings' personal data, and how many). */
export async function bookingsCsv(db: D1Database, orgId: number, actor: Actor, filter: BookingFilter): Promise<string> {
  const { rows } = await orgBookings(db, orgId, filter, MAX_EXPORT, 0);
  await auditStatement(db, orgId, actor, 'bookings.export', `org:${orgId}`, { from: filter.from ?? null, to: filter.to ?? null, booking_status: filter.status ?? null, rows: rows.length }).run();
  return toCsv(CSV_COLUMNS, rows.map((b) => csvRow(entryOf(b))).map((r) => CSV_COLUMNS.map((k) => r[k])));
}

/** The org's own booking (a bookings row) by its reference; an agent's on-account booking is `onAccount`. */
async function orgBooking(db: D1Database, orgId: number, ref: string): Promise<{ booking: BookingRow } | { onAccount: OnAccountBookingRow }> {
  const booking = await bookingByRef(db, ref);
  if (booking && booking.org_id === orgId) return { booking };
  const onAccount = await onAccountBookingOf(db, orgId, ref);
  if (onAccount) return { onAccount };
  throw notFound(OPS_MSG.noSuchBooking);
}

/**
 * What cancelling an agent's booking on account gives back to the agent's credit (USD cents, the ledger's unit): its
 * net price less the fee its terms keep at `nowMs` (none when waived); refused when not CONFIRMED or past its terms.
 * A bed bank's booking keeps its supplier's fee instead (`supplierFeeMinor`, already in the ledger's USD), refused when
 * that fee is the whole net, unless the supplier has cancelled it already (`cancelledThere`).
 */
function onAccountTerms(b: OnAccountBookingRow, nowMs: number, waiveFee: boolean, supplierFeeMinor?: number, cancelledThere = false): { creditBackMinor: number; feeMinor: number } {
  if (b.status !== 'CONFIRMED') throw conflict(CANCEL_REFUSED.status);
  if (!waiveFee && supplierFeeMinor !== undefined) {
    const kept = supplierFeeKept(b.net_usd_minor, supplierFeeMinor);
    // Once cancelled there, ours follows whatever the fee came to (the supplier's own answer, not the quote's).
    if (kept === null && !cancelledThere) throw conflict(CANCEL_REFUSED.policy);
    const feeMinor = kept ?? b.net_usd_minor;
    return { creditBackMinor: b.net_usd_minor - feeMinor, feeMinor };
  }
  const percent = waiveFee ? 0 : cancellationFeePercent(b.product_type, bookedRateOf(b), b.check_in, b.time_zone, nowMs);
  if (percent >= 100) throw conflict(CANCEL_REFUSED.policy);
  const feeMinor = Math.round((b.net_usd_minor * percent) / 100);
  return { creditBackMinor: b.net_usd_minor - feeMinor, feeMinor };
}

/** An agent's bed bank booking on account as its cancel at the supplier reads it: its fee wanted in the ledger's USD. */
const atSupplier = (b: OnAccountBookingRow): SupplierCancelTarget => ({ ...b, price_minor: b.net_usd_minor, onAccount: true });

const ZERO_WALLET = { certificate: 0, discount: 0, cash: 0 };

/** What cancelling the booking now would refund and keep (for one on account: the agent's credit given back, in USD). */
export async function adminCancelQuote(d: Pick<OwnBookingDeps, 'db' | 'env' | 'log'>, orgId: number, ref: string, waiveFee: boolean, nowMs: number): Promise<AdminCancelQuoteReply> {
  const found = await orgBooking(d.db, orgId, ref);
  if ('onAccount' in found) {
    const b = found.onAccount;
    // A bed bank's booking: its supplier's fee now (a simulation), unless waived (the org then bears it).
    const supplierFeeMinor = b.supplier && !waiveFee ? await supplierCancelFee(d, atSupplier(b), true) : undefined;
    const { creditBackMinor, feeMinor } = onAccountTerms(b, nowMs, waiveFee, supplierFeeMinor);
    return {
      refund_card: 0, refund_wallet: ZERO_WALLET, fee: fromMinor(feeMinor, 'USD'), currency: 'USD',
      deadline: rateCancellationDeadline(b.product_type, bookedRateOf(b), b.check_in, b.time_zone),
      credit_back: fromMinor(creditBackMinor, 'USD'),
    };
  }
  // A bed bank's booking: its supplier's fee now (a simulation), unless the admin waives it (the org then bears it).
  const supplierFeeMinor = waiveFee ? undefined : await supplierCancelFee(d, found.booking, true);
  const quote = cancelQuote(found.booking, nowMs, { waiveFee, ...(supplierFeeMinor !== undefined ? { supplierFeeMinor } : {}) });
  if ('refused' in quote) throw conflict(CANCEL_REFUSED[quote.refused]);
  return quoteReply(quote);
}

/**
 * The admin cancels and refunds (POST /api/admin/bookings/{id}/cancel): the traveller's own cancel, its fee waived
 * when asked, its audit row written in the same batch as the status change and only by the cancel that made it (of
 * 30 at once, one refunds and one is audited; the others are 409). An agent's booking on account is cancelled in one
 * batch with its audit row and the ledger's reversal that gives the agent's credit back (less any fee its terms keep).
 */
export async function cancelOrgBooking(
  d: Pick<OwnBookingDeps, 'db' | 'log' | 'payments' | 'mail' | 'env'>,
  orgId: number,
  actor: Actor,
  ref: string,
  options: { waiveFee: boolean; language: string },
  nowMs: number,
): Promise<AdminBookingEntry> {
  const found = await orgBooking(d.db, orgId, ref);
  const status = 'onAccount' in found ? found.onAccount.status : found.booking.status;
  const detail = { waive_fee: options.waiveFee, booking_status: status };
  if ('onAccount' in found) {
    const b = found.onAccount;
    let supplierFeeMinor: number | undefined;
    if (b.supplier && b.status === 'CONFIRMED') {
      // Cancelled at the supplier first (even with the fee waived), once its fee (asked first) leaves the cancel allowed;
      // its refusal leaves ours as it was (decision 0079).
      onAccountTerms(b, nowMs, options.waiveFee, options.waiveFee ? undefined : await supplierCancelFee(d, atSupplier(b), true));
      supplierFeeMinor = await supplierCancelFee(d, atSupplier(b), false);
    }
    const { creditBackMinor } = onAccountTerms(b, nowMs, options.waiveFee, supplierFeeMinor, supplierFeeMinor !== undefined);
    const audit = auditIfMovedStatement(d.db, orgId, actor, 'booking.cancel', `booking:${ref}`, { ...detail, on_account: true, credit_back_usd_minor: creditBackMinor });
    const [moved] = await atomically(d.db, cancelOnAccountStatements(d.db, orgId, ref, creditBackMinor, audit));
    if ((moved?.meta.changes ?? 0) === 0) throw conflict(CANCEL_REFUSED.status);
  } else {
    const audit = auditIfMovedStatement(d.db, orgId, actor, 'booking.cancel', `booking:${ref}`, detail);
    await cancelAndRefund(d, found.booking, nowMs, { waiveFee: options.waiveFee, also: [audit] });
  }
  const row = await orgBookingByRef(d.db, orgId, ref);
  if (!row) throw notFound(OPS_MSG.noSuchBooking);
  return entryOf(row, options.language);
}
