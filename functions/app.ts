// Builds the Hono app that serves /api (and, in development, the outside-service simulators).
import { type MiddlewareHandler } from 'hono';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { logEvent } from './log';
import { MSG } from '../src/shared/contract/auth';
import { isRetryableDbError, requestDb } from './db/retry';
import { ApiError, errorBody, NOT_JSON, sendError } from './errors';
import { isDevelopment, type AppEnv } from './env';
import { hostName } from './db/orgs';
import { orgForHost, publishOrgVersionIfMoved, storedVersionOf } from './cache/orgs';
import { API_CSP, applySecurityHeaders, isChannelPush, isLogoUpload, isPhotoUpload, jsonOnly, sameOrigin } from './security';
import { CHANNEL_MAX_BYTES } from '../src/shared/contract/channel';
import { images, productPhotos } from './routes/photos';
import { PHOTO_MAX_BYTES, PHOTO_MSG } from '../src/shared/rules/photos';
import { LOGO_MAX_BYTES, LOGO_MSG } from '../src/shared/rules/logo';
import { adminLogo, logos } from './routes/logos';
import { catalogue } from './routes/catalogue';
import { org } from './routes/org';
import { auth } from './routes/auth';
import { signup } from './routes/signup';
import { profile } from './routes/profile';
import { products } from './routes/products';
import { booking } from './routes/booking';
import { savings } from './routes/savings';
import { referral } from './routes/referral';
import { agent } from './routes/agent';
import { admin } from './routes/admin';
import { adminOps } from './routes/admin-ops';
import { channel, channelCredentials } from './routes/channel';
import { oversizedPush } from './flows/channel';
import { adminInventory } from './routes/admin-inventory';
import { adminInvitations, invitationLinks } from './routes/invitations';
import { links } from './routes/links';
import { shortLinks } from './routes/short-links';
import { enquiries } from './routes/enquiries';
import { dev } from './routes/dev';
import { devWallet } from './routes/dev-wallet';
import { go } from './routes/go';
import { payments } from './routes/payments';
import { openapi } from './routes/openapi';
import { adminReviews, reviews } from './routes/reviews';
import { adminSuppliers } from './routes/suppliers';
import { secondFactor } from './routes/second-factor';
import { secondFactorGate } from './http/second-factor-gate';
import { simulators } from './dev/sim';
import { drainBody } from './lib/body';
import { emptyBodyIsEmptyObject, readBody } from './http/body';

export const MAX_BODY_BYTES = 64 * 1024;
/** What hono's validator throws for a body that is not JSON. */
const MALFORMED_JSON = 'Malformed JSON in request body';
export const DB_UNAVAILABLE = MSG.serviceUnavailable;

const resolveOrg: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('org', await orgForHost(c.env.DB, hostName(c.req.header('host') ?? new URL(c.req.url).host)));
  await next();
};

/**
 * At most MAX_BODY_BYTES of body, with or without Content-Length (chunked): the body is read here, whole, and handed
 * on; a larger one is read to its end and answered 413 in the contract's error shape (docs/decisions/0013).
 */
const limitBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  // A photo upload and a channel manager's OpenTravel message are the larger bodies (docs/decisions/0032-photographs.md,
  // 0058-ota-xml.md).
  const photo = isPhotoUpload(raw.method, new URL(raw.url).pathname);
  const ota = isChannelPush(raw.method, new URL(raw.url).pathname);
  const logo = isLogoUpload(raw.method, new URL(raw.url).pathname);
  const cap = photo ? PHOTO_MAX_BYTES : ota ? CHANNEL_MAX_BYTES : logo ? LOGO_MAX_BYTES : MAX_BODY_BYTES;
  let tooLarge = Number(raw.headers.get('content-length') ?? 0) > cap;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) tooLarge = true;
      if (!tooLarge) chunks.push(value);
    }
  } catch {
    return c.json(errorBody('BAD_REQUEST', 'The request body could not be read'), 400);
  } finally {
    reader.releaseLock();
  }
  if (tooLarge && ota) {
    // The channel manager reads OpenTravel: its refusal is an …RS with <Errors>, as the contract's OTA bullet says (400).
    const answer = oversizedPush(new Date());
    return c.body(answer.xml, answer.status, { 'Content-Type': 'application/xml; charset=utf-8' });
  }
  if (tooLarge) return c.json(errorBody('PAYLOAD_TOO_LARGE', photo ? PHOTO_MSG.tooLarge : logo ? LOGO_MSG.tooLarge : 'The request body is larger than 64 KiB'), 413);
  if (raw.method === 'GET' || raw.method === 'HEAD') return next();
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(raw, { body });
  return next();
};

const api = new OpenAPIHono<AppEnv>();
api.use(limitBody);
// Read the (at most 64 KiB) body before any refusal: answering a request whose body is unread breaks the next
// request on the connection under wrangler dev (workers-sdk#15203). Hono keeps it for the handlers.
api.use(async (c, next) => {
  await readBody(c);
  await emptyBodyIsEmptyObject(c);
  await next();
});
// The payment provider's webhook comes from its servers, not a page: no Origin check (its signature is the check).
const WEBHOOK_PATH = '/api/payments/webhook';
api.use((c, next) => (c.req.path === WEBHOOK_PATH ? next() : sameOrigin(c, next)), jsonOnly);
api.use(resolveOrg);
// The routers in the order they are mounted (the console guards sit between the groups); ApiRoutes below reads the
// same lists, so a router added here is typed for the islands' client at once.
const PUBLIC_ROUTERS = [catalogue, org, auth, signup, profile, products, images, booking, savings, invitationLinks, logos, reviews, secondFactor] as const;
const MEMBER_ROUTERS = [links, referral, agent, payments, enquiries] as const;
const CONSOLE_ROUTERS = [admin, adminOps, productPhotos, adminInventory, channelCredentials, adminInvitations, adminLogo, adminReviews, adminSuppliers] as const;
/**
 * The routers reach the islands' client through ApiRoutes (below), not through `api`'s own type: mounted as plain
 * routers, so the type checker does not compare each router's schema with hono's (a fifth of its time in this file).
 */
