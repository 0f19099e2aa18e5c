// Cancelling a confirmed booking under its policy (refund through the provider, wallet parts back, an email), two
// cancels at once, the provider down, and the scheduled sweep of pending bookings whose expiry event never came.
import { formatMoney } from '../../src/shared/rules/money';
import Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, call, Client, expectErrorShape } from './helpers';
import { bookingBody, cardIn, day, firstProduct, issue, key, payPending, signIn, traveler, walletOf } from './booking-helpers';
import { DbWatch } from './gates-db';
import { expectReconciledIn } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripeClient } from '../../functions/outside/payments';
import { deadlineInHotelTime, freeCancellationDeadline, freeCancellationUntil } from '../../src/shared/rules/cancellation';

const secrets = readDevVars() as Record<string, string>;
let stripe: Stripe;
let demo: Client;
let hotel: { product_id: number; price: number };
let db: DbWatch;

beforeAll(async () => {
  stripe = stripeClient({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: secrets.STRIPE_WEBHOOK_SECRET! });
  demo = await signIn();
  hotel = await firstProduct('HLT');
  db = DbWatch.open();
});

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
});

const bookingRow = (ref: string) => db.row('bookings', 'booking_ref = ?', ref) as Record<string, any>;
const cancel = (ref: string, client = demo, at?: number) => client.call(`/api/bookings/${ref}/cancel`, { body: {}, ...(at === undefined ? {} : { headers: { 'x-dev-now': new Date(at).toISOString() } }) });

async function confirmedBooking(extra: Record<string, unknown> = {}, checkIn = 20) {
  const r = await demo.call('/api/booking/checkout', { body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { check_in: day(checkIn), check_out: day(checkIn + 2), ...extra }) } });
  expect(r.status, r.text).toBe(200);
  const b = await payPending(r, { client: demo });
  expect(b.status).toBe('CONFIRMED');
  return b as { booking_id: string; total: number; paid_amount: number };
}

async function refundsOf(ref: string) {
  const pi = bookingRow(ref).payment_intent_id as string;
  return (await stripe.events.list({ type: 'refund.created', limit: 100 })).data.map((e) => e.data.object as Stripe.Refund).filter((r) => r.payment_intent === pi);
}

