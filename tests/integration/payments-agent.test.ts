// An agent books a quote on the client's card (docs/decisions/0029), over real HTTP against the Stripe simulator and
// real local D1: the same card checkout, webhook, expiry and cancel flows as a traveller's, no credit used, money that
// reconciles (paid = card part; wallet spends + card part = price - refunds), 30 requests at once changing things once.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/shared/rules/money';
import { baseUrl, call, expectErrorShape, type Client } from './helpers';
import { adminMadeAgent, aProduct, day, newClient, newQuote, profileOf, signIn, AGENT, type ProductPick } from './agent-helpers';
import { DbWatch } from './gates-db';
import { expectReconciledIn, webhookCatcher, type CapturedWebhook } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripeClient } from '../../functions/outside/payments';

const secrets = readDevVars() as Record<string, string>;
/** Small on purpose: a card booking above it still goes through, as it uses no credit. */
const LIMIT_USD = 50;
let stripe: Stripe;
let agent: Client;
let agentEmail = '';
let other: Client;
let hotel: ProductPick;
let db: DbWatch;
let capture: Awaited<ReturnType<typeof webhookCatcher>>;
let captureUrl = '';
let captured: CapturedWebhook[] = [];

beforeAll(async () => {
  stripe = stripeClient({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: secrets.STRIPE_WEBHOOK_SECRET! });
  const made = await adminMadeAgent(LIMIT_USD);
  agentEmail = made.email;
  agent = await signIn(made);
  other = await signIn(AGENT);
  hotel = await aProduct('HLT');
  db = DbWatch.open();
  capture = await webhookCatcher();
  captureUrl = capture.url;
  captured = capture.captured;
}, 180_000);

afterAll(async () => {
  db.close();
  await capture.close();
});

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
  captured.length = 0;
});

const sessionOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const pay = (sessionId: string, card = '4242424242424242') => call(`/_sim/stripe/checkout/${sessionId}/pay`, { body: { card } });
const expire = (sessionId: string) => call(`/_sim/stripe/checkout/${sessionId}/expire`, { body: {} });
const webhook = (e: { raw: string; signature: string }) =>
  call('/api/payments/webhook', { method: 'POST', rawBody: e.raw, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature } });
const book = (quoteId: number | string, payBy?: string) => agent.call(`/api/agent/quotes/${quoteId}/book`, { body: payBy === undefined ? {} : { pay_by: payBy } });
const agentBooking = async (ref: string) => ((await agent.call('/api/agent/bookings')).json.data as any[]).find((b) => b.booking_id === ref);
const mailsAbout = async (ref: string): Promise<any[]> => (await call('/api/dev/outbox')).json.data.filter((m: any) => m.subject.includes(ref));
const refundsOf = async (session: string) => {
  const pi = (await stripe.checkout.sessions.retrieve(session)).payment_intent as string;
  return (await stripe.events.list({ type: 'refund.created', limit: 100 })).data.filter((e) => (e.data.object as Stripe.Refund).payment_intent === pi);
};

/** A quote for a new client, three nights from `offset` days on, priced above the agent's whole credit limit. */
async function aQuote(offset = 20) {
  const client = await newClient(agent);
  const quote = await newQuote(agent, { client_id: client.client_id, product_id: hotel.product_id, check_in: day(offset), check_out: day(offset + 3), guests: 2, currency: 'USD', markup_percent: 10 });
  expect(quote.total).toBeGreaterThan(LIMIT_USD);
  return { client, quote };
}

async function pendingCardBooking(offset = 20) {
  const { client, quote } = await aQuote(offset);
  const r = await book(quote.quote_id, 'card');
  expect(r.status, r.text).toBe(200);
  return { client, quote, ref: r.json.data.booking_id as string, session: sessionOf(r.json.data.payment_url), reply: r };
}

