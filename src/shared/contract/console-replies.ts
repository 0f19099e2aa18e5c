// The org console's replies (/api/admin/*, docs/decisions/0054-one-declaration-per-route.md): the route declarations
// answer with these, the OpenAPI document describes them and the tests check every reply against them. A module of its
// own because the islands import it for types only, so none of these schemas reaches the browser bundle.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/types';
import { FONT_FAMILIES } from '../rules/theme';
import { CARD_KINDS } from '../rules/wallet';
import { ROLES } from './auth-text';
import { DOMAIN_STATUSES, LAUNCH_STEPS, WALLET_OPTIONS } from './console-messages';
import { LABEL_AREA_NAMES } from '../i18n/area-names';
import { ENQUIRY_KINDS } from './enquiry-text';
import { bookedStayFields, BookingSupplierSchema, CancelQuoteReplySchema } from './booking-replies';

/** 0 or 1, as the console's flags are stored and answered. */
const Flag = z.union([z.literal(0), z.literal(1)]);

/** A page of a list: how many there are in all, which page this is and how many a page holds. */
const pageOf = <S extends z.ZodType>(entry: S) => z.object({ count: z.number(), page: z.number(), per_page: z.number(), data: z.array(entry) });

// ---- settings, theme, launch (functions/routes/admin.ts) -------------------------------------------------------

/** Every setting of an org as stored (GET and PATCH /api/admin/org): the lists as arrays, the flags as 0/1. */
export const OrgSettingsReplySchema = z.object({
  name: z.string(),
  logo_url: z.string(),
  default_language: z.enum(LANGUAGES),
  default_currency: z.string(),
  eligible_products: z.array(z.string()),
  wallet_options: z.array(z.enum(WALLET_OPTIONS)),
  display_price: Flag,
  min_checkin_days: z.number(),
  calendar_type: z.enum(['Sunday', 'Monday']),
  access_code_required: Flag,
  google_enabled: Flag,
  facebook_enabled: Flag,
  google_client_id: z.string(),
  facebook_app_id: z.string(),
  allow_guest_booking: Flag,
  require_2fa_for_staff: Flag,
  b2b_mode: Flag,
  session_out_url: z.string(),
  loyalty_landing_url: z.string(),
  all_inclusive_url: z.string(),
  trips_site_url: z.string(),
  support_phone: z.string(),
  support_email: z.string(),
});

export const ThemeValuesSchema = z.object({
  primary: z.string(),
  primary_text: z.string(),
  accent: z.string(),
  background: z.string(),
  text: z.string(),
  font_family: z.enum(FONT_FAMILIES),
  radius: z.number(),
});

/** GET /api/admin/theme: the published values (the defaults before any) and the stylesheet's versioned address. */
export const ThemeReplySchema = z.object({ values: ThemeValuesSchema, href: z.string().nullable() });
/** PUT /api/admin/theme: the new stylesheet's versioned address. */
export const ThemePublishedSchema = z.object({ href: z.string() });

export const LaunchStateSchema = z.object({
  steps: z.array(z.object({ step: z.enum(LAUNCH_STEPS), done: z.boolean() })),
  live_at: z.string().nullable(),
});

// ---- access codes ------------------------------------------------------------------------------------------------

/** An access code as the console lists it: never the code itself, a hint of it. */
export const AccessCodeEntrySchema = z.object({
  hint: z.string(),
  label: z.string(),
  expires_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  uses: z.number(),
  created_at: z.string(),
  /** Who signed up with the code and when, newest first (the last 50). */
  used_by: z.array(z.object({ email: z.string(), at: z.string() })),
});
export const AccessCodeRevokedSchema = z.object({ hint: z.string() });

// ---- members, audit, enquiries -----------------------------------------------------------------------------------

export const MemberEntrySchema = z.object({
  userId: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  verified: Flag,
  can_user_book: Flag,
  credit_limit: z.number(),
  created_at: z.string(),
});
/** One member with, for an agent, what the ledger says they owe (0 for the others). */
export const MemberDetailSchema = MemberEntrySchema.extend({ outstanding: z.number() });
export const MembersPageSchema = pageOf(MemberEntrySchema);

