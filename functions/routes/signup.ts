// Sign-up: account-exists check, access codes, account creation (docs/contract.md#sign-up).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { ApiError, badRequest, ErrorBodySchema } from '../errors';
import { checkCatalogueRefs } from '../flows/catalogue-refs';
import { emailTaken, userByProvider, userByReferralCode } from '../db/users';
import { normalizeAccessCode, validAccessCode } from '../db/access-codes';
import { logActivity } from '../db/activity';
import { hashPassword } from '../auth/password';
import { randomToken } from '../auth/crypto';
import { linkMailDeps, mailUpstreamStatus } from '../http/mailer';
import { requestLog } from '../log';
import { accountOfIdentity, spendSignInNonce, verifySocialToken } from '../auth/social';
import { createAccount, mailLink } from '../auth/accounts';
import { clientIp, pepper } from '../http/request';
import { completeSignIn } from '../http/session';
import { LAST_CLICK_COOKIE, lastClickOf } from '../flows/links';
import { addressOf, counting, LIMITS, rateLimit, settleAttempt, validBody } from '../http/rate-limit';
import {
  CheckAccountBody, CheckAccountReply, MSG, normalizeEmail, SignUpBody, SignUpCreatedSchema, SignUpExistsSchema, SignUpRefusedSchema, TERMS_VERSION,
  termsAccepted, ValidateAccessCodeBody, ValidateAccessCodeReply,
} from '../../src/shared/contract/auth';
import { z } from 'zod';
import { access, body, createRoute, json, refusals, router } from '../http/route';

const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Sign-up's 502/503 when the confirmation mail cannot go out: nothing was created, the person can simply try again. */
export const CONFIRMATION_MAIL_FAILED = MSG.confirmationMailFailed;

/** `{ status: 0, data: { code: 500, resp } }`: the contract's business refusal of a sign-up. */
const refused = <S extends 400 | 401>(c: Context<AppEnv>, resp: string, status: S) => c.json({ status: 0 as const, data: { code: 500 as const, resp } }, status);

const alreadyExists = (c: Context<AppEnv>) =>
  c.json({ status: 1 as const, data: { code: 201 as const, message: 'USER_ALREADY_CREATED' as const, resp: MSG.userExists, isProfileCreated: 0 as const } }, 200);

/** The access code a sign-up or a code check sends, when its body is valid; the address is the key. */
const codeGuessOf = async (c: Context<AppEnv>) => {
  const body = await validBody(c, ValidateAccessCodeBody);
  return body && normalizeAccessCode(body.jsonRegister.accesscode) ? clientIp(c) : null;
};

/**
 * Sign-up's limits, reserved before any work: 20 accounts per address an hour (an attempt that creates none is given
 * back), and the access-code and social-token guesses a sign-up makes count with the other routes' guesses.
 */
const signUpLimits = rateLimit(
  { limit: LIMITS.signUpIp, settle: () => 'refund', key: addressOf(SignUpBody) },
  {
    limit: LIMITS.accessCodeIp,
    settle: () => 'refund',
    key: async (c) => {
      const body = await validBody(c, SignUpBody);
      return body && (body.jsonRegister.accesscode || body.jsonRegister.mastercode) ? clientIp(c) : null;
    },
  },
  {
    limit: LIMITS.signInIp,
    settle: counting([401]),
    key: async (c) => {
      const body = await validBody(c, SignUpBody);
      return body && (body.jsonRegister.googletoken || body.jsonRegister.fbtoken) ? clientIp(c) : null;
    },
  },
);

const routes = {
  checkAccount: createRoute({
    method: 'post', path: '/signUp/checkAccountForExists', summary: 'Whether an account already has this email', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.accountCheckIp, key: addressOf(CheckAccountBody) })] as const,
    request: { body: body(CheckAccountBody) },
    responses: { 200: json(CheckAccountReply), ...refusals },
  }),
  validateAccessCode: createRoute({
    method: 'post', path: '/signUp/validateAccessCode', summary: 'Whether an access code lets one join the org', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.accessCodeIp, settle: () => 'refund', key: codeGuessOf })] as const,
    request: { body: body(ValidateAccessCodeBody) },
    responses: { 200: json(ValidateAccessCodeReply), ...refusals },
  }),
  signUp: createRoute({
    method: 'post', path: '/signUp', summary: 'Creates an account (email sign-ups confirm their email; social ones are signed in)', ...access('none'),
    middleware: [signUpLimits] as const,
    request: { body: body(SignUpBody) },
    responses: {
      200: json(z.union([SignUpCreatedSchema, SignUpExistsSchema]), 'Created (`code` 200) or already there (`code` 201)'),
      400: json(z.union([SignUpRefusedSchema, ErrorBodySchema]), 'An invalid or used-up access code (`{ status: 0, data }`), or bad input (the error shape)'),
      401: json(SignUpRefusedSchema, 'A bad social token'),
      ...refusals,
    },
  }),
};

