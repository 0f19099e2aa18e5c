// Development simulator of Google's OpenID Connect issuer (JWKS + a sign-in page that mints ID tokens).
//
// How the islands use it (the same code works against Google, whose implicit flow answers the same way):
//   1. GET /api/auth/providers gives { google: { enabled, clientId, authorizeUrl } } (here authorizeUrl is
//      "/_sim/google/authorize": same origin as the page).
//   2. The Google button opens a popup and asks POST /api/auth/nonce for a server-issued nonce, then sends the popup to
//        `${authorizeUrl}?client_id=${clientId}&redirect_uri=${encodeURIComponent(location.origin + '/')}`
//        + `&response_type=id_token&scope=openid%20email%20profile&state=${state}&nonce=${nonce}`
//   3. The person enters an email and a name and presses Continue; the simulator redirects the popup to
//        `${redirect_uri}#id_token=<JWT>&state=<state>`
//      (no script runs on these pages: the API's CSP forbids it).
//   4. The opener polls `popup.location.hash` (readable once the popup is back on the site's origin) every 250 ms,
//      checks `state`, closes the popup, and sends the id_token as `googletoken`: POST /api/signIn
//      { jsonSign: { googletoken } } to sign in (the account is created, verified, if new), or
//      POST /api/auth/socialProfile { googletoken } to prefill the sign-up form and then POST /api/signUp
//      { jsonRegister: { googletoken, … } }. Signing in or up spends the token's nonce: the token works once.
// Tests mint tokens over HTTP: POST /_sim/google/token { email, name?, sub?, aud, expires_in?, email_verified?, nonce? }.
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import { serviceUrl, type Bindings } from '../../env';
import { hostName } from '../../db/orgs';
import { sha256Hex } from '../../auth/crypto';
import { escapeHtml } from '../../../src/shared/rules/html-text';
import { access, createRoute, json, media, redirect, refusals, router } from '../../http/route';
import { readByHandler } from './wire';

/** A public key as Google's JWKS publishes it. */
const Jwk = z.looseObject({ kty: z.literal('RSA'), n: z.string(), e: z.string(), kid: z.string(), alg: z.literal('RS256'), use: z.literal('sig') });

interface SimKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: z.infer<typeof Jwk>;
}

// Generated once per isolate, on first use (Workers forbid randomness at global scope).
let keyPromise: Promise<SimKey> | null = null;
function simKey(): Promise<SimKey> {
  keyPromise ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = `sim-${crypto.randomUUID().slice(0, 8)}`;
    return { kid, privateKey, publicJwk: Jwk.parse({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }) };
  })();
  return keyPromise;
}

/** Google's subjects are stable per account: here a number derived from the email. */
export async function simGoogleSubject(email: string): Promise<string> {
  const hex = await sha256Hex(`google:${email.trim().toLowerCase()}`);
  return (BigInt(`0x${hex.slice(0, 15)}`) + 100000000000000000000n).toString();
}

export interface MintRequest {
  email: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  sub?: string;
  aud: string;
  expires_in?: number;
  email_verified?: boolean;
  nonce?: string;
}

