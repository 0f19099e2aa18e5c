// An agent books a bed bank's quote (CONTRACT §11 and §18, docs/decisions/0073-agent-supplier-bookings.md), over real
// HTTP against the Stripe and Hotelbeds simulators: by the client's card (the webhook books it at the supplier once,
// and the agent's cancel cancels there first), and on the agent's account (the credit taken and the booking written
// claimed in one batch, then booked at the supplier with our reference; a refusal, a price moved at the RECHECK, the
// supplier down → the booking removed, the credit as it was, a clear 409/503), 30 bookings of one quote at once making
// one supplier booking and one credit charge, and the hourly job booking one a crash left claimed. The quote keeps the
// claim it was priced from (migration 0049): a BOOKABLE rate is booked with no check call, a RECHECK one after one (the
// simulator's call list shows it), and a quote written before 0049 is checked as it was.
// A new org of its own, connected to the simulator's small test account; its supplier hotels are written here (no import).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, expectErrorShape, type Client } from './helpers';
import { d1Query, newOrg, signedInClient, verifiedAccount } from './auth-helpers';
import { clientBody, day } from './agent-helpers';
import { hotelbedsClient, type BedBank } from '../../functions/outside/hotelbeds';
import { AGENT_MSG } from '../../src/shared/contract/agent';

const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };
const LIMIT_USD_MINOR = 2_000_000;

let host: string;
let orgId: number;
let agent: Client;
let admin: Client;
let agentId: number;
let clientId: number;
let bank: BedBank;
/** Supplier hotels written into the org: BOOKABLE ones (even codes) and RECHECK ones (odd codes) that sell the stays. */
const hotels = { bookable: [] as number[], recheck: [] as number[] };

const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const held = async (ref: string) => ((await call('/_sim/hotelbeds/bookings')).json.bookings as any[]).filter((b) => b.clientReference === ref);
const book = (quoteId: number, payBy: 'account' | 'card') => agent.call(`/api/agent/quotes/${quoteId}/book`, { body: { pay_by: payBy } });
const pay = (session: string) => call(`/_sim/stripe/checkout/${session}/pay`, { body: { card: '4242424242424242' }, host });
const outstanding = async () => (await agent.call('/api/agent/profile')).json.data.credit.outstanding as number;
const ledger = async () => d1Query<{ n: number; total: number }>(`SELECT COUNT(*) AS n, IFNULL(SUM(amount_usd_minor), 0) AS total FROM credit_ledger WHERE agent_id = ${agentId}`);
const agentRow = async (ref: string) => (await d1Query<Record<string, any>>(`SELECT * FROM agent_bookings WHERE booking_ref = '${ref}'`))[0];
const cardRow = async (ref: string) => (await d1Query<Record<string, any>>(`SELECT * FROM bookings WHERE booking_ref = '${ref}'`))[0]!;
const quoteStatus = async (id: number) => (await d1Query<{ status: string }>(`SELECT status FROM agent_quotes WHERE id = ${id}`))[0]!.status;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** The booking as the agent's list and the console's list show it (src/shared/rules/supplier-status.ts reads them). */
const agentListed = async (ref: string) => ((await agent.call('/api/agent/bookings')).json.data as any[]).find((b) => b.booking_id === ref);
const consoleListed = async (ref: string) => ((await admin.call('/api/admin/bookings')).json.data as any[]).find((b) => b.booking_id === ref);
/** What the quote kept of the supplier's rate (migrations 0043 and 0049). */
const kept = async (id: number) =>
  (await d1Query<{ supplier: string; supplier_rate_key: string; supplier_net_minor: number; supplier_currency: string; supplier_rate: string | null }>(
    `SELECT supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_rate FROM agent_quotes WHERE id = ${id}`,
  ))[0]!;
/** The simulator's Booking API calls of `op` naming any of the keys. */
const callsNaming = async (op: 'checkrates' | 'bookings', keys: string[]) =>
  ((await call('/_sim/hotelbeds/calls')).json.calls as { op: string; rateKeys: string[] }[]).filter((c) => c.op === op && c.rateKeys.some((k) => keys.includes(k)));

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  let v = await read();
  for (const started = Date.now(); !done(v) && Date.now() - started < ms; v = await read()) await wait(250);
  return v;
}

/**
 * A new quote for 2 adults, `offset` days ahead for 2 nights, in EUR at a 15 % markup, of the first hotel from `from` on
 * (of the kind's list, round) that the supplier sells then.
 */