export const signup = router()
  .openapi(routes.checkAccount, async (c) => {
    const { jsonSigUp } = c.req.valid('json');
    const taken = await emailTaken(c.env.DB, c.get('org').id, normalizeEmail(jsonSigUp.email_id));
    return c.json(taken ? { data: { code: 201 as const, resp: MSG.userExists } } : { data: { code: 404 as const, resp: '' } }, 200);
  })

  .openapi(routes.validateAccessCode, async (c) => {
    const { jsonRegister } = c.req.valid('json');
    const org = c.get('org');
    if (!normalizeAccessCode(jsonRegister.accesscode)) {
      return c.json(
        org.access_code_required ? { data: { status: 0 as const, resp: MSG.accessCodeRequired } } : { data: { status: 1 as const, resp: '' } },
        200,
      );
    }
    const code = await validAccessCode(c.env.DB, org.id, jsonRegister.accesscode, pepper(c), Date.now());
    if (!code) {
      settleAttempt(c, LIMITS.accessCodeIp, 'keep');
      return c.json({ data: { status: 0 as const, resp: MSG.invalidAccessCode } }, 200);
    }
    return c.json({ data: { status: 1 as const, resp: '' } }, 200);
  })

  .openapi(routes.signUp, async (c) => {
    const { jsonRegister: r } = c.req.valid('json');
    const db = c.env.DB;
    const org = c.get('org');
    const ip = clientIp(c);
    const now = Date.now();
    await checkCatalogueRefs(db, { nationality: r.nationality, language: r.language, currency: r.currency }, 'jsonRegister.');

    const social = r.googletoken ? 'google' : r.fbtoken ? 'facebook' : null;
    const identity = social ? await verifySocialToken(c.env, org, requestLog(c), social, r.googletoken || r.fbtoken) : null;
    if (social && !identity) return refused(c, MSG.invalidCredentials, 401);
    const email = identity?.email || r.email_id;
    if (!email) throw badRequest(`Invalid jsonRegister.email_id: ${MSG.emailRequired}`, [{ path: 'jsonRegister.email_id', message: MSG.emailRequired }]);

    if (await emailTaken(db, org.id, email)) return alreadyExists(c);
    if (identity && ((await userByProvider(db, org.id, identity.provider, identity.subject)) || (await accountOfIdentity(db, org.id, identity)))) {
      return alreadyExists(c);
    }

    // The referral comes from the form or, failing that, from the landing cookies (docs/contract.md#referrals).
    const referralCode = [r.referral_code, getCookie(c, 'referral_code') ?? ''].map((v) => v.trim()).find((v) => REFERRAL_CODE.test(v)) ?? null;
    const referralOrg = (r.referral_org || getCookie(c, 'referral_org') || '').trim().slice(0, 64) || null;

    // Access code: the form's code or the invitation's master code; required by the org unless a member's referral replaces it.
    const codeText = r.accesscode || r.mastercode;
    let accessCodeId: number | null = null;
    if (codeText) {
      const code = await validAccessCode(db, org.id, codeText, pepper(c), now);
      if (!code) {
        settleAttempt(c, LIMITS.accessCodeIp, 'keep');
        return refused(c, MSG.invalidAccessCode, 400);
      }
      accessCodeId = code.id;
    } else if (org.access_code_required) {
      const referrer = referralCode ? await userByReferralCode(db, org.id, referralCode) : null;
      if (!referrer) {
        throw badRequest(`Invalid jsonRegister.accesscode: ${MSG.accessCodeRequired}`, [{ path: 'jsonRegister.accesscode', message: MSG.accessCodeRequired }]);
      }
    }

    // The last check before anything is written: a Google token's nonce is spent here, so it signs up once.
    if (identity && !(await spendSignInNonce(db, org.id, identity))) return refused(c, MSG.invalidCredentials, 401);
    const verified = identity !== null && identity.emailVerified && identity.email === email;
    const passwordHash = social ? null : await hashPassword(r.password, pepper(c));
    // The confirmation mail goes out before the account is written (docs/decisions/0009-mail-failures.md): when the
    // mail API fails, nothing is created and the answer says to try again; its token is stored with the account.
    const verifyToken = verified ? undefined : randomToken();
    if (verifyToken) {
      const failure = await mailLink(await linkMailDeps(c), { email, first_name: r.userdetails.first_name }, 'verify', verifyToken);
      if (failure) throw new ApiError(mailUpstreamStatus(failure), 'UPSTREAM_FAILED', CONFIRMATION_MAIL_FAILED);
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
      { accessCodeId, sendVerify: !verified, verifyToken, lastClick: await lastClickOf(pepper(c), getCookie(c, LAST_CLICK_COOKIE), now) },
    );
    if (created.kind === 'exists') return alreadyExists(c);
    if (created.kind === 'code-used-up') return refused(c, MSG.invalidAccessCode, 400);
    settleAttempt(c, LIMITS.signUpIp, 'keep');
    await logActivity(db, { orgId: org.id, userId: created.row.id, action: social ? `signup_${social}` : 'signup', ip, userAgent: c.req.header('user-agent') }).run();

    if (verified) {
      const result = await completeSignIn(c, created.row, { remember: false, action: `login_${social}` });
      return c.json({
        status: 1 as const,
        data: { code: 200 as const, message: 'USER_CREATED' as const, resp: MSG.socialWelcome, isProfileCreated: 1 as const },
        result,
      }, 200);
    }
    return c.json({ status: 1 as const, data: { code: 200 as const, message: 'USER_CREATED' as const, resp: MSG.confirmationSent, isProfileCreated: 1 as const } }, 200);
  });
