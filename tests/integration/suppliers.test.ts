// The console's suppliers against the Hotelbeds simulator over real HTTP (CONTRACT §18, decision 0068): credentials
// checked when saved and kept sealed (never answered), markup and switch audited; the content import started once
// however many starts race, run in the background to the simulator's test account's 360 hotels, re-run in place, resumed from its
// cursor by the hourly job; and the org's own search left as it was, while details say where a product comes from.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, expectErrorShape, type Client } from './helpers';
import { d1Query, signedInClient, verifiedAccount } from './auth-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { SUPPLIER_MSG } from '../../src/shared/contract/suppliers';

// The simulator's test account: 360 hotels, two import pages (functions/dev/sim/hotelbeds.ts).
const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const SIM_HOTELS = 360;
const IMPORT_TIMEOUT = 240_000;

let host: string;
let orgId: number;
let admin: Client;
let member: Client;
let acmeAdmin: Client;
let ownHotel: number;

const put = (client: Client, body: unknown, supplier = 'hotelbeds') => client.call(`/api/admin/suppliers/${supplier}`, { method: 'PUT', body });
const startImport = (client: Client = admin) => client.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
const importState = async () => (await admin.call('/api/admin/suppliers/hotelbeds/import')).json.data;

async function untilFinished(): Promise<{ status: string; imported: number; total: number | null; error?: string }> {
  for (const started = Date.now(); Date.now() - started < IMPORT_TIMEOUT - 10_000; ) {
    const state = await importState();
    if (state && state.status !== 'running') return state;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the import did not finish in time');
}

const supplierProducts = async () =>
  (await d1Query<{ n: number; codes: number }>(`SELECT COUNT(*) AS n, COUNT(DISTINCT supplier_code) AS codes FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds'`))[0]!;

beforeAll(async () => {
  const slug = `supply-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, default_language) VALUES ('Supply ${slug}', 'en-US'); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone)
       SELECT org_id, 'HLT', 'Casa Própria Lisboa', 'Lisbon', 'PT', 38.72, -9.14, 15000, 'night', 2, 'Europe/Lisbon' FROM org_domains WHERE host = '${host}';
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  await d1Query(DEFAULT_INVENTORY_SQL);
  ownHotel = (await d1Query<{ id: number }>(`SELECT id FROM products WHERE org_id = ${orgId}`))[0]!.id;
  const [a, m] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';`);
  const [sa, sm, acme] = await Promise.all([
    signedInClient(a!.email, a!.password, host),
    signedInClient(m!.email, m!.password, host),
    signedInClient('admin@acme.example.com', 'Admin1!pass', 'acme.localhost'),
  ]);
  admin = sa.client;
  member = sm.client;
  acmeAdmin = acme.client;
}, 120_000);

describe('who may touch the suppliers', () => {
  it('refuses a stranger (401) and a member (403), writing nothing', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/suppliers', undefined],
      ['PUT', '/api/admin/suppliers/hotelbeds', { ...SIM, markup_percent: 10, enabled: true }],
      ['POST', '/api/admin/suppliers/hotelbeds/import', undefined],
      ['GET', '/api/admin/suppliers/hotelbeds/import', undefined],
      ['DELETE', '/api/admin/suppliers/hotelbeds', undefined],
    ] as const) {
      const out = await call(path, { method, body, host });
      expect(out.status, `${method} ${path}: ${out.text}`).toBe(401);
      expect((await member.call(path, { method, body })).status, `${method} ${path}`).toBe(403);
      // Another org's admin, on that org's own host, sees that org's suppliers: never this one's.
      expect((await acmeAdmin.call('/api/admin/suppliers')).text).not.toContain(host);
    }
    expect(await d1Query(`SELECT 1 FROM org_suppliers WHERE org_id = ${orgId}`)).toEqual([]);
  });
});

