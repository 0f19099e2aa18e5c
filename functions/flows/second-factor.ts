// The second factor (docs/contract.md#the-back-office-second-part, docs/decisions/0067-second-factor.md): a TOTP app
// with ten single-use recovery codes, passkeys bound to the org's host, the sign-in step that asks for one of them, and
// whether an account has one (the org may require it of its admins and agents). Plain values in, an outcome out.
import { TOTP, Secret } from 'otpauth';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { OrgRow } from '../db/orgs';
import { userById, type UserRow } from '../db/users';
import { atomically } from '../db/batch';
import {
  deletePasskey, deleteRecoveryCodes, deleteTotp, factorsOf, insertChallenge, insertPasskey, liveChallenge, passkeyById, passkeysOf,
  purgeOldChallenges, putPendingTotp, replaceRecoveryCodes, spendChallenge, spendRecoveryCode, spendTotpStep, totpOf, touchPasskey,
  type ChallengeKind,
} from '../db/second-factor';
import { base64url, fromBase64url, randomBytes, randomToken, sha256Hex } from '../auth/crypto';
import type { SessionUser } from '../auth/session-user';
import { conflict, notFound, refuse } from '../errors';
import { openSession } from '../auth/accounts';
import { TWOFA_MSG, type FreshProof, type PasskeyEntry, type SecurityState } from '../../src/shared/contract/second-factor';

/** What the second factor needs of the request (functions/http/deps.ts builds it). */
export interface SecondFactorDeps {
  db: D1Database;
  org: OrgRow;
  clock: () => number;
  pepper: string;
  /** The org's site origin (functions/http/request.ts siteOrigin): the passkeys' origin, its host name their relying party. */
  origin: () => Promise<string>;
}

/** What opening a session needs (as functions/flows/sign-in.ts opens one). */
interface SessionDeps {
  ip: string;
  userAgent: string;
  sessionToken: string | null;
  later: (work: Promise<unknown>) => unknown;
}

/** A session opened, in the shape functions/flows/sign-in.ts answers it (the router writes the cookies). */
export interface FactorSignedIn {
  kind: 'signed-in';
  session: Awaited<ReturnType<typeof openSession>>;
  remember: boolean;
  isSso: boolean;
}

async function signInWith(d: SecondFactorDeps & SessionDeps, row: UserRow, remember: boolean, action: string): Promise<FactorSignedIn> {
  const session = await openSession(d.db, row, { remember, action, ip: d.ip, userAgent: d.userAgent, previousToken: d.sessionToken, later: d.later });
  return { kind: 'signed-in', session, remember, isSso: false };
}

/** How long a sign-in waits for its second factor, and a passkey ceremony for its answer. */
export const SECOND_FACTOR_TTL_MS = 5 * 60_000;
export const PASSKEY_TTL_MS = 5 * 60_000;
const RECOVERY_CODES = 10;
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;

export const REFUSED = { kind: 'refused' } as const;

// ---- the TOTP secret, sealed at rest -----------------------------------------------------------------------------

const sealKeys = new Map<string, Promise<CryptoKey>>();
function sealKey(pepper: string): Promise<CryptoKey> {
  let key = sealKeys.get(pepper);
  if (!key) {
    key = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(`totp-seal:${pepper}`))
      .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    sealKeys.set(pepper, key);
  }
  return key;
}

async function seal(pepper: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(pepper), new TextEncoder().encode(secret)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return base64url(out);
}

