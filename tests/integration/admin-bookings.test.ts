// The console's bookings (docs/contract.md section 19, decision 0066): every booking of the org listed with the whole
// price, what the card and the wallet paid, what was refunded, who booked (a member, an agent on account or by the
// client's card) and the payment's reference; the CSV export audited; the admin's cancel-and-refund (the traveller's
// own cancel, the fee waived when asked), audited, and of 30 at once one refunds; an agent's booking on account cancelled
// with the agent's credit given back (decision 0072), of 30 at once one reversal.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, Client, expectErrorShape } from './helpers';
import { bookingBody, cardIn, day, firstProduct, issue, key, payPending, signIn, traveler, walletOf } from './booking-helpers';
import { aProduct, newClient, newQuote, signIn as agentSignIn, AGENT } from './agent-helpers';
import { DbWatch } from './gates-db';
import { expectReconciledIn } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripeClient } from '../../functions/outside/payments';

const secrets = readDevVars() as Record<string, string>;
let stripe: Stripe;
let demo: Client;
let admin: Client;
let hotel: { product_id: number; price: number };
let db: DbWatch;

beforeAll(async () => {
  stripe = stripeClient({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: secrets.STRIPE_WEBHOOK_SECRET! });
  [demo, admin] = await Promise.all([signIn(), signIn('admin@example.com', 'Admin1!pass')]);
  hotel = await firstProduct('HLT');
  db = DbWatch.open();
}, 120_000);

afterAll(() => db.close());

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
});

const bookingRow = (ref: string) => db.row('bookings', 'booking_ref = ?', ref) as Record<string, any>;
const audits = (action: string, target: string) => db.count('admin_audit', 'action = ? AND target = ?', action, target);
const adminCancel = (ref: string, body: Record<string, unknown> = {}, client = admin) => client.call(`/api/admin/bookings/${ref}/cancel`, { body });
const listed = async (ref: string) => {
  const r = await admin.call(`/api/admin/bookings?from=${day(-1)}`);
  expect(r.status, r.text).toBe(200);
  return (r.json.data as any[]).find((b) => b.booking_id === ref);
};

async function confirmedBooking(extra: Record<string, unknown> = {}, checkIn = 20) {
  const r = await demo.call('/api/booking/checkout', { body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { check_in: day(checkIn), check_out: day(checkIn + 2), ...extra }) } });
  expect(r.status, r.text).toBe(200);
  const b = await payPending(r, { client: demo });
  expect(b.status).toBe('CONFIRMED');
  return b as { booking_id: string; price: number; total: number; paid_amount: number };
}

async function refundsOf(ref: string) {
  const pi = bookingRow(ref).payment_intent_id as string;
  return (await stripe.events.list({ type: 'refund.created', limit: 100 })).data.map((e) => e.data.object as Stripe.Refund).filter((r) => r.payment_intent === pi);
}

