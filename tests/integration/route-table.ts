// The gates' route table (fuzz, security, faults), read from the routes' own declarations (functions/http/route.ts,
// docs/decisions/0054): each declared route's method, path, input schema and who may call it come from its createRoute;
// this file adds only what a test must know beyond the declaration (a request that succeeds, which ids it takes and
// whose they are, its attempt limits, the outside services it calls). A declared route without an entry here fails
// tests/integration/openapi.test.ts, so no route escapes the gates.
import fc from 'fast-check';
import { z } from 'zod';
import { SignInFailureSchema, SignUpRefusedSchema } from '../../src/shared/contract/auth';
import { CatalogueRequestSchema, LabelsQuerySchema } from '../../src/shared/contract/catalogue';
import { LIMITS, type Limit } from '../../functions/http/rate-limit';
import { declaredRoutes } from './declared-replies';
import { DEFAULT_THEME } from '../../src/shared/rules/theme';
import { nearDay, type Hints } from './gates-arbitrary';
import { day, TRAVELER } from './gates-fixtures';
import { seedLogoFile, seedPhotoKeys } from '../../seed/photos.mjs';
import { DEV_INVITATION_TOKEN } from '../../seed/parts/13-invitations.mjs';
import { OTA_NAMESPACE } from '../../functions/outside/channel-ota';

/** A photograph the development seed stores (seed/photos.mjs). */
const SEED_KEY: string = seedPhotoKeys()['dune-sea'];
/** The seeded org's logo as stored (seed/photos.mjs). */
const SEED_LOGO: string = seedLogoFile();

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * none: public; optional: works both ways; user: a signed-in consumer (or any account); agent: an agent account; admin: an
 * org admin; marketing: an org admin or marketer (the console's marketing section).
 */
export type SessionNeed = 'none' | 'optional' | 'user' | 'agent' | 'admin' | 'marketing';

/** The ids a consumer and an agent own (tests/integration/gates-fixtures.ts creates them). */
export interface OwnedIds {
  travelerId: number;
  certificateId: number;
  certificateCode: string;
  discountId: number;
  cashId: number;
  referredMember: number;
  userId: number;
  email: string;
  memberId: string;
  clientId: number;
  quoteId: number;
  productId: number;
  /** A booking of the consumer's (pending its card payment). */
  bookingRef: string;
  /** A bed bank's hotel of the console's org (off sale; the gates never import). */
  supplierHotelId: number;
}

export interface IdUse {
  /** Where the id goes: a path parameter, a body field or a query parameter. */
  in: 'param' | 'body' | 'query';
  name: string;
  owner: 'user' | 'agent';
  of: keyof OwnedIds;
  /**
   * refused: someone else's id gets 400/403/404/409 and changes nothing;
   * own-only: the route ignores the id and answers about the caller alone (200 without the owner's data).
   */
  expect: 'refused' | 'own-only';
  /** The owner's own answer when it is not a success (redeeming a card already in one's wallet is a 409). */
  ownerAnswer?: number;
}

/**
 * An attempt limit of the route (functions/http/rate-limit.ts, docs/decisions/0012): whose attempts it counts and a
 * request that counts against it. The security gate sends max + 30 of them at once and expects at most max to be
 * evaluated; the fuzz gate accepts a 429 only from a route that lists a limit.
 */
export interface RouteLimit {
  limit: Limit;
  /** address: one client address for all; email: one email in the body; member: one fresh member; agent: agent one. */
  by: 'address' | 'email' | 'member' | 'agent';
  /** A counted request; `email` is the burst's one email (by 'email') or a fresh one per request. */
  counted: (k: { email: string; ids: OwnedIds }) => Example;
  /**
   * The 429's body: the sign-in family's `{ status, message }`, the contract's error shape, or the route's own wire
   * format (its `wireRefusals`: a channel manager's OpenTravel <Errors>).
   */
  shape: 'message' | 'error' | 'wire';
}

export interface Example {
  body?: unknown;
  /** A body sent as it is, in `wireRefusals`' media type (a channel manager's XML), instead of JSON. */
  rawBody?: string;
  /** Request headers of the example (a channel manager's HTTP Basic credentials). */
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
  params?: Record<string, string | number>;
}

export interface RouteSpec {
  method: Method;
  path: string;
  /** The input's schema: the body for POST/PUT, the query string for GET; read from the route’s declaration unless named here. */
  schema?: z.ZodType;
  /** Field arbitraries that reach deeper than the schema alone (real ids, near dates, known codes). */
  hints?: Hints;
  /** Path parameters' arbitraries (schema-derived runs; hostile runs use odd segments). */
  params?: Record<string, fc.Arbitrary<string | number>>;
  /** A request that succeeds for the owner of `ids`. */
  example: (ids: OwnedIds) => Example;
  session: SessionNeed;
  /** POST/PUT/PATCH/DELETE that changes something (the catalogue POSTs only read). */
  changesState: boolean;
  ids?: IdUse[];
  /** Documented non-2xx bodies besides the contract's error shape. */
  refusals?: z.ZodType[];
  /** Tables a refused request may write by contract (besides the rate limiter and the audit log). */
  refusalWrites?: string[];
  /** Calls an outside service (the fault gate drives these). */
  upstream?: ('savings' | 'google' | 'facebook' | 'mail' | 'rates' | 'cloudflare')[];
  /** Present only with ENVIRONMENT=development. */
  dev?: boolean;
  /** Signing in or out ends the caller's session (or replaces it): the gates call it signed out. */
  endsSession?: boolean;
  /** The attempt limits that can answer 429 (forgot password's per-email mail limit never does: it only stops mailing). */
  limits?: RouteLimit[];
  /** A GET that changes state by contract (and why). */
  getWrites?: string;
  /** Answers a browser (Accept: text/html) with a small page instead of JSON, refusals included. */
  htmlForBrowsers?: boolean;
  /** Called by the payment provider's servers and trusted for its signature alone: no session and no Origin check. */
  providerSigned?: boolean;
  /**
   * Answers in its partner's own wire format, refusals included (a channel manager's OpenTravel XML): a refusal of that
   * media type is checked against it instead of the contract's JSON error shape.
   */
  wireRefusals?: { mediaType: string; isRefusal: (text: string) => boolean };
}

/**
 * What the table adds to a route's declaration: its method and path name the declared route; who may call it and its
 * input schema come from the declaration (functions/http/route.ts `access()`, the request schemas).
 */
export type Fixture = Omit<RouteSpec, 'session' | 'dev' | 'providerSigned'>;

const CURRENCIES = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'INR', 'MXN', 'usd', 'XXX', 'ZZZ');
const SMALL_ID = fc.integer({ min: 1, max: 60 });
const PRODUCT_TYPES = fc.constantFrom('HLT', 'ACT', 'RST', 'STY', 'hlt', 'XYZ');
const EMAILS = fc.oneof(fc.constantFrom('demo@example.com', 'agent@example.com', 'DEMO@Example.com '), fc.emailAddress());

const BOOKING_HINTS: Hints = {
  product_id: fc.integer({ min: 1, max: 90 }),
  check_in: nearDay,
  check_out: fc.option(nearDay, { nil: undefined }),
  guests: fc.integer({ min: 1, max: 5 }),
  currency: CURRENCIES,
  certificate_id: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined, freq: 2 }),
  discount_card_id: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined, freq: 2 }),
  cash_card_id: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined, freq: 2 }),
};

const ENQUIRY = { kind: 'cruise', name: 'Dana Demo', email: 'dana@example.com', check_in: day(30), check_out: day(37), travellers: 2, message: 'A week in the Caribbean' };

const bookingExample = (o: OwnedIds) => ({ product_id: o.productId, check_in: day(20), check_out: day(22), guests: 2, currency: 'USD' });

/** The table's own inputs where a route reads its body its own way (the labels' language from the query or the body). */
const LabelsBody = CatalogueRequestSchema.extend({ lang: LabelsQuerySchema.shape.lang.optional() });
const Empty = z.object({});
/** A valid email sign-up (the spec's fields only, terms accepted). */
const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  jsonRegister: { email_id: email, password: 'Gate1!pass', terms_accepted: true, title: 'Mr', userdetails: { first_name: 'Gus', last_name: 'Gate' }, ...extra },
});

