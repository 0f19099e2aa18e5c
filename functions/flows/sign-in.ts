// Signing in and out (docs/contract.md#sign-in, docs/contract.md#sessions): a password, a Google or Facebook token or a
// single sign-on key opens a session; the session check, the social sign-ins on offer, the Google popup's nonce, the
// details behind a social token, sign-out and the client's activity log. Plain values in, an outcome out: the router
// writes the cookies and the reply.
import type { Bindings } from '../env';
import { badRequest } from '../errors';
import type { OrgRow } from '../db/orgs';
import { claimVerifyMail, markVerified, releaseVerifyMail, setPasswordHash, userByEmail, userByProvider, type UserRow } from '../db/users';
import { deleteSessionByHash } from '../db/sessions';
import { spendSsoKey } from '../db/sso-keys';
import { atomically } from '../db/batch';
import { validAccessCode } from '../db/access-codes';
import { logActivity } from '../db/activity';
import { insertNonce, purgeOldNonces } from '../db/sign-in-nonces';
import { dummyVerify, hashPassword, verifyPassword } from '../auth/password';
import { randomToken, sha256Hex } from '../auth/crypto';
import { accountOfIdentity, signInNonceUsable, spendSignInNonce } from '../auth/social';
import { createAccount, loginResult, openSession, providerAccount, sendLinkMail, VERIFY_MAIL_INTERVAL_MS, type LinkMailDeps } from '../auth/accounts';
import type { SessionUser } from '../auth/session-user';
import type { ProviderIdentity } from '../outside/identity';
import { ssoClaimsOf } from './sso';
import { hasSecondFactor, startSecondFactor } from './second-factor';
import { normalizeEmail, type SignIn } from '../../src/shared/contract/auth';

/** What signing in needs of the request (functions/http/deps.ts builds it). */
export interface SignInDeps {
  db: D1Database;
  org: OrgRow;
  clock: () => number;
  pepper: string;
  ip: string;
  userAgent: string;
  identity: (provider: 'google' | 'facebook', token: string) => Promise<ProviderIdentity | null>;
  linkMail: () => Promise<LinkMailDeps>;
  sessionToken: string | null;
  later: (work: Promise<unknown>) => unknown;
}

/** A session opened: what the reply carries, what the cookies carry, and how long they last. */
export interface SignedIn {
  kind: 'signed-in';
  session: Awaited<ReturnType<typeof openSession>>;
  remember: boolean;
  isSso: boolean;
}

/** A password sign-in of an account with a second factor: no session yet, the challenge of the second step. */
export interface SecondFactorNeeded {
  kind: 'second-factor';
  challenge: string;
}

export type SignInOutcome = SignedIn | SecondFactorNeeded | { kind: 'refused' } | { kind: 'verify-first' };

const REFUSED = { kind: 'refused' } as const;

/**
 * Signs `row` in: a new session (the request's own, if any, ended) and the sign-in logged. Returns what the router
 * writes into the session cookies and the reply.
 */
export async function openSessionFor(
  d: Pick<SignInDeps, 'db' | 'ip' | 'userAgent' | 'sessionToken' | 'later'>,
  row: UserRow,
  opts: { remember: boolean; isSso?: boolean; action?: string },
): Promise<SignedIn> {
  const session = await openSession(d.db, row, { ...opts, ip: d.ip, userAgent: d.userAgent, previousToken: d.sessionToken, later: d.later });
  return { kind: 'signed-in', session, remember: opts.remember, isSso: opts.isSso === true };
}

/** The sign-in of docs/contract.md#sign-in (an email and password, or a Google/Facebook token). */
export async function signIn(d: SignInDeps, body: SignIn): Promise<SignInOutcome> {
  if (body.googletoken || body.fbtoken) return socialSignIn(d, body);
  const { db, org } = d;
  const now = d.clock();
  const email = normalizeEmail(body.email_id);
  // The attempt was reserved under the email's and the address's limits before this point (the router's limits).
  const row = await userByEmail(db, org.id, email);
  // Unknown emails cost the same hashing as known ones: the answer's time does not reveal which accounts exist.
  const check = row?.password_hash
    ? await verifyPassword(body.password, row.password_hash, d.pepper)
    : { ok: await dummyVerify(body.password, d.pepper), needsRehash: false };
  if (!row || !check.ok) {
    await logActivity(db, { orgId: org.id, userId: row?.id ?? null, action: 'login_failed', ip: d.ip, userAgent: d.userAgent }).run();
    return REFUSED;
  }
  if (row.verified_at === null) {
    if (await claimVerifyMail(db, row.id, now, VERIFY_MAIL_INTERVAL_MS) && (await sendLinkMail(await d.linkMail(), row, 'verify', now))) {
      await releaseVerifyMail(db, row.id, now);
    }
    return { kind: 'verify-first' };
  }
  if (check.needsRehash) await setPasswordHash(db, row.id, await hashPassword(body.password, d.pepper)).run();
  // An account with a second factor is not signed in by its password alone (docs/decisions/0067-second-factor.md).
  if (await hasSecondFactor(db, row.id)) return startSecondFactor(d, row, body.remember);
  return openSessionFor(d, row, { remember: body.remember });
}

