// The payment provider's webhook and a booking's own page data: validate, run the flow, answer.
import { withProductName } from '../db/content';
import { requestLanguage } from '../http/language';
import { Hono } from 'hono';
import { dataOf, doc } from '../http/openapi';
import { BookingReplySchema, PaymentEventReplySchema, PaymentEventSchema } from '../../src/shared/contract/booking-replies';
import { bookingReply } from '../flows/booking-replies';
import { productGallery } from '../flows/photos';
import type { AppEnv } from '../env';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { logEvent } from '../log';
import { currentUser } from '../auth/session';
import { bookingByRef, type BookingRow } from '../db/bookings';
import { fromMinor } from '../../src/shared/rules/money';
import { CANCEL_REFUSED, cancelBooking, handlePaymentEvent } from '../flows/payments';
import { freeCancellationUntil } from '../../src/shared/rules/cancellation';
import { isDevelopment } from '../env';
import { requestMailer } from '../outside/mail';
import { sendOwedMails } from '../flows/booking-mails';
import type { Context } from 'hono';
import { paymentsFor, PaymentProviderError, WebhookSignatureError } from '../outside/payments';

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
      // Any delivery about the booking sends what it still owes: the confirming one, or a redelivery after that one
      // failed past its confirming write (decision 0029). A mail that fails stays owed for the next one or the sweep.
      if (handled.booking) await sendOwedMails({ db: c.env.DB, ...requestMailer(c) }, handled.booking.id);
      return c.json({ data: { received: true, outcome: handled.outcome } });
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        logEvent(c, 'error', 'payments.provider_failed', { event: event.id, type: event.type, kind: err.kind, reason: err.message });
        throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment provider could not be reached; the event will be retried');
      }
      throw err;
    }
  })
  .get('/bookings/:booking_id', doc({ summary: 'A booking\'s status and amounts, for its owner, with the product\'s first photo', reply: dataOf(BookingReplySchema) }), async (c) => {
    // The product named, and its city, in the reader's language (decision 0049).
    const booking = await withProductName(c.env.DB, await ownBooking(c), requestLanguage(c));
    // The confirmation page shows the booked product's first photo beside the summary (docs/decisions/0032-photographs.md).
    const [photo] = await productGallery(c.env.DB, c.get('org'), { id: booking.product_id, name: booking.product_name });
    return c.json({ data: { ...bookingReply(booking), photo: photo ?? null } });
  })
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
      throw conflict(CANCEL_REFUSED[outcome.reason]);
    }
    if (outcome.kind === 'cancelled') await sendOwedMails({ db: c.env.DB, ...requestMailer(c) }, outcome.booking.id);
    return c.json({ data: bookingReply(outcome.booking) });
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
