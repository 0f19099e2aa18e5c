// Booking a room (docs/contract.md#rooms-rates-and-availability): a rate_id booked as chosen (its room, rate, party and
// nights in every reply), fields that disagree with it refused, an expired or altered one refused, a price that moved
// (409 PRICE_CHANGED with a new rate_id that books), a room gone (409 SOLD_OUT), the last room raced for by 30 checkouts
// at once (one wins), and the rooms given back when a hold expires, a booking is cancelled or refunded; an agent's
// booking on account takes its room too. An org of its own, with hotels whose rooms and rates are written here.
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, Client, expectErrorShape } from './helpers';
import { day, key, payPending, traveler } from './booking-helpers';
import { DB_TEST_TIMEOUT, d1Query, d1QueryAll, freshIp } from './auth-helpers';
import { clientBody, newAgent } from './agent-helpers';
import { webhookCatcher } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { RATE_ID_TTL_MS, signRate } from '../../functions/flows/rates';
import type { Offer } from '../../src/shared/rules/stay-rates';

const HOST = `rooms-${crypto.randomUUID().slice(0, 8)}.localhost`;
const DEV_VARS = readDevVars() as Record<string, string>;
const RATE_KEY = DEV_VARS.RATE_SIGNING_KEY!;

/** The hotel with several rooms and plans, and the hotel with one room of one type, and their ids. */
const ids = { hotel: 0, lastRoom: 0, dbl: 0, suite: 0, one: 0, bar: 0, nrf: 0, fee: 0, oneBar: 0 };

const q = (text: string) => `'${text.replace(/'/g, "''")}'`;
const names = (en: string, fr: string, es: string) => q(JSON.stringify({ 'en-US': en, 'fr-FR': fr, 'es-ES': es }));

/** A room under a plan at one price for the next 91 nights: one range, as a channel manager sends it. */
const rateNights = (product: number, room: number, plan: number, price: number) => `
  INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, price_usd_minor) VALUES (${product}, ${room}, ${plan}, date('now'), date('now', '+90 day'), ${price});`;
/** One night's new price for a room under a plan (a range of one night, over the older ones). */
const priceNight = (room: number, plan: number, night: string, price: number) =>
  `INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, price_usd_minor) SELECT product_id, ${room}, ${plan}, '${night}', '${night}', ${price} FROM room_types WHERE id = ${room}`;

beforeAll(async () => {
  const [, , org] = await d1QueryAll(`
    INSERT INTO orgs (name, allow_guest_booking) VALUES ('Rooms Travel', 1);
    INSERT INTO org_domains (host, org_id) VALUES ('${HOST}', last_insert_rowid());
    SELECT org_id AS id FROM org_domains WHERE host = '${HOST}';`);
  const orgId = org![0]!.id as number;
  const product = async (name: string) =>
    (await d1Query<{ id: number }>(`
      INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone)
        VALUES (${orgId}, 'HLT', ${q(name)}, 'Lisbon', 'PT', 38.71, -9.14, 10000, 'night', 6, 'Europe/Lisbon');
      SELECT last_insert_rowid() AS id;`))[0]!.id;
  ids.hotel = await product('Hotel of Many Rooms');
  ids.lastRoom = await product('Hotel of the Last Room');
  const room = async (productId: number, code: string, name: string, max: [number, number, number], units: number) =>
    (await d1Query<{ id: number }>(`
      INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units)
        VALUES (${productId}, ${orgId}, '${code}', ${names(name, `${name} (fr)`, `${name} (es)`)}, ${max[0]}, ${max[1]}, ${max[2]}, ${units});
      SELECT last_insert_rowid() AS id;`))[0]!.id;
  ids.dbl = await room(ids.hotel, 'DBL', 'Double room', [2, 2, 4], 5);
  ids.suite = await room(ids.hotel, 'STE', 'Suite', [4, 2, 5], 2);
  ids.one = await room(ids.lastRoom, 'ONE', 'The only room', [2, 1, 3], 1);
  const plan = async (productId: number, code: string, name: string, terms: string, rooms: number[]) => {
    const [id] = await d1Query<{ id: number }>(`
      INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, free_cancellation_days, cancellation_fee_percent, base_occupancy,
        extra_adult_usd_minor, child_usd_minor, child_free_under)
        VALUES (${productId}, ${orgId}, '${code}', ${names(name, `${name} (fr)`, `${name} (es)`)}, ${terms}, 2, 2000, 1500, 3);
      SELECT last_insert_rowid() AS id;`);
    await d1Query(rooms.map((r) => `INSERT INTO rate_plan_rooms (rate_plan_id, room_id) VALUES (${id!.id}, ${r});`).join('\n'));
    return id!.id;
  };
  ids.bar = await plan(ids.hotel, 'BAR', 'Flexible rate', "'RO', 1, 2, NULL", [ids.dbl, ids.suite]);
  ids.nrf = await plan(ids.hotel, 'NRF', 'Non-refundable with breakfast', "'BB', 0, NULL, NULL", [ids.dbl]);
  ids.fee = await plan(ids.hotel, 'SEMI', 'Semi-flexible', "'HB', 1, 10, 30", [ids.dbl]);
  ids.oneBar = await plan(ids.lastRoom, 'BAR', 'Room only', "'RO', 1, 1, NULL", [ids.one]);
  await d1QueryAll(
    rateNights(ids.hotel, ids.dbl, ids.bar, 12000) + rateNights(ids.hotel, ids.dbl, ids.nrf, 10000) + rateNights(ids.hotel, ids.dbl, ids.fee, 11000) +
      rateNights(ids.hotel, ids.suite, ids.bar, 25000) + rateNights(ids.lastRoom, ids.one, ids.oneBar, 20000),
  );
}, DB_TEST_TIMEOUT);

