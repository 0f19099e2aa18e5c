// Who is calling, read from the request: the session behind the userToken cookie or a Bearer token
// (docs/contract.md#sessions), memoised per request. Signing in is a flow's (functions/flows/sign-in.ts); its cookies
// are written by functions/http/cookies.ts.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { unauthorized } from '../errors';
import { bearerToken, lookUpSession, TOKEN_COOKIE, type SessionLookup, type SessionUser } from '../auth/session';
import { readBodyQuietly } from './body';
import { later } from './request';

export type { SessionLookup, SessionUser };

/** The bearer token of the request: `Authorization: Bearer` first, else the userToken cookie. */
export const requestToken = (c: Context<AppEnv>): string | null => bearerToken(c.req.header('authorization'), getCookie(c, TOKEN_COOKIE));

const lookUp = (c: Context<AppEnv>, token: string | null) => lookUpSession(c.env.DB, token, c.get('org').id, (work) => later(c, work));

const lookups = new WeakMap<Request, Promise<SessionLookup>>();

/** The session of the request (memoised per request). */
export function sessionOf(c: Context<AppEnv>): Promise<SessionLookup> {
  let p = lookups.get(c.req.raw);
  if (!p) {
    p = lookUp(c, requestToken(c));
    lookups.set(c.req.raw, p);
  }
  return p;
}

/** The signed-in user of the request's org, or null. */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  return (await sessionOf(c)).user;
}

/** The signed-in user of the request's org; 401 in the contract's shape when nobody is signed in. */
export async function signedInUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

/**
 * The signed-in user when the token may also come in the body (the existing client's `POST /api/reservations
 * { json: { token } }`): a body token that names a live session of this org is checked as a Bearer token is and
 * stands for that session; otherwise (empty, malformed, unknown, expired) the header or cookie decides, as before.
 */
export async function currentUserWithBodyToken(c: Context<AppEnv>, bodyToken: string | null | undefined): Promise<SessionUser | null> {
  const token = (bodyToken ?? '').trim();
  const fromBody = token ? (await lookUp(c, token)).user : null;
  return fromBody ?? currentUser(c);
}

/** 401 in the contract's shape unless signed in; the user is then on c.var.user. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await currentUser(c);
  if (!user) {
    await readBodyQuietly(c);
    throw unauthorized();
  }
  c.set('user', user);
  await next();
};