async function unseal(pepper: string, sealed: string): Promise<string | null> {
  const bytes = fromBase64url(sealed);
  if (!bytes || bytes.length < 13) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await sealKey(pepper), bytes.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

const totpFor = (org: Pick<OrgRow, 'name'>, email: string, base32: string) =>
  new TOTP({ issuer: org.name, label: email, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(base32) });

/** The 30-second step a code was made for (one step either side of now, for clocks that drift), or null. */
function stepOf(totp: TOTP, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/** A recovery code as typed (any case, with or without its dash or spaces) to what is hashed. */
const normalRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const recoveryHash = (pepper: string, code: string) => sha256Hex(`recovery:${pepper}:${normalRecovery(code)}`);

/** Ten codes of ten letters and digits (about 50 bits each), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

// ---- the account's security section ------------------------------------------------------------------------------

/** Whether the account has a second factor: a confirmed TOTP app or a passkey. */
export async function hasSecondFactor(db: D1Database, userId: number): Promise<boolean> {
  const f = await factorsOf(db, userId);
  return f.totp || f.passkeys > 0;
}

export async function securityState(d: Pick<SecondFactorDeps, 'db' | 'org'>, user: Pick<SessionUser, 'id' | 'role'>): Promise<SecurityState> {
  const [factors, passkeys] = await Promise.all([factorsOf(d.db, user.id), passkeysOf(d.db, user.id)]);
  const staff = user.role === 'admin' || user.role === 'agent';
  return {
    totp: factors.totp,
    recovery_codes_left: factors.recoveryLeft,
    passkeys: passkeys.map(passkeyEntry),
    required: staff && d.org.require_2fa_for_staff === 1,
  };
}

const passkeyEntry = (row: { id: string; name: string; created_at: number; last_used_at: number | null }): PasskeyEntry => ({
  id: row.id,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

/** A new TOTP secret to scan (refused while a confirmed one is set: remove it first). */
export async function startTotp(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email'>) {
  const existing = await totpOf(d.db, user.id);
  if (existing?.confirmed_at) throw conflict(TWOFA_MSG.totpAlreadySet);
  const secret = new Secret({ size: 20 }).base32;
  await putPendingTotp(d.db, user.id, await seal(d.pepper, secret), d.clock()).run();
  return { secret, otpauth_url: totpFor(d.org, user.email, secret).toString() };
}

/** Confirms the pending secret with a code from the app: then the ten recovery codes, shown once. */
export async function confirmTotp(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email'>, code: string) {
  const row = await totpOf(d.db, user.id);
  if (!row || row.confirmed_at) throw conflict(TWOFA_MSG.totpNotPending);
  const secret = await unseal(d.pepper, row.secret_sealed);
  const now = d.clock();
  const step = secret ? stepOf(totpFor(d.org, user.email, secret), code, now) : null;
  if (step === null || !(await spendTotpStep(d.db, user.id, step, now, true))) throw refuse('code', TWOFA_MSG.codeWrong);
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => recoveryHash(d.pepper, c)));
  await atomically(d.db, replaceRecoveryCodes(d.db, user.id, hashes));
  return { recovery_codes: codes };
}

/**
 * A fresh proof that the person at the keyboard holds the account's second factor (docs/decisions/0072), asked before
 * one is removed or the recovery codes issued again, so a stolen session alone cannot take the factor away: with an
 * authenticator app, a current code (spent, as at sign-in) or an unused recovery code (spent); with passkeys only, a
 * passkey's answer to a challenge issued to this account. An account without any second factor has nothing to prove.
 * Refused with 400 naming what is needed.
 */
export async function requireFreshProof(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email'>, proof: FreshProof): Promise<void> {
  const factors = await factorsOf(d.db, user.id);
  const now = d.clock();
  if (factors.totp) {
    if (proof.code) {
      const totp = await totpOf(d.db, user.id);
      const secret = totp?.confirmed_at ? await unseal(d.pepper, totp.secret_sealed) : null;
      const step = secret ? stepOf(totpFor(d.org, user.email, secret), proof.code, now) : null;
      if (step === null || !(await spendTotpStep(d.db, user.id, step, now, false))) throw refuse('code', TWOFA_MSG.proofWrong);
      return;
    }
    if (proof.recovery_code) {
      if (!(await spendRecoveryCode(d.db, user.id, await recoveryHash(d.pepper, proof.recovery_code), now))) throw refuse('recovery_code', TWOFA_MSG.proofWrong);
      return;
    }
    throw refuse('code', TWOFA_MSG.proofRequired);
  }
  if (factors.passkeys > 0) {
    if (!proof.passkey) throw refuse('passkey', TWOFA_MSG.proofPasskeyRequired);
    if (!(await verifiedAssertion(d, proof.passkey as AuthenticationResponseJSON, user.id))) throw refuse('passkey', TWOFA_MSG.passkeyRefused);
  }
}

/** Removes the TOTP app and its recovery codes, after a fresh proof (a pending, unconfirmed app needs none). */
export async function removeTotp(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email'>, proof: FreshProof) {
  if (!(await totpOf(d.db, user.id))) throw conflict(TWOFA_MSG.totpNotSet);
  await requireFreshProof(d, user, proof);
  await atomically(d.db, [deleteTotp(d.db, user.id), deleteRecoveryCodes(d.db, user.id)]);
}

/** Ten new recovery codes in place of the old ones (shown once), after a fresh proof; only with an authenticator app. */
export async function regenerateRecoveryCodes(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email'>, proof: FreshProof) {
  if (!(await factorsOf(d.db, user.id)).totp) throw conflict(TWOFA_MSG.totpNotSet);
  await requireFreshProof(d, user, proof);
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => recoveryHash(d.pepper, c)));
  await atomically(d.db, replaceRecoveryCodes(d.db, user.id, hashes));
  return { recovery_codes: codes };
}

