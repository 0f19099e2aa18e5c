// The org's configuration as the islands and the page boot block read it (docs/contract.md#tenancy).
import type { OrgRow } from '../db/orgs';
import type { OrgConfig } from '../../src/shared/contract/org';

export function orgConfig(org: OrgRow): OrgConfig {
  return {
    orgId: org.id,
    orgName: org.name,
    logoUrl: org.logo_url,
    googleTagId: org.google_tag_id,
    defaultLanguage: org.default_language,
    defaultCurrency: org.default_currency,
    eligibleProducts: org.eligible_products.split(',').map((p) => p.trim()).filter(Boolean).map((product_id) => ({ product_id })),
    orgBySite: { minCheckinDays: org.min_checkin_days, orgCountryData: { calendarType: org.calendar_type, code: org.country_code } },
    displayPrice: org.display_price,
    accessCodeRequired: org.access_code_required ? 1 : 0,
    socialSignIn: { google: org.google_enabled === 1, facebook: org.facebook_enabled === 1 },
    googleClientId: org.google_enabled ? org.google_client_id : '',
    facebookAppId: org.facebook_enabled ? org.facebook_app_id : '',
    walletOptions: org.wallet_options,
    allowGuestBooking: org.allow_guest_booking,
    b2bMode: org.b2b_mode,
    allInclusiveUrl: org.all_inclusive_url,
    tripsSiteUrl: org.trips_site_url,
    loyaltyLandingUrl: org.loyalty_landing_url,
  };
}