describe('cancelling a confirmed booking', () => {
  it('shows the policy, refunds the card part through the provider, gives the wallet parts back and sends an email', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const cash = await issue({ kind: 'cash', amount: 20 });
    const b = await confirmedBooking({ certificate_id: cert.payment_card_id, cash_card_id: cash.payment_card_id });
    const got = (await demo.call(`/api/bookings/${b.booking_id}`)).json.data;
    expect(got.free_cancellation_until).toBe(freeCancellationUntil('HLT', day(20)));
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('REDEEMED');
    // Before it is asked, what cancelling now does: the card part back, the wallet parts back, nothing kept.
    const quote = await demo.call(`/api/bookings/${b.booking_id}/cancel-quote`);
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json.data).toEqual({ refund_card: b.paid_amount, refund_wallet: { certificate: 30, discount: 0, cash: 20 }, fee: 0, currency: 'USD', deadline: got.free_cancellation_deadline });

    const r = await cancel(b.booking_id);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'CANCELLED', paid_amount: b.paid_amount, refunded_amount: b.paid_amount });
    const row = bookingRow(b.booking_id);
    expect(row.refunded_minor).toBe(row.paid_minor);
    // Nothing kept: no wallet part spent, and the card part all refunded.
    expect(db.count('card_spends', "booking_id = ? AND state <> 'RELEASED'", row.id)).toBe(0);
    const wallet = await walletOf(demo);
    expect(cardIn(wallet, cert.payment_card_id).status).toBe('ACTIVE');
    expect(cardIn(wallet, cash.payment_card_id).card_amount).toBe(20);
    const refunds = await refundsOf(b.booking_id);
    expect(refunds.map((x) => x.amount)).toEqual([row.paid_minor]);
    const mail = (await call('/api/dev/outbox')).json.data.filter((m: any) => m.subject.includes(`${b.booking_id} cancelled`));
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toBe(traveler.email);
    expect(mail[0].text).toContain(`We refunded ${formatMoney(row.paid_minor, 'USD', 'en-US')} to your card`);
    expect((await cancel(b.booking_id)).status, 'a second cancel').toBe(409);
    expectReconciledIn(db, b.booking_id);
  });

  it('30 cancels at once: one refund, one cancellation, the wallet given back once', async () => {
    const cash = await issue({ kind: 'cash', amount: 25 });
    const b = await confirmedBooking({ cash_card_id: cash.payment_card_id });
    const replies = await Promise.all(Array.from({ length: 30 }, () => cancel(b.booking_id)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
    const refunds = await refundsOf(b.booking_id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount, 'refunded here = refunded at the provider').toBe(bookingRow(b.booking_id).refunded_minor);
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(25);
    expect(expectReconciledIn(db, b.booking_id).status).toBe('CANCELLED');
  });

  it('the provider down: 502, and the booking stays CONFIRMED with its wallet parts spent', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const b = await confirmedBooking({ certificate_id: cert.payment_card_id });
    await call('/_sim/stripe/control', { body: { mode: 'fail', op: 'refund' } });
    const r = await cancel(b.booking_id);
    expect(r.status).toBe(502);
    expectErrorShape(r.json, 'UPSTREAM_FAILED');
    expect(bookingRow(b.booking_id)).toMatchObject({ status: 'CONFIRMED', refunded_minor: 0 });
    expectReconciledIn(db, b.booking_id);
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('REDEEMED');
    await call('/_sim/stripe/reset', { body: {} });
    expect((await cancel(b.booking_id)).status, 'works once the provider is back').toBe(200);
    const row = expectReconciledIn(db, b.booking_id);
    expect((await refundsOf(b.booking_id)).reduce((sum, x) => sum + x.amount, 0), 'refunded here = refunded at the provider').toBe(row.refunded_minor);
  });

  it('the refusal falls on the minute the pages show: 18:00 hotel time, in the hotel\'s own zone', async () => {
    const b = await confirmedBooking({}, 20);
    const got = (await demo.call(`/api/bookings/${b.booking_id}`)).json.data;
    const zone = db.row('products', 'id = ?', hotel.product_id)!.time_zone as string;
    expect(zone).not.toBe('UTC');
    expect(got.time_zone).toBe(zone);
    expect(got.free_cancellation_deadline).toBe(freeCancellationDeadline('HLT', day(20), zone));
    const deadline = Date.parse(got.free_cancellation_deadline);
    expect(deadlineInHotelTime('en-US', got.free_cancellation_deadline, zone)).toMatch(/, 18:00$/);
    const quoteAt = (at: number) => demo.call(`/api/bookings/${b.booking_id}/cancel-quote`, { headers: { 'x-dev-now': new Date(at).toISOString() } });
    expect((await quoteAt(deadline - 60_000)).json.data).toMatchObject({ refund_card: b.paid_amount, fee: 0 });
    for (const at of [deadline, deadline + 60_000]) {
      const quote = await quoteAt(at);
      expect(quote.status, quote.text).toBe(409);
      expect(quote.json.error.message).toBe('This booking can no longer be cancelled free of charge');
      const r = await cancel(b.booking_id, demo, at);
      expect(r.status, new Date(at).toISOString()).toBe(409);
      expect(r.json.error.message).toBe('This booking can no longer be cancelled free of charge');
      expect(bookingRow(b.booking_id).status).toBe('CONFIRMED');
    }
    const r = await cancel(b.booking_id, demo, deadline - 60_000);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.status).toBe('CANCELLED');
  });

  it('after the free-cancellation day it is refused with 409 and nothing moves', async () => {
    const b = await confirmedBooking({}, 1);
    const r = await cancel(b.booking_id);
    expect(r.status).toBe(409);
    expect(r.json.error.message).toBe('This booking can no longer be cancelled free of charge');
    expect(bookingRow(b.booking_id).status).toBe('CONFIRMED');
    expect(await refundsOf(b.booking_id)).toHaveLength(0);
  });

  it('someone else cannot cancel it', async () => {
    const b = await confirmedBooking();
    const stranger = await signIn('agent@example.com', 'Agent1!pass');
    expect((await cancel(b.booking_id, stranger)).status).toBe(404);
    expect(bookingRow(b.booking_id).status).toBe('CONFIRMED');
  });
});

describe('the scheduled sweep', () => {
  it('expires a pending booking whose session outlived its window, at the provider and here, and gives its holds back', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 30 });
    const r = await demo.call('/api/booking/checkout', { body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }) } });
    const ref = r.json.data.booking_id as string;
    const session = String(r.json.data.payment_url).split('/').pop()!;
    const fresh = await demo.call('/api/booking/checkout', { body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id) } });
    // The expiry event was lost: the booking is still pending 40 minutes later.
    DbWatch.adjust(inject('persistTo'), "UPDATE bookings SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-40 minutes') WHERE booking_ref = ?", ref);
    expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
    for (let i = 0; i < 50 && bookingRow(ref).status === 'PENDING_PAYMENT'; i++) await new Promise((res) => setTimeout(res, 200));
    expect(bookingRow(ref).status).toBe('EXPIRED');
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('ACTIVE');
    expect((await stripe.checkout.sessions.retrieve(session)).status).toBe('expired');
    expect(bookingRow(fresh.json.data.booking_id).status, 'a booking inside its window is left alone').toBe('PENDING_PAYMENT');
  });
});
