// Sign-up: account-exists check, access codes, account creation (docs/contract.md#sign-up).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { ApiError, ErrorBodySchema } from '../errors';
import { normalizeAccessCode } from '../db/access-codes';
import { mailUpstreamStatus } from '../http/mailer';
import { clientIp } from '../http/request';
import { deps } from '../http/deps';
import { setSignInCookies } from '../http/cookies';
import { LAST_CLICK_COOKIE } from '../flows/links';
import { accountExists, checkAccessCode, signUp } from '../flows/sign-up';
import { addressOf, counting, LIMITS, rateLimit, validBody } from '../http/rate-limit';
import {
  CheckAccountBody, CheckAccountReply, MSG, SignUpBody, SignUpCreatedSchema, SignUpExistsSchema, SignUpRefusedSchema, ValidateAccessCodeBody,
  ValidateAccessCodeReply,
} from '../../src/shared/contract/auth';
import { z } from 'zod';
import { access, body, createRoute, json, refusals, router } from '../http/route';

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
    const taken = await accountExists(c.env.DB, c.get('org').id, c.req.valid('json').jsonSigUp.email_id);
    return c.json(taken ? { data: { code: 201 as const, resp: MSG.userExists } } : { data: { code: 404 as const, resp: '' } }, 200);
  })

  .openapi(routes.validateAccessCode, async (c) => {
    const check = await checkAccessCode(deps(c), c.req.valid('json').jsonRegister.accesscode);
    if (check === 'required') return c.json({ data: { status: 0 as const, resp: MSG.accessCodeRequired } }, 200);
    if (check === 'invalid') return c.json({ data: { status: 0 as const, resp: MSG.invalidAccessCode } }, 200);
    return c.json({ data: { status: 1 as const, resp: '' } }, 200);
  })

  .openapi(routes.signUp, async (c) => {
    const outcome = await signUp(deps(c), c.req.valid('json').jsonRegister, {
      referralCode: getCookie(c, 'referral_code'),
      referralOrg: getCookie(c, 'referral_org'),
      lastClick: getCookie(c, LAST_CLICK_COOKIE),
    });
    if (outcome.kind === 'refused') return refused(c, outcome.message, outcome.status);
    if (outcome.kind === 'exists') return alreadyExists(c);
    if (outcome.kind === 'mail-failed') throw new ApiError(mailUpstreamStatus(outcome.failure), 'UPSTREAM_FAILED', CONFIRMATION_MAIL_FAILED);
    const { signedIn } = outcome;
    if (signedIn) {
      setSignInCookies(c, signedIn.session, signedIn);
      return c.json({
        status: 1 as const,
        data: { code: 200 as const, message: 'USER_CREATED' as const, resp: MSG.socialWelcome, isProfileCreated: 1 as const },
        result: signedIn.session.result,
      }, 200);
    }
    return c.json({ status: 1 as const, data: { code: 200 as const, message: 'USER_CREATED' as const, resp: MSG.confirmationSent, isProfileCreated: 1 as const } }, 200);
  });
