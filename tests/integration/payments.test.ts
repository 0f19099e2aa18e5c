// Checkout with a card part and the provider's webhook, over real HTTP against the Stripe simulator and real local D1:
// holds, confirmation, expiry, duplicates and reordering, forged signatures, the automatic refund, the provider down,
// and that every booking's money reconciles (paid = card part; wallet spends + card part = price - refunds).
import { formatMoney } from '../../src/shared/rules/money';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, Client, expectErrorShape } from './helpers';
import { bookingBody, cardIn, firstProduct, issue, key, signIn, traveler, walletOf } from './booking-helpers';
import { DbWatch } from './gates-db';
import { expectReconciledIn, webhookCatcher, type CapturedWebhook } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripeClient } from '../../functions/outside/payments';

const secrets = readDevVars() as Record<string, string>;
const WEBHOOK_SECRET = secrets.STRIPE_WEBHOOK_SECRET!;
let stripe: Stripe;
let demo: Client;
let hotel: { product_id: number; price: number };
let db: DbWatch;

/** Captures the simulator's deliveries instead of letting them reach the Worker, when a test wants to replay them itself. */
let capture: Awaited<ReturnType<typeof webhookCatcher>>;
let captureUrl = '';
let captured: CapturedWebhook[] = [];

beforeAll(async () => {
  stripe = stripeClient({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: WEBHOOK_SECRET });
  demo = await signIn();
  hotel = await firstProduct('HLT');
  db = DbWatch.open();
  capture = await webhookCatcher();
  captureUrl = capture.url;
  captured = capture.captured;
});

afterAll(async () => {
  db.close();
  await capture.close();
});

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
  captured.length = 0;
});

const checkout = (client: Client, body: Record<string, unknown>, idempotencyKey = key()) =>
  client.call('/api/booking/checkout', { body: { traveler, idempotency_key: idempotencyKey, ...body } });
const sessionOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const pay = (sessionId: string, card = '4242424242424242') => call(`/_sim/stripe/checkout/${sessionId}/pay`, { body: { card } });
/**
 * Pays, then waits for the booking to leave PENDING_PAYMENT: the simulator's webhook delivery that fails under load is
 * retried a moment later, as Stripe's is, so the answer to the payment can come before the booking is confirmed.
 */
async function payAndSettle(sessionId: string, ref: string, card?: string) {
  const paid = await pay(sessionId, card);
  await expect.poll(() => bookingRow(ref).status, { timeout: 20_000 }).not.toBe('PENDING_PAYMENT');
  return paid;
}
const expire = (sessionId: string) => call(`/_sim/stripe/checkout/${sessionId}/expire`, { body: {} });
const bookingRow = (ref: string) => db.row('bookings', 'booking_ref = ?', ref) as Record<string, any>;
const webhook = (raw: string, signature?: string) =>
  call('/api/payments/webhook', { method: 'POST', rawBody: raw, headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) } });

/** Signs a payload as Stripe does, with the configured secret (or another). */
function sign(raw: string, secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${raw}`).digest('hex')}`;
}

