// The account flows shared by the sign-in, sign-up, SSO and profile routes: starting a session, the LoginResult,
// links in mails and the confirmation mail. Plain values in; functions/http/ reads the request and writes the cookies.
import type { OrgRow } from '../db/orgs';
import { deleteSessionByHash, purgeOldSessions } from '../db/sessions';
import { purgeOldEvents } from '../db/rate-limits';
import { logActivity } from '../db/activity';
import { atomically } from '../db/batch';
import { insertEmailTokenFor, insertEmailTokenForNewUser, type EmailTokenKind } from '../db/email-tokens';
import { emailTaken, insertUserStatement, newReferralCode, userByEmail, userByProvider, type NewUser, type UserRow } from '../db/users';
import { consumeAccessCodeFor } from '../db/access-codes';
import { signupConversionStatement } from '../db/links';
import { resetMail, sendMail, verificationMail, type Mailer, type MailError } from '../outside/mail';
import type { LoginResult, UserDataCookie } from '../../src/shared/contract/auth';
import { randomToken, sha256Hex } from './crypto';
import { startSession, toSessionUser, type SessionUser } from './session';

/** A fresh confirmation mail at most this often per account. */
export const VERIFY_MAIL_INTERVAL_MS = 10 * 60_000;

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
 * Signs `row` in: a new token every time (the request's previous session, if any, is ended), the sign-in logged.
 * Returns the LoginResult to send and what the session cookies carry; the caller sets them.
 */
export async function openSession(
  db: D1Database,
  row: UserRow,
  opts: { remember: boolean; isSso?: boolean; action?: string; ip: string; userAgent: string; previousToken: string | null; later: (work: Promise<unknown>) => unknown },
): Promise<{ result: LoginResult; token: string; userData: UserDataCookie }> {
  const { ip, userAgent } = opts;
  const session = await startSession(db, { userId: row.id, orgId: row.org_id, remember: opts.remember, isSso: opts.isSso === true, ip, userAgent });
  const statements = [session.statement, logActivity(db, { orgId: row.org_id, userId: row.id, action: opts.action ?? 'login', ip, userAgent })];
  if (opts.previousToken) statements.push(deleteSessionByHash(db, await sha256Hex(opts.previousToken)));
  await atomically(db, statements);
  const user = toSessionUser(row, { id: 0, isSso: opts.isSso === true, remember: opts.remember });
  if (Math.random() < 0.05) opts.later(Promise.all([purgeOldSessions(db, Date.now()), purgeOldEvents(db, Date.now())]));
  return { result: loginResult(user, session.token), token: session.token, userData: userDataOf(user) };
}

/**
 * What the mails with a link need, built once per request by functions/http/mailer.ts: the org, the site origin the
 * link points at (never the request's Host), the mailer, and the language for an account (the request's, else its own).
 */
export interface LinkMailDeps {
  db: D1Database;
  mailer: Mailer;
  org: Pick<OrgRow, 'id' | 'name'>;
  origin: string;
  languageFor: (accountLanguage?: string | null) => string;
}

/**
 * Mails a fresh single-use link of `kind` to the user, then stores its token (hashed). The mail goes first so that a
 * mail failure leaves nothing behind; the failure is logged once and returned, never thrown: the callers' answers
 * (forgot password's same 200, sign-in's 403) must not depend on the mail API.
 */
export async function sendLinkMail(d: LinkMailDeps, row: UserRow, kind: EmailTokenKind, now = Date.now()): Promise<MailError | null> {
  const token = randomToken();
  const failure = await mailLink(d, row, kind, token);
  if (failure) return failure;
  await insertEmailTokenFor(d.db, kind, await sha256Hex(token), row.id, now).run();
  return null;
}

/** Mails the link carrying `token`; a failure is logged once (with the request id) and returned. */
export async function mailLink(d: LinkMailDeps, row: Pick<UserRow, 'email' | 'first_name'> & { language?: string | null }, kind: EmailTokenKind, token: string): Promise<MailError | null> {
  const { org } = d;
  const path = kind === 'verify' ? '/verify-account' : '/change-password';
  const link = `${d.origin}${path}?token=${encodeURIComponent(token)}`;
  const language = d.languageFor(row.language);
  const mail = kind === 'verify' ? verificationMail(org.name, row.email, row.first_name, link, language) : resetMail(org.name, row.email, row.first_name, link, language);
  return sendMail(d.mailer, org.id, mail, kind === 'verify' ? 'verify-link' : 'reset-link');
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
  db: D1Database,
  orgId: number,
  data: Omit<NewUser, 'orgId' | 'referralCode' | 'verifyMailSentAt'>,
  opts: { accessCodeId: number | null; sendVerify: boolean; verifyToken?: string; lastClick?: { linkId: number; clickAt: string } | null },
): Promise<CreateOutcome> {
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
    const [insert] = await atomically(db, statements);
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