const asMounted = (routers: readonly unknown[]) => routers as readonly OpenAPIHono<AppEnv>[];
for (const router of asMounted(PUBLIC_ROUTERS)) api.route('/', router);
// Called by channel managers' servers with HTTP Basic credentials, never by the islands: not in the typed lists.
api.route('/', channel);
// A console change that moved the org's version (settings, theme, labels, domains, going live) is told to the edge
// as soon as it succeeds, so no cached org, labels, theme or page of the old version is served from the next request on.
// A change that did not move it (a short link, a card) purges nothing (issue 33).
api.use('/admin/*', async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const orgId = c.get('org').id;
  const before = await storedVersionOf(c.env.DB, orgId);
  await next();
  if (c.res.status < 400) await publishOrgVersionIfMoved(c.env.DB, orgId, before);
});
// An org that requires a second factor of its staff refuses its admins and agents without one here (decision 0067).
api.use('/admin/*', secondFactorGate);
api.use('/agent/*', secondFactorGate);
// Before the console's router, whose guard admits admins only: these routes also admit marketers (and members).
for (const router of asMounted(MEMBER_ROUTERS)) api.route('/', router);
for (const router of asMounted(CONSOLE_ROUTERS)) api.route('/admin', router);
api.route('/', openapi(() => app));
api.use('/dev/*', async (c, next) => {
  if (!isDevelopment(c.env)) throw new ApiError(404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}`);
  await next();
});
api.route('/dev', dev);
api.route('/dev', devWallet);

export const app = new OpenAPIHono<AppEnv>();
app.use(requestId({ headerName: 'X-Request-Id' }));
// D1 with bounded retries of reads (functions/db/retry.ts); the fault gate injects D1 errors only where ENVIRONMENT is 'faults'.
app.use(async (c, next) => {
  const { db, state } = requestDb(c.env.DB, (name) => c.req.header(name), c.env.ENVIRONMENT === 'faults');
  c.env = { ...c.env, DB: db };
  await next();
  if (state.failures) logEvent(c, state.gaveUp ? 'error' : 'warn', state.gaveUp ? 'db.unavailable' : 'db.retried', { failures: state.failures, retries: state.retries, error: state.lastError });
});
app.use(async (c, next) => {
  await next();
  // An answer sent with the request body still unread drops the connection under wrangler dev (workers-sdk#15203): read it first.
  if (c.req.raw.body && !c.req.raw.bodyUsed) await drainBody(c.req.raw.body);
  applySecurityHeaders(c.res.headers, API_CSP);
  if (c.res.headers.get('content-type') === 'application/json') c.res.headers.set('content-type', 'application/json; charset=utf-8');
});
app.route('/api', api);
app.use('/go/*', resolveOrg);
app.route('/go', go);
app.use('/r/*', resolveOrg);
app.route('/r', shortLinks);
app.use('/_sim/*', async (c, next) => {
  if (!isDevelopment(c.env)) return c.notFound();
  await next();
});
app.route('/_sim', simulators);

app.notFound((c) => c.json(errorBody('NOT_FOUND', `No route ${c.req.method} ${c.req.path}`), 404));
app.onError((err, c) => {
  if (err instanceof ApiError) return sendError(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    // A declared JSON body that does not parse (hono's validator): the contract's own words for it.
    if (status === 400 && err.message === MALFORMED_JSON) return sendError(c, NOT_JSON());
    if (status === 415) return c.json(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'), 415);
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
    return c.json(errorBody(code, err.message || 'Request refused'), status);
  }
  if (isRetryableDbError(err)) {
    // Logged once by the D1 middleware above.
    c.header('Retry-After', '1');
    return c.json(errorBody('UPSTREAM_FAILED', DB_UNAVAILABLE), 503);
  }
  logEvent(c, 'error', 'unhandled', { error: String(err), stack: (err as Error)?.stack });
  return c.json(errorBody('INTERNAL', `Something went wrong (request ${c.get('requestId')})`), 500);
});

export type App = typeof app;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
// Read from OpenAPIHono itself, the routers' own class: inferred from its type arguments, where matching hono's base
// class would compare the two classes member by member for every router (seconds of the type check each).
type SchemaOf<R> = R extends OpenAPIHono<any, infer S, any> ? S : never;
/**
 * A router's routes under the path it is mounted at, one member of its schema at a time: hono's own merge (what
 * `typeof app` would carry) maps a router's union of schemas as a whole and keeps no path (decision 0036).
 */
type Mounted<R, Prefix extends string> = SchemaOf<R> extends infer S
  ? S extends unknown ? { [P in keyof S & string as `${Prefix}${P extends '/' ? '' : P}`]: S[P] } : never
  : never;
/** Every /api route with its inputs and replies as the routers declare them, for the islands' typed client (src/stores/api.ts). */
export type ApiRoutes =
  | Mounted<(typeof PUBLIC_ROUTERS)[number] | (typeof MEMBER_ROUTERS)[number], '/api'>
  | Mounted<(typeof CONSOLE_ROUTERS)[number], '/api/admin'>;
