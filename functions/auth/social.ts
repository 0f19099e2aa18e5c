// Social and single sign-on identities: verifying them for the request's org and finding (or linking) their account.
import type { Bindings } from '../env';
import { ApiError } from '../errors';
import type { Log } from '../log';
import type { OrgRow } from '../db/orgs';
import { IdentityUnavailable, verifyFacebookToken, verifyGoogleIdToken, type IdentityEnv, type ProviderIdentity } from '../outside/identity';
import { deleteUserSessions } from '../db/sessions';
import { atomically } from '../db/batch';
import { clearPasswordHash, linkProvider, markVerified, userByEmail, userById, userByProvider, type UserRow } from '../db/users';
import { nonceUsable, spendNonce } from '../db/sign-in-nonces';

/** The verified identity behind a Google or Facebook token for this org, or null (off for the org, invalid, expired…). */
export async function verifySocialToken(
  env: Bindings,
  org: Pick<OrgRow, 'google_enabled' | 'google_client_id' | 'facebook_enabled' | 'facebook_app_id'>,
  log: Log,
  provider: 'google' | 'facebook',
  token: string,
): Promise<ProviderIdentity | null> {
  try {
    if (provider === 'google') return org.google_enabled ? await verifyGoogleIdToken(env, org.google_client_id, token) : null;
    return org.facebook_enabled ? await verifyFacebookToken(env as Bindings & IdentityEnv, org.facebook_app_id, token) : null;
  } catch (err) {
    if (err instanceof IdentityUnavailable) {
      log('warn', 'identity.provider_unavailable', { provider, error: err.message });
      throw new ApiError(502, 'UPSTREAM_FAILED', 'The sign-in provider could not be reached. Please try again');
    }
    throw err;
  }
}

/**
 * The org's account of this identity: by provider + subject first; else by an email the provider has verified
 * (then the identity is linked to it when the account has none yet, and the address counts as verified).
 */
export async function accountOfIdentity(db: D1Database, orgId: number, identity: ProviderIdentity): Promise<UserRow | null> {
  const bySubject = await userByProvider(db, orgId, identity.provider, identity.subject);
  if (bySubject) return bySubject;
  if (!identity.email || !identity.emailVerified) return null;
  const byEmail = await userByEmail(db, orgId, identity.email);
  if (!byEmail) return null;
  const now = Date.now();
  if (byEmail.provider_subject === null) await linkProvider(db, byEmail.id, identity.provider, identity.subject);
  if (byEmail.verified_at === null) {
    // Nobody proved owning this address before: a password set by whoever registered it must not survive (account
    // pre-hijacking), nor any session.
    await atomically(db, [
      markVerified(db, byEmail.id, now),
      clearPasswordHash(db, byEmail.id),
      deleteUserSessions(db, byEmail.id),
    ]);
  }
  return userById(db, orgId, byEmail.id);
}

/**
 * A Google ID token signs in (or up) only by spending the server-issued nonce it carries, so the same token never signs
 * in twice and a token minted for no sign-in of ours signs in nowhere. Facebook's access tokens carry no nonce.
 */
export async function spendSignInNonce(db: D1Database, orgId: number, identity: ProviderIdentity): Promise<boolean> {
  if (identity.provider !== 'google') return true;
  return identity.nonce !== '' && (await spendNonce(db, identity.nonce, orgId, Date.now()));
}

/** The same check without spending: for the sign-up form's prefill, which comes before the sign-up that spends it. */
export async function signInNonceUsable(db: D1Database, orgId: number, identity: ProviderIdentity): Promise<boolean> {
  if (identity.provider !== 'google') return true;
  return identity.nonce !== '' && (await nonceUsable(db, identity.nonce, orgId, Date.now()));
}
