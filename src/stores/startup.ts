// Startup logic (docs/product.md#states): query parameters, org config, the login check and the profile. The country and nationality
// lists are startup's too, loaded when first shown: src/stores/catalogues.ts, outside the code every page loads.
import { atom } from 'nanostores';
import { request } from './api';
import type { OrgConfig } from '../shared/contract/org';
import { readBoot } from './boot';
import { $signedIn, loadProfile, setSignedIn, setSignedOut, type LoginResult } from './session';

export const QUERY_PARAMS = ['lang', 'key', 'signup', 'action', 'referral_org', 'trip_id', 'is_package', 'latitude', 'longitude'] as const;
export type StartupQuery = Record<(typeof QUERY_PARAMS)[number], string | null>;

export function readQuery(search: string): StartupQuery {
  const params = new URLSearchParams(search);
  return Object.fromEntries(QUERY_PARAMS.map((k) => [k, params.get(k)])) as StartupQuery;
}

/** sessionStorage key of this tab's package flag (docs/decisions/0014). */
export const PACKAGE_FLAG_KEY = 'tc-is-package';

/** The landing's `is_package`: '1'/'true' marks a package, '0'/'false' unmarks it, anything else says nothing. */
export function packageFlagOf(value: string | null): boolean | null {
  const v = (value ?? '').trim().toLowerCase();
  return v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : null;
}

/** Keeps the landing's package flag for this tab, so the booking it leads to carries it. */
export function rememberPackageFlag(value: string | null) {
  const flag = packageFlagOf(value);
  if (flag === null) return;
  try {
    if (flag) sessionStorage.setItem(PACKAGE_FLAG_KEY, '1');
    else sessionStorage.removeItem(PACKAGE_FLAG_KEY);
  } catch {
    // Storage can be disabled: the booking is then simply not marked as a package.
  }
}

/** Is this tab's trip a package (set by a landing with is_package=1, until a booking uses it)? */
export function packageFlag(): boolean {
  try {
    return sessionStorage.getItem(PACKAGE_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}

export function clearPackageFlag() {
  rememberPackageFlag('0');
}

/** Pages that establish the session themselves (the one-time key or token in their address does it). */
const OWN_SESSION_PAGES = ['sso', 'verify-account', 'change-password'];

/** The login check runs unless a key or signup is in the query, the page is one of OWN_SESSION_PAGES, or it already ran. */
export function shouldCheckLogin(path: string, query: Pick<StartupQuery, 'key' | 'signup'>, alreadyRan: boolean): boolean {
  if (alreadyRan) return false;
  if (query.key !== null || query.signup !== null) return false;
  const segments = path.split('/').filter(Boolean);
  return !segments.some((s) => OWN_SESSION_PAGES.includes(s));
}

export interface CheckLoginReply {
  status: 'success' | 'failed';
  result?: LoginResult;
  message?: { ssocheck?: { is_sso?: number } };
  session_out_url?: string;
}

/** Where a failed check sends the browser: the org's session-out address, only for single sign-on sessions. */
export function sessionOutTarget(reply: CheckLoginReply): string | null {
  if (reply.status === 'success') return null;
  return reply.message?.ssocheck?.is_sso === 1 && reply.session_out_url ? reply.session_out_url : null;
}

export const $query = atom<StartupQuery>(readQuery(''));
export const $org = atom<OrgConfig | null>(readBoot()?.org ?? null);
/** The user's nationality code; US when unknown or when the lists fail (docs/product.md#error-messages). */
export const $nationality = atom<string>('US');
/** True once the login check (or the decision to skip it) is done. */
export const $startupDone = atom(false);

let startup: Promise<void> | null = null;

/** Runs once per page load, whichever island asks first; no refetch on focus or reconnect. */
export function runStartup(): Promise<void> {
  startup ??= start();
  return startup;
}

async function start() {
  if (typeof location === 'undefined') return;
  const query = readQuery(location.search);
  $query.set(query);
  rememberPackageFlag(query.is_package);
  const orgReady = $org.get() ? Promise.resolve() : loadOrg();
  if (shouldCheckLogin(location.pathname, query, $signedIn.get() !== null)) await checkLogin();
  else if ($signedIn.get() === null) setSignedOut();
  await orgReady;
  $startupDone.set(true);
}

/** The type of each field of OrgConfigSchema. Checked by hand: runtime zod would add ~25 KB gzip to every page. */
const ORG_FIELD_TYPES: Record<keyof OrgConfig, 'number' | 'string' | 'object'> = {
  orgId: 'number',
  orgName: 'string',
  logoUrl: 'string',
  googleTagId: 'string',
  defaultLanguage: 'string',
  defaultCurrency: 'string',
  eligibleProducts: 'object',
  orgBySite: 'object',
  displayPrice: 'number',
  accessCodeRequired: 'number',
  socialSignIn: 'object',
  googleClientId: 'string',
  facebookAppId: 'string',
  walletOptions: 'string',
  allowGuestBooking: 'number',
  b2bMode: 'number',
  allInclusiveUrl: 'string',
  tripsSiteUrl: 'string',
  loyaltyLandingUrl: 'string',
};

/** A shape check of /api/org/config's answer: every field present with its type (nested objects not null). */
export function isOrgConfig(value: unknown): value is OrgConfig {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const fieldsFit = Object.entries(ORG_FIELD_TYPES).every(([key, type]) => typeof record[key] === type && record[key] !== null);
  return fieldsFit && Array.isArray(record.eligibleProducts);
}

/**
 * A startup helper failed (docs/product.md#error-messages): one console line says which, at which address and why; the caller keeps its
 * fallback and the page goes on. Each helper runs once per page load, so each failure is logged once.
 */
export function logFailure(helper: string, path: string, err: unknown) {
  console.error(`Startup: ${helper} failed (${path}: ${err instanceof Error ? err.message : err})`);
}

const ORG_PATH = '/api/org/config';
const LOGIN_PATH = '/api/auth/checkLogin';

async function loadOrg() {
  try {
    const data: unknown = (await request('$get', ORG_PATH))?.data;
    if (!isOrgConfig(data)) throw new Error('unreadable answer');
    $org.set(data);
  } catch (err) {
    // The edge's boot block normally carries the config; without it the menus keep their static form.
    logFailure('org config', ORG_PATH, err);
  }
}

async function checkLogin() {
  let reply: CheckLoginReply;
  try {
    reply = await request('$post', LOGIN_PATH);
    if (reply?.status !== 'success' && reply?.status !== 'failed') throw new Error('unreadable answer');
  } catch (err) {
    logFailure('login check', LOGIN_PATH, err);
    setSignedOut();
    return;
  }
  if (reply.status === 'success' && reply.result) {
    setSignedIn(reply.result);
    if (reply.result.nationality) $nationality.set(String(reply.result.nationality));
    void loadProfile();
    return;
  }
  setSignedOut();
  const target = sessionOutTarget(reply);
  if (target) location.assign(target);
}
