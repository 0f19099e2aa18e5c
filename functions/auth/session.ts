// Who is calling: the session behind the userToken cookie or a Bearer token (docs/contract.md#sessions).
// Tokens are random (256 bits), stored only as SHA-256; a session belongs to one org and expires when idle and absolutely.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { unauthorized } from '../errors';
import { insertSession, sessionWithUser, touchSession, type SessionWithUser } from '../db/sessions';
import type { UserRow } from '../db/users';
import type { SessionUser } from './session-user';
import { randomToken, sha256Hex } from './crypto';
import { readBodyQuietly } from '../lib/body';

export type { SessionUser };

export const TOKEN_COOKIE = 'userToken';
export const USER_DATA_COOKIE = 'userData';
/** Remembered sessions (and their cookies) last 30 days; the others are browser-session cookies. */
export const REMEMBER_MS = 30 * 24 * 3600_000;
/** A browser-session sign-in ends after 12 hours without a request, and after 7 days in any case. */
export const IDLE_MS = 12 * 3600_000;
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The bearer token of the request: `Authorization: Bearer` first, else the userToken cookie. */
export function requestToken(c: Context<AppEnv>): string | null {
  const auth = c.req.header('authorization');
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  const token = bearer || getCookie(c, TOKEN_COOKIE) || '';
  return TOKEN_SHAPE.test(token) ? token : null;
}

export function sessionAlive(s: Pick<SessionWithUser, 'session_remember' | 'session_last_seen_at' | 'session_expires_at'>, now: number) {
  const idle = s.session_remember ? REMEMBER_MS : IDLE_MS;
  return now < s.session_expires_at && now - s.session_last_seen_at < idle;
}

export function toSessionUser(row: UserRow, session: { id: number; isSso: boolean; remember: boolean }): SessionUser {
  return {
    id: row.id,
    orgId: row.org_id,
    email: row.email,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    nationalityId: row.nationality_id,
    language: row.language,
    currency: row.currency,
    creditLimit: row.credit_limit_minor / 100,
    canUserBook: row.can_user_book,
    referralCode: row.referral_code,
    sessionId: String(session.id),
    phoneCountryCode: row.phone_country_code,
    mobileNo: row.mobile_no,
    countryCode: row.country_code,
    accessCode: row.access_code,
    planStatus: row.plan_status,
    isPromotion: row.is_promotion,
    displayPrice: row.display_price,
    verified: row.verified_at !== null,
    isSso: session.isSso,
    remember: session.remember,
  };
}

export interface SessionLookup {
  user: SessionUser | null;
  /** The request carried a token whose session exists (alive or not) and was an SSO session. */
  wasSso: boolean;
}

const lookups = new WeakMap<Request, Promise<SessionLookup>>();

async function lookUp(c: Context<AppEnv>, token = requestToken(c)): Promise<SessionLookup> {
  if (!token || !TOKEN_SHAPE.test(token)) return { user: null, wasSso: false };
  const row = await sessionWithUser(c.env.DB, await sha256Hex(token), c.get('org').id);
  if (!row) return { user: null, wasSso: false };
  const now = Date.now();
  if (!sessionAlive(row, now)) return { user: null, wasSso: row.session_is_sso === 1 };
  if (now - row.session_last_seen_at >= TOUCH_EVERY_MS) {
    const touch = touchSession(c.env.DB, row.session_id, now).catch(() => undefined);
    try {
      c.executionCtx.waitUntil(touch);
    } catch {
      await touch;
    }
  }
  return {
    user: toSessionUser(row, { id: row.session_id, isSso: row.session_is_sso === 1, remember: row.session_remember === 1 }),
    wasSso: row.session_is_sso === 1,
  };
}

/** The session of the request (memoised per request). */
export function sessionOf(c: Context<AppEnv>): Promise<SessionLookup> {
  let p = lookups.get(c.req.raw);
  if (!p) {
    p = lookUp(c);
    lookups.set(c.req.raw, p);
  }
  return p;
}

/** The signed-in user of the request's org, or null. */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  return (await sessionOf(c)).user;
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

/** Starts a session: a new random token (returned once, to be put in the cookie / LoginResult), its hash stored. */
export async function startSession(
  db: D1Database,
  opts: { userId: number; orgId: number; remember: boolean; isSso: boolean; ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: number; statement: D1PreparedStatement }> {
  const token = randomToken();
  const now = Date.now();
  const expiresAt = now + (opts.remember ? REMEMBER_MS : ABSOLUTE_MS);
  const statement = insertSession(db, { ...opts, tokenHash: await sha256Hex(token), now, expiresAt });
  return { token, expiresAt, statement };
}
