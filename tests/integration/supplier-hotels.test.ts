// The bed bank's hotels in the console (CONTRACT §18, decision 0068 amended), over real HTTP against the Hotelbeds
// simulator's small account: an org imports its 360 hotels; its admin lists them apart from the own products, paged by
// the server and found by name, city (in French too) or code; reads one (texts in each language, room types); takes it
// off sale (audited; gone from the traveller's search, the suggestions' count and its page) and puts it back; a re-run
// of the import keeps it off sale; the inventory routes refuse to edit it (409); another org's admin sees and changes
// none of them.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, newOrg, signedInClient, verifiedAccount } from './auth-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { INVENTORY_MSG } from '../../src/shared/contract/inventory-text';
import { SUPPLIER_HOTELS_PER_PAGE, SUPPLIER_MSG } from '../../src/shared/contract/suppliers';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const IMPORT_TIMEOUT = 240_000;

let host: string;
let orgId: number;
let ownHotel: number;
let admin: Client;
let otherAdmin: Client;
let held: number;

// A stay of this file's own, far from other files' dates (a kept supplier answer is per org, place, stay and party).
const base = 120 + Math.floor(Math.random() * 150);
const day = (offset: number) => new Date(Date.now() + (base + offset) * 86_400_000).toISOString().slice(0, 10);
const lisbon = (offset: number) => `/api/products/search?type=HLT&city=Lisbon&check_in=${day(offset)}&check_out=${day(offset + 2)}&occupancy=2&currency=EUR&per_page=50`;

interface Listed {
  product_id: number;
  supplier_code: string;
  name: string;
  city: string;
  country: string;
  photos: number;
  cover: string;
  on_sale: boolean;
}

const hotels = (query = '', client = admin) => client.call(`/api/admin/suppliers/hotelbeds/hotels${query}`);
const hotel = (id: number, client = admin) => client.call(`/api/admin/suppliers/hotelbeds/hotels/${id}`);
const setSale = (id: number, on_sale: boolean, client = admin) => client.call(`/api/admin/suppliers/hotelbeds/hotels/${id}`, { method: 'PATCH', body: { on_sale } });
const statusOf = async (id: number) => (await d1Query<{ status: string }>(`SELECT status FROM products WHERE id = ${id}`))[0]!.status;
const audits = async (id: number) =>
  d1Query<{ action: string; detail: string }>(`SELECT action, detail FROM admin_audit WHERE org_id = ${orgId} AND target = 'product:${id}' ORDER BY id`);

function expectRefused(r: Reply, status: number, code: string, message: string) {
  expect(r.status, r.text).toBe(status);
  expectErrorShape(r.json, code);
  expect(r.json.error.message).toContain(message);
}

