// The account flows shared by the sign-in, sign-up, SSO and profile routes: starting a session, the LoginResult,
// the client's address, links in mails and the confirmation mail.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { hostName, type OrgRow } from '../db/orgs';
import { deleteSessionByHash, purgeOldSessions } from '../db/sessions';
import { purgeOldEvents } from '../db/rate-limits';
import { logActivity } from '../db/activity';
import { insertEmailTokenFor, insertEmailTokenForNewUser, type EmailTokenKind } from '../db/email-tokens';
import { emailTaken, insertUserStatement, newReferralCode, userByEmail, userByProvider, type NewUser, type UserRow } from '../db/users';
import { consumeAccessCodeFor } from '../db/access-codes';
import { signupConversionStatement } from '../db/links';
import { requestLanguage } from '../http/language';
import { resetMail, sendMail, verificationMail, type MailError } from '../outside/mail';
import type { LoginResult, UserDataCookie } from '../../src/shared/contract/auth';
import { randomToken, sha256Hex } from './crypto';
import { requestToken, startSession, toSessionUser, type SessionUser } from './session';
import { SSO_MARK_COOKIE, setSessionCookies, setSsoMark } from './cookies';

/** A fresh confirmation mail at most this often per account. */
export const VERIFY_MAIL_INTERVAL_MS = 10 * 60_000;

/** The caller's address as Cloudflare sees it (never the client's claim). */
export const clientIp = (c: Context<AppEnv>) => (c.req.header('cf-connecting-ip') ?? '').trim().slice(0, 64) || 'unknown';

export const pepper = (c: Context<AppEnv>) => c.env.PASSWORD_PEPPER ?? '';

/** Work that may finish after the answer (cleanup, logs). */
export function later(c: Context<AppEnv>, work: Promise<unknown>) {
  const safe = work.catch((err) => console.error(JSON.stringify({ level: 'warn', what: 'background work failed', error: String(err) })));
  try {
    c.executionCtx.waitUntil(safe);
  } catch {
    return safe;
  }
  return undefined;
}

export function loginResult(user: SessionUser, token: string): LoginResult {
  return {
    token,
    username: user.firstName || user.email.split('@')[0]!,
    email: user.email,
    currency_code: user.currency,
    language: user.language,
    nationality: user.nationalityId,
    userId: user.id,
    role: user.role,
    last_name: user.lastName,
    is_promotion: user.isPromotion ? 1 : 0,
    subscription_details: [{ plan_status: user.planStatus }],
    display_price: user.displayPrice ? 1 : 0,
    credit_limit: user.creditLimit,
    phone_country_code: user.phoneCountryCode,
    access_code: user.accessCode,
  };
}

export function userDataOf(user: Pick<SessionUser, 'firstName' | 'email' | 'role' | 'currency' | 'language' | 'id'>): UserDataCookie {
  return {
    username: user.firstName || user.email.split('@')[0]!,
    email: user.email,
    role: user.role,
    currency_code: user.currency,
    language: user.language,
    userId: user.id,
  };
}

/**
 * Signs `row` in: a new token every time (the request's previous session, if any, is ended), cookies appended,
 * the sign-in logged. Returns the LoginResult to send.
 */
export async function completeSignIn(
  c: Context<AppEnv>,
  row: UserRow,
  opts: { remember: boolean; isSso?: boolean; action?: string },
): Promise<LoginResult> {
  const db = c.env.DB;
  const ip = clientIp(c);
  const userAgent = c.req.header('user-agent') ?? '';
  const session = await startSession(db, { userId: row.id, orgId: row.org_id, remember: opts.remember, isSso: opts.isSso === true, ip, userAgent });
  const previous = requestToken(c);
  const statements = [session.statement, logActivity(db, { orgId: row.org_id, userId: row.id, action: opts.action ?? 'login', ip, userAgent })];
  if (previous) statements.push(deleteSessionByHash(db, await sha256Hex(previous)));
  await db.batch(statements);
  const user = toSessionUser(row, { id: 0, isSso: opts.isSso === true, remember: opts.remember });
  setSessionCookies(c, session.token, userDataOf(user), opts.remember);
  if (opts.isSso) setSsoMark(c, true);
  else if (getCookie(c, SSO_MARK_COOKIE)) setSsoMark(c, false);
  if (Math.random() < 0.05) later(c, Promise.all([purgeOldSessions(db, Date.now()), purgeOldEvents(db, Date.now())]));
  return loginResult(user, session.token);
}

/**
 * The site address for links in mails, never taken from the request (a Host of `localhost:1` once mailed links to port
 * 1): the org's registered domain the request came in on, as stored, with the scheme and port of the configured
 * SELF_ORIGIN; on any other host, SELF_ORIGIN itself.
 */
