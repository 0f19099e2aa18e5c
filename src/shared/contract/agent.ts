// The agent portal's contract (docs/contract.md#agents): client, quote and query schemas shared by the API and the islands,
// the pricing rule for a quote (net + markup) and the exact refusal texts.
import { z } from 'zod';
import { CountryCodeSchema, NationalitySchema, PhoneCountryCodeSchema } from './auth';
import { FirstNameSchema, LastNameSchema, MobileSchema, SignUpEmail, TitleSchema } from '../rules/person-schemas';
import { PreviewSchema } from './booking';

// The messages, payment choices and pricing rule, zod-free (./agent-text; docs/decisions/0039-page-weight-by-interaction.md).
export * from './agent-text';
import { AGENT_MSG, MAX_MARKUP_PERCENT, PAY_BY, QUOTE_STATUSES, type PayBy, type QuoteStatus } from './agent-text';

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

const { product_id, check_in, check_out, guests, currency } = PreviewSchema.shape;

export const QuoteSchema = z
  .object({
    client_id: z.number('Choose a client').int('Choose a client').positive('Choose a client').max(2 ** 31),
    product_id,
    check_in,
    check_out,
    guests,
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
  .superRefine((q, ctx) => {
    if (q.check_out && q.check_out < q.check_in) ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'Check-out must not be before check-in' });
  });
export type QuoteInput = z.output<typeof QuoteSchema>;


export const QuoteQuerySchema = z.object({
  status: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined), z.enum(QUOTE_STATUSES).optional()),
  client_id: z.preprocess(blankToUndefined, z.coerce.number('Use a client id').int().positive().max(2 ** 31).optional()),
});

/** The read-only quote page sends the token from its link: 256 bits, base64url. */
export const QuoteViewSchema = z.object({ token: z.string('Send the token').regex(/^[A-Za-z0-9_-]{43}$/, 'Not a quote link') });

// ---- what the API answers (the islands read these shapes) ---------------------------------------------------

/** A client's details as the agent keeps them: the same fields stored (functions/db/clients.ts) and answered. */
export interface ClientDetails {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone_country_code: string;
  mobile_no: string;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface AgentClient extends ClientDetails {
  client_id: number;
  nationality: number | null;
}

export interface AgentQuote {
  quote_id: number;
  client: { client_id: number | null; name: string; email: string };
  product: { product_id: number; type: string; name: string; city: string; image: string };
  check_in: string;
  check_out: string | null;
  nights: number | null;
  guests: number;
  currency: string;
  net_price: number;
  markup_percent: number;
  markup_amount: number;
  total: number;
  /** What booking it on account adds to the agent's balance (the net price in USD). */
  charged_usd: number;
  note: string;
  status: QuoteStatus;
  sent_at: string | null;
  booked_at: string | null;
  booking_id: string | null;
  created_at: string;
}

export interface CreditSummary {
  currency: 'USD';
  credit_limit: number;
  outstanding: number;
  available: number;
}

export interface AgentBooking {
  booking_id: string;
  quote_id: number;
  status: string;
  /** On the agent's account, or paid by the client's card (the status is then the payment's). */
  pay_by: PayBy;
  paid_amount: number;
  refunded_amount: number;
  /** While a card booking waits for its payment: the hosted page, to open or pass to the client. */
  payment_url?: string;
  client: { client_id: number | null; name: string; email: string };
  product: { product_id: number; type: string; name: string; city: string; image: string };
  check_in: string;
  check_out: string | null;
  guests: number;
  currency: string;
  total: number;
  charged_usd: number;
  created_at: string;
}

export interface AgentProfile {
  agent: { user_id: number; email: string; title: string; first_name: string; last_name: string; phone_country_code: string; mobile_no: string };
  agency: { name: string; license_no: string; address: string; phone: string; email: string } | null;
  markup_percent: number;
  credit: CreditSummary;
  b2b_mode: 0 | 1;
  counts: { clients: number; quotes: number; bookings: number };
}

/** What the client sees through the mailed link: the price to pay, never the net price or the markup. */
export interface SharedQuote {
  reference: string;
  client_name: string;
  agent_name: string;
  agency_name: string;
  agent_email: string;
  org_name: string;
  product: { type: string; name: string; city: string; image: string; description: string };
  check_in: string;
  check_out: string | null;
  nights: number | null;
  guests: number;
  total: number;
  currency: string;
  note: string;
  status: QuoteStatus;
  created_at: string;
}
