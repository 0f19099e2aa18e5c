// The payment provider's webhook and a booking's own page data, its cancel quote, its cancel and completing its payment: validate, run the flow, answer.
import { z } from 'zod';
import { BookingReplySchema, CancelQuoteReplySchema, PaymentEventReplySchema, PaymentEventSchema, PaymentSessionReplySchema } from '../../src/shared/contract/booking-replies';
import { deps } from '../http/deps';
import { requestNow } from '../http/request';
import { currentUser } from '../http/session';
import { receivePaymentEvent } from '../flows/payments';
import { bookingPage, cancelOwnBooking, cancelQuoteOf, payOwnBooking } from '../flows/bookings';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';

const BookingParams = z.object({ booking_id: z.string() });
/** In development a test may set the clock (X-Dev-Now) to prove a rule falls on the minute the pages show. */
const DevNow = z.object({ 'x-dev-now': z.string().optional() });

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
  cancelQuote: createRoute({
    method: 'get', path: '/bookings/{booking_id}/cancel-quote', summary: 'What cancelling now would refund and keep, for its owner (409 when it may not be cancelled)', ...access('optional'),
    request: { params: BookingParams, headers: DevNow },
    responses: { 200: json(dataOf(CancelQuoteReplySchema)), ...refusals },
  }),
  cancel: createRoute({
    method: 'post', path: '/bookings/{booking_id}/cancel', summary: 'Cancel under the product’s policy: the card part refunded, wallet parts restored', ...access('optional'),
    request: { params: BookingParams, headers: DevNow },
    responses: { 200: json(dataOf(BookingReplySchema)), ...refusals },
  }),
  payment: createRoute({
    method: 'post', path: '/bookings/{booking_id}/payment', summary: 'An unpaid booking’s open payment session, to complete it (409 BOOKING_EXPIRED once its 30 minutes are over)', ...access('optional'),
    request: { params: BookingParams, headers: DevNow },
    responses: { 200: json(dataOf(PaymentSessionReplySchema)), ...refusals },
  }),
};

export const payments = router()
  .openapi(routes.webhook, async (c) => {
    // The signature is over the bytes as sent: it is checked on the raw body, never on the declared body as parsed.
    const { outcome } = await receivePaymentEvent(deps(c), await c.req.text(), c.req.valid('header')['stripe-signature']);
    return c.json({ data: { received: true as const, outcome } }, 200);
  })
  .openapi(routes.booking, async (c) => {
    const { booking_id } = c.req.valid('param');
    return c.json({ data: await bookingPage(deps(c), booking_id, await currentUser(c)) }, 200);
  })
  .openapi(routes.cancelQuote, async (c) => {
    const { booking_id } = c.req.valid('param');
    const now = requestNow(c, c.req.valid('header')['x-dev-now']);
    return c.json({ data: await cancelQuoteOf(deps(c), booking_id, await currentUser(c), now) }, 200);
  })
  .openapi(routes.cancel, async (c) => {
    const { booking_id } = c.req.valid('param');
    const now = requestNow(c, c.req.valid('header')['x-dev-now']);
    return c.json({ data: await cancelOwnBooking(deps(c), booking_id, await currentUser(c), now) }, 200);
  })
  .openapi(routes.payment, async (c) => {
    const { booking_id } = c.req.valid('param');
    const now = requestNow(c, c.req.valid('header')['x-dev-now']);
    return c.json({ data: await payOwnBooking(deps(c), booking_id, await currentUser(c), now) }, 200);
  });
