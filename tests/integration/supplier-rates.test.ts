// A bed bank's hotel sold like an own hotel (CONTRACT §17 and §18, decision 0069), over real HTTP against the Hotelbeds
// simulator: its rooms and rates asked live with children's ages (an even-coded BOOKABLE hotel and an odd-coded RECHECK
// one), a supplier rate_id previewed and booked (PENDING_PAYMENT with the supplier's key, net and state, no room of ours
// taken), a RECHECK rate repriced (409 PRICE_CHANGED whose new rate_id books) or gone (409 SOLD_OUT), a tampered rate_id
// refused, the supplier failing on rates answered with a clear 503, and an agent's quote kept with the supplier's net.
// A new org of its own, connected to the simulator's small test account and imported (the seed's orgs are left alone).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Client } from './helpers';
import { day, key, traveler } from './booking-helpers';
import { d1Query, freshIp, signedInClient, verifiedAccount } from './auth-helpers';
import { clientBody, newAgent } from './agent-helpers';
import { BOOKING_MSG } from '../../src/shared/contract/booking';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const IMPORT_TIMEOUT = 240_000;
const MARKUP_BPS = 1000;

let host: string;
let orgId: number;
let admin: Client;
/** Lisbon's imported hotels by the parity of their supplier code. */
const lisbon = { even: [] as { id: number; code: string }[], odd: [] as { id: number; code: string }[] };

const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const ratesOf = (id: number, query: string, lang = 'en-US') => call(`/api/products/${id}/rates?${query}&lang=${lang}`, { host });
const preview = (body: Record<string, unknown>) => call('/api/booking/preview', { host, body: { currency: 'EUR', ...body } });
const checkout = (body: Record<string, unknown>) =>
  call('/api/booking/checkout', { host, body: { currency: 'EUR', traveler, idempotency_key: key(), ...body }, headers: { 'cf-connecting-ip': freshIp() } });
