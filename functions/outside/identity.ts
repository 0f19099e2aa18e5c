// Verifying social sign-in tokens: Google ID tokens (OpenID Connect, against the configured JWKS) and Facebook access
// tokens (the configured Graph debug_token endpoint). Both addresses are configuration, so tests use the /_sim issuers.
import { createRemoteJWKSet, errors, jwtVerify, type FlattenedJWSInput, type JWSHeaderParameters, type JWTPayload } from 'jose';
import { serviceUrl, type Bindings } from '../env';

export interface ProviderIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** Google: the nonce the ID token carries ('' when none); other providers ''. */
  nonce: string;
}

/** The provider could not be asked (network, timeout, 5xx): the caller answers 502, not "invalid". */
export class IdentityUnavailable extends Error {}

export interface IdentityEnv {
  FACEBOOK_APP_SECRET?: string;
}

type KeyGetter = (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;
const jwksByUrl = new Map<string, KeyGetter>();
/**
 * Google's key set, cached. Whatever goes wrong while fetching the keys (a non-200, a timeout, an unreadable or
 * malformed set) is the provider failing, not the token: only "no key fits this token" stays the token's fault.
 */
function jwks(url: string): KeyGetter {
  let get = jwksByUrl.get(url);
  if (!get) {
    const set = createRemoteJWKSet(new URL(url), { timeoutDuration: 3000, cooldownDuration: 30_000, cacheMaxAge: 3600_000 });
    get = async (header, token) => {
      try {
        return await set(header, token);
      } catch (err) {
        if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys || err instanceof errors.JOSENotSupported) throw err;
        throw new IdentityUnavailable(`Google keys unavailable: ${String(err)}`);
      }
    };
    jwksByUrl.set(url, get);
  }
  return get;
}

function splitName(p: { given_name?: unknown; family_name?: unknown; name?: unknown; first_name?: unknown; last_name?: unknown }) {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 50) : '');
  let first = str(p.given_name) || str(p.first_name);
  let last = str(p.family_name) || str(p.last_name);
  if (!first && !last && typeof p.name === 'string') {
    const parts = p.name.trim().split(/\s+/);
    first = parts.shift()?.slice(0, 50) ?? '';
    last = parts.join(' ').slice(0, 50);
  }
  return { firstName: first, lastName: last };
}

/** Issuers Google uses for the same tokens. */
function issuers(configured: string): string[] {
  return configured === 'https://accounts.google.com' ? [configured, 'accounts.google.com'] : [configured];
}

export async function verifyGoogleIdToken(env: Bindings, clientId: string, idToken: string): Promise<ProviderIdentity | null> {
  if (!clientId || idToken.split('.').length !== 3) return null;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks(serviceUrl(env, env.GOOGLE_JWKS_URL)), {
      issuer: issuers(serviceUrl(env, env.GOOGLE_ISSUER)),
      audience: clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: 30,
    }));
  } catch (err) {
    if (err instanceof IdentityUnavailable) throw err;
    if (err instanceof errors.JOSEError) return null;
    throw new IdentityUnavailable(`Google keys unavailable: ${String(err)}`);
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!payload.sub) return null;
  return {
    provider: 'google',
    subject: payload.sub,
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    nonce: typeof payload.nonce === 'string' ? payload.nonce : '',
    ...splitName(payload as Record<string, unknown>),
  };
}

/**
 * One Graph call. A 4xx is Graph refusing the token (the caller answers "invalid"); a 5xx, a timeout or a 200 whose
 * body is not a JSON object is Graph failing (the caller answers 502).
 */
async function graph(url: string): Promise<{ status: number; body: any }> {
  let res: Response;
  let text: string;
  try {
    // One signal covers the connection and reading the whole body.
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(3000) });
    text = await res.text();
  } catch (err) {
    throw new IdentityUnavailable(`Facebook Graph unreachable: ${String(err)}`);
  }
  if (res.status >= 500) throw new IdentityUnavailable(`Facebook Graph answered ${res.status}`);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    if (res.status === 200) throw new IdentityUnavailable('Facebook Graph answered something that is not JSON');
  }
  if (res.status === 200 && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new IdentityUnavailable('Facebook Graph answered an unexpected shape');
  }
  return { status: res.status, body };
}

export async function verifyFacebookToken(env: Bindings & IdentityEnv, appId: string, accessToken: string): Promise<ProviderIdentity | null> {
  if (!appId || !/^[A-Za-z0-9._|-]{10,4096}$/.test(accessToken)) return null;
  const base = serviceUrl(env, env.FACEBOOK_GRAPH_URL).replace(/\/$/, '');
  const appToken = `${appId}|${env.FACEBOOK_APP_SECRET ?? ''}`;
  const debug = await graph(`${base}/debug_token?input_token=${encodeURIComponent(accessToken)}&access_token=${encodeURIComponent(appToken)}`);
  const data = debug.body?.data;
  if (debug.status === 200 && (typeof data !== 'object' || data === null)) throw new IdentityUnavailable('Facebook Graph answered a token check without data');
  if (debug.status !== 200 || !data || data.is_valid !== true || String(data.app_id) !== appId || !data.user_id) return null;
  if (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at * 1000 <= Date.now()) return null;
  const me = await graph(`${base}/me?fields=id,name,email,first_name,last_name&access_token=${encodeURIComponent(accessToken)}`);
  if (me.status !== 200 || !me.body || String(me.body.id) !== String(data.user_id)) return null;
  const email = typeof me.body.email === 'string' ? me.body.email.trim().toLowerCase() : '';
  // Facebook only returns addresses its users have confirmed.
  return { provider: 'facebook', subject: String(data.user_id), email, emailVerified: email !== '', nonce: '', ...splitName(me.body) };
}
