// The booking area's contract (docs/contract.md#wallet, docs/contract.md#booking, docs/contract.md#development): request schemas shared by the API and the islands, and the date rules.
import { z } from 'zod';
import { PRODUCT_TYPES, type ProductType } from '../rules/wallet';
import { EMAIL_MAX_LENGTH } from '../rules/person';
import { contactEmail, TitleSchema, TravellerEmailSchema, TravellerFirstNameSchema, TravellerLastNameSchema } from '../rules/person-schemas';
import { guestsOf, OccupancyBodySchema, type RoomParty } from '../rules/occupancy';
import { OccupancyQuerySchema } from '../rules/occupancy';

import { TYPE_OF_PRODUCT, eligibleTypes, isoDay, addDays, minCheckInDate, MAX_NIGHTS, MAX_GUESTS, PAGE_SIZE, weekStartsOn } from '../rules/booking-dates';

export { TYPE_OF_PRODUCT, eligibleTypes, isoDay, addDays, minCheckInDate, MAX_NIGHTS, MAX_GUESTS, PAGE_SIZE, weekStartsOn };

/** The star-rating filter's steps: "3 and up", "4 and up", "4.5 and up" (the search answers a count for each). */
export const RATING_STEPS = [3, 4, 4.5] as const;

/** A calendar day that exists (2027-02-30 does not); the check is safe on any text since zod runs it after a format failure too. */
const realDay = z.iso.date('Use a date as YYYY-MM-DD').refine((s) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && isoDay(new Date(t)) === s;
}, 'No such date');

// ---- query strings ---------------------------------------------------------------------------------------------

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const ProductTypeSchema = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(PRODUCT_TYPES, 'Use one of HLT, ACT, RST or STY'));
export const CurrencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code'),
);

const latitude = z.coerce.number('Use a number').min(-90).max(90);
const longitude = z.coerce.number('Use a number').min(-180).max(180);

export const SearchQuerySchema = z
  .object({
    type: z.preprocess(blankToUndefined, ProductTypeSchema.default('HLT')),
    city: optionalQuery(z.string().trim().max(80)),
    latitude: optionalQuery(latitude),
    longitude: optionalQuery(longitude),
    radius_km: optionalQuery(z.coerce.number('Use a number').positive().max(1000)),
    check_in: optionalQuery(realDay),
    check_out: optionalQuery(realDay),
    guests: optionalQuery(z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(MAX_GUESTS)),
    /** One value per room (`2-5,9`), repeated; without it `guests=N` is one room of N adults (decision 0057). */
    occupancy: OccupancyQuerySchema,
    currency: optionalQuery(CurrencySchema),
    page: optionalQuery(z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(10_000)),
    per_page: optionalQuery(z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(50)),
    sort: optionalQuery(z.enum(['price', '-price', 'name', 'rating', 'distance'])),
    max_price: optionalQuery(z.coerce.number('Use a number').nonnegative()),
    min_price: optionalQuery(z.coerce.number('Use a number').nonnegative()),
    min_rating: optionalQuery(z.coerce.number('Use a number').refine((n) => (RATING_STEPS as readonly number[]).includes(n), `Choose one of ${RATING_STEPS.join(', ')}`)),
    free_cancellation: optionalQuery(z.enum(['1', 'true'], 'Use 1 for free cancellation only').transform(() => true)),
  })
  .superRefine((q, ctx) => {
    if ((q.latitude === undefined) !== (q.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.latitude === undefined ? 'latitude' : 'longitude'], message: 'Send latitude and longitude together' });
    }
    if (q.check_out && !q.check_in) ctx.addIssue({ code: 'custom', path: ['check_in'], message: 'Send a check-in date with the check-out date' });
    if (q.check_in && q.check_out && q.check_out < q.check_in) ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'Check-out must not be before check-in' });
    if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
      ctx.addIssue({ code: 'custom', path: ['min_price'], message: 'The lowest price must not be above the highest' });
    }
  });
export type SearchQuery = z.output<typeof SearchQuerySchema>;

export const ProductQuerySchema = z.object({ currency: optionalQuery(CurrencySchema) });

/** A product's rooms and rates for a stay (GET /api/products/{id}/rates): without dates the default stay, without a party one adult. */
export const RatesQuerySchema = z
  .object({
    check_in: optionalQuery(realDay),
    check_out: optionalQuery(realDay),
    occupancy: OccupancyQuerySchema,
    guests: optionalQuery(z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(MAX_GUESTS)),
    currency: optionalQuery(CurrencySchema),
  })
  .superRefine((q, ctx) => {
    if (q.check_out && !q.check_in) ctx.addIssue({ code: 'custom', path: ['check_in'], message: 'Send a check-in date with the check-out date' });
    if (q.check_in && q.check_out && q.check_out <= q.check_in) ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'Check-out must be after check-in' });
  });
