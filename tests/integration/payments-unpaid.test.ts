// Unpaid bookings (docs/contract.md#unpaid-bookings): a pending booking's payment lives 30 minutes; "Complete payment"
// (POST /api/bookings/{id}/payment) answers its open session, or 409 BOOKING_EXPIRED once it has run out (the booking
// EXPIRED, its holds given back); cancel lets it go at once; "paid" counts only money received. Every hold and release
// is one guarded step: 30 requests in flight at once on one unpaid booking give its holds back exactly once and never
// make a second session.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, call, Client, expectErrorShape } from './helpers';
import { bookingBody, cardIn, firstProduct, issue, key, reservationsOf, signIn, traveler, walletOf } from './booking-helpers';
import { DbWatch } from './gates-db';
import { expectReconciledIn, webhookCatcher } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripeClient } from '../../functions/outside/payments';

const secrets = readDevVars() as Record<string, string>;
let stripe: Stripe;
let demo: Client;
let hotel: { product_id: number; price: number };
let db: DbWatch;
let capture: Awaited<ReturnType<typeof webhookCatcher>>;

beforeAll(async () => {
  stripe = stripeClient({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: secrets.STRIPE_WEBHOOK_SECRET! });
  demo = await signIn();
  hotel = await firstProduct('HLT');
  db = DbWatch.open();
  capture = await webhookCatcher();
});

afterAll(async () => {
  db.close();
  await capture.close();
});

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
});

const WINDOW_MS = 30 * 60 * 1000;
const bookingRow = (ref: string) => db.row('bookings', 'booking_ref = ?', ref) as Record<string, any>;
const at = (ms: number) => ({ headers: { 'x-dev-now': new Date(ms).toISOString() } });
const payment = (ref: string, client = demo, when?: number) => client.call(`/api/bookings/${ref}/payment`, { body: {}, ...(when === undefined ? {} : at(when)) });
const cancel = (ref: string, client = demo) => client.call(`/api/bookings/${ref}/cancel`, { body: {} });
const sessionOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const expiresOf = (ref: string) => new Date(Date.parse(bookingRow(ref).created_at) + WINDOW_MS).toISOString();
/** Rooms sold, on each night the booking holds, of its room type. */
const soldFor = (ref: string) => {
  const b = bookingRow(ref);
  return (JSON.parse(b.nights) as { date: string }[]).map((n) => (db.row('room_nights', 'room_id = ? AND night = ?', b.room_id, n.date)?.sold as number | undefined) ?? 0);
};

/** A pending booking holding a fresh certificate and the whole of a fresh $20 cash card. */
async function unpaidBooking(checkIn = 24) {
  const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
  const cash = await issue({ kind: 'cash', amount: 20 });
  const r = await demo.call('/api/booking/checkout', {
    body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { check_in: dayFrom(checkIn), check_out: dayFrom(checkIn + 2), certificate_id: cert.payment_card_id, cash_card_id: cash.payment_card_id }) },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.json.data).toMatchObject({ status: 'PENDING_PAYMENT', certificate_amount: 30, cash_amount: 20 });
  const ref = r.json.data.booking_id as string;
  const wallet = await walletOf(demo);
  expect(cardIn(wallet, cert.payment_card_id).status, 'the certificate is held').toBe('HELD');
  expect(cardIn(wallet, cash.payment_card_id).card_amount, 'the cash is held').toBe(0);
  return { ref, url: r.json.data.payment_url as string, cert: cert.payment_card_id, cash: cash.payment_card_id, total: r.json.data.total as number };
}
const dayFrom = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Its holds were given back, once: the certificate ACTIVE, the cash card at exactly its $20, every spend RELEASED. */
async function expectHoldsBackOnce(b: { ref: string; cert: number; cash: number }) {
  const wallet = await walletOf(demo);
  expect(cardIn(wallet, b.cert).status).toBe('ACTIVE');
  expect(cardIn(wallet, b.cash).card_amount, 'given back once, not twice').toBe(20);
  const row = bookingRow(b.ref);
  expect(db.count('card_spends', "booking_id = ? AND state <> 'RELEASED'", row.id)).toBe(0);
  expect(db.count('card_spends', 'booking_id = ?', row.id)).toBe(2);
  expectReconciledIn(db, b.ref);
}

