// Development simulator of Cloudflare for SaaS custom hostnames (the API's wire shapes: { success, errors, messages,
// result }) and of the DNS the TXT ownership records are published in. A hostname turns active once a TXT record with
// its ownership name and value is published and it is read again, as Cloudflare does on its next check.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { jsonBody } from '../../validate';

interface SimHostname {
  id: string;
  hostname: string;
  status: 'pending' | 'active';
  ownership_verification: { type: 'txt'; name: string; value: string };
  created_at: string;
}

const MODES = ['ok', 'fail', 'timeout', 'malformed'] as const;
let mode: (typeof MODES)[number] = 'ok';
const hostnames = new Map<string, SimHostname>();
/** Every purge the zone was asked for, oldest first (GET /_sim/cloudflare/purges shows them to the tests). */
const purges: { zone: string; tags: string[]; at: string }[] = [];
/** Published TXT records: name → values. */
const txt = new Map<string, Set<string>>();

const envelope = (result: unknown) => ({ success: true, errors: [], messages: [], result });
const failure = (c: Context<AppEnv>, status: 400 | 401 | 404 | 409 | 500, code: number, message: string) =>
  c.json({ success: false, errors: [{ code, message }], messages: [], result: null }, status);

function checked(h: SimHostname): SimHostname {
  if (h.status === 'pending' && txt.get(h.ownership_verification.name)?.has(h.ownership_verification.value)) h.status = 'active';
  return h;
}

const wire = (h: SimHostname) => ({
  ...h,
  ssl: { method: 'txt', type: 'dv', status: h.status === 'active' ? 'active' : 'pending_validation' },
  verification_errors: h.status === 'active' ? [] : ['custom hostname does not CNAME to this zone.'],
});

const CreateSchema = z.object({ hostname: z.string().min(1).max(253) }).loose();
const PurgeSchema = z.object({ tags: z.array(z.string().min(1).max(1024)).min(1).max(100) });
const DnsSchema = z.object({ name: z.string().min(1).max(253), type: z.literal('TXT'), value: z.string().min(1).max(255) });

export const cloudflareSim = new Hono<AppEnv>()
  .post('/mode', async (c) => {
    mode = (await jsonBody(c, z.object({ mode: z.enum(MODES) }))).mode;
    return c.json({ mode });
  })
  .post('/dns', async (c) => {
    const record = await jsonBody(c, DnsSchema);
    const name = record.name.toLowerCase().replace(/\.$/, '');
    if (!txt.has(name)) txt.set(name, new Set());
    txt.get(name)!.add(record.value);
    return c.json({ data: { name, type: 'TXT', value: record.value } });
  })
  .get('/purges', (c) => c.json({ data: purges }))
  .use('/client/v4/*', async (c, next) => {
    if (c.env.CF_API_TOKEN && c.req.header('authorization') !== `Bearer ${c.env.CF_API_TOKEN}`) return failure(c, 401, 10000, 'Authentication error');
    if (mode === 'fail') return failure(c, 500, 10001, 'Internal server error (simulated)');
    if (mode === 'timeout') await new Promise((r) => setTimeout(r, 9_000));
    if (mode === 'malformed') return c.body('{"success": true, "result": ', 200, { 'content-type': 'application/json' });
    await next();
  })
  .post('/client/v4/zones/:zone/purge_cache', async (c) => {
    const { tags } = await jsonBody(c, PurgeSchema);
    purges.push({ zone: c.req.param('zone'), tags, at: new Date().toISOString() });
    if (purges.length > 1000) purges.shift();
    return c.json(envelope({ id: crypto.randomUUID() }));
  })
  .post('/client/v4/zones/:zone/custom_hostnames', async (c) => {
    const { hostname } = await jsonBody(c, CreateSchema);
    const host = hostname.toLowerCase();
    if ([...hostnames.values()].some((h) => h.hostname === host)) return failure(c, 409, 1406, 'Duplicate custom hostname found.');
    const h: SimHostname = {
      id: crypto.randomUUID(),
      hostname: host,
      status: 'pending',
      ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${host}`, value: crypto.randomUUID() },
      created_at: new Date().toISOString(),
    };
    hostnames.set(h.id, h);
    return c.json(envelope(wire(h)));
  })
  .get('/client/v4/zones/:zone/custom_hostnames', (c) => {
    // The SDK sends the exact-name filter as a query parameter named after `hostname`.
    const wanted = [...new URL(c.req.url).searchParams].find(([k]) => k.startsWith('hostname'))?.[1]?.toLowerCase();
    const found = [...hostnames.values()].filter((h) => !wanted || h.hostname === wanted).map((h) => wire(checked(h)));
    return c.json({ ...envelope(found), result_info: { page: 1, per_page: 50, count: found.length, total_count: found.length, total_pages: 1 } });
  })
  .get('/client/v4/zones/:zone/custom_hostnames/:id', (c) => {
    const h = hostnames.get(c.req.param('id'));
    return h ? c.json(envelope(wire(checked(h)))) : failure(c, 404, 1436, 'The custom hostname was not found.');
  })
  .delete('/client/v4/zones/:zone/custom_hostnames/:id', (c) => {
    const id = c.req.param('id');
    if (!hostnames.delete(id)) return failure(c, 404, 1436, 'The custom hostname was not found.');
    return c.json(envelope({ id }));
  });