export async function siteOrigin(c: Context<AppEnv>, org: OrgRow): Promise<string> {
  const configured = new URL(c.env.SELF_ORIGIN);
  const domain = await c.env.DB.prepare('SELECT host FROM org_domains WHERE host = ? AND org_id = ?')
    .bind(hostName(c.req.header('host') ?? new URL(c.req.url).host), org.id)
    .first<{ host: string }>();
  if (domain && /^[A-Za-z0-9.-]+$/.test(domain.host)) configured.hostname = domain.host;
  return configured.origin;
}

/**
 * Mails a fresh single-use link of `kind` to the user, then stores its token (hashed). The mail goes first so that a
 * mail failure leaves nothing behind; the failure is logged once and returned, never thrown: the callers' answers
 * (forgot password's same 200, sign-in's 403) must not depend on the mail API.
 */
export async function sendLinkMail(c: Context<AppEnv>, row: UserRow, kind: EmailTokenKind, now = Date.now()): Promise<MailError | null> {
  const token = randomToken();
  const failure = await mailLink(c, row, kind, token);
  if (failure) return failure;
  await insertEmailTokenFor(c.env.DB, kind, await sha256Hex(token), row.id, now).run();
  return null;
}

/** Mails the link carrying `token`; a failure is logged once (with the request id) and returned. */
export async function mailLink(c: Context<AppEnv>, row: Pick<UserRow, 'email' | 'first_name'> & { language?: string | null }, kind: EmailTokenKind, token: string): Promise<MailError | null> {
  const org = c.get('org');
  const origin = await siteOrigin(c, org);
  const path = kind === 'verify' ? '/verify-account' : '/change-password';
  const link = `${origin}${path}?token=${encodeURIComponent(token)}`;
  const language = requestLanguage(c, row.language);
  const mail = kind === 'verify' ? verificationMail(org.name, row.email, row.first_name, link, language) : resetMail(org.name, row.email, row.first_name, link, language);
  return sendMail(c, mail, kind === 'verify' ? 'verify-link' : 'reset-link');
}

export type CreateOutcome =
  | { kind: 'created'; row: UserRow; verifyToken: string | null }
  | { kind: 'exists' }
  | { kind: 'code-used-up' };

/**
 * Creates an account in one batch: the user row (only if the email, the provider identity and, with a code, the code's
 * uses allow it), the code's use and the confirmation token. Of concurrent sign-ups of one email exactly one is created.
 * `verifyToken` is the token of a confirmation link already mailed (sign-up mails first, so a mail failure creates
 * nothing); without it, `sendVerify` draws one for the caller to mail.
 */
/** An account created by an identity provider's word (social sign-in, SSO): no password, and the profile fields empty until the member fills them. */
export function providerAccount(
  org: { default_language: string; default_currency: string },
  who: Pick<NewUser, 'email' | 'provider' | 'providerSubject' | 'firstName' | 'lastName' | 'verified' | 'accessCode'>,
): Omit<NewUser, 'orgId' | 'referralCode' | 'verifyMailSentAt'> {
  return {
    ...who,
    passwordHash: null,
    title: '',
    nationalityId: null,
    countryCode: '',
    phoneCountryCode: '',
    mobileNo: '',
    language: org.default_language,
    currency: org.default_currency,
    referredByCode: null,
    referralOrg: null,
  };
}

export async function createAccount(
  c: Context<AppEnv>,
  data: Omit<NewUser, 'orgId' | 'referralCode' | 'verifyMailSentAt'>,
  opts: { accessCodeId: number | null; sendVerify: boolean; verifyToken?: string; lastClick?: { linkId: number; clickAt: string } | null },
): Promise<CreateOutcome> {
  const db = c.env.DB;
  const orgId = c.get('org').id;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const referralCode = newReferralCode();
    const user: NewUser = { ...data, orgId, referralCode, verifyMailSentAt: opts.sendVerify || opts.verifyToken ? now : null };
    const statements = [insertUserStatement(db, user, opts.accessCodeId, now)];
    if (opts.accessCodeId !== null) statements.push(...consumeAccessCodeFor(db, opts.accessCodeId, referralCode));
    const verifyToken = opts.verifyToken ?? (opts.sendVerify ? randomToken() : null);
    if (verifyToken) statements.push(insertEmailTokenForNewUser(db, 'verify', await sha256Hex(verifyToken), referralCode, now));
    // The marketing link of the visitor's last click is credited with the sign-up in the same transaction.
    if (opts.lastClick) statements.push(signupConversionStatement(db, orgId, opts.lastClick.linkId, opts.lastClick.clickAt, referralCode));
    const [insert] = await db.batch(statements);
    if (insert?.meta.changes === 1) {
      const row = await userByEmail(db, orgId, data.email);
      if (!row) throw new Error('the account just created is missing');
      return { kind: 'created', row, verifyToken };
    }
    if (await emailTaken(db, orgId, data.email)) return { kind: 'exists' };
    if (data.providerSubject && (await userByProvider(db, orgId, data.provider, data.providerSubject))) return { kind: 'exists' };
    if (opts.accessCodeId !== null) return { kind: 'code-used-up' };
    // Otherwise the random referral code collided with another member's: draw again.
  }
  throw new Error('could not create the account after 3 attempts');
}
