// The payment provider's webhook and a booking's own page data: validate, run the flow, answer.
import { Hono } from 'hono';
import { dataOf, doc } from '../http/openapi';
import { BookingReplySchema, PaymentEventReplySchema, PaymentEventSchema, type BookingReply } from '../../src/shared/schemas/booking-replies';
import type { AppEnv } from '../env';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { logEvent } from '../log';
import { currentUser } from '../auth/session';
import { bookingByRef, type BookingRow } from '../db/bookings';
import { fromMinor } from '../../src/shared/money';
import { cancelBooking, handlePaymentEvent } from '../flows/payments';
import { freeCancellationDeadline, freeCancellationUntil } from '../../src/shared/cancellation';
import { isDevelopment } from '../env';
import { cancellationMail, confirmationMail, sendMail } from '../outside/mail';
import { orgBrand } from '../db/orgs';
import type { Context } from 'hono';
import { paymentsFor, PaymentProviderError, WebhookSignatureError } from '../outside/payments';

function bookingBody(b: BookingRow): BookingReply {
  const m = (v: number) => fromMinor(v, b.currency);
  return {
    booking_id: b.booking_ref,
    status: b.status as BookingReply['status'],
    product_id: b.product_id,
    product_type: b.product_type,
    product_name: b.product_name,
    city: b.city,
    check_in: b.check_in,
    check_out: b.check_out,
    guests: b.guests,
    currency: b.currency,
    price: m(b.price_minor),
    certificate_amount: m(b.certificate_minor),
    discount_amount: m(b.discount_minor),
    cash_amount: m(b.cash_minor),
    total: m(b.total_minor),
    paid_amount: m(b.paid_minor),
    refunded_amount: m(b.refunded_minor),
    free_cancellation_until: freeCancellationUntil(b.product_type, b.check_in),
    free_cancellation_deadline: freeCancellationDeadline(b.product_type, b.check_in, b.time_zone),
    time_zone: b.time_zone,
    ...(b.status === 'PENDING_PAYMENT' && b.payment_url ? { payment_url: b.payment_url } : {}),
    is_package: b.is_package === 1 ? (1 as const) : (0 as const),
    created_at: b.created_at,
  };
}

export const payments = new Hono<AppEnv>()
  .post('/payments/webhook', doc({ summary: 'The payment provider\'s signed event (Stripe-Signature); no session, no Origin check', body: PaymentEventSchema, reply: dataOf(PaymentEventReplySchema) }), async (c) => {
    const provider = paymentsFor(c.env);
    const payload = await c.req.text();
    let event;
    try {
      event = await provider.verifyWebhook(payload, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest('The webhook signature is missing or does not match', [{ path: 'Stripe-Signature', message: err.message }]);
      throw badRequest('The webhook payload is not a provider event');
    }
    try {
      const handled = await handlePaymentEvent({ db: c.env.DB, payments: provider }, event);
      logEvent(c, 'info', 'payments.event', { event: event.id, type: event.type, outcome: handled.outcome, booking: handled.booking?.booking_ref ?? null });
      // Only the delivery that confirmed the booking mails it: duplicates find it confirmed already.
      if (handled.outcome === 'confirmed' && handled.booking) {
        const b = handled.booking;
        const site = event.session?.successUrl ? new URL(event.session.successUrl).origin : new URL(c.req.url).origin;
        const mail = confirmationMail(await orgBrand(c.env.DB, b.org_id), b, `${site}/manage-booking?booking=${b.booking_ref}`);
        if (mail) await sendMail(c, mail, 'booking.confirmed');
      }
      return c.json({ data: { received: true, outcome: handled.outcome } });
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        logEvent(c, 'error', 'payments.provider_failed', { event: event.id, type: event.type, kind: err.kind, reason: err.message });
        throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment provider could not be reached; the event will be retried');
      }
      throw err;
    }
  })
  .get('/bookings/:booking_id', doc({ summary: 'A booking\'s status and amounts, for its owner', reply: dataOf(BookingReplySchema) }), async (c) => c.json({ data: bookingBody(await ownBooking(c)) }))
  .post('/bookings/:booking_id/cancel', doc({ summary: 'Cancel under the product\'s policy: the card part refunded, wallet parts restored', reply: dataOf(BookingReplySchema) }), async (c) => {
    const booking = await ownBooking(c);
    let outcome;
    try {
      // In development a test may set the clock (X-Dev-Now) to prove the refusal falls on the minute the pages show;
      // anywhere else the header is ignored.
      const nowMs = (isDevelopment(c.env) && Date.parse(c.req.header('x-dev-now') ?? '')) || Date.now();
      outcome = await cancelBooking({ db: c.env.DB, payments: paymentsFor(c.env) }, booking, nowMs);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      logEvent(c, 'error', 'payments.cancel_failed', { booking: booking.booking_ref, kind: err.kind, reason: err.message });
      throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment service is not available right now; the booking is unchanged. Please try again');
    }
    if (outcome.kind === 'refused') {
      throw conflict(
        outcome.reason === 'paid' ? 'This booking has just been paid; it will be confirmed in a moment'
          : outcome.reason === 'policy' ? 'This booking can no longer be cancelled free of charge'
            : 'This booking cannot be cancelled: it is not confirmed or waiting for its payment',
      );
    }
    if (outcome.kind === 'cancelled') {
      const traveler = JSON.parse(outcome.booking.traveler) as { email?: string; first_name?: string };
      const to = traveler.email || (await currentUser(c))?.email;
      if (to) await sendMail(c, cancellationMail(c.get('org').name, to, traveler.first_name ?? '', outcome.booking, outcome.refundedMinor), 'booking.cancelled');
    }
    return c.json({ data: bookingBody(outcome.booking) });
  });

/** The caller's booking (a guest booking is reached by its reference alone); anyone else's is as unknown as a missing one. */
async function ownBooking(c: Context<AppEnv>): Promise<BookingRow> {
  const user = await currentUser(c);
  const ref = c.req.param('booking_id') ?? '';
  const booking = /^[A-Z0-9-]{1,40}$/.test(ref) ? await bookingByRef(c.env.DB, ref) : null;
  const owner = booking && (booking.user_id === null || booking.user_id === user?.id);
  if (!booking || !owner || booking.org_id !== c.get('org').id) throw notFound('No such booking');
  return booking;
}
