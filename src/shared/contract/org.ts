// The org configuration as /api/org/config sends it (docs/contract.md#tenancy), read by the startup store, and the org's
// theme stylesheets as the existing client asks for them.
import { z } from 'zod';

export const OrgConfigSchema = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  logoUrl: z.string(),
  googleTagId: z.string(),
  defaultLanguage: z.string(),
  defaultCurrency: z.string(),
  eligibleProducts: z.array(z.object({ product_id: z.string() })),
  orgBySite: z.object({
    minCheckinDays: z.number().int(),
    orgCountryData: z.object({ calendarType: z.enum(['Sunday', 'Monday']), code: z.string() }),
  }),
  displayPrice: z.number().int(),
  accessCodeRequired: z.union([z.literal(0), z.literal(1)]),
  socialSignIn: z.object({ google: z.boolean(), facebook: z.boolean() }),
  googleClientId: z.string(),
  facebookAppId: z.string(),
  walletOptions: z.string(),
  allowGuestBooking: z.number().int(),
  b2bMode: z.number().int(),
  allInclusiveUrl: z.string(),
  tripsSiteUrl: z.string(),
  loyaltyLandingUrl: z.string(),
});
export type OrgConfig = z.infer<typeof OrgConfigSchema>;

/** The cheapest route's answer: the bench measures against it. */
export const HealthReplySchema = z.object({ status: z.literal('ok') });

/** A theme's name in its address (`/api/general/getCss/{name}`, `.css` allowed after it). */
export const ThemeNameSchema = z
  .string()
  .transform((name) => name.replace(/\.css$/, ''))
  .pipe(z.string().regex(/^[a-z0-9-]{1,40}$/i, 'Theme names are letters, digits and dashes'));

/** The existing client's stylesheet requests: a page code and an API key it no longer needs, or any object. */
export const PageCssRequestSchema = z.object({ pageCode: z.string().max(40).optional(), apikey: z.string().max(200).optional() }).strict().or(z.object({}).passthrough());

/** A stylesheet's address and its text (empty when the org has none of that name). */
const ThemeCssSchema = z.object({ href: z.string(), css: z.string() });
export const WhiteLabelCssReplySchema = z.object({ data: ThemeCssSchema.extend({ pageCode: z.string() }) });
export const CssPreAndPostLoginReplySchema = z.object({ data: z.object({ preLogin: ThemeCssSchema, postLogin: ThemeCssSchema }) });
