// The supplier's bad answers never reach the traveller as a 500 (CONTRACT §18, decisions 0060, 0069, 0071), over real
// HTTP against the Hotelbeds simulator told, through its control hook, to answer the next call malformed (JSON cut
// half-way), in JSON missing required fields (incomplete_next), with a 5xx, or with the rate gone (sold_out_next): the
// search by city lists the org's own hotel with `partial: true`; a supplier hotel's rates, a preview priced live and
// the checkout of a RECHECK rate answer a 4xx/503 in the contract's error shape with a clear message, write nothing,
// and the supplier's failure is logged (checked when the run keeps the Worker's log: INTEGRATION_LOG=<file>).
// A new org of its own, connected to the simulator's small test account and imported. The simulator's hooks are the
// run's: each is set right before its call and reset after it.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Reply } from './helpers';
import { d1Query, freshIp, signedInClient, verifiedAccount } from './auth-helpers';
import { key, traveler } from './booking-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { BOOKING_MSG } from '../../src/shared/contract/booking';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const IMPORT_TIMEOUT = 240_000;
const CALM = { latency_ms: 0, fail_next: null, malformed_next: null, incomplete_next: null, reprice_next_percent: null, sold_out_next: false, broken_photos_next: false };

let host: string;
let orgId: number;
let ownHotel: number;
const lisbon = { even: [] as number[], odd: [] as number[] };

// Stays of this file alone (a supplier's answer to a search is kept per org, place, stay and party).
const base = 120 + Math.floor(Math.random() * 150);
const day = (offset: number) => new Date(Date.now() + (base + offset) * 86_400_000).toISOString().slice(0, 10);
let nextStay = 0;
/** A stay no other call of this file asked: two nights. */
const freshStay = () => {
  const from = (nextStay += 3);
  return { check_in: day(from), check_out: day(from + 2) };
};
const query = (s: { check_in: string; check_out: string }) => `check_in=${s.check_in}&check_out=${s.check_out}&occupancy=2&currency=EUR`;

const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const search = (s = freshStay()) => call(`/api/products/search?type=HLT&city=Lisbon&${query(s)}&per_page=50`, { host });
const ratesOf = (id: number, s = freshStay()) => call(`/api/products/${id}/rates?${query(s)}`, { host });
const preview = (body: Record<string, unknown>) => call('/api/booking/preview', { host, body: { currency: 'EUR', ...body } });
const checkout = (body: Record<string, unknown>) =>
  call('/api/booking/checkout', { host, body: { currency: 'EUR', traveler, idempotency_key: key(), ...body }, headers: { 'cf-connecting-ip': freshIp() } });
const bookingsOf = async (productId: number) => (await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM bookings WHERE product_id = ${productId}`))[0]!.n;

/** The simulator set to `fault` for the one call `act` makes, reset after whatever happens. */
async function withFault<T>(fault: Record<string, unknown>, act: () => Promise<T>): Promise<T> {
  const set = await control(fault);
  expect(set.status, set.text).toBe(200);
  try {
    return await act();
  } finally {
    await control(CALM);
  }
}

/** The faults of one operation: what the hook is told, and the adapter's kind for it. */
const faultsOf = (op: 'availability' | 'checkrates') =>
  [
    { name: 'a malformed answer (JSON cut half-way)', fault: { malformed_next: op }, kind: 'malformed' },
    { name: 'JSON missing required fields', fault: { incomplete_next: op }, kind: 'malformed' },
    { name: 'a 5xx (SYSTEM_ERROR)', fault: { fail_next: op }, kind: 'unavailable' },
  ] as const;

/**
 * The Worker's log lines of one request (by its X-Request-Id) when the run keeps the log (INTEGRATION_LOG): the
 * supplier's failure is logged as `event` with the adapter's kind, and nothing is logged as unhandled.
 */
async function expectLogged(r: Reply, event: string, kind: string) {
  const file = process.env.INTEGRATION_LOG;
  const requestId = String(r.headers['x-request-id'] ?? '');
  expect(requestId, 'the answer names its request').not.toBe('');
  if (!file) return;
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.includes(requestId)) : []);
  await expect.poll(() => lines().some((l) => l.includes(event)), { timeout: 5_000, interval: 100 }).toBe(true);
  const parsed = lines().map((l) => JSON.parse(l.slice(l.indexOf('{'), l.lastIndexOf('}') + 1)));
  expect(parsed.find((l) => l.event === event)).toMatchObject({ event, supplier: 'hotelbeds', kind });
  expect(parsed.filter((l) => l.event === 'unhandled')).toEqual([]);
}

beforeAll(async () => {
  const slug = `supfault-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, default_language, default_currency, allow_guest_booking) VALUES ('Supplier faults ${slug}', 'en-US', 'EUR', 1);
     INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone)
       SELECT org_id, 'HLT', 'Casa Falha Lisboa', 'Lisbon', 'PT', 38.72, -9.14, 15000, 'night', 2, 'Europe/Lisbon' FROM org_domains WHERE host = '${host}';
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  await d1Query(DEFAULT_INVENTORY_SQL);
  ownHotel = (await d1Query<{ id: number }>(`SELECT id FROM products WHERE org_id = ${orgId}`))[0]!.id;
  const a = (await verifiedAccount(host))!;
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a.email}';`);
  const admin = (await signedInClient(a.email, a.password, host)).client;
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
  const started = await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
  expect(started.status, started.text).toBe(202);
  for (const t0 = Date.now(); ; ) {
    const state = (await admin.call('/api/admin/suppliers/hotelbeds/import')).json.data;
    if (state?.status === 'done') break;
    if (state?.status === 'failed' || Date.now() - t0 > IMPORT_TIMEOUT - 20_000) throw new Error(`the import did not finish: ${JSON.stringify(state)}`);
    await new Promise((done) => setTimeout(done, 500));
  }
  const rows = await d1Query<{ id: number; code: string }>(
    `SELECT id, supplier_code AS code FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds' AND city = 'Lisbon' ORDER BY CAST(supplier_code AS INTEGER) LIMIT 12`,
  );
  for (const r of rows) (Number(r.code) % 2 === 0 ? lisbon.even : lisbon.odd).push(r.id);
  expect(lisbon.even.length).toBeGreaterThan(0);
  expect(lisbon.odd.length).toBeGreaterThan(0);
}, IMPORT_TIMEOUT);