/** Google / Facebook sign-in: a verified token signs its account in, creating it (verified) when the org lets anyone join. */
async function socialSignIn(d: SignInDeps, body: SignIn): Promise<SignInOutcome> {
  const { db, org } = d;
  const now = d.clock();
  const provider = body.googletoken ? 'google' : 'facebook';
  const identity = await d.identity(provider, body.googletoken || body.fbtoken);
  if (!identity || !(await spendSignInNonce(db, org.id, identity))) return REFUSED;
  let row = await accountOfIdentity(db, org.id, identity);
  if (!row) {
    const code = body.accesscode || body.userdetails?.mastercode || '';
    const accessCode = code ? await validAccessCode(db, org.id, code, d.pepper, now) : null;
    if (!identity.email || (org.access_code_required && !accessCode)) return REFUSED;
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
    if (!row) return REFUSED;
  }
  if (await hasSecondFactor(db, row.id)) return startSecondFactor(d, row, body.remember);
  return openSessionFor(d, row, { remember: body.remember, action: `login_${provider}` });
}

/** Single sign-on from the org's own portal: a key signed with the org's secret signs its person in, once. */
export async function ssoSignIn(d: SignInDeps & { env: Bindings }, key: string): Promise<SignedIn | { kind: 'refused' }> {
  const { db, org } = d;
  const now = d.clock();
  const claims = await ssoClaimsOf(d.env, org.id, key, now);
  if (!claims) return REFUSED;
  // A key signs in once.
  if (!(await spendSsoKey(db, await sha256Hex(key), claims.exp * 1000))) return REFUSED;
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
    if (!row) return REFUSED;
  } else if (row.verified_at === null) {
    await markVerified(db, row.id, now).run();
  }
  return openSessionFor(d, row, { remember: false, isSso: true, action: 'login_sso' });
}

/**
 * The session check's answer (HTTP 200 either way): the signed-in account without its token (it stays in its HttpOnly
 * cookie), or, signed out, whether the session was a single sign-on and where the org sends such people then.
 */
export function loginCheck(org: Pick<OrgRow, 'session_out_url'>, user: SessionUser | null, wasSso: boolean) {
  if (user) return { status: 'success' as const, result: loginResult(user, ''), message: { ssocheck: { is_sso: 0 as const } } };
  return {
    status: 'failed' as const,
    message: { ssocheck: { is_sso: wasSso ? (1 as const) : (0 as const) } },
    session_out_url: wasSso ? org.session_out_url : '',
  };
}

/** Which social sign-ins the org offers and where the islands open them (see functions/dev/sim/google.ts). */
export function socialProviders(
  org: Pick<OrgRow, 'google_enabled' | 'google_client_id' | 'facebook_enabled' | 'facebook_app_id'>,
  env: Pick<Bindings, 'GOOGLE_AUTHORIZE_URL' | 'FACEBOOK_AUTHORIZE_URL'>,
) {
  return {
    google: { enabled: org.google_enabled === 1, clientId: org.google_enabled ? org.google_client_id : '', authorizeUrl: env.GOOGLE_AUTHORIZE_URL ?? '' },
    facebook: { enabled: org.facebook_enabled === 1, appId: org.facebook_enabled ? org.facebook_app_id : '', authorizeUrl: env.FACEBOOK_AUTHORIZE_URL ?? '' },
  };
}

/** A nonce for the Google sign-in popup: the ID token must carry it, and signing in (or up) with the token spends it. */
export async function issueSignInNonce(db: D1Database, orgId: number, now: number): Promise<string> {
  const nonce = randomToken();
  const statements = [insertNonce(db, nonce, orgId, now)];
  if (Math.random() < 0.05) statements.push(purgeOldNonces(db, now));
  await atomically(db, statements);
  return nonce;
}

/**
 * The verified identity behind a social token, to prefill the sign-up form, and whether an account already has it (by
 * the provider's subject or the email); null for a bad token or a spent nonce. The nonce is not spent here.
 */
export async function socialProfile(
  d: Pick<SignInDeps, 'db' | 'org' | 'identity'>,
  provider: 'google' | 'facebook',
  token: string,
): Promise<{ identity: ProviderIdentity; exists: boolean } | null> {
  const { db, org } = d;
  const identity = await d.identity(provider, token);
  if (!identity || !(await signInNonceUsable(db, org.id, identity))) return null;
  const account = await userByProvider(db, org.id, identity.provider, identity.subject);
  const byEmail = identity.email ? await userByEmail(db, org.id, identity.email) : null;
  return { identity, exists: Boolean(account || byEmail) };
}

/** Ends the request's session, logging the sign-out of its account. */
export async function signOut(d: Pick<SignInDeps, 'db' | 'ip' | 'userAgent' | 'sessionToken'>, user: SessionUser | null): Promise<void> {
  const { db } = d;
  const statements = [];
  if (d.sessionToken) statements.push(deleteSessionByHash(db, await sha256Hex(d.sessionToken)));
  if (user) statements.push(logActivity(db, { orgId: user.orgId, userId: user.id, action: 'logout', ip: d.ip, userAgent: d.userAgent }));
  if (statements.length) await atomically(db, statements);
}

/** Records an activity the client reports for the signed-in user (400 when it names another user). */
export async function recordActivity(
  d: Pick<SignInDeps, 'db' | 'ip' | 'userAgent'>,
  user: Pick<SessionUser, 'id' | 'orgId'>,
  activity: { userId?: number | string | null; ip?: string | null; action: string },
): Promise<void> {
  if (activity.userId !== undefined && activity.userId !== null && activity.userId !== '' && String(activity.userId) !== String(user.id)) {
    throw badRequest('userId is not the signed-in user', [{ path: 'userId', message: 'Not the signed-in user' }]);
  }
  await logActivity(d.db, {
    orgId: user.orgId, userId: user.id, action: activity.action, ip: d.ip, clientIp: activity.ip ?? '', userAgent: d.userAgent,
  }).run();
}
