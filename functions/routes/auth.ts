// Sign-in, sign-out, session check, verification, password reset and SSO (docs/contract.md#sessions, docs/contract.md#sign-in, docs/contract.md#email-verification, docs/contract.md#password-reset).
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { badRequest, ErrorBodySchema, unauthorized } from '../errors';
import { readBodyQuietly } from '../http/body';
import { claimVerifyMail, releaseVerifyMail, setPasswordHash, markVerified, userByEmail, userById, userByProvider, type UserRow } from '../db/users';
import { deleteOtherSessions, deleteSessionByHash, deleteUserSessions } from '../db/sessions';
import { spendSsoKey } from '../db/sso-keys';
import { atomically } from '../db/batch';
import { retireTokens, spendEmailToken } from '../db/email-tokens';
import { validAccessCode } from '../db/access-codes';
import { logActivity } from '../db/activity';
import { dummyVerify, hashPassword, verifyPassword } from '../auth/password';
import { randomToken, sha256Hex } from '../auth/crypto';
import { completeSignIn, currentUser, requestToken, sessionOf } from '../http/session';
import { getCookie } from 'hono/cookie';
import { clearSessionCookies, setSsoMark, SSO_MARK_COOKIE, USER_DATA_COOKIE } from '../http/cookies';
import { accountOfIdentity, signInNonceUsable, spendSignInNonce, verifySocialToken } from '../auth/social';
import { insertNonce, purgeOldNonces } from '../db/sign-in-nonces';
import { createAccount, loginResult, providerAccount, sendLinkMail, VERIFY_MAIL_INTERVAL_MS } from '../auth/accounts';
import { clientIp, pepper } from '../http/request';
import { linkMailDeps } from '../http/mailer';
import { requestLog } from '../log';
import { ssoClaimsOf } from '../flows/sso';
import { addressOf, counting, LIMITS, overLimit, rateLimit, validBody, type Rule } from '../http/rate-limit';
import {
  ActivityBody, AuthSignInBody, ChangePasswordBody, CheckLoginSchema, ForgotPasswordBody, MSG, NonceReplySchema, normalizeEmail, ProvidersReplySchema,
  SignInBody, SignInFailureSchema, SignInSuccessSchema, SocialProfileBody, SocialProfileReplySchema, SsoBody, StatusReplySchema, VerifyAccountBody,
  type SignIn,
} from '../../src/shared/contract/auth';
import { z } from 'zod';
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

/** The sign-in of docs/contract.md#sign-in, shared by /api/signIn and /api/auth/signIn. */
async function signIn(c: Context<AppEnv>, body: SignIn) {
  if (body.googletoken || body.fbtoken) return socialSignIn(c, body);
  const db = c.env.DB;
  const org = c.get('org');
  const now = Date.now();
  const ip = clientIp(c);
  const email = normalizeEmail(body.email_id);
  // The attempt was reserved under the email's and the address's limits before this point (signInLimits).
  const row = await userByEmail(db, org.id, email);
  // Unknown emails cost the same hashing as known ones: the answer's time does not reveal which accounts exist.
  const check = row?.password_hash
    ? await verifyPassword(body.password, row.password_hash, pepper(c))
    : { ok: await dummyVerify(body.password, pepper(c)), needsRehash: false };
  if (!row || !check.ok) {
    await logActivity(db, { orgId: org.id, userId: row?.id ?? null, action: 'login_failed', ip, userAgent: c.req.header('user-agent') }).run();
    return invalid(c);
  }
  if (row.verified_at === null) {
    if (await claimVerifyMail(db, row.id, now, VERIFY_MAIL_INTERVAL_MS) && (await sendLinkMail(await linkMailDeps(c), row, 'verify', now))) {
      await releaseVerifyMail(db, row.id, now);
    }
    return c.json({ status: 'failed' as const, message: MSG.verifyFirst }, 403);
  }
  if (check.needsRehash) await setPasswordHash(db, row.id, await hashPassword(body.password, pepper(c))).run();
  const result = await completeSignIn(c, row, { remember: body.remember });
  return c.json({ status: 'success' as const, message: '', result }, 200);
}

