// The startup store checks /api/org/config by hand (no zod on the page): it must accept what OrgConfigSchema accepts
// and refuse an answer that misses or mistypes any of the schema's fields.
import { describe, expect, it } from 'vitest';
import { OrgConfigSchema } from '../../src/shared/contract/org';
import { isOrgConfig } from '../../src/stores/startup';

const config = {
  orgId: 2,
  orgName: 'Acme Travel',
  logoUrl: '/images/logo-acme.svg',
  googleTagId: 'G-ACME',
  defaultLanguage: 'es-ES',
  defaultCurrency: 'EUR',
  eligibleProducts: [{ product_id: 'hotel' }, { product_id: 'activities' }],
  orgBySite: { minCheckinDays: 2, orgCountryData: { calendarType: 'Monday', code: 'ES' } },
  displayPrice: 1,
  accessCodeRequired: 1,
  socialSignIn: { google: true, facebook: false },
  googleClientId: 'client-id',
  facebookAppId: '',
  walletOptions: 'Certificates,Discount Cards',
  allowGuestBooking: 0,
  b2bMode: 0,
  allInclusiveUrl: 'https://example.com/all-inclusive',
  tripsSiteUrl: '',
  loyaltyLandingUrl: '',
};

describe('the org config guard', () => {
  it('accepts a config the schema accepts', () => {
    expect(OrgConfigSchema.safeParse(config).success).toBe(true);
    expect(isOrgConfig(config)).toBe(true);
  });

  it('refuses an answer missing any field of the schema', () => {
    for (const key of Object.keys(OrgConfigSchema.shape)) {
      const partial: Record<string, unknown> = { ...config };
      delete partial[key];
      expect(isOrgConfig(partial), key).toBe(false);
    }
  });

  it('refuses a field of the wrong type, a null object and a non-list of products', () => {
    expect(isOrgConfig({ ...config, orgId: '2' })).toBe(false);
    expect(isOrgConfig({ ...config, orgName: 7 })).toBe(false);
    expect(isOrgConfig({ ...config, orgBySite: null })).toBe(false);
    expect(isOrgConfig({ ...config, eligibleProducts: { product_id: 'hotel' } })).toBe(false);
    expect(isOrgConfig(null)).toBe(false);
    expect(isOrgConfig('config')).toBe(false);
  });
});