describe('credentials', () => {
  it('lists the supplier not connected yet, and refuses an import before any credentials (409)', async () => {
    const list = await admin.call('/api/admin/suppliers');
    expect(list.status, list.text).toBe(200);
    expect(list.json.data).toEqual([
      { supplier: 'hotelbeds', configured: false, enabled: false, markup_percent: 0, api_key: null, secret_set: false, hotels: 0, last_import: null },
    ]);
    const r = await startImport();
    expect(r.status, r.text).toBe(409);
    expect(r.json.error.message).toBe(SUPPLIER_MSG.notConnected);
    expect((await admin.call('/api/admin/suppliers/hotelbeds/import')).json).toEqual({ data: null });
  });

  it('refuses credentials the supplier refuses (400, nothing kept), a markup out of range, and an unknown supplier (404)', async () => {
    const wrong = await put(admin, { api_key: 'sim-key', secret: 'not-the-secret', markup_percent: 10, enabled: true });
    expect(wrong.status, wrong.text).toBe(400);
    expectErrorShape(wrong.json, 'BAD_REQUEST');
    expect(wrong.json.error.message).toBe(SUPPLIER_MSG.refused);
    expect(wrong.json.error.issues[0].path).toBe('api_key');
    for (const markup_percent of [-1, 100.5, 12.345, '10']) {
      const r = await put(admin, { ...SIM, markup_percent, enabled: true });
      expect(r.status, `${markup_percent}: ${r.text}`).toBe(400);
      expect(r.json.error.issues[0].path).toBe('markup_percent');
    }
    // A key goes out as a header: a control character or a space in it is refused here, never sent (it cannot be).
    for (const api_key of ['sim\u0000key', 'sim key', 'clé']) {
      const r = await put(admin, { ...SIM, api_key, markup_percent: 10, enabled: true });
      expect(r.status, `${JSON.stringify(api_key)}: ${r.text}`).toBe(400);
      expect(r.json.error.issues[0]).toMatchObject({ path: 'api_key', message: SUPPLIER_MSG.apiKey });
    }
    const first = await put(admin, { api_key: 'sim-key', markup_percent: 10, enabled: true });
    expect(first.status, first.text).toBe(400);
    expect(first.json.error.issues[0]).toMatchObject({ path: 'secret', message: SUPPLIER_MSG.secret });
    expect((await put(admin, { ...SIM, markup_percent: 10, enabled: true }, 'expedia')).status).toBe(404);
    expect(await d1Query(`SELECT 1 FROM org_suppliers WHERE org_id = ${orgId}`)).toEqual([]);
    expect(await d1Query(`SELECT 1 FROM admin_audit WHERE org_id = ${orgId} AND action = 'supplier.update'`)).toEqual([]);
  });

  it('saves the simulator’s credentials once it accepts them: the secret sealed, never answered, and each change audited', async () => {
    const saved = await put(admin, { ...SIM, markup_percent: 12.5, enabled: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toEqual({
      supplier: 'hotelbeds', configured: true, enabled: true, markup_percent: 12.5, api_key: 'sim-small-key', secret_set: true, hotels: 0, last_import: null,
    });
    expect(saved.text).not.toContain('sim-secret');
    const [stored] = await d1Query<{ secret_sealed: string; markup_bps: number; enabled: number }>(`SELECT secret_sealed, markup_bps, enabled FROM org_suppliers WHERE org_id = ${orgId}`);
    expect(stored).toMatchObject({ markup_bps: 1250, enabled: 1 });
    expect(stored!.secret_sealed).not.toContain('sim-secret');
    expect(stored!.secret_sealed).toMatch(/^[A-Za-z0-9_-]{30,}$/);

    // Without a secret the kept one is checked again; the switch and markup change.
    const again = await put(admin, { api_key: 'sim-small-key', markup_percent: 8, enabled: false });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toMatchObject({ enabled: false, markup_percent: 8, secret_set: true });
    const list = await admin.call('/api/admin/suppliers');
    expect(list.json.data[0]).toMatchObject({ configured: true, enabled: false, markup_percent: 8, api_key: 'sim-small-key', secret_set: true });
    expect(list.text).not.toContain('sim-secret');

    const audit = await admin.call('/api/admin/audit?page=1');
    const rows = audit.json.data.filter((r: { action: string }) => r.action === 'supplier.update');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ target: 'supplier:hotelbeds', detail: { before: { markup_percent: 12.5, enabled: true }, after: { markup_percent: 8, enabled: false } } });
    expect(rows[1]).toMatchObject({ detail: { before: null, after: { api_key: 'sim-small-key', markup_percent: 12.5, enabled: true }, secret_changed: true } });
    expect(audit.text).not.toContain('sim-secret');
  });
});

