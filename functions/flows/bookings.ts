// A booking in its owner's hands (docs/contract.md#booking, #cancellation): the member's reservations, one booking's
// page, what cancelling it would cost now, and the cancel itself. Plain values in and out.
import type { OrgRow } from '../db/orgs';
import type { SessionUser } from '../auth/session-user';
import { ApiError, conflict, notFound } from '../errors';
import type { Log } from '../log';
import { bookingByRef, bookingsOfUser, cardSpendsOf, type BookingRow } from '../db/bookings';
import { withProductName, withProductTexts } from '../db/content';
import { PaymentProviderError, type Payments } from '../outside/payments';
import type { Mailer } from '../outside/mail';
import { CANCEL_REFUSED, cancelBooking, cancelQuote, cancellationTerms, resumePayment, type CancelOptions, type CancelQuote } from './payments';
import { sendOwedMails } from './booking-mails';
import { supplierCancelFee } from './supplier-bookings';
import type { SupplierEnv } from './suppliers';
import { bookingReply, reservationReply } from './booking-replies';
import { productGallery } from './photos';
import { fromMinor } from '../../src/shared/rules/money';
import type { BookingReply, CancelQuoteReply, PaymentSessionReply, Reservation } from '../../src/shared/contract/booking-replies';

/** What a booking's owner needs of the request (functions/http/deps.ts builds it). */
export interface OwnBookingDeps {
  db: D1Database;
  org: OrgRow;
  log: Log;
  language: (accountLanguage?: string | null) => string;
  payments: () => Payments;
  mail: Mailer;
  /** A bed bank's booking is cancelled at its supplier first (supplier-bookings.ts). */
  env: SupplierEnv;
}

/** The member's bookings, newest first, each with the wallet cards it spent and its product named in their language. */
export async function reservationsOf(d: Pick<OwnBookingDeps, 'db' | 'org' | 'language'>, user: SessionUser): Promise<Reservation[]> {
  const rows = await bookingsOfUser(d.db, d.org.id, user.id);
  const [spends, shown] = await Promise.all([cardSpendsOf(d.db, rows.map((r) => r.id)), withProductTexts(d.db, rows, d.language(), d.org.default_language)]);
  const language = d.language(user.language);
  return shown.map((b) => reservationReply(b, spends.filter((s) => s.booking_id === b.id), language));
}

/** The caller's booking (a guest booking is reached by its reference alone); anyone else's is as unknown as a missing one. */
async function ownBooking(d: Pick<OwnBookingDeps, 'db' | 'org'>, ref: string, user: SessionUser | null): Promise<BookingRow> {
  const booking = /^[A-Z0-9-]{1,40}$/.test(ref) ? await bookingByRef(d.db, ref) : null;
  const owner = booking && (booking.user_id === null || booking.user_id === user?.id);
  if (!booking || !owner || booking.org_id !== d.org.id) throw notFound('No such booking');
  return booking;
}

/** A booking's page: its status and amounts, the product named in the reader's language (decision 0049) and its first photo. */
export async function bookingPage(d: Pick<OwnBookingDeps, 'db' | 'org' | 'language'>, ref: string, user: SessionUser | null): Promise<BookingReply> {
  const booking = await withProductName(d.db, await ownBooking(d, ref, user), d.language());
  // The confirmation page shows the booked product's first photo beside the summary (docs/decisions/0032-photographs.md).
  const [photo] = await productGallery(d.db, d.org, { id: booking.product_id, name: booking.product_name });
  return { ...bookingReply(booking, d.language()), photo: photo ?? null };
}

/**
 * What cancelling the caller's booking at `nowMs` would refund and keep (payments.ts cancelQuote, the cancel's own
 * terms), for the page to show before the traveller confirms; 409 with the cancel's own refusal when it may not be.
 */
export async function cancelQuoteOf(d: Pick<OwnBookingDeps, 'db' | 'org' | 'env' | 'log'>, ref: string, user: SessionUser | null, nowMs: number): Promise<CancelQuoteReply> {
  const booking = await ownBooking(d, ref, user);
  // A bed bank's booking: its supplier says what cancelling costs now (a simulation; nothing changes there).
  const quote = cancelQuote(booking, nowMs, { supplierFeeMinor: await supplierCancelFee(d, booking, true) });
  if ('refused' in quote) throw conflict(CANCEL_REFUSED[quote.refused]);
  return quoteReply(quote);
}

