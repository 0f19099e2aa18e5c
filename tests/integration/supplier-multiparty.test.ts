// A bed bank's stay whose rooms hold different parties (CONTRACT §18, decision 0076), over real HTTP against the
// Hotelbeds simulator: rates for rooms ["2","2-5,9"] listed as combinations of one rate per party (their keys in the
// rate_id), a checkout paid by card booked at the supplier as one booking of two rooms whose guests carry the
// children's ages, a RECHECK stay with one part repriced (409 PRICE_CHANGED, whose new rate_id books) or sold out
// (409 SOLD_OUT), and an agent's quote of such a stay keeping every part (migration 0049): booked on account as one
// supplier booking of two rooms with the children's ages and no check call, and a RECHECK one by card after one check
// of every part.
// A new org of its own, connected to the simulator's small test account; its supplier hotels are written directly
// (no import: the rooms are then named by the supplier, room_id 0).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Client } from './helpers';
import { day, key, traveler } from './booking-helpers';
import { d1Query, freshIp, newOrg, signedInClient, verifiedAccount } from './auth-helpers';
import { clientBody, newAgent } from './agent-helpers';
import { BOOKING_MSG } from '../../src/shared/contract/booking';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };

let host: string;
let orgId: number;
let admin: Client;
let member: Client;
/** Supplier hotels of Lisbon (codes 1–60 are the small account's), by the parity of their code. */
const hotels = { even: [] as number[], odd: [] as number[] };

const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const held = async (ref: string) => ((await call('/_sim/hotelbeds/bookings')).json.bookings as any[]).filter((b) => b.clientReference === ref);
const ratesOf = (id: number, query: string) => call(`/api/products/${id}/rates?${query}&lang=en-US`, { host });
const checkout = (body: Record<string, unknown>) =>
  call('/api/booking/checkout', { host, body: { currency: 'EUR', traveler, idempotency_key: key(), ...body }, headers: { 'cf-connecting-ip': freshIp() } });