/** Google / Facebook sign-in: a verified token signs its account in, creating it (verified) when the org lets anyone join. */
async function socialSignIn(c: Context<AppEnv>, body: SignIn) {
  const db = c.env.DB;
  const org = c.get('org');
  const now = Date.now();
  const provider = body.googletoken ? 'google' : 'facebook';
  const identity = await verifySocialToken(c.env, org, requestLog(c), provider, body.googletoken || body.fbtoken);
  if (!identity || !(await spendSignInNonce(db, org.id, identity))) return invalid(c);
  let row = await accountOfIdentity(db, org.id, identity);
  if (!row) {
    const code = body.accesscode || body.userdetails?.mastercode || '';
    const accessCode = code ? await validAccessCode(db, org.id, code, pepper(c), now) : null;
    if (!identity.email || (org.access_code_required && !accessCode)) return invalid(c);
    const created = await createAccount(
      db,
      org.id,
      providerAccount(org, {
        email: identity.email,
        provider: identity.provider,
        providerSubject: identity.subject,
        firstName: identity.firstName,
        lastName: identity.lastName,
        verified: identity.emailVerified,
        accessCode: accessCode ? code.trim().toUpperCase() : '',
      }),
      { accessCodeId: accessCode?.id ?? null, sendVerify: false },
    );
    if (created.kind === 'created') row = created.row;
    else row = await userByProvider(db, org.id, identity.provider, identity.subject);
    if (!row) return invalid(c);
  }
  const result = await completeSignIn(c, row, { remember: body.remember, action: `login_${provider}` });
  return c.json({ status: 'success' as const, message: '', result }, 200);
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
  200: json(SignInSuccessSchema, 'Signed in (the session cookies are set)'),
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
  .openapi(routes.signIn, async (c) => signIn(c, c.req.valid('json').jsonSign))
  .openapi(routes.authSignIn, async (c) => signIn(c, c.req.valid('json').jsonSingIn))

  .openapi(routes.checkLogin, async (c) => {
    // The body is empty by contract; read whatever came so the connection stays usable.
    await readBodyQuietly(c);
    const { user, wasSso } = await sessionOf(c);
    if (user) {
      // The token stays in its HttpOnly cookie: the check does not hand it to page scripts.
      return c.json({ status: 'success' as const, result: loginResult(user, ''), message: { ssocheck: { is_sso: 0 as const } } }, 200);
    }
    const sso = wasSso || getCookie(c, SSO_MARK_COOKIE) === '1';
    // Said once: the island then leaves for session_out_url, and coming back must not send it there again.
    if (requestToken(c) || getCookie(c, USER_DATA_COOKIE)) clearSessionCookies(c);
    if (getCookie(c, SSO_MARK_COOKIE)) setSsoMark(c, false);
    return c.json({
      status: 'failed' as const,
      message: { ssocheck: { is_sso: sso ? (1 as const) : (0 as const) } },
      session_out_url: sso ? c.get('org').session_out_url : '',
    }, 200);
  })

  /** Which social sign-ins the org offers and where the islands open them (see functions/dev/sim/google.ts). */
  .openapi(routes.providers, (c) => {
    const org = c.get('org');
    const env = c.env as AppEnv['Bindings'] & { GOOGLE_AUTHORIZE_URL?: string; FACEBOOK_AUTHORIZE_URL?: string };
    return c.json({
      data: {
        google: { enabled: org.google_enabled === 1, clientId: org.google_enabled ? org.google_client_id : '', authorizeUrl: env.GOOGLE_AUTHORIZE_URL ?? '' },
        facebook: { enabled: org.facebook_enabled === 1, appId: org.facebook_enabled ? org.facebook_app_id : '', authorizeUrl: env.FACEBOOK_AUTHORIZE_URL ?? '' },
      },
    }, 200);
  })

  /** A nonce for the Google sign-in popup: the ID token must carry it, and signing in (or up) with the token spends it. */
  .openapi(routes.nonce, async (c) => {
    // The body is empty (like checkLogin's); read whatever came so the connection stays usable.
    await c.req.text().catch(() => '');
    const db = c.env.DB;
    const now = Date.now();
    const nonce = randomToken();
    const statements = [insertNonce(db, nonce, c.get('org').id, now)];
    if (Math.random() < 0.05) statements.push(purgeOldNonces(db, now));
    await atomically(db, statements);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { nonce } }, 200);
  })

  /** The verified details behind a social token, to prefill the sign-up form ("COMPLETE YOUR INFORMATION"). */
  .openapi(routes.socialProfile, async (c) => {
    const body = c.req.valid('json');
    const provider = body.googletoken ? ('google' as const) : ('facebook' as const);
    const identity = await verifySocialToken(c.env, c.get('org'), requestLog(c), provider, (body.googletoken || body.fbtoken)!);
    if (!identity || !(await signInNonceUsable(c.env.DB, c.get('org').id, identity))) return invalid(c);
    const account = await userByProvider(c.env.DB, c.get('org').id, identity.provider, identity.subject);
    const byEmail = identity.email ? await userByEmail(c.env.DB, c.get('org').id, identity.email) : null;
    return c.json({
      data: {
        provider,
        email: identity.email,
        email_verified: identity.emailVerified ? (1 as const) : (0 as const),
        first_name: identity.firstName,
        last_name: identity.lastName,
        exists: account || byEmail ? (1 as const) : (0 as const),
      },
    }, 200);
  })

  .openapi(routes.verifyAccount, async (c) => {
    const { token } = c.req.valid('json');
    const ip = clientIp(c);
    const now = Date.now();
    const userId = await spendEmailToken(c.env.DB, 'verify', await sha256Hex(token), c.get('org').id, now);
    if (userId === null) throw badRequest(MSG.linkInvalid);
    await atomically(c.env.DB, [
      markVerified(c.env.DB, userId, now),
      logActivity(c.env.DB, { orgId: c.get('org').id, userId, action: 'email_verified', ip }),
    ]);
    return c.json({ status: 'success' as const, message: MSG.accountVerified }, 200);
  })

  .openapi(routes.forgotPassword, async (c) => {
    const { email_id } = c.req.valid('json');
    const db = c.env.DB;
    const org = c.get('org');
    const now = Date.now();
    const row = await userByEmail(db, org.id, normalizeEmail(email_id));
    // Past the per-address limit nothing more is sent, and the answer stays the same: it never tells whether the account exists.
    if (row && !overLimit(c, LIMITS.forgotEmail)) await sendLinkMail(await linkMailDeps(c), row, 'reset', now);
    return c.json({ status: 'success' as const, message: MSG.forgotPasswordSent }, 200);
  })

  .openapi(routes.changePassword, async (c) => {
    const body = c.req.valid('json');
    const db = c.env.DB;
    const org = c.get('org');
    const now = Date.now();
    const ip = clientIp(c);
    if ('token' in body) {
      const hash = await hashPassword(body.password, pepper(c));
      const userId = await spendEmailToken(db, 'reset', await sha256Hex(body.token), org.id, now);
      if (userId === null) throw badRequest(MSG.linkInvalid);
      // The reset proves the address: it also verifies the account; every session and other reset link ends.
      await atomically(db, [
        setPasswordHash(db, userId, hash),
        markVerified(db, userId, now),
        retireTokens(db, 'reset', userId, now),
        deleteUserSessions(db, userId),
        logActivity(db, { orgId: org.id, userId, action: 'password_reset', ip }),
      ]);
      clearSessionCookies(c);
      return c.json({ status: 'success' as const, message: MSG.passwordChanged }, 200);
    }
    const { user } = await sessionOf(c);
    if (!user) throw unauthorized();
    const row = await userById(db, org.id, user.id);
    const ok = row?.password_hash ? (await verifyPassword(body.current_password, row.password_hash, pepper(c))).ok : await dummyVerify(body.current_password, pepper(c));
    if (!row || !ok) {
      throw badRequest(MSG.currentPasswordWrong, [{ path: 'current_password', message: MSG.currentPasswordWrong }]);
    }
    const hash = await hashPassword(body.password, pepper(c));
    // Other sessions of the account end; this one stays.
    await atomically(db, [
      setPasswordHash(db, row.id, hash),
      deleteOtherSessions(db, row.id, Number(user.sessionId)),
      logActivity(db, { orgId: org.id, userId: row.id, action: 'password_changed', ip }),
    ]);
    return c.json({ status: 'success' as const, message: MSG.passwordChanged }, 200);
  })

  .openapi(routes.sso, async (c) => {
    const { key } = c.req.valid('json');
    const db = c.env.DB;
    const org = c.get('org');
    const now = Date.now();
    const refuse = () => c.json({ status: 'failed' as const, message: MSG.ssoInvalid }, 401);
    const claims = await ssoClaimsOf(c.env, org.id, key, now);
    if (!claims) return refuse();
    // A key signs in once.
    if (!(await spendSsoKey(db, await sha256Hex(key), claims.exp * 1000))) return refuse();
    const email = normalizeEmail(claims.email);
    const subject = claims.sub ?? email;
    let row: UserRow | null = (await userByProvider(db, org.id, 'sso', subject)) ?? (await userByEmail(db, org.id, email));
    if (!row) {
      const created = await createAccount(
        db,
        org.id,
        providerAccount(org, {
          email,
          provider: 'sso',
          providerSubject: subject,
          firstName: (claims.given_name ?? claims.first_name ?? '').trim(),
          lastName: (claims.family_name ?? claims.last_name ?? '').trim(),
          verified: true,
          accessCode: '',
        }),
        { accessCodeId: null, sendVerify: false },
      );
      row = created.kind === 'created' ? created.row : await userByEmail(db, org.id, email);
      if (!row) return refuse();
    } else if (row.verified_at === null) {
      await markVerified(db, row.id, now).run();
    }
    const result = await completeSignIn(c, row, { remember: false, isSso: true, action: 'login_sso' });
    return c.json({ status: 'success' as const, message: '', result }, 200);
  })

  .openapi(routes.logout, async (c) => {
    await readBodyQuietly(c);
    const token = requestToken(c);
    const { user } = await sessionOf(c);
    const db = c.env.DB;
    const statements = [];
    if (token) statements.push(deleteSessionByHash(db, await sha256Hex(token)));
    if (user) statements.push(logActivity(db, { orgId: user.orgId, userId: user.id, action: 'logout', ip: clientIp(c), userAgent: c.req.header('user-agent') }));
    if (statements.length) await atomically(db, statements);
    clearSessionCookies(c);
    return c.json({ status: 'success' as const, message: '' }, 200);
  })

  .openapi(routes.activity, async (c) => {
    const body = c.req.valid('json');
    const { user } = await sessionOf(c);
    if (!user) throw unauthorized();
    if (body.userId !== undefined && body.userId !== null && body.userId !== '' && String(body.userId) !== String(user.id)) {
      throw badRequest('userId is not the signed-in user', [{ path: 'userId', message: 'Not the signed-in user' }]);
    }
    await logActivity(c.env.DB, {
      orgId: user.orgId, userId: user.id, action: body.action, ip: clientIp(c), clientIp: body.ip ?? '', userAgent: c.req.header('user-agent'),
    }).run();
    return c.json({ status: 'success' as const, message: '' }, 200);
  });
