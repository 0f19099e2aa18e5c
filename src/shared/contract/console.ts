// The org console's wire shapes (/api/admin/*): one schema per form, used by the console's forms and by the API.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/types';
import { EMAIL_MAX_LENGTH } from '../rules/person';
import { contactEmail } from '../rules/person-schemas';
import { PRODUCTS } from '../rules/products';
import { ROLES } from './auth-text';
import { CONSOLE_MSG, LAUNCH_STEPS, PRODUCT_CODES, WALLET_OPTIONS } from './console-messages';

export { LAUNCH_STEPS };
import { contrastFailures, contrastMessage, FONT_FAMILIES, HEX_COLOUR, normalHex } from '../rules/theme';
// Types only: the replies' schemas stay out of the islands' bundles.
import type { AccessCodeEntrySchema, AuditEntrySchema, LaunchStateSchema, MemberEntrySchema } from './console-replies';

// The messages and lists the forms show, zod-free (docs/decisions/0039-page-weight-by-interaction.md).
export { CONSOLE_MSG, PRODUCT_CODES, WALLET_OPTIONS } from './console-messages';

/** 0 or 1 on the wire; true/false are accepted from forms. */
const Flag = z.union([z.boolean(), z.literal(0), z.literal(1)], CONSOLE_MSG.flag).transform((v) => (v ? 1 : 0) as 0 | 1);

