// Development-only routes (docs/contract.md#development); app.ts mounts them only when ENVIRONMENT=development.
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { jsonBody, queryOf } from '../validate';
import { listOutbox } from '../db/outbox';
import { ssoSecret } from '../flows/sso';
import { ApiError } from '../errors';
import { doc } from '../http/openapi';
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
import { bumpOrgVersion } from '../db/orgs';

export const dev = new Hono<AppEnv>()
  /** What the console's writers do after a change made by hand in D1 (a theme, labels): the org's caches move on. */
  .post('/org-changed', doc({ body: EmptyBody, devOnly: true, summary: 'Bumps the org\'s version after a change made by hand in D1' }), async (c) => {
    await jsonBody(c, EmptyBody);
    return c.json({ data: { version: await bumpOrgVersion(c.env.DB, c.get('org').id) } });
  })
  /** Every mail the outbox sender "sent", newest last (`?to=` narrows to one recipient). */
  .get('/outbox', doc({ query: OutboxQuery, devOnly: true }), async (c) => {
    const q = queryOf(c, OutboxQuery);
    return c.json({ data: await listOutbox(c.env.DB, q) });
  })
  /** Mints a single-sign-on key for the request's org with the org's own secret, as its portal would (for /login/sso?key=… by hand and in tests). */
  .post('/sso-key', doc({ body: SsoKeyBody, devOnly: true }), async (c) => {
    const body = await jsonBody(c, SsoKeyBody);
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
    return c.json({ data: { key, url: `/login/sso?key=${encodeURIComponent(key)}` } });
  });
