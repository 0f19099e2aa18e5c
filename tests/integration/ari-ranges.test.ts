// Rates and availability stored as ranges (docs/decisions/0059-ari-as-ranges.md), over real HTTP and a real local D1:
// a range on some weekdays sets only those nights; a later, narrower range overrides an earlier wide one there only;
// the same ranges pushed again add no rows (compaction on write); rooms for sale set by a range still stop a sale over
// them (SOLD_OUT); a price cleared takes nights out of sale; and the search, which keeps hotels' ranges in the isolate,
// sees every change at once. A 0032 database's nights becoming ranges at the very same prices is proven over the
// migrations themselves (tests/unit/ari-ranges.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Client } from './helpers';
import { d1Query, signedInClient, verifiedAccount, DB_TEST_TIMEOUT } from './auth-helpers';
import { day } from './booking-helpers';

let host: string;
let orgId: number;
let admin: Client;
let productId: number;
let roomId: number;
let planId: number;

const CITY = `Rangeville ${crypto.randomUUID().slice(0, 6)}`;
const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** A Monday at least 40 days ahead, so the ranges below start on known weekdays. */
const monday = (() => {
  for (let i = 40; ; i++) if (new Date(`${day(i)}T00:00:00Z`).getUTCDay() === 1) return day(i);
})();

const ari = async (updates: Record<string, unknown>[]) => {
  const r = await admin.call(`/api/admin/products/${productId}/ari`, { method: 'POST', body: { updates } });
  expect(r.status, r.text).toBe(200);
  return r.json.data as { nights_changed: number };
};
/** The plan's price on each night from `from` for `n` nights, as the console's grid shows them. */
const prices = async (from: string, n: number) => {
  const r = await admin.call(`/api/admin/products/${productId}/ari?from=${from}&to=${plus(from, n - 1)}`);
  expect(r.status, r.text).toBe(200);
  return (r.json.data.rooms[0].nights as { rates: { price_usd_minor: number | null }[] }[]).map((night) => night.rates[0]!.price_usd_minor);
};
/** The search's price for the hotel for a stay (null: not listed). */
const searched = async (checkIn: string, checkOut: string) => {
  const r = await call(`/api/products/search?type=HLT&city=${encodeURIComponent(CITY)}&check_in=${checkIn}&check_out=${checkOut}&occupancy=2&currency=USD`, { host });
  expect(r.status, r.text).toBe(200);
  return (r.json.data as { product_id: number; price: number }[]).find((p) => p.product_id === productId)?.price ?? null;
};
const rangeRows = async () => (await d1Query<{ n: number }>(`SELECT (SELECT COUNT(*) FROM rate_ranges WHERE product_id = ${productId}) + (SELECT COUNT(*) FROM room_ranges WHERE product_id = ${productId}) AS n`))[0]!.n;

let bookings = 0;
/** A confirmed booking of `rooms` rooms for one night, written as the booking flow writes it (its trigger takes the rooms). */
const book = (night: string, rooms: number) =>
  d1Query(
    `INSERT INTO bookings (booking_ref, org_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor, status,
       idempotency_key, request_hash, traveler, room_id, rate_plan_id, rooms, nights)
     VALUES ('RNG-${orgId}-${++bookings}', ${orgId}, ${productId}, 'HLT', 'Hôtel des Plages', '${CITY}', '${night}', '${plus(night, 1)}', 2, 'USD', 10000, 10000, 'CONFIRMED',
       'rng-${orgId}-${bookings}', 'x', '{}', ${roomId}, ${planId}, ${rooms}, '${JSON.stringify([{ date: night, price: 10000 }])}')`,
  );

beforeAll(async () => {
  const slug = `ranges-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [row] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, default_language, min_checkin_days) VALUES ('Ranges ${slug}', 'en-US', 1); INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = row!.id;
  const [a] = await Promise.all([verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';`);
  admin = (await signedInClient(a!.email, a!.password, host)).client;
  const hotel = await admin.call('/api/admin/products', {
    method: 'POST',
    body: { type: 'HLT', name: 'Hôtel des Plages', city: CITY, country: 'FR', address: '2 quai des Essais', latitude: 43.7, longitude: 7.26, time_zone: 'Europe/Paris' },
  });
  expect(hotel.status, hotel.text).toBe(201);
  productId = hotel.json.data.product_id;
  const room = await admin.call(`/api/admin/products/${productId}/rooms`, {
    method: 'POST',
    body: { code: 'DBL', name: { 'en-US': 'Double room' }, max_adults: 2, max_children: 1, max_occupancy: 3, units: 3 },
  });
  expect(room.status, room.text).toBe(201);
  roomId = room.json.data.room_id;
  const plan = await admin.call(`/api/admin/products/${productId}/rate-plans`, {
    method: 'POST',
    body: { code: 'BAR', name: { 'en-US': 'Best rate' }, board: 'RO', base_occupancy: 2, room_ids: [roomId] },
  });
  expect(plan.status, plan.text).toBe(201);
  planId = plan.json.data.rate_plan_id;
}, DB_TEST_TIMEOUT);