async function quoteOf(kind: number[], from: number, offset: number): Promise<{ quote_id: number; net_price: number; total: number }> {
  let r;
  for (let i = 0; i < kind.length; i++) {
    const productId = kind[(from + i) % kind.length]!;
    r = await agent.call('/api/agent/quotes', {
      body: { client_id: clientId, product_id: productId, check_in: day(offset), check_out: day(offset + 2), guests: 2, currency: 'EUR', markup_percent: 15 },
    });
    if (r.status !== 409) break;
  }
  expect(r!.status, r!.text).toBe(201);
  return r!.json.data;
}

beforeAll(async () => {
  ({ host, orgId } = await newOrg('supagent', 'Supplier agents', { default_currency: 'EUR' }));
  bank = hotelbedsClient({ baseUrl: `${baseUrl()}/_sim/hotelbeds`, apiKey: SIM.api_key, secret: SIM.secret });
  // Lisbon's hotels that sell 2 adults over the stays the tests book, written as the import writes a supplier's hotel.
  const found = await bank.availability({ checkIn: day(30), checkOut: day(32), rooms: [{ adults: 2, children: [] }], place: { destination: 'LIS' } });
  if (!found.ok) throw new Error(found.failure.message);
  const codes = found.value.hotels.filter((h) => h.rooms.some((r) => r.rates.some((x) => x.rooms === 1 && x.netMinor > 0))).map((h) => h.code);
  const even = codes.filter((c) => Number(c) % 2 === 0).slice(0, 8);
  const odd = codes.filter((c) => Number(c) % 2 === 1).slice(0, 4);
  expect(even.length && odd.length, 'hotels of both kinds sell the stay').toBeTruthy();
  for (const code of [...even, ...odd]) {
    const [p] = await d1Query<{ id: number }>(
      `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
       VALUES (${orgId}, 'HLT', 'Supplier hotel ${code}', 'Lisbon', 'PT', 38.72, -9.14, 0, 'night', 4, 'Europe/Lisbon', 'hotelbeds', '${code}') RETURNING id`,
    );
    (Number(code) % 2 === 0 ? hotels.bookable : hotels.recheck).push(p!.id);
  }
  const [a, g] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(
    `UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';
     UPDATE users SET role = 'agent', credit_limit_minor = ${LIMIT_USD_MINOR} WHERE org_id = ${orgId} AND email = '${g!.email}';
     INSERT INTO agent_details (user_id, org_id) SELECT id, org_id FROM users WHERE org_id = ${orgId} AND email = '${g!.email}';`,
  );
  agentId = (await d1Query<{ id: number }>(`SELECT id FROM users WHERE org_id = ${orgId} AND email = '${g!.email}'`))[0]!.id;
  admin = (await signedInClient(a!.email, a!.password, host)).client;
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
  agent = (await signedInClient(g!.email, g!.password, host)).client;
  const client = await agent.call('/api/agent/clients', { body: clientBody({ first_name: 'Ana', last_name: 'García' }) });
  expect(client.status, client.text).toBe(201);
  clientId = client.json.data.client_id;
}, 180_000);

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
  await control({ fail_next: null, sold_out_next: false, latency_ms: 0, reprice_next_percent: null });
});

