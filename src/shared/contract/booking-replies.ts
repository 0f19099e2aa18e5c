// The booking area's replies (docs/decisions/0021-openapi-from-routes.md): the OpenAPI document describes them and the
// islands type their data with z.infer. A module of its own because the islands import it for types only, so none
// of these schemas reaches the browser bundle.
import { z } from 'zod';
import { PRODUCT_TYPES } from '../rules/wallet';
import { BOARDS } from '../rules/stay-rates';
import { AgentPricingSchema } from './booking';
import { ProductPhotoSchema } from './photos';
import { PRODUCT_SOURCES } from './supplier-text';

export const BOOKING_STATUSES = ['PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'FAILED'] as const;
const bookingStatus = z.enum(BOOKING_STATUSES);
const packageFlag = z.union([z.literal(0), z.literal(1)]);

/** What the wallet takes off a price, in the reply's currency. */
const amountsFields = {
  price: z.number(),
  certificate_amount: z.number(),
  discount_amount: z.number(),
  cash_amount: z.number(),
  total: z.number(),
  currency: z.string(),
};

/** The room type booked, named in the reader's language. */
export const BookedRoomSchema = z.object({ room_id: z.number(), name: z.string() });
/** The rate plan booked: its name in the reader's language, its board and whether it refunds at all. */
export const BookedRateSchema = z.object({ rate_plan_id: z.number(), name: z.string(), board: z.enum(BOARDS), refundable: z.boolean() });
/** One night of a stay and its price, in the reply's currency. */
export const NightPriceSchema = z.object({ date: z.string(), price: z.number() });

/**
 * The room, rate, party (one occupancy value per room) and nights of a booked stay (docs/contract.md#rooms-rates-and-availability):
 * null and empty for activities and for bookings made before rooms were sold.
 */
export const roomFields = {
  room: BookedRoomSchema.nullable(),
  rate: BookedRateSchema.nullable(),
  occupancy: z.array(z.string()),
  nights: z.array(NightPriceSchema),
};

/** What was booked, where and when, for how many: the same fields in every reply that states a booked stay. */
export const bookedStayFields = {
  product_type: z.string(),
  product_name: z.string(),
  city: z.string(),
  check_in: z.string(),
  check_out: z.string().nullable(),
  guests: z.number(),
  ...roomFields,
};

/**
 * A bed bank's booking (docs/contract.md section 18): the supplier and its booking's reference, null until the supplier
 * holds it (src/shared/rules/supplier-status.ts reads a CONFIRMED booking without one as awaiting the hotel).
 */
export const BookingSupplierSchema = z.object({ name: z.string(), reference: z.string().nullable() });

/** The stay a booking is for, as its reply states it. */
const stayFields = {
  booking_id: z.string(),
  status: bookingStatus,
  product_id: z.number(),
  ...bookedStayFields,
  is_package: packageFlag,
  created_at: z.string(),
};

/** A product as search results and the booking preview state it, priced in the asked currency. */
export const ProductSummarySchema = z.object({
  product_id: z.number(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  price: z.number(),
  currency: z.string(),
  price_unit: z.enum(['night', 'person']),
  total_price: z.number(),
  nights: z.number().nullable(),
  guests: z.number(),
  image: z.string(),
  rating: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  summary: z.string(),
  /** The product's IANA time zone: its cancellation deadline is shown on this clock. */
  time_zone: z.string(),
  /** For the asked check-in: the instant (ISO, UTC) free cancellation ends, null when it never is free. */
  free_cancellation_deadline: z.string().nullable(),
  /** Its verified reviews, from the aggregate stored on the product (no search counts them): how many are shown, and their average score out of 10 (null without any). */
  review_count: z.number(),
  review_score: z.number().nullable(),
  /** Only for an agent of an org in B2B mode: per night or person, like `price`. */
  agent_pricing: AgentPricingSchema.optional(),
});

/** Where a product comes from (docs/contract.md section 18): the org's own, or a supplier's hotel with its hotel code. */
export const ProductSourceFields = {
  source: z.enum(PRODUCT_SOURCES),
  supplier_code: z.string().optional(),
};

export const ProductDetailSchema = ProductSummarySchema.extend({
  ...ProductSourceFields,
  address: z.string(),
  images: z.array(z.string()),
  /** The gallery in its order (docs/contract.md#photos); empty for a product without photos. */
  photos: z.array(ProductPhotoSchema),
  description: z.string(),
  amenities: z.array(z.string()),
  max_guests: z.number(),
  available_from: z.string().nullable(),
  available_to: z.string().nullable(),
  min_check_in: z.string(),
});
export type ProductDetail = z.output<typeof ProductDetailSchema>;

export const PreviewReplySchema = z.object({
  ...amountsFields,
  product: ProductSummarySchema,
  check_in: z.string(),
  check_out: z.string().nullable(),
  guests: z.number(),
  ...roomFields,
  /** The rate booked: the one sent, or the stay's cheapest, signed to be sent back to the checkout (null for activities). */
  rate_id: z.string().nullable(),
  /** The instant (ISO, UTC) free cancellation ends under the rate's terms; null when it never is free. */
  free_cancellation_deadline: z.string().nullable(),
  /** The fee, in percent of the price, once free cancellation has ended (100: nothing refunded). */
  cancellation_fee_percent: z.number().optional(),
  cards: z.array(z.object({ payment_card_id: z.number(), kind: z.string(), amount: z.number() })),
});
export type PreviewReply = z.output<typeof PreviewReplySchema>;

export const CheckoutReplySchema = z.object({
  ...amountsFields,
  booking_id: z.string(),
  status: bookingStatus,
  is_package: packageFlag,
  ...roomFields,
  payment_url: z.string().optional(),
  /** While the payment is awaited: when its session ends (ISO, UTC; 30 minutes after the booking). */
  expires_at: z.string().optional(),
});
export type CheckoutReply = z.output<typeof CheckoutReplySchema>;

export const ReservationSchema = z.object({
  ...stayFields,
  ...amountsFields,
  image: z.string(),
  /** Money received by card, and refunded of it: "paid" counts only what arrived (docs/contract.md#unpaid-bookings). */
  paid_amount: z.number(),
  refunded_amount: z.number(),
  /** While the payment is awaited: when its session ends (ISO, UTC). */
  expires_at: z.string().optional(),
  traveler: z.unknown(),
  cards: z.array(z.object({ kind: z.string(), card_code: z.string(), amount: z.number() })),
  /** A bed bank's hotel: the supplier and its booking's reference once it holds one (null before). */
  supplier: BookingSupplierSchema.optional(),
});
export type Reservation = z.output<typeof ReservationSchema>;
export const ReservationsReplySchema = z.object({ data: z.array(ReservationSchema) });

/** One booking with its payment state, for its owner (the booking page, the confirmation page, after a cancel). */
export const BookingReplySchema = z.object({
  ...stayFields,
  ...amountsFields,
  paid_amount: z.number(),
  refunded_amount: z.number(),
  free_cancellation_until: z.string().nullable(),
  /** The instant (ISO, UTC) free cancellation ends: 18:00 hotel time on the last free day. */
  free_cancellation_deadline: z.string().nullable(),
  /** The fee, in percent of the price, once free cancellation has ended (100: nothing refunded). */
  cancellation_fee_percent: z.number().optional(),
  /** The product's IANA time zone, in which the deadline is shown. */
  time_zone: z.string(),
  payment_url: z.string().optional(),
  /** While the payment is awaited: when its session ends (ISO, UTC; 30 minutes after the booking). */
  expires_at: z.string().optional(),
  /** The booked product's first photo (`GET /api/bookings/{id}` only; null when it has none): the confirmation page shows it. */
  photo: ProductPhotoSchema.nullable().optional(),
  /** A bed bank's hotel (docs/contract.md section 18): the supplier and its booking's reference once it holds one (null before). */
  supplier: BookingSupplierSchema.optional(),
});
export type BookingReply = z.output<typeof BookingReplySchema>;

/**
 * What cancelling a booking now would do (docs/contract.md#cancellation), in the booking's currency: the card part
 * refunded, the wallet parts given back, and what cancelling keeps (`fee`); `deadline` is when free cancellation ends
 * (null: never free). The page shows it before the traveller confirms.
 */
export const CancelQuoteReplySchema = z.object({
  refund_card: z.number(),
  refund_wallet: z.object({ certificate: z.number(), discount: z.number(), cash: z.number() }),
  fee: z.number(),
  currency: z.string(),
  deadline: z.string().nullable(),
});
export type CancelQuoteReply = z.output<typeof CancelQuoteReplySchema>;

/**
 * An unpaid booking's open payment session (POST /api/bookings/{id}/payment, docs/contract.md#unpaid-bookings): where
 * to pay it, and when it ends (ISO, UTC).
 */
export const PaymentSessionReplySchema = z.object({ payment_url: z.string(), expires_at: z.string() });
export type PaymentSessionReply = z.output<typeof PaymentSessionReplySchema>;

/** The provider's event as far as the webhook reads it before the signature check decides. */
export const PaymentEventSchema = z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) });
export const PaymentEventReplySchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['confirmed', 'expired', 'refunded', 'unchanged', 'ignored', 'duplicate']),
});