describe('ranges of nights', () => {
  it('a range on some weekdays sets only those nights; a later narrower range overrides the earlier wide one there only', async () => {
    // Two weeks at 100, Friday and Saturday nights at 150, then Wednesday and Thursday of the first week at 80.
    await ari([{ room_id: roomId, rate_plan_id: planId, from: monday, to: plus(monday, 13), price_usd_minor: 10000 }]);
    await ari([{ room_id: roomId, rate_plan_id: planId, from: monday, to: plus(monday, 13), weekdays: [5, 6], price_usd_minor: 15000 }]);
    // The search keeps the hotel's ranges in the isolate: it sees each change at once (the product's ARI version moves).
    expect(await searched(plus(monday, 3), plus(monday, 5))).toBe(250);
    await ari([{ room_id: roomId, rate_plan_id: planId, from: plus(monday, 2), to: plus(monday, 3), price_usd_minor: 8000 }]);
    expect(await prices(monday, 14)).toEqual([10000, 10000, 8000, 8000, 15000, 15000, 10000, 10000, 10000, 10000, 10000, 15000, 15000, 10000]);
    expect(await searched(plus(monday, 2), plus(monday, 5))).toBe(80 + 80 + 150);
    expect(await searched(plus(monday, 10), plus(monday, 12))).toBe(100 + 150);
    // The product's rates say the same, night by night.
    const rates = await call(`/api/products/${productId}/rates?check_in=${plus(monday, 2)}&check_out=${plus(monday, 4)}&occupancy=2&currency=USD`, { host });
    expect(rates.json.data.rooms[0].rates[0].nights.map((n: { price: number }) => n.price)).toEqual([80, 80]);
  }, DB_TEST_TIMEOUT);

  it('the same ranges pushed again add no rows: each push replaces the ranges it hides', async () => {
    const week = [
      { room_id: roomId, rate_plan_id: planId, from: plus(monday, 14), to: plus(monday, 27), price_usd_minor: 12000, min_stay: 2 },
      { room_id: roomId, rate_plan_id: planId, from: plus(monday, 14), to: plus(monday, 27), weekdays: [5, 6], price_usd_minor: 17000 },
      { room_id: roomId, from: plus(monday, 14), to: plus(monday, 27), units: 2 },
    ];
    await ari(week);
    const once = await rangeRows();
    await ari(week);
    await ari(week);
    expect(await rangeRows()).toBe(once);
    // A range saying less than an older one leaves it (its other fields still show); pushed again it replaces itself.
    await ari([{ room_id: roomId, rate_plan_id: planId, from: plus(monday, 14), to: plus(monday, 27), min_stay: 1 }]);
    await ari([{ room_id: roomId, rate_plan_id: planId, from: plus(monday, 14), to: plus(monday, 27), min_stay: 1 }]);
    expect(await rangeRows()).toBe(once + 1);
    expect(await prices(plus(monday, 14), 7)).toEqual([12000, 12000, 12000, 12000, 17000, 17000, 12000]);
    expect(await searched(plus(monday, 14), plus(monday, 15))).toBe(120);
  }, DB_TEST_TIMEOUT);

  it('rooms for sale set by a range stop a sale over them: the last room sells once, the next booking aborts with SOLD_OUT', async () => {
    const night = plus(monday, 30);
    await ari([{ room_id: roomId, rate_plan_id: planId, from: plus(monday, 28), to: plus(monday, 34), price_usd_minor: 9000 }]);
    // One room on that night's weekday for the week; the room type's three on the others.
    const weekday = ((new Date(`${night}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    await ari([{ room_id: roomId, from: plus(monday, 28), to: plus(monday, 34), weekdays: [weekday], units: 1 }]);
    await book(night, 1);
    await expect(book(night, 1)).rejects.toThrow(/SOLD_OUT/);
    expect(await searched(night, plus(night, 1))).toBeNull();
    await book(plus(night, 1), 3);
    await expect(book(plus(night, 1), 1)).rejects.toThrow(/SOLD_OUT/);
    // A stop sell on a night with rooms left stops it too; given back, the room sells again.
    await ari([{ room_id: roomId, from: plus(night, 2), to: plus(night, 2), stop_sell: true }]);
    await expect(book(plus(night, 2), 1)).rejects.toThrow(/SOLD_OUT/);
    await d1Query(`UPDATE bookings SET status = 'CANCELLED' WHERE org_id = ${orgId} AND check_in = '${night}'`);
    expect(await searched(night, plus(night, 1))).toBe(90);
    await book(night, 1);
    const sold = await d1Query<{ night: string; sold: number }>(`SELECT night, sold FROM room_nights WHERE room_id = ${roomId} ORDER BY night`);
    expect(sold.map((r) => ({ ...r }))).toEqual([{ night, sold: 1 }, { night: plus(night, 1), sold: 3 }]);
  }, DB_TEST_TIMEOUT);

  it('a price cleared takes the nights out of sale; cleared again by a later price, they sell', async () => {
    const from = plus(monday, 40);
    await ari([{ room_id: roomId, rate_plan_id: planId, from, to: plus(from, 6), price_usd_minor: 11000 }]);
    await ari([{ room_id: roomId, rate_plan_id: planId, from: plus(from, 2), to: plus(from, 2), price_usd_minor: null }]);
    expect(await prices(from, 4)).toEqual([11000, 11000, null, 11000]);
    expect(await searched(plus(from, 1), plus(from, 3))).toBeNull();
    expect(await searched(from, plus(from, 2))).toBe(220);
    await ari([{ room_id: roomId, rate_plan_id: planId, from: plus(from, 2), to: plus(from, 2), price_usd_minor: 13000 }]);
    expect(await searched(plus(from, 1), plus(from, 3))).toBe(110 + 130);
  }, DB_TEST_TIMEOUT);
});
