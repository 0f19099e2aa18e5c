// Which labels the browser gets where (docs/decisions/0008-page-weight.md): the page's boot block carries the shell's
// (and the org's own texts); every other area's labels come as a chunk of their own when an island of that area
// hydrates or opens. The tables stay one file per area; this only says how they travel.
import { LANGUAGES, type Language, type LabelTable } from './types';
import { TITLE_LABEL_KEYS } from './person-title';

export type LabelArea =
  | 'common' | 'catalogue' | 'auth' | 'booking' | 'savings' | 'referral' | 'agent' | 'console' | 'console-ops' | 'links' | 'help' | 'photos'
  | 'console-inventory';

/**
 * Each area's labels in one language, imported on demand: one small chunk per area and language (astro.config.mjs
 * turns `<table>?lang=<language>` into that language's field → text map), fetched when first needed.
 */
type AreaChunk = () => Promise<{ default: Record<string, string> }>;
export const AREA_LABELS: Record<LabelArea, Record<Language, AreaChunk>> = {
  common: {
    'en-US': () => import('./common?lang=en-US'),
    'es-ES': () => import('./common?lang=es-ES'),
    'fr-FR': () => import('./common?lang=fr-FR'),
  },
  catalogue: {
    'en-US': () => import('./catalogue?lang=en-US'),
    'es-ES': () => import('./catalogue?lang=es-ES'),
    'fr-FR': () => import('./catalogue?lang=fr-FR'),
  },
  auth: {
    'en-US': () => import('./auth?lang=en-US'),
    'es-ES': () => import('./auth?lang=es-ES'),
    'fr-FR': () => import('./auth?lang=fr-FR'),
  },
  booking: {
    'en-US': () => import('./booking?lang=en-US'),
    'es-ES': () => import('./booking?lang=es-ES'),
    'fr-FR': () => import('./booking?lang=fr-FR'),
  },
  savings: {
    'en-US': () => import('./savings?lang=en-US'),
    'es-ES': () => import('./savings?lang=es-ES'),
    'fr-FR': () => import('./savings?lang=fr-FR'),
  },
  referral: {
    'en-US': () => import('./referral?lang=en-US'),
    'es-ES': () => import('./referral?lang=es-ES'),
    'fr-FR': () => import('./referral?lang=fr-FR'),
  },
  agent: {
    'en-US': () => import('./agent?lang=en-US'),
    'es-ES': () => import('./agent?lang=es-ES'),
    'fr-FR': () => import('./agent?lang=fr-FR'),
  },
  console: {
    'en-US': () => import('./console?lang=en-US'),
    'es-ES': () => import('./console?lang=es-ES'),
    'fr-FR': () => import('./console?lang=fr-FR'),
  },
  'console-ops': {
    'en-US': () => import('./console-ops?lang=en-US'),
    'es-ES': () => import('./console-ops?lang=es-ES'),
    'fr-FR': () => import('./console-ops?lang=fr-FR'),
  },
  links: {
    'en-US': () => import('./links?lang=en-US'),
    'es-ES': () => import('./links?lang=es-ES'),
    'fr-FR': () => import('./links?lang=fr-FR'),
  },
  help: {
    'en-US': () => import('./help?lang=en-US'),
    'es-ES': () => import('./help?lang=es-ES'),
    'fr-FR': () => import('./help?lang=fr-FR'),
  },
  photos: {
    'en-US': () => import('./photos?lang=en-US'),
    'es-ES': () => import('./photos?lang=es-ES'),
    'fr-FR': () => import('./photos?lang=fr-FR'),
  },
  'console-inventory': {
    'en-US': () => import('./console-inventory?lang=en-US'),
    'es-ES': () => import('./console-inventory?lang=es-ES'),
    'fr-FR': () => import('./console-inventory?lang=fr-FR'),
  },
};
export const LABEL_AREAS = Object.keys(AREA_LABELS) as LabelArea[];

/**
 * The labels the shell's code shows in the browser (header islands, account menu, locale dialog, sign-in prompt):
 * the only defaults in every boot block. `tests/unit/label-areas.test.ts` fails when shell code uses a key not here.
 */
export const SHELL_LABEL_KEYS: readonly string[] = [
  'account_menu', 'account_menu_signed_in_as', 'close', 'labelled', 'loading',
  'locale_applying', 'locale_button', 'locale_currency', 'locale_current', 'locale_dialog_title', 'locale_language',
  'menu_agent_bookings', 'menu_agent_home', 'menu_agent_profile', 'menu_booking_history', 'menu_client_list', 'menu_currencies', 'menu_help',
  'menu_language', 'menu_logout', 'menu_my_account', 'menu_my_quotes', 'menu_my_trips', 'menu_signin', 'menu_travel_profile',
  'menu_wallet',
  'product_activities', 'product_all_inclusive', 'product_cars', 'product_condo', 'product_cruises', 'product_dailydeals',
  'product_dreamtrips', 'product_flight', 'product_holidaystays', 'product_hotel', 'product_hotelgd', 'product_packages',
  'product_resorts', 'product_stays', 'product_tra', 'product_transfers', 'product_weeks',
  'signin_prompt_button', 'signin_prompt_checking', 'signin_prompt_text', 'signin_prompt_title',
  // A person's title, shown by every area's islands (./person-title.ts).
  ...TITLE_LABEL_KEYS,
];

