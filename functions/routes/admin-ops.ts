// The console's operations (/api/admin/*): custom domains, wallet cards, the org's bookings and its label overrides,
// for the org's admins on the org's own host (docs/decisions/0023-console-operations.md). Thin: validate, flow, reply.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { requireRole } from '../http/require-role';
import { ApiError, notFound } from '../errors';
import { jsonBody, parseWith, queryOf } from '../validate';
import { cloudflareHostnames, HostnameProviderError, type HostnameProvider } from '../outside/hostnames';
import { logEvent } from '../log';
import { addDomain, listDomains, refreshDomain, removeDomain } from '../flows/domains';
import { cards, importCsv, issueOne, spends, voidOne } from '../flows/cards';
import { bookingsCsv, bookingsPage } from '../flows/org-bookings';
import { requestLanguage } from '../http/language';
import { changeLabels, labelsOf } from '../flows/labels';
import {
  BookingsQuerySchema, CardIdSchema, CardIssueSchema, CardsQuerySchema, DomainCreateSchema, HostSchema, IdempotencyKeySchema, LabelsPutSchema,
  LanguageParamSchema, OPS_MSG,
} from '../../src/shared/contract/console-ops';

type C = Context<AppEnv>;
const actorOf = (c: C) => ({ id: c.get('user').id, email: c.get('user').email });
const orgIdOf = (c: C) => c.get('org').id;

/** The domain provider, each failure of it logged once with the request id (the flow answers it 502). */
function hostnames(c: C): HostnameProvider {
  const provider = cloudflareHostnames(c.env);
  const logged =
    <A extends unknown[], T>(op: string, work: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await work(...args);
      } catch (err) {
        if (err instanceof HostnameProviderError && !err.duplicate) logEvent(c, 'error', 'domains.provider_failed', { op, reason: err.message });
        throw err;
      }
    };
  return { create: logged('create', provider.create), get: logged('get', provider.get), find: logged('find', provider.find), remove: logged('remove', provider.remove) };
}

function hostParam(c: C): string {
  const host = HostSchema.safeParse(c.req.param('host'));
  if (!host.success) throw notFound(OPS_MSG.noSuchDomain);
  return host.data;
}

function cardParam(c: C): number {
  const id = CardIdSchema.safeParse(c.req.param('id'));
  if (!id.success) throw notFound(OPS_MSG.noSuchCard);
  return id.data;
}

export const adminOps = new Hono<AppEnv>()
  .use('*', requireRole('admin'))
  .get('/domains', async (c) => c.json({ data: await listDomains(c.env.DB, orgIdOf(c)) }))
  .post('/domains', async (c) => {
    const { host } = await jsonBody(c, DomainCreateSchema);
    return c.json({ data: await addDomain(c.env.DB, hostnames(c), orgIdOf(c), actorOf(c), host, c.env.PLATFORM_DOMAIN || 'localhost') }, 201);
  })
  .post('/domains/:host/refresh', async (c) => c.json({ data: await refreshDomain(c.env.DB, hostnames(c), orgIdOf(c), actorOf(c), hostParam(c)) }))
  .delete('/domains/:host', async (c) => c.json({ data: await removeDomain(c.env.DB, hostnames(c), orgIdOf(c), actorOf(c), hostParam(c)) }))
  .get('/cards', async (c) => {
    const { q, page } = queryOf(c, CardsQuerySchema);
    return c.json(await cards(c.env.DB, orgIdOf(c), q ?? '', page ?? 1));
  })
  .post('/cards', async (c) => c.json({ data: await issueOne(c.env.DB, orgIdOf(c), actorOf(c), await jsonBody(c, CardIssueSchema)) }, 201))
  .post('/cards/import', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/csv') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv');
    const keyHeader = c.req.header('idempotency-key');
    const key = keyHeader === undefined ? undefined : parseWith(IdempotencyKeySchema, keyHeader);
    const result = await importCsv(c.env.DB, orgIdOf(c), actorOf(c), await c.req.text(), key);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ data: { issued: result.issued } }, 201);
  })
  .post('/cards/:id/void', async (c) => c.json({ data: await voidOne(c.env.DB, orgIdOf(c), actorOf(c), cardParam(c)) }))
  .get('/cards/:id/spends', async (c) => c.json({ data: await spends(c.env.DB, orgIdOf(c), cardParam(c)) }))
  .get('/bookings', async (c) => {
    const { from, to, status, page, format } = queryOf(c, BookingsQuerySchema);
    if (format !== 'csv') {
      return c.json(await bookingsPage(c.env.DB, orgIdOf(c), { from, to, status }, page ?? 1, { shown: requestLanguage(c), orgDefault: c.get('org').default_language }));
    }
    const name = ['bookings', c.get('org').id, from ?? 'start', to ?? 'today', status?.toLowerCase()].filter(Boolean).join('-');
    c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(await bookingsCsv(c.env.DB, orgIdOf(c), { from, to, status }), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  })
  .get('/labels/:lang', async (c) => {
    const lang = parseWith(LanguageParamSchema, c.req.param('lang'));
    return c.json({ data: await labelsOf(c.env.DB, orgIdOf(c), lang) });
  })
  .put('/labels/:lang', async (c) => {
    const lang = parseWith(LanguageParamSchema, c.req.param('lang'));
    const texts = await jsonBody(c, LabelsPutSchema);
    return c.json({ data: await changeLabels(c.env.DB, orgIdOf(c), actorOf(c), lang, texts) });
  });
