// The org configuration as /api/org/config sends it (docs/contract.md#tenancy), read by the startup store.
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
