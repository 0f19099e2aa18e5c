// A booking as its replies state it (docs/contract.md#booking): the amounts, the stay and the payment state, written
// once for the checkout, the member's reservations, the booking's own page and the console's list.
import {
  bookedNightsOf, bookedOccupancyOf, bookedRateOf, bookedRoomOf, type BookedRooms, type BookingRow, type RoomColumns, type StayColumns,
} from '../db/bookings';
import { fromMinor } from '../../src/shared/rules/money';
import { feePercentAfterDeadline, rateCancellationDeadline, rateCancellationUntil } from '../../src/shared/rules/cancellation';
import { nameIn } from '../../src/shared/rules/stay-rates';
import { paymentExpiresAt } from './payments';
import type { BookingReply, CheckoutReply, Reservation } from '../../src/shared/contract/booking-replies';

type Amounts = Pick<BookingRow, 'currency' | 'price_minor' | 'certificate_minor' | 'discount_minor' | 'cash_minor' | 'total_minor'>;

/** What the wallet took off the price, in the booking's currency. */
export function bookingAmounts(b: Amounts) {
  const m = (v: number) => fromMinor(v, b.currency);
  return {
    price: m(b.price_minor),
    certificate_amount: m(b.certificate_minor),
    discount_amount: m(b.discount_minor),
    cash_amount: m(b.cash_minor),
    total: m(b.total_minor),
    currency: b.currency,
  };
}

/** The room, rate, party and nights a booking holds, in the reply's currency, named in `language`. */
export function roomsReply(rooms: Partial<BookedRooms> | undefined, currency: string, language: string) {
  const { room, rate } = rooms ?? {};
  return {
    room: room ? { room_id: room.room_id, name: nameIn(room.name, language) } : null,
    rate: rate ? { rate_plan_id: rate.rate_plan_id, name: nameIn(rate.name, language), board: rate.board, refundable: rate.refundable } : null,
    occupancy: rooms?.occupancy ?? [],
    nights: (rooms?.nights ?? []).map((n) => ({ date: n.date, price: fromMinor(n.price, currency) })),
  };
}

/** The same, of a booking row (null and empty for activities and bookings made before rooms were sold). */
export const rowRooms = (b: RoomColumns & { currency: string }, language: string) =>
  roomsReply({ room: bookedRoomOf(b) ?? undefined, rate: bookedRateOf(b) ?? undefined, occupancy: bookedOccupancyOf(b), nights: bookedNightsOf(b) }, b.currency, language);

/** When free cancellation of a booking ends, under its rate plan's terms (or its product type's, for a plan without any). */
export function bookingDeadline(b: Pick<BookingRow, 'product_type' | 'check_in' | 'time_zone' | 'rate'>) {
  const rate = bookedRateOf(b);
  return {
    free_cancellation_until: rateCancellationUntil(b.product_type, rate, b.check_in),
    free_cancellation_deadline: rateCancellationDeadline(b.product_type, rate, b.check_in, b.time_zone),
    cancellation_fee_percent: feePercentAfterDeadline(rate),
  };
}

/** The stay a booking is for and where it stands. */
export function bookingStay(b: Omit<BookingRow, 'idempotency_key' | 'request_hash' | 'time_zone' | 'language'> & StayColumns, language = 'en-US') {
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
    ...rowRooms(b, language),
    is_package: b.is_package === 1 ? (1 as const) : (0 as const),
    created_at: b.created_at,
  };
}

/** A bed bank's booking: its supplier and the supplier's reference, null until it holds the booking (absent for own hotels). */
export const supplierOf = (b: { supplier?: string | null; supplier_reference?: string | null }) =>
  b.supplier ? { supplier: { name: b.supplier, reference: b.supplier_reference ?? null } } : {};

/** Where a booking still waiting for its card part is paid, and when its session ends (docs/contract.md#unpaid-bookings). */
const paymentUrlOf = (b: BookingRow) =>
  b.status === 'PENDING_PAYMENT' && b.payment_url ? { payment_url: b.payment_url, expires_at: paymentExpiresAt(b) } : {};

export function checkoutReply(b: BookingRow, language = 'en-US'): CheckoutReply {
  const { booking_id, status, is_package, room, rate, occupancy, nights } = bookingStay(b, language);
  return { booking_id, status, ...bookingAmounts(b), is_package, room, rate, occupancy, nights, ...paymentUrlOf(b) };
}

/** One of the member's bookings with the wallet cards it spent (`spends` of this booking only). */
export function reservationReply(b: BookingRow, spends: { kind: string; card_code: string; amount_minor: number }[], language = 'en-US'): Reservation {
  return {
    ...bookingStay(b, language),
    ...bookingAmounts(b),
    image: b.image,
    // "Paid" is money received by card, never what is still owed (docs/contract.md#unpaid-bookings).
    paid_amount: fromMinor(b.paid_minor, b.currency),
    refunded_amount: fromMinor(b.refunded_minor, b.currency),
    ...(b.status === 'PENDING_PAYMENT' && b.payment_session_id ? { expires_at: paymentExpiresAt(b) } : {}),
    traveler: JSON.parse(b.traveler) as unknown,
    cards: spends.map((s) => ({ kind: s.kind, card_code: s.card_code, amount: fromMinor(s.amount_minor, b.currency) })),
    ...supplierOf(b),
  };
}

export function bookingReply(b: BookingRow, language = 'en-US'): BookingReply {
  return {
    ...bookingStay(b, language),
    ...bookingAmounts(b),
    paid_amount: fromMinor(b.paid_minor, b.currency),
    refunded_amount: fromMinor(b.refunded_minor, b.currency),
    ...bookingDeadline(b),
    time_zone: b.time_zone,
    ...paymentUrlOf(b),
    ...supplierOf(b),
  };
}
