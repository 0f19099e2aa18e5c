// The payment provider's webhook and a booking's own page data: validate, run the flow, answer.
import { withProductName } from '../db/content';
import { requestLanguage } from '../http/language';
import { z } from 'zod';
import { BookingReplySchema, PaymentEventReplySchema, PaymentEventSchema } from '../../src/shared/contract/booking-replies';
import { bookingReply } from '../flows/booking-replies';
import { productGallery } from '../flows/photos';
import type { AppEnv } from '../env';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { logEvent } from '../log';
import { currentUser } from '../http/session';
import { bookingByRef, type BookingRow } from '../db/bookings';
import { fromMinor } from '../../src/shared/rules/money';
import { CANCEL_REFUSED, cancelBooking, handlePaymentEvent } from '../flows/payments';
import { freeCancellationUntil } from '../../src/shared/rules/cancellation';
import { isDevelopment } from '../env';
import { requestMailer } from '../http/mailer';
import { sendOwedMails } from '../flows/booking-mails';
import type { Context } from 'hono';
import { paymentsFor, PaymentProviderError, WebhookSignatureError } from '../outside/payments';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';

const BookingParams = z.object({ booking_id: z.string() });

const routes = {
  webhook: createRoute({
    method: 'post', path: '/payments/webhook', summary: 'The payment provider’s signed event (Stripe-Signature); no session, no Origin check', ...access('webhook'),
    request: { headers: z.object({ 'stripe-signature': z.string().optional() }), body: body(PaymentEventSchema) },
    responses: { 200: json(dataOf(PaymentEventReplySchema)), ...refusals },
  }),
  booking: createRoute({
    method: 'get', path: '/bookings/{booking_id}', summary: 'A booking’s status and amounts, for its owner, with the product’s first photo', ...access('optional'),
    request: { params: BookingParams },
    responses: { 200: json(dataOf(BookingReplySchema)), ...refusals },
  }),
  cancel: createRoute({
    method: 'post', path: '/bookings/{booking_id}/cancel', summary: 'Cancel under the product’s policy: the card part refunded, wallet parts restored', ...access('optional'),
    request: { params: BookingParams, headers: z.object({ 'x-dev-now': z.string().optional() }) },
    responses: { 200: json(dataOf(BookingReplySchema)), ...refusals },
  }),
};

export const payments = router()
  .openapi(routes.webhook, async (c) => {
    const provider = paymentsFor(c.env);
    // The signature is over the bytes as sent: it is checked on the raw body, never on the declared body as parsed.
    const payload = await c.req.text();
    let event;
    try {
      event = await provider.verifyWebhook(payload, c.req.valid('header')['stripe-signature']);
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
      return c.json({ data: { received: true as const, outcome: handled.outcome } }, 200);
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        logEvent(c, 'error', 'payments.provider_failed', { event: event.id, type: event.type, kind: err.kind, reason: err.message });
        throw new ApiError(502, 'UPSTREAM_FAILED', 'The payment provider could not be reached; the event will be retried');
      }
      throw err;
    }
  })
  .openapi(routes.booking, async (c) => {
    // The product named, and its city, in the reader's language (decision 0049).
    const booking = await withProductName(c.env.DB, await ownBooking(c, c.req.valid('param').booking_id), requestLanguage(c));
    // The confirmation page shows the booked product's first photo beside the summary (docs/decisions/0032-photographs.md).
    const [photo] = await productGallery(c.env.DB, c.get('org'), { id: booking.product_id, name: booking.product_name });
    return c.json({ data: { ...bookingReply(booking, requestLanguage(c)), photo: photo ?? null } }, 200);
  })
  .openapi(routes.cancel, async (c) => {
    const booking = await ownBooking(c, c.req.valid('param').booking_id);
    let outcome;
    try {
      // In development a test may set the clock (X-Dev-Now) to prove the refusal falls on the minute the pages show;
      // anywhere else the header is ignored.
      const nowMs = (isDevelopment(c.env) && Date.parse(c.req.valid('header')['x-dev-now'] ?? '')) || Date.now();
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
    return c.json({ data: bookingReply(outcome.booking, requestLanguage(c)) }, 200);
  });

/** The caller's booking (a guest booking is reached by its reference alone); anyone else's is as unknown as a missing one. */
async function ownBooking(c: Context<AppEnv>, ref: string): Promise<BookingRow> {
  const user = await currentUser(c);
  const booking = /^[A-Z0-9-]{1,40}$/.test(ref) ? await bookingByRef(c.env.DB, ref) : null;
  const owner = booking && (booking.user_id === null || booking.user_id === user?.id);
  if (!booking || !owner || booking.org_id !== c.get('org').id) throw notFound('No such booking');
  return booking;
}