describe('the import', () => {
  it('starts once however many starts race (30 at once: one 202, the rest 409), runs in the background to every hotel', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => startImport()));
    const started = answers.filter((r) => r.status === 202);
    expect(started, answers.map((r) => `${r.status} ${r.text}`).join('\n')).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 202)) {
      expect(r.status, r.text).toBe(409);
      expect(r.json.error.message).toBe(SUPPLIER_MSG.importRunning);
    }
    const jobId = started[0]!.json.data.job_id;
    expect(await d1Query(`SELECT id FROM supplier_imports WHERE org_id = ${orgId}`)).toEqual([{ id: jobId }]);
    expect(await d1Query(`SELECT detail FROM admin_audit WHERE org_id = ${orgId} AND action = 'supplier.import'`)).toEqual([{ detail: JSON.stringify({ job_id: jobId }) }]);

    const finished = await untilFinished();
    expect(finished, JSON.stringify(finished)).toMatchObject({ status: 'done', imported: SIM_HOTELS, total: SIM_HOTELS });
    const state = await importState();
    expect(state.started_at <= state.finished_at).toBe(true);
    expect(await supplierProducts()).toEqual({ n: SIM_HOTELS, codes: SIM_HOTELS });
    const [lisbon] = await d1Query<{ id: number; name: string; city: string; country: string; supplier_code: string; images: string; rooms: number; units: number }>(
      `SELECT p.id, p.name, p.city, p.country, p.supplier_code, p.images, COUNT(r.id) AS rooms, SUM(r.units) AS units
       FROM products p JOIN room_types r ON r.product_id = p.id WHERE p.org_id = ${orgId} AND p.source = 'hotelbeds' AND p.supplier_code = '1' GROUP BY p.id`,
    );
    expect(lisbon!.rooms).toBeGreaterThanOrEqual(2);
    expect(lisbon!.units).toBe(0);
    expect(JSON.parse(lisbon!.images)[0]).toMatch(/^\/api\/images\/[0-9a-f]{64}\/\d+$/);
    const list = await admin.call('/api/admin/suppliers');
    expect(list.json.data[0]).toMatchObject({ hotels: SIM_HOTELS, last_import: { job_id: jobId, status: 'done', imported: SIM_HOTELS } });
  }, IMPORT_TIMEOUT);

  it('a job whose worker died is resumed by the hourly job from its cursor, the pages it does again updated in place, never duplicated', async () => {
    const before = await d1Query<{ id: number; supplier_code: string }>(`SELECT id, supplier_code FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds' ORDER BY id`);
    await d1Query(`UPDATE products SET name = 'Renamed by hand' WHERE org_id = ${orgId} AND source = 'hotelbeds' AND supplier_code IN ('7', '2000')`);
    await d1Query(
      `INSERT INTO supplier_imports (org_id, supplier, status, next_from, imported, total, heartbeat_at) VALUES (${orgId}, 'hotelbeds', 'running', 251, 250, ${SIM_HOTELS}, 0)`,
    );
    expect((await startImport()).status).toBe(409);
    const cron = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
    expect(cron.status).toBeLessThan(500);
    expect(await untilFinished()).toMatchObject({ status: 'done', imported: SIM_HOTELS, total: SIM_HOTELS });
    expect(await supplierProducts()).toEqual({ n: SIM_HOTELS, codes: SIM_HOTELS });
    expect(await d1Query(`SELECT id, supplier_code FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds' ORDER BY id`)).toEqual(before);
    // Hotel 2,000 was in a page done again (updated from the supplier); hotel 7 was before the cursor (not fetched again).
    const renamed = await d1Query<{ supplier_code: string }>(`SELECT supplier_code FROM products WHERE org_id = ${orgId} AND name = 'Renamed by hand'`);
    expect(renamed).toEqual([{ supplier_code: '7' }]);
  }, IMPORT_TIMEOUT);
});

