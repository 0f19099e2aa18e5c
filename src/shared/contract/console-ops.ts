// The console's operations (/api/admin/domains, cards, bookings, labels): one schema per form or query, used by the
// console's pages and by the API alike.
import { z } from 'zod';
import { LABELS, LANGUAGES } from '../i18n';
import { CARD_KINDS, PRODUCT_TYPES } from '../rules/wallet';
import { futureExpiry } from './console';
import { EMAIL_MAX_LENGTH } from '../rules/person';
import { contactEmail } from '../rules/person-schemas';
// Types only: the replies' schemas stay out of the islands' bundles.
import type { AdminBookingEntrySchema, AdminCardEntrySchema, CardSpendEntrySchema, DomainEntrySchema, LabelEntrySchema } from './console-replies';

import { DOMAIN_STATUSES, OPS_MSG } from './console-messages';

export { DOMAIN_STATUSES };

// The messages, zod-free (docs/decisions/0039-page-weight-by-interaction.md).
export { OPS_MSG };

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// ---- domains -------------------------------------------------------------------------------------------------------

/** A DNS host name of at least two labels, lower-cased, without a trailing dot; no addresses or single names. */
export const HostSchema = z
  .string(OPS_MSG.host)
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .refine(
    (v) => v.length <= 253 && /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(v) && !/\.\d+$/.test(v),
    OPS_MSG.host,
  );

export const DomainCreateSchema = z.object({ host: HostSchema }).strict();

export type DomainEntry = z.output<typeof DomainEntrySchema>;

// ---- wallet cards --------------------------------------------------------------------------------------------------

const Email = z.string(OPS_MSG.email).trim().toLowerCase().max(EMAIL_MAX_LENGTH, OPS_MSG.email).pipe(contactEmail(OPS_MSG.email));
const Amount = z
  .number(OPS_MSG.amount)
  .positive(OPS_MSG.amount)
  .max(1_000_000, OPS_MSG.amount)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, OPS_MSG.amount);
const Currency = z.string(OPS_MSG.currency).trim().toUpperCase().regex(/^[A-Z]{3}$/, OPS_MSG.currency);
const ProductCode = z.string(OPS_MSG.proCode).trim().toUpperCase().pipe(z.enum(PRODUCT_TYPES, OPS_MSG.proCode));

/** What a certificate needs (the products it pays for) and a discount card needs (its product). */
function cardRules(c: { kind: string; services?: string[]; pro_code?: string }, ctx: z.RefinementCtx) {
  if (c.kind === 'certificate' && !c.services?.length) ctx.addIssue({ code: 'custom', path: ['services'], message: OPS_MSG.services });
  if (c.kind === 'discount' && !c.pro_code) ctx.addIssue({ code: 'custom', path: ['pro_code'], message: OPS_MSG.proCode });
}

const cardFields = {
  email: Email,
  kind: z.enum(CARD_KINDS, OPS_MSG.kind),
  amount: Amount,
  currency: Currency,
  services: z
    .array(ProductCode.pipe(z.enum(PRODUCT_TYPES, OPS_MSG.services)), OPS_MSG.services)
    .max(PRODUCT_TYPES.length, OPS_MSG.services)
    .transform((l) => [...new Set(l)])
    .optional(),
  pro_code: z.preprocess((v) => (v === '' ? undefined : v), ProductCode.optional()),
  expires_at: z.preprocess(blankToUndefined, futureExpiry(OPS_MSG.cardExpiry).nullish()),
};

/** POST /api/admin/cards: one card to one member. */
export const CardIssueSchema = z.object(cardFields).strict().superRefine(cardRules);
export type CardIssue = z.output<typeof CardIssueSchema>;

/** The import's columns; the last, expires_at, may be left out of the header (files made before it existed). */
export const CSV_HEADER = ['email', 'kind', 'amount', 'currency', 'services', 'pro_code', 'expires_at'] as const;
export const CSV_REQUIRED_COLUMNS = 6;
export const MAX_IMPORT_ROWS = 1000;

