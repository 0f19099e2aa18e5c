// Development simulator of Cloudflare for SaaS custom hostnames (the API's wire shapes: { success, errors, messages,
// result }) and of the DNS the owners publish their records in. A hostname's ownership turns active once a TXT record
// with its ownership name and value is published, and its certificate once the host is a CNAME to the zone's fallback
// origin (HTTP validation), each when it is read again, as Cloudflare does on its next check.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { access, body, createRoute, json, refusals, router } from '../../http/route';
import { emptyBodyIsEmpty } from './wire';

interface SimHostname {
  id: string;
  hostname: string;
  status: 'pending' | 'active';
  ownership_verification: { type: 'txt'; name: string; value: string };
  ssl: 'pending_validation' | 'active';
  created_at: string;
}

const MODES = ['ok', 'fail', 'timeout', 'malformed'] as const;
let mode: (typeof MODES)[number] = 'ok';
const hostnames = new Map<string, SimHostname>();
/** Every purge the zone was asked for, oldest first (GET /_sim/cloudflare/purges shows them to the tests). */
const purges: { zone: string; tags: string[]; at: string }[] = [];
/** Published TXT records: name → values. */
const txt = new Map<string, Set<string>>();
/** Published CNAME records: name → target. */
const cnames = new Map<string, string>();
/** The zone's fallback origin, the CNAME target of every custom hostname: a host of the platform's own domain. */
const fallbackOrigin = (c: Context<AppEnv>) => `customers.${c.env.PLATFORM_DOMAIN || 'localhost'}`;

const envelope = <T>(result: T) => ({ success: true as const, errors: [], messages: [], result });
const failure = <S extends 401 | 404 | 409 | 500>(c: Context<AppEnv>, status: S, code: number, message: string) =>
  c.json({ success: false as const, errors: [{ code, message }], messages: [], result: null }, status);

function checked(c: Context<AppEnv>, h: SimHostname): SimHostname {
  if (h.status === 'pending' && txt.get(h.ownership_verification.name)?.has(h.ownership_verification.value)) h.status = 'active';
  if (h.ssl === 'pending_validation' && cnames.get(h.hostname) === fallbackOrigin(c)) h.ssl = 'active';
  return h;
}

const wire = (h: SimHostname) => ({
  ...h,
  ssl: { method: 'http' as const, type: 'dv' as const, status: h.ssl },
  verification_errors: [
    ...(h.status === 'active' ? [] : ['custom hostname ownership TXT record not found.']),
    ...(h.ssl === 'active' ? [] : ['custom hostname does not CNAME to this zone.']),
  ],
});

const CreateSchema = z.object({ hostname: z.string().min(1).max(253) }).loose();
const PurgeSchema = z.object({ tags: z.array(z.string().min(1).max(1024)).min(1).max(100) });
const DnsSchema = z.object({ name: z.string().min(1).max(253), type: z.enum(['TXT', 'CNAME']), value: z.string().min(1).max(255) });

/** Cloudflare's API answer: { success, errors, messages, result }. */
const Envelope = <S extends z.ZodType>(result: S) => z.object({ success: z.literal(true), errors: z.array(z.unknown()), messages: z.array(z.unknown()), result });
const Failure = z.object({
  success: z.literal(false),
  errors: z.array(z.object({ code: z.number().int(), message: z.string() })),
  messages: z.array(z.unknown()),
  result: z.null(),
});
/** What every API call may answer before its own work: a wrong token, or the simulator told to fail (mode=malformed answers JSON cut short). */
const apiRefusals = { 401: json(Failure, 'Authentication error'), 500: json(Failure, 'mode=fail: the API is down'), ...refusals } as const;
const Hostname = z.object({
  id: z.string(),
  hostname: z.string(),
  status: z.enum(['pending', 'active']),
  ownership_verification: z.object({ type: z.literal('txt'), name: z.string(), value: z.string() }),
  created_at: z.string(),
  ssl: z.object({ method: z.literal('http'), type: z.literal('dv'), status: z.enum(['active', 'pending_validation']) }),
  verification_errors: z.array(z.string()),
});
const ModeSchema = z.object({ mode: z.enum(MODES) });
const ZoneParams = z.object({ zone: z.string() });
const HostnameParams = ZoneParams.extend({ id: z.string() });