export async function mintIdToken(env: Bindings, req: MintRequest): Promise<string> {
  const { kid, privateKey } = await simKey();
  const now = Math.floor(Date.now() / 1000);
  const [first = '', ...rest] = (req.name ?? '').trim().split(/\s+/);
  return new SignJWT({
    email: req.email,
    email_verified: req.email_verified ?? true,
    name: req.name ?? `${req.given_name ?? ''} ${req.family_name ?? ''}`.trim(),
    given_name: req.given_name ?? first,
    family_name: req.family_name ?? rest.join(' '),
    ...(req.nonce ? { nonce: req.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(serviceUrl(env, env.GOOGLE_ISSUER))
    .setAudience(req.aud)
    .setSubject(req.sub ?? (await simGoogleSubject(req.email)))
    .setIssuedAt(now)
    .setExpirationTime(now + (req.expires_in ?? 3600))
    .sign(privateKey);
}

const MintBody = z.object({
  email: z.string().email().max(254),
  name: z.string().max(100).optional(),
  given_name: z.string().max(50).optional(),
  family_name: z.string().max(50).optional(),
  sub: z.string().min(1).max(255).optional(),
  aud: z.string().min(1).max(255),
  expires_in: z.number().int().min(-86400).max(86400).optional(),
  email_verified: z.boolean().optional(),
  nonce: z.string().max(200).optional(),
});

const esc = escapeHtml;

/** The redirect target must be on the host that served the page (no open redirect, even in development). */
export function sameHostRedirect(requestHost: string | undefined, redirectUri: string, requestUrl: string): URL | null {
  try {
    const target = new URL(redirectUri, requestUrl);
    if (!/^https?:$/.test(target.protocol)) return null;
    return hostName(target.host) === hostName(requestHost ?? '') ? target : null;
  } catch {
    return null;
  }
}

/** A plain form (no script, no style: the API's CSP allows neither) that posts back to the simulator. */
export function simSignInPage(opts: { title: string; action: string; hidden: Record<string, string>; note: string }) {
  const hidden = Object.entries(opts.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(opts.title)}</title></head><body><main><h1>${esc(opts.title)}</h1><p>${esc(opts.note)}</p>
<form method="post" action="${esc(opts.action)}">${hidden}
<p><label for="email">Email</label><br><input id="email" name="email" type="email" required autocomplete="email" value="traveller@example.com"></p>
<p><label for="name">Full name</label><br><input id="name" name="name" type="text" required autocomplete="name" value="Sam Traveller"></p>
<p><button type="submit">Continue</button></p></form></main></body></html>`;
}

const AuthorizeQuery = z.object({
  client_id: z.string().min(1).max(255),
  redirect_uri: z.string().min(1).max(2048),
  state: z.string().max(512).default(''),
  nonce: z.string().max(512).default(''),
});

/** The mint's refusal: OAuth's error code and what was wrong. */
export const InvalidRequest = z.object({
  error: z.literal('invalid_request'),
  // A symbol key in a path is written null in JSON.
  issues: z.array(z.looseObject({ code: z.string(), path: z.array(z.union([z.string(), z.number(), z.null()])), message: z.string() })),
});
/** The sign-in pages' refusal (a bad query or form, a redirect to another host): OAuth's error code as plain text. */
export const invalidPage = media('text/plain', z.literal('invalid_request'), 'A missing or bad field, or a redirect_uri on another host');
/** The simulator's sign-in form (Continue), which posts back to the simulator. */
export const SignInForm = z.object({ email: z.string().email().max(254), name: z.string().max(100).default('') });
/** The sign-in page's query refused in the provider's words, not the contract's 400. */
export const refusePage = (result: { success: boolean }, c: { text: (text: 'invalid_request', status: 400) => Response }) => (result.success ? undefined : c.text('invalid_request', 400));

const routes = {
  jwks: createRoute({
    method: 'get', path: '/jwks', summary: 'The issuer’s public keys (JWKS)', ...access('dev'),
    responses: { 200: json(z.object({ keys: z.array(Jwk) })), ...refusals },
  }),
  discovery: createRoute({
    method: 'get', path: '/.well-known/openid-configuration', summary: 'The issuer’s OpenID Connect discovery document', ...access('dev'),
    responses: {
      200: json(z.looseObject({ issuer: z.string(), jwks_uri: z.string(), authorization_endpoint: z.string(), id_token_signing_alg_values_supported: z.array(z.string()) })),
      ...refusals,
    },
  }),
  token: createRoute({
    method: 'post', path: '/token', summary: 'Test hook: mints an ID token for an account', ...access('dev'),
    request: { body: readByHandler('application/json', MintBody, 'The account and the token’s audience, lifetime and nonce') },
    responses: { 200: json(z.object({ id_token: z.string(), token_type: z.literal('Bearer') })), 400: json(InvalidRequest, 'A missing or bad field'), ...refusals },
  }),
  authorize: createRoute({
    method: 'get', path: '/authorize', summary: 'The sign-in page (implicit flow): choose the account', ...access('dev'),
    request: { query: AuthorizeQuery },
    responses: { 200: media('text/html', z.string()), 400: invalidPage, ...refusals },
  }),
  signIn: createRoute({
    method: 'post', path: '/authorize', summary: 'The sign-in page’s Continue: back to redirect_uri with the ID token in the fragment', ...access('dev'),
    request: { body: readByHandler('application/x-www-form-urlencoded', AuthorizeQuery.extend(SignInForm.shape), 'The page’s form: the query’s fields and the account') },
    responses: { 302: redirect('To redirect_uri#id_token=…&state=…&token_type=Bearer'), 400: invalidPage, ...refusals },
  }),
};

export const googleSim = router()
  .openapi(routes.jwks, async (c) => c.json({ keys: [(await simKey()).publicJwk] }, 200))
  .openapi(routes.discovery, (c) => {
    const issuer = serviceUrl(c.env, c.env.GOOGLE_ISSUER);
    return c.json({ issuer, jwks_uri: serviceUrl(c.env, c.env.GOOGLE_JWKS_URL), authorization_endpoint: `${issuer}/authorize`, id_token_signing_alg_values_supported: ['RS256'] }, 200);
  })
  .openapi(routes.token, async (c) => {
    const parsed = MintBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_request' as const, issues: parsed.error.issues }, 400);
    return c.json({ id_token: await mintIdToken(c.env, parsed.data), token_type: 'Bearer' as const }, 200);
  })
  .openapi(
    routes.authorize,
    (c) => {
      const q = c.req.valid('query');
      if (!sameHostRedirect(c.req.header('host'), q.redirect_uri, c.req.url)) return c.text('invalid_request', 400);
      return c.html(
        simSignInPage({
          title: 'Sign in with Google (simulator)',
          action: '/_sim/google/authorize',
          hidden: { client_id: q.client_id, redirect_uri: q.redirect_uri, state: q.state, nonce: q.nonce },
          note: 'Development stand-in for Google: choose the account to sign in with.',
        }),
        200,
      );
    },
    refusePage,
  )
  .openapi(routes.signIn, async (c) => {
    const form = await c.req.parseBody();
    const q = AuthorizeQuery.extend(SignInForm.shape).safeParse(form);
    const target = q.success ? sameHostRedirect(c.req.header('host'), q.data.redirect_uri, c.req.url) : null;
    if (!q.success || !target) return c.text('invalid_request', 400);
    const idToken = await mintIdToken(c.env, { email: q.data.email, name: q.data.name, aud: q.data.client_id, nonce: q.data.nonce || undefined });
    target.hash = new URLSearchParams({ id_token: idToken, state: q.data.state, token_type: 'Bearer' }).toString();
    return c.redirect(target.toString(), 302);
  });
