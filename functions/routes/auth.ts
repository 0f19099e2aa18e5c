// Sign-in, sign-out, session check, verification, password reset and SSO (docs/contract.md#sessions, docs/contract.md#sign-in, docs/contract.md#email-verification, docs/contract.md#password-reset).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { badRequest, unauthorized } from '../errors';
import { jsonBody } from '../validate';
import { readBodyQuietly } from '../lib/body';
import { claimVerifyMail, releaseVerifyMail, setPasswordHash, markVerified, userByEmail, userById, userByProvider, type UserRow } from '../db/users';
import { deleteSessionByHash, deleteUserSessions } from '../db/sessions';
import { retireTokens, spendEmailToken } from '../db/email-tokens';
import { validAccessCode } from '../db/access-codes';
import { logActivity } from '../db/activity';
import { dummyVerify, hashPassword, verifyPassword } from '../auth/password';
import { randomToken, sha256Hex } from '../auth/crypto';
import { currentUser, requestToken, sessionOf, USER_DATA_COOKIE } from '../auth/session';
import { getCookie } from 'hono/cookie';
import { clearSessionCookies, setSsoMark, SSO_MARK_COOKIE } from '../auth/cookies';
import { accountOfIdentity, signInNonceUsable, spendSignInNonce, verifySocialToken } from '../auth/social';
import { insertNonce, purgeOldNonces } from '../db/sign-in-nonces';
import { clientIp, completeSignIn, createAccount, loginResult, pepper, providerAccount, sendLinkMail, VERIFY_MAIL_INTERVAL_MS } from '../auth/accounts';
import { ssoClaimsOf } from '../flows/sso';
import { addressOf, counting, LIMITS, overLimit, rateLimit, validBody, type Rule } from '../http/rate-limit';
import {
  ActivityBody, AuthSignInBody, ChangePasswordBody, CheckLoginSchema, ForgotPasswordBody, MSG, normalizeEmail, SignInBody, SignInFailureSchema,
  SignInSuccessSchema, SsoBody, StatusReplySchema, VerifyAccountBody,
  type SignIn,
} from '../../src/shared/contract/auth';
import { z } from 'zod';
import { doc } from '../http/openapi';

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