/** A passkey answer that parses and verifies nothing (the second factor's routes refuse it). */
const FAKE_ASSERTION = {
  id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

/** The sign-in family's `{ status: 'failed', message }` (401, 403, 429). */
const SIGN_IN_REFUSAL = SignInFailureSchema;
/** GET /go/daily-savings signed out (docs/contract.md#savings). */
const SHOW_SIGN_IN = z.object({ showSignIn: z.literal(true) });

const wrongPassword = (email: string) => ({ usr_type: 2, email_id: email, password: 'Wrong1!pass' });
/** Sign-in's limits for a body wrapping the sign-in in `field` (jsonSign or jsonSingIn). */
const signInLimits = (field: string): RouteLimit[] => [
  { limit: LIMITS.signInEmail, by: 'email', shape: 'message', counted: ({ email }) => ({ body: { [field]: wrongPassword(email), navAgent: 'gates' } }) },
  { limit: LIMITS.signInIp, by: 'address', shape: 'message', counted: ({ email }) => ({ body: { [field]: wrongPassword(email), navAgent: 'gates' } }) },
];

const catalogue = (path: string, query?: Record<string, string>): Fixture[] => [
  { method: 'GET', path, example: () => (query ? { query } : {}), changesState: false },
  { method: 'POST', path, example: () => ({ body: {}, ...(query ? { query } : {}) }), changesState: false },
];

const TABLE: Fixture[] = [
  // ---- catalogues, locale, org (functions/routes/catalogue.ts, org.ts) ------------------------------------------
  ...catalogue('/api/general/getCountry', { lang: 'fr-FR' }),
  ...catalogue('/api/getCountryCat', { lang: 'fr-FR' }),
  ...catalogue('/api/getNationalityCat', { lang: 'fr-FR' }),
  ...catalogue('/api/general/getNationalities', { lang: 'fr-FR' }),
  ...catalogue('/api/layout/getCurrencyinfo', { lang: 'fr-FR' }),
  { method: 'GET', path: '/api/general/getLabels', example: () => ({ query: { lang: 'es-ES' } }), changesState: false },
  { method: 'POST', path: '/api/general/getLabels', schema: LabelsBody, example: () => ({ body: { lang: 'fr-FR' } }), changesState: false },
  {
    method: 'POST', path: '/api/general/getCurrencyRate', hints: { fromCurrency: CURRENCIES, toCurrency: CURRENCIES },
    example: () => ({ body: { fromCurrency: 'USD', toCurrency: 'EUR' } }), changesState: false,
  },
  {
    method: 'POST', path: '/api/general/getCurrencyRates', hints: { fromCurrency: CURRENCIES, toCurrency: CURRENCIES },
    example: () => ({ body: { fromCurrency: 'EUR', all: true } }), changesState: false,
  },
  { method: 'GET', path: '/api/get-ip', example: () => ({}), changesState: false },
  { method: 'POST', path: '/api/general/getGeolocationByIp', example: () => ({ body: {} }), changesState: false },
  { method: 'GET', path: '/api/health', example: () => ({}), changesState: false },
  { method: 'GET', path: '/api/openapi.json', example: () => ({}), changesState: false },
  { method: 'GET', path: '/api/docs', example: () => ({}), changesState: false },
  { method: 'GET', path: '/api/org/config', example: () => ({}), changesState: false },
  {
    method: 'GET', path: '/api/general/getCss/:name', params: { name: fc.constantFrom('theme', 'prelogin', 'postlogin', 'theme.css', 'nope') },
    example: () => ({ params: { name: 'theme' } }), changesState: false,
  },
  { method: 'POST', path: '/api/general/getwhitelabelcss', example: () => ({ body: { pageCode: 'home' } }), changesState: false },
  { method: 'POST', path: '/api/general/getCssPreAndPostLogin', example: () => ({ body: { pageCode: 'home', apikey: 'x' } }), changesState: false },

  // ---- accounts (functions/routes/auth.ts, signup.ts, profile.ts) -----------------------------------------------
  {
    method: 'POST', path: '/api/signIn', hints: { 'jsonSign.email_id': EMAILS }, changesState: true, endsSession: true,
    example: () => ({ body: { jsonSign: { usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass' }, navAgent: 'gates' } }),
    refusals: [SIGN_IN_REFUSAL], refusalWrites: ['email_tokens', 'outbox', 'users'], upstream: ['google', 'facebook', 'mail'], limits: signInLimits('jsonSign'),
  },
  {
    method: 'POST', path: '/api/auth/signIn', hints: { 'jsonSingIn.email_id': EMAILS }, changesState: true, endsSession: true,
    example: () => ({ body: { jsonSingIn: { usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass' }, ipAddress: '', navAgent: 'gates' } }),
    refusals: [SIGN_IN_REFUSAL], refusalWrites: ['email_tokens', 'outbox', 'users'], upstream: ['google', 'facebook', 'mail'], limits: signInLimits('jsonSingIn'),
  },
  { method: 'POST', path: '/api/auth/checkLogin', schema: Empty, example: () => ({ body: {} }), changesState: false },
  { method: 'GET', path: '/api/auth/providers', example: () => ({}), changesState: false },
  {
    method: 'POST', path: '/api/auth/nonce', schema: Empty, example: () => ({ body: {} }), changesState: true,
    limits: [{ limit: LIMITS.nonceIp, by: 'address', shape: 'error', counted: () => ({ body: {} }) }],
  },
  {
    method: 'POST', path: '/api/auth/socialProfile', changesState: false, refusals: [SIGN_IN_REFUSAL],
    example: () => ({ body: { googletoken: 'not-a-token' } }), upstream: ['google', 'facebook'],
    limits: [{ limit: LIMITS.signInIp, by: 'address', shape: 'error', counted: () => ({ body: { googletoken: 'not-a-token' } }) }],
  },
  {
    method: 'POST', path: '/api/auth/verifyAccount', example: () => ({ body: { token: 'x'.repeat(43) } }), changesState: true,
    limits: [{ limit: LIMITS.verifyIp, by: 'address', shape: 'error', counted: () => ({ body: { token: 'x'.repeat(43) } }) }],
  },
  {
    method: 'POST', path: '/api/auth/forgotPassword', hints: { email_id: EMAILS }, changesState: true,
    example: () => ({ body: { email_id: 'nobody@example.com' } }), upstream: ['mail'],
    limits: [{ limit: LIMITS.forgotIp, by: 'address', shape: 'error', counted: ({ email }) => ({ body: { email_id: email } }) }],
  },
  {
    method: 'POST', path: '/api/auth/changePassword', changesState: true, refusals: [SIGN_IN_REFUSAL],
    example: () => ({ body: { current_password: 'Wrong1!pass', password: 'Newp4ss!x' } }),
    limits: [
      { limit: LIMITS.verifyIp, by: 'address', shape: 'error', counted: () => ({ body: { token: 'x'.repeat(43), password: 'Newp4ss!x' } }) },
      { limit: LIMITS.signInEmail, by: 'member', shape: 'message', counted: () => ({ body: { current_password: 'Wrong1!pass', password: 'Newp4ss!x' } }) },
    ],
  },
  {
    method: 'POST', path: '/api/auth/sso', example: () => ({ body: { key: 'x.y.z' } }), changesState: true, refusals: [SIGN_IN_REFUSAL], endsSession: true,
    limits: [{ limit: LIMITS.signInIp, by: 'address', shape: 'error', counted: () => ({ body: { key: 'x.y.z' } }) }],
  },
  { method: 'POST', path: '/api/iqps/logout', schema: Empty, example: () => ({ body: {} }), changesState: true, endsSession: true },
  {
    method: 'POST', path: '/api/iqps/user-fqs', example: (o) => ({ body: { userId: o.userId, ip: '', action: 'search' } }), changesState: true,
  },
  {
    method: 'POST', path: '/api/signUp/checkAccountForExists', hints: { 'jsonSigUp.email_id': EMAILS }, changesState: false,
    example: () => ({ body: { jsonSigUp: { email_id: 'demo@example.com' } } }),
    limits: [{ limit: LIMITS.accountCheckIp, by: 'address', shape: 'error', counted: ({ email }) => ({ body: { jsonSigUp: { email_id: email } } }) }],
  },
  {
    method: 'POST', path: '/api/signUp/validateAccessCode', hints: { 'jsonRegister.accesscode': fc.oneof(fc.constantFrom('WELCOME2026', 'welcome2026', ''), fc.string({ maxLength: 64 })) }, changesState: false, example: () => ({ body: { jsonRegister: { accesscode: 'WELCOME2026', email_id: '' } } }),
    limits: [{ limit: LIMITS.accessCodeIp, by: 'address', shape: 'error', counted: () => ({ body: { jsonRegister: { accesscode: 'NOPE-GUESS', email_id: '' } } }) }],
  },
  {
    method: 'POST', path: '/api/signUp', changesState: true, refusals: [SignUpRefusedSchema], upstream: ['google', 'facebook', 'mail'],
    hints: { 'jsonRegister.nationality': fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }), 'jsonRegister.currency': fc.option(CURRENCIES, { nil: undefined }) },
    example: () => ({ body: signUpBody(`gate-${crypto.randomUUID()}@example.com`) }),
    limits: [
      { limit: LIMITS.signUpIp, by: 'address', shape: 'error', counted: ({ email }) => ({ body: signUpBody(email) }) },
      { limit: LIMITS.accessCodeIp, by: 'address', shape: 'error', counted: ({ email }) => ({ body: signUpBody(email, { accesscode: 'NOPE-GUESS' }) }) },
    ],
  },
  // ---- the second factor (functions/routes/second-factor.ts, docs/decisions/0067-second-factor.md) ----------------
  {
    method: 'POST', path: '/api/auth/second-factor', changesState: true, endsSession: true, refusals: [SIGN_IN_REFUSAL],
    example: () => ({ body: { challenge: 'x'.repeat(43), code: '123456' } }),
    limits: [{ limit: LIMITS.signInIp, by: 'address', shape: 'message', counted: () => ({ body: { challenge: 'y'.repeat(43), code: '000000' } }) }],
  },
  {
    method: 'POST', path: '/api/auth/passkey/options', schema: Empty, example: () => ({ body: {} }), changesState: true,
    limits: [{ limit: LIMITS.nonceIp, by: 'address', shape: 'error', counted: () => ({ body: {} }) }],
  },
  {
    method: 'POST', path: '/api/auth/passkey', changesState: true, endsSession: true, refusals: [SIGN_IN_REFUSAL],
    example: () => ({ body: { response: FAKE_ASSERTION } }),
    limits: [{ limit: LIMITS.signInIp, by: 'address', shape: 'message', counted: () => ({ body: { response: FAKE_ASSERTION } }) }],
  },
  { method: 'GET', path: '/api/account/security', example: () => ({}), changesState: false },
  { method: 'POST', path: '/api/account/2fa/totp', schema: Empty, example: () => ({ body: {} }), changesState: true },
  {
    method: 'POST', path: '/api/account/2fa/totp/confirm', changesState: true, example: () => ({ body: { code: '123456' } }),
    limits: [{ limit: LIMITS.signInEmail, by: 'member', shape: 'error', counted: () => ({ body: { code: '000000' } }) }],
  },
  {
    method: 'DELETE', path: '/api/account/2fa/totp', changesState: true, example: () => ({ body: { code: '123456' } }),
    limits: [{ limit: LIMITS.signInEmail, by: 'member', shape: 'error', counted: () => ({ body: { code: '000000' } }) }],
  },
  {
    method: 'POST', path: '/api/account/2fa/recovery-codes', changesState: true, example: () => ({ body: { recovery_code: 'abcde-fghjk' } }),
    limits: [{ limit: LIMITS.signInEmail, by: 'member', shape: 'error', counted: () => ({ body: { code: '000000' } }) }],
  },
  { method: 'POST', path: '/api/account/passkeys/proof-options', schema: Empty, example: () => ({ body: {} }), changesState: true },
  { method: 'POST', path: '/api/account/passkeys/options', schema: Empty, example: () => ({ body: {} }), changesState: true },
  {
    method: 'POST', path: '/api/account/passkeys', changesState: true,
    example: () => ({ body: { name: 'Gate key', response: { ...FAKE_ASSERTION, response: { clientDataJSON: 'e30', attestationObject: 'AA' } } } }),
  },
  {
    method: 'DELETE', path: '/api/account/passkeys/:id', params: { id: fc.constantFrom('AAAA', 'not-a-passkey', 'x'.repeat(40)) }, changesState: true,
    example: () => ({ params: { id: 'not-a-passkey' }, body: { code: '123456' } }),
    limits: [{ limit: LIMITS.signInEmail, by: 'member', shape: 'error', counted: () => ({ params: { id: 'not-a-passkey' }, body: { code: '000000' } }) }],
  },
  { method: 'GET', path: '/api/profile', example: () => ({}), changesState: false },
  {
    method: 'PUT', path: '/api/profile', hints: { nationality: fc.integer({ min: 0, max: 260 }), currency: CURRENCIES },
    example: () => ({ body: { first_name: 'Gale' } }), changesState: true,
  },
  {
    method: 'POST', path: '/api/profile/updatePrefCurrLang', hints: { currency_code: CURRENCIES },
    example: () => ({ body: { currency_code: 'EUR', language: 'es-ES' } }), changesState: true,
  },

  // ---- products, wallet, booking (functions/routes/products.ts, booking.ts) ---------------------------------------
  {
    method: 'GET', path: '/api/products/search', hints: { type: PRODUCT_TYPES, check_in: nearDay, check_out: nearDay, currency: CURRENCIES },
    example: () => ({ query: { type: 'HLT', check_in: day(20), check_out: day(22), guests: 2, currency: 'EUR' } }), changesState: false,
  },
  { method: 'GET', path: '/api/products/cities', example: () => ({ query: { q: 'Par' } }), changesState: false },
  {
    method: 'GET', path: '/api/products/:product_id', hints: { currency: CURRENCIES }, params: { product_id: fc.integer({ min: 1, max: 90 }) },
    example: (o) => ({ params: { product_id: o.productId }, query: { currency: 'GBP' } }), changesState: false,
  },
  {
    method: 'GET', path: '/api/products/:product_id/rates', hints: { check_in: nearDay, check_out: nearDay, currency: CURRENCIES },
    params: { product_id: fc.integer({ min: 1, max: 90 }) },
    example: (o) => ({ params: { product_id: o.productId }, query: { check_in: day(20), check_out: day(22), occupancy: '2-5', currency: 'EUR' } }), changesState: false,
  },
  { method: 'POST', path: '/api/walletUser/getPaymentCardByOrg', example: () => ({ body: {} }), changesState: false },
  {
    method: 'POST', path: '/api/booking/get-paymentcard-by-user', hints: { currency: CURRENCIES },
    example: () => ({ body: { currency: 'USD' } }), changesState: false,
  },
  {
    method: 'POST', path: '/api/wallet/redeem', hints: { card_code: fc.oneof(fc.constantFrom('GIFT-CERT-RESORT', 'DEMO-CERT-HOTEL-150', 'TC-ORG-HOTEL-100'), fc.stringMatching(/^[A-Z0-9-]{4,20}$/)) },
    example: (o) => ({ body: { card_code: o.certificateCode } }), changesState: true,
    ids: [{ in: 'body', name: 'card_code', owner: 'user', of: 'certificateCode', expect: 'refused', ownerAnswer: 409 }],
    limits: [
      { limit: LIMITS.redeemMember, by: 'member', shape: 'error', counted: () => ({ body: { card_code: `NOPE-${crypto.randomUUID().slice(0, 8)}` } }) },
      { limit: LIMITS.redeemIp, by: 'address', shape: 'error', counted: () => ({ body: { card_code: `NOPE-${crypto.randomUUID().slice(0, 8)}` } }) },
    ],
  },
  {
    // The certificate modal's "Use this certificate": the gates' member owns no listed org certificate, so the example is the 404.
    method: 'POST', path: '/api/wallet/default-certificate', hints: { payment_card_id: fc.integer({ min: 1, max: 60 }) }, changesState: true,
    example: (o) => ({ body: { payment_card_id: o.certificateId, issue_key: 'gate-issue-key-0001' } }),
  },
  {
    // A review of the member's booking: still pending its payment, so refused (403) to its owner too.
    method: 'POST', path: '/api/reviews', changesState: true,
    hints: { score: fc.integer({ min: 0, max: 11 }), booking_id: fc.oneof(fc.constantFrom('TC-NOPE', 'x'), fc.stringMatching(/^[A-Z0-9-]{4,20}$/)) },
    example: (o) => ({ body: { booking_id: o.bookingRef, score: 9, text: 'A lovely stay' } }),
    ids: [{ in: 'body', name: 'booking_id', owner: 'user', of: 'bookingRef', expect: 'refused', ownerAnswer: 403 }],
  },
  {
    method: 'GET', path: '/api/products/:product_id/reviews', params: { product_id: fc.integer({ min: 1, max: 90 }) },
    example: (o) => ({ params: { product_id: o.productId }, query: { page: 1 } }), changesState: false,
  },
  {
    method: 'POST', path: '/api/booking/preview', hints: BOOKING_HINTS, changesState: false,
    example: (o) => ({ body: { ...bookingExample(o), certificate_id: o.certificateId } }),
    ids: [
      { in: 'body', name: 'certificate_id', owner: 'user', of: 'certificateId', expect: 'refused' },
      { in: 'body', name: 'discount_card_id', owner: 'user', of: 'discountId', expect: 'refused' },
      { in: 'body', name: 'cash_card_id', owner: 'user', of: 'cashId', expect: 'refused' },
    ],
  },
  {
    method: 'POST', path: '/api/booking/checkout', changesState: true,
    hints: { ...BOOKING_HINTS, idempotency_key: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), 'traveler.email': fc.emailAddress() },
    example: (o) => ({ body: { ...bookingExample(o), discount_card_id: o.discountId, idempotency_key: `gate-${crypto.randomUUID()}`, traveler: TRAVELER } }),
    ids: [
      { in: 'body', name: 'certificate_id', owner: 'user', of: 'certificateId', expect: 'refused' },
      { in: 'body', name: 'discount_card_id', owner: 'user', of: 'discountId', expect: 'refused' },
      { in: 'body', name: 'cash_card_id', owner: 'user', of: 'cashId', expect: 'refused' },
    ],
  },
  {
    method: 'GET', path: '/api/bookings/:booking_id', params: { booking_id: fc.constantFrom('BK-AAAAA-AAAAA', 'bk-x', '0', 'BK-' + 'A'.repeat(60)) },
    // optional: a guest's booking is reached by its reference alone (the success page polls it); anyone else's is 404.
    example: (o) => ({ params: { booking_id: o.bookingRef } }), changesState: false,
    ids: [{ in: 'param', name: 'booking_id', owner: 'user', of: 'bookingRef', expect: 'refused' }],
  },
  {
    // What cancelling now would cost: the owner's pending booking answers 200 (letting go costs nothing); anyone else's is 404.
    method: 'GET', path: '/api/bookings/:booking_id/cancel-quote', params: { booking_id: fc.constantFrom('BK-AAAAA-AAAAA', 'bk-x', '0') }, changesState: false,
    example: (o) => ({ params: { booking_id: o.bookingRef } }),
    ids: [{ in: 'param', name: 'booking_id', owner: 'user', of: 'bookingRef', expect: 'refused' }],
  },
  {
    method: 'POST', path: '/api/bookings/:booking_id/cancel', params: { booking_id: fc.constantFrom('BK-AAAAA-AAAAA', 'bk-x', '0') }, changesState: true,
    example: (o) => ({ params: { booking_id: o.bookingRef }, body: {} }),
    ids: [{ in: 'param', name: 'booking_id', owner: 'user', of: 'bookingRef', expect: 'refused' }],
  },
  {
    // "Complete payment": the owner's pending booking answers its open session (200); anyone else's is 404.
    method: 'POST', path: '/api/bookings/:booking_id/payment', params: { booking_id: fc.constantFrom('BK-AAAAA-AAAAA', 'bk-x', '0') }, changesState: true,
    example: (o) => ({ params: { booking_id: o.bookingRef }, body: {} }),
    ids: [{ in: 'param', name: 'booking_id', owner: 'user', of: 'bookingRef', expect: 'refused' }],
  },
  {
    // Unsigned here: every request the gates make is refused with 400 and changes nothing (the signed path is in payments.test.ts).
    method: 'POST', path: '/api/payments/webhook', changesState: true,
    example: () => ({ body: { id: 'evt_gate', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_gate', object: 'checkout.session' } } } }),
  },
  { method: 'POST', path: '/api/reservations', example: () => ({ body: { json: { token: '' } } }), changesState: false },
  { method: 'GET', path: '/api/user/travelers', example: () => ({}), changesState: false },
  { method: 'POST', path: '/api/user/travelers', example: () => ({ body: TRAVELER }), changesState: true },
  {
    method: 'PUT', path: '/api/user/travelers/:id', params: { id: SMALL_ID }, changesState: true,
    example: (o) => ({ params: { id: o.travelerId }, body: { ...TRAVELER, first_name: 'Changed' } }),
    ids: [{ in: 'param', name: 'id', owner: 'user', of: 'travelerId', expect: 'refused' }],
  },
  {
    method: 'DELETE', path: '/api/user/travelers/:id', params: { id: SMALL_ID }, changesState: true,
    example: (o) => ({ params: { id: o.travelerId } }),
    ids: [{ in: 'param', name: 'id', owner: 'user', of: 'travelerId', expect: 'refused' }],
  },

  // ---- savings and referrals (functions/routes/savings.ts, referral.ts, go.ts) -------------------------------------
  {
    method: 'POST', path: '/api/savings/getMember', changesState: false,
    example: (o) => ({ body: { email: o.email, userId: o.userId, memberid: o.memberId } }),
    ids: [
      { in: 'body', name: 'userId', owner: 'user', of: 'userId', expect: 'own-only' },
      { in: 'body', name: 'memberid', owner: 'user', of: 'memberId', expect: 'own-only' },
    ],
  },
  {
    method: 'POST', path: '/api/savings/setMember', changesState: true, upstream: ['savings'],
    example: (o) => ({ body: { email: o.email, userId: o.userId, memberid: o.memberId } }),
  },
  {
    method: 'POST', path: '/api/savings/savingsCode', changesState: true, upstream: ['savings'],
    example: (o) => ({
      body: {
        reqSaving: {
          import: {
            members: [
              {
                organization_customer_identifier: '1', program_customer_identifier: 'SAVPROG-1', member_status: 'OPEN', first_name: 'Gale', last_name: 'Gatekeeper',
                email_address: o.email, member_customer_identifier: o.memberId,
              },
            ],
          },
        },
      },
    }),
  },
  {
    method: 'GET', path: '/go/daily-savings', changesState: false, refusals: [SHOW_SIGN_IN], upstream: ['savings'], example: () => ({}), htmlForBrowsers: true,
    getWrites: 'docs/contract.md#savings: the daily-savings link enrols the signed-in member (once; a repeat only redirects)',
  },
  { method: 'GET', path: '/api/referral/getCampaignList', example: () => ({ query: { campaign_type: 'Promotion' } }), changesState: false },
  { method: 'GET', path: '/api/referral/getReferralList', example: () => ({ query: { program: '', per_page: 5, page: 1 } }), changesState: false },
  {
    method: 'GET', path: '/api/referral/getActionsList', changesState: false, hints: { member: SMALL_ID.map(String) },
    example: (o) => ({ query: { member: o.referredMember } }),
    ids: [{ in: 'query', name: 'member', owner: 'user', of: 'referredMember', expect: 'own-only' }],
  },
  { method: 'GET', path: '/api/referral/getRewards', example: () => ({}), changesState: false },

  // ---- agents (functions/routes/agent.ts) ------------------------------------------------------------------------
  { method: 'GET', path: '/api/agent/profile', example: () => ({}), changesState: false },
  { method: 'GET', path: '/api/agent/clients', example: () => ({ query: { page: 1 } }), changesState: false },
  {
    method: 'GET', path: '/api/agent/clients/:id', params: { id: SMALL_ID }, changesState: false,
    example: (o) => ({ params: { id: o.clientId } }), ids: [{ in: 'param', name: 'id', owner: 'agent', of: 'clientId', expect: 'refused' }],
  },
  {
    method: 'POST', path: '/api/agent/clients', hints: { nationality: fc.integer({ min: 0, max: 260 }), phone_country_code: fc.constantFrom('+1', '+44', '1', '+999', '') },
    example: () => ({ body: { title: 'Miss', first_name: 'Cleo', last_name: 'Client', email: `client-${crypto.randomUUID()}@example.com` } }), changesState: true,
  },
  {
    method: 'PUT', path: '/api/agent/clients/:id', params: { id: SMALL_ID }, changesState: true,
    example: (o) => ({ params: { id: o.clientId }, body: { title: 'Miss', first_name: 'Cleo', last_name: 'Changed', email: `client-${crypto.randomUUID()}@example.com` } }),
    ids: [{ in: 'param', name: 'id', owner: 'agent', of: 'clientId', expect: 'refused' }],
  },
  {
    method: 'DELETE', path: '/api/agent/clients/:id', params: { id: SMALL_ID }, changesState: true,
    example: (o) => ({ params: { id: o.clientId } }), ids: [{ in: 'param', name: 'id', owner: 'agent', of: 'clientId', expect: 'refused' }],
  },
  {
    method: 'GET', path: '/api/agent/quotes', changesState: false, hints: { client_id: SMALL_ID },
    example: (o) => ({ query: { client_id: o.clientId } }), ids: [{ in: 'query', name: 'client_id', owner: 'agent', of: 'clientId', expect: 'own-only' }],
  },
  {
    method: 'GET', path: '/api/agent/quotes/:id', params: { id: SMALL_ID }, changesState: false,
    example: (o) => ({ params: { id: o.quoteId } }), ids: [{ in: 'param', name: 'id', owner: 'agent', of: 'quoteId', expect: 'refused' }],
  },
  {
    method: 'POST', path: '/api/agent/quotes', hints: { ...BOOKING_HINTS, client_id: SMALL_ID, markup_percent: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }) }, changesState: true,
    example: (o) => ({ body: { client_id: o.clientId, product_id: o.productId, check_in: day(20), check_out: day(22), guests: 2, currency: 'USD' } }),
    ids: [{ in: 'body', name: 'client_id', owner: 'agent', of: 'clientId', expect: 'refused' }],
  },
  {
    method: 'POST', path: '/api/agent/quotes/:id/send', schema: Empty, params: { id: SMALL_ID }, changesState: true, upstream: ['mail'],
    example: (o) => ({ params: { id: o.quoteId }, body: {} }), ids: [{ in: 'param', name: 'id', owner: 'agent', of: 'quoteId', expect: 'refused' }],
    limits: [
      { limit: LIMITS.quoteMailQuote, by: 'agent', shape: 'error', counted: ({ ids }) => ({ params: { id: ids.quoteId }, body: {} }) },
      { limit: LIMITS.quoteMailAgent, by: 'agent', shape: 'error', counted: ({ ids }) => ({ params: { id: ids.quoteId }, body: {} }) },
    ],
  },
  {
    // On account by default; pay_by "card" starts the client's hosted payment (payments-agent.test.ts covers it over the simulator).
    method: 'POST', path: '/api/agent/quotes/:id/book', params: { id: SMALL_ID }, changesState: true, refusals: [SIGN_IN_REFUSAL],
    example: (o) => ({ params: { id: o.quoteId }, body: {} }), ids: [{ in: 'param', name: 'id', owner: 'agent', of: 'quoteId', expect: 'refused' }],
  },
  { method: 'GET', path: '/api/agent/bookings', example: () => ({}), changesState: false },
  {
    // A reference nobody booked: every gate request is refused (404) and changes nothing; the card path is in payments-agent.test.ts.
    method: 'POST', path: '/api/agent/bookings/:ref/cancel', schema: Empty, params: { ref: fc.constantFrom('BK-AAAAA-AAAAA', 'bk-x', '0') }, changesState: true,
    example: () => ({ params: { ref: 'BK-AAAAA-AAAAA' }, body: {} }),
  },
  { method: 'POST', path: '/api/quotes/view', example: () => ({ body: { token: 'a'.repeat(43) } }), changesState: false },

  // ---- the org console (functions/routes/admin.ts): admins of the request host's org only -------------------------
  { method: 'GET', path: '/api/admin/org', example: () => ({}), changesState: false },
  {
    method: 'PATCH', path: '/api/admin/org', changesState: true,
    // The seeded name again: the sweeps' request changes nothing the other routes rely on.
    example: () => ({ body: { name: 'Travel Club' } }),
  },
  { method: 'GET', path: '/api/admin/access-codes', example: () => ({}), changesState: false },
  {
    method: 'POST', path: '/api/admin/access-codes', changesState: true,
    hints: { code: fc.oneof(fc.constantFrom('WELCOME2026', 'TRAVEL2026', 'travel2026'), fc.stringMatching(/^[A-Z0-9-]{4,32}$/)) },
    example: () => ({ body: { code: `GATE-${crypto.randomUUID().slice(0, 8)}`, label: 'Gate', max_uses: 5 } }),
  },
  {
    method: 'DELETE', path: '/api/admin/access-codes/:code', params: { code: fc.constantFrom('NOPE-CODE', 'GATE-0000', 'x', 'TRAVEL-NOT') }, changesState: true, example: () => ({ params: { code: 'NOPE-CODE' } }),
  },
  { method: 'GET', path: '/api/admin/members', example: () => ({ query: { q: 'example', page: 1 } }), changesState: false },
  {
    // Fuzzed ids are far above the seeded accounts': random role changes would lock the gates' own sessions out.
    method: 'PATCH', path: '/api/admin/members/:id', params: { id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true, example: (o) => ({ params: { id: o.userId }, body: { can_user_book: 1 } }),
    ids: [{ in: 'param', name: 'id', owner: 'user', of: 'userId', expect: 'refused' }],
  },
  { method: 'GET', path: '/api/admin/audit', example: () => ({ query: { page: 1 } }), changesState: false },
  // Verified reviews' moderation (functions/routes/reviews.ts): fuzzed ids are far above any review the gates write.
  { method: 'GET', path: '/api/admin/reviews', example: () => ({ query: { page: 1 } }), changesState: false },
  {
    method: 'PATCH', path: '/api/admin/reviews/:id', params: { id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: () => ({ params: { id: 1_000_000 }, body: { hidden: true, reason: 'Names a member of staff' } }),
  },
  {
    method: 'GET', path: '/api/admin/members/:id', params: { id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: false,
    example: (o) => ({ params: { id: o.userId } }), ids: [{ in: 'param', name: 'id', owner: 'user', of: 'userId', expect: 'refused' }],
  },
  {
    method: 'POST', path: '/api/admin/members/:id/payments', params: { id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true, example: (o) => ({ params: { id: o.userId }, body: { amount: 10 } }),
    // The gate's owner is a member, not an agent: reaching their row answers the agents-only 409, not a 404.
    ids: [{ in: 'param', name: 'id', owner: 'user', of: 'userId', expect: 'refused', ownerAnswer: 409 }],
  },
  { method: 'GET', path: '/api/admin/theme', example: () => ({}), changesState: false },
  // The product's own colours: the sweeps' request leaves the look the other routes' pages are checked in.
  { method: 'PUT', path: '/api/admin/theme', example: () => ({ body: { ...DEFAULT_THEME } }), changesState: true },
  { method: 'GET', path: '/api/admin/launch', example: () => ({}), changesState: false },
  { method: 'POST', path: '/api/admin/go-live', example: () => ({}), changesState: true },
  // Invitations (functions/routes/invitations.ts): the sweeps invite addresses of nobody as members, so no sweep gives a role to a
  // fixture's account; revoking and accepting take ids and tokens nobody has (tests/integration/invitations.test.ts has the successes).
  { method: 'GET', path: '/api/admin/invitations', example: () => ({}), changesState: false },
  {
    method: 'POST', path: '/api/admin/invitations', changesState: true, upstream: ['mail'],
    hints: { role: fc.constantFrom('user', 'agent', 'marketer', 'admin', 'owner'), email: fc.oneof(fc.constantFrom('demo@example.com', 'admin@example.com'), fc.emailAddress()) },
    example: () => ({ body: { email: `gate-invite-${crypto.randomUUID().slice(0, 8)}@example.com`, role: 'user' } }),
  },
  {
    method: 'DELETE', path: '/api/admin/invitations/:id', params: { id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: () => ({ params: { id: 1_000_000 } }),
  },
  {
    // The development seed's invitation (seed/parts/13-invitations.mjs): nothing in the sweeps accepts it.
    method: 'GET', path: '/api/invitations/:token', params: { token: fc.constantFrom('x'.repeat(43), 'short', DEV_INVITATION_TOKEN) }, changesState: false,
    example: () => ({ params: { token: DEV_INVITATION_TOKEN } }),
  },
  {
    method: 'POST', path: '/api/invitations/:token/accept', params: { token: fc.constantFrom('x'.repeat(43), 'short', 'A'.repeat(43)) }, changesState: true, endsSession: true,
    example: () => ({ params: { token: 'x'.repeat(43) }, body: { first_name: 'Gus', last_name: 'Gate', password: 'Gate1!pass' } }),
  },
  // Domains go through the Cloudflare simulator of the gate's own Worker; hosts fuzzed are made up (nothing resolves to them).
  { method: 'GET', path: '/api/admin/domains', example: () => ({}), changesState: false },
  {
    method: 'POST', path: '/api/admin/domains', changesState: true, upstream: ['cloudflare'],
    hints: { host: fc.constantFrom('www.gate-example.example', 'shop.gate-example.example', 'localhost', 'acme.localhost', 'x', '1.2.3.4') },
    example: () => ({ body: { host: 'www.gate-example.example' } }),
  },
  {
    method: 'POST', path: '/api/admin/domains/:host/refresh', params: { host: fc.constantFrom('www.gate-example.example', 'nope.example', 'localhost') }, changesState: true, upstream: ['cloudflare'], example: () => ({ params: { host: 'www.gate-example.example' } }),
  },
  // Removing a host: the example names one nobody added (the sweeps must not take the other routes' hosts away).
  {
    method: 'DELETE', path: '/api/admin/domains/:host', params: { host: fc.constantFrom('gone.gate-example.example', 'localhost', 'acme.localhost') }, changesState: true, upstream: ['cloudflare'], example: () => ({ params: { host: 'gone.gate-example.example' } }),
  },
  { method: 'GET', path: '/api/admin/cards', example: () => ({ query: { q: 'example', page: 1 } }), changesState: false },
  // An email of nobody: the sweeps must not put cards in the fixtures' wallets (the success path is in console-ops.test.ts).
  {
    method: 'POST', path: '/api/admin/cards', changesState: true,
    example: () => ({ body: { email: 'nobody-gate@example.com', kind: 'cash', amount: 1, currency: 'USD' } }),
  },
  // Takes text/csv: the gates' JSON bodies get 415 (its CSV cases are in console-ops.test.ts).
  { method: 'POST', path: '/api/admin/cards/import', example: () => ({ body: {} }), changesState: true },
  {
    method: 'POST', path: '/api/admin/cards/:id/void', params: { id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: () => ({ params: { id: 1_000_000 } }),
  },
  {
    method: 'GET', path: '/api/admin/cards/:id/spends', params: { id: fc.integer({ min: 1, max: 1_000_050 }) }, changesState: false,
    example: (o) => ({ params: { id: o.cashId } }),
  },
  {
    method: 'GET', path: '/api/admin/bookings', changesState: false,
    hints: { from: nearDay, to: nearDay, status: fc.constantFrom('CONFIRMED', 'CANCELLED', 'PAID'), format: fc.constantFrom('json', 'csv', 'xml') },
    example: () => ({ query: { status: 'CONFIRMED', page: 1 } }),
  },
  // The admin's cancel and its quote (decision 0066): the quote of the consumer's pending booking (a GET changes nothing);
  // the cancel only with references of nothing (tests/integration/admin-bookings.test.ts has the successes).
  {
    method: 'GET', path: '/api/admin/bookings/:id/cancel-quote', params: { id: fc.constantFrom('NOPE-0000', 'x', 'ZZ-1') }, changesState: false,
    hints: { waive_fee: fc.constantFrom('0', '1', 'true', 'yes') },
    example: (o) => ({ params: { id: o.bookingRef } }),
  },
  {
    method: 'POST', path: '/api/admin/bookings/:id/cancel', params: { id: fc.constantFrom('NOPE-0000', 'x', 'ZZ-1') }, changesState: true,
    example: () => ({ params: { id: 'NOPE-0000' }, body: {} }),
  },
  {
    method: 'GET', path: '/api/admin/labels/:lang', params: { lang: fc.constantFrom('en-US', 'es-ES', 'fr-FR', 'de-DE', 'x') }, changesState: false,
    example: () => ({ params: { lang: 'fr-FR' } }),
  },
  {
    method: 'PUT', path: '/api/admin/labels/:lang', params: { lang: fc.constantFrom('en-US', 'es-ES', 'fr-FR', 'de-DE', 'x') }, changesState: true, example: () => ({ params: { lang: 'fr-FR' }, body: { admin_retry: 'Réessayer' } }),
  },

  // ---- product photos (functions/routes/photos.ts): the public image addresses, the console's photo management ----
  {
    method: 'GET', path: '/api/images/:key/:width', changesState: false,
    params: { key: fc.constantFrom(SEED_KEY, '0'.repeat(64), 'x', SEED_KEY.toUpperCase()), width: fc.constantFrom(480, 800, 1200, 1600, 0, 799, 'w') },
    example: () => ({ params: { key: SEED_KEY, width: 800 } }),
  },
  { method: 'GET', path: '/api/admin/products', changesState: false, example: () => ({}) },
  // The org's logo (functions/routes/logos.ts): the seed stores the seeded orgs' logos; the upload takes the image's own
  // bytes, so the gates' JSON bodies get 415 (its cases are in tests/integration/go-live.test.ts).
  {
    method: 'GET', path: '/api/logos/:file', params: { file: fc.constantFrom(SEED_LOGO, `${'0'.repeat(64)}.svg`, 'x.svg', SEED_LOGO.toUpperCase()) }, changesState: false,
    example: () => ({ params: { file: SEED_LOGO } }),
  },
  { method: 'POST', path: '/api/admin/logo', changesState: true, example: () => ({ body: {} }) },
  {
    method: 'GET', path: '/api/admin/products/:product_id/photos', params: { product_id: fc.integer({ min: 1, max: 200 }) }, changesState: false,
    example: (o) => ({ params: { product_id: o.productId } }),
  },
  // Takes the image's own bytes: the gates' JSON bodies get 415 (its upload cases are in photos.test.ts).
  {
    method: 'POST', path: '/api/admin/products/:product_id/photos', params: { product_id: fc.integer({ min: 1, max: 200 }) }, changesState: true,
    example: (o) => ({ params: { product_id: o.productId }, body: {} }),
  },
  {
    method: 'PUT', path: '/api/admin/products/:product_id/photos/order', params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true, example: () => ({ params: { product_id: 1_000_000 }, body: { photo_ids: [1] } }),
  },
  {
    method: 'PATCH', path: '/api/admin/products/:product_id/photos/:photo_id',
    params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }), photo_id: fc.integer({ min: 1, max: 500 }) }, changesState: true, example: () => ({ params: { product_id: 1_000_000, photo_id: 1 }, body: { alt: { 'en-US': 'A pool' } } }),
  },
  {
    method: 'DELETE', path: '/api/admin/products/:product_id/photos/:photo_id',
    params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }), photo_id: fc.integer({ min: 1, max: 500 }) }, changesState: true, example: () => ({ params: { product_id: 1_000_000, photo_id: 1 } }),
  },

  // ---- the console's inventory (functions/routes/admin-inventory.ts): products, room types, rate plans, their nights ----
  // A new product of its own each time, inactive, in a city of the gates' own: no search the other routes rely on changes.
  {
    method: 'POST', path: '/api/admin/products', changesState: true,
    hints: { type: PRODUCT_TYPES, country: fc.constantFrom('FR', 'fr', 'FRA', ''), time_zone: fc.constantFrom('Europe/Paris', 'europe/paris', 'UTC', 'Mars/Olympus', '') },
    example: () => ({
      body: { type: 'HLT', name: `Gate Hotel ${crypto.randomUUID().slice(0, 8)}`, city: 'Gateville', country: 'FR', latitude: 10, longitude: 10, time_zone: 'Europe/Paris', status: 'INACTIVE' },
    }),
  },
  {
    method: 'GET', path: '/api/admin/products/:product_id', params: { product_id: fc.integer({ min: 1, max: 200 }) }, changesState: false,
    example: (o) => ({ params: { product_id: o.productId } }), ids: [{ in: 'param', name: 'product_id', owner: 'user', of: 'productId', expect: 'refused' }],
  },
  // Its own status again: the request changes nothing the other routes rely on (fuzzed ids name no product).
  {
    method: 'PATCH', path: '/api/admin/products/:product_id', params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: (o) => ({ params: { product_id: o.productId }, body: { status: 'ACTIVE' } }), ids: [{ in: 'param', name: 'product_id', owner: 'user', of: 'productId', expect: 'refused' }],
  },
  // Rooms, plans and nights of a product nobody has: their successes are in admin-inventory.test.ts.
  {
    method: 'POST', path: '/api/admin/products/:product_id/rooms', params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: () => ({ params: { product_id: 1_000_000 }, body: { code: 'GATE', name: { 'en-US': 'Gate room' }, max_adults: 2, max_occupancy: 2, units: 1 } }),
  },
  {
    method: 'PATCH', path: '/api/admin/products/:product_id/rooms/:room_id', changesState: true,
    params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }), room_id: fc.integer({ min: 1, max: 500 }) },
    example: () => ({ params: { product_id: 1_000_000, room_id: 1 }, body: { units: 3 } }),
  },
  {
    method: 'DELETE', path: '/api/admin/products/:product_id/rooms/:room_id', changesState: true,
    params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }), room_id: fc.integer({ min: 1, max: 500 }) },
    example: () => ({ params: { product_id: 1_000_000, room_id: 1 } }),
  },
  {
    method: 'POST', path: '/api/admin/products/:product_id/rate-plans', params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: () => ({ params: { product_id: 1_000_000 }, body: { code: 'GATE', name: { 'en-US': 'Gate rate' }, room_ids: [1] } }),
  },
  {
    method: 'PATCH', path: '/api/admin/products/:product_id/rate-plans/:rate_plan_id', changesState: true,
    params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }), rate_plan_id: fc.integer({ min: 1, max: 500 }) },
    example: () => ({ params: { product_id: 1_000_000, rate_plan_id: 1 }, body: { board: 'BB' } }),
  },
  {
    method: 'DELETE', path: '/api/admin/products/:product_id/rate-plans/:rate_plan_id', changesState: true,
    params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }), rate_plan_id: fc.integer({ min: 1, max: 500 }) },
    example: () => ({ params: { product_id: 1_000_000, rate_plan_id: 1 } }),
  },
  {
    method: 'GET', path: '/api/admin/products/:product_id/ari', params: { product_id: fc.integer({ min: 1, max: 200 }) }, changesState: false, hints: { from: nearDay, to: nearDay },
    example: (o) => ({ params: { product_id: o.productId }, query: { from: day(20), to: day(33) } }), ids: [{ in: 'param', name: 'product_id', owner: 'user', of: 'productId', expect: 'refused' }],
  },
  {
    method: 'POST', path: '/api/admin/products/:product_id/ari', params: { product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) }, changesState: true,
    example: () => ({ params: { product_id: 1_000_000 }, body: { updates: [{ room_id: 1, from: day(30), to: day(31), units: 5 }] } }),
  },

  // ---- marketing links (functions/routes/links.ts): admins and marketers of the host's org; a member's own link ----
  {
    method: 'POST', path: '/api/admin/links', changesState: true,
    hints: { destination: fc.constantFrom('/', '/stays?city=Paris', '/hotel', 'https://evil.example/', '//evil.example', '/\\evil', 'javascript:alert(1)') },
    example: () => ({ body: { destination: '/stays', campaign: 'gate', utm_source: 'gate' } }),
  },
  { method: 'GET', path: '/api/admin/links', example: () => ({}), changesState: false },
  {
    method: 'GET', path: '/api/admin/links/:slug', params: { slug: fc.constantFrom('welcome', 'no-such-link', 'x', 'WELCOME') }, changesState: false,
    example: () => ({ params: { slug: 'welcome' } }),
  },
  // The seeded link keeps what other suites read of it (its destination, campaign and UTMs): the gates' changes are no-ops or refused.
  {
    method: 'PATCH', path: '/api/admin/links/:slug', params: { slug: fc.constantFrom('welcome', 'no-such-link', 'x') }, changesState: true,
    hints: {
      destination: fc.constantFrom('/promotions', '/no-such-page', 'https://evil.example/', 'javascript:alert(1)'), campaign: fc.constantFrom('launch'),
      utm_source: fc.constantFrom('seed'), utm_medium: fc.constantFrom('web'), utm_campaign: fc.constantFrom('launch'), archived: fc.constantFrom(false),
    },
    example: () => ({ params: { slug: 'welcome' }, body: { destination: '/promotions', archived: false } }),
  },
  {
    method: 'GET', path: '/api/admin/links/:slug/stats', params: { slug: fc.constantFrom('welcome', 'no-such-link', 'x', 'WELCOME') }, changesState: false, example: () => ({ params: { slug: 'welcome' }, query: { format: 'json' } }),
  },
  {
    method: 'GET', path: '/api/admin/campaigns/:campaign/stats', params: { campaign: fc.constantFrom('launch', 'no-such', 'x y') }, changesState: false, example: () => ({ params: { campaign: 'launch' } }),
  },
  {
    method: 'GET', path: '/api/referral/my-link', example: () => ({}), changesState: false,
    getWrites: "the member's own short link is created on their first ask (short_links)",
  },
  {
    method: 'GET', path: '/r/:slug', params: { slug: fc.constantFrom('welcome', 'WELCOME', 'no-such-link', 'x') }, changesState: false,
    example: () => ({ params: { slug: 'welcome' } }), htmlForBrowsers: true,
    getWrites: "a person's click is counted (link_clicks and its roll-ups, written after the 302)",
  },
  {
    method: 'GET', path: '/r/:slug/qr.svg', params: { slug: fc.constantFrom('welcome', 'no-such-link', 'x') }, changesState: false,
    hints: { size: fc.constantFrom('256', '1024', '2048', '255', '4096', 'big') }, example: () => ({ params: { slug: 'welcome' }, query: { size: 512, download: '1' } }),
  },
  {
    method: 'GET', path: '/r/:slug/qr.png', params: { slug: fc.constantFrom('welcome', 'no-such-link', 'x') }, changesState: false,
    hints: { size: fc.constantFrom('256', '1024', '2048', '255', '4096', 'big') }, example: () => ({ params: { slug: 'welcome' }, query: { size: 512, download: '1' } }),
  },
  { method: 'GET', path: '/api/admin/enquiries', example: () => ({ query: { page: 1, kind: 'cruise' } }), changesState: false },

  // ---- channel managers (functions/routes/channel.ts): OpenTravel XML with HTTP Basic credentials; their console ----
  // The gates hold no channel credentials: every request of theirs is refused 401 (or 400, 415) with an OpenTravel
  // <Errors> body and changes nothing. The credentialed pushes are in channel-ota.test.ts.
  // Wrong credentials count per address (20 in 15 minutes): a push with a made-up username and password.
  {
    method: 'POST', path: '/api/channel/ota', changesState: true, example: () => ({ body: {} }), wireRefusals: { mediaType: 'application/xml', isRefusal: isOtaRefusal },
    limits: [{
      limit: LIMITS.channelLoginIp, by: 'address', shape: 'wire',
      counted: () => ({
        rawBody: `<OTA_HotelAvailNotifRQ xmlns="${OTA_NAMESPACE}" EchoToken="gate" TimeStamp="2026-01-01T00:00:00Z" Version="1.0"><AvailStatusMessages HotelCode="P1"/></OTA_HotelAvailNotifRQ>`,
        headers: { authorization: `Basic ${Buffer.from(`cm-gate${crypto.randomUUID().slice(0, 12)}:wrong`).toString('base64')}` },
      }),
    }],
  },
  { method: 'GET', path: '/api/admin/channel-credentials', example: () => ({}), changesState: false },
  // Each call makes a credential, up to the org's 20; then 409 (the sweeps write only their own org's credentials).
  { method: 'POST', path: '/api/admin/channel-credentials', example: () => ({}), changesState: true },
  // A username nobody was given: the sweeps must not revoke the credentials another route's test made.
  {
    method: 'DELETE', path: '/api/admin/channel-credentials/:username', changesState: true,
    params: { username: fc.constantFrom('cm-aaaaaaaaaaaaaaaa', 'CM-AAAAAAAAAAAAAAAA', 'cm-', 'x') },
    example: () => ({ params: { username: 'cm-aaaaaaaaaaaaaaaa' } }),
  },
  // ---- the console's suppliers (functions/routes/suppliers.ts, decision 0068) ----------------------------------------
  // The gates never connect the simulator (a connected org's import would write 2,100 hotels in the background while
  // they watch the database): the save is refused by the supplier, so the import has nothing to run. The successes are
  // in tests/integration/suppliers.test.ts.
  { method: 'GET', path: '/api/admin/suppliers', example: () => ({}), changesState: false },
  {
    method: 'PUT', path: '/api/admin/suppliers/:supplier', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: true,
    example: () => ({ params: { supplier: 'hotelbeds' }, body: { api_key: 'sim-key', secret: 'not-the-sim-secret', markup_percent: 12.5, enabled: true } }),
  },
  {
    method: 'POST', path: '/api/admin/suppliers/:supplier/import', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: true,
    example: () => ({ params: { supplier: 'hotelbeds' } }),
  },
  {
    method: 'GET', path: '/api/admin/suppliers/:supplier/import', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: false,
    example: () => ({ params: { supplier: 'hotelbeds' } }),
  },
  // Disconnecting and stopping an import (decision 0079): the gates' org holds no connection and runs no import, so both
  // answer 409 and change nothing. The successes are in tests/integration/supplier-bookings.test.ts.
  {
    method: 'DELETE', path: '/api/admin/suppliers/:supplier', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: true,
    example: () => ({ params: { supplier: 'hotelbeds' } }),
  },
  {
    method: 'DELETE', path: '/api/admin/suppliers/:supplier/import', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: true,
    example: () => ({ params: { supplier: 'hotelbeds' } }),
  },
  // The bed bank's hotels in the console (decision 0068 amended): the gates never import, so the console's org holds the
  // one hotel the security gate writes (off sale); the fuzzed ids name none. The successes are in
  // tests/integration/supplier-hotels.test.ts.
  {
    method: 'GET', path: '/api/admin/suppliers/:supplier/hotels', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: false,
    example: () => ({ params: { supplier: 'hotelbeds' }, query: { q: 'lis', page: 1 } }),
  },
  {
    method: 'GET', path: '/api/admin/suppliers/:supplier/hotels/:product_id', changesState: false,
    params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x'), product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) },
    example: (o) => ({ params: { supplier: 'hotelbeds', product_id: o.supplierHotelId } }),
  },
  {
    method: 'PATCH', path: '/api/admin/suppliers/:supplier/hotels/:product_id', changesState: true,
    params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x'), product_id: fc.integer({ min: 1_000_000, max: 1_000_050 }) },
    example: () => ({ params: { supplier: 'hotelbeds', product_id: 1_000_000 }, body: { on_sale: false } }),
  },
  // Reads each booked one from the supplier (decision 0070); the gates' org has no supplier bookings, so nothing is asked.
  {
    method: 'GET', path: '/api/admin/suppliers/:supplier/reconcile', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: false,
    example: () => ({ params: { supplier: 'hotelbeds' }, query: { from: day(-30), to: day(0) } }),
  },

  // What the hourly check found (decision 0079): the gates' org has no supplier bookings, so nothing is asked.
  {
    method: 'GET', path: '/api/admin/suppliers/:supplier/mismatches', params: { supplier: fc.constantFrom('hotelbeds', 'expedia', 'x') }, changesState: false,
    example: () => ({ params: { supplier: 'hotelbeds' } }),
  },

  // ---- enquiries (functions/routes/enquiries.ts) --------------------------------------------------------------------
  {
    method: 'POST', path: '/api/enquiries', changesState: true, upstream: ['mail'],
    example: () => ({ body: ENQUIRY }),
    limits: [{ limit: LIMITS.enquiryIp, by: 'address', shape: 'error', counted: () => ({ body: ENQUIRY }) }],
  },

  // ---- development only (functions/routes/dev.ts, dev-wallet.ts) ---------------------------------------------------
  { method: 'GET', path: '/api/dev/outbox', example: () => ({ query: { limit: 5 } }), changesState: false },
  { method: 'POST', path: '/api/dev/sso-key', example: () => ({ body: { email: 'demo@example.com' } }), changesState: false },
  { method: 'POST', path: '/api/dev/org-changed', example: () => ({ body: {} }), changesState: true },
  {
    method: 'POST', path: '/api/dev/wallet/issue', hints: { email: EMAILS }, changesState: true,
    example: (o) => ({ body: { email: o.email, kind: 'cash', amount: 5, currency: 'USD' } }),
  },
];

