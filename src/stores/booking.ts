// The booking area's API calls (a product, a price preview, the checkout, the reservations, one booking, what
// cancelling it costs and its cancellation): the islands call these actions, each reply typed by its route
// (docs/decisions/0041-typed-client-everywhere-and-person-rules.md).
import { request, type ApiBody, type ApiReply } from './api';

/** One product with its prices in `currency`. */
export const loadProduct = async (productId: number, currency: string) =>
  (await request('$get', '/api/products/:product_id', { param: { product_id: productId }, query: { currency } })).data;

export type BookingPreview = ApiReply<'/api/booking/preview', '$post'>['data'];
/** The price of a stay with the wallet parts chosen (the body as the checkout sends it). */
export type PreviewBody = ApiBody<'/api/booking/preview', '$post'>;
export const previewBooking = async (body: PreviewBody, signal?: AbortSignal) =>
  (await request('$post', '/api/booking/preview', { body, signal })).data;

export type CheckoutBody = ApiBody<'/api/booking/checkout', '$post'>;
export const checkout = async (body: CheckoutBody) => (await request('$post', '/api/booking/checkout', { body })).data;

// /user-details shows the history and the trips side by side: both ask at once, one request answers them.
let reservations: Promise<ApiReply<'/api/reservations', '$post'>['data']> | null = null;
export function loadReservations() {
  reservations ??= request('$post', '/api/reservations', { body: { json: { token: '' } } })
    .then((r) => r.data)
    .finally(() => (reservations = null));
  return reservations;
}

export const loadBooking = async (bookingId: string) =>
  (await request('$get', '/api/bookings/:booking_id', { param: { booking_id: bookingId } })).data;
export type CancelQuote = ApiReply<'/api/bookings/:booking_id/cancel-quote', '$get'>['data'];
/** What cancelling the booking now would refund and keep; rejects (409) when it may no longer be cancelled. */
export const loadCancelQuote = async (bookingId: string) =>
  (await request('$get', '/api/bookings/:booking_id/cancel-quote', { param: { booking_id: bookingId } })).data;
export const cancelBooking = async (bookingId: string) =>
  (await request('$post', '/api/bookings/:booking_id/cancel', { param: { booking_id: bookingId }, body: {} })).data;
/** "Complete payment" of an unpaid booking: its open payment session; rejects 409 BOOKING_EXPIRED once it has run out. */
export const resumePayment = async (bookingId: string) =>
  (await request('$post', '/api/bookings/:booking_id/payment', { param: { booking_id: bookingId }, body: {} })).data;
