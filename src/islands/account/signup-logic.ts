// The account dialogs' rules that need no DOM: list filters, invitation and referral parameters, the sign-up
// answers, message translation. Unit-tested in tests/unit/signup*.test.ts.
import { MSG, TITLES, filterMobile, filterName, sanitizeEmail, type Title } from '../../shared/contract/auth-text';
import { PASSWORD_MSG } from '../../shared/rules/password';
import { TWOFA_MSG } from '../../shared/contract/second-factor-text';
import { keyedTexts, MESSAGE_PREFIX } from '../../shared/i18n/message-prefixes';

export interface CountryOption {
  countryName: string;
  countryCode: string;
  isdCode: string;
  countryFlag?: string;
  countryId?: number;
  default_country?: number;
}
export interface NationalityOption {
  nationalityId: number;
  nationalityName: string;
  nationalityCode: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The country-code selector's filter: name, ISO code or dialling code CONTAINING the text ("44", "+44", "kingdom",
 * "gb"). Exact code matches come first, then names starting with the text, then the rest, each in list order.
 */
export function filterCountries<C extends CountryOption>(countries: readonly C[], text: string): C[] {
  const q = fold(text);
  if (!q) return [...countries];
  const digits = q.replace(/^\+/, '');
  const rank = (c: C): number => {
    const isd = c.isdCode.replace(/^\+/, '');
    const name = fold(c.countryName);
    const code = c.countryCode.toLowerCase();
    if (code === q || (digits !== '' && isd === digits)) return 0;
    if (name.startsWith(q)) return 1;
    if (name.includes(q) || code.includes(q) || (digits !== '' && isd.includes(digits))) return 2;
    return 3;
  };
  return countries
    .map((c, i) => ({ c, i, r: rank(c) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}

/** The nationality type-ahead: names STARTING with the text, case- and accent-insensitive. */
export function filterNationalities<N extends NationalityOption>(list: readonly N[], text: string, limit = 50): N[] {
  const q = fold(text);
  if (!q) return list.slice(0, limit);
  return list.filter((n) => fold(n.nationalityName).startsWith(q)).slice(0, limit);
}

/** Sign-in's user type hint (docs/product.md#entities): 1 when the email text contains 'agent', else 2. The server decides the real role. */
export const usrTypeFor = (email: string): 1 | 2 => (email.toLowerCase().includes('agent') ? 1 : 2);

/** What a sign-up link carries: an invitation (prefill) and the referral that brought the visitor. */
export interface Invitation {
  mastercode: string;
  email: string;
  firstname: string;
  lastname: string;
  title: Title | '';
  phonenumber: string;
  countrycode: string;
  lang: string;
  tripid: string;
  referral_code: string;
  referral_org: string;
}

/** Reads the invitation (title is a 1-based index into Miss, Mr, Mrs) and referral parameters, cleaned by the field filters. */
export function readInvitation(search: string): Invitation {
  const p = new URLSearchParams(search);
  const get = (k: string) => (p.get(k) ?? '').trim();
  const titleIndex = Number(get('title'));
  const byName = TITLES.find((t) => t.toLowerCase() === get('title').toLowerCase());
  return {
    mastercode: get('mastercode').slice(0, 64),
    email: sanitizeEmail(get('email')),
    firstname: filterName(get('firstname')),
    lastname: filterName(get('lastname')),
    title: Number.isInteger(titleIndex) && titleIndex >= 1 && titleIndex <= TITLES.length ? TITLES[titleIndex - 1]! : (byName ?? ''),
    phonenumber: filterMobile(get('phonenumber')),
    countrycode: get('countrycode').slice(0, 10),
    lang: /^[a-z]{2}-[A-Z]{2}$/.test(get('lang')) ? get('lang') : '',
    tripid: get('tripid').slice(0, 64) || get('trip_id').slice(0, 64),
    referral_code: get('referral_code').slice(0, 64),
    referral_org: get('referral_org').slice(0, 64),
  };
}

/**
 * The country an invitation's countrycode names: an ISO code ("TT"), a dialling code ("+1-868", "44") or a name.
 * Shared dialling codes (+1, +44, +7) resolve to the org's own country first, then the default country.
 */
export function findCountry<C extends CountryOption>(countries: readonly C[], code: string, prefer = ''): C | undefined {
  const q = code.trim();
  if (!q) return undefined;
  const iso = countries.find((c) => c.countryCode.toLowerCase() === q.toLowerCase());
  if (iso) return iso;
  const isd = `+${q.replace(/^\+/, '')}`;
  const same = countries.filter((c) => c.isdCode === isd);
  if (same.length) return same.find((c) => c.countryCode === prefer) ?? same.find((c) => c.default_country === 1) ?? same[0];
  return countries.find((c) => fold(c.countryName) === fold(q));
}

/** Access code field (docs/product.md#screens): shown when the org requires one and no referral code stands in for the master code. */
export const accessCodeShown = (accessCodeRequired: number | undefined, referralCode: string) => accessCodeRequired === 1 && !referralCode;

export type SignUpOutcome =
  | { kind: 'created'; text: string; signedIn: boolean }
  | { kind: 'error'; text: string };

/** Reads POST /api/signUp (docs/product.md#states, docs/product.md#error-messages): status 0, status 1 with code 201, or code 500 show resp; isProfileCreated 1 is done. */
export function signUpOutcome(reply: unknown, social: boolean): SignUpOutcome {
  const r = (reply ?? {}) as { status?: unknown; data?: { code?: unknown; resp?: unknown; isProfileCreated?: unknown }; result?: unknown };
  const resp = typeof r.data?.resp === 'string' ? r.data.resp : '';
  const code = Number(r.data?.code);
  const status = Number(r.status);
  if (status === 0 || (status === 1 && code === 201) || code === 500) return { kind: 'error', text: resp || MSG.signUpFailed };
  if (Number(r.data?.isProfileCreated) === 1) {
    return social
      ? { kind: 'created', text: resp || MSG.socialWelcome, signedIn: r.result !== undefined }
      : { kind: 'created', text: MSG.confirmationSentUpper, signedIn: false };
  }
  return { kind: 'error', text: resp || MSG.signUpFailed };
}

/** Messages the islands produce themselves (their en-US label is the same text). */
export const CLIENT_MSG = {
  networkError: 'We could not reach the server. Please check your connection and try again.',
  popupBlocked: 'The sign-in window could not open. Please allow pop-ups for this site and try again.',
  socialCancelled: 'The sign-in with the provider was cancelled.',
} as const;

const EXACT_KEYS = new Map<string, string>();
const MESSAGE_KEYS = new Map<string, string>();
for (const [text, key] of [MSG, CLIENT_MSG, PASSWORD_MSG, TWOFA_MSG].flatMap((catalogue) => keyedTexts(catalogue, MESSAGE_PREFIX.accounts))) {
  EXACT_KEYS.set(text, key);
  // Texts that differ only in case (the confirmation and its upper-case form) keep the first key.
  if (!MESSAGE_KEYS.has(norm(text))) MESSAGE_KEYS.set(norm(text), key);
}
function norm(text: string) {
  return text.toUpperCase().replace(/[.\s]+$/, '').replace(/\s+/g, ' ').trim();
}

/** The label key of a server or rule message (the exact text first, then case-insensitively, trailing dot ignored), or null. */
export const messageKey = (text: string): string | null => EXACT_KEYS.get(text) ?? MESSAGE_KEYS.get(norm(text)) ?? null;

/** A message in the chosen language; unknown texts pass through. `upper` per docs/product.md#error-messages for server answers. */
export function translateMessage(t: (key: string) => string, text: string, upper = false): string {
  const key = messageKey(text);
  const shown = (key && t(key)) || text;
  return upper ? shown.toLocaleUpperCase() : shown;
}

/** The claims a Google or Facebook simulator token carries that the sign-up form can prefill (the server verifies it). */
export interface ProviderProfile {
  email: string;
  firstName: string;
  lastName: string;
}

/** Decodes (does not verify) an ID token's payload to prefill the form. */
export function idTokenProfile(idToken: string): ProviderProfile {
  try {
    const part = idToken.split('.')[1] ?? '';
    const json = decodeURIComponent(
      [...atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='))]
        .map((ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    );
    const claims = JSON.parse(json) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const [first = '', ...rest] = str(claims.name).split(' ');
    return {
      email: sanitizeEmail(str(claims.email)),
      firstName: filterName(str(claims.given_name) || first),
      lastName: filterName(str(claims.family_name) || rest.join(' ')),
    };
  } catch {
    return { email: '', firstName: '', lastName: '' };
  }
}

/** A message and the key of its label, when the API named one (docs/decisions/0044-message-keys.md). */
export interface KeyedMessage {
  message: string;
  key?: string;
}

/**
 * The message to show for a failed call, with the key the API sent for it: the contract's `message` (sign-in's
 * refusals) or `data.resp` (sign-up's), else the first issue or the error's message (the 400 shape); a call that never
 * got an answer is a network error.
 */
export function failureMessage(error: unknown, fallback: string): KeyedMessage {
  const body = (
    error as { body?: { message?: unknown; data?: { resp?: unknown }; error?: { message?: unknown; key?: unknown; issues?: { message?: unknown; key?: unknown }[] } } } | null
  )?.body;
  const withKey = (message: string, key: unknown): KeyedMessage => (typeof key === 'string' && key ? { message, key } : { message });
  if (error && typeof error === 'object' && 'status' in error) {
    if (typeof body?.message === 'string' && body.message) return { message: body.message };
    if (typeof body?.data?.resp === 'string' && body.data.resp) return { message: body.data.resp };
    const issue = body?.error?.issues?.[0];
    if (typeof issue?.message === 'string' && issue.message) return withKey(issue.message, issue.key);
    if (typeof body?.error?.message === 'string' && body.error.message) return withKey(body.error.message, body.error.key);
    return { message: fallback };
  }
  return { message: CLIENT_MSG.networkError };
}

export const failureText = (error: unknown, fallback: string): string => failureMessage(error, fallback).message;

/**
 * A message in the page's language: the label the API named, else `byText` (by default the text matched to a label:
 * the islands' own checks and the spec's bare `message` answers carry no key); unknown texts pass through.
 */
export function keyedText(
  t: (key: string) => string,
  m: KeyedMessage,
  upper = false,
  byText: (text: string) => string = (text) => translateMessage(t, text, upper),
): string {
  const byKey = m.key ? t(m.key) : '';
  if (!byKey) return byText(m.message);
  return upper ? byKey.toLocaleUpperCase() : byKey;
}

/**
 * A refusal's field issues by top-level field ("eligible_products.0" → "eligible_products"), the first per field, each
 * put in the page's language by `text` (which reads the label the API named).
 */
export function issuesByField(error: unknown, text: (m: KeyedMessage) => string): Record<string, string> {
  const issues = (error as { body?: { error?: { issues?: { path?: unknown; message?: unknown; key?: unknown }[] } } } | null)?.body?.error?.issues ?? [];
  const out: Record<string, string> = {};
  for (const { path, message, key } of issues) {
    if (typeof path !== 'string' || !path || typeof message !== 'string') continue;
    out[path.split('.')[0]!] ??= text(typeof key === 'string' && key ? { message, key } : { message });
  }
  return out;
}

/** Field errors from a zod result: the first message per top-level field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? '');
    out[key] ??= i.message;
  }
  return out;
}

/**
 * The errors left after some fields changed: each changed field keeps its message only while the form's rule still
 * refuses its new value; other fields keep theirs (a server's refusal of an unchanged value stays).
 */
export function errorsAfterChange<E extends Partial<Record<string, string>>>(errors: E, issues: readonly { path: readonly PropertyKey[]; message: string }[], changed: readonly string[]): E {
  const still = fieldErrors(issues);
  const out: Partial<Record<string, string>> = { ...errors };
  for (const key of changed) if (key in out && !(key in still)) delete out[key];
  return out as E;
}

/** A parse result's issues (none when it passed). */
export const issuesOf = (result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) => (result.success ? [] : (result.error?.issues ?? []));