/** Who may call a route, as its declaration says (`x-access`), in the gates' terms. */
const SESSION_OF: Record<string, Pick<RouteSpec, 'session' | 'dev' | 'providerSigned'>> = {
  none: { session: 'none' }, optional: { session: 'optional' }, user: { session: 'user' }, agent: { session: 'agent' },
  admin: { session: 'admin' }, marketing: { session: 'marketing' }, dev: { session: 'none', dev: true }, webhook: { session: 'none', providerSigned: true },
  // A channel manager's server: no session, its Basic credentials name the org; a browser's cross-site request is still refused.
  channel: { session: 'none' },
};

/** An OpenTravel …RS with <Errors> (functions/outside/channel-ota.ts): a channel route's refusal in its own wire format. */
function isOtaRefusal(text: string): boolean {
  return text.includes(`xmlns="${OTA_NAMESPACE}"`) && /<Errors><Error Type="\d+" Code="\d+" Status="NotProcessed"[^>]*>[^<]+<\/Error>/.test(text) && !text.includes('<Success/>');
}

interface Declaration {
  method: string;
  path: string;
  'x-access'?: string;
  request?: { query?: z.ZodType; params?: z.ZodType; body?: { content?: Record<string, { schema?: z.ZodType }> } };
}

/** A declared path in the table's form (`{id}` → `:id`). */
export const honoPath = (openApi: string) => openApi.replace(/\{([^}]+)\}/g, ':$1');