export type RatesQuery = z.output<typeof RatesQuerySchema>;
/** Trade prices on a search result or product, sent only to an agent of an org in B2B mode (docs/decisions, b2b mode). */
export const AgentPricingSchema = z.object({ net_price: z.number(), sell_price: z.number(), markup_percent: z.number(), currency: z.string() });
export type AgentPricing = z.output<typeof AgentPricingSchema>;
export const ProductIdSchema = z.coerce.number('Unknown product').int('Unknown product').positive('Unknown product').max(2 ** 31);

// ---- booking ---------------------------------------------------------------------------------------------------


const cardId = z.number('Use a card id').int('Use a card id').positive('Use a card id').max(2 ** 31);

export const TravelerSchema = z.object({
  title: TitleSchema,
  first_name: TravellerFirstNameSchema,
  last_name: TravellerLastNameSchema,
  email: TravellerEmailSchema,
  phone: z
    .string('Please enter a phone number')
    .trim()
    .max(24)
    .regex(/^\+?[0-9][0-9 -]*$/, 'Use digits only')
    .refine((p) => {
      const digits = p.replace(/\D/g, '').length;
      return digits >= 6 && digits <= 15;
    }, 'Use 6 to 15 digits'),
});
export type Traveler = z.output<typeof TravelerSchema>;

/** A saved traveller as the API sends it back. */
export const TravelerRowSchema = z.object({
  id: z.number(), title: TitleSchema, first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string(), updated_at: z.string(),
});

/** A booked stay as the mails and the console name it: the product, where, when, for how many, in which currency. */
export interface StayFacts {
  product_name: string;
  city: string;
  check_in: string;
  check_out: string | null;
  guests: number;
  currency: string;
}

/** What a booking, a preview or an agent's quote may say when it names a rate_id: every one of them must match the rate. */
export const BOOKING_MSG = {
  choose: 'Choose a product',
  rateExpired: 'This price has expired: search again',
  notTheRate: 'This is not what the chosen rate is for',
  priceChanged: 'The price for these dates has changed',
  soldOut: 'This room is no longer available for these dates',
  guestsNotParty: 'The guests must be the people of the rooms',
  noRoomFits: 'No room of this hotel fits this party',
  supplierDown: 'This hotel’s rooms cannot be priced right now: try again in a moment',
} as const;

/**
 * The stay a booking, a preview or a quote names (docs/contract.md#rooms-rates-and-availability): a `rate_id` from the
 * product's rates (product, stay and occupancy come from it), or the product, the dates and the party (`occupancy`, one
 * value per room, or `guests`: one room of N adults).
 */
export const stayFields = {
  rate_id: z.string('Send the rate_id the rates gave').min(1, BOOKING_MSG.rateExpired).max(4096, BOOKING_MSG.rateExpired).optional().nullable(),
  product_id: z.number(BOOKING_MSG.choose).int(BOOKING_MSG.choose).positive(BOOKING_MSG.choose).max(2 ** 31).optional(),
  check_in: realDay.optional(),
  check_out: realDay.optional().nullable(),
  guests: z.number('Use a whole number of guests').int('Use a whole number of guests').min(1).max(MAX_GUESTS).optional(),
  occupancy: OccupancyBodySchema.optional(),
};

const bookingFields = {
  ...stayFields,
  currency: CurrencySchema,
  certificate_id: cardId.optional().nullable(),
  discount_card_id: cardId.optional().nullable(),
  use_cash: z.boolean('Use true or false').optional().nullable(),
  cash_card_id: cardId.optional().nullable(),
};

/** Without a rate_id, the product, the check-in and the party must be sent; dates in order; guests the rooms' people. */
export const stayNamed = (
  b: { rate_id?: string | null; product_id?: number; check_in?: string; check_out?: string | null; guests?: number; occupancy?: RoomParty[] },
  ctx: z.RefinementCtx,
) => {
  if (!b.rate_id) {
    if (b.product_id === undefined) ctx.addIssue({ code: 'custom', path: ['product_id'], message: BOOKING_MSG.choose });
    if (b.check_in === undefined) ctx.addIssue({ code: 'custom', path: ['check_in'], message: 'Choose a check-in date' });
    if (b.guests === undefined && b.occupancy === undefined) ctx.addIssue({ code: 'custom', path: ['guests'], message: 'Use a whole number of guests' });
  }
  if (b.check_in && b.check_out && b.check_out < b.check_in) ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'Check-out must not be before check-in' });
  if (b.guests !== undefined && b.occupancy && guestsOf(b.occupancy) !== b.guests) ctx.addIssue({ code: 'custom', path: ['guests'], message: BOOKING_MSG.guestsNotParty });
};
/** The stay as a request names it, after its schema. */
export type StayRequest = Parameters<typeof stayNamed>[0];