const SocialProfileBody = z
  .object({ googletoken: z.string().max(8192).optional(), fbtoken: z.string().max(8192).optional() })
  .refine((v) => Boolean(v.googletoken || v.fbtoken), 'Send googletoken or fbtoken');

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
    if (await claimVerifyMail(db, row.id, now, VERIFY_MAIL_INTERVAL_MS) && (await sendLinkMail(c, row, 'verify', now))) {
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
  const identity = await verifySocialToken(c, provider, body.googletoken || body.fbtoken);
  if (!identity || !(await spendSignInNonce(c, identity))) return invalid(c);
  let row = await accountOfIdentity(c, identity);
  if (!row) {
    const code = body.accesscode || body.userdetails?.mastercode || '';
    const accessCode = code ? await validAccessCode(db, org.id, code, pepper(c), now) : null;
    if (!identity.email || (org.access_code_required && !accessCode)) return invalid(c);
    const created = await createAccount(
      c,
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

export const auth = new Hono<AppEnv>()
  .post('/signIn', doc({ body: SignInBody, reply: SignInSuccessSchema, also: { 401: SignInFailureSchema, 403: SignInFailureSchema, 429: SignInFailureSchema } }), signInLimits(async (c) => (await validBody(c, SignInBody))?.jsonSign ?? null), async (c) => {
    const { jsonSign } = await jsonBody(c, SignInBody);
    return signIn(c, jsonSign);
  })
  .post('/auth/signIn', doc({ body: AuthSignInBody, reply: SignInSuccessSchema, also: { 401: SignInFailureSchema, 403: SignInFailureSchema, 429: SignInFailureSchema } }), signInLimits(async (c) => (await validBody(c, AuthSignInBody))?.jsonSingIn ?? null), async (c) => {
    const { jsonSingIn } = await jsonBody(c, AuthSignInBody);
    return signIn(c, jsonSingIn);
  })

  .post('/auth/checkLogin', doc({ reply: CheckLoginSchema }), async (c) => {
    // The body is empty by contract; read whatever came so the connection stays usable.
    await readBodyQuietly(c);
    const { user, wasSso } = await sessionOf(c);
    if (user) {
      // The token stays in its HttpOnly cookie: the check does not hand it to page scripts.
      return c.json({ status: 'success' as const, result: loginResult(user, ''), message: { ssocheck: { is_sso: 0 as const } } });
    }
    const sso = wasSso || getCookie(c, SSO_MARK_COOKIE) === '1';
    // Said once: the island then leaves for session_out_url, and coming back must not send it there again.
    if (requestToken(c) || getCookie(c, USER_DATA_COOKIE)) clearSessionCookies(c);
    if (getCookie(c, SSO_MARK_COOKIE)) setSsoMark(c, false);
    return c.json({
      status: 'failed' as const,
      message: { ssocheck: { is_sso: sso ? 1 : 0 } },
      session_out_url: sso ? c.get('org').session_out_url : '',
    });
  })

  /** Which social sign-ins the org offers and where the islands open them (see functions/services/sim/google.ts). */
  .get('/auth/providers', doc({ summary: 'The social sign-ins the org offers' }), (c) => {
    const org = c.get('org');
    const env = c.env as AppEnv['Bindings'] & { GOOGLE_AUTHORIZE_URL?: string; FACEBOOK_AUTHORIZE_URL?: string };
    return c.json({
      data: {
        google: { enabled: org.google_enabled === 1, clientId: org.google_enabled ? org.google_client_id : '', authorizeUrl: env.GOOGLE_AUTHORIZE_URL ?? '' },
        facebook: { enabled: org.facebook_enabled === 1, appId: org.facebook_enabled ? org.facebook_app_id : '', authorizeUrl: env.FACEBOOK_AUTHORIZE_URL ?? '' },
      },
    });
  })

  /** A nonce for the Google sign-in popup: the ID token must carry it, and signing in (or up) with the token spends it. */
  .post('/auth/nonce', doc({ summary: 'A nonce for the Google sign-in popup' }), rateLimit({ limit: LIMITS.nonceIp, shape: 'error', key: (c) => clientIp(c) }), async (c) => {
    // The body is empty (like checkLogin's); read whatever came so the connection stays usable.
    await c.req.text().catch(() => '');
    const db = c.env.DB;
    const now = Date.now();
    const nonce = randomToken();
    const statements = [insertNonce(db, nonce, c.get('org').id, now)];
    if (Math.random() < 0.05) statements.push(purgeOldNonces(db, now));
    await db.batch(statements);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { nonce } });
  })

  /** The verified details behind a social token, to prefill the sign-up form ("COMPLETE YOUR INFORMATION"). */
  .post('/auth/socialProfile', doc({ body: SocialProfileBody, also: { 401: SignInFailureSchema } }), rateLimit({ limit: LIMITS.signInIp, settle: counting([401]), key: addressOf(SocialProfileBody) }), async (c) => {
    const body = await jsonBody(c, SocialProfileBody);
    const provider = body.googletoken ? 'google' : 'facebook';
    const identity = await verifySocialToken(c, provider, (body.googletoken || body.fbtoken)!);
    if (!identity || !(await signInNonceUsable(c, identity))) return invalid(c);
    const account = await userByProvider(c.env.DB, c.get('org').id, identity.provider, identity.subject);
    const byEmail = identity.email ? await userByEmail(c.env.DB, c.get('org').id, identity.email) : null;
    return c.json({
      data: {
        provider,
        email: identity.email,
        email_verified: identity.emailVerified ? 1 : 0,
        first_name: identity.firstName,
        last_name: identity.lastName,
        exists: account || byEmail ? 1 : 0,
      },
    });
  })

  .post('/auth/verifyAccount', doc({ body: VerifyAccountBody, reply: StatusReplySchema }), rateLimit({ limit: LIMITS.verifyIp, settle: counting([400]), key: addressOf(VerifyAccountBody) }), async (c) => {
    const { token } = await jsonBody(c, VerifyAccountBody);
    const ip = clientIp(c);
    const now = Date.now();
    const userId = await spendEmailToken(c.env.DB, 'verify', await sha256Hex(token), c.get('org').id, now);
    if (userId === null) throw badRequest(MSG.linkInvalid);
    await c.env.DB.batch([
      markVerified(c.env.DB, userId, now),
      logActivity(c.env.DB, { orgId: c.get('org').id, userId, action: 'email_verified', ip }),
    ]);
    return c.json({ status: 'success' as const, message: MSG.accountVerified });
  })

  .post(
    '/auth/forgotPassword',
    doc({ body: ForgotPasswordBody, reply: StatusReplySchema }),
    rateLimit(
      { limit: LIMITS.forgotIp, key: addressOf(ForgotPasswordBody) },
      {
        limit: LIMITS.forgotEmail,
        over: 'flag',
        key: async (c) => {
          const body = await validBody(c, ForgotPasswordBody);
          return body ? `${c.get('org').id}:${normalizeEmail(body.email_id)}` : null;
        },
      },
    ),
    async (c) => {
      const { email_id } = await jsonBody(c, ForgotPasswordBody);
      const db = c.env.DB;
      const org = c.get('org');
      const now = Date.now();
      const row = await userByEmail(db, org.id, normalizeEmail(email_id));
      // Past the per-address limit nothing more is sent, and the answer stays the same: it never tells whether the account exists.
      if (row && !overLimit(c, LIMITS.forgotEmail)) await sendLinkMail(c, row, 'reset', now);
      return c.json({ status: 'success' as const, message: MSG.forgotPasswordSent });
    },
  )

  .post('/auth/changePassword', doc({ body: ChangePasswordBody, reply: StatusReplySchema }), rateLimit(...changePasswordLimits), async (c) => {
    const body = await jsonBody(c, ChangePasswordBody);
    const db = c.env.DB;
    const org = c.get('org');
    const now = Date.now();
    const ip = clientIp(c);
    if ('token' in body) {
      const hash = await hashPassword(body.password, pepper(c));
      const userId = await spendEmailToken(db, 'reset', await sha256Hex(body.token), org.id, now);
      if (userId === null) throw badRequest(MSG.linkInvalid);
      // The reset proves the address: it also verifies the account; every session and other reset link ends.
      await db.batch([
        setPasswordHash(db, userId, hash),
        markVerified(db, userId, now),
        retireTokens(db, 'reset', userId, now),
        deleteUserSessions(db, userId),
        logActivity(db, { orgId: org.id, userId, action: 'password_reset', ip }),
      ]);
      clearSessionCookies(c);
      return c.json({ status: 'success' as const, message: MSG.passwordChanged });
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
    await db.batch([
      setPasswordHash(db, row.id, hash),
      db.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?').bind(row.id, Number(user.sessionId)),
      logActivity(db, { orgId: org.id, userId: row.id, action: 'password_changed', ip }),
    ]);
    return c.json({ status: 'success' as const, message: MSG.passwordChanged });
  })

  .post('/auth/sso', doc({ body: SsoBody, reply: SignInSuccessSchema, also: { 401: SignInFailureSchema } }), rateLimit({ limit: LIMITS.signInIp, settle: counting([401]), key: addressOf(SsoBody) }), async (c) => {
    const { key } = await jsonBody(c, SsoBody);
    const db = c.env.DB;
    const org = c.get('org');
    const now = Date.now();
    const refuse = async () => c.json({ status: 'failed' as const, message: MSG.ssoInvalid }, 401);
    const claims = await ssoClaimsOf(c.env, org.id, key, now);
    if (!claims) return refuse();
    // A key signs in once.
    const spent = await db
      .prepare('INSERT INTO sso_keys_used (key_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .bind(await sha256Hex(key), claims.exp * 1000)
      .run();
    if (spent.meta.changes !== 1) return refuse();
    const email = normalizeEmail(claims.email);
    const subject = claims.sub ?? email;
    let row: UserRow | null = (await userByProvider(db, org.id, 'sso', subject)) ?? (await userByEmail(db, org.id, email));
    if (!row) {
      const created = await createAccount(
        c,
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
    return c.json({ status: 'success' as const, message: '', result });
  })

  .post('/iqps/logout', doc({ reply: StatusReplySchema }), async (c) => {
    await readBodyQuietly(c);
    const token = requestToken(c);
    const { user } = await sessionOf(c);
    const db = c.env.DB;
    const statements = [];
    if (token) statements.push(deleteSessionByHash(db, await sha256Hex(token)));
    if (user) statements.push(logActivity(db, { orgId: user.orgId, userId: user.id, action: 'logout', ip: clientIp(c), userAgent: c.req.header('user-agent') }));
    if (statements.length) await db.batch(statements);
    clearSessionCookies(c);
    return c.json({ status: 'success' as const, message: '' });
  })

  .post('/iqps/user-fqs', doc({ body: ActivityBody, reply: StatusReplySchema }), async (c) => {
    const body = await jsonBody(c, ActivityBody);
    const { user } = await sessionOf(c);
    if (!user) throw unauthorized();
    if (body.userId !== undefined && body.userId !== null && body.userId !== '' && String(body.userId) !== String(user.id)) {
      throw badRequest('userId is not the signed-in user', [{ path: 'userId', message: 'Not the signed-in user' }]);
    }
    await logActivity(c.env.DB, {
      orgId: user.orgId, userId: user.id, action: body.action, ip: clientIp(c), clientIp: body.ip ?? '', userAgent: c.req.header('user-agent'),
    }).run();
    return c.json({ status: 'success' as const, message: '' });
  });
