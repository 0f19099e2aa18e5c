// A booking as its replies state it (docs/contract.md#booking): the amounts, the stay and the payment state, written
// once for the checkout, the member's reservations, the booking's own page and the console's list.
import type { BookingRow, StayColumns } from '../db/bookings';
import { fromMinor } from '../../src/shared/rules/money';
import { freeCancellationDeadline, freeCancellationUntil } from '../../src/shared/rules/cancellation';
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

/** The stay a booking is for and where it stands. */
export function bookingStay(b: Omit<BookingRow, 'idempotency_key' | 'request_hash'> & StayColumns) {
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
    is_package: b.is_package === 1 ? (1 as const) : (0 as const),
    created_at: b.created_at,
  };
}

/** Where a booking still waiting for its card part is paid. */
const paymentUrlOf = (b: BookingRow) => (b.status === 'PENDING_PAYMENT' && b.payment_url ? { payment_url: b.payment_url } : {});

export function checkoutReply(b: BookingRow): CheckoutReply {
  const { booking_id, status, is_package } = bookingStay(b);
  return { booking_id, status, ...bookingAmounts(b), is_package, ...paymentUrlOf(b) };
}

/** One of the member's bookings with the wallet cards it spent (`spends` of this booking only). */
export function reservationReply(b: BookingRow, spends: { kind: string; card_code: string; amount_minor: number }[]): Reservation {
  return {
    ...bookingStay(b),
    ...bookingAmounts(b),
    image: b.image,
    traveler: JSON.parse(b.traveler) as unknown,
    cards: spends.map((s) => ({ kind: s.kind, card_code: s.card_code, amount: fromMinor(s.amount_minor, b.currency) })),
  };
}

export function bookingReply(b: BookingRow): BookingReply {
  return {
    ...bookingStay(b),
    ...bookingAmounts(b),
    paid_amount: fromMinor(b.paid_minor, b.currency),
    refunded_amount: fromMinor(b.refunded_minor, b.currency),
    free_cancellation_until: freeCancellationUntil(b.product_type, b.check_in),
    free_cancellation_deadline: freeCancellationDeadline(b.product_type, b.check_in, b.time_zone),
    time_zone: b.time_zone,
    ...paymentUrlOf(b),
  };
}