describe('an unpaid booking', () => {
  it('carries its payment address and when its session ends; Complete payment answers that open session; paid counts only money received', async () => {
    const b = await unpaidBooking();
    const got = (await demo.call(`/api/bookings/${b.ref}`)).json.data;
    expect(got).toMatchObject({ status: 'PENDING_PAYMENT', payment_url: b.url, expires_at: expiresOf(b.ref), paid_amount: 0 });
    const listed = (await reservationsOf(demo)).find((x) => x.booking_id === b.ref);
    expect(listed, 'history and Manage booking agree: nothing received yet').toMatchObject({ paid_amount: 0, refunded_amount: 0, total: b.total, expires_at: expiresOf(b.ref) });

    const r = await payment(b.ref);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toEqual({ payment_url: b.url, expires_at: expiresOf(b.ref) });
    expect((await stripe.checkout.sessions.retrieve(sessionOf(b.url))).status).toBe('open');

    // A declined card leaves the session open: Complete payment still answers it, and a good card then confirms the booking.
    expect((await call(`/_sim/stripe/checkout/${sessionOf(b.url)}/pay`, { body: { card: '4000000000000002' } })).status).toBe(402);
    expect((await payment(b.ref)).json.data.payment_url).toBe(b.url);
    expect((await call(`/_sim/stripe/checkout/${sessionOf(b.url)}/pay`, { body: { card: '4242424242424242' } })).status).toBe(200);
    for (let i = 0; i < 40 && bookingRow(b.ref).status === 'PENDING_PAYMENT'; i++) await new Promise((done) => setTimeout(done, 250));
    const paid = (await demo.call(`/api/bookings/${b.ref}`)).json.data;
    expect(paid).toMatchObject({ status: 'CONFIRMED', paid_amount: b.total });
    expect(paid.expires_at).toBeUndefined();
    expect((await reservationsOf(demo)).find((x) => x.booking_id === b.ref)).toMatchObject({ status: 'CONFIRMED', paid_amount: b.total });
    const again = await payment(b.ref);
    expect(again.status).toBe(409);
    expectErrorShape(again.json, 'CONFLICT');
    expect(again.json.error.message).toBe('This booking is already paid');
  });

  it('past its 30 minutes: 409 BOOKING_EXPIRED, the booking EXPIRED, its holds and rooms given back and its session expired', async () => {
    const b = await unpaidBooking();
    const held = soldFor(b.ref);
    const ends = Date.parse(expiresOf(b.ref));
    expect((await payment(b.ref, demo, ends - 1_000)).status, 'a second before: still open').toBe(200);
    const r = await payment(b.ref, demo, ends);
    expect(r.status, r.text).toBe(409);
    expectErrorShape(r.json, 'BOOKING_EXPIRED');
    expect(r.json.error.message).toBe('This booking has expired: book again');
    expect(bookingRow(b.ref).status).toBe('EXPIRED');
    await expectHoldsBackOnce(b);
    expect(soldFor(b.ref)).toEqual(held.map((n) => n - 1));
    expect((await stripe.checkout.sessions.retrieve(sessionOf(b.url))).status).toBe('expired');
    expect((await payment(b.ref)).json.error.code, 'and stays so').toBe('BOOKING_EXPIRED');
    expect((await demo.call(`/api/bookings/${b.ref}`)).json.data.expires_at).toBeUndefined();
  });

  it('a session the provider expired whose event was lost: 409 BOOKING_EXPIRED and the holds given back', async () => {
    const b = await unpaidBooking();
    await call('/_sim/stripe/control', { body: { webhook_url: capture.url } });
    expect((await call(`/_sim/stripe/checkout/${sessionOf(b.url)}/expire`, { body: {} })).status).toBe(200);
    expect(bookingRow(b.ref).status, 'the event did not reach the Worker').toBe('PENDING_PAYMENT');
    const r = await payment(b.ref);
    expect(r.status, r.text).toBe(409);
    expectErrorShape(r.json, 'BOOKING_EXPIRED');
    expect(bookingRow(b.ref).status).toBe('EXPIRED');
    await expectHoldsBackOnce(b);
  });

  it('the provider down: 502 and the booking keeps waiting with its holds', async () => {
    const b = await unpaidBooking();
    await call('/_sim/stripe/control', { body: { mode: 'fail', op: 'retrieve' } });
    const r = await payment(b.ref);
    expect(r.status).toBe(502);
    expectErrorShape(r.json, 'UPSTREAM_FAILED');
    expect(expectReconciledIn(db, b.ref).status).toBe('PENDING_PAYMENT');
  });

  it('cancelled: Complete payment is 409 (book again); someone else\u2019s booking is 404 and stays as it was', async () => {
    const b = await unpaidBooking();
    const stranger = await signIn('agent@example.com', 'Agent1!pass');
    expect((await payment(b.ref, stranger)).status).toBe(404);
    expect((await cancel(b.ref)).status).toBe(200);
    await expectHoldsBackOnce(b);
    const r = await payment(b.ref);
    expect(r.status).toBe(409);
    expect(r.json.error.message).toBe('This booking was cancelled: book again');
  });

  it('the hourly job lets go of a booking once its 30 minutes are over', async () => {
    const b = await unpaidBooking();
    DbWatch.adjust(inject('persistTo'), "UPDATE bookings SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 minutes') WHERE booking_ref = ?", b.ref);
    expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
    for (let i = 0; i < 50 && bookingRow(b.ref).status === 'PENDING_PAYMENT'; i++) await new Promise((done) => setTimeout(done, 200));
    expect(bookingRow(b.ref).status).toBe('EXPIRED');
    await expectHoldsBackOnce(b);
  });
});

