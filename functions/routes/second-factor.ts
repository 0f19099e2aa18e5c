// The second factor (docs/contract.md#the-back-office-second-part, docs/decisions/0067-second-factor.md): the signed-in
// account's security section (a TOTP app with its recovery codes, passkeys), the sign-in's second step and passkey
// sign-in. Thin: validate, hand plain values to flows/second-factor.ts, reply.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../http/session';
import { setSignInCookies } from '../http/cookies';
import { deps } from '../http/deps';
import { clientIp } from '../http/request';
import { counting, LIMITS, rateLimit, validBody } from '../http/rate-limit';
import { challengeEmail } from '../db/second-factor';
import { sha256Hex } from '../../src/shared/rules/digest';
import {
  completeSecondFactor, confirmTotp, passkeyProofOptions, passkeyRegistrationOptions, passkeySignIn, passkeySignInOptions, regenerateRecoveryCodes,
  registerPasskey, removePasskey, removeTotp, securityState, startTotp, type FactorSignedIn,
} from '../flows/second-factor';
import { SignInFailureSchema, SignInSuccessSchema } from '../../src/shared/contract/auth';
import {
  FreshProofBody, PasskeyOptionsReply, PasskeyParams, PasskeyRegisterBody, PasskeyReply, PasskeySignInBody, RecoveryCodesReply, SecondFactorBody, SecurityStateReply,
  TotpConfirmBody, TotpStartReply, TWOFA_MSG,
} from '../../src/shared/contract/second-factor';
import { StatusReplySchema } from '../../src/shared/contract/auth';
import { access, body, createRoute, json, refusals, router, unknownInPath } from '../http/route';

/** A session the second step or a passkey opened: its cookies written, the LoginResult sent as a sign-in sends it. */
function signedIn(c: Context<AppEnv>, outcome: FactorSignedIn) {
  setSignInCookies(c, outcome.session, outcome);
  return c.json({ status: 'success' as const, message: '', result: outcome.session.result }, 200);
}

/**
 * The second step's limits are the sign-in's own (5 failures per account in 15 minutes, 50 per address): a wrong
 * code counts as a wrong password does, reserved before any check, so codes sent at once cannot outrun the limit.
 */
const secondFactorLimits = rateLimit(
  {
    limit: LIMITS.signInEmail,
    shape: 'message',
    settle: counting([401], 'clear'),
    key: async (c) => {
      const b = await validBody(c, SecondFactorBody);
      if (!b) return null;
      const orgId = c.get('org').id;
      const email = await challengeEmail(c.env.DB, await sha256Hex(b.challenge), orgId);
      return email ? `${orgId}:${email}` : null;
    },
  },
  { limit: LIMITS.signInIp, shape: 'message', settle: counting([401]), key: async (c) => ((await validBody(c, SecondFactorBody)) ? clientIp(c) : null) },
);

/** A wrong code while enrolling counts against the account as a wrong password would. */
const confirmLimits = rateLimit({
  limit: LIMITS.signInEmail,
  settle: counting([400, 409]),
  key: async (c) => {
    const b = await validBody(c, TotpConfirmBody);
    const user = c.get('user');
    return b && user ? `${user.orgId}:${user.email}` : null;
  },
});

/**
 * A wrong fresh proof (a code guessed with a stolen session) counts against the account as a wrong password would, and
 * so does asking to remove what is not there.
 */
const proofLimits = rateLimit({
  limit: LIMITS.signInEmail,
  settle: counting([400, 404, 409]),
  key: async (c) => {
    const b = await validBody(c, FreshProofBody);
    const user = c.get('user');
    return b && user ? `${user.orgId}:${user.email}` : null;
  },
});

