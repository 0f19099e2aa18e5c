// Which labels the browser gets where (docs/decisions/0008-page-weight.md): the page's boot block carries the shell's
// (and the org's own texts); every other area's labels come as a chunk of their own when an island of that area
// hydrates or opens. The tables stay one file per area; this only says how they travel.
import type { Language, LabelTable } from './types';

export type LabelArea = 'common' | 'catalogue' | 'auth' | 'booking' | 'savings' | 'referral' | 'agent' | 'console' | 'console-ops' | 'links' | 'help';

/** Each area's table, imported on demand: one chunk per area, fetched when first needed. */
export const AREA_TABLES: Record<LabelArea, () => Promise<LabelTable>> = {
  common: () => import('./common').then((m) => m.commonLabels),
  catalogue: () => import('./catalogue').then((m) => m.catalogueLabels),
  auth: () => import('./auth').then((m) => m.authLabels),
  booking: () => import('./booking').then((m) => m.bookingLabels),
  savings: () => import('./savings').then((m) => m.savingsLabels),
  referral: () => import('./referral').then((m) => m.referralLabels),
  agent: () => import('./agent').then((m) => m.agentLabels),
  console: () => import('./console').then((m) => m.consoleLabels),
  'console-ops': () => import('./console-ops').then((m) => m.consoleOpsLabels),
  links: () => import('./links').then((m) => m.linksLabels),
  help: () => import('./help').then((m) => m.helpLabels),
};
export const LABEL_AREAS = Object.keys(AREA_TABLES) as LabelArea[];

/**
 * The labels the shell's code shows in the browser (header islands, account menu, locale dialog, sign-in prompt):
 * the only defaults in every boot block. `tests/unit/label-areas.test.ts` fails when shell code uses a key not here.
 */
export const SHELL_LABEL_KEYS: readonly string[] = [
  'account_menu', 'account_menu_signed_in_as', 'close', 'loading',
  'locale_applying', 'locale_button', 'locale_currency', 'locale_current', 'locale_dialog_title', 'locale_language',
  'menu_agent_bookings', 'menu_agent_profile', 'menu_booking_history', 'menu_client_list', 'menu_currencies', 'menu_help',
  'menu_language', 'menu_logout', 'menu_my_account', 'menu_my_quotes', 'menu_my_trips', 'menu_signin', 'menu_travel_profile',
  'menu_wallet',
  'product_activities', 'product_all_inclusive', 'product_cars', 'product_condo', 'product_cruises', 'product_dailydeals',
  'product_dreamtrips', 'product_flight', 'product_holidaystays', 'product_hotel', 'product_hotelgd', 'product_packages',
  'product_resorts', 'product_stays', 'product_tra', 'product_transfers', 'product_weeks',
  'signin_prompt_button', 'signin_prompt_checking', 'signin_prompt_text', 'signin_prompt_title',
];

/**
 * The label areas of each island (by its component name), besides the shell's keys. An island not listed gets every
 * area: never a blank label, only a heavier first load (list it here to trim it).
 */
export const ISLAND_LABEL_AREAS: Record<string, readonly LabelArea[]> = {
  AccountMenu: [],
  LocaleSwitcher: [],
  ProductMenuLinks: [],
  DialogHost: [],
  LoyaltyBindings: [],
  SignInPrompt: [],
  SearchBox: ['booking'],
  SearchResults: ['booking', 'help', 'agent'],
  ProductDetails: ['booking', 'agent'],
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
  SsoLogin: ['auth'],
  AgentProfile: ['agent', 'common'],
  AgentBookings: ['agent', 'common'],
  ClientList: ['agent', 'auth', 'common'],
  MyQuotes: ['agent', 'auth', 'common'],
  SharedQuote: ['agent', 'common'],
  ConsoleNav: ['console'],
};

/** The areas a page's islands need (an island not listed needs them all). */
export function areasForIslands(islands: readonly string[]): LabelArea[] {
  const wanted = new Set<LabelArea>();
  for (const island of islands) for (const area of ISLAND_LABEL_AREAS[island] ?? LABEL_AREAS) wanted.add(area);
  return LABEL_AREAS.filter((area) => wanted.has(area));
}

/** One language of a table: field → text ('' where the language has none, as the boot block has it). */
export function tableIn(table: LabelTable, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(table)) out[key] = texts[language as Language] ?? '';
  return out;
}