const preview = (body: Record<string, unknown>) => call('/api/booking/preview', { host: HOST, body: { currency: 'USD', ...body } });
// Each checkout is another guest's, from an address of their own (guests' checkouts are limited per address).
const checkout = (body: Record<string, unknown>, idempotencyKey = key()) =>
  call('/api/booking/checkout', { host: HOST, body: { currency: 'USD', traveler, idempotency_key: idempotencyKey, ...body }, headers: { 'cf-connecting-ip': freshIp() } });
const bookingOf = (ref: string) => call(`/api/bookings/${ref}`, { host: HOST });
const expire = (paymentUrl: string) => call(`/_sim/stripe/checkout/${paymentUrl.split('/').pop()}/expire`, { host: HOST, body: {} });
const webhook = (raw: string, signature: string) =>
  call('/api/payments/webhook', { method: 'POST', rawBody: raw, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
/** Signs a payload as the provider does, with the configured webhook secret. */
const sign = (raw: string, at = Math.floor(Date.now() / 1000)) => `t=${at},v1=${createHmac('sha256', DEV_VARS.STRIPE_WEBHOOK_SECRET!).update(`${at}.${raw}`).digest('hex')}`;
const pay = (paymentUrl: string) => call(`/_sim/stripe/checkout/${paymentUrl.split('/').pop()}/pay`, { host: HOST, body: { card: '4242424242424242' } });

/** A rate_id for a room type under a plan, as the product's rates sign it (the same code and key as the Worker's). */
function rateFor(o: { product: number; room: number; plan: number; totalUsdMinor: number; checkIn: string; checkOut: string; occupancy: string[] }, nowMs = Date.now()) {
  const rooms = o.occupancy.map((text) => {
    const [adults, ages] = text.split('-');
    return { adults: Number(adults), children: ages ? ages.split(',').map(Number) : [] };
  });
  const offer = { room: { room_id: o.room }, plan: { rate_plan_id: o.plan }, totalUsdMinor: o.totalUsdMinor } as unknown as Offer;
  return signRate(RATE_KEY, o.product, offer, { checkIn: o.checkIn, checkOut: o.checkOut, rooms }, nowMs);
}

/** Rooms sold of a room type on each night from `from` (included) to `to` (excluded), 0 for a night without a row. */
async function soldOn(room: number, from: string, to: string): Promise<number[]> {
  const rows = await d1Query<{ night: string; sold: number }>(`SELECT night, sold FROM room_nights WHERE room_id = ${room} AND night >= '${from}' AND night < '${to}'`);
  const out: number[] = [];
  for (let d = from; d < to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) out.push(rows.find((r) => r.night === d)?.sold ?? 0);
  return out;
}

const toMinor = (amount: number) => Math.round(amount * 100);

describe('booking a chosen rate', () => {
  it('books the room and rate its rate_id names, and every reply states the room, rate, party and nights, which add up', async () => {
    // Two adults and a child of 5 in a double under the flexible rate: 120 + 15 for the child a night, one night dearer.
    await d1Query(priceNight(ids.dbl, ids.bar, day(21), 14000));
    const stay = { checkIn: day(20), checkOut: day(23), occupancy: ['2-5'] };
    const rate_id = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.bar, totalUsdMinor: 13500 * 2 + 15500, ...stay });

    const p = await preview({ rate_id });
    expect(p.status, p.text).toBe(200);
    expect(p.json.data).toMatchObject({
      price: 425, total: 425, currency: 'USD', check_in: day(20), check_out: day(23), guests: 3, occupancy: ['2-5'],
      room: { room_id: ids.dbl, name: 'Double room' }, rate: { rate_plan_id: ids.bar, name: 'Flexible rate', board: 'RO', refundable: true },
    });
    expect(p.json.data.nights).toEqual([{ date: day(20), price: 135 }, { date: day(21), price: 155 }, { date: day(22), price: 135 }]);
    // The plan's own terms: free until 2 days before check-in at 18:00 in Lisbon.
    expect(p.json.data.free_cancellation_deadline).toBe(p.json.data.product.free_cancellation_deadline);
    expect(new Date(p.json.data.free_cancellation_deadline).toISOString().slice(0, 10)).toBe(day(18));

    // In another currency each night is converted and the price is their sum, to the minor unit.
    const eur = await preview({ rate_id, currency: 'EUR' });
    expect(eur.status, eur.text).toBe(200);
    expect(eur.json.data.nights.reduce((s: number, n: { price: number }) => s + toMinor(n.price), 0)).toBe(toMinor(eur.json.data.price));
    // In French the room and the rate are named in French.
    const fr = await call('/api/booking/preview?lang=fr-FR', { host: HOST, body: { rate_id, currency: 'EUR' } });
    expect(fr.json.data.room.name).toBe('Double room (fr)');
    expect(fr.json.data.rate.name).toBe('Flexible rate (fr)');

    const before = await soldOn(ids.dbl, day(20), day(23));
    const r = await checkout({ rate_id });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'PENDING_PAYMENT', total: 425, room: { room_id: ids.dbl }, rate: { rate_plan_id: ids.bar }, occupancy: ['2-5'] });
    expect(r.json.data.nights).toHaveLength(3);
    // The hold takes the room for each night of the stay, and only those.
    expect(await soldOn(ids.dbl, day(19), day(24))).toEqual([0, ...before.map((n) => n + 1), 0]);
    const [row] = await d1Query<Record<string, any>>(`SELECT room_id, rate_plan_id, rooms, occupancy, nights, room, rate, guests, price_minor FROM bookings WHERE booking_ref = '${r.json.data.booking_id}'`);
    expect(row).toMatchObject({ room_id: ids.dbl, rate_plan_id: ids.bar, rooms: 1, occupancy: '["2-5"]', guests: 3, price_minor: 42500 });
    expect(JSON.parse(row!.nights).map((n: { price: number }) => n.price)).toEqual([13500, 15500, 13500]);
    expect(JSON.parse(row!.rate)).toMatchObject({ board: 'RO', refundable: true, free_cancellation_days: 2 });

    const paid = await payPending(r, { host: HOST });
    expect(paid).toMatchObject({ status: 'CONFIRMED', room: { room_id: ids.dbl, name: 'Double room' }, rate: { name: 'Flexible rate', board: 'RO' }, occupancy: ['2-5'] });
    expect(paid.nights.reduce((s: number, n: { price: number }) => s + toMinor(n.price), 0)).toBe(toMinor(paid.price));
    expect(paid.free_cancellation_until).toBe(day(18));
  });

  it('two rooms under one rate take two rooms of the type each night', async () => {
    const stay = { checkIn: day(25), checkOut: day(26), occupancy: ['2', '1'] };
    const rate_id = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.nrf, totalUsdMinor: 20000, ...stay });
    const r = await checkout({ rate_id });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ total: 200, occupancy: ['2', '1'], rate: { board: 'BB', refundable: false } });
    expect(await soldOn(ids.dbl, day(25), day(26))).toEqual([2]);
    // A non-refundable rate never cancels free: the booking says so.
    const b = await bookingOf(r.json.data.booking_id);
    expect(b.json.data).toMatchObject({ free_cancellation_deadline: null, free_cancellation_until: null });
  });

  it('refuses a field sent with the rate_id that says something else, and takes one that agrees', async () => {
    const stay = { checkIn: day(30), checkOut: day(32), occupancy: ['2'] };
    const rate_id = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.bar, totalUsdMinor: 24000, ...stay });
    for (const [path, extra] of [
      ['product_id', { product_id: ids.lastRoom }],
      ['check_in', { check_in: day(31) }],
      ['check_out', { check_out: day(33) }],
      ['occupancy', { occupancy: ['1'] }],
      ['guests', { guests: 3 }],
    ] as const) {
      const r = await preview({ rate_id, ...extra });
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      expect(r.json.error.issues[0].path).toBe(path);
    }
    const agreeing = await preview({ rate_id, product_id: ids.hotel, check_in: day(30), check_out: day(32), occupancy: ['2'], guests: 2 });
    expect(agreeing.status, agreeing.text).toBe(200);
    expect(agreeing.json.data.price).toBe(240);
  });

  it('refuses an expired, altered or foreign rate_id: "This price has expired: search again"', async () => {
    const stay = { checkIn: day(30), checkOut: day(31), occupancy: ['2'] };
    const good = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.bar, totalUsdMinor: 12000, ...stay });
    const expired = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.bar, totalUsdMinor: 12000, ...stay }, Date.now() - RATE_ID_TTL_MS - 1000);
    const [body, mac] = good.split('.');
    const cheaper = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), total_usd_minor: 1 })).toString('base64url');
    const foreign = await signRate('another-key', ids.hotel, { room: { room_id: ids.dbl }, plan: { rate_plan_id: ids.bar }, totalUsdMinor: 12000 } as unknown as Offer, { ...stay, rooms: [{ adults: 2, children: [] }] });
    for (const rate_id of [expired, `${cheaper}.${mac}`, foreign, `${body}.${mac}x`, 'not-a-rate']) {
      for (const send of [preview, checkout]) {
        const r = await send({ rate_id });
        expect(r.status, r.text).toBe(400);
        expectErrorShape(r.json, 'BAD_REQUEST');
        expect(r.json.error.message).toBe('This price has expired: search again');
        expect(r.json.error.issues).toEqual([expect.objectContaining({ path: 'rate_id', message: 'This price has expired: search again' })]);
      }
    }
    expect((await preview({ rate_id: good })).status).toBe(200);
  });

  it('a price that moved since the rate was quoted is 409 PRICE_CHANGED with the new total and a rate_id that books it', async () => {
    const stay = { checkIn: day(35), checkOut: day(37), occupancy: ['2'] };
    const rate_id = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.bar, totalUsdMinor: 24000, ...stay });
    expect((await preview({ rate_id })).status).toBe(200);
    await d1Query(priceNight(ids.dbl, ids.bar, day(36), 13000));

    const before = (await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM bookings WHERE product_id = ${ids.hotel}`))[0]!.n;
    for (const send of [preview, checkout]) {
      const r = await send({ rate_id, currency: 'EUR' });
      expect(r.status, r.text).toBe(409);
      expectErrorShape(r.json, 'PRICE_CHANGED');
      expect(r.json.error.message).toBe('The price for these dates has changed');
      expect(r.json.error.data).toMatchObject({ currency: 'EUR', rate_id: expect.any(String) });
      expect(r.json.error.data.rate_id).not.toBe(rate_id);
    }
    expect((await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM bookings WHERE product_id = ${ids.hotel}`))[0]!.n).toBe(before);

    const changed = await preview({ rate_id });
    const fresh = changed.json.error.data;
    expect(fresh).toMatchObject({ total: 250, currency: 'USD' });
    const booked = await checkout({ rate_id: fresh.rate_id });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.data).toMatchObject({ total: 250, room: { room_id: ids.dbl }, rate: { rate_plan_id: ids.bar } });
    expect(booked.json.data.nights.map((n: { price: number }) => n.price)).toEqual([120, 130]);
  });

  it('a room that can no longer be sold is 409 SOLD_OUT, with or without a rate_id', async () => {
    const stay = { checkIn: day(40), checkOut: day(42), occupancy: ['2'] };
    const rate_id = await rateFor({ product: ids.hotel, room: ids.suite, plan: ids.bar, totalUsdMinor: 50000, ...stay });
    expect((await preview({ rate_id })).status).toBe(200);
    // The channel closes the suites on the second night; another rate of the hotel still sells doubles.
    await d1Query(`INSERT INTO room_ranges (product_id, room_id, from_night, to_night, stop_sell) VALUES (${ids.hotel}, ${ids.suite}, '${day(41)}', '${day(41)}', 1)`);
    for (const send of [preview, checkout]) {
      const r = await send({ rate_id });
      expect(r.status, r.text).toBe(409);
      expectErrorShape(r.json, 'SOLD_OUT');
      expect(r.json.error.message).toBe('This room is no longer available for these dates');
    }
    // Four adults fit only a suite: without a rate_id nothing is left either.
    const four = await preview({ product_id: ids.hotel, check_in: day(40), check_out: day(42), occupancy: ['4'] });
    expect(four.status, four.text).toBe(409);
    expectErrorShape(four.json, 'SOLD_OUT');
    // Two adults are sold the cheapest double.
    const two = await preview({ product_id: ids.hotel, check_in: day(40), check_out: day(42), occupancy: ['2'] });
    expect(two.status, two.text).toBe(200);
    expect(two.json.data).toMatchObject({ price: 200, rate: { rate_plan_id: ids.nrf } });
    // A party no room of the hotel houses is refused as input.
    const nine = await preview({ product_id: ids.hotel, check_in: day(40), check_out: day(42), occupancy: ['5-2,4'] });
    expect(nine.status, nine.text).toBe(400);
    expect(nine.json.error.issues[0].path).toBe('occupancy');
  });
});