describe('the console lists every booking of the org', () => {
  it('a member’s: the whole price as total, what the card and the wallet paid, the payment’s reference', async () => {
    const cash = await issue({ kind: 'cash', amount: 20 });
    const b = await confirmedBooking({ cash_card_id: cash.payment_card_id });
    const row = bookingRow(b.booking_id);
    const entry = await listed(b.booking_id);
    expect(entry).toMatchObject({
      status: 'CONFIRMED', member: 'demo@example.com', agent: null, on_account: false, currency: 'USD',
      total: row.price_minor / 100, paid_by_card: row.paid_minor / 100, wallet: { certificate: 0, discount: 0, cash: 20 }, refunded: 0,
      payment_reference: row.payment_intent_id,
    });
    expect(entry.total).toBeGreaterThan(entry.paid_by_card);
    expect(entry.total).toBeCloseTo(entry.paid_by_card + 20, 2);
  });

  it('an agent’s booking on account and an agent’s card booking, each with the agent named', async () => {
    const agent = await agentSignIn(AGENT);
    const product = await aProduct('HLT');
    const client = await newClient(agent);
    const quote = (offset: number) => newQuote(agent, { client_id: client.client_id, product_id: product.product_id, check_in: day(offset), check_out: day(offset + 1), guests: 1, currency: 'USD' });
    const onAccount = await agent.call(`/api/agent/quotes/${(await quote(40)).quote_id}/book`, { body: {} });
    expect(onAccount.status, onAccount.text).toBe(200);
    const byCard = await agent.call(`/api/agent/quotes/${(await quote(41)).quote_id}/book`, { body: { pay_by: 'card' } });
    expect(byCard.status, byCard.text).toBe(200);
    const named = { name: expect.any(String), email: AGENT.email };
    const account = await listed(onAccount.json.data.booking_id);
    expect(account).toMatchObject({ status: 'CONFIRMED', member: null, agent: named, on_account: true, paid_by_card: 0, payment_reference: null });
    expect(account.total).toBe(onAccount.json.data.total);
    expect(account.traveler).toContain(client.first_name);
    const card = await listed(byCard.json.data.booking_id);
    expect(card).toMatchObject({ status: 'PENDING_PAYMENT', member: null, agent: named, on_account: false, paid_by_card: 0 });
    expect(card.payment_reference).toMatch(/^cs_/);
  }, 120_000);

  it('one booking by its reference (the Suppliers page links it), with the other filters; a bad reference is 400', async () => {
    const b = await confirmedBooking({}, 44);
    const one = await admin.call(`/api/admin/bookings?ref=${b.booking_id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json).toMatchObject({ count: 1, data: [{ booking_id: b.booking_id, status: 'CONFIRMED' }] });
    // The other filters still apply beside it; a reference of another org, or none, lists nothing.
    expect((await admin.call(`/api/admin/bookings?ref=${b.booking_id}&status=CANCELLED`)).json).toMatchObject({ count: 0, data: [] });
    expect((await admin.call('/api/admin/bookings?ref=BK-NONE0-NONE0')).json).toMatchObject({ count: 0, data: [] });
    const csv = await admin.call(`/api/admin/bookings?ref=${b.booking_id}&format=csv`);
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
    for (const bad of ['BK%20X', 'a'.repeat(41), 'BK-1;DROP']) {
      const r = await admin.call(`/api/admin/bookings?ref=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.json.error.issues[0]).toMatchObject({ path: 'ref', message: 'A booking reference is letters, digits and dashes, at most 40' });
    }
  });

  it('the CSV export is audited (it holds personal data)', async () => {
    const before = db.count('admin_audit', "action = 'bookings.export' AND org_id = 1");
    const r = await admin.call('/api/admin/bookings?format=csv&status=CONFIRMED');
    expect(r.status).toBe(200);
    expect(r.text.split('\r\n')[0]).toBe(
      'booking_id,status,created_at,member,agent,traveler,product_type,product_name,city,check_in,check_out,guests,currency,total,paid_by_card,wallet_certificate,wallet_discount,wallet_cash,refunded,payment_reference,supplier,supplier_reference',
    );
    expect(db.count('admin_audit', "action = 'bookings.export' AND org_id = 1")).toBe(before + 1);
    const row = db.row('admin_audit', "action = 'bookings.export' AND org_id = 1 ORDER BY id DESC LIMIT 1") as { actor_email: string; detail: string };
    expect(row.actor_email).toBe('admin@example.com');
    expect(JSON.parse(row.detail)).toMatchObject({ booking_status: 'CONFIRMED', rows: expect.any(Number) });
  });
});

describe('the admin cancels and refunds', () => {
  it('the quote first, then the cancel: the card part refunded, the wallet given back, one audit row', async () => {
    const cash = await issue({ kind: 'cash', amount: 15 });
    const b = await confirmedBooking({ cash_card_id: cash.payment_card_id });
    const quote = await admin.call(`/api/admin/bookings/${b.booking_id}/cancel-quote`);
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json.data).toMatchObject({ refund_card: b.paid_amount, refund_wallet: { certificate: 0, discount: 0, cash: 15 }, fee: 0, currency: 'USD' });
    const r = await adminCancel(b.booking_id);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ booking_id: b.booking_id, status: 'CANCELLED', refunded: b.paid_amount, member: 'demo@example.com' });
    expect((await refundsOf(b.booking_id)).map((x) => x.amount)).toEqual([bookingRow(b.booking_id).paid_minor]);
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(15);
    expect(audits('booking.cancel', `booking:${b.booking_id}`)).toBe(1);
    const mail = (await call('/api/dev/outbox')).json.data.filter((m: any) => m.subject.includes(`${b.booking_id} cancelled`));
    expect(mail).toHaveLength(1);
    expect((await adminCancel(b.booking_id)).status, 'a second cancel').toBe(409);
    expect(audits('booking.cancel', `booking:${b.booking_id}`)).toBe(1);
    expectReconciledIn(db, b.booking_id);
  });

  it('30 cancels at once: one refund, one cancellation, one audit row, the wallet given back once', async () => {
    const cash = await issue({ kind: 'cash', amount: 25 });
    const b = await confirmedBooking({ cash_card_id: cash.payment_card_id });
    const replies = await Promise.all(Array.from({ length: 30 }, () => adminCancel(b.booking_id)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
    const refunds = await refundsOf(b.booking_id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(bookingRow(b.booking_id).refunded_minor);
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(25);
    expect(audits('booking.cancel', `booking:${b.booking_id}`)).toBe(1);
    expect(expectReconciledIn(db, b.booking_id).status).toBe('CANCELLED');
  });

  it('past free cancellation: refused under the terms, refunded in full with waive_fee', async () => {
    const b = await confirmedBooking({}, 1);
    const refused = await adminCancel(b.booking_id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('This booking can no longer be cancelled free of charge');
    expect(audits('booking.cancel', `booking:${b.booking_id}`)).toBe(0);
    const quote = await admin.call(`/api/admin/bookings/${b.booking_id}/cancel-quote?waive_fee=1`);
    expect(quote.json.data).toMatchObject({ refund_card: b.paid_amount, fee: 0 });
    const r = await adminCancel(b.booking_id, { waive_fee: true });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'CANCELLED', refunded: b.paid_amount });
    const row = db.row('admin_audit', 'action = ? AND target = ?', 'booking.cancel', `booking:${b.booking_id}`) as { detail: string };
    expect(JSON.parse(row.detail)).toMatchObject({ waive_fee: true, booking_status: 'CONFIRMED' });
  });

  it('a pending booking lets go of its payment; another org’s booking is unknown; bad input is 400; a member is 403', async () => {
    const pending = await demo.call('/api/booking/checkout', { body: { traveler, idempotency_key: key(), ...bookingBody(hotel.product_id, { check_in: day(30), check_out: day(31) }) } });
    expect(pending.json.data.status).toBe('PENDING_PAYMENT');
    const r = await adminCancel(pending.json.data.booking_id);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'CANCELLED', refunded: 0 });
    expect(audits('booking.cancel', `booking:${pending.json.data.booking_id}`)).toBe(1);

    const acme = await signIn('admin@acme.example.com', 'Admin1!pass', 'acme.localhost');
    const b = await confirmedBooking();
    const theirs = await acme.call(`/api/admin/bookings/${b.booking_id}/cancel`, { body: {} });
    expect(theirs.status).toBe(404);
    expectErrorShape(theirs.json, 'NOT_FOUND');
    expect((await adminCancel(b.booking_id, { waive_fee: 'yes' })).status).toBe(400);
    expect((await adminCancel(b.booking_id, { other: 1 })).status).toBe(400);
    expect((await adminCancel(b.booking_id, {}, demo)).status).toBe(403);
    expect(bookingRow(b.booking_id).status).toBe('CONFIRMED');
  });
});