describe('the org’s own products beside the supplier’s', () => {
  it('the search lists the org’s own hotels only (a supplier’s have no rates of its own yet), each saying so', async () => {
    const r = await call('/api/products/search?type=HLT&city=Lisbon&per_page=50', { host });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.map((p: { product_id: number }) => p.product_id)).toEqual([ownHotel]);
    expect(r.json.data[0]).toMatchObject({ source: 'own' });
    expect(r.json.data[0].supplier_code).toBeUndefined();
    const cities = await call('/api/products/cities?q=Lis&type=HLT', { host });
    if (cities.status === 200) expect(cities.json.data.find((c: { city: string }) => c.city === 'Lisbon')?.products).toBe(1);
  });

  it('the hotels are imported in every language of the site: name, city, description, facilities and room names', async () => {
    const [hotel] = await d1Query<{ id: number; rooms: string; amenities: string }>(
      `SELECT p.id, p.amenities, (SELECT name FROM room_types r WHERE r.product_id = p.id ORDER BY position LIMIT 1) AS rooms
       FROM products p WHERE p.org_id = ${orgId} AND p.source = 'hotelbeds' AND p.supplier_code = '1'`,
    );
    const texts = await d1Query<{ lang: string; city: string; description: string; amenities: string }>(
      `SELECT lang, city, description, amenities FROM product_texts WHERE product_id = ${hotel!.id} ORDER BY lang`,
    );
    expect(texts.map((t) => [t.lang, t.city])).toEqual([['es-ES', 'Lisboa'], ['fr-FR', 'Lisbonne']]);
    expect(texts[1]!.description).toMatch(/ est un hôtel .* du centre de Lisbonne\./);
    expect(Object.keys(JSON.parse(hotel!.rooms)).sort()).toEqual(['en-US', 'es-ES', 'fr-FR']);
    // The content's facilities are the hotel's amenities, in each language (the simulator's first two are every hotel's).
    expect(JSON.parse(hotel!.amenities).slice(0, 2)).toEqual(['Wi-fi', '24-hour reception']);
    expect(JSON.parse(texts[1]!.amenities).slice(0, 2)).toEqual(['Wi-Fi', 'Réception 24 h/24']);
    expect(JSON.parse(texts[0]!.amenities).length).toBe(JSON.parse(hotel!.amenities).length);
    const details = await call(`/api/products/${hotel!.id}?lang=es-ES`, { host });
    expect(details.json.data).toMatchObject({ city: 'Lisboa' });
    expect(details.json.data.amenities.slice(0, 2)).toEqual(['Wi-fi', 'Recepción 24 horas']);
    const french = await call(`/api/products/${hotel!.id}?lang=fr-FR`, { host });
    expect(french.json.data.amenities).toEqual(JSON.parse(texts[1]!.amenities));
  });

  it('a supplier’s hotel’s details carry its source and hotel code; an own hotel’s say own', async () => {
    const [hotel] = await d1Query<{ id: number }>(`SELECT id FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds' AND supplier_code = '3'`);
    const supplied = await call(`/api/products/${hotel!.id}`, { host });
    expect(supplied.status, supplied.text).toBe(200);
    expect(supplied.json.data).toMatchObject({ product_id: hotel!.id, source: 'hotelbeds', supplier_code: '3', type: 'HLT' });
    const own = await call(`/api/products/${ownHotel}`, { host });
    expect(own.json.data).toMatchObject({ source: 'own' });
    expect(own.json.data.supplier_code).toBeUndefined();
  });

  it('the destination suggestions count a supplier’s hotels while its connection is on, and only then', async () => {
    const lisbon = async () => {
      const r = await call('/api/products/cities?q=Lis&type=HLT', { host });
      expect(r.status, r.text).toBe(200);
      return r.json.data.find((c: { city: string }) => c.city === 'Lisbon')?.products;
    };
    expect((await put(admin, { api_key: SIM.api_key, markup_percent: 8, enabled: true })).status).toBe(200);
    // The test account's 60 Lisbon hotels and the org's own one.
    expect(await lisbon()).toBe(61);
    // A French visitor finds it by its French name, which the import brought with the hotels' texts in French.
    const fr = await call('/api/products/cities?q=Lisbonne&type=HLT&lang=fr-FR', { host });
    expect(fr.json.data).toContainEqual(expect.objectContaining({ city: 'Lisbonne', products: 60 }));
    expect((await put(admin, { api_key: SIM.api_key, markup_percent: 8, enabled: false })).status).toBe(200);
    expect(await lisbon()).toBe(1);
  });

  it('a search right after the connection is switched on, off or marked up sells as it now stands: nothing of it is kept past the change', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    // The same place each time, on dates of this test's own (the supplier's net answers are kept for a place and dates).
    const lisbon = async (from: number) => {
      const r = await call(`/api/products/search?type=HLT&city=Lisbon&check_in=${day(from)}&check_out=${day(from + 1)}&occupancy=2&currency=EUR&per_page=50&sort=rating`, { host });
      expect(r.status, r.text).toBe(200);
      expect(r.json.partial).toBeUndefined();
      const theirs = (r.json.data as { source: string; product_id: number; total_price: number }[]).filter((i) => i.source === 'hotelbeds');
      return { count: r.json.count as number, theirs: new Map(theirs.map((i) => [i.product_id, i.total_price])) };
    };
    expect((await put(admin, { api_key: SIM.api_key, markup_percent: 8, enabled: true })).status).toBe(200);
    const at8 = await lisbon(211);
    expect(at8.theirs.size).toBeGreaterThan(0);
    expect((await put(admin, { api_key: SIM.api_key, markup_percent: 8, enabled: false })).status).toBe(200);
    expect(await lisbon(213)).toEqual({ count: 1, theirs: new Map() });
    // Switched on again at twice the markup: the same stay's kept net answer, sold at the new markup at once.
    expect((await put(admin, { api_key: SIM.api_key, markup_percent: 16, enabled: true })).status).toBe(200);
    const at16 = await lisbon(211);
    expect([...at16.theirs.keys()]).toEqual([...at8.theirs.keys()]);
    for (const [id, price] of at16.theirs) expect(price).toBeGreaterThan(at8.theirs.get(id)!);
    expect((await put(admin, { api_key: SIM.api_key, markup_percent: 8, enabled: false })).status).toBe(200);
  });
});
