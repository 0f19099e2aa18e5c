// Development-only routes (docs/contract.md#development); app.ts mounts them only when ENVIRONMENT=development.
import { SignJWT } from 'jose';
import { z } from 'zod';
import { listOutbox } from '../db/outbox';
import { bumpOrgVersion } from '../cache/orgs';
import { ssoSecret } from '../flows/sso';
import { ApiError } from '../errors';
import { access, body, createRoute, dataOf, json, refusals, router } from '../http/route';
import { EMAIL_MAX_LENGTH } from '../../src/shared/rules/person';
import { contactEmail } from '../../src/shared/rules/person-schemas';

const EmptyBody = z.object({}).strict();
const OutboxQuery = z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(1000).optional() });
const SsoKeyBody = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).pipe(contactEmail()),
  first_name: z.string().max(50).optional(),
  last_name: z.string().max(50).optional(),
  sub: z.string().max(200).optional(),
  expires_in: z.number().int().min(-3600).max(3600).optional(),
});

/** A mail as the outbox sender "sent" it. */
const OutboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })).optional(),
  created_at: z.string(),
});

const routes = {
  orgChanged: createRoute({
    method: 'post', path: '/org-changed', summary: 'Bumps the org’s version after a change made by hand in D1', ...access('dev'),
    request: { body: body(EmptyBody) },
    responses: { 200: json(dataOf(z.object({ version: z.number().nullable() }))), ...refusals },
  }),
  outbox: createRoute({
    method: 'get', path: '/outbox', summary: 'Every mail the outbox sender “sent”, newest last (to= narrows to one recipient)', ...access('dev'),
    request: { query: OutboxQuery },
    responses: { 200: json(dataOf(z.array(OutboxMailSchema))), ...refusals },
  }),
  ssoKey: createRoute({
    method: 'post', path: '/sso-key', summary: 'Mints a single-sign-on key for the org with its own secret, as its portal would', ...access('dev'),
    request: { body: body(SsoKeyBody) },
    responses: { 200: json(dataOf(z.object({ key: z.string(), url: z.string() }))), ...refusals },
  }),
};

export const dev = router()
  /** What the console's writers do after a change made by hand in D1 (a theme, labels): the org's caches move on. */
  .openapi(routes.orgChanged, async (c) => c.json({ data: { version: await bumpOrgVersion(c.env.DB, c.get('org').id) } }, 200))
  /** Every mail the outbox sender "sent", newest last (`?to=` narrows to one recipient). */
  .openapi(routes.outbox, async (c) => c.json({ data: await listOutbox(c.env.DB, c.req.valid('query')) }, 200))
  /** Mints a single-sign-on key for the request's org with the org's own secret, as its portal would (for /login/sso?key=… by hand and in tests). */
  .openapi(routes.ssoKey, async (c) => {
    const body = c.req.valid('json');
    const secret = ssoSecret(c.env, c.get('org').id);
    if (!secret) throw new ApiError(404, 'NOT_FOUND', 'This organisation has no single sign-on secret');
    const now = Math.floor(Date.now() / 1000);
    const key = await new SignJWT({
      email: body.email,
      given_name: body.first_name ?? '',
      family_name: body.last_name ?? '',
      org: c.get('org').id,
      ...(body.sub ? { sub: body.sub } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + (body.expires_in ?? 300))
      .sign(new TextEncoder().encode(secret));
    return c.json({ data: { key, url: `/login/sso?key=${encodeURIComponent(key)}` } }, 200);
  });
