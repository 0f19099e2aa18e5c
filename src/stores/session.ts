// The signed-in user as the islands see it: login result, profile, user type. Actions change it.
import { atom, computed } from 'nanostores';
import { request, type ApiReply } from './api';
import type { LoginResult } from '../shared/contract/auth';

export type { LoginResult };

/** null until the login check has answered. */
export const $user = atom<LoginResult | null>(null);
export const $signedIn = atom<boolean | null>(null);
/** 2 consumer (default), 1 agent: taken from the stored role, never from the email text. */
export const $userType = atom<1 | 2>(2);
/** The signed-in user's profile as GET /api/profile answers it. */
export type Profile = NonNullable<ApiReply<'/api/profile', '$get'>['data']>;
export const $profile = atom<Profile | null>(null);

export function setSignedIn(result: LoginResult) {
  $user.set(result);
  $userType.set(result.role === 'agent' ? 1 : 2);
  $signedIn.set(true);
}

export function setSignedOut() {
  $user.set(null);
  $profile.set(null);
  $userType.set(2);
  $signedIn.set(false);
}

export const planActive = (r: Pick<LoginResult, 'subscription_details'> | null) =>
  ['ACTIVE', 'ACTIVE-REFRESH'].includes(r?.subscription_details?.[0]?.plan_status ?? '');
export const $planActive = computed($user, planActive);

// ---------------------------------------------------------------------------------------------------------------
// Sign-in results, logout and the profile: the actions the account islands call.

/** localStorage keys this device keeps across visits. */
export const STORAGE = {
  /** The last account action ('login' / 'logout'), read by other tabs and the startup logic. */
  action: 'action',
  nationality: 'nationality',
  /** The email of a "remember me" sign-in, prefilled next time on this device. */
  rememberedEmail: 'rememberedEmail',
} as const;

export const LOGOUT_RELOAD_MS = 500;

function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode, policies): the session itself lives in the cookie.
  }
}

export function storedValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Whether this device last signed in rather than out: what a page shows while the login check is on its way, so a
 * visitor who has never signed in here sees the signed-out page from the start rather than have it appear under them.
 */
export const expectsSession = () => storedValue(STORAGE.action) === 'login';

/** Pages where a promotion redirect would lose what the visitor is doing. */
const NO_PROMOTION_REDIRECT = [/^\/promotions\b/, /checkout/];
/** Pages whose one-time token is spent: after signing in there, home rather than a reload of a used link. */
const LEAVE_AFTER_SIGN_IN = [/^\/verify-account\b/, /^\/change-password\b/, /^\/login\/sso\b/];
export const promotionRedirectAllowed = (pathname: string) => !NO_PROMOTION_REDIRECT.some((re) => re.test(pathname));

/**
 * Keeps a successful sign-in: the session atoms, the local action 'login' and the nationality; the remembered
 * email when asked. Answers where to go next: '/promotions' when the result flags a promotion and the page
 * allows the redirect, '/' from a page whose link is spent, otherwise null (reload in place).
 */
export function applySignIn(
  result: LoginResult,
  opts: { remember?: boolean; email?: string; pathname?: string } = {},
): '/promotions' | '/' | null {
  setSignedIn(result);
  store(STORAGE.action, 'login');
  store(STORAGE.nationality, result.nationality === null || result.nationality === undefined ? null : String(result.nationality));
  if (opts.remember !== undefined) store(STORAGE.rememberedEmail, opts.remember && opts.email ? opts.email : null);
  const pathname = opts.pathname ?? (typeof location === 'undefined' ? '/' : location.pathname);
  if (result.is_promotion === 1 && promotionRedirectAllowed(pathname)) return '/promotions';
  return LEAVE_AFTER_SIGN_IN.some((re) => re.test(pathname)) ? '/' : null;
}

/** GET /api/profile into $profile; null (and an empty profile) when signed out or when it fails. */
let profileLoad: Promise<Profile | null> | null = null;

/** The profile; callers asking while it loads share the one request (the login check and each account section ask). */
export function loadProfile(): Promise<Profile | null> {
  profileLoad ??= request('$get', '/api/profile')
    .then((r) => r.data ?? null, () => null)
    .then((p) => {
      profileLoad = null;
      $profile.set(p);
      return p;
    });
  return profileLoad;
}

/** Logout (docs/product.md#states): the server session, the local auth and the profile go; then home, reloaded after 500 ms. */
export async function logout(): Promise<void> {
  try {
    await request('$post', '/api/iqps/logout');
  } catch {
    // The session may already be gone; the local state is cleared either way.
  }
  setSignedOut();
  store(STORAGE.action, 'logout');
  store(STORAGE.nationality, null);
  try {
    sessionStorage.clear();
  } catch {}
  setTimeout(() => {
    if (location.pathname === '/') location.reload();
    else location.assign('/');
  }, LOGOUT_RELOAD_MS);
}