/** What a rate_id says (its body is base64url JSON; the signature is checked by the server alone). */
const claimOf = (rateId: string) => JSON.parse(Buffer.from(rateId.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, any>;
const toMinor = (amount: number) => Math.round(amount * 100);

const STAY = `check_in=${day(40)}&check_out=${day(43)}&occupancy=2-5,9&currency=EUR`;

/** The first hotel of the list whose rooms the supplier sells for the stay, with its rates' answer. */
async function sellingHotel(hotels: { id: number; code: string }[], query = STAY) {
  for (const hotel of hotels) {
    const r = await ratesOf(hotel.id, query);
    expect(r.status, r.text).toBe(200);
    if (r.json.data.rooms.length) return { hotel, rates: r.json.data };
  }
  throw new Error('no hotel of the list sells the stay');
}

beforeAll(async () => {
  const slug = `suprates-${crypto.randomUUID().slice(0, 8)}`;
  host = `${slug}.localhost`;
  const [org] = await d1Query<{ id: number }>(
    `INSERT INTO orgs (name, default_language, default_currency, allow_guest_booking) VALUES ('Supplier rates ${slug}', 'en-US', 'EUR', 1);
     INSERT INTO org_domains (host, org_id) VALUES ('${host}', last_insert_rowid());
     SELECT org_id AS id FROM org_domains WHERE host = '${host}';`,
  );
  orgId = org!.id;
  const [a] = await Promise.all([verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';`);
  admin = (await signedInClient(a!.email, a!.password, host)).client;
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: MARKUP_BPS / 100, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
  const started = await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
  expect(started.status, started.text).toBe(202);
  for (const t0 = Date.now(); ; ) {
    const state = (await admin.call('/api/admin/suppliers/hotelbeds/import')).json.data;
    if (state && state.status !== 'running') {
      expect(state.status, JSON.stringify(state)).toBe('done');
      break;
    }
    if (Date.now() - t0 > IMPORT_TIMEOUT - 20_000) throw new Error('the import did not finish in time');
    await new Promise((done) => setTimeout(done, 500));
  }
  const rows = await d1Query<{ id: number; code: string }>(
    `SELECT id, supplier_code AS code FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds' AND city = 'Lisbon' ORDER BY CAST(supplier_code AS INTEGER) LIMIT 12`,
  );
  for (const row of rows) (Number(row.code) % 2 === 0 ? lisbon.even : lisbon.odd).push(row);
  expect(lisbon.even.length).toBeGreaterThan(0);
  expect(lisbon.odd.length).toBeGreaterThan(0);
}, IMPORT_TIMEOUT);

describe('a supplier hotel’s rooms and rates', () => {
  it('asks the bed bank with the children’s ages and answers section 17’s shapes: supplier rooms, board, terms, charges, a signed rate_id', async () => {
    const { hotel, rates } = await sellingHotel(lisbon.even);
    expect(rates.nights).toBe(3);
    const imported = await d1Query<{ id: number; code: string }>(`SELECT id, code FROM room_types WHERE product_id = ${hotel.id}`);
    for (const room of rates.rooms) {
      expect(room.name.length).toBeGreaterThan(0);
      // The room is the imported room type of the same code.
      expect(imported.find((r) => r.code === room.code)?.id).toBe(room.room_id);
      for (const rate of room.rates) {
        expect(['RO', 'BB', 'HB', 'FB', 'AI']).toContain(rate.board);
        expect(rate.currency).toBe('EUR');
        expect(rate.nights.map((n: { date: string }) => n.date)).toEqual([day(40), day(41), day(42)]);
        expect(rate.nights.reduce((s: number, n: { price: number }) => s + toMinor(n.price), 0)).toBe(toMinor(rate.total));
        const claim = claimOf(rate.rate_id);
        expect(claim).toMatchObject({ supplier: 'hotelbeds', product_id: hotel.id, check_in: day(40), check_out: day(43), occupancy: ['2-5,9'], recheck: false, net_currency: 'EUR' });
        // The rate key names the party: 1 room, 2 adults, 2 children aged 5 and 9.
        expect(claim.rate_key).toContain('1~2~2');
        expect(claim.rate_key).toContain('5,9');
        // Sold at the net converted (EUR to EUR) with the org's 10 % markup.
        expect(Math.abs(toMinor(rate.total) - Math.round(claim.net_minor * 1.1))).toBeLessThanOrEqual(1);
        if (rate.refundable) {
          expect(rate.free_cancellation_deadline).not.toBeNull();
          expect(rate.cancellation_charges.length).toBeGreaterThan(0);
          expect(rate.cancellation_fee_percent).toBeGreaterThan(0);
        } else {
          expect(rate.free_cancellation_deadline).toBeNull();
        }
      }
    }
    // In French, the rate's name is French.
    const fr = await ratesOf(hotel.id, STAY, 'fr-FR');
    expect(fr.status, fr.text).toBe(200);
    expect(fr.json.data.rooms[0].rates[0].name).toMatch(/^Tarif /);
  });

  it('marks an odd-coded hotel’s rates RECHECK in their rate_id', async () => {
    const { rates } = await sellingHotel(lisbon.odd);
    for (const room of rates.rooms) for (const rate of room.rates) expect(claimOf(rate.rate_id).recheck).toBe(true);
  });

  it('answers the supplier failing on rates with a clear 503, never a 500', async () => {
    await control({ fail_next: 'availability' });
    const r = await ratesOf(lisbon.even[0]!.id, STAY);
    expect(r.status, r.text).toBe(503);
    expectErrorShape(r.json, 'UPSTREAM_FAILED');
    expect(r.json.error.message).toBe(BOOKING_MSG.supplierDown);
  });
});

describe('booking a supplier rate', () => {
  it('previews and books a BOOKABLE rate from its claim: PENDING_PAYMENT with the supplier’s key, net and to_book, no room of ours', async () => {
    const { hotel, rates } = await sellingHotel(lisbon.even);
    const rate = rates.rooms[0].rates[0];
    const claim = claimOf(rate.rate_id);
    const p = await preview({ rate_id: rate.rate_id });
    expect(p.status, p.text).toBe(200);
    expect(p.json.data).toMatchObject({
      price: rate.total, total: rate.total, currency: 'EUR', check_in: day(40), check_out: day(43), guests: 4, occupancy: ['2-5,9'],
      room: { room_id: rates.rooms[0].room_id, name: rates.rooms[0].name }, rate: { rate_plan_id: 0, board: rate.board, refundable: rate.refundable },
    });
    expect(p.json.data.nights).toEqual(rate.nights);

    const b = await checkout({ rate_id: rate.rate_id });
    expect(b.status, b.text).toBe(200);
    expect(b.json.data).toMatchObject({ status: 'PENDING_PAYMENT', total: rate.total, room: { name: rates.rooms[0].name }, rate: { board: rate.board } });
    expect(b.json.data.payment_url).toBeTruthy();
    const [row] = await d1Query<Record<string, any>>(
      `SELECT status, product_id, room_id, rate_plan_id, rooms, occupancy, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state, total_minor
       FROM bookings WHERE booking_ref = '${b.json.data.booking_id}'`,
    );
    expect(row).toMatchObject({
      status: 'PENDING_PAYMENT', product_id: hotel.id, room_id: null, rate_plan_id: null, rooms: 1, occupancy: '["2-5,9"]',
      supplier: 'hotelbeds', supplier_rate_key: claim.rate_key, supplier_net_minor: claim.net_minor, supplier_currency: 'EUR', supplier_state: 'to_book', total_minor: toMinor(rate.total),
    });
    // The supplier holds the allotment: no night of the imported room types was taken.
    expect(await d1Query(`SELECT 1 FROM room_nights WHERE product_id = ${hotel.id} AND sold > 0`)).toEqual([]);
    // The booking's page shows the room and the rate as for an own hotel.
    const page = await call(`/api/bookings/${b.json.data.booking_id}`, { host });
    expect(page.status, page.text).toBe(200);
    expect(page.json.data).toMatchObject({ room: { name: rates.rooms[0].name }, rate: { board: rate.board }, occupancy: ['2-5,9'] });
  });

  it('writes one supplier booking for 30 checkouts of one rate under one key in flight at once', async () => {
    const account = (await verifiedAccount(host))!;
    const member = (await signedInClient(account.email, account.password, host)).client;
    const { hotel, rates } = await sellingHotel(lisbon.even, `check_in=${day(70)}&check_out=${day(71)}&occupancy=2&currency=EUR`);
    const body = { rate_id: rates.rooms[0].rates[0].rate_id, currency: 'EUR', traveler, idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 30 }, () => member.call('/api/booking/checkout', { body })));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(new Set(answers.map((a) => a.json.data.booking_id)).size).toBe(1);
    const rows = await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM bookings WHERE product_id = ${hotel.id} AND check_in = '${day(70)}' AND supplier_state = 'to_book'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a tampered rate_id (400) and writes nothing', async () => {
    const { rates } = await sellingHotel(lisbon.even);
    const [body, mac] = rates.rooms[0].rates[0].rate_id.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const cheaper = `${Buffer.from(JSON.stringify({ ...claim, net_minor: 100 })).toString('base64url')}.${mac}`;
    for (const rate_id of [cheaper, `${body}.${mac}x`]) {
      const r = await checkout({ rate_id });
      expect(r.status, r.text).toBe(400);
      expect(r.json.error.issues[0]).toMatchObject({ path: 'rate_id', message: BOOKING_MSG.rateExpired });
    }
  });

  it('checks a RECHECK rate before the payment: a changed net is 409 PRICE_CHANGED, and its new rate_id books at the new price', async () => {
    const { hotel, rates } = await sellingHotel(lisbon.odd);
    const rate = rates.rooms[0].rates[0];
    const before = claimOf(rate.rate_id);
    await control({ reprice_next_percent: 10 });
    const moved = await checkout({ rate_id: rate.rate_id });
    expect(moved.status, moved.text).toBe(409);
    expectErrorShape(moved.json, 'PRICE_CHANGED');
    expect(moved.json.error.message).toBe(BOOKING_MSG.priceChanged);
    const { total, currency, rate_id } = moved.json.error.data;
    expect(currency).toBe('EUR');
    expect(total).toBeGreaterThan(rate.total);
    const after = claimOf(rate_id);
    expect(after.net_minor).toBeGreaterThan(before.net_minor);
    expect(after.recheck).toBe(false);
    expect(await d1Query(`SELECT 1 FROM bookings WHERE product_id = ${hotel.id}`)).toEqual([]);

    const booked = await checkout({ rate_id });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.data).toMatchObject({ status: 'PENDING_PAYMENT', total });
    const [row] = await d1Query<Record<string, any>>(`SELECT supplier_rate_key, supplier_net_minor, supplier_state FROM bookings WHERE booking_ref = '${booked.json.data.booking_id}'`);
    expect(row).toEqual({ supplier_rate_key: after.rate_key, supplier_net_minor: after.net_minor, supplier_state: 'to_book' });
  });

  it('answers a RECHECK rate gone at the check with 409 SOLD_OUT and writes nothing', async () => {
    const { hotel, rates } = await sellingHotel(lisbon.odd, `check_in=${day(50)}&check_out=${day(52)}&occupancy=2-4&currency=EUR`);
    await control({ sold_out_next: true });
    const r = await checkout({ rate_id: rates.rooms[0].rates[0].rate_id });
    expect(r.status, r.text).toBe(409);
    expectErrorShape(r.json, 'SOLD_OUT');
    expect(r.json.error.message).toBe(BOOKING_MSG.soldOut);
    expect(await d1Query(`SELECT 1 FROM bookings WHERE product_id = ${hotel.id} AND check_in = '${day(50)}'`)).toEqual([]);
  });
});

describe('an agent’s quote of a supplier rate', () => {
  it('nets the supplier’s net converted without the org’s markup, sells at the agent’s, and keeps the key and net', async () => {
    const agent = await newAgent(host);
    const client = await agent.call('/api/agent/clients', { body: clientBody() });
    expect(client.status, client.text).toBe(201);
    const { rates } = await sellingHotel(lisbon.even);
    const claim = claimOf(rates.rooms[0].rates[0].rate_id);
    const r = await agent.call('/api/agent/quotes', { body: { client_id: client.json.data.client_id, currency: 'EUR', markup_percent: 20, rate_id: rates.rooms[0].rates[0].rate_id } });
    expect(r.status, r.text).toBe(201);
    expect(toMinor(r.json.data.net_price)).toBe(claim.net_minor);
    expect(Math.abs(toMinor(r.json.data.total) - Math.round(claim.net_minor * 1.2))).toBeLessThanOrEqual(1);
    const [row] = await d1Query<Record<string, any>>(`SELECT supplier_rate_key, supplier_net_minor, occupancy FROM agent_quotes WHERE id = ${r.json.data.quote_id}`);
    expect(row).toEqual({ supplier_rate_key: claim.rate_key, supplier_net_minor: claim.net_minor, occupancy: '["2-5,9"]' });
  });
});