describe('booking a quote on the client\u2019s card', () => {
  it('is pending with a hosted payment for the quote\u2019s price and uses no credit; paid, the webhook confirms it, mails the client and a voucher to the agent', async () => {
    const before = await profileOf(agent);
    const { client, quote, ref, session, reply } = await pendingCardBooking();
    expect(reply.json.data).toMatchObject({ status: 'PENDING_PAYMENT', pay_by: 'card', total: quote.total, currency: 'USD', charged_usd: 0 });
    expect(reply.json.data.quote).toMatchObject({ status: 'BOOKED', booking_id: ref });
    expect((await profileOf(agent)).credit).toEqual(before.credit);
    const hosted = await stripe.checkout.sessions.retrieve(session);
    expect(hosted).toMatchObject({ amount_total: Math.round(quote.total * 100), currency: 'usd', metadata: { booking_ref: ref }, customer_email: client.email });
    expect(expectReconciledIn(db, ref)).toMatchObject({ status: 'PENDING_PAYMENT', user_id: null, price_minor: Math.round(quote.total * 100) });
    expect(await agentBooking(ref)).toMatchObject({ status: 'PENDING_PAYMENT', pay_by: 'card', paid_amount: 0, payment_url: reply.json.data.payment_url });
    expect(db.count('credit_ledger', 'note = ?', ref)).toBe(0);

    expect((await pay(session)).status).toBe(200);
    expect(expectReconciledIn(db, ref)).toMatchObject({ status: 'CONFIRMED', paid_minor: Math.round(quote.total * 100) });
    const listed = await agentBooking(ref);
    expect(listed).toMatchObject({ status: 'CONFIRMED', pay_by: 'card', paid_amount: quote.total, refunded_amount: 0 });
    expect(listed.payment_url).toBeUndefined();
    expect((await profileOf(agent)).credit).toEqual(before.credit);
    const mails = await mailsAbout(ref);
    expect(mails).toHaveLength(2);
    const confirmation = mails.find((m) => m.to === client.email);
    expect(confirmation.text).toContain(`Paid by card: ${formatMoney(Math.round(quote.total * 100), 'USD', 'en-US')}`);
    const voucher = mails.find((m) => m.to !== client.email);
    expect(voucher.to).toBe(agentEmail);
    expect(voucher.subject).toContain(`voucher ${ref}`);
    expect(voucher.text).toContain('Paid by card');
  });

  it('30 deliveries at once of its completed event confirm it once, record the event once and send each mail once (the client\u2019s, the agent\u2019s voucher)', async () => {
    const { ref, session } = await pendingCardBooking(24);
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await pay(session);
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(completed)));
    expect(replies.map((r) => r.status), replies.find((r) => r.status !== 200)?.text).toEqual(Array(30).fill(200));
    expect(replies.filter((r) => r.json.data.outcome === 'confirmed')).toHaveLength(1);
    expect(db.count('payment_events', 'event_id = ?', JSON.parse(completed.raw).id)).toBe(1);
    expect(expectReconciledIn(db, ref).status).toBe('CONFIRMED');
    expect((await agentBooking(ref)).status).toBe('CONFIRMED');
    expect(await mailsAbout(ref)).toHaveLength(2);
  });

  it('30 card bookings of one quote at once: one is pending, the others get 409 and leave no booking and no payable session', async () => {
    const { quote } = await aQuote(28);
    const started = Math.floor(Date.now() / 1000) - 1;
    const replies = await Promise.all(Array.from({ length: 30 }, () => book(quote.quote_id, 'card')));
    const ok = replies.filter((r) => r.status === 200);
    expect(replies.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status === 409)) {
      expect(r.status).toBe(409);
      expectErrorShape(r.json, 'CONFLICT');
      expect(r.json.error.message).toBe('This quote is already booked');
    }
    expect(db.count('agent_bookings', 'quote_id = ?', quote.quote_id)).toBe(1);
    const ref = ok[0]!.json.data.booking_id as string;
    expect(db.count('bookings', "booking_ref LIKE 'BK-%' AND idempotency_key LIKE ?", `guest:agent-%:agent-quote-${quote.quote_id}-%`)).toBe(1);
    // Each losing request made a session before it lost the race: each of them was expired, none has a booking.
    const expired = (await stripe.events.list({ type: 'checkout.session.expired', limit: 100 })).data
      .map((e) => e.data.object as Stripe.Checkout.Session)
      .filter((s) => s.created >= started && s.amount_total === Math.round(quote.total * 100));
    expect(expired).toHaveLength(29);
    expect(expired.filter((s) => db.count('bookings', 'booking_ref = ?', s.metadata!.booking_ref!) > 0)).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(ok[0]!.json.data.payment_url.split('/').pop())).status).toBe('open');
  });

  it('expiry releases it: EXPIRED, the quote open again, a late payment refunded in full, and the quote then booked on account', async () => {
    const { quote, ref, session } = await pendingCardBooking(32);
    await call('/_sim/stripe/control', { body: { webhook_url: captureUrl } });
    await pay(session);
    const completed = captured.find((c) => c.type === 'checkout.session.completed')!;
    await call('/_sim/stripe/control', { body: { webhook_url: `${baseUrl()}/api/payments/webhook` } });
    // The expiry event first (the provider delivered them out of order): the booking expires and the quote opens again.
    const raw = JSON.stringify({ ...JSON.parse(completed.raw), id: `evt_test_${crypto.randomUUID().replace(/-/g, '')}`, type: 'checkout.session.expired' });
    const at = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    const signature = `t=${at},v1=${createHmac('sha256', secrets.STRIPE_WEBHOOK_SECRET!).update(`${at}.${raw}`).digest('hex')}`;
    expect((await webhook({ raw, signature })).json.data.outcome).toBe('expired');
    expect((await agentBooking(ref)).status).toBe('EXPIRED');
    const reopened = (await agent.call(`/api/agent/quotes/${quote.quote_id}`)).json.data;
    expect(reopened).toMatchObject({ status: 'DRAFT', booking_id: null });
    // The payment then arrives: nothing to confirm, so it goes back in full, once of 30 deliveries.
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(completed)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const b = expectReconciledIn(db, ref);
    expect(b).toMatchObject({ status: 'REFUNDED', paid_minor: b.total_minor, refunded_minor: b.total_minor });
    expect(await refundsOf(session)).toHaveLength(1);
    expect(await mailsAbout(ref)).toHaveLength(0);
    // Open again, on account it is refused for credit (it is above the limit) and by card it goes through again.
    const onAccount = await book(quote.quote_id, 'account');
    expect(onAccount.status).toBe(409);
    expect(onAccount.json).toEqual({ status: 'failed', message: 'CREDIT LIMIT EXCEEDED' });
    const again = await book(quote.quote_id, 'card');
    expect(again.status, again.text).toBe(200);
    expect(again.json.data.booking_id).not.toBe(ref);
    expect(db.count('agent_bookings', 'quote_id = ?', quote.quote_id)).toBe(1);
    await pay(sessionOf(again.json.data.payment_url));
    expect((await agentBooking(again.json.data.booking_id)).status).toBe('CONFIRMED');
  });

  it('an expired session expires the agent\u2019s booking (the simulator\u2019s own event) and uses no credit', async () => {
    const before = await profileOf(agent);
    const { ref, session } = await pendingCardBooking(36);
    expect((await expire(session)).status).toBe(200);
    expect(expectReconciledIn(db, ref).status).toBe('EXPIRED');
    expect((await agentBooking(ref)).status).toBe('EXPIRED');
    expect((await profileOf(agent)).credit).toEqual(before.credit);
  });
});

