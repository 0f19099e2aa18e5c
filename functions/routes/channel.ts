// Channel managers (docs/contract.md#rooms-rates-and-availability, docs/decisions/0058-ota-xml.md): the OpenTravel
// endpoint they push rates and availability to with HTTP Basic credentials, and the console's routes that make, list
// and revoke those credentials. Thin: read the request, hand plain values to flows/channel.ts, answer.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { clientIp, pepper } from '../http/request';
import { counting, LIMITS, rateLimit } from '../http/rate-limit';
import { requireRole } from '../http/require-role';
import {
  basicCredentials, createChannelCredential, listChannelCredentials, receivePush, revokeChannelCredential, tooManyFailedLogins, type ChannelAnswer,
} from '../flows/channel';
import {
  ChannelCredentialCreatedSchema, ChannelCredentialRevokedSchema, ChannelCredentialSchema, ChannelUsernameSchema, CHANNEL_MAX_BYTES,
} from '../../src/shared/contract/channel';
import { OPS_MSG } from '../../src/shared/contract/console-messages';
import { access, createRoute, dataOf, json, media, refusals, router, unknownInPath } from '../http/route';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgIdOf = (c: C) => c.get('org').id;

/** An OpenTravel answer: the request's …RS (OTA_ErrorRS when no message could be named), with <Success/> or <Errors>. */
const ota = (description: string) => media('application/xml', z.string(), description);

/** An OpenTravel answer as sent: 401 asks for Basic credentials, 503 to send again; never kept by a cache. */
function otaReply(c: C, answer: ChannelAnswer) {
  if (answer.status === 401) c.header('WWW-Authenticate', 'Basic realm="channel manager", charset="UTF-8"');
  if (answer.status === 503) c.header('Retry-After', '1');
  c.header('Cache-Control', 'no-store');
  return c.body(answer.xml, answer.status, { 'Content-Type': 'application/xml; charset=utf-8' });
}

/**
 * Wrong credentials per address: 20 in 15 minutes (docs/decisions/0012). A push with Basic credentials reserves an
 * attempt before the password is checked; a 401 keeps it, any other answer gives it back. Over the limit the push is
 * answered 429 in OpenTravel's <Errors> with Retry-After, its credentials unchecked and nothing applied.
 */
const failedLogins = rateLimit({
  limit: LIMITS.channelLoginIp,
  settle: counting([401]),
  key: (c) => (basicCredentials(c.req.header('authorization')) ? clientIp(c) : null),
});
const loginLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const refused = await failedLogins(c, next);
  if (!refused) return;
  const retryAfter = Number(refused.headers.get('Retry-After')) || 1;
  c.header('Retry-After', String(retryAfter));
  return otaReply(c, tooManyFailedLogins(await c.req.text(), new Date(), retryAfter));
};

const OTA_BODY = z.string().describe('An OTA_HotelAvailNotifRQ or OTA_HotelRateAmountNotifRQ (OpenTravel 2003/05), bare or in a SOAP body');

const routes = {
  push: createRoute({
    method: 'post', path: '/channel/ota',
    summary: 'A channel manager pushes rates and availability (OpenTravel 2003/05 XML, HTTP Basic): the whole message applies or none of it (audited)',
    ...access('channel'),
    middleware: [loginLimit] as const,
    request: {
      headers: z.object({ authorization: z.string().optional().describe('Basic credentials made in the console (POST /api/admin/channel-credentials)') }),
      body: {
        content: { ...media('application/xml', OTA_BODY).content, ...media('text/xml', OTA_BODY).content },
        required: true,
        description: `At most ${CHANNEL_MAX_BYTES / 1024 / 1024} MiB`,
      },
    },
    responses: {
      200: ota('The …RS with <Success/>: every change applied'),
      400: ota('The …RS with <Errors>: malformed XML, a missing or wrong attribute, an unknown hotel, room or rate code, a hotel imported from a bed bank (its ARI is the supplier’s), a body over the limit; nothing applied'),
      401: ota('Missing, wrong or revoked credentials (WWW-Authenticate: Basic)'),
      415: ota('The body is not application/xml or text/xml'),
      429: ota('Too many wrong credentials from this address lately: nothing was checked or applied (Retry-After)'),
      503: ota('The changes could not be saved and none was applied: send again (Retry-After)'),
      ...refusals,
    },
  }),
  credentials: createRoute({
    method: 'get', path: '/channel-credentials', summary: 'The org’s channel manager credentials (never their passwords)', ...access('admin'),
    responses: { 200: json(dataOf(z.array(ChannelCredentialSchema))), ...refusals },
  }),
  createCredential: createRoute({
    method: 'post', path: '/channel-credentials', summary: 'Makes a username and password for a channel manager: the password is shown this once (audited)', ...access('admin'),
    responses: { 201: json(dataOf(ChannelCredentialCreatedSchema), 'Made'), ...refusals },
  }),
  revokeCredential: createRoute({
    method: 'delete', path: '/channel-credentials/{username}', summary: 'Revokes a channel manager’s credentials (audited)', ...access('admin'),
    request: { params: z.object({ username: ChannelUsernameSchema }) },
    responses: { 200: json(dataOf(ChannelCredentialRevokedSchema)), ...refusals },
  }),
};

/** The OpenTravel endpoint: no session; the credentials name the org. */
export const channel = router().openapi(routes.push, async (c) => {
  const answer = await receivePush(
    { db: c.env.DB, pepper: pepper(c), now: new Date() },
    { authorization: c.req.valid('header').authorization, contentType: c.req.header('content-type'), body: await c.req.text() },
  );
  return otaReply(c, answer);
});

const guarded = router();
guarded.use('*', requireRole('admin'));

/** The console's side (/api/admin/channel-credentials): the org's admins only. */
export const channelCredentials = guarded
  .openapi(routes.credentials, async (c) => c.json({ data: await listChannelCredentials(c.env.DB, orgIdOf(c)) }, 200))
  .openapi(routes.createCredential, async (c) => c.json({ data: await createChannelCredential(c.env.DB, orgIdOf(c), actorOf(c), pepper(c)) }, 201))
  .openapi(
    routes.revokeCredential,
    async (c) => c.json({ data: await revokeChannelCredential(c.env.DB, orgIdOf(c), actorOf(c), c.req.valid('param').username) }, 200),
    unknownInPath(OPS_MSG.noSuchChannelCredential),
  );
