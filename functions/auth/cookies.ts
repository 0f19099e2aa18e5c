// The session cookies of docs/contract.md#sessions: userToken (HttpOnly) and userData (readable display fields), always appended.
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { hostName } from '../db/orgs';
import type { UserDataCookie } from '../../src/shared/contract/auth';
import { REMEMBER_MS, TOKEN_COOKIE, USER_DATA_COOKIE } from './session';

/** Marks a browser whose last session came from single sign-on, so checkLogin can send it back to the org's portal. */
export const SSO_MARK_COOKIE = 'ssoSession';

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

/** Secure everywhere except plain http on localhost names (browsers drop Secure cookies there). */
export const secureFor = (protocol: string, hostHeader: string) => !(protocol === 'http:' && isLocalName(hostName(hostHeader)));

export function secureCookies(c: Context<AppEnv>): boolean {
  return secureFor(new URL(c.req.url).protocol, c.req.header('host') ?? new URL(c.req.url).host);
}

export function setSessionCookies(c: Context<AppEnv>, token: string, data: UserDataCookie, remember: boolean) {
  const base = { path: '/', sameSite: 'Lax' as const, secure: secureCookies(c), ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}) };
  setCookie(c, TOKEN_COOKIE, token, { ...base, httpOnly: true });
  setCookie(c, USER_DATA_COOKIE, JSON.stringify(data), base);
}

/** Rewrites only the readable display cookie (after a language, currency or name change). */
export function refreshUserDataCookie(c: Context<AppEnv>, data: UserDataCookie, remember: boolean) {
  setCookie(c, USER_DATA_COOKIE, JSON.stringify(data), {
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