// ---- the sign-in's second step -----------------------------------------------------------------------------------

/** A password sign-in of an account with a second factor stops here: a challenge, no session yet. */
export async function startSecondFactor(d: Pick<SecondFactorDeps, 'db' | 'org' | 'clock'>, row: UserRow, remember: boolean) {
  const challenge = randomToken();
  const now = d.clock();
  const statements = [
    insertChallenge(d.db, {
      id: await sha256Hex(challenge), kind: 'second_factor', org_id: d.org.id, user_id: row.id, detail: remember ? '1' : '0', expires_at: now + SECOND_FACTOR_TTL_MS,
    }),
  ];
  if (Math.random() < 0.05) statements.push(purgeOldChallenges(d.db, now));
  await atomically(d.db, statements);
  return { kind: 'second-factor' as const, challenge };
}

/**
 * The second step: a code from the TOTP app (each 30-second code once) or an unused recovery code, then the challenge
 * is spent (once, whatever the concurrency) and the session opened as a password sign-in opens it.
 */
export async function completeSecondFactor(
  d: SecondFactorDeps & SessionDeps,
  input: { challenge: string; code?: string | undefined; recovery_code?: string | undefined },
): Promise<FactorSignedIn | { kind: 'refused' } | { kind: 'expired' }> {
  const now = d.clock();
  const id = await sha256Hex(input.challenge);
  const challenge = await liveChallenge(d.db, id, 'second_factor', d.org.id, now);
  if (!challenge || challenge.user_id === null) return { kind: 'expired' };
  const row = await userById(d.db, d.org.id, challenge.user_id);
  if (!row) return { kind: 'expired' };
  let right = false;
  if (input.code) {
    const totp = await totpOf(d.db, row.id);
    const secret = totp?.confirmed_at ? await unseal(d.pepper, totp.secret_sealed) : null;
    const step = secret ? stepOf(totpFor(d.org, row.email, secret), input.code, now) : null;
    right = step !== null && (await spendTotpStep(d.db, row.id, step, now, false));
  } else if (input.recovery_code) {
    right = await spendRecoveryCode(d.db, row.id, await recoveryHash(d.pepper, input.recovery_code), now);
  }
  if (!right) return REFUSED;
  if (!(await spendChallenge(d.db, id, 'second_factor', d.org.id, now))) return { kind: 'expired' };
  return signInWith(d, row, challenge.detail === '1', 'login_2fa');
}

// ---- passkeys ----------------------------------------------------------------------------------------------------

/** The relying party: the org's origin (never the request's Host) and its host name. */
async function relyingParty(d: Pick<SecondFactorDeps, 'origin'>) {
  const origin = await d.origin();
  return { origin, rpID: new URL(origin).hostname };
}