/** The routes the gates test: the Worker's own (/api, /go, /r), not the simulators of other parties (/_sim). */
export const DECLARED = (declaredRoutes() as unknown as Declaration[]).filter((d) => !d.path.startsWith('/_sim/'));
const FIXTURES = new Map(TABLE.map((r) => [routeName(r), r]));

/** Declared routes the table gives no example for (tests/integration/openapi.test.ts expects none). */
export const WITHOUT_FIXTURE = DECLARED.map((d) => `${d.method.toUpperCase()} ${honoPath(d.path)}`).filter((name) => !FIXTURES.has(name));

function fromDeclaration(d: Declaration): RouteSpec | null {
  const method = d.method.toUpperCase() as Method;
  const path = honoPath(d.path);
  const fixture = FIXTURES.get(`${method} ${path}`);
  if (!fixture) return null;
  const body = d.request?.body?.content?.['application/json']?.schema;
  const schema = fixture.schema ?? (method === 'GET' ? d.request?.query : (body ?? d.request?.query));
  const access = SESSION_OF[d['x-access'] ?? ''];
  if (!access) throw new Error(`${method} ${path} does not say who may call it (access() in its declaration)`);
  return { ...fixture, method, path, schema, ...access };
}

/** Every route the gates test, as declared, with the table's examples. */
export const ROUTES: RouteSpec[] = DECLARED.flatMap((d) => fromDeclaration(d) ?? []);

/** The route's path with its parameters filled in. */
export function pathOf(route: Pick<RouteSpec, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => String(params[name] ?? '1'));
}

export function routeName(r: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}
