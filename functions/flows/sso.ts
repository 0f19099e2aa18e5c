// Single sign-on from an org's own portal: a short-lived HS256 key signed with the org's own secret names the person.
import { jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import type { Bindings } from '../env';
import { EMAIL_MAX_LENGTH } from '../../src/shared/rules/person';
import { contactEmail } from '../../src/shared/rules/person-schemas';

const SsoClaims = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).pipe(contactEmail()),
  sub: z.string().max(200).optional(),
  given_name: z.string().max(50).optional(),
  family_name: z.string().max(50).optional(),
  first_name: z.string().max(50).optional(),
  last_name: z.string().max(50).optional(),
  org: z.union([z.number(), z.string()]),
  exp: z.number(),
  iat: z.number(),
});
export type SsoClaims = z.infer<typeof SsoClaims>;

/** SSO keys are short-lived: at most 10 minutes between issue and expiry. */
const SSO_MAX_LIFETIME_S = 600;
/** How far in the future `iat` may be (clock jitter between the org's portal and us); later is refused. */
const SSO_IAT_SKEW_S = 5;

/**
 * The org's own single-sign-on secret (`SSO_SECRET_ORG_<id>`), or '' when the org has none: then it has no SSO. There
 * is no shared fallback, so a key signed for one org can never be checked against a secret another org also holds.
 */
export function ssoSecret(env: Bindings, orgId: number): string {
  return env[`SSO_SECRET_ORG_${orgId}`] ?? '';
}

/** Whether verified claims may sign in to `orgId` now: the key names this org, was not issued in the future, and is short-lived. */
export function ssoClaimsFit(claims: { org: number | string; iat: number; exp: number }, orgId: number, nowS: number): boolean {
  return (
    String(claims.org) === String(orgId) &&
    claims.iat <= nowS + SSO_IAT_SKEW_S &&
    claims.exp > claims.iat &&
    claims.exp - claims.iat <= SSO_MAX_LIFETIME_S
  );
}

/** The claims of a key that is signed with the org's secret and fits the org now; null for any other key. */
export async function ssoClaimsOf(env: Bindings, orgId: number, key: string, nowMs: number): Promise<SsoClaims | null> {
  const secret = ssoSecret(env, orgId);
  if (!secret) return null;
  let claims: SsoClaims;
  try {
    const { payload } = await jwtVerify(key, new TextEncoder().encode(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'org'], clockTolerance: 30 });
    const parsed = SsoClaims.safeParse(payload);
    if (!parsed.success) return null;
    claims = parsed.data;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
  return ssoClaimsFit(claims, orgId, Math.floor(nowMs / 1000)) ? claims : null;
}
