// Who is calling: the session behind the userToken cookie or a Bearer token (docs/contract.md#sessions).
// Tokens are random (256 bits), stored only as SHA-256; a session belongs to one org and expires when idle and absolutely.
import { insertSession, sessionWithUser, touchSession, type SessionWithUser } from '../db/sessions';
import type { UserRow } from '../db/users';
import type { SessionUser } from './session-user';
import { randomToken, sha256Hex } from './crypto';

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

/** The bearer token of a request: `Authorization: Bearer` first, else the userToken cookie; null unless well formed. */
export function bearerToken(authorization: string | undefined, cookie: string | undefined): string | null {
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const token = bearer || cookie || '';
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

/**
 * The session behind `token` in the org: its user while alive (last_seen_at written at most once a minute, through
 * `later` so the answer need not wait), and whether it was an SSO session.
 */
export async function lookUpSession(
  db: D1Database,
  token: string | null,
  orgId: number,
  later: (work: Promise<unknown>) => Promise<void>,
): Promise<SessionLookup> {
  if (!token || !TOKEN_SHAPE.test(token)) return { user: null, wasSso: false };
  const row = await sessionWithUser(db, await sha256Hex(token), orgId);
  if (!row) return { user: null, wasSso: false };
  const now = Date.now();
  if (!sessionAlive(row, now)) return { user: null, wasSso: row.session_is_sso === 1 };
  if (now - row.session_last_seen_at >= TOUCH_EVERY_MS) await later(touchSession(db, row.session_id, now).catch(() => undefined));
  return {
    user: toSessionUser(row, { id: row.session_id, isSso: row.session_is_sso === 1, remember: row.session_remember === 1 }),
    wasSso: row.session_is_sso === 1,
  };
}

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