const claimOf = (rateId: string) => JSON.parse(Buffer.from(rateId.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, any>;
const row = async (ref: string) => (await d1Query<Record<string, any>>(`SELECT * FROM bookings WHERE booking_ref = '${ref}'`))[0]!;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** The simulator's Booking API calls of `op` naming any of the keys. */
const callsNaming = async (op: 'checkrates' | 'bookings', keys: string[]) =>
  ((await call('/_sim/hotelbeds/calls')).json.calls as { op: string; rateKeys: string[] }[]).filter((c) => c.op === op && c.rateKeys.some((k) => keys.includes(k)));

const stay = (from: number, to: number) => `check_in=${day(from)}&check_out=${day(to)}&occupancy=2&occupancy=2-5,9&currency=EUR`;

/** The first hotel of the list selling the stay, with its rates' answer. */
async function sellingHotel(ids: number[], query: string) {
  for (const id of ids) {
    const r = await ratesOf(id, query);
    expect(r.status, r.text).toBe(200);
    if (r.json.data.rooms.length) return { id, rates: r.json.data };
  }
  throw new Error('no hotel of the list sells the stay');
}

beforeAll(async () => {
  ({ host, orgId } = await newOrg('supmulti', 'Supplier multi-party', { default_currency: 'EUR', allow_guest_booking: 1 }));
  const codes = Array.from({ length: 16 }, (_, i) => i + 1);
  const rows = await d1Query<{ id: number; code: string }>(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
     VALUES ${codes.map((c) => `(${orgId}, 'HLT', 'Supplier hotel ${c}', 'Lisbon', 'PT', 38.72, -9.14, 0, 'night', 12, 'Europe/Lisbon', 'hotelbeds', '${c}')`).join(', ')}
     RETURNING id, supplier_code AS code`,
  );
  for (const r of rows) (Number(r.code) % 2 === 0 ? hotels.even : hotels.odd).push(r.id);
  const a = (await verifiedAccount(host))!;
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a.email}';`);
  admin = (await signedInClient(a.email, a.password, host)).client;
  const m = (await verifiedAccount(host))!;
  member = (await signedInClient(m.email, m.password, host)).client;
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);

describe('a supplier hotel’s stay whose rooms hold different parties', () => {
  it('lists rates combining one rate per party: their keys in the rate_id, the net their sum, cheapest first', async () => {
    const { rates } = await sellingHotel(hotels.even, stay(40, 43));
    const all = rates.rooms.flatMap((room: any) => room.rates);
    expect(all.length).toBeGreaterThan(0);
    for (const room of rates.rooms) {
      expect(room.room_id).toBe(0);
      for (const rate of room.rates) {
        const claim = claimOf(rate.rate_id);
        expect(claim.occupancy).toEqual(['2', '2-5,9']);
        expect(claim.parts.map((p: any) => p.occupancy)).toEqual([['2'], ['2-5,9']]);
        expect(claim.parts[0].rate_key).not.toBe(claim.parts[1].rate_key);
        expect(claim.rate_key).toBe(claim.parts[0].rate_key);
        expect(claim.net_minor).toBe(claim.parts[0].net_minor + claim.parts[1].net_minor);
        // The family's room costs more than the couple's: prices grow with the party.
        expect(claim.parts[1].net_minor).toBeGreaterThan(claim.parts[0].net_minor);
        expect(rate.nights).toHaveLength(3);
      }
      const totals = room.rates.map((r: any) => r.total);
      expect(totals).toEqual([...totals].sort((x: number, y: number) => x - y));
    }
  });

  it('lists the supplier hotels in a search for the same rooms, each at the cheapest total its page offers', async () => {
    const r = await call(`/api/products/search?type=HLT&city=Lisbon&${stay(40, 43)}&per_page=50`, { host });
    expect(r.status, r.text).toBe(200);
    const supplied = (r.json.data as any[]).filter((p) => p.source === 'hotelbeds');
    expect(supplied.length).toBeGreaterThan(0);
    const { id, rates } = await sellingHotel(supplied.map((p) => p.product_id), stay(40, 43));
    const cheapest = Math.min(...rates.rooms.flatMap((room: any) => room.rates.map((rate: any) => rate.total)));
    expect(supplied.find((p) => p.product_id === id)!.total_price).toBe(cheapest);
  });

  it('books the paid checkout at the supplier as one booking of two rooms, the children’s ages in the second; cancels it there', async () => {
    const { id, rates } = await sellingHotel(hotels.even, stay(50, 52));
    const rate = rates.rooms[0].rates[0];
    const claim = claimOf(rate.rate_id);
    const b = await member.call('/api/booking/checkout', { body: { currency: 'EUR', traveler, idempotency_key: key(), rate_id: rate.rate_id }, headers: { 'cf-connecting-ip': freshIp() } });
    expect(b.status, b.text).toBe(200);
    expect(b.json.data).toMatchObject({ status: 'PENDING_PAYMENT', total: rate.total, occupancy: ['2', '2-5,9'] });
    const ref = b.json.data.booking_id;
    const pending = await row(ref);
    expect(pending).toMatchObject({ product_id: id, rooms: 2, guests: 6, supplier: 'hotelbeds', supplier_net_minor: claim.net_minor, supplier_state: 'to_book' });
    expect(JSON.parse(pending.supplier_rate_key)).toEqual(claim.parts);

    const session = String(b.json.data.payment_url).split('/').pop();
    expect((await call(`/_sim/stripe/checkout/${session}/pay`, { host, body: { card: '4242424242424242' } })).status).toBe(200);
    let booked = await row(ref);
    for (const t0 = Date.now(); booked.supplier_state !== 'confirmed' && Date.now() - t0 < 30_000; booked = await row(ref)) await wait(250);
    expect(booked).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    expect(atSupplier[0]).toMatchObject({ status: 'CONFIRMED', reference: booked.supplier_reference, totalNet: claim.net_minor / 100 });
    expect(atSupplier[0].rooms.map((r: any) => [r.rooms, r.adults, r.children])).toEqual([[1, 2, 0], [1, 2, 2]]);
    expect(atSupplier[0].rooms[0].paxes.map((p: any) => p.type)).toEqual(['AD', 'AD']);
    expect(atSupplier[0].rooms[1].paxes.filter((p: any) => p.type === 'CH').map((p: any) => p.age)).toEqual([5, 9]);
    expect(atSupplier[0].rooms[1].paxes.every((p: any) => p.roomId === 1)).toBe(true);

    // One supplier reference covers both rooms: cancelling cancels it there, and the two sides agree.
    const cancelled = await member.call(`/api/bookings/${ref}/cancel`, { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await row(ref)).toMatchObject({ status: expect.stringMatching(/CANCELLED|REFUNDED/), supplier_state: 'cancelled' });
    expect((await held(ref))[0]).toMatchObject({ status: 'CANCELLED' });
    const found = await admin.call(`/api/admin/suppliers/hotelbeds/reconcile?from=${day(-1)}&to=${day(1)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.data.filter((m: any) => m.booking_id === ref)).toEqual([]);
  });

  it('the hourly job books a paid multi-party booking a crash left claimed, every room at once', async () => {
    const { rates } = await sellingHotel(hotels.even, stay(54, 55));
    const b = await checkout({ rate_id: rates.rooms[0].rates[0].rate_id });
    expect(b.status, b.text).toBe(200);
    const ref = b.json.data.booking_id;
    await d1Query(`UPDATE bookings SET status = 'CONFIRMED', paid_minor = total_minor, supplier_state = 'booking', supplier_claimed_at = ${Date.now() - 10 * 60_000} WHERE booking_ref = '${ref}'`);
    expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
    let after = await row(ref);
    for (const t0 = Date.now(); after.supplier_state !== 'confirmed' && Date.now() - t0 < 30_000; after = await row(ref)) await wait(250);
    expect(after).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    expect(atSupplier[0].rooms.map((r: any) => r.children)).toEqual([0, 2]);
  });

  it('checks every part of a RECHECK stay: one part repriced → 409 PRICE_CHANGED whose rate_id books at the new total', async () => {
    const { id, rates } = await sellingHotel(hotels.odd, stay(60, 62));
    const rate = rates.rooms[0].rates[0];
    const before = claimOf(rate.rate_id);
    expect(before.recheck).toBe(true);
    expect((await control({ reprice_next_percent: 20, reprice_next_part: 1 })).status).toBe(200);
    const moved = await checkout({ rate_id: rate.rate_id });
    expect(moved.status, moved.text).toBe(409);
    expectErrorShape(moved.json, 'PRICE_CHANGED');
    expect(moved.json.error.message).toBe(BOOKING_MSG.priceChanged);
    expect(moved.json.error.data.total).toBeGreaterThan(rate.total);
    const after = claimOf(moved.json.error.data.rate_id);
    expect(after.parts[0].net_minor).toBe(before.parts[0].net_minor);
    expect(after.parts[1].net_minor).toBeGreaterThan(before.parts[1].net_minor);
    expect(after.recheck).toBe(false);
    expect(await d1Query(`SELECT 1 FROM bookings WHERE product_id = ${id}`)).toEqual([]);

    const booked = await checkout({ rate_id: moved.json.error.data.rate_id });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.data).toMatchObject({ status: 'PENDING_PAYMENT', total: moved.json.error.data.total });
    expect(JSON.parse((await row(booked.json.data.booking_id)).supplier_rate_key)).toEqual(after.parts);
  });

  it('answers a RECHECK stay with a part sold out at the check with 409 SOLD_OUT and writes nothing', async () => {
    const { id, rates } = await sellingHotel(hotels.odd, stay(70, 72));
    await control({ sold_out_next: true });
    const r = await checkout({ rate_id: rates.rooms[0].rates[0].rate_id });
    expect(r.status, r.text).toBe(409);
    expectErrorShape(r.json, 'SOLD_OUT');
    expect(r.json.error.message).toBe(BOOKING_MSG.soldOut);
    expect(await d1Query(`SELECT 1 FROM bookings WHERE product_id = ${id} AND check_in = '${day(70)}'`)).toEqual([]);
  });

  it('quotes such a stay for an agent with every part, booked on account as one booking of two rooms (no check call), a RECHECK one by card after one check', async () => {
    const agent = await newAgent(host, 10_000_000);
    const client = await agent.call('/api/agent/clients', { body: clientBody() });
    expect(client.status, client.text).toBe(201);
    const quoteFor = (rateId: string) => agent.call('/api/agent/quotes', { body: { client_id: client.json.data.client_id, currency: 'EUR', rate_id: rateId } });
    const keptOf = async (id: number) => (await d1Query<Record<string, any>>(`SELECT * FROM agent_quotes WHERE id = ${id}`))[0]!;

    // A BOOKABLE stay: every part kept, booked on account with no check call, one booking of both rooms at the supplier.
    const { rates } = await sellingHotel(hotels.even, stay(80, 82));
    const claim = claimOf(rates.rooms[0].rates[0].rate_id);
    const q = await quoteFor(rates.rooms[0].rates[0].rate_id);
    expect(q.status, q.text).toBe(201);
    expect(q.json.data).toMatchObject({ guests: 6 });
    const quoted = await keptOf(q.json.data.quote_id);
    expect(quoted).toMatchObject({ supplier: 'hotelbeds', supplier_currency: 'EUR', supplier_net_minor: claim.net_minor });
    expect(JSON.parse(quoted.occupancy)).toEqual(['2', '2-5,9']);
    expect(JSON.parse(quoted.supplier_rate_key)).toEqual(claim.parts);
    expect(JSON.parse(quoted.supplier_rate)).toMatchObject({ recheck: false, room: claim.room, board: claim.board, refundable: claim.refundable });
    const keys = claim.parts.map((p: any) => p.rate_key);
    const booked = await agent.call(`/api/agent/quotes/${q.json.data.quote_id}/book`, { body: { pay_by: 'account' } });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json.data).toMatchObject({ status: 'CONFIRMED', pay_by: 'account' });
    const ref = booked.json.data.booking_id;
    expect(await callsNaming('checkrates', keys)).toHaveLength(0);
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    expect(atSupplier[0]).toMatchObject({ status: 'CONFIRMED', totalNet: claim.net_minor / 100 });
    expect(atSupplier[0].rooms.map((r: any) => [r.rooms, r.adults, r.children])).toEqual([[1, 2, 0], [1, 2, 2]]);
    expect(atSupplier[0].rooms[1].paxes.filter((p: any) => p.type === 'CH').map((p: any) => p.age)).toEqual([5, 9]);
    const [onAccount] = await d1Query<Record<string, any>>(`SELECT * FROM agent_bookings WHERE booking_ref = '${ref}'`);
    expect(onAccount).toMatchObject({ supplier_state: 'confirmed', supplier_reference: atSupplier[0].reference, rooms: 2, guests: 6 });
    expect(JSON.parse(onAccount!.supplier_rate_key)).toEqual(claim.parts);
    expect(JSON.parse(onAccount!.occupancy)).toEqual(['2', '2-5,9']);

    // A RECHECK stay by the client's card: every part checked in one call before the payment session, the checked keys kept.
    const odd = await sellingHotel(hotels.odd, stay(84, 86));
    const recheck = claimOf(odd.rates.rooms[0].rates[0].rate_id);
    expect(recheck.recheck).toBe(true);
    const rq = await quoteFor(odd.rates.rooms[0].rates[0].rate_id);
    expect(rq.status, rq.text).toBe(201);
    const byCard = await agent.call(`/api/agent/quotes/${rq.json.data.quote_id}/book`, { body: { pay_by: 'card' } });
    expect(byCard.status, byCard.text).toBe(200);
    expect(byCard.json.data).toMatchObject({ status: 'PENDING_PAYMENT', pay_by: 'card' });
    const checks = await callsNaming('checkrates', recheck.parts.map((p: any) => p.rate_key));
    expect(checks).toHaveLength(1);
    expect(checks[0]!.rateKeys).toHaveLength(2);
    const pending = await row(byCard.json.data.booking_id);
    expect(pending).toMatchObject({ supplier: 'hotelbeds', supplier_state: 'to_book', supplier_net_minor: recheck.net_minor, rooms: 2 });
    const checkedParts = JSON.parse(pending.supplier_rate_key);
    expect(checkedParts.map((p: any) => p.occupancy)).toEqual([['2'], ['2-5,9']]);
    expect(checkedParts.map((p: any) => p.net_minor)).toEqual(recheck.parts.map((p: any) => p.net_minor));
  });
});
