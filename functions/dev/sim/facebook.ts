// Development simulator of Facebook's login dialog and the Graph endpoints the server calls (debug_token, /me).
//
// The islands use it like the Google simulator (see ./google.ts): a popup on
//   `${authorizeUrl}?client_id=${appId}&redirect_uri=${encodeURIComponent(location.origin + '/')}&response_type=token&state=${state}`
// (authorizeUrl from GET /api/auth/providers, here "/_sim/facebook/dialog/oauth") comes back to
//   `${redirect_uri}#access_token=<token>&expires_in=<s>&state=<state>`
// and the island sends the access token as `fbtoken`. Tests mint tokens over HTTP:
//   POST /_sim/facebook/token { email, name?, id?, app_id, expires_in? } → { access_token }.
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { sha256Hex } from '../../auth/crypto';
import { access, createRoute, json, media, redirect, refusals, router } from '../../http/route';
import { InvalidRequest, invalidPage, refusePage, sameHostRedirect, SignInForm, simSignInPage } from './google';
import { readByHandler } from './wire';

// Access tokens are HS256 JWTs under a key made once per isolate: opaque to clients, checkable here without storage.
let secret: Uint8Array | null = null;
const key = () => (secret ??= crypto.getRandomValues(new Uint8Array(32)));

export async function simFacebookUserId(email: string): Promise<string> {
  const hex = await sha256Hex(`facebook:${email.trim().toLowerCase()}`);
  return (BigInt(`0x${hex.slice(0, 13)}`) + 10000000000000000n).toString();
}

export async function mintAccessToken(req: { email: string; name?: string; id?: string; app_id: string; expires_in?: number }) {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = req.expires_in ?? 3600;
  const token = await new SignJWT({ email: req.email, name: req.name ?? '', app: req.app_id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(req.id ?? (await simFacebookUserId(req.email)))
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(key());
  return { token, expiresIn };
}

interface TokenClaims {
  sub: string;
  email: string;
  name: string;
  app: string;
  exp: number;
}

async function readToken(token: string, ignoreExpiry: boolean): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], ...(ignoreExpiry ? { currentDate: new Date(0) } : {}) });
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}

const MintBody = z.object({
  email: z.string().email().max(254),
  name: z.string().max(100).optional(),
  id: z.string().regex(/^\d{1,20}$/).optional(),
  app_id: z.string().min(1).max(64),
  expires_in: z.number().int().min(-86400).max(86400).optional(),
});

const DialogQuery = z.object({
  client_id: z.string().min(1).max(64),
  redirect_uri: z.string().min(1).max(2048),
  state: z.string().max(512).default(''),
});

const graphError = (message: string) => ({ error: { message, type: 'OAuthException' as const, code: 190 as const } });

/** The Graph API's refusal of a token. */
const GraphError = z.object({ error: z.object({ message: z.string(), type: z.literal('OAuthException'), code: z.literal(190) }) });
const TokenError = z.object({ code: z.literal(190), message: z.string() });
/** What debug_token says of a token: valid for the app, expired, or not a token at all. */
const DebugToken = z.object({
  data: z.union([
    z.object({
      app_id: z.string(), type: z.literal('USER'), application: z.string(), expires_at: z.number().int(), is_valid: z.boolean(), user_id: z.string(),
      scopes: z.array(z.string()), error: TokenError.optional(),
    }),
    z.object({ is_valid: z.literal(false), error: TokenError }),
  ]),
});