/** The challenge a ceremony's answer carries (its clientDataJSON), to find and spend what the server issued. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  const bytes = fromBase64url(response.response.clientDataJSON);
  if (!bytes) return null;
  try {
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

async function keepChallenge(d: Pick<SecondFactorDeps, 'db' | 'org' | 'clock'>, kind: ChallengeKind, challenge: string, userId: number | null) {
  await insertChallenge(d.db, {
    id: await sha256Hex(challenge), kind, org_id: d.org.id, user_id: userId, detail: challenge, expires_at: d.clock() + PASSKEY_TTL_MS,
  }).run();
}

/** Options to make a passkey for the signed-in account on the org's host (its own passkeys excluded). */
export async function passkeyRegistrationOptions(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName'>) {
  const { rpID } = await relyingParty(d);
  const existing = await passkeysOf(d.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: d.org.name,
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userID: new TextEncoder().encode(`${d.org.id}:${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: PASSKEY_TTL_MS,
  });
  await keepChallenge(d, 'passkey_register', options.challenge, user.id);
  return options;
}

/** Keeps the passkey the browser made, once its answer proves the challenge, the org's origin and host, and the person. */
export async function registerPasskey(d: SecondFactorDeps, user: Pick<SessionUser, 'id'>, response: RegistrationResponseJSON, name: string): Promise<PasskeyEntry> {
  const challenge = challengeOf(response);
  const now = d.clock();
  const spent = challenge ? await spendChallenge(d.db, await sha256Hex(challenge), 'passkey_register', d.org.id, now) : null;
  if (!spent || spent.user_id !== user.id) throw refuse('response', TWOFA_MSG.passkeyExpired);
  const { origin, rpID } = await relyingParty(d);
  const verified = await verifyRegistrationResponse({
    response, expectedChallenge: spent.detail, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified || !verified.registrationInfo) throw refuse('response', TWOFA_MSG.passkeyRefused);
  const { credential } = verified.registrationInfo;
  const row = {
    id: credential.id, user_id: user.id, org_id: d.org.id, rp_id: rpID, public_key: base64url(credential.publicKey), counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []), name: name.trim() || TWOFA_MSG.defaultPasskeyName, created_at: now,
  };
  try {
    await insertPasskey(d.db, row).run();
  } catch {
    throw conflict(TWOFA_MSG.passkeyExists);
  }
  return passkeyEntry({ ...row, last_used_at: null });
}

/** Removes one of the account's passkeys, after a fresh proof (which may be that very passkey's answer). */
export async function removePasskey(d: SecondFactorDeps, user: Pick<SessionUser, 'id' | 'email'>, id: string, proof: FreshProof) {
  if (!(await passkeysOf(d.db, user.id)).some((p) => p.id === id)) throw notFound(TWOFA_MSG.passkeyUnknown);
  await requireFreshProof(d, user, proof);
  if (!(await deletePasskey(d.db, id, user.id))) throw notFound(TWOFA_MSG.passkeyUnknown);
}

/** Options for a passkey's answer that proves, before a change, that the signed-in person holds one of their passkeys. */
export async function passkeyProofOptions(d: SecondFactorDeps, user: Pick<SessionUser, 'id'>) {
  const passkeys = await passkeysOf(d.db, user.id);
  if (!passkeys.length) throw notFound(TWOFA_MSG.passkeyUnknown);
  const { rpID } = await relyingParty(d);
  const options = await generateAuthenticationOptions({
    rpID, userVerification: 'required', timeout: PASSKEY_TTL_MS,
    allowCredentials: passkeys.filter((p) => p.rp_id === rpID).map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as never })),
  });
  await keepChallenge(d, 'passkey_sign_in', options.challenge, user.id);
  return options;
}

/** Options to sign in with a passkey on the org's host (any of its accounts': the authenticator offers its own). */
export async function passkeySignInOptions(d: SecondFactorDeps) {
  const { rpID } = await relyingParty(d);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: PASSKEY_TTL_MS });
  await keepChallenge(d, 'passkey_sign_in', options.challenge, null);
  return options;
}

/**
 * A passkey's answer verified: the challenge spent once and issued for `userId` (null: a sign-in's, for anyone), the
 * credential one of this org's made for this host (and the account's, for a proof), the signature verified with the
 * person verified. The passkey row, its counter moved on; null when any of it fails.
 */
async function verifiedAssertion(d: SecondFactorDeps, response: AuthenticationResponseJSON, userId: number | null) {
  const challenge = challengeOf(response);
  const now = d.clock();
  const spent = challenge ? await spendChallenge(d.db, await sha256Hex(challenge), 'passkey_sign_in', d.org.id, now) : null;
  if (!spent || spent.user_id !== userId) return null;
  const { origin, rpID } = await relyingParty(d);
  const passkey = await passkeyById(d.db, response.id, d.org.id);
  if (!passkey || passkey.rp_id !== rpID || (userId !== null && passkey.user_id !== userId)) return null;
  const publicKey = fromBase64url(passkey.public_key);
  if (!publicKey) return null;
  const verified = await verifyAuthenticationResponse({
    response, expectedChallenge: spent.detail, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true,
    credential: { id: passkey.id, publicKey, counter: passkey.counter, transports: JSON.parse(passkey.transports) },
  }).catch(() => null);
  if (!verified?.verified) return null;
  await touchPasskey(d.db, passkey.id, verified.authenticationInfo.newCounter, now).run();
  return passkey;
}

/**
 * Signs in with a passkey: the challenge spent once, the credential one of this org's made for this host, the
 * signature verified with the person verified (a passkey is the password and the second factor at once).
 */
export async function passkeySignIn(
  d: SecondFactorDeps & SessionDeps,
  response: AuthenticationResponseJSON,
  remember: boolean,
): Promise<FactorSignedIn | { kind: 'refused' }> {
  const passkey = await verifiedAssertion(d, response, null);
  if (!passkey) return REFUSED;
  const row = await userById(d.db, d.org.id, passkey.user_id);
  if (!row || row.verified_at === null) return REFUSED;
  return signInWith(d, row, remember, 'login_passkey');
}