async function eventFor(type: string, sessionId: string) {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const raw = JSON.stringify({ id: `evt_test_${crypto.randomUUID().replace(/-/g, '')}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: { ...session, ...(type === 'checkout.session.expired' ? { status: 'expired', url: null } : {}) } } });
  return raw;
}

async function mailsAbout(ref: string): Promise<any[]> {
  return (await call('/api/dev/outbox')).json.data.filter((m: any) => m.subject.includes(ref));
}

const expectReconciled = (ref: string) => expectReconciledIn(db, ref);

async function pendingBooking(extra: Record<string, unknown> = {}) {
  const r = await checkout(demo, bookingBody(hotel.product_id, extra));
  expect(r.status, r.text).toBe(200);
  expect(r.json.data.status).toBe('PENDING_PAYMENT');
  return { ref: r.json.data.booking_id as string, session: sessionOf(r.json.data.payment_url), reply: r };
}

describe('checkout with a card part', () => {
  it('a total of 0 after the wallet is confirmed at once, with no payment', async () => {
    const cash = await issue({ kind: 'cash', amount: hotel.price * 4 });
    const r = await checkout(demo, bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id }));
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'CONFIRMED', total: 0 });
    expect(r.json.data.payment_url).toBeUndefined();
    expect(bookingRow(r.json.data.booking_id)).toMatchObject({ status: 'CONFIRMED', payment_session_id: null, paid_minor: 0 });
    // The confirmation page's record carries the booked product's first photo, described in every language.
    const own = await demo.call(`/api/bookings/${r.json.data.booking_id}`);
    const product = await call(`/api/products/${hotel.product_id}`);
    expect(own.json.data.photo).toEqual(product.json.data.photos[0]);
    expect(own.json.data.photo.alt['fr-FR']).not.toBe(own.json.data.photo.alt['en-US']);
  });

  it('a total above 0 is PENDING_PAYMENT with the wallet part held and a hosted payment for exactly the rest', async () => {
    const cash = await issue({ kind: 'cash', amount: 50 });
    const { ref, session, reply } = await pendingBooking({ cash_card_id: cash.payment_card_id });
    expect(reply.json.data.payment_url).toMatch(new RegExp(`/_sim/stripe/checkout/${session}$`));
    expect(reply.json.data.total).toBeCloseTo(hotel.price * 2 - 50, 2);
    const s = await stripe.checkout.sessions.retrieve(session);
    expect(s).toMatchObject({ mode: 'payment', status: 'open', amount_total: Math.round(reply.json.data.total * 100), currency: 'usd', metadata: { booking_ref: ref } });
    expect(s.success_url).toBe(`${baseUrl().replace('127.0.0.1', 'localhost')}/checkout-success?booking=${ref}`);
    expect(s.cancel_url).toContain('payment=cancelled');
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(0);
    const got = await demo.call(`/api/bookings/${ref}`);
    expect(got.status).toBe(200);
    expect(got.json.data).toMatchObject({ booking_id: ref, status: 'PENDING_PAYMENT', paid_amount: 0, refunded_amount: 0 });
    expectReconciled(ref);
  });

  it('paid on the hosted page: the webhook confirms it, the held part is spent, paid = card part', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const { ref, session, reply } = await pendingBooking({ certificate_id: cert.payment_card_id });
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('HELD');
    expect((await payAndSettle(session, ref)).status).toBe(200);
    const got = await demo.call(`/api/bookings/${ref}`);
    expect(got.json.data).toMatchObject({ status: 'CONFIRMED', paid_amount: reply.json.data.total, refunded_amount: 0 });
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('REDEEMED');
    expectReconciled(ref);
    expect(db.count('payment_events', "booking_ref = ? AND type = 'checkout.session.completed'", ref)).toBe(1);
    const mails = await mailsAbout(ref);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: traveler.email, subject: expect.stringContaining('confirmed') });
    expect(mails[0].text).toContain(`Paid by card: ${formatMoney(Math.round(reply.json.data.total * 100), 'USD', 'en-US')}`);
    expect(mails[0].text).toContain('Cancellation: Free cancellation until');
    expect(mails[0].text).toContain(`/manage-booking?booking=${ref}`);
    const ics = mails[0].attachments?.[0];
    expect(ics).toMatchObject({ filename: `booking-${ref}.ics`, contentType: 'text/calendar; charset=utf-8' });
    expect(ics.content).toContain('BEGIN:VCALENDAR');
    expect(ics.content).toContain(`DTSTART;VALUE=DATE:${bookingBody(hotel.product_id).check_in.replace(/-/g, '')}`);
  });

  it('a declined card changes nothing; another card then confirms it', async () => {
    const { ref, session } = await pendingBooking();
    expect((await pay(session, '4000000000000002')).status).toBe(402);
    expect(bookingRow(ref).status).toBe('PENDING_PAYMENT');
    expect((await payAndSettle(session, ref, '4000002500003155')).status).toBe(200);
    expect(expectReconciled(ref).status).toBe('CONFIRMED');
  });

  it('an expired payment expires the booking and gives the held parts back', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const cash = await issue({ kind: 'cash', amount: 25 });
    const { ref, session } = await pendingBooking({ certificate_id: cert.payment_card_id, cash_card_id: cash.payment_card_id });
    const other = await checkout(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }));
    expect(other.status, 'a held certificate is refused to another checkout').toBe(409);
    expect((await expire(session)).status).toBe(200);
    expect(expectReconciled(ref).status).toBe('EXPIRED');
    const wallet = await walletOf(demo);
    expect(cardIn(wallet, cert.payment_card_id).status).toBe('ACTIVE');
    expect(cardIn(wallet, cash.payment_card_id).card_amount).toBe(25);
    expect((await demo.call(`/api/bookings/${ref}`)).json.data.status).toBe('EXPIRED');
    const again = await checkout(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }));
    expect(again.status, again.text).toBe(200);
  });

  it('the same idempotency key again answers the same pending booking and its payment address', async () => {
    const k = key();
    const first = await checkout(demo, bookingBody(hotel.product_id), k);
    const second = await checkout(demo, bookingBody(hotel.product_id), k);
    expect(second.json.data).toEqual(first.json.data);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('22 checkouts at once on one wallet part: one is pending with it held, the others get 409 and hold nothing', async () => {
    const cash = await issue({ kind: 'cash', amount: 40 });
    const all = await Promise.all(Array.from({ length: 22 }, () => checkout(demo, bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id }))));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(21);
    const winner = all.find((r) => r.status === 200)!;
    expect(winner.json.data.status).toBe('PENDING_PAYMENT');
    expect(db.count('card_spends', 'card_id = ?', cash.payment_card_id)).toBe(1);
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(0);
    for (const r of all.filter((x) => x.status === 409)) expectErrorShape(r.json, 'CONFLICT');
    expectReconciled(winner.json.data.booking_id);
  });

  it('the provider down at checkout: 502, nothing written and nothing held', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    for (const mode of ['fail', 'malformed']) {
      await call('/_sim/stripe/control', { body: { mode, op: 'create' } });
      const before = db.signature();
      const r = await checkout(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }));
      expect(r.status, `${mode}: ${r.text}`).toBe(502);
      expectErrorShape(r.json, 'UPSTREAM_FAILED');
      expect(DbWatch.changed(before, db.signature(), ['sessions', 'rate_limits', 'activity_log']), mode).toEqual([]);
      expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('ACTIVE');
    }
  });
});

describe('the webhook', () => {
  it('refuses a missing, forged, other-secret or stale signature with 400 and changes nothing', async () => {
    const { ref, session } = await pendingBooking();
    const raw = await eventFor('checkout.session.expired', session);
    const before = db.signature();
    const tries = {
      missing: await webhook(raw),
      forged: await webhook(raw, 't=1700000000,v1=' + 'ab'.repeat(32)),
      otherSecret: await webhook(raw, sign(raw, 'whsec_not_ours')),
      stale: await webhook(raw, sign(raw, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 6 * 60)),
      changedBody: await webhook(raw.replace('"usd"', '"eur"'), sign(raw)),
    };
    for (const [name, r] of Object.entries(tries)) {
      expect(r.status, name).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
    expect(DbWatch.changed(before, db.signature(), ['rate_limits', 'activity_log'])).toEqual([]);
    expect(bookingRow(ref).status).toBe('PENDING_PAYMENT');
    // The same event signed properly is taken.
    expect((await webhook(raw, sign(raw))).json.data.outcome).toBe('expired');
  });

  it('30 deliveries at once of one completed event confirm once and record the event once', async () => {
    const cash = await issue({ kind: 'cash', amount: 35 });
    const { ref, session } = await pendingBooking({ cash_card_id: cash.payment_card_id });
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await pay(session);
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    expect(bookingRow(ref).status).toBe('PENDING_PAYMENT');
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(completed.raw, completed.signature)));
    expect(replies.map((r) => r.status), replies.find((r) => r.status !== 200)?.text).toEqual(Array(30).fill(200));
    const outcomes = replies.map((r) => r.json.data.outcome);
    expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(1);
    expect(outcomes.every((o) => ['confirmed', 'unchanged', 'duplicate'].includes(o))).toBe(true);
    const eventId = JSON.parse(completed.raw).id;
    expect(db.count('payment_events', 'event_id = ?', eventId)).toBe(1);
    expect(expectReconciled(ref).status).toBe('CONFIRMED');
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(0);
    expect((await webhook(completed.raw, sign(completed.raw))).json.data.outcome).toBe('duplicate');
    expect(await mailsAbout(ref), 'one confirmation email').toHaveLength(1);
  });

  it('an expired event after the payment changes nothing', async () => {
    const { ref, session } = await pendingBooking();
    await payAndSettle(session, ref);
    const late = await eventFor('checkout.session.expired', session);
    expect((await webhook(late, sign(late))).json.data.outcome).toBe('unchanged');
    expect(expectReconciled(ref).status).toBe('CONFIRMED');
  });

  it('a payment that arrives after the booking expired is refunded automatically, once, and the booking is REFUNDED', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const { ref, session } = await pendingBooking({ certificate_id: cert.payment_card_id });
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await pay(session);
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    const expiredFirst = await eventFor('checkout.session.expired', session);
    expect((await webhook(expiredFirst, sign(expiredFirst))).json.data.outcome).toBe('expired');
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('ACTIVE');
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(completed.raw, completed.signature)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const b = expectReconciled(ref);
    expect(b).toMatchObject({ status: 'REFUNDED', paid_minor: b.total_minor, refunded_minor: b.total_minor });
    const pi = (await stripe.checkout.sessions.retrieve(session)).payment_intent as string;
    const refunds = (await stripe.events.list({ type: 'refund.created', limit: 100 })).data.filter((e) => (e.data.object as Stripe.Refund).payment_intent === pi);
    expect(refunds).toHaveLength(1);
    expect((refunds[0]!.data.object as Stripe.Refund).amount).toBe(b.total_minor);
    expect((await demo.call(`/api/bookings/${ref}`)).json.data).toMatchObject({ status: 'REFUNDED', refunded_amount: b.total_minor / 100 });
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('ACTIVE');
  });

  it('the provider down during an automatic refund: 502, so the delivery is retried, and nothing is recorded', async () => {
    const { ref, session } = await pendingBooking();
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await pay(session);
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    const expiredFirst = await eventFor('checkout.session.expired', session);
    await webhook(expiredFirst, sign(expiredFirst));
    await call('/_sim/stripe/control', { body: { mode: 'fail', op: 'refund' } });
    const failed = await webhook(completed.raw, completed.signature);
    expect(failed.status).toBe(502);
    expect(bookingRow(ref).status).toBe('EXPIRED');
    expect(db.count('payment_events', 'event_id = ?', JSON.parse(completed.raw).id)).toBe(0);
    await call('/_sim/stripe/control', { body: { mode: 'ok', op: 'refund' } });
    expect((await webhook(completed.raw, completed.signature)).json.data.outcome).toBe('refunded');
    expect(expectReconciled(ref).status).toBe('REFUNDED');
  });
});

describe('GET /api/bookings/{id}', () => {
  it('is the owner\u2019s only: 404 for someone else and for an unknown reference', async () => {
    const { ref } = await pendingBooking();
    const stranger = await signIn('agent@example.com', 'Agent1!pass');
    expect((await stranger.call(`/api/bookings/${ref}`)).status).toBe(404);
    expect((await call(`/api/bookings/${ref}`)).status).toBe(404);
    expect((await demo.call('/api/bookings/BK-NOPE0-NOPE0')).status).toBe(404);
  });
});

/** Rooms sold, on each night the booking holds, of its room type. */
const soldFor = (ref: string) => {
  const b = bookingRow(ref);
  return (JSON.parse(b.nights) as { date: string }[]).map((n) => (db.row('room_nights', 'room_id = ? AND night = ?', b.room_id, n.date)?.sold as number | undefined) ?? 0);
};

describe('giving up on a pending payment (POST /api/bookings/{id}/cancel)', () => {
  it('expires the session at the provider and CANCELS the booking at once, giving the held parts and rooms back; a second time is 409', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const { ref, session } = await pendingBooking({ certificate_id: cert.payment_card_id });
    const held = soldFor(ref);
    expect(held.every((n) => n >= 1)).toBe(true);
    const quote = await demo.call(`/api/bookings/${ref}/cancel-quote`);
    expect(quote.json.data, 'letting go costs nothing: the held certificate goes back').toMatchObject({ refund_card: 0, refund_wallet: { certificate: 30 }, fee: 0 });
    const r = await demo.call(`/api/bookings/${ref}/cancel`, { body: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ booking_id: ref, status: 'CANCELLED', paid_amount: 0, refunded_amount: 0 });
    expect(expectReconciled(ref).status).toBe('CANCELLED');
    expect(soldFor(ref), 'its rooms are given back').toEqual(held.map((n) => n - 1));
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('ACTIVE');
    expect((await stripe.checkout.sessions.retrieve(session)).status).toBe('expired');
    expect((await pay(session)).status, 'nobody can pay it any more').toBe(400);
    const again = await demo.call(`/api/bookings/${ref}/cancel`, { body: {} });
    expect(again.status).toBe(409);
    expectErrorShape(again.json, 'CONFLICT');
    expect((await demo.call(`/api/bookings/${ref}/cancel-quote`)).status, 'nothing left to cancel').toBe(409);
  });

  it('a session paid before its webhook arrived is not released: 409, and the webhook then confirms it', async () => {
    const { ref, session } = await pendingBooking();
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await pay(session);
    expect((await demo.call(`/api/bookings/${ref}/cancel`, { body: {} })).status).toBe(409);
    expect(bookingRow(ref).status).toBe('PENDING_PAYMENT');
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    expect((await webhook(completed.raw, completed.signature)).json.data.outcome).toBe('confirmed');
    expect(expectReconciled(ref).status).toBe('CONFIRMED');
  });

  it('the provider down: 502 and the booking keeps waiting with its holds', async () => {
    const cash = await issue({ kind: 'cash', amount: 20 });
    const { ref } = await pendingBooking({ cash_card_id: cash.payment_card_id });
    await call('/_sim/stripe/control', { body: { mode: 'fail', op: 'expire' } });
    const r = await demo.call(`/api/bookings/${ref}/cancel`, { body: {} });
    expect(r.status).toBe(502);
    expectErrorShape(r.json, 'UPSTREAM_FAILED');
    expect(expectReconciled(ref).status).toBe('PENDING_PAYMENT');
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(0);
  });

  it('someone else\u2019s booking is 404 and stays as it was', async () => {
    const { ref } = await pendingBooking();
    const stranger = await signIn('agent@example.com', 'Agent1!pass');
    expect((await stranger.call(`/api/bookings/${ref}/cancel`, { body: {} })).status).toBe(404);
    expect(bookingRow(ref).status).toBe('PENDING_PAYMENT');
  });
});