export const PreviewSchema = z.object(bookingFields).superRefine(stayNamed);
export type PreviewRequest = z.output<typeof PreviewSchema>;

export const IDEMPOTENCY_KEY_MAX = 255;
/**
 * Idempotency keys as payment providers take them: 1 to 255 printable characters (counted as code points). Printable
 * means no control, format, surrogate, private-use or unassigned character and no separator other than the plain space.
 */
export const IDEMPOTENCY_KEY = /^(?:(?![\p{C}\p{Z}])[\s\S]| ){1,255}$/u;
export const IdempotencyKeySchema = z
  .string('Send an idempotency_key')
  .regex(IDEMPOTENCY_KEY, `Use 1 to ${IDEMPOTENCY_KEY_MAX} printable characters`);
/** The package flag of the landing (`is_package` in its address), carried into the booking; 1/0 as the client may send it. */
export const IsPackageSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)], 'Use true or false')
  .optional()
  .nullable()
  .transform((v) => v === true || v === 1);
export const CheckoutSchema = z
  .object({
    ...bookingFields,
    idempotency_key: IdempotencyKeySchema,
    traveler: TravelerSchema,
    is_package: IsPackageSchema,
  })
  .superRefine(stayNamed);
export type CheckoutRequest = z.output<typeof CheckoutSchema>;

export const ReservationsSchema = z.object({ json: z.object({ token: z.string().max(512).optional().nullable() }).optional() });

export const PaymentCardsByUserSchema = z.object({ currency: CurrencySchema.optional() });
export const PaymentCardsByOrgSchema = z.record(z.string(), z.unknown());

export const CARD_CODE = /^[A-Za-z0-9-]{4,40}$/;
export const RedeemSchema = z.object({
  card_code: z.string('Enter the card code').trim().regex(CARD_CODE, 'Enter the card code as printed: letters, digits and dashes'),
});

export const IssueCardSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).pipe(contactEmail()),
  kind: z.enum(['certificate', 'discount', 'cash'], 'Use certificate, discount or cash'),
  services: z.array(ProductTypeSchema).max(4).optional(),
  pro_code: z.string().trim().max(40).regex(/^[A-Za-z,\s-]*$/, 'Use product codes').optional(),
  amount: z.number('Send an amount').nonnegative().max(1_000_000),
  redemption_price: z.number().nonnegative().max(1_000_000).optional(),
  currency: CurrencySchema.default('USD'),
  status: z.enum(['ACTIVE', 'INACTIVE', 'REDEEMED', 'EXPIRED']).default('ACTIVE'),
  card_code: z.string().trim().regex(CARD_CODE).optional(),
});

export const TravelerIdSchema = z.coerce.number('Unknown traveller').int().positive().max(2 ** 31);

// ---- wallet entries as the API sends them (docs/product.md#entities) --------------------------------------------------------------

export const CardEntrySchema = z.object({
  payment_card_id: z.number(),
  card_code: z.string(),
  card_name: z.string().optional().default(''),
  card_type: z.enum(['certificate', 'discount', 'cash']).optional(),
  pro_code: z.string().default(''),
  status: z.string(),
  services: z.string().default(''),
  card_amount: z.number().default(0),
  payment_card_redemption_price: z.number().default(0),
  payment_product_code: z.string().default(''),
  payment_card_currency: z.string().default('USD'),
});
export type CardEntry = z.output<typeof CardEntrySchema>;

const SummarySchema = z.object({ count: z.number(), active_count: z.number(), total_value: z.number(), currency: z.string() });

export const WalletEntrySchema = z.object({
  certidata: z.array(CardEntrySchema).default([]),
  discountcarddata: z.array(CardEntrySchema).default([]),
  cashcarddata: z.array(CardEntrySchema).default([]),
  certificate_details: SummarySchema.optional(),
  discountcard_details: SummarySchema.optional(),
  cashcard_details: SummarySchema.optional(),
  orgcertidata: z.array(CardEntrySchema).default([]),
  exchange_rates: z.record(z.string(), z.number()).default({}),
  walletOptions: z.array(z.object({ org_site_wallet: z.string().nullable().optional() })).default([]),
});
export type WalletEntry = z.output<typeof WalletEntrySchema>;

// Card entries become wallet cards in src/shared/rules/wallet-entry.ts, a zod-free module the islands share.