describe('cancelling an agent\u2019s card booking (POST /api/agent/bookings/{id}/cancel)', () => {
  it('refunds the card part through the provider, once of 30 cancels at once, and mails the client once', async () => {
    const { client, ref, session } = await pendingCardBooking(40);
    await pay(session);
    const replies = await Promise.all(Array.from({ length: 30 }, () => agent.call(`/api/agent/bookings/${ref}/cancel`, { body: {} })));
    expect(replies.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const b = expectReconciledIn(db, ref);
    expect(b).toMatchObject({ status: 'CANCELLED', refunded_minor: b.paid_minor });
    expect(b.paid_minor).toBeGreaterThan(0);
    expect(await refundsOf(session)).toHaveLength(1);
    expect(await agentBooking(ref)).toMatchObject({ status: 'CANCELLED', paid_amount: b.paid_minor / 100, refunded_amount: b.paid_minor / 100 });
    const mails = (await mailsAbout(ref)).filter((m) => m.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: client.email });
    const second = await agent.call(`/api/agent/bookings/${ref}/cancel`, { body: {} });
    expect(second.status).toBe(409);
    expectErrorShape(second.json, 'CONFLICT');
  });

  it('a pending one lets go of its payment; one on account is refused; another agent\u2019s is 404; bad input is 400', async () => {
    const { quote: letGo, ref, session } = await pendingCardBooking(44);
    const let_go = await agent.call(`/api/agent/bookings/${ref}/cancel`, { body: {} });
    expect(let_go.status, let_go.text).toBe(200);
    expect(let_go.json.data.status).toBe('CANCELLED');
    expect((await stripe.checkout.sessions.retrieve(session)).status).toBe('expired');
    // Its payment never came: the quote is open again.
    expect((await agent.call(`/api/agent/quotes/${letGo.quote_id}`)).json.data).toMatchObject({ booking_id: null });

    const cheap = await newQuote(agent, { client_id: (await newClient(agent)).client_id, product_id: (await aProduct('ACT')).product_id, check_in: day(46), guests: 1, currency: 'USD', markup_percent: 0 });
    const onAccount = await book(cheap.quote_id);
    if (onAccount.status === 200) {
      expect(onAccount.json.data).toMatchObject({ status: 'CONFIRMED', pay_by: 'account' });
      const refused = await agent.call(`/api/agent/bookings/${onAccount.json.data.booking_id}/cancel`, { body: {} });
      expect(refused.status).toBe(409);
    expectErrorShape(refused.json, 'CONFLICT');
      expect(refused.json.error.message).toBe('A booking on account is cancelled by the travel company, not from the portal');
    }

    const paid = await pendingCardBooking(48);
    await pay(paid.session);
    const foreign = await other.call(`/api/agent/bookings/${paid.ref}/cancel`, { body: {} });
    expect(foreign.status).toBe(404);
    expectErrorShape(foreign.json, 'NOT_FOUND');
    expect((await agentBooking(paid.ref)).status).toBe('CONFIRMED');

    const { quote } = await aQuote(50);
    const bad = await book(quote.quote_id, 'cash');
    expect(bad.status).toBe(400);
    expectErrorShape(bad.json, 'BAD_REQUEST');
    expect(bad.json.error.issues).toEqual([{ path: 'pay_by', message: 'Choose "account" or "card"', key: 'agent_msg_payBy' }]);
    expect(db.count('agent_bookings', 'quote_id = ?', quote.quote_id)).toBe(0);
  });
});