const routes = {
  secondFactor: createRoute({
    method: 'post', path: '/auth/second-factor', summary: 'Completes a sign-in with a code from the authenticator app or a recovery code', ...access('none'),
    middleware: [secondFactorLimits] as const,
    request: { body: body(SecondFactorBody) },
    responses: {
      200: json(SignInSuccessSchema, 'Signed in (the session cookies are set)'),
      401: json(SignInFailureSchema, 'A wrong code, or a sign-in step expired or already used'),
      429: json(SignInFailureSchema, 'Too many attempts (Retry-After)'),
      ...refusals,
    },
  }),
  passkeyOptions: createRoute({
    method: 'post', path: '/auth/passkey/options', summary: 'Options to sign in with a passkey on this site', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.nonceIp, shape: 'error', key: (c) => clientIp(c) })] as const,
    responses: { 200: json(PasskeyOptionsReply), ...refusals },
  }),
  passkeySignIn: createRoute({
    method: 'post', path: '/auth/passkey', summary: 'Signs in with a passkey', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.signInIp, shape: 'message', settle: counting([401]), key: (c) => clientIp(c) })] as const,
    request: { body: body(PasskeySignInBody) },
    responses: {
      200: json(SignInSuccessSchema, 'Signed in (the session cookies are set)'),
      401: json(SignInFailureSchema, 'The passkey could not be verified, or its request expired or was used'),
      429: json(SignInFailureSchema, 'Too many attempts (Retry-After)'),
      ...refusals,
    },
  }),
  security: createRoute({
    method: 'get', path: '/account/security', summary: 'The signed-in account’s second factors', ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(SecurityStateReply), ...refusals },
  }),
  startTotp: createRoute({
    method: 'post', path: '/account/2fa/totp', summary: 'A new authenticator-app secret to scan (confirmed by a code)', ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(TotpStartReply), ...refusals },
  }),
  confirmTotp: createRoute({
    method: 'post', path: '/account/2fa/totp/confirm', summary: 'Confirms the authenticator app with a code; answers the ten recovery codes, once', ...access('user'),
    middleware: [requireUser, confirmLimits] as const,
    request: { body: body(TotpConfirmBody) },
    responses: { 200: json(RecoveryCodesReply), ...refusals },
  }),
  removeTotp: createRoute({
    method: 'delete', path: '/account/2fa/totp', summary: 'Removes the authenticator app and its recovery codes, with a current code or a recovery code',
    ...access('user'), middleware: [requireUser, proofLimits] as const,
    request: { body: body(FreshProofBody) },
    responses: { 200: json(StatusReplySchema), ...refusals },
  }),
  regenerateRecoveryCodes: createRoute({
    method: 'post', path: '/account/2fa/recovery-codes', summary: 'Ten new recovery codes in place of the old ones, with a current code or a recovery code',
    ...access('user'), middleware: [requireUser, proofLimits] as const,
    request: { body: body(FreshProofBody) },
    responses: { 200: json(RecoveryCodesReply), ...refusals },
  }),
  passkeyProofOptions: createRoute({
    method: 'post', path: '/account/passkeys/proof-options', summary: 'Options for a passkey’s answer that confirms a change to the second factor',
    ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(PasskeyOptionsReply), ...refusals },
  }),
  passkeyRegisterOptions: createRoute({
    method: 'post', path: '/account/passkeys/options', summary: 'Options to add a passkey for this site', ...access('user'), middleware: [requireUser] as const,
    responses: { 200: json(PasskeyOptionsReply), ...refusals },
  }),
  registerPasskey: createRoute({
    method: 'post', path: '/account/passkeys', summary: 'Adds the passkey the browser made', ...access('user'), middleware: [requireUser] as const,
    request: { body: body(PasskeyRegisterBody) },
    responses: { 200: json(PasskeyReply), ...refusals },
  }),
  removePasskey: createRoute({
    method: 'delete', path: '/account/passkeys/{id}', summary: 'Removes one of the account’s passkeys, with a fresh proof of the second factor', ...access('user'),
    middleware: [requireUser, proofLimits] as const,
    request: { params: PasskeyParams, body: body(FreshProofBody) },
    hook: unknownInPath(TWOFA_MSG.passkeyUnknown),
    responses: { 200: json(StatusReplySchema), ...refusals },
  }),
};

export const secondFactor = router()
  .openapi(routes.secondFactor, async (c) => {
    const outcome = await completeSecondFactor(deps(c), c.req.valid('json'));
    if (outcome.kind === 'refused') return c.json({ status: 'failed' as const, message: TWOFA_MSG.secondFactorWrong }, 401);
    if (outcome.kind === 'expired') return c.json({ status: 'failed' as const, message: TWOFA_MSG.secondFactorExpired }, 401);
    return signedIn(c, outcome);
  })
  .openapi(routes.passkeyOptions, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await passkeySignInOptions(deps(c)) }, 200);
  })
  .openapi(routes.passkeySignIn, async (c) => {
    const { response, remember } = c.req.valid('json');
    const outcome = await passkeySignIn(deps(c), response, remember);
    if (outcome.kind === 'refused') return c.json({ status: 'failed' as const, message: TWOFA_MSG.passkeySignInFailed }, 401);
    return signedIn(c, outcome);
  })
  .openapi(routes.security, async (c) => c.json({ data: await securityState(deps(c), c.get('user')) }, 200))
  .openapi(routes.startTotp, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await startTotp(deps(c), c.get('user')) }, 200);
  })
  .openapi(routes.confirmTotp, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await confirmTotp(deps(c), c.get('user'), c.req.valid('json').code) }, 200);
  })
  .openapi(routes.removeTotp, async (c) => {
    await removeTotp(deps(c), c.get('user'), c.req.valid('json'));
    return c.json({ status: 'success' as const, message: '' }, 200);
  })
  .openapi(routes.regenerateRecoveryCodes, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await regenerateRecoveryCodes(deps(c), c.get('user'), c.req.valid('json')) }, 200);
  })
  .openapi(routes.passkeyProofOptions, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await passkeyProofOptions(deps(c), c.get('user')) }, 200);
  })
  .openapi(routes.passkeyRegisterOptions, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await passkeyRegistrationOptions(deps(c), c.get('user')) }, 200);
  })
  .openapi(routes.registerPasskey, async (c) => {
    const { response, name } = c.req.valid('json');
    return c.json({ data: await registerPasskey(deps(c), c.get('user'), response, name) }, 200);
  })
  .openapi(routes.removePasskey, async (c) => {
    await removePasskey(deps(c), c.get('user'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: 'success' as const, message: '' }, 200);
  });