/** One console change: `detail` is what the change wrote (most often `before` and `after`, each a JSON value). */
export const AuditEntrySchema = z.object({
  at: z.string(),
  actor_email: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export const AuditPageSchema = pageOf(AuditEntrySchema);

/** An enquiry as the console lists it; the dates and travellers only when the form had them. */
export const EnquiryEntrySchema = z.object({
  enquiry_id: z.number(),
  kind: z.enum(ENQUIRY_KINDS),
  name: z.string(),
  email: z.string(),
  check_in: z.string().optional(),
  check_out: z.string().optional(),
  travellers: z.number().optional(),
  message: z.string(),
  created_at: z.string(),
});
export const EnquiriesPageSchema = z.object({ count: z.number(), data: z.array(EnquiryEntrySchema) });

// ---- domains (functions/routes/admin-ops.ts) ---------------------------------------------------------------------

export const DomainEntrySchema = z.object({
  host: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** The TXT record that proves ownership; null for the platform's own addresses. */
  verification: z.object({ type: z.literal('txt'), name: z.string(), value: z.string() }).nullable(),
  /** The CNAME record that points the host at the platform (its certificate is issued once it does); null for the platform's own addresses. */
  dns: z.object({ cname: z.object({ name: z.string(), target: z.string() }) }).nullable(),
  /** The ownership check (the TXT record), as the provider reports it. */
  ownership: z.enum(['pending', 'active']).nullable(),
  /** The certificate, with the provider's own status (`active`, `pending_validation`, …). */
  ssl: z.object({ status: z.string() }).nullable(),
  /** An address the platform gives (not removable from the console). */
  platform: z.boolean(),
  created_at: z.string().nullable(),
  /** When a claim not yet serving lapses (7 days after it was made); null once it serves. */
  lapses_at: z.string().nullable(),
});
export const DomainRemovedSchema = z.object({ host: z.string() });

// ---- wallet cards ------------------------------------------------------------------------------------------------

export const AdminCardEntrySchema = z.object({
  payment_card_id: z.number(),
  card_code: z.string(),
  kind: z.enum(CARD_KINDS),
  status: z.string(),
  email: z.string().nullable(),
  services: z.string(),
  pro_code: z.string(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export const CardsPageSchema = pageOf(AdminCardEntrySchema);
export const CardIssuedSchema = z.object({ payment_card_id: z.number(), card_code: z.string() });
export const CardsImportedSchema = z.object({ issued: z.number() });

export const CardSpendEntrySchema = z.object({
  booking_id: z.string(),
  product_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  card_amount: z.number(),
  card_currency: z.string(),
  at: z.string(),
});
export const CardSpendsSchema = z.object({ card: AdminCardEntrySchema, spends: z.array(CardSpendEntrySchema) });

// ---- bookings ----------------------------------------------------------------------------------------------------

/**
 * A booking as the console lists it (docs/contract.md section 19): `total` is the whole price; what paid it is
 * `paid_by_card` (money received) and the `wallet` parts; `refunded` what went back to the card. `member` is the
 * member's email (null for a guest's or an agent's booking), `agent` the agent who booked (on account or by the
 * client's card), `payment_reference` the payment provider's reference (null on account or before any payment).
 * Amounts are in the booking's currency; the page formats them in its language.
 */
export const AdminBookingEntrySchema = z.object({
  booking_id: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** The member's email, as `member` (kept for the console's first clients). */
  email: z.string().nullable(),
  member: z.string().nullable(),
  agent: z.object({ name: z.string(), email: z.string() }).nullable(),
  on_account: z.boolean(),
  traveler: z.string(),
  ...bookedStayFields,
  currency: z.string(),
  price: z.number(),
  certificate_amount: z.number(),
  discount_amount: z.number(),
  cash_amount: z.number(),
  total: z.number(),
  paid_by_card: z.number(),
  wallet: z.object({ certificate: z.number(), discount: z.number(), cash: z.number() }),
  refunded: z.number(),
  payment_reference: z.string().nullable(),
  /** A bed bank's hotel: the supplier and its booking's reference once it holds one (null before: awaiting the hotel). */
  supplier: BookingSupplierSchema.optional(),
});
export const BookingsPageSchema = pageOf(AdminBookingEntrySchema);

/**
 * GET /api/admin/bookings/{id}/cancel-quote: the traveller's quote; for an agent's booking on account (no card, no
 * wallet) `credit_back` is what the agent's credit gets back and `fee` what the agency still owes, both in USD.
 */
export const AdminCancelQuoteReplySchema = CancelQuoteReplySchema.extend({ credit_back: z.number().optional() });
export type AdminCancelQuoteReply = z.output<typeof AdminCancelQuoteReplySchema>;

// ---- labels ------------------------------------------------------------------------------------------------------

/** A label of a language: its default text and the org's own, if it has one. */
/** A label with its default text, the org's own text, and the part of the site it belongs to (its label area). */
export const LabelEntrySchema = z.object({ field_name: z.string(), default: z.string(), override: z.string().nullable(), area: z.enum(LABEL_AREA_NAMES) });
