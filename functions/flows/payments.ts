// Payments' use-cases, on plain values: a checkout with a card part starts a hosted payment and holds the wallet
// parts; the provider's events confirm, expire or refund the booking. Decision 0019 tells the rules.
import {
  bookingBySession, bookingByRef, cancelConfirmed, confirmPaid, createBooking, expirePending, markAutoRefunded, newBookingRef, paymentEventSeen, recordPaymentEvent,
  bookedRateOf, releasePending, stalePendingBookings, type BookedRooms, type BookingRow, type CreateResult, type NewBooking, type NewSupplierPart,
} from '../db/bookings';
import { quoteByCardTie, type QuoteRow } from '../db/quotes';
import { ApiError, badRequest } from '../errors';
import type { Log } from '../log';
import { cancellationFeePercent, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import type { CardSpend } from '../../src/shared/rules/wallet';
import { PaymentProviderError, WebhookSignatureError, type PaymentEvent, type PaymentSession, type Payments } from '../outside/payments';
import type { Mailer } from '../outside/mail';
import { sendOwedMails } from './booking-mails';
import { bookIfPaid, type SupplierBookingDeps } from './supplier-bookings';
import type { SupplierEnv } from './suppliers';

/** A pending booking's hosted payment lives 30 minutes (the shortest Stripe allows); then it expires and its holds go back. */
export const PAYMENT_WINDOW_S = 30 * 60;

/**
 * When a pending booking's payment session ends: 30 minutes after the booking was written (docs/contract.md#unpaid-bookings).
 * The session at the provider is made a minute longer (checkoutWithCard) and is created just before the row, so it is
 * still open until this instant; from it on, the booking is let go (resumePayment, the sweep) and the session expired.
 */
export const paymentExpiresAtMs = (b: Pick<BookingRow, 'created_at'>) => Date.parse(b.created_at) + PAYMENT_WINDOW_S * 1000;
export const paymentExpiresAt = (b: Pick<BookingRow, 'created_at'>) => new Date(paymentExpiresAtMs(b)).toISOString();

export interface PaymentLinks {
  /** The origin the traveller's browser uses (the hosted page sends them back there). */
  origin: string;
  /** The checkout page with the traveller's choices, to come back to when they cancel on the hosted page. */
  checkoutPath: string;
}

export const successUrl = (origin: string, ref: string) => `${origin}/checkout-success?booking=${encodeURIComponent(ref)}`;

/**
 * The card part of a checkout: the hosted payment is created first, so a provider that is down leaves nothing written
 * and nothing held; then the booking is written PENDING_PAYMENT with its wallet parts held, in one transaction. A
 * booking that loses the race for a card (or for its idempotency key) is not written, and its session is expired.
 */
export async function checkoutWithCard(
  deps: { db: D1Database; payments: Payments; now?: () => number },
  booking: NewBooking,
  spends: CardSpend[],
  links: PaymentLinks,
  customerEmail: string | undefined,
): Promise<CreateResult> {
  const now = Math.floor((deps.now ?? Date.now)() / 1000);
  const session = await deps.payments.createCheckoutSession({
    bookingRef: booking.ref,
    amountMinor: booking.totalMinor,
    currency: booking.currency,
    description: `${booking.productName}, ${booking.city}`,
    customerEmail,
    successUrl: successUrl(links.origin, booking.ref),
    cancelUrl: `${links.origin}${links.checkoutPath}`,
    expiresAt: now + PAYMENT_WINDOW_S + 60,
    idempotencyKey: `checkout-${booking.ref}`,
  });
  const result = await createBooking(deps.db, { ...booking, payment: { sessionId: session.id, url: session.url ?? '' } }, spends);
  if (!result.created) await deps.payments.expireCheckoutSession(session.id).catch(() => undefined);
  return result;
}

/** The client of an agent's quote, as the card booking's traveller (the confirmation mail goes to them). */
export interface QuoteTraveler {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/**
 * An agent's quote paid by the client's card (docs/decisions/0029): the same card checkout as a traveller's, for the
 * quote's price, with no wallet part and no account (the client is its traveller), tied to the agent's booking row so
 * both are written or neither; the agent's credit is not used. The webhook, expiry and cancellation then move it as
 * any other booking.
 */
export async function bookQuoteByCard(
  deps: { db: D1Database; payments: Payments },
  quote: QuoteRow,
  traveler: QuoteTraveler,
  origin: string,
  cancelPath: (ref: string) => string,
  rooms?: BookedRooms,
  supplier?: NewSupplierPart,
): Promise<CreateResult> {
  const ref = newBookingRef();
  const links: PaymentLinks = { origin, checkoutPath: cancelPath(ref) };
  const booking: NewBooking = {
    ref,
    orgId: quote.org_id,
    userId: null,
    productId: quote.product_id,
    productType: quote.product_type,
    productName: quote.product_name,
    city: quote.city,
    image: quote.image,
    checkIn: quote.check_in,
    checkOut: quote.check_out,
    guests: quote.guests,
    currency: quote.currency,
    priceMinor: quote.total_minor,
    certificateMinor: 0,
    discountMinor: 0,
    cashMinor: 0,
    totalMinor: quote.total_minor,
    idempotencyKey: `agent-quote-${quote.id}-${ref}`,
    requestHash: `agent-${quote.agent_id}`,
    traveler: JSON.stringify(traveler),
    isPackage: false,
    site: links.origin,
    tied: quoteByCardTie(deps.db, { orgId: quote.org_id, agentId: quote.agent_id }, quote.id, ref),
    rooms,
    // A bed bank's quote: its key as checked, booked at the supplier once paid, as a traveller's (supplier-bookings.ts).
    ...(supplier ? { supplier } : {}),
  };
  return checkoutWithCard(deps, booking, [], links, traveler.email || undefined);
}

export type EventOutcome = 'confirmed' | 'expired' | 'refunded' | 'unchanged' | 'ignored' | 'duplicate';

export interface HandledEvent {
  outcome: EventOutcome;
  booking: BookingRow | null;
}

/**
 * One provider event, verified by the caller. Every change is a guarded transition (PENDING_PAYMENT → CONFIRMED or
 * EXPIRED, EXPIRED/CANCELLED → REFUNDED), so an event delivered twice, or after a later one, changes nothing more.
 * The event id is recorded once it was handled; a provider failure during an automatic refund throws before that,
 * so the provider's retry of the delivery runs it again (with the same refund idempotency key).
 */
export async function handlePaymentEvent(deps: { db: D1Database; payments: Payments }, event: PaymentEvent): Promise<HandledEvent> {
  // A duplicate still names its booking: the caller sends any mail the first delivery left owed (decision 0029).
  if (await paymentEventSeen(deps.db, event.id)) return { outcome: 'duplicate', booking: event.session ? await bookingBySession(deps.db, event.session.id) : null };
  const session = event.session;
  let handled: HandledEvent = { outcome: 'ignored', booking: null };
  if (session && event.type === 'checkout.session.completed' && session.paid) handled = await paid(deps, session);
  else if (session && event.type === 'checkout.session.expired') handled = await expired(deps.db, session);
  await recordPaymentEvent(deps.db, event.id, event.type, handled.booking?.booking_ref ?? session?.bookingRef ?? null, handled.outcome);
  return handled;
}

async function paid(deps: { db: D1Database; payments: Payments }, session: PaymentSession): Promise<HandledEvent> {
  const found = (await bookingBySession(deps.db, session.id)) ?? (session.bookingRef ? await bookingByRef(deps.db, session.bookingRef) : null);
  const booking = found && found.payment_session_id === session.id ? found : null;
  const site = session.successUrl ? new URL(session.successUrl).origin : '';
  if (booking?.status === 'PENDING_PAYMENT' && (await confirmPaid(deps.db, booking, { sessionId: session.id, amountMinor: session.amountMinor, currency: session.currency, paymentIntentId: session.paymentIntentId, site }))) {
    return { outcome: 'confirmed', booking: await bookingBySession(deps.db, session.id) };
  }
  const now = booking ? await bookingBySession(deps.db, session.id) : null;
  if (now && (now.status === 'CONFIRMED' || now.status === 'REFUNDED') && now.paid_minor > 0) return { outcome: 'unchanged', booking: now };
  // Paid, but there is no booking this payment can confirm (expired or cancelled meanwhile, another amount, or never
  // written): the money goes back in full. The key makes every delivery of this event ask for the same one refund.
  if (session.paymentIntentId) {
    await deps.payments.refund({ paymentIntentId: session.paymentIntentId, amountMinor: session.amountMinor, bookingRef: session.bookingRef ?? session.id, idempotencyKey: `auto-refund-${session.id}` });
  }
  if (now) await markAutoRefunded(deps.db, now.id, session.amountMinor, session.paymentIntentId);
  return { outcome: 'refunded', booking: now ? await bookingBySession(deps.db, session.id) : null };
}

async function expired(db: D1Database, session: PaymentSession): Promise<HandledEvent> {
  const booking = await bookingBySession(db, session.id);
  if (!booking) return { outcome: 'ignored', booking: null };
  const changed = booking.status === 'PENDING_PAYMENT' && (await expirePending(db, booking.id));
  return { outcome: changed ? 'expired' : 'unchanged', booking: await bookingBySession(db, session.id) };
}

export type ReleaseOutcome = { kind: 'released'; booking: BookingRow } | { kind: 'paid' } | { kind: 'not_pending' };

/**
 * A pending booking lets go of its payment: the session is expired at the provider first (once expired, nobody can
 * pay it), then the booking is EXPIRED (the sweep: its time ran out) or CANCELLED (its owner gave it up) and its held
 * wallet parts and rooms are given back. A session paid meanwhile is left to its webhook. A provider that cannot be
 * reached throws PaymentProviderError and nothing changes here.
 */
export async function releasePendingPayment(
  deps: { db: D1Database; payments: Payments },
  booking: BookingRow,
  to: 'EXPIRED' | 'CANCELLED' = 'EXPIRED',
  also: D1PreparedStatement[] = [],
): Promise<ReleaseOutcome> {
  if (booking.status !== 'PENDING_PAYMENT' || !booking.payment_session_id) return { kind: 'not_pending' };
  let session: PaymentSession;
  try {
    session = await deps.payments.expireCheckoutSession(booking.payment_session_id);
  } catch (err) {
    if (!(err instanceof PaymentProviderError) || err.kind !== 'refused') throw err;
    session = await deps.payments.retrieveCheckoutSession(booking.payment_session_id);
  }
  if (session.status === 'complete') return { kind: 'paid' };
  await releasePending(deps.db, booking.id, to, also);
  const now = await bookingBySession(deps.db, booking.payment_session_id);
  return now?.status === to ? { kind: 'released', booking: now } : { kind: 'not_pending' };
}

export type ResumeOutcome =
  | { kind: 'open'; url: string; expiresAt: string }
  | { kind: 'expired' }
  | { kind: 'refused'; reason: 'paid' | 'confirmed' | 'cancelled' };

/**
 * "Complete payment" on an unpaid booking (POST /api/bookings/{id}/payment): its open session, to pay it (paying it
 * confirms the booking through the webhook). No session is ever created here, so however many calls race there is one
 * session per booking. Past its 30 minutes, or a session the provider has expired (its event not handled yet), the
 * booking is EXPIRED here and its holds given back (releasePendingPayment / releasePending: guarded, once) and the
 * answer is 'expired'. A provider that cannot be reached throws PaymentProviderError and nothing changes.
 */
export async function resumePayment(deps: { db: D1Database; payments: Payments }, booking: BookingRow, nowMs: number): Promise<ResumeOutcome> {
  const settled = (b: BookingRow | null): ResumeOutcome => {
    if (!b || b.status === 'EXPIRED') return { kind: 'expired' };
    if (b.status === 'PENDING_PAYMENT') return { kind: 'refused', reason: 'paid' };
    return { kind: 'refused', reason: b.status === 'CANCELLED' ? 'cancelled' : 'confirmed' };
  };
  if (booking.status !== 'PENDING_PAYMENT' || !booking.payment_session_id) return settled(booking);
  if (nowMs >= paymentExpiresAtMs(booking)) {
    const released = await releasePendingPayment(deps, booking, 'EXPIRED');
    return released.kind === 'paid' ? { kind: 'refused', reason: 'paid' } : settled(await bookingByRef(deps.db, booking.booking_ref));
  }
  const session = await deps.payments.retrieveCheckoutSession(booking.payment_session_id);
  if (session.status === 'open') return { kind: 'open', url: session.url ?? booking.payment_url ?? '', expiresAt: paymentExpiresAt(booking) };
  if (session.status === 'complete') return { kind: 'refused', reason: 'paid' };
  // Expired at the provider, its event not handled yet: the booking goes the same way, its holds given back once.
  await expirePending(deps.db, booking.id);
  return settled(await bookingByRef(deps.db, booking.booking_ref));
}

/** What a refused cancel answers (409), the same for a traveller and for an agent's card booking. */
export const CANCEL_REFUSED: Record<'status' | 'policy' | 'paid', string> = {
  paid: 'This booking has just been paid; it will be confirmed in a moment',
  policy: 'This booking can no longer be cancelled free of charge',
  status: 'This booking cannot be cancelled: it is not confirmed or waiting for its payment',
};

/**
 * How a cancel is made: the traveller's and the agent's under the booking's terms; the org admin's may waive the fee,
 * and writes its audit row (`also`, statements that hold only when this cancel moved the booking: functions/db/console.ts
 * auditIfMovedStatement) in the cancel's own batch.
 */
export interface CancelOptions {
  waiveFee?: boolean;
  also?: D1PreparedStatement[];
  /** A bed bank's booking: what its supplier charges for cancelling, in the booking's minor units (supplier-bookings.ts). */
  supplierFeeMinor?: number;
}

export type CancelOutcome =
  | { kind: 'cancelled'; booking: BookingRow; refundedMinor: number }
  | { kind: 'released'; booking: BookingRow }
  | { kind: 'refused'; reason: 'status' | 'policy' | 'paid' };

/**
 * What a bed bank's fee keeps of what a booking was sold for (a traveller's price, an agent's net on account), in the
 * same units: the fee, at most the whole; null when it is the whole (no longer cancellable, unless the fee is waived).
 */
export function supplierFeeKept(soldMinor: number, supplierFeeMinor: number): number | null {
  const feeMinor = Math.min(soldMinor, Math.max(0, supplierFeeMinor));
  return feeMinor >= soldMinor && soldMinor > 0 ? null : feeMinor;
}

/**
 * What cancelling a CONFIRMED booking at `nowMs` costs under its rate plan's terms (the product type's for a plan
 * without any): null when it may no longer be cancelled (a fee of 100 %); else the fee, of the stay's whole price, kept
 * from the card part, the rest of which is refunded. The wallet parts are given back when the card part covers the fee.
 */
export function cancellationTerms(booking: BookingRow, nowMs: number, options: CancelOptions = {}): { feeMinor: number; refundMinor: number; walletBack: boolean } | null {
  const cardLeft = Math.max(0, booking.paid_minor - booking.refunded_minor);
  // The org's admin may waive the fee (POST /api/admin/bookings/{id}/cancel { waive_fee }): everything comes back.
  if (options.waiveFee) return { feeMinor: 0, refundMinor: cardLeft, walletBack: true };
  // A bed bank's booking is cancelled under its supplier's terms: the supplier's fee, as the booking's share of it.
  if (options.supplierFeeMinor !== undefined) {
    const feeMinor = supplierFeeKept(booking.price_minor, options.supplierFeeMinor);
    if (feeMinor === null) return null;
    return { feeMinor, refundMinor: Math.max(0, cardLeft - feeMinor), walletBack: feeMinor <= cardLeft };
  }
  const percent = cancellationFeePercent(booking.product_type, bookedRateOf(booking), booking.check_in, booking.time_zone, nowMs);
  if (percent >= 100) return null;
  const feeMinor = Math.round((booking.price_minor * percent) / 100);
  return { feeMinor, refundMinor: Math.max(0, cardLeft - feeMinor), walletBack: feeMinor <= cardLeft };
}

/** What cancelling a booking now would do (GET /api/bookings/{id}/cancel-quote), in the booking's minor units. */
export interface CancelQuote {
  refundCardMinor: number;
  refundWallet: { certificateMinor: number; discountMinor: number; cashMinor: number };
  /** What cancelling keeps: the part of the card payment not refunded and any wallet part not given back. */
  feeMinor: number;
  currency: string;
  /** When free cancellation ends (ISO), under the rate's terms; null when it never is free. */
  deadline: string | null;
}

/**
 * What cancelling the booking at `nowMs` would refund and cost, by the same terms cancelBooking applies
 * (cancellationTerms), or why it would be refused: a pending booking lets go of its held parts at no cost; a
 * confirmed one refunds its card part less the fee, and gives its wallet parts back when the card part covers the fee.
 */
export function cancelQuote(booking: BookingRow, nowMs: number, options: CancelOptions = {}): CancelQuote | { refused: 'status' | 'policy' } {
  const wallet = { certificateMinor: booking.certificate_minor, discountMinor: booking.discount_minor, cashMinor: booking.cash_minor };
  const walletTotal = booking.certificate_minor + booking.discount_minor + booking.cash_minor;
  const deadline = rateCancellationDeadline(booking.product_type, bookedRateOf(booking), booking.check_in, booking.time_zone);
  const quote = (refundCardMinor: number, walletBack: boolean, feeMinor: number): CancelQuote => ({
    refundCardMinor,
    refundWallet: walletBack ? wallet : { certificateMinor: 0, discountMinor: 0, cashMinor: 0 },
    feeMinor,
    currency: booking.currency,
    deadline,
  });
  if (booking.status === 'PENDING_PAYMENT') return quote(0, true, 0);
  if (booking.status !== 'CONFIRMED') return { refused: 'status' };
  const terms = cancellationTerms(booking, nowMs, options);
  if (!terms) return { refused: 'policy' };
  const cardLeft = Math.max(0, booking.paid_minor - booking.refunded_minor);
  return quote(terms.refundMinor, terms.walletBack, cardLeft - terms.refundMinor + (terms.walletBack ? 0 : walletTotal));
}

/**
 * The owner cancels. A booking still waiting for its payment lets go of it and is CANCELLED at once, its holds given
 * back (releasePendingPayment; docs/contract.md#cancellation). A CONFIRMED one, while its rate's terms allow
 * (cancellationTerms): the card part less any fee is refunded through the provider first (a provider that fails
 * throws, and the booking stays CONFIRMED), with a key of the booking's own so that two cancels at once ask for one
 * refund; then the booking is CANCELLED, its rooms and wallet parts given back in one guarded
 * batch (the second cancel changes nothing).
 */
export async function cancelBooking(deps: { db: D1Database; payments: Payments }, booking: BookingRow, nowMs: number, options: CancelOptions = {}): Promise<CancelOutcome> {
  if (booking.status === 'PENDING_PAYMENT') {
    const released = await releasePendingPayment(deps, booking, 'CANCELLED', options.also);
    return released.kind === 'released' ? released : { kind: 'refused', reason: released.kind === 'paid' ? 'paid' : 'status' };
  }
  if (booking.status !== 'CONFIRMED') return { kind: 'refused', reason: 'status' };
  const terms = cancellationTerms(booking, nowMs, options);
  if (!terms) return { kind: 'refused', reason: 'policy' };
  const refund = terms.refundMinor;
  if (refund > 0 && booking.payment_intent_id) {
    await deps.payments.refund({ paymentIntentId: booking.payment_intent_id, amountMinor: refund, bookingRef: booking.booking_ref, idempotencyKey: `cancel-${booking.booking_ref}` });
  }
  if (!(await cancelConfirmed(deps.db, booking, booking.refunded_minor + refund, refund, terms.walletBack, options.also))) return { kind: 'refused', reason: 'status' };
  return { kind: 'cancelled', booking: (await bookingByRef(deps.db, booking.booking_ref))!, refundedMinor: Math.max(refund, 0) };
}

/** What receiving the provider's event needs of the request (functions/http/deps.ts builds it). */
export interface PaymentEventDeps {
  db: D1Database;
  payments: () => Payments;
  mail: Mailer;
  log: Log;
  /** For a bed bank's booking, made once it is paid (supplier-bookings.ts). */
  env: SupplierEnv;
  clock: () => number;
}

/**
 * The provider's webhook: the signature is checked on the raw body as sent (a missing or bad one → 400, nothing
 * changes), the event handled (handlePaymentEvent), and any mail the booking still owes sent: the confirming delivery's,
 * or a redelivery's after that one failed past its confirming write (decision 0029); a mail that fails stays owed for
 * the next delivery or the sweep and never fails the answer. A provider failure during an automatic refund → 502, so
 * the provider delivers the event again.
 */
export async function receivePaymentEvent(d: PaymentEventDeps, payload: string, signature: string | undefined): Promise<{ outcome: EventOutcome }> {
  const provider = d.payments();
  let event: PaymentEvent;
  try {
    event = await provider.verifyWebhook(payload, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw badRequest('The webhook signature is missing or does not match', [{ path: 'Stripe-Signature', message: err.message }]);
    throw badRequest('The webhook payload is not a provider event');
  }
  let handled: HandledEvent;
  try {
    handled = await handlePaymentEvent({ db: d.db, payments: provider }, event);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    d.log('error', 'payments.provider_failed', { event_id: event.id, type: event.type, kind: err.kind, reason: err.message });
    throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment provider could not be reached; the event will be retried');
  }
  d.log('info', 'payments.event', { event_id: event.id, type: event.type, outcome: handled.outcome, booking: handled.booking?.booking_ref ?? null });
  // A bed bank's booking is made at the supplier once paid, before the mails: a refusal's booking owes no confirmation.
  await bookIfPaid({ db: d.db, env: d.env, payments: provider, mail: d.mail, log: d.log, clock: d.clock }, handled.booking);
  if (handled.booking) await sendOwedMails({ db: d.db, ...d.mail }, handled.booking.id);
  return { outcome: handled.outcome };
}

/**
 * The scheduled sweep: bookings still pending past their session's lifetime (the expiry event never came) are
 * settled from the provider's own answer: a paid session confirms (or refunds) as its webhook would, any other is
 * expired there and then here, giving the holds back. A provider failure leaves the booking for the next run.
 */
export async function sweepPendingPayments(
  deps: { db: D1Database; payments: Payments; supplier?: Omit<SupplierBookingDeps, 'db' | 'payments'> },
  nowMs = Date.now(),
): Promise<{ expired: number; confirmed: number; failed: number }> {
  // A booking's session ends PAYMENT_WINDOW_S after it was written (paymentExpiresAtMs): from then on it is let go.
  const before = new Date(nowMs - PAYMENT_WINDOW_S * 1000).toISOString();
  const counts = { expired: 0, confirmed: 0, failed: 0 };
  for (const booking of await stalePendingBookings(deps.db, before)) {
    try {
      const released = await releasePendingPayment(deps, booking);
      if (released.kind === 'released') counts.expired += 1;
      if (released.kind === 'paid') {
        const handled = await paid(deps, await deps.payments.retrieveCheckoutSession(booking.payment_session_id!));
        if (handled.outcome === 'confirmed') counts.confirmed += 1;
        // Confirmed here rather than by its webhook: its bed bank's booking is made here too.
        if (deps.supplier) await bookIfPaid({ ...deps.supplier, db: deps.db, payments: deps.payments }, handled.booking);
      }
    } catch {
      counts.failed += 1;
    }
  }
  return counts;
}