describe('the last room', () => {
  const stayOf = (from: number) => ({ product_id: ids.lastRoom, check_in: day(from), check_out: day(from + 2), occupancy: ['2'] });

  it('of 30 checkouts in flight for it, exactly one gets it and the others are 409 SOLD_OUT', async () => {
    const r = await Promise.all(Array.from({ length: 30 }, () => checkout(stayOf(50))));
    const won = r.filter((x) => x.status === 200);
    const lost = r.filter((x) => x.status !== 200);
    expect(won, r.map((x) => `${x.status} ${x.text.slice(0, 120)}`).join('\n')).toHaveLength(1);
    for (const x of lost) {
      expect(x.status, x.text).toBe(409);
      expectErrorShape(x.json, 'SOLD_OUT');
    }
    expect(await soldOn(ids.one, day(50), day(52))).toEqual([1, 1]);
    const rows = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM bookings WHERE room_id = ${ids.one} AND check_in = '${day(50)}' AND status IN ('PENDING_PAYMENT', 'CONFIRMED')`);
    expect(rows[0]!.n).toBe(1);
  }, 180_000);

  it('a hold whose payment expires gives the room back, and the next checkout gets it', async () => {
    const first = await checkout(stayOf(55));
    expect(first.status, first.text).toBe(200);
    expect((await checkout(stayOf(55))).status).toBe(409);
    expect((await expire(first.json.data.payment_url)).status).toBe(200);
    expect((await bookingOf(first.json.data.booking_id)).json.data.status).toBe('EXPIRED');
    expect(await soldOn(ids.one, day(55), day(57))).toEqual([0, 0]);
    const next = await checkout(stayOf(55));
    expect(next.status, next.text).toBe(200);
    expect(await soldOn(ids.one, day(55), day(57))).toEqual([1, 1]);
  });

  it('a payment that arrives after its hold expired is refunded, and the room, taken by then, is not given back twice', async () => {
    const first = await checkout(stayOf(58));
    expect(first.status, first.text).toBe(200);
    // The payment's webhook is held back while the expiry comes first, as events out of order do.
    const catcher = await webhookCatcher();
    try {
      await call('/_sim/stripe/control', { body: { webhook_url: catcher.url } });
      expect((await pay(first.json.data.payment_url)).status).toBe(200);
    } finally {
      await call('/_sim/stripe/control', { body: { webhook_url: null } });
      await catcher.close();
    }
    const completed = catcher.captured.find((c) => c.type === 'checkout.session.completed')!;
    const event = JSON.parse(completed.raw);
    const expiredFirst = JSON.stringify({ ...event, id: `evt_test_${crypto.randomUUID().replace(/-/g, '')}`, type: 'checkout.session.expired', data: { object: { ...event.data.object, status: 'expired', url: null } } });
    expect((await webhook(expiredFirst, sign(expiredFirst))).json.data.outcome).toBe('expired');
    expect(await soldOn(ids.one, day(58), day(60))).toEqual([0, 0]);
    const second = await checkout(stayOf(58));
    expect(second.status, second.text).toBe(200);
    expect((await webhook(completed.raw, completed.signature)).json.data.outcome).toBe('refunded');
    expect((await bookingOf(first.json.data.booking_id)).json.data.status).toBe('REFUNDED');
    expect(await soldOn(ids.one, day(58), day(60))).toEqual([1, 1]);
  });

  it('cancelling gives the room back (a waiting hold as a paid booking), and the next checkout gets it', async () => {
    const held = await checkout(stayOf(60));
    expect(held.status, held.text).toBe(200);
    const released = await call(`/api/bookings/${held.json.data.booking_id}/cancel`, { host: HOST, body: {} });
    expect(released.status, released.text).toBe(200);
    expect(released.json.data.status, 'a hold let go by its owner is cancelled, not expired').toBe('CANCELLED');
    expect(await soldOn(ids.one, day(60), day(62))).toEqual([0, 0]);

    const booked = await checkout(stayOf(60));
    expect(booked.status, booked.text).toBe(200);
    expect(await payPending(booked, { host: HOST })).toMatchObject({ status: 'CONFIRMED' });
    expect((await checkout(stayOf(60))).status).toBe(409);
    const cancelled = await call(`/api/bookings/${booked.json.data.booking_id}/cancel`, { host: HOST, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: 'CANCELLED', refunded_amount: 400 });
    expect(await soldOn(ids.one, day(60), day(62))).toEqual([0, 0]);
    expect((await checkout(stayOf(60))).status).toBe(200);
  });
});

describe('a rate plan’s own cancellation terms', () => {
  it('past its free days, cancelling keeps the plan’s fee and refunds the rest', async () => {
    // Free until 10 days before check-in, then 30 %: checking in 5 days from now, the fee applies at once.
    const rate_id = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.fee, totalUsdMinor: 22000, checkIn: day(5), checkOut: day(7), occupancy: ['2'] });
    const r = await checkout({ rate_id });
    expect(r.status, r.text).toBe(200);
    const paid = await payPending(r, { host: HOST });
    expect(paid.status).toBe('CONFIRMED');
    expect(Date.parse(paid.free_cancellation_deadline)).toBeLessThan(Date.now());
    expect(paid.free_cancellation_until).toBe(day(-5));
    // What cancelling costs now, before it is asked: the card part less 30 % of the price.
    const quote = await call(`/api/bookings/${paid.booking_id}/cancel-quote`, { host: HOST });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json.data).toEqual({
      refund_card: 154, refund_wallet: { certificate: 0, discount: 0, cash: 0 }, fee: 66, currency: 'USD', deadline: paid.free_cancellation_deadline,
    });
    const cancelled = await call(`/api/bookings/${paid.booking_id}/cancel`, { host: HOST, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: 'CANCELLED', paid_amount: 220, refunded_amount: 154 });
    expect(await soldOn(ids.dbl, day(5), day(7))).toEqual([0, 0]);
  });

  it('a non-refundable plan is never cancelled', async () => {
    const rate_id = await rateFor({ product: ids.hotel, room: ids.dbl, plan: ids.nrf, totalUsdMinor: 10000, checkIn: day(45), checkOut: day(46), occupancy: ['2'] });
    const paid = await payPending(await checkout({ rate_id }), { host: HOST });
    expect(paid.status).toBe('CONFIRMED');
    const quote = await call(`/api/bookings/${paid.booking_id}/cancel-quote`, { host: HOST });
    expect(quote.status, quote.text).toBe(409);
    expect(quote.json.error.message).toBe('This booking can no longer be cancelled free of charge');
    const r = await call(`/api/bookings/${paid.booking_id}/cancel`, { host: HOST, body: {} });
    expect(r.status, r.text).toBe(409);
    expect(await soldOn(ids.dbl, day(45), day(46))).toEqual([1]);
  });
});

describe('an agent’s booking on account', () => {
  let agent: Client;
  beforeAll(async () => {
    agent = await newAgent(HOST);
  }, DB_TEST_TIMEOUT);

  const quote = async (body: Record<string, unknown>) => {
    const client = await agent.call('/api/agent/clients', { body: clientBody() });
    expect(client.status, client.text).toBe(201);
    const r = await agent.call('/api/agent/quotes', { body: { client_id: client.json.data.client_id, currency: 'USD', markup_percent: 10, ...body } });
    expect(r.status, r.text).toBe(201);
    return r.json.data as { quote_id: number; net_price: number; total: number; guests: number };
  };

  it('takes its room for every night, priced on the stay’s total as a quote always was', async () => {
    const q1 = await quote({ product_id: ids.hotel, check_in: day(65), check_out: day(67), occupancy: ['2-5'] });
    // The cheapest for two adults and a child of 5: the non-refundable double, 100 + 15 a night.
    expect(q1).toMatchObject({ net_price: 230, total: 253, guests: 3 });
    const booked = await agent.call(`/api/agent/quotes/${q1.quote_id}/book`, { body: {} });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.data).toMatchObject({ status: 'CONFIRMED', charged_usd: 230 });
    expect(await soldOn(ids.dbl, day(65), day(67))).toEqual([1, 1]);
    const [row] = await d1Query<Record<string, any>>(`SELECT room_id, rate_plan_id, rooms, occupancy, nights FROM agent_bookings WHERE booking_ref = '${booked.json.data.booking_id}'`);
    expect(row).toMatchObject({ room_id: ids.dbl, rate_plan_id: ids.nrf, rooms: 1, occupancy: '["2-5"]' });
    expect(JSON.parse(row!.nights)).toEqual([{ date: day(65), price: 11500 }, { date: day(66), price: 11500 }]);

    // A rate the agent chose is quoted as chosen; the existing payload (guests) still quotes the cheapest.
    const rate_id = await rateFor({ product: ids.hotel, room: ids.suite, plan: ids.bar, totalUsdMinor: 25000, checkIn: day(65), checkOut: day(66), occupancy: ['2'] });
    expect(await quote({ rate_id })).toMatchObject({ net_price: 250, total: 275 });
    expect(await quote({ product_id: ids.hotel, check_in: day(65), check_out: day(66), guests: 2 })).toMatchObject({ net_price: 100, total: 110 });
  });

  it('a room gone since the quote is 409 SOLD_OUT and writes nothing', async () => {
    const q1 = await quote({ product_id: ids.lastRoom, check_in: day(70), check_out: day(71), occupancy: ['2'] });
    const q2 = await quote({ product_id: ids.lastRoom, check_in: day(70), check_out: day(71), occupancy: ['2'] });
    expect((await agent.call(`/api/agent/quotes/${q1.quote_id}/book`, { body: {} })).status).toBe(200);
    const lost = await agent.call(`/api/agent/quotes/${q2.quote_id}/book`, { body: {} });
    expect(lost.status, lost.text).toBe(409);
    expectErrorShape(lost.json, 'SOLD_OUT');
    expect(await soldOn(ids.one, day(70), day(71))).toEqual([1]);
    const [quoted] = await d1Query<{ status: string }>(`SELECT status FROM agent_quotes WHERE id = ${q2.quote_id}`);
    expect(quoted!.status).not.toBe('BOOKED');
    expect((await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM credit_ledger WHERE note IN (SELECT booking_ref FROM agent_bookings WHERE quote_id = ${q2.quote_id})`))[0]!.n).toBe(0);
  });
});

describe('the existing payload', () => {
  it('books the cheapest sellable rate for guests, as one room of that many adults', async () => {
    const r = await preview({ product_id: ids.hotel, check_in: day(75), check_out: day(77), guests: 2 });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ price: 200, guests: 2, occupancy: ['2'], rate: { rate_plan_id: ids.nrf } });
    expect(r.json.data.rate_id).toEqual(expect.any(String));
  });
});
