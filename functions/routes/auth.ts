// Sign-in, sign-out, session check, verification, password reset and SSO (docs/contract.md#sessions, docs/contract.md#sign-in, docs/contract.md#email-verification, docs/contract.md#password-reset).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { ErrorBodySchema, unauthorized } from '../errors';
import { readBodyQuietly } from '../http/body';
import { currentUser, requestToken, sessionOf } from '../http/session';
import { clearSessionCookies, setSignInCookies, setSsoMark, SSO_MARK_COOKIE, USER_DATA_COOKIE } from '../http/cookies';
import { clientIp } from '../http/request';
import { deps } from '../http/deps';
import { addressOf, counting, LIMITS, rateLimit, settleAttempt, validBody, type Rule } from '../http/rate-limit';
import {
  issueSignInNonce, loginCheck, recordActivity, signIn, signOut, socialProfile, socialProviders, ssoSignIn, type SignedIn,
} from '../flows/sign-in';
import { changePassword, forgotPassword, verifyAccount } from '../flows/passwords';
import {
  ActivityBody, AuthSignInBody, ChangePasswordBody, CheckLoginSchema, ForgotPasswordBody, MSG, NonceReplySchema, normalizeEmail, ProvidersReplySchema,
  SignInBody, SignInFailureSchema, SignInSuccessSchema, SocialProfileBody, SocialProfileReplySchema, SsoBody, StatusReplySchema, VerifyAccountBody,
  type SignIn,
} from '../../src/shared/contract/auth';
import { z } from 'zod';
import { SecondFactorStepSchema } from '../../src/shared/contract/second-factor';
import { access, body, createRoute, json, refusals, router } from '../http/route';

const invalid = (c: Context<AppEnv>) => c.json({ status: 'failed' as const, message: MSG.invalidCredentials }, 401);

/**
 * Sign-in's limits, reserved before any password work: 5 failures per email and 50 per address in 15 minutes. A
 * refusal (401) counts; a success clears the email's earlier failures; any other answer gives the attempt back.
 */
function signInLimits(signInOf: (c: Context<AppEnv>) => Promise<SignIn | null>) {
  return rateLimit(
    {
      limit: LIMITS.signInEmail,
      shape: 'message',
      settle: counting([401], 'clear'),
      key: async (c) => {
        const body = await signInOf(c);
        return body && !body.googletoken && !body.fbtoken ? `${c.get('org').id}:${normalizeEmail(body.email_id)}` : null;
      },
    },
    { limit: LIMITS.signInIp, shape: 'message', settle: counting([401]), key: async (c) => ((await signInOf(c)) ? clientIp(c) : null) },
  );
}

/** Password changes: a wrong reset link counts against the address, a wrong current password against the account's email. */
const changePasswordLimits: Rule[] = [
  {
    limit: LIMITS.verifyIp,
    settle: counting([400]),
    key: async (c) => {
      const body = await validBody(c, ChangePasswordBody);
      return body && 'token' in body ? clientIp(c) : null;
    },
  },
  {
    limit: LIMITS.signInEmail,
    shape: 'message',
    settle: counting([400]),
    key: async (c) => {
      const body = await validBody(c, ChangePasswordBody);
      if (!body || 'token' in body) return null;
      const user = await currentUser(c);
      return user ? `${c.get('org').id}:${user.email}` : null;
    },
  },
];

/** A session a flow opened: its cookies written, its LoginResult sent. */
function signedIn(c: Context<AppEnv>, outcome: SignedIn) {
  setSignInCookies(c, outcome.session, outcome);
  return c.json({ status: 'success' as const, message: '', result: outcome.session.result }, 200);
}

/** The sign-in of docs/contract.md#sign-in, shared by /api/signIn and /api/auth/signIn. */
async function signInReply(c: Context<AppEnv>, body: SignIn) {
  const outcome = await signIn(deps(c), body);
  if (outcome.kind === 'refused') return invalid(c);
  if (outcome.kind === 'verify-first') return c.json({ status: 'failed' as const, message: MSG.verifyFirst }, 403);
  if (outcome.kind === 'second-factor') {
    // The password was right, but nothing is signed in yet: the attempt is given back without clearing the account's
    // failures, which the second step's wrong codes count toward (routes/second-factor.ts).
    settleAttempt(c, LIMITS.signInEmail, 'refund');
    return c.json({ status: 'second_factor' as const, challenge: outcome.challenge }, 200);
  }
  return signedIn(c, outcome);
}

