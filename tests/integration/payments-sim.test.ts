// The payment provider interface (the official stripe SDK, fetch client) against the /_sim/stripe simulator over
// real HTTP: checkout sessions, idempotency keys, test cards and 3-D Secure, expiry, refunds, events, and webhooks
// signed as Stripe signs them (the SDK's own check verifies them) delivered with retries.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, call } from './helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { PaymentProviderError, stripeClient, stripePayments, WebhookSignatureError, type NewCheckoutSession, type Payments } from '../../functions/outside/payments';

const secrets = readDevVars() as Record<string, string>;
const SECRET_KEY = secrets.STRIPE_SECRET_KEY!;
const WEBHOOK_SECRET = secrets.STRIPE_WEBHOOK_SECRET!;
const config = () => ({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

let payments: Payments;
let stripe: Stripe;

/** A stand-in webhook endpoint in this process: it verifies each delivery with the SDK and answers what the test asks. */
interface Received { event: Stripe.Event | null; signatureOk: boolean; raw: string; signature: string }
let hook: Server;
let hookUrl = '';
const received: Received[] = [];
let answers: number[] = [];

beforeAll(async () => {
  payments = stripePayments(config());
  stripe = stripeClient(config());
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      let event: Stripe.Event | null = null;
      try {
        event = await stripe.webhooks.constructEventAsync(raw, signature, WEBHOOK_SECRET, 300, Stripe.createSubtleCryptoProvider());
      } catch {
        event = null;
      }
      received.push({ event, signatureOk: event !== null, raw, signature });
      res.statusCode = answers.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await new Promise((r) => hook.close(r));
});

// These sessions belong to no booking: the Worker's webhook would refund their payments, so deliveries come here.
beforeEach(async () => {
  await sendWebhooksHere();
});

afterEach(async () => {
  await sim('/reset', {});
  received.length = 0;
  answers = [];
});

const sim = (path: string, body: unknown) => call(`/_sim/stripe${path}`, { body });
const sendWebhooksHere = () => sim('/control', { webhook_url: hookUrl });

let n = 0;
function newSession(over: Partial<NewCheckoutSession> = {}): NewCheckoutSession {
  n += 1;
  const ref = `TC-SIM${Date.now().toString(36).toUpperCase()}${n}`;
  return {
    bookingRef: ref,
    amountMinor: 12_345,
    currency: 'EUR',
    description: 'Hotel Lumière, 2 nights',
    customerEmail: 'sam@example.com',
    successUrl: `${baseUrl()}/checkout-success?booking=${ref}`,
    cancelUrl: `${baseUrl()}/checkout?booking=${ref}`,
    expiresAt: Math.floor(Date.now() / 1000) + 30 * 60 + 60,
    idempotencyKey: `create-${ref}`,
    ...over,
  };
}

const sessionIdOf = (url: string) => url.split('/').pop()!;

async function waitFor<T>(check: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function failure(p: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

describe('checkout sessions through the SDK', () => {
  it('creates an open session in minor units, with the booking reference and a hosted page whose last segment is the session id', async () => {
    const input = newSession();
    const s = await payments.createCheckoutSession(input);
    expect(s).toMatchObject({ status: 'open', paid: false, amountMinor: 12_345, currency: 'EUR', bookingRef: input.bookingRef, paymentIntentId: null });
    expect(s.id).toMatch(/^cs_test_/);
    expect(sessionIdOf(s.url!)).toBe(s.id);
    expect(await payments.retrieveCheckoutSession(s.id)).toEqual(s);
    const raw = await stripe.checkout.sessions.retrieve(s.id);
    expect(raw).toMatchObject({ object: 'checkout.session', mode: 'payment', amount_total: 12_345, currency: 'eur', metadata: { booking_ref: input.bookingRef }, client_reference_id: input.bookingRef, customer_email: 'sam@example.com' });
  });

  it('the same idempotency key and parameters give the same session; other parameters under that key are refused', async () => {
    const input = newSession();
    const [a, b] = await Promise.all([payments.createCheckoutSession(input), payments.createCheckoutSession(input)]);
    expect(b.id).toBe(a.id);
    const err = await failure(payments.createCheckoutSession({ ...input, amountMinor: 99 }));
    expect(err).toMatchObject({ kind: 'refused', status: 400, code: 'idempotency_error' });
  });

  it('a wrong secret key is refused with 401', async () => {
    const err = await failure(stripePayments({ ...config(), secretKey: 'sk_test_wrong' }).createCheckoutSession(newSession()));
    expect(err).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses an expiry outside 30 minutes to 24 hours and a total below 1', async () => {
    expect(await failure(payments.createCheckoutSession(newSession({ expiresAt: Math.floor(Date.now() / 1000) + 60 })))).toMatchObject({ kind: 'refused', status: 400 });
    expect(await failure(payments.createCheckoutSession(newSession({ amountMinor: 0 })))).toMatchObject({ kind: 'refused', code: 'amount_too_small' });
  });

  it('a zero-decimal currency is charged in whole units', async () => {
    const s = await payments.createCheckoutSession(newSession({ currency: 'JPY', amountMinor: 18_000 }));
    expect(s).toMatchObject({ amountMinor: 18_000, currency: 'JPY' });
  });

  it('expires a session: no hosted page address any more, and it cannot be paid', async () => {
    const s = await payments.createCheckoutSession(newSession());
    const expired = await payments.expireCheckoutSession(s.id);
    expect(expired).toMatchObject({ status: 'expired', url: null, paid: false });
    const pay = await sim(`/checkout/${s.id}/pay`, { card: '4242424242424242' });
    expect(pay.status).toBe(400);
    await expect(stripe.checkout.sessions.expire(s.id)).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
  });

  it('an unknown session is a 404 resource_missing', async () => {
    expect(await failure(payments.retrieveCheckoutSession('cs_test_nope'))).toMatchObject({ kind: 'refused', status: 404, code: 'resource_missing' });
  });
});

describe('paying on the simulator', () => {
  it('4242… pays: the session is complete and paid, its payment intent succeeded for the whole amount', async () => {
    const s = await payments.createCheckoutSession(newSession());
    const r = await sim(`/checkout/${s.id}/pay`, { card: '4242424242424242' });
    expect(r.status).toBe(200);
    const after = await payments.retrieveCheckoutSession(s.id);
    expect(after).toMatchObject({ status: 'complete', paid: true, url: null });
    const pi = await stripe.paymentIntents.retrieve(after.paymentIntentId!);
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 12_345, amount_received: 12_345, currency: 'eur' });
    expect(pi.metadata.booking_ref).toBe(s.bookingRef);
    expect((await sim(`/checkout/${s.id}/pay`, { card: '4242424242424242' })).status).toBe(400);
  });

  it('4000 0000 0000 0002 is declined and the session stays open for another card', async () => {
    const s = await payments.createCheckoutSession(newSession());
    const r = await sim(`/checkout/${s.id}/pay`, { card: '4000 0000 0000 0002' });
    expect(r.status).toBe(402);
    expect(r.json.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    expect(await payments.retrieveCheckoutSession(s.id)).toMatchObject({ status: 'open', paid: false });
    expect((await sim(`/checkout/${s.id}/pay`, { card: '4242424242424242' })).status).toBe(200);
    expect(await payments.retrieveCheckoutSession(s.id)).toMatchObject({ status: 'complete', paid: true });
  });

  it('the hosted page takes a card as a person does: a declined card shows why, then 3-D Secure, then back to the merchant', async () => {
    const input = newSession();
    const s = await payments.createCheckoutSession(input);
    const path = new URL(s.url!).pathname;
    const page = await call(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Pay €123.45');
    expect(page.text).toContain('<label for="card">Card number</label>');
    expect(page.text).toContain(`<a href="${input.cancelUrl}">Cancel and go back</a>`);
    const form = (card: string) => ({ rawBody: new URLSearchParams({ card, exp: '12 / 34', cvc: '123' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const declined = await call(path, { method: 'POST', ...form('4000000000000002') });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined. Try another card.');
    const challenge = await call(path, { method: 'POST', ...form('4000002500003155') });
    expect(challenge.status).toBe(200);
    expect(challenge.text).toContain('Authenticate this payment');
    expect(await payments.retrieveCheckoutSession(s.id)).toMatchObject({ status: 'open', paid: false });
    const done = await call(`${path}/3ds`, { method: 'POST', rawBody: 'result=complete', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`${baseUrl()}/checkout-success?booking=${s.bookingRef}`);
    expect(await payments.retrieveCheckoutSession(s.id)).toMatchObject({ status: 'complete', paid: true });
  });

  it('a failed 3-D Secure step leaves the session open with a message', async () => {
    const s = await payments.createCheckoutSession(newSession());
    const path = new URL(s.url!).pathname;
    await call(path, { method: 'POST', rawBody: 'card=4000002500003155&exp=12%2F34&cvc=123', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const failed = await call(`${path}/3ds`, { method: 'POST', rawBody: 'result=fail', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(failed.status).toBe(402);
    expect(failed.text).toContain('We are unable to authenticate your payment method.');
    expect(await payments.retrieveCheckoutSession(s.id)).toMatchObject({ status: 'open', paid: false });
  });

  it('the hook passes the 3-D Secure step of 4000 0025 0000 3155', async () => {
    const s = await payments.createCheckoutSession(newSession());
    expect((await sim(`/checkout/${s.id}/pay`, { card: '4000002500003155' })).status).toBe(200);
    expect(await payments.retrieveCheckoutSession(s.id)).toMatchObject({ status: 'complete', paid: true });
  });
});

describe('refunds', () => {
  async function paidSession(amountMinor = 10_000) {
    const s = await payments.createCheckoutSession(newSession({ amountMinor }));
    await sim(`/checkout/${s.id}/pay`, { card: '4242424242424242' });
    return payments.retrieveCheckoutSession(s.id);
  }

  it('refunds in parts up to what was paid, never more; a repeated idempotency key refunds once', async () => {
    const s = await paidSession(10_000);
    const base = { paymentIntentId: s.paymentIntentId!, bookingRef: s.bookingRef! };
    const first = await payments.refund({ ...base, amountMinor: 4_000, idempotencyKey: `refund-a-${s.id}` });
    const again = await payments.refund({ ...base, amountMinor: 4_000, idempotencyKey: `refund-a-${s.id}` });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ amountMinor: 4_000, currency: 'EUR', status: 'succeeded' });
    expect(await failure(payments.refund({ ...base, amountMinor: 6_001, idempotencyKey: `refund-b-${s.id}` }))).toMatchObject({ kind: 'refused', code: 'amount_too_large' });
    await payments.refund({ ...base, amountMinor: 6_000, idempotencyKey: `refund-c-${s.id}` });
    expect(await failure(payments.refund({ ...base, amountMinor: 1, idempotencyKey: `refund-d-${s.id}` }))).toMatchObject({ kind: 'refused', code: 'charge_already_refunded' });
  });

  it('30 refunds at once with one idempotency key make one refund', async () => {
    const s = await paidSession(5_000);
    const all = await Promise.all(
      Array.from({ length: 30 }, () => payments.refund({ paymentIntentId: s.paymentIntentId!, bookingRef: s.bookingRef!, amountMinor: 5_000, idempotencyKey: `refund-once-${s.id}` })),
    );
    expect(new Set(all.map((r) => r.id)).size).toBe(1);
    expect(await failure(payments.refund({ paymentIntentId: s.paymentIntentId!, bookingRef: s.bookingRef!, amountMinor: 1, idempotencyKey: `refund-more-${s.id}` }))).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('an unpaid session has nothing to refund', async () => {
    const s = await payments.createCheckoutSession(newSession());
    await sim(`/checkout/${s.id}/pay`, { card: '4000000000000002' });
    const open = await payments.retrieveCheckoutSession(s.id);
    expect(await failure(payments.refund({ paymentIntentId: open.paymentIntentId!, bookingRef: 'x', amountMinor: 1, idempotencyKey: `r-${s.id}` }))).toMatchObject({ kind: 'refused', code: 'charge_not_refundable' });
  });
});

describe('webhooks', () => {
  it('a payment is delivered as checkout.session.completed, signed so that the SDK verifies it', async () => {
    await sendWebhooksHere();
    const s = await payments.createCheckoutSession(newSession());
    await sim(`/checkout/${s.id}/pay`, { card: '4242424242424242' });
    const completed = await waitFor(() => received.find((r) => r.event?.type === 'checkout.session.completed'));
    expect(completed.signatureOk).toBe(true);
    expect(received.every((r) => r.signatureOk)).toBe(true);
    expect(completed.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const obj = completed.event!.data.object as Stripe.Checkout.Session;
    expect(obj).toMatchObject({ id: s.id, status: 'complete', payment_status: 'paid', amount_total: 12_345, metadata: { booking_ref: s.bookingRef } });
    // Our own check accepts the delivery as received and knows the session.
    const event = await payments.verifyWebhook(completed.raw, completed.signature);
    expect(event).toMatchObject({ id: completed.event!.id, type: 'checkout.session.completed', session: { id: s.id, paid: true, bookingRef: s.bookingRef } });
    // The event can be fetched back from the API.
    expect((await stripe.events.retrieve(event.id)).type).toBe('checkout.session.completed');
  });

  it('the signature is keyed with the webhook secret: another secret, a changed body, no header or an old timestamp are refused', async () => {
    await sendWebhooksHere();
    const s = await payments.createCheckoutSession(newSession());
    await payments.expireCheckoutSession(s.id);
    const expired = await waitFor(() => received.find((r) => r.event?.type === 'checkout.session.expired'));
    const other = stripePayments({ ...config(), webhookSecret: 'whsec_someone_else' });
    await expect(other.verifyWebhook(expired.raw, expired.signature)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.verifyWebhook(expired.raw.replace('"expired"', '"complete"'), expired.signature)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.verifyWebhook(expired.raw, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(payments.verifyWebhook(expired.raw, 't=1,v1=00')).rejects.toBeInstanceOf(WebhookSignatureError);
    const sixMinutesLater = Date.now() + 6 * 60 * 1000;
    await expect(payments.verifyWebhook(expired.raw, expired.signature, sixMinutesLater)).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(await payments.verifyWebhook(expired.raw, expired.signature)).toMatchObject({ type: 'checkout.session.expired', session: { id: s.id, status: 'expired' } });
  });

  it('a delivery that is not answered 2xx is retried, with the same event id, until it is', async () => {
    await sendWebhooksHere();
    answers = [500, 503];
    const s = await payments.createCheckoutSession(newSession());
    const expire = await sim(`/checkout/${s.id}/expire`, {});
    expect(expire.status).toBe(200);
    expect(expire.json.deliveries).toEqual([expect.objectContaining({ attempt: 1, status: 500 })]);
    const delivered = await waitFor(() => received.filter((r) => r.event?.type === 'checkout.session.expired').length === 3 && received);
    const ids = new Set(delivered.map((r) => r.event!.id));
    expect(ids.size).toBe(1);
    const log = await call(`/_sim/stripe/deliveries?event=${[...ids][0]}`);
    expect(log.json.data.map((d: { attempt: number; status: number }) => [d.attempt, d.status])).toEqual([[1, 500], [2, 503], [3, 200]]);
  });
});

describe('the provider failing', () => {
  it('a 500 at create (after the SDK retries with the same key) is "unavailable"', async () => {
    await sim('/control', { mode: 'fail', op: 'create' });
    expect(await failure(payments.createCheckoutSession(newSession()))).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('one 500 then an answer: the SDK retry with the same idempotency key creates one session', async () => {
    await sim('/control', { mode: 'fail', op: 'create', times: 1 });
    const input = newSession();
    const s = await payments.createCheckoutSession(input);
    await sim('/reset', {});
    expect((await payments.createCheckoutSession(input)).id).toBe(s.id);
  });

  it('a malformed answer is "unavailable"', async () => {
    await sim('/control', { mode: 'malformed', op: 'create' });
    expect(await failure(payments.createCheckoutSession(newSession()))).toMatchObject({ kind: 'unavailable' });
  });

  it('no answer within the timeout is "unavailable"', async () => {
    await sim('/control', { mode: 'timeout', op: 'refund', times: 1 });
    const quick = stripePayments({ ...config(), timeoutMs: 500, maxNetworkRetries: 0 });
    const started = Date.now();
    expect(await failure(quick.refund({ paymentIntentId: 'pi_x', bookingRef: 'x', amountMinor: 1, idempotencyKey: 'timeout-1' }))).toMatchObject({ kind: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an address where nothing listens is "unavailable"', async () => {
    const nowhere = stripePayments({ ...config(), apiUrl: 'http://127.0.0.1:9/_sim/stripe', maxNetworkRetries: 0 });
    expect(await failure(nowhere.createCheckoutSession(newSession()))).toMatchObject({ kind: 'unavailable' });
  });
});
