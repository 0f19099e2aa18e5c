// The agent portal's contract (docs/contract.md#agents): client, quote and query schemas shared by the API and the islands,
// what each route answers, and the exact refusal texts.
import { z } from 'zod';
import { CountryCodeSchema, NationalitySchema, PhoneCountryCodeSchema } from './auth';
import { FirstNameSchema, LastNameSchema, MobileSchema, SignUpEmail, TitleSchema } from '../rules/person-schemas';
import { PreviewSchema, stayFields, stayNamed } from './booking';
import { BookingSupplierSchema } from './booking-replies';

// The messages and payment choices, zod-free (./agent-text; docs/decisions/0039-page-weight-by-interaction.md).
export * from './agent-text';
import { AGENT_MSG, MAX_MARKUP_PERCENT, PAY_BY, QUOTE_STATUSES } from './agent-text';
// The quote's price rule (net + markup) has one home, src/shared/rules/quote-price.ts; named here for the contract's readers.
export { DEFAULT_MARKUP_BPS, bpsOfPercent, markupOf, percentOfBps, sellPrice } from '../rules/quote-price';

export const BookQuoteSchema = z.object({ pay_by: z.enum(PAY_BY, AGENT_MSG.payBy).optional() });

// ---- clients ---------------------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

/** A client as the agent enters it: the same field rules as sign-up (names, email, nationality, phone with country code). */
export const ClientSchema = z
  .object({
    title: TitleSchema,
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    email: SignUpEmail.transform((e) => e.toLowerCase()),
    nationality: NationalitySchema.optional().transform((v) => v ?? null),
    country_code: CountryCodeSchema.nullish().transform((v) => v ?? ''),
    phone_country_code: PhoneCountryCodeSchema.nullish().transform((v) => (v ? `+${v.replace(/^\+/, '')}` : '')),
    mobile_no: MobileSchema.nullish().transform((v) => v ?? ''),
    notes: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.mobile_no && !v.phone_country_code) ctx.addIssue({ code: 'custom', path: ['phone_country_code'], message: AGENT_MSG.countryCodeRequired });
  });
export type ClientInput = z.output<typeof ClientSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const ClientQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(10_000).optional()),
  per_page: z.preprocess(blankToUndefined, z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(100).optional()),
});

/** Ids in paths: anything that is not a positive integer names nothing (404). */
export const RowIdSchema = z.coerce.number().int().positive().max(2 ** 31);

// ---- quotes ----------------------------------------------------------------------------------------------------

const { currency } = PreviewSchema.shape;

export const QuoteSchema = z
  .object({
    client_id: z.number('Choose a client').int('Choose a client').positive('Choose a client').max(2 ** 31),
    // The stay as a booking names it: a rate_id the agent chose, or the product, the dates and the party.
    ...stayFields,
    currency: currency.optional(),
    markup_percent: z
      .number('Use a number')
      .min(0, AGENT_MSG.markupRange)
      .max(MAX_MARKUP_PERCENT, AGENT_MSG.markupRange)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Use at most 2 decimals')
      .optional()
      .nullable(),
    note: optionalText(500),
  })
  .superRefine(stayNamed);
export type QuoteInput = z.output<typeof QuoteSchema>;


export const QuoteQuerySchema = z.object({
  status: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined), z.enum(QUOTE_STATUSES).optional()),
  client_id: z.preprocess(blankToUndefined, z.coerce.number('Use a client id').int().positive().max(2 ** 31).optional()),
});

/** The read-only quote page sends the token from its link: 256 bits, base64url. */
export const QuoteViewSchema = z.object({ token: z.string('Send the token').regex(/^[A-Za-z0-9_-]{43}$/, 'Not a quote link') });

// ---- what the API answers (the islands read these shapes; integration tests check every reply against them) ----

const payBy = z.enum(PAY_BY);
const quoteStatus = z.enum(QUOTE_STATUSES);