/** One CSV row as text; services may be separated by ; | or spaces (or commas inside quotes). */
export const CardCsvRowSchema = z
  .object({
    ...cardFields,
    amount: z.string().trim().regex(/^\d+(\.\d{1,2})?$/, OPS_MSG.amount).transform(Number).pipe(Amount),
    services: z
      .string()
      .transform((v) => v.split(/[\s;|,]+/).filter(Boolean))
      .pipe(cardFields.services.unwrap()),
  })
  .superRefine(cardRules);

export const IdempotencyKeySchema = z.string().regex(/^[\x20-\x7e]{1,255}$/, OPS_MSG.idempotencyKey);

export const CardIdSchema = z.coerce.number().int().positive().max(2 ** 31);

const Page = z.preprocess(blankToUndefined, z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(10_000).optional());

/** GET /api/admin/cards */
export const CardsQuerySchema = z.object({ q: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()), page: Page });

export type AdminCardEntry = z.output<typeof AdminCardEntrySchema>;
export type CardSpendEntry = z.output<typeof CardSpendEntrySchema>;

// ---- bookings ------------------------------------------------------------------------------------------------------

/** Every status a booking may have (the payment lifecycle adds to CONFIRMED and CANCELLED). */
export const BOOKING_STATUSES = ['PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'FAILED'] as const;

const Day = z.iso.date(OPS_MSG.day).refine((s) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}, OPS_MSG.day);

/**
 * GET /api/admin/bookings: created between from and to (whole days, UTC), a status, one booking by its reference (`ref`,
 * as the Suppliers page links it), a page; format=csv for a file.
 */
export const BookingsQuerySchema = z
  .object({
    from: z.preprocess(blankToUndefined, Day.optional()),
    to: z.preprocess(blankToUndefined, Day.optional()),
    status: z.preprocess(blankToUndefined, z.enum(BOOKING_STATUSES, OPS_MSG.status).optional()),
    ref: z.preprocess(blankToUndefined, z.string(OPS_MSG.bookingRef).trim().regex(/^[A-Za-z0-9-]{1,40}$/, OPS_MSG.bookingRef).optional()),
    page: Page,
    format: z.preprocess(blankToUndefined, z.enum(['json', 'csv']).optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: OPS_MSG.range });
export type BookingsQuery = z.output<typeof BookingsQuerySchema>;

export type AdminBookingEntry = z.output<typeof AdminBookingEntrySchema>;

/** A booking's reference in the console's paths (/api/admin/bookings/{id}/…). */
export const BookingRefSchema = z.string(OPS_MSG.noSuchBooking).regex(/^[A-Z0-9-]{1,40}$/, OPS_MSG.noSuchBooking);

/** POST /api/admin/bookings/{id}/cancel: cancels and refunds under the booking's terms, or with the fee waived. */
export const AdminCancelSchema = z.strictObject({ waive_fee: z.boolean(OPS_MSG.waiveFee).optional() });
export type AdminCancel = z.output<typeof AdminCancelSchema>;

/** GET /api/admin/bookings/{id}/cancel-quote?waive_fee=1: what that cancel would refund and keep. */
export const AdminCancelQuoteQuerySchema = z.object({
  waive_fee: z.preprocess(blankToUndefined, z.enum(['0', '1', 'true', 'false'], OPS_MSG.waiveFee).optional()).transform((v) => v === '1' || v === 'true'),
});

// ---- labels --------------------------------------------------------------------------------------------------------

export const LanguageParamSchema = z.enum(LANGUAGES, OPS_MSG.language);

/** PUT /api/admin/labels/{lang}: field → text; an empty text goes back to the default. */
export const LabelsPutSchema = z
  .record(
    z.string().refine((k) => Object.hasOwn(LABELS, k), OPS_MSG.unknownLabel),
    z.string(OPS_MSG.labelText).max(500, OPS_MSG.labelText).refine((v) => !/[<>\u0000-\u0008\u000b-\u001f\u007f]/.test(v), OPS_MSG.labelText),
  )
  .refine((r) => Object.keys(r).length > 0, OPS_MSG.labelsEmpty)
  .refine((r) => Object.keys(r).length <= 500, OPS_MSG.labelsTooMany);
export type LabelsPut = z.output<typeof LabelsPutSchema>;

export type LabelEntry = z.output<typeof LabelEntrySchema>;