describe('the admin cancels an agent’s booking on account: the agent’s credit comes back', () => {
  const reversals = (ref: string) => db.count('credit_ledger', "kind = 'adjustment' AND note = ?", `cancel:${ref}`);
  const reversed = (ref: string) => (db.row('credit_ledger', "kind = 'adjustment' AND note = ?", `cancel:${ref}`) as { amount_usd_minor: number }).amount_usd_minor;
  async function onAccountBooking(offset: number) {
    const agent = await agentSignIn(AGENT);
    const product = await aProduct('HLT');
    const client = await newClient(agent);
    const q = await newQuote(agent, { client_id: client.client_id, product_id: product.product_id, check_in: day(offset), check_out: day(offset + 1), guests: 1, currency: 'USD' });
    const r = await agent.call(`/api/agent/quotes/${q.quote_id}/book`, { body: {} });
    expect(r.status, r.text).toBe(200);
    const ref = r.json.data.booking_id as string;
    return { ref, net: (db.row('agent_bookings', 'booking_ref = ?', ref) as { net_usd_minor: number }).net_usd_minor };
  }

  it('the quote names the credit given back; the cancel writes one reversal and one audit row', async () => {
    const { ref, net } = await onAccountBooking(42);
    const quote = await admin.call(`/api/admin/bookings/${ref}/cancel-quote`);
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json.data).toMatchObject({ refund_card: 0, fee: 0, currency: 'USD', credit_back: net / 100 });
    const r = await adminCancel(ref);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ booking_id: ref, status: 'CANCELLED', on_account: true });
    expect(reversals(ref)).toBe(1);
    expect(reversed(ref)).toBe(-net);
    expect(audits('booking.cancel', `booking:${ref}`)).toBe(1);
    const again = await adminCancel(ref);
    expect(again.status, 'a second cancel').toBe(409);
    expect((await admin.call(`/api/admin/bookings/${ref}/cancel-quote`)).status).toBe(409);
    expect(reversals(ref)).toBe(1);
  }, 120_000);

  it('past free cancellation: refused under its terms, the whole credit given back with waive_fee', async () => {
    const { ref, net } = await onAccountBooking(1);
    const refused = await adminCancel(ref);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.message).toBe('This booking can no longer be cancelled free of charge');
    expect(reversals(ref)).toBe(0);
    const quote = await admin.call(`/api/admin/bookings/${ref}/cancel-quote?waive_fee=1`);
    expect(quote.json.data).toMatchObject({ credit_back: net / 100, fee: 0 });
    const r = await adminCancel(ref, { waive_fee: true });
    expect(r.status, r.text).toBe(200);
    expect(reversed(ref)).toBe(-net);
    const row = db.row('admin_audit', 'action = ? AND target = ?', 'booking.cancel', `booking:${ref}`) as { detail: string };
    expect(JSON.parse(row.detail)).toMatchObject({ waive_fee: true, on_account: true, credit_back_usd_minor: net });
  }, 120_000);

  it('30 cancels in flight: one cancellation, one reversal, one audit row', async () => {
    const { ref, net } = await onAccountBooking(43);
    const replies = await Promise.all(Array.from({ length: 30 }, () => adminCancel(ref)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
    expect(reversals(ref)).toBe(1);
    expect(reversed(ref)).toBe(-net);
    expect(audits('booking.cancel', `booking:${ref}`)).toBe(1);
    expect((db.row('agent_bookings', 'booking_ref = ?', ref) as { status: string }).status).toBe('CANCELLED');
  }, 120_000);
});
