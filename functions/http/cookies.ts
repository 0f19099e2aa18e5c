// The session cookies of docs/contract.md#sessions: userToken (HttpOnly) and userData (readable display fields), always appended.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import type { UserDataCookie } from '../../src/shared/contract/auth';
import { REMEMBER_MS, TOKEN_COOKIE, USER_DATA_COOKIE } from '../auth/session';
import { secureFor, SSO_MARK_COOKIE } from '../auth/cookies';
import { userDataOf } from '../auth/accounts';

export { SSO_MARK_COOKIE, TOKEN_COOKIE, USER_DATA_COOKIE };

export function secureCookies(c: Context<AppEnv>): boolean {
  return secureFor(new URL(c.req.url).protocol, c.req.header('host') ?? new URL(c.req.url).host);
}

export function setSessionCookies(c: Context<AppEnv>, token: string, data: UserDataCookie, remember: boolean) {
  const base = { path: '/', sameSite: 'Lax' as const, secure: secureCookies(c), ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}) };
  setCookie(c, TOKEN_COOKIE, token, { ...base, httpOnly: true });
  setCookie(c, USER_DATA_COOKIE, JSON.stringify(data), base);
}

/** Rewrites only the readable display cookie (after a language, currency or name change) from the account's fields. */
export function refreshUserDataCookie(c: Context<AppEnv>, user: Parameters<typeof userDataOf>[0], remember: boolean) {
  setCookie(c, USER_DATA_COOKIE, JSON.stringify(userDataOf(user)), {
    path: '/',
    sameSite: 'Lax',
    secure: secureCookies(c),
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}

export function clearSessionCookies(c: Context<AppEnv>) {
  const opts = { path: '/', sameSite: 'Lax' as const, secure: secureCookies(c) };
  deleteCookie(c, TOKEN_COOKIE, { ...opts, httpOnly: true });
  deleteCookie(c, USER_DATA_COOKIE, opts);
}

export function setSsoMark(c: Context<AppEnv>, on: boolean) {
  const opts = { path: '/', sameSite: 'Lax' as const, secure: secureCookies(c), httpOnly: true };
  if (on) setCookie(c, SSO_MARK_COOKIE, '1', { ...opts, maxAge: REMEMBER_MS / 1000 });
  else deleteCookie(c, SSO_MARK_COOKIE, opts);
}

/**
 * The cookies of a session a flow opened (auth/accounts.ts openSession): the session cookies, appended, and the SSO
 * mark set by a single sign-on and cleared by any other sign-in.
 */
export function setSignInCookies(c: Context<AppEnv>, session: { token: string; userData: UserDataCookie }, opts: { remember: boolean; isSso: boolean }) {
  setSessionCookies(c, session.token, session.userData, opts.remember);
  if (opts.isSso) setSsoMark(c, true);
  else if (getCookie(c, SSO_MARK_COOKIE)) setSsoMark(c, false);
}
