// Signing up (docs/contract.md#sign-up): whether an email has an account, whether an access code lets one join, and
// creating the account (an email sign-up confirms its address; a verified social one is signed in at once). Plain
// values in, an outcome out: the router writes the cookies and the reply.
import { badRequest } from '../errors';
import { emailTaken, userByProvider, userByReferralCode } from '../db/users';
import { normalizeAccessCode, validAccessCode } from '../db/access-codes';
import { logActivity } from '../db/activity';
import { hashPassword } from '../auth/password';
import { randomToken } from '../auth/crypto';
import { accountOfIdentity, spendSignInNonce } from '../auth/social';
import { createAccount, mailLink } from '../auth/accounts';
import type { MailError } from '../outside/mail';
import { checkCatalogueRefs } from './catalogue-refs';
import { lastClickOf } from './links';
import { openSessionFor, type SignedIn, type SignInDeps } from './sign-in';
import { MSG, normalizeEmail, TERMS_VERSION, termsAccepted, type SignUp } from '../../src/shared/contract/auth';

const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** What signing up needs of the request (functions/http/deps.ts builds it). */
export interface SignUpDeps extends SignInDeps {
  /** This attempt counts under a limit the router reserved it in (a wrong access code is a guess; a created account is one of the address's sign-ups). */
  attempts: { keep: (limit: 'accessCodeIp' | 'signUpIp') => void };
}

/** Whether an account of the org already has this email. */
export const accountExists = (db: D1Database, orgId: number, emailId: string) => emailTaken(db, orgId, normalizeEmail(emailId));

/** Whether a sign-up may use this access code: none needed, none sent where the org needs one, or a wrong one (which counts as a guess). */
export async function checkAccessCode(d: Pick<SignUpDeps, 'db' | 'org' | 'clock' | 'pepper' | 'attempts'>, code: string): Promise<'ok' | 'required' | 'invalid'> {
  if (!normalizeAccessCode(code)) return d.org.access_code_required ? 'required' : 'ok';
  if (!(await validAccessCode(d.db, d.org.id, code, d.pepper, d.clock()))) {
    d.attempts.keep('accessCodeIp');
    return 'invalid';
  }
  return 'ok';
}

/** The referral a visitor's landing left in their cookies, and the signed cookie of their last marketing link's click. */
export interface Landing {
  referralCode: string | undefined;
  referralOrg: string | undefined;
  lastClick: string | undefined;
}

export type SignUpOutcome =
  | { kind: 'created'; signedIn: SignedIn | null }
  | { kind: 'exists' }
  /** The contract's business refusal: a bad social token (401) or an invalid or used-up access code (400). */
  | { kind: 'refused'; status: 400 | 401; message: string }
  /** The confirmation mail could not go out: nothing was created, the person can simply try again. */
  | { kind: 'mail-failed'; failure: MailError };

const EXISTS = { kind: 'exists' } as const;
const refused = (status: 400 | 401, message: string) => ({ kind: 'refused', status, message }) as const;

export async function signUp(d: SignUpDeps, r: SignUp, landing: Landing): Promise<SignUpOutcome> {
  const { db, org } = d;
  const now = d.clock();
  await checkCatalogueRefs(db, { nationality: r.nationality, language: r.language, currency: r.currency }, 'jsonRegister.');

  const social = r.googletoken ? 'google' : r.fbtoken ? 'facebook' : null;
  const identity = social ? await d.identity(social, r.googletoken || r.fbtoken) : null;
  if (social && !identity) return refused(401, MSG.invalidCredentials);
  const email = identity?.email || r.email_id;
  if (!email) throw badRequest(`Invalid jsonRegister.email_id: ${MSG.emailRequired}`, [{ path: 'jsonRegister.email_id', message: MSG.emailRequired }]);

  if (await emailTaken(db, org.id, email)) return EXISTS;
  if (identity && ((await userByProvider(db, org.id, identity.provider, identity.subject)) || (await accountOfIdentity(db, org.id, identity)))) {
    return EXISTS;
  }

  // The referral comes from the form or, failing that, from the landing cookies (docs/contract.md#referrals).
  const referralCode = [r.referral_code, landing.referralCode ?? ''].map((v) => v.trim()).find((v) => REFERRAL_CODE.test(v)) ?? null;
  const referralOrg = (r.referral_org || landing.referralOrg || '').trim().slice(0, 64) || null;

  // Access code: the form's code or the invitation's master code; required by the org unless a member's referral replaces it.
  const codeText = r.accesscode || r.mastercode;
  let accessCodeId: number | null = null;
  if (codeText) {
    const code = await validAccessCode(db, org.id, codeText, d.pepper, now);
    if (!code) {
      d.attempts.keep('accessCodeIp');
      return refused(400, MSG.invalidAccessCode);
    }
    accessCodeId = code.id;
  } else if (org.access_code_required) {
    const referrer = referralCode ? await userByReferralCode(db, org.id, referralCode) : null;
    if (!referrer) {
      throw badRequest(`Invalid jsonRegister.accesscode: ${MSG.accessCodeRequired}`, [{ path: 'jsonRegister.accesscode', message: MSG.accessCodeRequired }]);
    }
  }

  // The last check before anything is written: a Google token's nonce is spent here, so it signs up once.
  if (identity && !(await spendSignInNonce(db, org.id, identity))) return refused(401, MSG.invalidCredentials);
  const verified = identity !== null && identity.emailVerified && identity.email === email;
  const passwordHash = social ? null : await hashPassword(r.password, d.pepper);
  // The confirmation mail goes out before the account is written (docs/decisions/0009-mail-failures.md): when the
  // mail API fails, nothing is created and the answer says to try again; its token is stored with the account.
  const verifyToken = verified ? undefined : randomToken();
  if (verifyToken) {
    const failure = await mailLink(await d.linkMail(), { email, first_name: r.userdetails.first_name }, 'verify', verifyToken);
    if (failure) return { kind: 'mail-failed', failure };
  }
  const created = await createAccount(
    db,
    org.id,
    {
      email,
      passwordHash,
      provider: identity?.provider ?? 'email',
      providerSubject: identity?.subject ?? null,
      title: r.title,
      firstName: r.userdetails.first_name,
      lastName: r.userdetails.last_name,
      nationalityId: r.nationality,
      countryCode: r.userdetails.country_code,
      phoneCountryCode: r.userdetails.mobile_country_code,
      mobileNo: r.userdetails.mobile_no,
      language: r.language,
      currency: r.currency ?? org.default_currency,
      verified,
      referredByCode: referralCode,
      referralOrg,
      accessCode: codeText ? normalizeAccessCode(codeText) : '',
      termsVersion: termsAccepted(r) ? TERMS_VERSION : null,
    },
    { accessCodeId, sendVerify: !verified, verifyToken, lastClick: await lastClickOf(d.pepper, landing.lastClick, now) },
  );
  if (created.kind === 'exists') return EXISTS;
  if (created.kind === 'code-used-up') return refused(400, MSG.invalidAccessCode);
  d.attempts.keep('signUpIp');
  await logActivity(db, { orgId: org.id, userId: created.row.id, action: social ? `signup_${social}` : 'signup', ip: d.ip, userAgent: d.userAgent }).run();
  const signedIn = verified ? await openSessionFor(d, created.row, { remember: false, action: `login_${social}` }) : null;
  return { kind: 'created', signedIn };
}