const routes = {
  token: createRoute({
    method: 'post', path: '/token', summary: 'Test hook: mints a user access token for an account', ...access('dev'),
    request: { body: readByHandler('application/json', MintBody, 'The account and the app the token is for, and its lifetime') },
    responses: {
      200: json(z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.number().int() })),
      400: json(InvalidRequest, 'A missing or bad field'),
      ...refusals,
    },
  }),
  debugToken: createRoute({
    method: 'get', path: '/debug_token', summary: 'Graph API: what a user access token is, for the app whose token asks', ...access('dev'),
    request: { query: z.object({ input_token: z.string().optional(), access_token: z.string().optional().describe('The app token, <app id>|<secret>') }) },
    responses: { 200: json(DebugToken), 400: json(GraphError, 'No app token'), ...refusals },
  }),
  me: createRoute({
    method: 'get', path: '/me', summary: 'Graph API: the person a user access token belongs to', ...access('dev'),
    request: { query: z.object({ access_token: z.string().optional(), fields: z.string().optional() }) },
    responses: {
      200: json(z.object({ id: z.string(), name: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() })),
      400: json(GraphError, 'Not a valid token'),
      ...refusals,
    },
  }),
  dialog: createRoute({
    method: 'get', path: '/dialog/oauth', summary: 'The login dialog (implicit flow): choose the account', ...access('dev'),
    request: { query: DialogQuery },
    responses: { 200: media('text/html', z.string()), 400: invalidPage, ...refusals },
  }),
  logIn: createRoute({
    method: 'post', path: '/dialog/oauth', summary: 'The login dialog’s Continue: back to redirect_uri with the access token in the fragment', ...access('dev'),
    request: { body: readByHandler('application/x-www-form-urlencoded', DialogQuery.extend(SignInForm.shape), 'The dialog’s form: the query’s fields and the account') },
    responses: { 302: redirect('To redirect_uri#access_token=…&expires_in=…&state=…'), 400: invalidPage, ...refusals },
  }),
};

export const facebookSim = router()
  .openapi(routes.token, async (c) => {
    const parsed = MintBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_request' as const, issues: parsed.error.issues }, 400);
    const { token, expiresIn } = await mintAccessToken(parsed.data);
    return c.json({ access_token: token, token_type: 'bearer' as const, expires_in: expiresIn }, 200);
  })
  .openapi(routes.debugToken, async (c) => {
    const input = c.req.query('input_token') ?? '';
    const appToken = c.req.query('access_token') ?? '';
    const [appId] = appToken.split('|');
    if (!appId) return c.json(graphError('An access token is required to request this resource.'), 400);
    const claims = await readToken(input, true);
    if (!claims) return c.json({ data: { is_valid: false as const, error: { code: 190 as const, message: 'Invalid OAuth access token.' } } }, 200);
    const expired = claims.exp * 1000 <= Date.now();
    return c.json({
      data: {
        app_id: claims.app,
        type: 'USER' as const,
        application: 'Travel Club (simulator)',
        expires_at: claims.exp,
        is_valid: !expired && claims.app === appId,
        user_id: claims.sub,
        scopes: ['email', 'public_profile'],
        ...(expired ? { error: { code: 190 as const, message: 'Error validating access token: Session has expired.' } } : {}),
      },
    }, 200);
  })
  .openapi(routes.me, async (c) => {
    const claims = await readToken(c.req.query('access_token') ?? '', false);
    if (!claims) return c.json(graphError('Invalid OAuth access token.'), 400);
    const [first = '', ...rest] = claims.name.trim().split(/\s+/);
    return c.json({ id: claims.sub, name: claims.name, email: claims.email, first_name: first, last_name: rest.join(' ') }, 200);
  })
  .openapi(
    routes.dialog,
    (c) => {
      const q = c.req.valid('query');
      if (!sameHostRedirect(c.req.header('host'), q.redirect_uri, c.req.url)) return c.text('invalid_request', 400);
      return c.html(
        simSignInPage({
          title: 'Log in with Facebook (simulator)',
          action: '/_sim/facebook/dialog/oauth',
          hidden: { client_id: q.client_id, redirect_uri: q.redirect_uri, state: q.state },
          note: 'Development stand-in for Facebook: choose the account to log in with.',
        }),
        200,
      );
    },
    refusePage,
  )
  .openapi(routes.logIn, async (c) => {
    const form = await c.req.parseBody();
    const q = DialogQuery.extend(SignInForm.shape).safeParse(form);
    const target = q.success ? sameHostRedirect(c.req.header('host'), q.data.redirect_uri, c.req.url) : null;
    if (!q.success || !target) return c.text('invalid_request', 400);
    const { token, expiresIn } = await mintAccessToken({ email: q.data.email, name: q.data.name, app_id: q.data.client_id });
    target.hash = new URLSearchParams({ access_token: token, expires_in: String(expiresIn), state: q.data.state }).toString();
    return c.redirect(target.toString(), 302);
  });
