// The site's own pages a marketing link may lead to (docs/decisions/0061-link-destinations-and-qr-files.md): the
// console offers them, and a destination whose page is not among them is refused before anyone prints it on a poster.
// tests/unit/site-pages.test.ts holds this list to the pages src/pages/ really builds.

/** A page of the site and the label the console names it by (src/shared/i18n/links.ts). */
export interface SitePage {
  path: string;
  labelKey: string;
  /** A page a visitor reaches from outside (offered first); the others are members' and agents' own pages. */
  landing: boolean;
}

const page = (path: string, labelKey: string, landing = true): SitePage => ({ path, labelKey, landing });

export const SITE_PAGES: readonly SitePage[] = [
  page('/', 'site_page_home'),
  page('/home', 'site_page_home_alias'),
  page('/stays', 'product_stays'),
  page('/activities', 'product_activities'),
  page('/resorts', 'product_resorts'),
  page('/condo', 'product_condo'),
  page('/packages', 'product_packages'),
  page('/holidaystays', 'product_holidaystays'),
  page('/cruises', 'product_cruises'),
  page('/flight', 'product_flight'),
  page('/cars', 'product_cars'),
  page('/transfers', 'product_transfers'),
  page('/dreamtrips', 'product_dreamtrips'),
  page('/promotions', 'site_page_promotions'),
  page('/referral/programs', 'site_page_referral_programs'),
  page('/your-rewards', 'site_page_your_rewards'),
  page('/help', 'site_page_help'),
  page('/search-detail', 'site_page_search_detail'),
  page('/resorts/search-details', 'site_page_resort_search'),
  page('/hotel-details', 'site_page_hotel_details'),
  page('/privacy-policy', 'site_page_privacy_policy'),
  page('/terms-of-use', 'site_page_terms_of_use'),
  page('/wallet', 'site_page_wallet', false),
  page('/user-details', 'site_page_user_details', false),
  page('/user/profile', 'site_page_user_profile', false),
  page('/user/travelers', 'site_page_user_travelers', false),
  page('/user/my-trips', 'site_page_user_my_trips', false),
  page('/user/booking-history', 'site_page_user_booking_history', false),
  page('/referral/credits', 'site_page_referral_credits', false),
  page('/manage-booking', 'site_page_manage_booking', false),
  page('/agent', 'site_page_agent_home', false),
  page('/agent/profile', 'site_page_agent_profile', false),
  page('/agent/my-quotes', 'site_page_agent_quotes', false),
  page('/agent/booking-history', 'site_page_agent_bookings', false),
  page('/agent/client-list', 'site_page_agent_clients', false),
];

/**
 * Pages the site builds that a link never leads to: the console, a step that needs a booking or a token in hand
 * (checkout, confirmation, account verification, password change, single sign-on's landing, a shared quote, an invitation).
 */
export const NOT_LINKABLE = [
  '/admin', '/hotel-checkout', '/checkout-success', '/verify-account', '/change-password', '/login/sso', '/quote', '/invitation', '/404',
  // A traveller's review of a stay: opened from the mailed link, with the booking and its signed token (decision 0065).
  '/review',
  // What a closed org's visitors get in place of every page (docs/decisions/0066).
  '/coming-soon',
] as const;

const PATHS = new Set(SITE_PAGES.map((p) => p.path));

/** The path of an address of this site (no query or fragment), without a trailing slash except for the home page. */
export function pagePath(address: string): string {
  const path = address.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** Whether the site has a page at this address's path (its query and fragment are the page's own business). */
export const isSitePage = (address: string) => PATHS.has(pagePath(address));