/**
 * The labels of a results page's first screen, drawn before React (src/islands/booking/results-first-screen.ts,
 * docs/decisions/0048-results-first-screen.md): a results page's boot block carries them too (a plural key with its
 * forms), so its first screen waits for no label area. `tests/unit/label-areas.test.ts` fails when it uses a key not here.
 */
export const RESULTS_FIRST_SCREEN_KEYS: readonly string[] = [
  'bk_all_destinations', 'bk_apply', 'bk_distance', 'bk_filters', 'bk_free_cancellation_badge', 'bk_free_cancellation_filter',
  'bk_max_price', 'bk_min_price', 'bk_near_you', 'bk_next_page', 'bk_page_n', 'bk_pages', 'bk_per_night', 'bk_per_person',
  'bk_previous_page', 'bk_price_at_checkout', 'bk_rating', 'bk_reviews_n', 'bk_reviews_score', 'bk_results_count', 'bk_results_partial', 'bk_searching', 'bk_sort', 'bk_sort_distance',
  'bk_sort_distance_from', 'bk_sort_name', 'bk_sort_price_high', 'bk_sort_price_low', 'bk_sort_rating', 'bk_sort_recommended',
  'bk_stars', 'bk_stars_any', 'bk_stars_min', 'bk_total', 'bk_view',
  // Its search box (searchBoxStandIn).
  'bk_adults_n', 'bk_any_destination', 'bk_check_in', 'bk_check_out', 'bk_children_n', 'bk_date', 'bk_dates', 'bk_destination',
  'bk_destination_placeholder', 'bk_guests', 'bk_guests_n', 'bk_nights_n', 'bk_rooms_n', 'bk_not_chosen', 'bk_search_button', 'bk_search_change', 'bk_search_title_ACT', 'bk_search_title_HLT',
  'bk_search_title_RST', 'bk_search_title_STY',
];

/**
 * The label areas of each island (by its component name), besides the shell's keys. An island not listed gets every
 * area: never a blank label, only a heavier first load (list it here to trim it).
 */
export const ISLAND_LABEL_AREAS: Record<string, readonly LabelArea[]> = {
  AccountMenu: [],
  DeferredAccountMenu: [],
  DeferredLocaleSwitcher: [],
  LocaleSwitcher: [],
  DialogHost: [],
  SignInPrompt: [],
  SearchBox: ['booking'],
  DeferredSearchBox: ['booking'],
  SearchResults: ['booking', 'help', 'agent'],
  DeferredSearchResults: ['booking', 'help', 'agent'],
  ProductDetails: ['booking', 'agent', 'photos'],
  ReviewForm: ['booking'],
  Checkout: ['booking'],
  CheckoutSuccess: ['booking'],
  ManageBooking: ['booking'],
  BookingHistory: ['booking'],
  Wallet: ['booking'],
  Travelers: ['booking', 'auth'],
  EnquiryForm: ['help'],
  Promotions: ['referral', 'savings'],
  Rewards: ['referral', 'savings'],
  ReferralCredits: ['referral', 'common'],
  ReferralLinkBuilder: ['referral'],
  MyShortLink: ['links'],
  ProfileForm: ['auth', 'common'],
  AccountDetails: ['auth', 'booking', 'common'],
  ChangePassword: ['auth'],
  VerifyAccount: ['auth'],
  AcceptInvitation: ['auth'],
  SsoLogin: ['auth'],
  AgentHome: ['agent', 'common'],
  AgentProfile: ['agent', 'common'],
  AgentBookings: ['agent', 'common', 'booking'],
  ClientList: ['agent', 'auth', 'common'],
  MyQuotes: ['agent', 'auth', 'common', 'booking'],
  SharedQuote: ['agent', 'common'],
  ConsoleNav: ['console', 'photos'],
};

/** The areas a page's islands need (an island not listed needs them all). */
export function areasForIslands(islands: readonly string[]): LabelArea[] {
  const wanted = new Set<LabelArea>();
  for (const island of islands) for (const area of ISLAND_LABEL_AREAS[island] ?? LABEL_AREAS) wanted.add(area);
  return LABEL_AREAS.filter((area) => wanted.has(area));
}

/** An area's labels in `language` (a language the product does not have gets empty texts, as the boot block has it). */
export async function areaLabels(area: LabelArea, language: string): Promise<Record<string, string>> {
  if ((LANGUAGES as readonly string[]).includes(language)) return (await AREA_LABELS[area][language as Language]()).default;
  return Object.fromEntries(Object.keys((await AREA_LABELS[area]['en-US']()).default).map((key) => [key, '']));
}

/** One language of a table: field → text ('' where the language has none, as the boot block has it). */
export function tableIn(table: LabelTable, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(table)) out[key] = texts[language as Language] ?? '';
  return out;
}