/**
 * The owner cancels (payments.ts cancelBooking): a pending booking lets go of its payment, a confirmed one is refunded
 * under its terms and its cancellation mail sent (a mail that fails never undoes the refund). A provider failure → 502
 * and the booking is unchanged; a cancel the terms refuse → 409.
 */
export async function cancelOwnBooking(d: OwnBookingDeps, ref: string, user: SessionUser | null, nowMs: number): Promise<BookingReply> {
  return bookingReply(await cancelAndRefund(d, await ownBooking(d, ref, user), nowMs), d.language());
}

/**
 * The cancel itself, for whoever may make it (the owner above, the org's admin in org-bookings.ts): payments.ts
 * cancelBooking, a provider failure → 502 with the booking unchanged, a refusal → 409, the mails it owes sent.
 */
export async function cancelAndRefund(d: Pick<OwnBookingDeps, 'db' | 'log' | 'payments' | 'mail' | 'env'>, booking: BookingRow, nowMs: number, options: CancelOptions = {}): Promise<BookingRow> {
  let supplierFeeMinor: number | undefined;
  if (booking.supplier && booking.status === 'CONFIRMED') {
    // Cancelled at the supplier first, once its fee (asked first) leaves the cancel allowed; its refusal leaves ours as it was.
    const quoted = await supplierCancelFee(d, booking, true);
    if (!cancellationTerms(booking, nowMs, { ...options, supplierFeeMinor: quoted })) throw conflict(CANCEL_REFUSED.policy);
    supplierFeeMinor = await supplierCancelFee(d, booking, false);
  }
  let outcome;
  try {
    outcome = await cancelBooking({ db: d.db, payments: d.payments() }, booking, nowMs, { ...options, ...(supplierFeeMinor !== undefined ? { supplierFeeMinor } : {}) });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    d.log('error', 'payments.cancel_failed', { booking: booking.booking_ref, kind: err.kind, reason: err.message });
    throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; the booking is unchanged. Please try again');
  }
  if (outcome.kind === 'refused') throw conflict(CANCEL_REFUSED[outcome.reason]);
  if (outcome.kind === 'cancelled') await sendOwedMails({ db: d.db, ...d.mail }, outcome.booking.id);
  return outcome.booking;
}

/** A cancel's quote in the booking's currency (the page shows it before the traveller or the admin confirms). */
export function quoteReply(quote: CancelQuote): CancelQuoteReply {
  const m = (minor: number) => fromMinor(minor, quote.currency);
  return {
    refund_card: m(quote.refundCardMinor),
    refund_wallet: { certificate: m(quote.refundWallet.certificateMinor), discount: m(quote.refundWallet.discountMinor), cash: m(quote.refundWallet.cashMinor) },
    fee: m(quote.feeMinor),
    currency: quote.currency,
    deadline: quote.deadline,
  };
}

/** What "Complete payment" answers when there is nothing to pay (409; docs/contract.md#unpaid-bookings). */
export const PAYMENT_REFUSED = {
  expired: 'This booking has expired: book again',
  paid: CANCEL_REFUSED.paid,
  confirmed: 'This booking is already paid',
  cancelled: 'This booking was cancelled: book again',
} as const;

/**
 * "Complete payment" (payments.ts resumePayment): the unpaid booking's open session to pay; past its 30 minutes 409
 * BOOKING_EXPIRED, the booking EXPIRED and its holds given back; nothing to pay any more 409. A provider failure → 502
 * and the booking is unchanged.
 */
export async function payOwnBooking(d: OwnBookingDeps, ref: string, user: SessionUser | null, nowMs: number): Promise<PaymentSessionReply> {
  const booking = await ownBooking(d, ref, user);
  let outcome;
  try {
    outcome = await resumePayment({ db: d.db, payments: d.payments() }, booking, nowMs);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    d.log('error', 'payments.resume_failed', { booking: booking.booking_ref, kind: err.kind, reason: err.message });
    throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; the booking is unchanged. Please try again');
  }
  if (outcome.kind === 'expired') throw new ApiError(409, 'BOOKING_EXPIRED', PAYMENT_REFUSED.expired);
  if (outcome.kind === 'refused') throw conflict(PAYMENT_REFUSED[outcome.reason]);
  return { payment_url: outcome.url, expires_at: outcome.expiresAt };
}