/** Empty (none), a page of this site, or an https address: no javascript:, data: or protocol-relative addresses. */
const Address = z
  .string(CONSOLE_MSG.address)
  .trim()
  .max(500, CONSOLE_MSG.address)
  .refine((v) => v === '' || (/^\/(?![/\\])[^\s]*$/.test(v)) || /^https:\/\/[a-z0-9.-]+(?::\d+)?(?:[/?#][^\s]*)?$/i.test(v), CONSOLE_MSG.address);

const Name = z
  .string(CONSOLE_MSG.name)
  .trim()
  .min(1, CONSOLE_MSG.name)
  .max(80, CONSOLE_MSG.name)
  .refine((v) => !/[\u0000-\u001f<>]/.test(v), 'A name is plain text: no angle brackets or control characters');

const fields = {
  name: Name,
  // Empty: no logo, the header shows the org's name as text (a new org's neutral brand).
  logo_url: Address,
  default_language: z.enum(LANGUAGES, CONSOLE_MSG.language),
  default_currency: z.string(CONSOLE_MSG.currency).regex(/^[A-Z]{3}$/, CONSOLE_MSG.currency),
  eligible_products: z
    .array(z.enum(PRODUCT_CODES, CONSOLE_MSG.productCode), CONSOLE_MSG.products)
    .min(1, CONSOLE_MSG.products)
    .max(PRODUCT_CODES.length, CONSOLE_MSG.products)
    .transform((list) => [...new Set(list)]),
  wallet_options: z
    .array(z.enum(WALLET_OPTIONS, CONSOLE_MSG.walletOption), CONSOLE_MSG.walletOption)
    .max(WALLET_OPTIONS.length, CONSOLE_MSG.walletOption)
    .transform((list) => [...new Set(list)]),
  display_price: Flag,
  min_checkin_days: z.number(CONSOLE_MSG.minCheckin).int(CONSOLE_MSG.minCheckin).min(0, CONSOLE_MSG.minCheckin).max(30, CONSOLE_MSG.minCheckin),
  calendar_type: z.enum(['Sunday', 'Monday'], CONSOLE_MSG.calendar),
  access_code_required: Flag,
  google_enabled: Flag,
  facebook_enabled: Flag,
  google_client_id: z.string(CONSOLE_MSG.clientId).trim().regex(/^[A-Za-z0-9._-]{0,200}$/, CONSOLE_MSG.clientId),
  facebook_app_id: z.string(CONSOLE_MSG.appId).trim().regex(/^[0-9]{0,32}$/, CONSOLE_MSG.appId),
  allow_guest_booking: Flag,
  require_2fa_for_staff: Flag,
  b2b_mode: Flag,
  session_out_url: Address,
  loyalty_landing_url: Address,
  all_inclusive_url: Address,
  trips_site_url: Address,
  support_phone: z.string(CONSOLE_MSG.supportPhone).trim().regex(/^(\+?[0-9][0-9 ()-]{3,28})?$/, CONSOLE_MSG.supportPhone),
  support_email: z.string(CONSOLE_MSG.supportEmail).trim().max(EMAIL_MAX_LENGTH, CONSOLE_MSG.supportEmail).refine((v) => v === '' || contactEmail().safeParse(v).success, CONSOLE_MSG.supportEmail),
};

export const ORG_SETTING_FIELDS = Object.keys(fields) as (keyof typeof fields)[];

/** Rules between fields, checked on the settings as they would be after a change. */
function crossChecks(s: { google_enabled: number; google_client_id: string; facebook_enabled: number; facebook_app_id: string }, ctx: z.RefinementCtx) {
  if (s.google_enabled && !s.google_client_id) ctx.addIssue({ code: 'custom', path: ['google_client_id'], message: CONSOLE_MSG.googleClientId });
  if (s.facebook_enabled && !s.facebook_app_id) ctx.addIssue({ code: 'custom', path: ['facebook_app_id'], message: CONSOLE_MSG.facebookAppId });
}

/** Every setting of an org (GET /api/admin/org, and the form as a whole). */
export const OrgSettingsSchema = z.object(fields).superRefine(crossChecks);
export type OrgSettings = z.output<typeof OrgSettingsSchema>;

/** The site's name and logo, as the brand form edits them. */
export const OrgIdentitySchema = z.object({ name: fields.name, logo_url: fields.logo_url });

/** PATCH /api/admin/org: any subset, unknown fields refused. */
export const OrgSettingsPatchSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, CONSOLE_MSG.nothingToChange);
export type OrgSettingsPatch = z.output<typeof OrgSettingsPatchSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = z.iso.datetime({ offset: true });

/**
 * When something stops working (an access code, a wallet card): a day (valid through its end, UTC) or an ISO 8601 date
 * and time, in the future; answered as an ISO instant. The console's forms and the API check it here alike.
 */
export const futureExpiry = (message: string) =>
  z.string(message).trim().transform((v, ctx) => {
    const day = v.slice(0, 10);
    // Date.parse rolls 31 February over into March: the day must read back as written.
    const midnight = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
    const realDay = Number.isFinite(midnight) && new Date(midnight).toISOString().startsWith(day);
    const at = !realDay ? NaN : v === day ? Date.parse(`${day}T23:59:59.999Z`) : INSTANT.safeParse(v).success ? Date.parse(v) : NaN;
    if (!Number.isFinite(at) || at <= Date.now()) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return new Date(at).toISOString();
  });

/** POST /api/admin/access-codes */
export const AccessCodeCreateSchema = z
  .object({
    code: z.string(CONSOLE_MSG.code).trim().regex(/^[A-Za-z0-9-]{4,32}$/, CONSOLE_MSG.code),
    label: z.string(CONSOLE_MSG.label).trim().max(80, CONSOLE_MSG.label).optional(),
    expires_at: futureExpiry(CONSOLE_MSG.expiry).nullish(),
    max_uses: z.number(CONSOLE_MSG.maxUses).int(CONSOLE_MSG.maxUses).min(1, CONSOLE_MSG.maxUses).max(1_000_000, CONSOLE_MSG.maxUses).nullish(),
  })
  .strict();
export type AccessCodeCreate = z.output<typeof AccessCodeCreateSchema>;
export const AccessCodeParamSchema = z.string().trim().regex(/^[A-Za-z0-9-]{4,32}$/, CONSOLE_MSG.code);

export type AccessCodeEntry = z.output<typeof AccessCodeEntrySchema>;
export type AccessCodeUse = AccessCodeEntry['used_by'][number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const Page = z.preprocess(blankToUndefined, z.coerce.number('Use a whole number').int('Use a whole number').min(1).max(10_000).optional());

/** GET /api/admin/members */
export const MembersQuerySchema = z.object({ q: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()), page: Page });
/** GET /api/admin/audit */
export const AuditQuerySchema = z.object({ page: Page });
export const MemberIdSchema = z.coerce.number().int().positive().max(2 ** 31);

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** PATCH /api/admin/members/{userId} */
export const MemberPatchSchema = z
  .object({
    role: z.enum(ROLES, CONSOLE_MSG.role).optional(),
    can_user_book: Flag.optional(),
    credit_limit: z
      .number(CONSOLE_MSG.creditLimit)
      .min(0, CONSOLE_MSG.creditLimit)
      .max(10_000_000, CONSOLE_MSG.creditLimit)
      .refine(twoDecimals, CONSOLE_MSG.creditLimit)
      .optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, CONSOLE_MSG.nothingToChange);
export type MemberPatch = z.output<typeof MemberPatchSchema>;

/** POST /api/admin/members/{userId}/payments: what an agent paid the org. */
export const PaymentSchema = z
  .object({
    amount: z.number(CONSOLE_MSG.payment).min(0.01, CONSOLE_MSG.payment).max(10_000_000, CONSOLE_MSG.payment).refine(twoDecimals, CONSOLE_MSG.payment),
    note: z.string(CONSOLE_MSG.note).trim().max(200, CONSOLE_MSG.note).refine((v) => !/[\u0000-\u001f<>]/.test(v), CONSOLE_MSG.note).optional(),
  })
  .strict();
export type PaymentInput = z.output<typeof PaymentSchema>;

export type MemberEntry = z.output<typeof MemberEntrySchema>;
export type AuditEntry = z.output<typeof AuditEntrySchema>;

export const PER_PAGE = 20;

const Colour = z.string(CONSOLE_MSG.colour).trim().regex(HEX_COLOUR, CONSOLE_MSG.colour).transform(normalHex);

/** PUT /api/admin/theme: the readable pairs (body text, button text, links) at WCAG AA or better, each pair checked. */
export const ThemeSchema = z
  .object({
    primary: Colour,
    primary_text: Colour,
    accent: Colour,
    background: Colour,
    text: Colour,
    font_family: z.enum(FONT_FAMILIES, CONSOLE_MSG.font).default('system'),
    radius: z.number(CONSOLE_MSG.radius).int(CONSOLE_MSG.radius).min(0, CONSOLE_MSG.radius).max(24, CONSOLE_MSG.radius).default(12),
  })
  .strict()
  .superRefine((theme, ctx) => {
    for (const { fg, bg, ratio } of contrastFailures(theme)) ctx.addIssue({ code: 'custom', path: [fg], message: contrastMessage(fg, bg, ratio) });
  });
export type ThemeInput = z.output<typeof ThemeSchema>;

/** The launch checklist's steps, in order. */
export type LaunchStep = (typeof LAUNCH_STEPS)[number];
export type LaunchState = z.output<typeof LaunchStateSchema>;
