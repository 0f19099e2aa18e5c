// An agent's card booking left unpaid (docs/contract.md#unpaid-bookings): /agent/booking-history offers "Complete payment"
// and "Cancel" as the traveller's list does, through the same calls (POST /api/bookings/{id}/payment, the cancel quote and
// POST /api/bookings/{id}/cancel): the one open session to pay, and a cancel that lets the booking go at once, its rooms
// given back exactly once though 30 requests come at once.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { call, type Client } from './helpers';
import { adminMadeAgent, aProduct, day, newClient, newQuote, signIn, type ProductPick } from './agent-helpers';
import { DbWatch } from './gates-db';

let agent: Client;
let hotel: ProductPick;
let db: DbWatch;

beforeAll(async () => {
  agent = await signIn(await adminMadeAgent(50));
  hotel = await aProduct('HLT');
  db = DbWatch.open();
}, 180_000);

afterAll(() => db.close());
afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
});

const agentBooking = async (ref: string) => ((await agent.call('/api/agent/bookings')).json.data as { booking_id: string; status: string; payment_url?: string }[]).find((b) => b.booking_id === ref);
const soldFor = (ref: string) => {
  const b = db.row('bookings', 'booking_ref = ?', ref) as { nights: string; room_id: number };
  return (JSON.parse(b.nights) as { date: string }[]).map((n) => (db.row('room_nights', 'room_id = ? AND night = ?', b.room_id, n.date)?.sold as number | undefined) ?? 0);
};

/** A quote booked on the client's card and left unpaid. */
async function unpaidCardBooking(offset: number) {
  const client = await newClient(agent);
  const quote = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(offset), check_out: day(offset + 2), guests: 2, currency: 'USD', markup_percent: 10 });
  const r = await agent.call(`/api/agent/quotes/${quote.quote_id}/book`, { body: { pay_by: 'card' } });
  expect(r.status, r.text).toBe(200);
  expect(r.json.data.status).toBe('PENDING_PAYMENT');
  return { ref: r.json.data.booking_id as string, url: r.json.data.payment_url as string };
}

it('the agent completes the payment of an unpaid card booking through the traveller’s own call: its one open session', async () => {
  const b = await unpaidCardBooking(30);
  expect(await agentBooking(b.ref)).toMatchObject({ status: 'PENDING_PAYMENT' });
  const resumed = await agent.call(`/api/bookings/${b.ref}/payment`, { body: {} });
  expect(resumed.status, resumed.text).toBe(200);
  expect(resumed.json.data.payment_url).toBe(b.url);
  expect(Date.parse(resumed.json.data.expires_at)).toBeGreaterThan(Date.now());
  const quote = await agent.call(`/api/bookings/${b.ref}/cancel-quote`);
  expect(quote.status, quote.text).toBe(200);
  expect(quote.json.data).toMatchObject({ refund_card: 0, fee: 0 });
});

it('30 cancels at once of an agent’s unpaid card booking: CANCELLED, its rooms given back once, the agent’s list says so', async () => {
  const b = await unpaidCardBooking(32);
  const held = soldFor(b.ref);
  const replies = await Promise.all(Array.from({ length: 30 }, () => agent.call(`/api/bookings/${b.ref}/cancel`, { body: {} })));
  expect(replies.every((r) => r.status === 200 || r.status === 409), replies.map((r) => r.status).join()).toBe(true);
  expect(replies.some((r) => r.status === 200)).toBe(true);
  expect(db.row('bookings', 'booking_ref = ?', b.ref)).toMatchObject({ status: 'CANCELLED' });
  expect(soldFor(b.ref), 'its rooms given back once').toEqual(held.map((n) => n - 1));
  const listed = await agentBooking(b.ref);
  expect(listed).toMatchObject({ status: 'CANCELLED' });
  expect(listed!.payment_url).toBeUndefined();
  const again = await agent.call(`/api/bookings/${b.ref}/payment`, { body: {} });
  expect(again.status).toBe(409);
});