async function importAndWait(client: Client): Promise<number> {
  const started = await client.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
  expect(started.status, started.text).toBe(202);
  const jobId: number = started.json.data.job_id;
  for (const t0 = Date.now(); ; ) {
    const state = (await client.call('/api/admin/suppliers/hotelbeds/import')).json.data;
    if (state?.job_id === jobId && state.status === 'done') return jobId;
    if (state?.status === 'failed' || Date.now() - t0 > IMPORT_TIMEOUT - 20_000) throw new Error(`the import did not finish: ${JSON.stringify(state)}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

beforeAll(async () => {
  ({ host, orgId } = await newOrg('bankhotels', 'Bank hotels'));
  const other = await newOrg('bankother', 'Other bank');
  await d1Query(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone)
       VALUES (${orgId}, 'HLT', 'Casa Própria', 'Lisbon', 'PT', 38.72, -9.14, 15000, 'night', 2, 'Europe/Lisbon');`,
  );
  await d1Query(DEFAULT_INVENTORY_SQL);
  ownHotel = (await d1Query<{ id: number }>(`SELECT id FROM products WHERE org_id = ${orgId} AND source = 'own'`))[0]!.id;
  const [a, b] = await Promise.all([verifiedAccount(host), verifiedAccount(other.host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE (org_id = ${orgId} AND email = '${a!.email}') OR (org_id = ${other.orgId} AND email = '${b!.email}');`);
  [admin, otherAdmin] = (await Promise.all([signedInClient(a!.email, a!.password, host), signedInClient(b!.email, b!.password, other.host)])).map((s) => s.client);
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
  await importAndWait(admin);
  held = (await admin.call('/api/admin/suppliers')).json.data[0].hotels;
  expect(held).toBeGreaterThanOrEqual(350);
}, IMPORT_TIMEOUT);

describe('the bed bank’s hotels in the console', () => {
  it('lists them apart from the own products, a page at a time, found by name, city (in French too) or code', async () => {
    const first = await hotels();
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ count: held, page: 1, per_page: SUPPLIER_HOTELS_PER_PAGE });
    const page1: Listed[] = first.json.data;
    expect(page1).toHaveLength(SUPPLIER_HOTELS_PER_PAGE);
    expect(page1.map((h) => h.product_id)).not.toContain(ownHotel);
    for (const h of page1) {
      expect(h.supplier_code).toMatch(/\S/);
      expect(h.on_sale).toBe(true);
      expect(typeof h.photos).toBe('number');
    }
    const second: Listed[] = (await hotels('?page=2')).json.data;
    expect(second).toHaveLength(SUPPLIER_HOTELS_PER_PAGE);
    expect(second.some((h) => page1.some((p) => p.product_id === h.product_id))).toBe(false);
    const last = Math.ceil(held / SUPPLIER_HOTELS_PER_PAGE);
    expect((await hotels(`?page=${last}`)).json.data).toHaveLength(held - (last - 1) * SUPPLIER_HOTELS_PER_PAGE);
    expect((await hotels(`?page=${last + 1}`)).json).toMatchObject({ count: held, data: [] });
    // The console's own product list still shows the own products only.
    const own = await admin.call('/api/admin/products');
    expect(own.json.data.map((p: { product_id: number }) => p.product_id)).toEqual([ownHotel]);

    const sample = second[3]!;
    const byName = await hotels(`?q=${encodeURIComponent(sample.name.slice(0, 12).toUpperCase())}`);
    expect(byName.json.data.map((h: Listed) => h.product_id)).toContain(sample.product_id);
    expect(byName.json.count).toBeLessThan(held);
    const byCode = await hotels(`?q=${encodeURIComponent(sample.supplier_code)}`);
    expect(byCode.json.data.map((h: Listed) => h.product_id)).toContain(sample.product_id);
    const lisbonHotels = await hotels('?q=lisb');
    expect(lisbonHotels.json.count).toBeGreaterThan(0);
    expect(lisbonHotels.json.count).toBeLessThan(held);
    expect(lisbonHotels.json.data.every((h: Listed) => h.city === 'Lisbon')).toBe(true);
    // In French the city is Lisbonne, and a French reader finds it by its French name.
    const french = await hotels('?q=lisbonne&lang=fr-FR');
    expect(french.json.count).toBe(lisbonHotels.json.count);
    expect(french.json.data.every((h: Listed) => h.city === 'Lisbonne')).toBe(true);
    expect((await hotels('?q=no-such-hotel-anywhere')).json).toMatchObject({ count: 0, data: [] });

    expectRefused(await hotels(`?q=${'x'.repeat(101)}`), 400, 'BAD_REQUEST', SUPPLIER_MSG.search);
    expectRefused(await hotels('?page=0'), 400, 'BAD_REQUEST', SUPPLIER_MSG.page);
    expect((await admin.call('/api/admin/suppliers/expedia/hotels')).status).toBe(404);
  });

  it('reads one: its name and city in each language, its room types from the supplier; an own product is no such hotel', async () => {
    const [listed] = (await hotels('?q=lisb')).json.data as Listed[];
    const r = await hotel(listed!.product_id);
    expect(r.status, r.text).toBe(200);
    const h = r.json.data;
    expect(h).toMatchObject({ product_id: listed!.product_id, supplier: 'hotelbeds', supplier_code: listed!.supplier_code, on_sale: true });
    expect(h.cities).toEqual({ 'en-US': 'Lisbon', 'fr-FR': 'Lisbonne', 'es-ES': 'Lisboa' });
    expect(h.names['en-US']).toBe(listed!.name);
    expect(h.rooms.length).toBeGreaterThan(0);
    for (const room of h.rooms) expect(room.name['fr-FR']).toMatch(/\S/);
    // The console's editor reads it as the bed bank's (it offers no editing of it).
    expect((await admin.call(`/api/admin/products/${listed!.product_id}`)).json.data.source).toBe('hotelbeds');
    expect((await admin.call(`/api/admin/products/${ownHotel}`)).json.data.source).toBeUndefined();

    expectRefused(await hotel(ownHotel), 404, 'NOT_FOUND', SUPPLIER_MSG.noSuchHotel);
    expectRefused(await hotel(999_999_999), 404, 'NOT_FOUND', SUPPLIER_MSG.noSuchHotel);
    expect((await admin.call('/api/admin/suppliers/hotelbeds/hotels/abc')).status).toBe(404);
  });

  it('takes one off sale (audited once; gone from search, suggestions and its page) and puts it back; a re-import keeps it off sale', async () => {
    const before = await call(lisbon(0), { host });
    expect(before.status, before.text).toBe(200);
    const shown = (before.json.data as { product_id: number; source: string }[]).filter((p) => p.source === 'hotelbeds');
    expect(shown.length).toBeGreaterThan(0);
    const target = shown[0]!.product_id;
    const cityCount = async () =>
      ((await call('/api/products/cities?q=Lisb', { host })).json.data as { city: string; products: number }[]).find((c) => c.city === 'Lisbon')?.products ?? 0;
    const citiesBefore = await cityCount();
    expect((await call(`/api/products/${target}`, { host })).status).toBe(200);

    const off = await setSale(target, false);
    expect(off.status, off.text).toBe(200);
    expect(off.json.data).toMatchObject({ product_id: target, on_sale: false });
    expect(await statusOf(target)).toBe('INACTIVE');
    // A second switch to the same state writes nothing more.
    expect((await setSale(target, false)).json.data.on_sale).toBe(false);
    const rows = await audits(target);
    expect(rows.map((a) => a.action)).toEqual(['product.update']);
    expect(JSON.parse(rows[0]!.detail)).toMatchObject({ before: { status: 'ACTIVE' }, after: { status: 'INACTIVE' } });
    const listed = (await hotels(`?q=${encodeURIComponent((await hotel(target)).json.data.supplier_code)}`)).json.data as Listed[];
    expect(listed.find((h) => h.product_id === target)?.on_sale).toBe(false);

    // Travellers no longer find it: the search (same stay and a new one), the suggestions' count and its page.
    for (const offset of [0, 10]) {
      const after = await call(lisbon(offset), { host });
      expect(after.status, after.text).toBe(200);
      expect(after.json.data.map((p: { product_id: number }) => p.product_id)).not.toContain(target);
    }
    expect(await cityCount()).toBe(citiesBefore - 1);
    expect((await call(`/api/products/${target}`, { host })).status).toBe(404);

    // The import runs again: the hotel is updated in place (same product) and stays off sale.
    await d1Query(`UPDATE products SET name = name || ' (old)' WHERE id = ${target}`);
    await importAndWait(admin);
    expect(await statusOf(target)).toBe('INACTIVE');
    expect((await hotel(target)).json.data.name).not.toMatch(/\(old\)$/);
    expect((await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds'`))[0]!.n).toBe(held);
    expect((await call(lisbon(20), { host })).json.data.map((p: { product_id: number }) => p.product_id)).not.toContain(target);

    const back = await setSale(target, true);
    expect(back.json.data.on_sale).toBe(true);
    expect(await statusOf(target)).toBe('ACTIVE');
    expect((await audits(target)).map((a) => a.action)).toEqual(['product.update', 'product.update']);
    expect((await call(`/api/products/${target}`, { host })).status).toBe(200);
    expect(await cityCount()).toBe(citiesBefore);

    expectRefused(await admin.call(`/api/admin/suppliers/hotelbeds/hotels/${target}`, { method: 'PATCH', body: { on_sale: 'no' } }), 400, 'BAD_REQUEST', SUPPLIER_MSG.onSale);
    expectRefused(await setSale(ownHotel, false), 404, 'NOT_FOUND', SUPPLIER_MSG.noSuchHotel);
    expect(await statusOf(ownHotel)).toBe('ACTIVE');
  }, IMPORT_TIMEOUT);

  it('refuses to edit an imported hotel’s content, rooms, rate plans and nights (409, nothing written)', async () => {
    const [h] = (await hotels('?page=3')).json.data as Listed[];
    const id = h!.product_id;
    const room = (await hotel(id)).json.data.rooms[0].room_id as number;
    const auditsBefore = (await audits(id)).length;
    const refusals = await Promise.all([
      admin.call(`/api/admin/products/${id}`, { method: 'PATCH', body: { name: 'Renamed here' } }),
      admin.call(`/api/admin/products/${id}/rooms`, { method: 'POST', body: { code: 'MINE', name: { 'en-US': 'My room' }, max_adults: 2, max_occupancy: 2, units: 1 } }),
      admin.call(`/api/admin/products/${id}/rooms/${room}`, { method: 'PATCH', body: { units: 5 } }),
      admin.call(`/api/admin/products/${id}/rooms/${room}`, { method: 'DELETE' }),
      admin.call(`/api/admin/products/${id}/rate-plans`, { method: 'POST', body: { code: 'BAR', name: { 'en-US': 'Best' }, board: 'RO', base_occupancy: 2, room_ids: [room] } }),
      admin.call(`/api/admin/products/${id}/ari`, { method: 'POST', body: { updates: [{ room_id: room, from: day(0), to: day(3), units: 4 }] } }),
    ]);
    for (const r of refusals) expectRefused(r, 409, 'CONFLICT', INVENTORY_MSG.importedHotel);
    const rooms = await d1Query<{ units: number; code: string }>(`SELECT units, code FROM room_types WHERE product_id = ${id}`);
    expect(rooms.every((r) => r.units === 0 && r.code !== 'MINE')).toBe(true);
    expect(await d1Query(`SELECT id FROM rate_plans WHERE product_id = ${id}`)).toEqual([]);
    expect((await audits(id)).length).toBe(auditsBefore);
    expect((await hotel(id)).json.data.name).toBe(h!.name);
  });

  it('shows another org’s admin none of them, and lets it change none', async () => {
    const [h] = (await hotels()).json.data as Listed[];
    const listed = await hotels('', otherAdmin);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toMatchObject({ count: 0, data: [] });
    expect((await hotels(`?q=${encodeURIComponent(h!.supplier_code)}`, otherAdmin)).json.count).toBe(0);
    expectRefused(await hotel(h!.product_id, otherAdmin), 404, 'NOT_FOUND', SUPPLIER_MSG.noSuchHotel);
    expectRefused(await setSale(h!.product_id, false, otherAdmin), 404, 'NOT_FOUND', SUPPLIER_MSG.noSuchHotel);
    expect(await statusOf(h!.product_id)).toBe('ACTIVE');
    expect((await otherAdmin.call(`/api/admin/products/${h!.product_id}/rooms`, { method: 'POST', body: { code: 'X', name: { 'en-US': 'X' }, max_adults: 1, max_occupancy: 1, units: 1 } })).status).toBe(404);
    // Signed out, and a traveller of the org: no console.
    expect([401, 403]).toContain((await call('/api/admin/suppliers/hotelbeds/hotels', { host })).status);
  });
});