describe('a supplier quote by the client’s card', () => {
  it('is written for the webhook to book at the supplier once, confirmed with its reference, and the agent’s cancel cancels there first', async () => {
    const q = await quoteOf(hotels.bookable, 0, 30);
    const quoted = await kept(q.quote_id);
    expect(quoted).toMatchObject({ supplier: 'hotelbeds', supplier_currency: 'EUR' });
    expect(JSON.parse(quoted.supplier_rate!)).toMatchObject({ recheck: false, room: { name: expect.any(String) }, board: expect.any(String), refundable: expect.any(Boolean) });
    const booked = await book(q.quote_id, 'card');
    expect(booked.status, booked.text).toBe(200);
    expect(await callsNaming('checkrates', [quoted.supplier_rate_key])).toHaveLength(0); // a BOOKABLE rate: no check call
    expect(booked.json.data).toMatchObject({ status: 'PENDING_PAYMENT', pay_by: 'card', total: q.total, charged_usd: 0 });
    const ref = booked.json.data.booking_id as string;
    expect(await cardRow(ref)).toMatchObject({ status: 'PENDING_PAYMENT', supplier: 'hotelbeds', supplier_state: 'to_book', supplier_currency: 'EUR', total_minor: Math.round(q.total * 100) });
    expect(JSON.parse((await cardRow(ref)).occupancy)).toEqual(['2']);
    expect(await cardRow(ref)).toMatchObject({ supplier_rate_key: quoted.supplier_rate_key, supplier_net_minor: quoted.supplier_net_minor });
    expect(JSON.parse((await cardRow(ref)).room).name['en-US']).toBe(JSON.parse(quoted.supplier_rate!).room.name);
    expect(await held(ref)).toHaveLength(0); // nothing is booked there before the payment
    const before = await ledger();
    expect((await pay(booked.json.data.payment_url.split('/').pop())).status).toBe(200);
    const row = await until(() => cardRow(ref), (r) => r.supplier_state === 'confirmed', 30_000);
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    expect(row).toMatchObject({ status: 'CONFIRMED', supplier_reference: atSupplier[0].reference });
    expect(atSupplier[0]).toMatchObject({ status: 'CONFIRMED', clientReference: ref });
    expect(await ledger()).toEqual(before); // the card pays: no credit used
    const listed = (await agent.call('/api/agent/bookings')).json.data.find((b: any) => b.booking_id === ref);
    expect(listed).toMatchObject({ status: 'CONFIRMED', pay_by: 'card', supplier: { name: 'hotelbeds', reference: row.supplier_reference } });

    const cancelled = await agent.call(`/api/agent/bookings/${ref}/cancel`, { body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data.status).toBe('CANCELLED');
    expect((await held(ref))[0]).toMatchObject({ status: 'CANCELLED' });
    expect(await cardRow(ref)).toMatchObject({ status: 'CANCELLED', supplier_state: 'cancelled' });
  });

  it('a supplier refusal once paid refunds the client’s card and ends FAILED, as a traveller’s', async () => {
    const q = await quoteOf(hotels.bookable, 6, 32);
    const booked = await book(q.quote_id, 'card');
    expect(booked.status, booked.text).toBe(200);
    const ref = booked.json.data.booking_id as string;
    await control({ sold_out_next: true });
    expect((await pay(booked.json.data.payment_url.split('/').pop())).status).toBe(200);
    const row = await until(() => cardRow(ref), (r) => r.status === 'FAILED', 30_000);
    expect(row).toMatchObject({ status: 'FAILED', supplier_state: 'failed', refunded_minor: row.paid_minor });
    expect(row.paid_minor).toBeGreaterThan(0);
    expect(await held(ref)).toHaveLength(0);
    const listed = (await agent.call('/api/agent/bookings')).json.data.find((b: any) => b.booking_id === ref);
    expect(listed).toMatchObject({ status: 'FAILED', pay_by: 'card' });
  });

  it('checks a RECHECK quote before the payment session: a moved price is 409 PRICE_CHANGED and nothing is written', async () => {
    const q = await quoteOf(hotels.recheck, 0, 31);
    const quoted = await kept(q.quote_id);
    expect(JSON.parse(quoted.supplier_rate!).recheck).toBe(true);
    await control({ reprice_next_percent: 10 });
    const refused = await book(q.quote_id, 'card');
    expect(refused.status, refused.text).toBe(409);
    expect(await callsNaming('checkrates', [quoted.supplier_rate_key])).toHaveLength(1);
    expectErrorShape(refused.json, 'PRICE_CHANGED');
    expect(refused.json.error).toMatchObject({ message: AGENT_MSG.supplierPriceChanged, key: 'agent_msg_supplierPriceChanged' });
    expect(await d1Query(`SELECT id FROM agent_bookings WHERE quote_id = ${q.quote_id}`)).toHaveLength(0);
    expect(await quoteStatus(q.quote_id)).not.toBe('BOOKED');
  });
});

describe('a supplier quote on the agent’s account', () => {
  it('takes the credit once and is CONFIRMED with the supplier’s reference (a RECHECK rate checked first)', async () => {
    for (const kind of [hotels.bookable, hotels.recheck]) {
      const q = await quoteOf(kind, 1, 33);
      const quoted = await kept(q.quote_id);
      const rate = JSON.parse(quoted.supplier_rate!);
      expect(rate.recheck).toBe(kind === hotels.recheck);
      const [before, owed] = [await ledger(), await outstanding()];
      const booked = await book(q.quote_id, 'account');
      expect(booked.status, booked.text).toBe(200);
      // The supplier's calls: a RECHECK rate checked once before it is booked, a BOOKABLE one booked with its own key.
      expect(await callsNaming('checkrates', [quoted.supplier_rate_key])).toHaveLength(kind === hotels.recheck ? 1 : 0);
      if (kind === hotels.bookable) expect(await callsNaming('bookings', [quoted.supplier_rate_key])).toHaveLength(1);
      expect(booked.json.data).toMatchObject({ status: 'CONFIRMED', pay_by: 'account' });
      const ref = booked.json.data.booking_id as string;
      const atSupplier = await held(ref);
      expect(atSupplier).toHaveLength(1);
      expect(atSupplier[0]).toMatchObject({ status: 'CONFIRMED', clientReference: ref });
      const row = (await agentRow(ref))!;
      expect(row).toMatchObject({ status: 'CONFIRMED', supplier: 'hotelbeds', supplier_state: 'confirmed', supplier_reference: atSupplier[0].reference, pay_method: 'account' });
      expect(JSON.parse(row.room).name['en-US']).toBe(rate.room.name); // the room the quote kept, for the pages and vouchers
      expect(JSON.parse(row.rate)).toMatchObject({ board: rate.board, refundable: rate.refundable });
      const after = (await ledger())[0]!;
      expect(after.n).toBe(before[0]!.n + 1);
      expect(after.total - before[0]!.total).toBe(Math.round(booked.json.data.charged_usd * 100));
      expect(await outstanding()).toBeCloseTo(owed + booked.json.data.charged_usd, 2);
      expect(await quoteStatus(q.quote_id)).toBe('BOOKED');
    }
  });

  it('reads as awaiting the hotel (CONFIRMED, no supplier reference) while the supplier books it, and carries its reference once it holds it', async () => {
    const q = await quoteOf(hotels.bookable, 3, 34);
    // The supplier's answer takes 5 s (under the adapter's 8 s): the moment between the credit batch and the booking
    // there, long enough for a loaded machine's list call to fall inside it.
    await control({ latency_ms: 5_000 });
    const booking = book(q.quote_id, 'account');
    const written = await until(
      async () => ((await agent.call('/api/agent/bookings')).json.data as any[]).find((b) => b.quote_id === q.quote_id),
      (b) => b !== undefined,
      10_000,
    );
    expect(written).toMatchObject({ status: 'CONFIRMED', pay_by: 'account', supplier: { name: 'hotelbeds', reference: null } });
    const ref = written.booking_id as string;
    expect(await consoleListed(ref)).toMatchObject({ status: 'CONFIRMED', on_account: true, supplier: { name: 'hotelbeds', reference: null } });
    const booked = await booking;
    expect(booked.status, booked.text).toBe(200);
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    const supplier = { name: 'hotelbeds', reference: atSupplier[0].reference as string };
    expect(supplier.reference).toBeTruthy();
    expect(booked.json.data).toMatchObject({ booking_id: ref, status: 'CONFIRMED', supplier });
    expect(await agentListed(ref)).toMatchObject({ status: 'CONFIRMED', supplier });
    expect(await consoleListed(ref)).toMatchObject({ status: 'CONFIRMED', supplier });
  });

  it('a supplier refusal removes the booking and gives the credit back: 409 in the agent’s language', async () => {
    const q = await quoteOf(hotels.bookable, 2, 35);
    const [before, owed] = [await ledger(), await outstanding()];
    await control({ sold_out_next: true });
    const refused = await agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: { pay_by: 'account' }, headers: { 'accept-language': 'fr-FR' } });
    expect(refused.status, refused.text).toBe(409);
    expectErrorShape(refused.json, 'SOLD_OUT');
    expect(refused.json.error).toMatchObject({ message: AGENT_MSG.supplierSoldOut, key: 'agent_msg_supplierSoldOut' });
    expect(await ledger()).toEqual(before);
    expect(await outstanding()).toBe(owed);
    expect(await d1Query(`SELECT id FROM agent_bookings WHERE quote_id = ${q.quote_id}`)).toHaveLength(0);
    expect(await quoteStatus(q.quote_id)).toBe('DRAFT'); // open again: the agent may book it once more
    // The supplier answering again, the same quote books.
    const again = await book(q.quote_id, 'account');
    expect(again.status, again.text).toBe(200);
    expect(await held(again.json.data.booking_id)).toHaveLength(1);
  });

  it('the supplier down answers 503 and a RECHECK price moved 409 PRICE_CHANGED, the credit untouched either way', async () => {
    const down = await quoteOf(hotels.recheck, 1, 36); // a RECHECK rate: its check is the call that fails
    const moved = await quoteOf(hotels.recheck, 0, 36);
    const [before, owed] = [await ledger(), await outstanding()];
    await control({ fail_next: 'checkrates' });
    const unreachable = await book(down.quote_id, 'account');
    expect(unreachable.status, unreachable.text).toBe(503);
    expectErrorShape(unreachable.json, 'UPSTREAM_FAILED');
    expect(unreachable.json.error.message).toBe(AGENT_MSG.supplierDown);
    await control({ reprice_next_percent: 10 });
    const changed = await book(moved.quote_id, 'account');
    expect(changed.status, changed.text).toBe(409);
    expectErrorShape(changed.json, 'PRICE_CHANGED');
    expect(changed.json.error.message).toBe(AGENT_MSG.supplierPriceChanged);
    expect(await ledger()).toEqual(before);
    expect(await outstanding()).toBe(owed);
    expect(await d1Query(`SELECT id FROM agent_bookings WHERE quote_id IN (${down.quote_id}, ${moved.quote_id})`)).toHaveLength(0);
  });

  it('30 bookings of one quote at once make one supplier booking and one credit charge', async () => {
    const q = await quoteOf(hotels.bookable, 4, 37);
    const before = (await ledger())[0]!;
    const replies = await Promise.all(Array.from({ length: 30 }, () => book(q.quote_id, 'account')));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok, replies.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join('\n')).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status, r.text).toBe(409);
      expect(r.json.error.message).toBe(AGENT_MSG.quoteBooked);
    }
    const ref = ok[0]!.json.data.booking_id as string;
    expect(await held(ref)).toHaveLength(1);
    const { supplier_rate_key: key } = await kept(q.quote_id);
    expect(await callsNaming('checkrates', [key])).toHaveLength(0);
    expect(await callsNaming('bookings', [key])).toHaveLength(1);
    expect(await d1Query(`SELECT id FROM agent_bookings WHERE quote_id = ${q.quote_id}`)).toHaveLength(1);
    const after = (await ledger())[0]!;
    expect(after.n).toBe(before.n + 1);
    expect(after.total - before.total).toBe(Math.round(ok[0]!.json.data.charged_usd * 100));
  });

  it('books a quote written before migration 0049 as before: its key checked, the room read from the check', async () => {
    const q = await quoteOf(hotels.bookable, 7, 39);
    await d1Query(`UPDATE agent_quotes SET supplier_rate = NULL WHERE id = ${q.quote_id}`);
    const quoted = await kept(q.quote_id);
    const booked = await book(q.quote_id, 'account');
    expect(booked.status, booked.text).toBe(200);
    expect(await callsNaming('checkrates', [quoted.supplier_rate_key])).toHaveLength(1);
    const ref = booked.json.data.booking_id as string;
    expect(await held(ref)).toHaveLength(1);
    const row = (await agentRow(ref))!;
    expect(row).toMatchObject({ supplier: 'hotelbeds', supplier_currency: 'EUR', supplier_state: 'confirmed' });
    expect(JSON.parse(row.room).name['en-US']).toBeTruthy();
  });

  it('the hourly job books a booking on account a crash left claimed', async () => {
    const q = await quoteOf(hotels.bookable, 5, 38);
    const [quoted] = await d1Query<{ supplier_rate_key: string; supplier_net_minor: number; net_usd_minor: number }>(
      `SELECT supplier_rate_key, supplier_net_minor, net_usd_minor FROM agent_quotes WHERE id = ${q.quote_id}`,
    );
    const ref = `BK-${crypto.randomUUID().slice(0, 5).toUpperCase()}-${crypto.randomUUID().slice(0, 5).toUpperCase()}`;
    // What the booking's batch writes (the row claimed, its credit, the quote BOOKED), its worker then dead for 10 minutes.
    await d1Query(
      `INSERT INTO agent_bookings (booking_ref, org_id, agent_id, quote_id, client_id, client_name, client_email, product_id, product_type, product_name, city, image,
         check_in, check_out, guests, currency, total_minor, net_usd_minor, total_usd_minor, rooms, occupancy, supplier, supplier_rate_key, supplier_net_minor,
         supplier_currency, supplier_state, supplier_claimed_at)
       SELECT '${ref}', org_id, agent_id, id, client_id, client_name, client_email, product_id, product_type, product_name, city, image, check_in, check_out, guests,
         currency, total_minor, net_usd_minor, total_usd_minor, 1, '["2"]', 'hotelbeds', '${quoted!.supplier_rate_key}', ${quoted!.supplier_net_minor}, 'EUR', 'booking',
         ${Date.now() - 10 * 60_000}
       FROM agent_quotes WHERE id = ${q.quote_id};
       INSERT INTO credit_ledger (org_id, agent_id, kind, amount_usd_minor, booking_id, note) SELECT org_id, agent_id, 'booking', net_usd_minor, id, booking_ref FROM agent_bookings WHERE booking_ref = '${ref}';
       UPDATE agent_quotes SET status = 'BOOKED' WHERE id = ${q.quote_id};`,
    );
    // Until the job books it, the agent and the console read it as awaiting the hotel: CONFIRMED without a supplier reference.
    expect(await agentListed(ref)).toMatchObject({ status: 'CONFIRMED', supplier: { name: 'hotelbeds', reference: null } });
    expect(await consoleListed(ref)).toMatchObject({ status: 'CONFIRMED', supplier: { name: 'hotelbeds', reference: null } });
    expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
    const row = await until(async () => (await agentRow(ref))!, (r) => r.supplier_state === 'confirmed', 30_000);
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    expect(row).toMatchObject({ status: 'CONFIRMED', supplier_reference: atSupplier[0].reference });
    expect(await agentListed(ref)).toMatchObject({ status: 'CONFIRMED', supplier: { name: 'hotelbeds', reference: atSupplier[0].reference } });
  });
  it.each([
    ['free to cancel', 45],
    ['inside the supplier’s charges', 2],
  ])('the console cancels one %s at the supplier first, the credit given back less the supplier’s fee (whole when waived); of 30 at once one cancels', async (_, offset) => {
    const q = await quoteOf(hotels.bookable, 6, offset);
    const booked = await book(q.quote_id, 'account');
    expect(booked.status, booked.text).toBe(200);
    const ref = booked.json.data.booking_id as string;
    const row = (await agentRow(ref))!;
    expect(row).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
    // What the supplier would keep now, as the same share of the agent's net (USD) as of the supplier's net.
    const simulated = await bank.cancel(row.supplier_reference, true);
    if (!simulated.ok) throw new Error(simulated.failure.message);
    const feeUsd = Math.min(row.net_usd_minor, Math.round((row.net_usd_minor * simulated.value.feeMinor) / row.supplier_net_minor));
    const waive = feeUsd >= row.net_usd_minor;
    if (offset === 2) expect(feeUsd, 'the supplier charges for this one').toBeGreaterThan(0);
    const cancel = () => admin.call(`/api/admin/bookings/${ref}/cancel`, { method: 'POST', body: { waive_fee: waive } });
    const reversalsOf = () => d1Query<{ amount_usd_minor: number }>(`SELECT amount_usd_minor FROM credit_ledger WHERE note = 'cancel:${ref}'`);
    const quote = await admin.call(`/api/admin/bookings/${ref}/cancel-quote`);
    if (waive) {
      // A rate the supplier keeps whole: refused unless the fee is waived (the org then bears it).
      expect(quote.status, quote.text).toBe(409);
      expect((await admin.call(`/api/admin/bookings/${ref}/cancel-quote?waive_fee=1`)).json.data).toMatchObject({ fee: 0, credit_back: row.net_usd_minor / 100 });
    } else {
      expect(quote.json.data).toMatchObject({ currency: 'USD', fee: feeUsd / 100, credit_back: (row.net_usd_minor - feeUsd) / 100 });
    }
    // The supplier down: nothing changes on either side.
    await control({ fail_next: 'cancel' });
    const down = await cancel();
    expect(down.status, down.text).toBe(502);
    expect(await reversalsOf()).toEqual([]);
    expect((await held(ref))[0].status).toBe('CONFIRMED');
    const replies = await Promise.all(Array.from({ length: 30 }, cancel));
    expect(replies.filter((r) => r.status === 200), replies.find((r) => r.status !== 409 && r.status !== 200)?.text).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(29).fill(409));
    expect((await held(ref))[0].status).toBe('CANCELLED');
    expect(await agentRow(ref)).toMatchObject({ status: 'CANCELLED', supplier_state: 'cancelled' });
    expect(await reversalsOf()).toEqual([{ amount_usd_minor: -(waive ? row.net_usd_minor : row.net_usd_minor - feeUsd) }]);
    expect(await d1Query(`SELECT 1 FROM admin_audit WHERE org_id = ${orgId} AND action = 'booking.cancel' AND target = 'booking:${ref}'`)).toHaveLength(1);
  });
});
