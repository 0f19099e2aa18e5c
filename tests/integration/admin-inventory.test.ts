// An org admin stocks the shelves over real HTTP and a real local D1 (docs/contract.md#rooms-rates-and-availability):
// a hotel, its room type and rate plan, prices set as ranges on chosen weekdays, the calendar showing them and the
// public search finding the hotel for those dates; a bad range refuses the whole change; a room with bookings to come
// is kept; another org's admin reaches nothing; every change is audited and moves the org's version.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Client, type Reply } from './helpers';
import { d1Query, signedInClient, verifiedAccount, DB_TEST_TIMEOUT } from './auth-helpers';
import { day } from './booking-helpers';
import { INVENTORY_MSG as M } from '../../src/shared/contract/inventory-text';

let host: string;
let orgId: number;
let admin: Client;
let member: Client;
let acmeAdmin: Client;

const CITY = `Inventoria ${crypto.randomUUID().slice(0, 6)}`;
const HOTEL = {
  type: 'HLT', name: 'Hôtel des Essais', city: CITY, country: 'fr', address: '1 rue du Test', latitude: 45.76, longitude: 4.83, time_zone: 'Europe/Paris',
  description: { 'en-US': 'A quiet test hotel.', 'fr-FR': 'Un hôtel de test tranquille.' }, amenities: ['Wi-Fi', 'Breakfast'], rating: 4,
};
const ROOM = { code: 'DBL', name: { 'en-US': 'Double room', 'fr-FR': 'Chambre double' }, max_adults: 2, max_children: 1, max_occupancy: 3, units: 3 };
const PLAN = { code: 'BAR', name: { 'en-US': 'Best rate' }, board: 'BB', free_cancellation_days: 3, cancellation_fee_percent: 50, base_occupancy: 2 };

/** A Monday at least 30 days ahead, so the ranges below start on known weekdays. */
const monday = (() => {
  for (let i = 30; ; i++) if (new Date(`${day(i)}T00:00:00Z`).getUTCDay() === 1) return day(i);
})();
const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function expectRefused(r: Reply, status: number, code: string, message?: string) {
  expect(r.status, r.text).toBe(status);
  expectErrorShape(r.json, code);
  if (message) expect(r.json.error.message).toContain(message);
}

const auditActions = async () =>
  (await d1Query<{ action: string; target: string }>(`SELECT action, target FROM admin_audit WHERE org_id = ${orgId} ORDER BY id`)).map((r) => r.action);
const version = async () => (await d1Query<{ version: number }>(`SELECT version FROM orgs WHERE id = ${orgId}`))[0]!.version;
const grid = async (productId: number, from: string, to: string, client = admin) => {
  const r = await client.call(`/api/admin/products/${productId}/ari?from=${from}&to=${to}`);
  expect(r.status, r.text).toBe(200);
  return r.json.data as { from: string; to: string; rooms: { room_id: number; nights: { date: string; units: number; sold: number; stop_sell: boolean; rates: { rate_plan_id: number; price_usd_minor: number | null; min_stay: number; closed_to_arrival: boolean; stop_sell: boolean }[] }[] }[] };
};