/** The sign-in family's refusals: `{ status: 'failed', message }` with the status each is sent with. */
const signInRefused = (description: string) => json(SignInFailureSchema, description);

const forgotPasswordLimits = rateLimit(
  { limit: LIMITS.forgotIp, key: addressOf(ForgotPasswordBody) },
  {
    limit: LIMITS.forgotEmail,
    over: 'flag',
    key: async (c) => {
      const body = await validBody(c, ForgotPasswordBody);
      return body ? `${c.get('org').id}:${normalizeEmail(body.email_id)}` : null;
    },
  },
);

const signInResponses = {
  200: json(
    z.union([SignInSuccessSchema, SecondFactorStepSchema]),
    'Signed in (the session cookies are set), or, for an account with a second factor, the challenge of the second step (no session yet)',
  ),
  401: signInRefused('Wrong password, unknown email or a bad social token'),
  403: json(
    z.union([SignInFailureSchema, ErrorBodySchema]),
    'The email is not verified yet (`{ status, message }`; a fresh confirmation email is sent), or a cross-site request (the error shape)',
  ),
  429: signInRefused('Too many attempts (Retry-After)'),
  ...refusals,
} as const;

const routes = {
  signIn: createRoute({
    method: 'post', path: '/signIn', summary: 'Signs in with an email and password or a Google/Facebook token', ...access('none'),
    middleware: [signInLimits(async (c) => (await validBody(c, SignInBody))?.jsonSign ?? null)] as const,
    request: { body: body(SignInBody) },
    responses: signInResponses,
  }),
  authSignIn: createRoute({
    method: 'post', path: '/auth/signIn', summary: 'Signs in (the spec’s second path)', ...access('none'),
    middleware: [signInLimits(async (c) => (await validBody(c, AuthSignInBody))?.jsonSingIn ?? null)] as const,
    request: { body: body(AuthSignInBody) },
    responses: signInResponses,
  }),
  checkLogin: createRoute({
    method: 'post', path: '/auth/checkLogin', summary: 'Whether a session is open (HTTP 200 either way)', ...access('optional'),
    responses: { 200: json(CheckLoginSchema), ...refusals },
  }),
  providers: createRoute({
    method: 'get', path: '/auth/providers', summary: 'The social sign-ins the org offers', ...access('none'),
    responses: { 200: json(ProvidersReplySchema), ...refusals },
  }),
  nonce: createRoute({
    method: 'post', path: '/auth/nonce', summary: 'A nonce for the Google sign-in popup', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.nonceIp, shape: 'error', key: (c) => clientIp(c) })] as const,
    responses: { 200: json(NonceReplySchema), ...refusals },
  }),
  socialProfile: createRoute({
    method: 'post', path: '/auth/socialProfile', summary: 'The verified details behind a social token (to prefill the sign-up form)', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.signInIp, settle: counting([401]), key: addressOf(SocialProfileBody) })] as const,
    request: { body: body(SocialProfileBody) },
    responses: { 200: json(SocialProfileReplySchema), 401: signInRefused('A bad social token'), ...refusals },
  }),
  verifyAccount: createRoute({
    method: 'post', path: '/auth/verifyAccount', summary: 'Verifies the account of an email confirmation link', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.verifyIp, settle: counting([400]), key: addressOf(VerifyAccountBody) })] as const,
    request: { body: body(VerifyAccountBody) },
    responses: { 200: json(StatusReplySchema), ...refusals },
  }),
  forgotPassword: createRoute({
    method: 'post', path: '/auth/forgotPassword', summary: 'Mails a password reset link (the same answer whether or not the account exists)', ...access('none'),
    middleware: [forgotPasswordLimits] as const,
    request: { body: body(ForgotPasswordBody) },
    responses: { 200: json(StatusReplySchema), ...refusals },
  }),
  changePassword: createRoute({
    method: 'post', path: '/auth/changePassword', summary: 'Sets a new password: from a reset link, or signed in with the current one', ...access('optional'),
    middleware: [rateLimit(...changePasswordLimits)] as const,
    request: { body: body(ChangePasswordBody) },
    responses: {
      200: json(StatusReplySchema),
      429: json(z.union([SignInFailureSchema, ErrorBodySchema]), 'Too many attempts (Retry-After): a wrong current password’s `{ status, message }`, a wrong link’s error shape'),
      ...refusals,
    },
  }),
  sso: createRoute({
    method: 'post', path: '/auth/sso', summary: 'Signs in with a single sign-on key (once per key)', ...access('none'),
    middleware: [rateLimit({ limit: LIMITS.signInIp, settle: counting([401]), key: addressOf(SsoBody) })] as const,
    request: { body: body(SsoBody) },
    responses: { 200: json(SignInSuccessSchema, 'Signed in (the session cookies are set)'), 401: signInRefused('An invalid, expired or spent key'), ...refusals },
  }),
  logout: createRoute({
    method: 'post', path: '/iqps/logout', summary: 'Ends the session', ...access('optional'),
    responses: { 200: json(StatusReplySchema), ...refusals },
  }),
  activity: createRoute({
    method: 'post', path: '/iqps/user-fqs', summary: 'Records an activity of the signed-in user', ...access('user'),
    request: { body: body(ActivityBody) },
    responses: { 200: json(StatusReplySchema), ...refusals },
  }),
};