describe('30 requests at once on one unpaid booking', () => {
  it('30 Complete payment calls: the one open session each time, no other made, nothing released', async () => {
    const b = await unpaidBooking();
    const session = bookingRow(b.ref).payment_session_id;
    const replies = await Promise.all(Array.from({ length: 30 }, () => payment(b.ref)));
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(replies.map((r) => r.json.data.payment_url))).toEqual(new Set([b.url]));
    expect(bookingRow(b.ref)).toMatchObject({ status: 'PENDING_PAYMENT', payment_session_id: session });
    expect(db.count('bookings', 'payment_session_id = ?', session)).toBe(1);
    const wallet = await walletOf(demo);
    expect(cardIn(wallet, b.cert).status).toBe('HELD');
    expect(cardIn(wallet, b.cash).card_amount).toBe(0);
    expectReconciledIn(db, b.ref);
  });

  it('30 cancels: CANCELLED, its holds and rooms given back exactly once', async () => {
    const b = await unpaidBooking();
    const held = soldFor(b.ref);
    const replies = await Promise.all(Array.from({ length: 30 }, () => cancel(b.ref)));
    expect(replies.every((r) => r.status === 200 || r.status === 409), replies.map((r) => r.status).join()).toBe(true);
    expect(replies.some((r) => r.status === 200)).toBe(true);
    expect(bookingRow(b.ref).status).toBe('CANCELLED');
    await expectHoldsBackOnce(b);
    expect(soldFor(b.ref), 'its rooms given back once').toEqual(held.map((n) => n - 1));
    expect((await stripe.checkout.sessions.retrieve(sessionOf(b.url))).status).toBe('expired');
  });

  it('15 cancels and 15 Complete payment calls mixed: CANCELLED, holds given back once, never a new session', async () => {
    const b = await unpaidBooking();
    const held = soldFor(b.ref);
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? cancel(b.ref) : payment(b.ref))));
    expect(replies.every((r) => r.status === 200 || r.status === 409), replies.map((r) => r.status).join()).toBe(true);
    for (const r of replies.filter((x) => x.status === 200 && x.json.data.payment_url)) expect(r.json.data.payment_url).toBe(b.url);
    expect(bookingRow(b.ref).status).toBe('CANCELLED');
    await expectHoldsBackOnce(b);
    expect(soldFor(b.ref)).toEqual(held.map((n) => n - 1));
  });

  it('30 at once past its 30 minutes (Complete payment and cancel): let go once, the holds given back once', async () => {
    const b = await unpaidBooking();
    const late = Date.parse(expiresOf(b.ref)) + 60_000;
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 3 ? payment(b.ref, demo, late) : cancel(b.ref))));
    expect(replies.every((r) => r.status === 200 || r.status === 409), replies.map((r) => r.status).join()).toBe(true);
    for (const r of replies.filter((x) => x.status === 409 && x.json.error.code === 'BOOKING_EXPIRED')) expect(r.json.error.message).toBe('This booking has expired: book again');
    expect(['EXPIRED', 'CANCELLED']).toContain(bookingRow(b.ref).status);
    await expectHoldsBackOnce(b);
  });
});