beforeAll(async () => {
  const slug = `inventory-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, default_language, min_checkin_days) VALUES ('Inventory ${slug}', 'en-US', 1); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
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
}, DB_TEST_TIMEOUT);

describe('an admin stocks a hotel and it is sold', () => {
  let productId: number;
  let roomId: number;
  let planId: number;

  it('creates a hotel: 201, its default code P<id>, its description in two languages; the launch checklist waits for a price', async () => {
    const launch = async () => ((await admin.call('/api/admin/launch')).json.data.steps as { step: string; done: boolean }[]).find((s) => s.step === 'products')!.done;
    expect(await launch()).toBe(false);
    const before = await version();
    const r = await admin.call('/api/admin/products', { method: 'POST', body: HOTEL });
    expect(r.status, r.text).toBe(201);
    const p = r.json.data;
    productId = p.product_id;
    expect(p).toMatchObject({ code: `P${productId}`, type: 'HLT', name: HOTEL.name, country: 'FR', status: 'ACTIVE', bookable: false, rooms: [], rate_plans: [] });
    expect(p.description).toEqual(HOTEL.description);
    expect(await version()).toBeGreaterThan(before);
    const again = await admin.call(`/api/admin/products/${productId}`);
    expect(again.json.data.description['fr-FR']).toBe('Un hôtel de test tranquille.');
    expect(await launch()).toBe(false);
  }, DB_TEST_TIMEOUT);

  it('refuses a taken code (409), the same hotel twice (409), a code kept for defaults (400) and a price on a nightly product (400)', async () => {
    const coded = await admin.call('/api/admin/products', { method: 'POST', body: { ...HOTEL, name: 'Coded Inn', code: 'CODED-1' } });
    expect(coded.status, coded.text).toBe(201);
    expectRefused(await admin.call('/api/admin/products', { method: 'POST', body: { ...HOTEL, name: 'Other Inn', code: 'CODED-1' } }), 409, 'CONFLICT', M.productCodeTaken);
    expectRefused(await admin.call('/api/admin/products', { method: 'POST', body: HOTEL }), 409, 'CONFLICT', M.productTaken);
    const reserved = await admin.call('/api/admin/products', { method: 'POST', body: { ...HOTEL, name: 'Sneaky Inn', code: 'P99999' } });
    expectRefused(reserved, 400, 'BAD_REQUEST');
    expect(reserved.json.error.issues[0].path).toBe('code');
    const priced = await admin.call('/api/admin/products', { method: 'POST', body: { ...HOTEL, name: 'Priced Inn', price_usd_minor: 1000 } });
    expect(priced.json.error.issues[0].path).toBe('price_usd_minor');
    const zone = await admin.call('/api/admin/products', { method: 'POST', body: { ...HOTEL, name: 'Zone Inn', time_zone: 'Mars/Olympus' } });
    expect(zone.json.error.issues[0].path).toBe('time_zone');
    // Its own default code may be kept; another product's may not be taken.
    const own = await admin.call(`/api/admin/products/${productId}`, { method: 'PATCH', body: { code: `P${productId}`, rating: 4.5 } });
    expect(own.status, own.text).toBe(200);
    expect(own.json.data.rating).toBe(4.5);
    expectRefused(await admin.call(`/api/admin/products/${productId}`, { method: 'PATCH', body: { code: 'CODED-1' } }), 409, 'CONFLICT', M.productCodeTaken);
  }, DB_TEST_TIMEOUT);

  it('check-in and check-out times: 15:00 and 11:00 until changed, then the new ones (audited); anything but HH:MM is 400', async () => {
    const before = await admin.call(`/api/admin/products/${productId}`);
    expect(before.json.data).toMatchObject({ check_in_time: '15:00', check_out_time: '11:00' });
    const r = await admin.call(`/api/admin/products/${productId}`, { method: 'PATCH', body: { check_in_time: '14:30', check_out_time: ' 10:00 ' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ check_in_time: '14:30', check_out_time: '10:00' });
    const [row] = await d1Query<{ check_in_time: string; check_out_time: string }>(`SELECT check_in_time, check_out_time FROM products WHERE id = ${productId}`);
    expect(row).toEqual({ check_in_time: '14:30', check_out_time: '10:00' });
    const [audit] = await d1Query<{ detail: string }>(`SELECT detail FROM admin_audit WHERE org_id = ${orgId} AND action = 'product.update' ORDER BY id DESC LIMIT 1`);
    expect(JSON.parse(audit!.detail)).toEqual({ before: { check_in_time: '15:00', check_out_time: '11:00' }, after: { check_in_time: '14:30', check_out_time: '10:00' } });
    for (const [field, value] of [['check_in_time', '25:00'], ['check_in_time', '9:00'], ['check_out_time', '10h00'], ['check_out_time', '']] as const) {
      const bad = await admin.call(`/api/admin/products/${productId}`, { method: 'PATCH', body: { [field]: value } });
      expectRefused(bad, 400, 'BAD_REQUEST');
      expect(bad.json.error.issues[0]).toMatchObject({ path: field, message: field === 'check_in_time' ? M.checkInTime : M.checkOutTime });
    }
    const created = await admin.call('/api/admin/products', { method: 'POST', body: { ...HOTEL, name: 'Early Inn', check_in_time: '12:00', check_out_time: '09:30' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ check_in_time: '12:00', check_out_time: '09:30' });
  }, DB_TEST_TIMEOUT);

  it('adds a room type and a rate plan selling it (201 with their ids); a plan for another product’s room is 400', async () => {
    const room = await admin.call(`/api/admin/products/${productId}/rooms`, { method: 'POST', body: ROOM });
    expect(room.status, room.text).toBe(201);
    roomId = room.json.data.room_id;
    expect(room.json.data).toEqual({ room_id: roomId, ...ROOM });
    expectRefused(await admin.call(`/api/admin/products/${productId}/rooms`, { method: 'POST', body: ROOM }), 409, 'CONFLICT', M.roomCodeTaken);
    const crowded = await admin.call(`/api/admin/products/${productId}/rooms`, { method: 'POST', body: { ...ROOM, code: 'X', max_occupancy: 9 } });
    expect(crowded.json.error.issues[0].path).toBe('max_occupancy');

    const plan = await admin.call(`/api/admin/products/${productId}/rate-plans`, { method: 'POST', body: { ...PLAN, room_ids: [roomId] } });
    expect(plan.status, plan.text).toBe(201);
    planId = plan.json.data.rate_plan_id;
    expect(plan.json.data).toMatchObject({ ...PLAN, refundable: true, room_ids: [roomId], extra_adult_usd_minor: 0 });
    const foreign = await admin.call(`/api/admin/products/${productId}/rate-plans`, { method: 'POST', body: { ...PLAN, code: 'NRF', room_ids: [1] } });
    expectRefused(foreign, 400, 'BAD_REQUEST');
    expect(foreign.json.error.issues[0].path).toBe('room_ids');

    const detail = (await admin.call(`/api/admin/products/${productId}`)).json.data;
    expect(detail.rooms.map((r: { code: string }) => r.code)).toEqual(['DBL']);
    expect(detail.rate_plans.map((p: { code: string }) => p.code)).toEqual(['BAR']);
  }, DB_TEST_TIMEOUT);

  it('sets two weeks of prices, weekends dearer, in one change; the grid shows every night, and the hotel is found for those dates', async () => {
    const to = plus(monday, 13);
    const r = await admin.call(`/api/admin/products/${productId}/ari`, {
      method: 'POST',
      body: {
        updates: [
          { room_id: roomId, rate_plan_id: planId, from: monday, to, price_usd_minor: 15000 },
          { room_id: roomId, rate_plan_id: planId, from: monday, to, weekdays: [5, 6], price_usd_minor: 21000, min_stay: 2 },
          { room_id: roomId, from: plus(monday, 2), to: plus(monday, 2), units: 1 },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toEqual({ nights_changed: 14 });

    const g = await grid(productId, plus(monday, -1), plus(to, 1));
    expect(g.rooms).toHaveLength(1);
    const nights = g.rooms[0]!.nights;
    expect(nights.map((n) => n.date)).toEqual(Array.from({ length: 16 }, (_, i) => plus(monday, i - 1)));
    const price = (d: string) => nights.find((n) => n.date === d)!.rates.find((x) => x.rate_plan_id === planId)!.price_usd_minor;
    expect(price(plus(monday, -1))).toBeNull();
    expect(price(monday)).toBe(15000);
    expect(price(plus(monday, 4))).toBe(21000);
    expect(price(plus(monday, 5))).toBe(21000);
    expect(price(plus(monday, 6))).toBe(15000);
    expect(nights.find((n) => n.date === plus(monday, 4))!.rates[0]!.min_stay).toBe(2);
    expect(nights.find((n) => n.date === plus(monday, 2))!.units).toBe(1);
    expect(nights.find((n) => n.date === monday)!.units).toBe(ROOM.units);

    const search = await call(`/api/products/search?type=HLT&city=${encodeURIComponent(CITY)}&check_in=${plus(monday, 4)}&check_out=${plus(monday, 6)}&guests=2&currency=USD`, { host });
    expect(search.status, search.text).toBe(200);
    expect(search.json.data.map((p: { product_id: number }) => p.product_id)).toContain(productId);
    const detail = (await admin.call(`/api/admin/products/${productId}`)).json.data;
    expect(detail.bookable).toBe(true);
    expect(detail.price_usd_minor).toBe(15000);
    const steps = (await admin.call('/api/admin/launch')).json.data.steps as { step: string; done: boolean }[];
    expect(steps.find((s) => s.step === 'products')!.done).toBe(true);
  }, DB_TEST_TIMEOUT);

  it('a bad update in the middle refuses the whole change: 400 naming updates.<index>.<field>, nothing written', async () => {
    const before = { grid: await grid(productId, monday, plus(monday, 13)), audit: (await auditActions()).length, version: await version() };
    const good = { room_id: roomId, rate_plan_id: planId, from: monday, to: plus(monday, 3), price_usd_minor: 99 };
    const cases: [unknown, string][] = [
      [{ ...good, from: plus(monday, 5), to: monday }, 'updates.1.to'],
      [{ ...good, weekdays: [8] }, 'updates.1.weekdays'],
      [{ ...good, room_id: 1 }, 'updates.1.room_id'],
      [{ ...good, rate_plan_id: 1 }, 'updates.1.rate_plan_id'],
      [{ room_id: roomId, from: monday, to: monday }, 'updates.1'],
      [{ ...good, to: plus(monday, 500) }, 'updates.1.to'],
    ];
    for (const [bad, path] of cases) {
      const r = await admin.call(`/api/admin/products/${productId}/ari`, { method: 'POST', body: { updates: [good, bad, good] } });
      expectRefused(r, 400, 'BAD_REQUEST');
      expect(r.json.error.issues[0].path.startsWith(path), `${r.json.error.issues[0].path} for ${path}`).toBe(true);
    }
    expect(await grid(productId, monday, plus(monday, 13))).toEqual(before.grid);
    expect((await auditActions()).length).toBe(before.audit);
    expect(await version()).toBe(before.version);
  }, DB_TEST_TIMEOUT);

  it('a room type or rate plan with bookings still to come is kept (409); once they are cancelled it goes', async () => {
    const nights = JSON.stringify([{ date: plus(monday, 1), price: 15000 }]);
    await d1Query(
      `INSERT INTO bookings (booking_ref, org_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor, status,
         idempotency_key, request_hash, traveler, room_id, rate_plan_id, rooms, nights)
       VALUES ('INV-${orgId}', ${orgId}, ${productId}, 'HLT', 'Hôtel des Essais', '${CITY}', '${plus(monday, 1)}', '${plus(monday, 2)}', 2, 'USD', 15000, 15000, 'CONFIRMED',
         'inv-${orgId}', 'x', '{}', ${roomId}, ${planId}, 1, '${nights}')`,
    );
    expect((await grid(productId, plus(monday, 1), plus(monday, 1))).rooms[0]!.nights[0]!.sold).toBe(1);
    const audit = (await auditActions()).length;
    expectRefused(await admin.call(`/api/admin/products/${productId}/rooms/${roomId}`, { method: 'DELETE' }), 409, 'CONFLICT', M.roomBooked);
    expectRefused(await admin.call(`/api/admin/products/${productId}/rate-plans/${planId}`, { method: 'DELETE' }), 409, 'CONFLICT', M.planBooked);
    expectRefused(await admin.call(`/api/admin/products/${productId}/rooms/${roomId}`, { method: 'PATCH', body: { max_adults: 1, max_occupancy: 1 } }), 409, 'CONFLICT', M.roomBooked);
    expect((await auditActions()).length).toBe(audit);
    // A change that keeps the bookings whole is fine.
    const renamed = await admin.call(`/api/admin/products/${productId}/rooms/${roomId}`, { method: 'PATCH', body: { name: { 'en-US': 'Double room, garden' }, units: 4 } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data).toMatchObject({ room_id: roomId, units: 4, name: { 'en-US': 'Double room, garden' } });

    await d1Query(`UPDATE bookings SET status = 'CANCELLED' WHERE booking_ref = 'INV-${orgId}'`);
    const extra = (await admin.call(`/api/admin/products/${productId}/rooms`, { method: 'POST', body: { ...ROOM, code: 'TWN', name: { 'en-US': 'Twin room' } } })).json.data.room_id;
    const removed = await admin.call(`/api/admin/products/${productId}/rooms/${extra}`, { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.data).toEqual({ room_id: extra });
    expectRefused(await admin.call(`/api/admin/products/${productId}/rooms/${extra}`, { method: 'DELETE' }), 404, 'NOT_FOUND', M.noSuchRoom);
    const extraPlan = (await admin.call(`/api/admin/products/${productId}/rate-plans`, { method: 'POST', body: { ...PLAN, code: 'HB', board: 'HB', room_ids: [roomId] } })).json.data.rate_plan_id;
    const planRemoved = await admin.call(`/api/admin/products/${productId}/rate-plans/${extraPlan}`, { method: 'DELETE' });
    expect(planRemoved.status, planRemoved.text).toBe(200);
    expectRefused(await admin.call(`/api/admin/products/${productId}/rate-plans/${extraPlan}`, { method: 'DELETE' }), 404, 'NOT_FOUND', M.noSuchPlan);
    const actions = await auditActions();
    expect(actions).toEqual(expect.arrayContaining(['product.create', 'product.update', 'room.create', 'room.update', 'room.delete', 'rate_plan.create', 'rate_plan.delete', 'ari.update']));
    // Each removal's audit row names what went, and what it was.
    const removals = await d1Query<{ action: string; target: string; detail: string }>(
      `SELECT action, target, detail FROM admin_audit WHERE org_id = ${orgId} AND action IN ('room.delete', 'rate_plan.delete') ORDER BY id`,
    );
    expect(removals.map((r) => ({ ...r, detail: JSON.parse(r.detail) }))).toEqual([
      { action: 'room.delete', target: `product:${productId} room:${extra} TWN`, detail: { before: { code: 'TWN', name: { 'en-US': 'Twin room' }, units: ROOM.units } } },
      { action: 'rate_plan.delete', target: `product:${productId} rate_plan:${extraPlan} HB`, detail: { before: { code: 'HB', name: PLAN.name, board: 'HB' } } },
    ]);
  }, DB_TEST_TIMEOUT);

  it('another org’s admin reaches nothing of it (404) and a member is refused (403); nothing changes', async () => {
    const before = { detail: (await admin.call(`/api/admin/products/${productId}`)).json.data, audit: (await auditActions()).length };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/admin/products/${productId}`],
      ['PATCH', `/api/admin/products/${productId}`, { status: 'INACTIVE' }],
      ['POST', `/api/admin/products/${productId}/rooms`, { ...ROOM, code: 'ACME' }],
      ['PATCH', `/api/admin/products/${productId}/rooms/${roomId}`, { units: 0 }],
      ['DELETE', `/api/admin/products/${productId}/rooms/${roomId}`],
      ['POST', `/api/admin/products/${productId}/rate-plans`, { ...PLAN, code: 'ACME', room_ids: [roomId] }],
      ['PATCH', `/api/admin/products/${productId}/rate-plans/${planId}`, { board: 'AI' }],
      ['DELETE', `/api/admin/products/${productId}/rate-plans/${planId}`],
      ['GET', `/api/admin/products/${productId}/ari?from=${monday}&to=${plus(monday, 3)}`],
      ['POST', `/api/admin/products/${productId}/ari`, { updates: [{ room_id: roomId, from: monday, to: monday, stop_sell: true }] }],
    ];
    for (const [method, path, body] of attempts) {
      expectRefused(await acmeAdmin.call(path, { method, body }), 404, 'NOT_FOUND');
      expectRefused(await member.call(path, { method, body }), 403, 'FORBIDDEN');
    }
    expect((await admin.call(`/api/admin/products/${productId}`)).json.data).toEqual(before.detail);
    expect((await auditActions()).length).toBe(before.audit);
  }, DB_TEST_TIMEOUT);

  it('an inactive product is not found by the search, and found again once active; the product list shows its code and that it sells', async () => {
    const stay = `check_in=${plus(monday, 7)}&check_out=${plus(monday, 9)}&guests=2&currency=USD`;
    const found = async () => (await call(`/api/products/search?type=HLT&city=${encodeURIComponent(CITY)}&${stay}`, { host })).json.data.map((p: { product_id: number }) => p.product_id);
    const off = await admin.call(`/api/admin/products/${productId}`, { method: 'PATCH', body: { status: 'INACTIVE' } });
    expect(off.json.data.status).toBe('INACTIVE');
    expect(await found()).not.toContain(productId);
    await admin.call(`/api/admin/products/${productId}`, { method: 'PATCH', body: { status: 'ACTIVE' } });
    expect(await found()).toContain(productId);
    const products = (await admin.call('/api/admin/products')).json.data as { product_id: number; code: string; status: string; bookable: boolean }[];
    expect(products.find((p) => p.product_id === productId)).toMatchObject({ code: `P${productId}`, status: 'ACTIVE', bookable: true });
  }, DB_TEST_TIMEOUT);
});