export const auth = router()
  .openapi(routes.signIn, async (c) => signInReply(c, c.req.valid('json').jsonSign))
  .openapi(routes.authSignIn, async (c) => signInReply(c, c.req.valid('json').jsonSingIn))

  .openapi(routes.checkLogin, async (c) => {
    // The body is empty by contract; read whatever came so the connection stays usable.
    await readBodyQuietly(c);
    const { user, wasSso } = await sessionOf(c);
    const check = loginCheck(c.get('org'), user, wasSso || getCookie(c, SSO_MARK_COOKIE) === '1');
    if (check.status === 'success') return c.json(check, 200);
    // Said once: the island then leaves for session_out_url, and coming back must not send it there again.
    if (requestToken(c) || getCookie(c, USER_DATA_COOKIE)) clearSessionCookies(c);
    if (getCookie(c, SSO_MARK_COOKIE)) setSsoMark(c, false);
    return c.json(check, 200);
  })

  .openapi(routes.providers, (c) => c.json({ data: socialProviders(c.get('org'), c.env) }, 200))

  .openapi(routes.nonce, async (c) => {
    // The body is empty (like checkLogin's); read whatever came so the connection stays usable.
    await c.req.text().catch(() => '');
    const nonce = await issueSignInNonce(c.env.DB, c.get('org').id, Date.now());
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { nonce } }, 200);
  })

  /** The verified details behind a social token, to prefill the sign-up form ("COMPLETE YOUR INFORMATION"). */
  .openapi(routes.socialProfile, async (c) => {
    const body = c.req.valid('json');
    const provider = body.googletoken ? ('google' as const) : ('facebook' as const);
    const profile = await socialProfile(deps(c), provider, (body.googletoken || body.fbtoken)!);
    if (!profile) return invalid(c);
    const { identity, exists } = profile;
    return c.json({
      data: {
        provider,
        email: identity.email,
        email_verified: identity.emailVerified ? (1 as const) : (0 as const),
        first_name: identity.firstName,
        last_name: identity.lastName,
        exists: exists ? (1 as const) : (0 as const),
      },
    }, 200);
  })

  .openapi(routes.verifyAccount, async (c) => {
    await verifyAccount(deps(c), c.req.valid('json').token);
    return c.json({ status: 'success' as const, message: MSG.accountVerified }, 200);
  })

  .openapi(routes.forgotPassword, async (c) => {
    await forgotPassword(deps(c), c.req.valid('json').email_id);
    return c.json({ status: 'success' as const, message: MSG.forgotPasswordSent }, 200);
  })

  .openapi(routes.changePassword, async (c) => {
    const change = c.req.valid('json');
    // A reset link needs no session; a change with the current password is the signed-in account's.
    const user = 'token' in change ? null : await currentUser(c);
    if ((await changePassword(deps(c), change, user)) === 'reset') clearSessionCookies(c);
    return c.json({ status: 'success' as const, message: MSG.passwordChanged }, 200);
  })

  .openapi(routes.sso, async (c) => {
    const outcome = await ssoSignIn(deps(c), c.req.valid('json').key);
    if (outcome.kind === 'refused') return c.json({ status: 'failed' as const, message: MSG.ssoInvalid }, 401);
    return signedIn(c, outcome);
  })

  .openapi(routes.logout, async (c) => {
    await readBodyQuietly(c);
    const { user } = await sessionOf(c);
    await signOut(deps(c), user);
    clearSessionCookies(c);
    return c.json({ status: 'success' as const, message: '' }, 200);
  })

  .openapi(routes.activity, async (c) => {
    const activity = c.req.valid('json');
    const { user } = await sessionOf(c);
    if (!user) throw unauthorized();
    await recordActivity(deps(c), user, activity);
    return c.json({ status: 'success' as const, message: '' }, 200);
  });