afterEach(async () => {
  expect((await control(CALM)).status).toBe(200);
});

describe('the simulator’s control hook', () => {
  it('sets incomplete_next and answers it in its state; a reset clears it', async () => {
    const set = await control({ incomplete_next: 'checkrates' });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ incomplete_next: 'checkrates', malformed_next: null });
    const reset = await control(CALM);
    expect(reset.json).toEqual(CALM);
    expect((await control({ incomplete_next: 'nonsense' })).status).toBe(400);
  });
});

describe('a search by city when the supplier answers badly', () => {
  it('answers normally with the supplier calm: own and supplier hotels, not partial', async () => {
    const r = await search();
    expect(r.status, r.text).toBe(200);
    expect(r.json.partial).toBeUndefined();
    expect(r.json.data.some((p: { source: string }) => p.source === 'hotelbeds')).toBe(true);
    expect(r.json.count).toBeGreaterThan(1);
  });

  for (const { name, fault, kind } of faultsOf('availability')) {
    it(`${name}: the own hotel listed, partial: true, logged`, async () => {
      const r = await withFault(fault, () => search());
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ partial: true, count: 1 });
      expect(r.json.data.map((p: { product_id: number }) => p.product_id)).toEqual([ownHotel]);
      await expectLogged(r, 'supplier.search_failed', kind);
    });
  }
});

describe('a supplier hotel’s rates when the supplier answers badly', () => {
  for (const { name, fault, kind } of faultsOf('availability')) {
    it(`${name}: 503 in the error shape with a clear message, logged`, async () => {
      const r = await withFault(fault, () => ratesOf(lisbon.even[0]!));
      expect(r.status, r.text).toBe(503);
      expectErrorShape(r.json, 'UPSTREAM_FAILED');
      expect(r.json.error.message).toBe(BOOKING_MSG.supplierDown);
      await expectLogged(r, 'supplier.rates_failed', kind);
    });
  }

  it('asked again once the fault is spent, the rates come', async () => {
    await control({ fail_next: 'availability' });
    expect((await ratesOf(lisbon.even[0]!)).status).toBe(503);
    const r = await ratesOf(lisbon.even[0]!);
    expect(r.status, r.text).toBe(200);
  });
});

describe('a preview priced live when the supplier answers badly', () => {
  for (const { name, fault, kind } of faultsOf('availability')) {
    it(`${name}: 503 in the error shape with a clear message, nothing written, logged`, async () => {
      const hotel = lisbon.even[0]!;
      const r = await withFault(fault, () => preview({ product_id: hotel, ...freshStay(), guests: 2 }));
      expect(r.status, r.text).toBe(503);
      expectErrorShape(r.json, 'UPSTREAM_FAILED');
      expect(r.json.error.message).toBe(BOOKING_MSG.supplierDown);
      expect(await bookingsOf(hotel)).toBe(0);
      await expectLogged(r, 'supplier.rates_failed', kind);
    });
  }
});

describe('the checkout of a RECHECK rate when the supplier answers its check badly', () => {
  /** A RECHECK rate of an odd-coded hotel, for a stay it sells. */
  async function recheckRate() {
    for (const hotel of lisbon.odd) {
      const r = await ratesOf(hotel);
      expect(r.status, r.text).toBe(200);
      const rate = r.json.data.rooms[0]?.rates[0];
      if (rate) return { hotel, rateId: rate.rate_id as string };
    }
    throw new Error('no odd-coded hotel sells a stay');
  }

  for (const { name, fault, kind } of faultsOf('checkrates')) {
    it(`${name}: 503 in the error shape with a clear message, nothing written, logged`, async () => {
      const { hotel, rateId } = await recheckRate();
      const r = await withFault(fault, () => checkout({ rate_id: rateId }));
      expect(r.status, r.text).toBe(503);
      expectErrorShape(r.json, 'UPSTREAM_FAILED');
      expect(r.json.error.message).toBe(BOOKING_MSG.supplierDown);
      expect(await bookingsOf(hotel)).toBe(0);
      await expectLogged(r, 'supplier.recheck_failed', kind);
    });
  }

  it('a rate that vanished (sold_out_next): 409 SOLD_OUT in the error shape, nothing written; asked again, it books', async () => {
    const { hotel, rateId } = await recheckRate();
    const r = await withFault({ sold_out_next: true }, () => checkout({ rate_id: rateId }));
    expect(r.status, r.text).toBe(409);
    expectErrorShape(r.json, 'SOLD_OUT');
    expect(r.json.error.message).toBe(BOOKING_MSG.soldOut);
    expect(await bookingsOf(hotel)).toBe(0);
    await expectLogged(r, 'supplier.recheck_failed', 'sold_out');
    // The fault was the supplier's one answer: the same rate books once it is there again.
    const again = await checkout({ rate_id: rateId });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data.status).toBe('PENDING_PAYMENT');
    expect(await bookingsOf(hotel)).toBe(1);
  });
});