const routes = {
  mode: createRoute({
    method: 'post', path: '/mode', summary: 'Test hook: makes the API answer normally, fail, hang or answer nonsense', ...access('dev'),
    request: { body: body(ModeSchema) },
    responses: { 200: json(ModeSchema), ...refusals },
  }),
  dns: createRoute({
    method: 'post', path: '/dns', summary: 'Test hook: publishes a TXT record (the ownership check reads it) or a CNAME (the certificate’s)', ...access('dev'),
    request: { body: body(DnsSchema) },
    responses: { 200: json(z.object({ data: z.object({ name: z.string(), type: z.enum(['TXT', 'CNAME']), value: z.string() }) })), ...refusals },
  }),
  purges: createRoute({
    method: 'get', path: '/purges', summary: 'Test hook: every purge the zone was asked for, oldest first', ...access('dev'),
    responses: { 200: json(z.object({ data: z.array(z.object({ zone: z.string(), tags: z.array(z.string()), at: z.string() })) })), ...refusals },
  }),
  purge: createRoute({
    method: 'post', path: '/client/v4/zones/{zone}/purge_cache', summary: 'Purges the zone’s cached answers by tag', ...access('dev'),
    request: { params: ZoneParams, body: body(PurgeSchema) },
    responses: { 200: json(Envelope(z.object({ id: z.string() }))), ...apiRefusals },
  }),
  create: createRoute({
    method: 'post', path: '/client/v4/zones/{zone}/custom_hostnames', summary: 'Adds a custom hostname, pending its TXT ownership record', ...access('dev'),
    request: { params: ZoneParams, body: body(CreateSchema) },
    responses: { 200: json(Envelope(Hostname)), 409: json(Failure, 'The hostname is already there'), ...apiRefusals },
  }),
  list: createRoute({
    method: 'get', path: '/client/v4/zones/{zone}/custom_hostnames', summary: 'The custom hostnames, or the one named', ...access('dev'),
    request: { params: ZoneParams, query: z.looseObject({ hostname: z.string().optional() }) },
    responses: {
      200: json(Envelope(z.array(Hostname)).extend({ result_info: z.object({ page: z.number().int(), per_page: z.number().int(), count: z.number().int(), total_count: z.number().int(), total_pages: z.number().int() }) })),
      ...apiRefusals,
    },
  }),
  fallbackOrigin: createRoute({
    method: 'get', path: '/client/v4/zones/{zone}/custom_hostnames/fallback_origin', summary: 'The zone’s fallback origin: the CNAME target of custom hostnames', ...access('dev'),
    request: { params: ZoneParams },
    responses: { 200: json(Envelope(z.object({ origin: z.string(), status: z.literal('active'), errors: z.array(z.string()), created_at: z.string(), updated_at: z.string() }))), ...apiRefusals },
  }),
  get: createRoute({
    method: 'get', path: '/client/v4/zones/{zone}/custom_hostnames/{id}', summary: 'A custom hostname, active once its TXT record is published', ...access('dev'),
    request: { params: HostnameParams },
    responses: { 200: json(Envelope(Hostname)), 404: json(Failure, 'No such hostname'), ...apiRefusals },
  }),
  delete: createRoute({
    method: 'delete', path: '/client/v4/zones/{zone}/custom_hostnames/{id}', summary: 'Removes a custom hostname', ...access('dev'),
    request: { params: HostnameParams },
    responses: { 200: json(Envelope(z.object({ id: z.string() }))), 404: json(Failure, 'No such hostname'), ...apiRefusals },
  }),
};

const api = router();
// A JSON body the declarations validate is read as under /api: an empty one is {}.
api.use(emptyBodyIsEmpty);
api.use('/client/v4/*', async (c, next) => {
  if (c.env.CF_API_TOKEN && c.req.header('authorization') !== `Bearer ${c.env.CF_API_TOKEN}`) return failure(c, 401, 10000, 'Authentication error');
  if (mode === 'fail') return failure(c, 500, 10001, 'Internal server error (simulated)');
  if (mode === 'timeout') await new Promise((r) => setTimeout(r, 9_000));
  if (mode === 'malformed') return c.body('{"success": true, "result": ', 200, { 'content-type': 'application/json' });
  await next();
});

export const cloudflareSim = api
  .openapi(routes.mode, (c) => {
    mode = c.req.valid('json').mode;
    return c.json({ mode }, 200);
  })
  .openapi(routes.dns, (c) => {
    const record = c.req.valid('json');
    const name = record.name.toLowerCase().replace(/\.$/, '');
    if (record.type === 'CNAME') cnames.set(name, record.value.toLowerCase().replace(/\.$/, ''));
    else {
      if (!txt.has(name)) txt.set(name, new Set());
      txt.get(name)!.add(record.value);
    }
    return c.json({ data: { name, type: record.type, value: record.value } }, 200);
  })
  .openapi(routes.purges, (c) => c.json({ data: purges }, 200))
  .openapi(routes.purge, (c) => {
    const { tags } = c.req.valid('json');
    purges.push({ zone: c.req.valid('param').zone, tags, at: new Date().toISOString() });
    if (purges.length > 1000) purges.shift();
    return c.json(envelope({ id: crypto.randomUUID() }), 200);
  })
  .openapi(routes.create, (c) => {
    const host = c.req.valid('json').hostname.toLowerCase();
    if ([...hostnames.values()].some((h) => h.hostname === host)) return failure(c, 409, 1406, 'Duplicate custom hostname found.');
    const h: SimHostname = {
      id: crypto.randomUUID(),
      hostname: host,
      status: 'pending',
      ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${host}`, value: crypto.randomUUID() },
      ssl: 'pending_validation',
      created_at: new Date().toISOString(),
    };
    hostnames.set(h.id, h);
    return c.json(envelope(wire(h)), 200);
  })
  .openapi(routes.list, (c) => {
    // The SDK sends the exact-name filter as a query parameter named after `hostname`.
    const wanted = [...new URL(c.req.url).searchParams].find(([k]) => k.startsWith('hostname'))?.[1]?.toLowerCase();
    const found = [...hostnames.values()].filter((h) => !wanted || h.hostname === wanted).map((h) => wire(checked(c, h)));
    return c.json({ ...envelope(found), result_info: { page: 1, per_page: 50, count: found.length, total_count: found.length, total_pages: 1 } }, 200);
  })
  .openapi(routes.fallbackOrigin, (c) => {
    const at = '2026-01-01T00:00:00Z';
    return c.json(envelope({ origin: fallbackOrigin(c), status: 'active' as const, errors: [], created_at: at, updated_at: at }), 200);
  })
  .openapi(routes.get, (c) => {
    const h = hostnames.get(c.req.valid('param').id);
    return h ? c.json(envelope(wire(checked(c, h))), 200) : failure(c, 404, 1436, 'The custom hostname was not found.');
  })
  .openapi(routes.delete, (c) => {
    const { id } = c.req.valid('param');
    if (!hostnames.delete(id)) return failure(c, 404, 1436, 'The custom hostname was not found.');
    return c.json(envelope({ id }), 200);
  });