/** A client's details as the agent keeps them: the same fields stored (functions/db/clients.ts) and answered. */
const ClientDetailsSchema = z.object({
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  country_code: z.string(),
  phone_country_code: z.string(),
  mobile_no: z.string(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientDetails = z.output<typeof ClientDetailsSchema>;

export const AgentClientSchema = ClientDetailsSchema.extend({
  client_id: z.number(),
  nationality: z.number().nullable(),
});
export type AgentClient = z.output<typeof AgentClientSchema>;

/** The client a quote or booking is for (null once the agent deleted the client; the name and email stay). */
const ForClientSchema = z.object({ client_id: z.number().nullable(), name: z.string(), email: z.string() });
const QuotedProductSchema = z.object({ product_id: z.number(), type: z.string(), name: z.string(), city: z.string(), image: z.string() });

export const AgentQuoteSchema = z.object({
  quote_id: z.number(),
  client: ForClientSchema,
  product: QuotedProductSchema,
  check_in: z.string(),
  check_out: z.string().nullable(),
  nights: z.number().nullable(),
  guests: z.number(),
  currency: z.string(),
  net_price: z.number(),
  markup_percent: z.number(),
  markup_amount: z.number(),
  total: z.number(),
  /** What booking it on account adds to the agent's balance (the net price in USD). */
  charged_usd: z.number(),
  note: z.string(),
  status: quoteStatus,
  sent_at: z.string().nullable(),
  booked_at: z.string().nullable(),
  booking_id: z.string().nullable(),
  created_at: z.string(),
});
export type AgentQuote = z.output<typeof AgentQuoteSchema>;

export const CreditSummarySchema = z.object({
  currency: z.literal('USD'),
  credit_limit: z.number(),
  outstanding: z.number(),
  available: z.number(),
});
export type CreditSummary = z.output<typeof CreditSummarySchema>;

export const AgentBookingSchema = z.object({
  booking_id: z.string(),
  quote_id: z.number(),
  status: z.string(),
  /** On the agent's account, or paid by the client's card (the status is then the payment's). */
  pay_by: payBy,
  paid_amount: z.number(),
  refunded_amount: z.number(),
  /** While a card booking waits for its payment: the hosted page, to open or pass to the client. */
  payment_url: z.string().optional(),
  client: ForClientSchema,
  product: QuotedProductSchema,
  check_in: z.string(),
  check_out: z.string().nullable(),
  guests: z.number(),
  currency: z.string(),
  total: z.number(),
  charged_usd: z.number(),
  created_at: z.string(),
  /** A bed bank's hotel: the supplier and its booking's reference once it holds one (null before: awaiting the hotel). */
  supplier: BookingSupplierSchema.optional(),
});
export type AgentBooking = z.output<typeof AgentBookingSchema>;

export const AgentProfileSchema = z.object({
  agent: z.object({
    user_id: z.number(),
    email: z.string(),
    title: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_country_code: z.string(),
    mobile_no: z.string(),
  }),
  agency: z.object({ name: z.string(), license_no: z.string(), address: z.string(), phone: z.string(), email: z.string() }).nullable(),
  markup_percent: z.number(),
  credit: CreditSummarySchema,
  b2b_mode: z.union([z.literal(0), z.literal(1)]),
  counts: z.object({ clients: z.number(), quotes: z.number(), bookings: z.number() }),
});
export type AgentProfile = z.output<typeof AgentProfileSchema>;

/** What the client sees through the mailed link: the price to pay, never the net price or the markup. */
export const SharedQuoteSchema = z.object({
  reference: z.string(),
  client_name: z.string(),
  agent_name: z.string(),
  agency_name: z.string(),
  agent_email: z.string(),
  org_name: z.string(),
  product: z.object({ type: z.string(), name: z.string(), city: z.string(), image: z.string(), description: z.string() }),
  check_in: z.string(),
  check_out: z.string().nullable(),
  nights: z.number().nullable(),
  guests: z.number(),
  total: z.number(),
  currency: z.string(),
  note: z.string(),
  status: quoteStatus,
  created_at: z.string(),
});
export type SharedQuote = z.output<typeof SharedQuoteSchema>;

/** One page of the agent's clients. */
export const ClientPageReplySchema = z.object({ count: z.number(), page: z.number(), per_page: z.number(), data: z.array(AgentClientSchema) });
export const QuoteListReplySchema = z.object({ count: z.number(), data: z.array(AgentQuoteSchema) });
export const AgentBookingsReplySchema = z.object({ count: z.number(), data: z.array(AgentBookingSchema), credit: CreditSummarySchema });

/** A quote booked: on account (CONFIRMED, the credit used) or by the client's card (PENDING_PAYMENT, its hosted page). */
export const BookedQuoteSchema = z.object({
  booking_id: z.string(),
  status: z.enum(['CONFIRMED', 'PENDING_PAYMENT']),
  pay_by: payBy,
  total: z.number(),
  currency: z.string(),
  charged_usd: z.number(),
  payment_url: z.string().optional(),
  /** A bed bank's hotel: the supplier and its booking's reference once it holds one (null before: awaiting the hotel). */
  supplier: BookingSupplierSchema.optional(),
  quote: AgentQuoteSchema,
  credit: CreditSummarySchema,
});
export type BookedQuote = z.output<typeof BookedQuoteSchema>;
