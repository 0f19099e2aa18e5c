// A bed bank's booking once ours is paid, over real HTTP against the Stripe and Hotelbeds simulators (CONTRACT §18,
// decision 0070): booked once however many webhook deliveries race, retried with the same clientReference after a
// supplier failure, a refusal refunded and FAILED with the wallet given back and the traveller mailed, cancelling at
// the supplier first with its fee, the hourly job booking what a crash left, and the reconciliation of both sides.
// A new org of its own, connected to the simulator's small test account; its booking rows are written here as the
// checkout writes them (PENDING_PAYMENT, a payment session, the supplier's rate key and net).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Client } from './helpers';
import { d1Query, newOrg, signedInClient, verifiedAccount } from './auth-helpers';
import { day } from './booking-helpers';
import { webhookCatcher } from './payments-helpers';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { stripePayments, type Payments } from '../../functions/outside/payments';
import { hotelbedsClient, type BedBank, type SupplierRate } from '../../functions/outside/hotelbeds';

const secrets = readDevVars() as Record<string, string>;
const SIM = { api_key: 'sim-small-key', secret: 'sim-secret' };

let host: string;
let orgId: number;
let productId: number;
let admin: Client;
/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
const cells = (line: string) => {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...out, cell];
};
let member: { id: number; email: string; password: string };
let payments: Payments;
let bank: BedBank;
let capture: Awaited<ReturnType<typeof webhookCatcher>>;

const row = async (ref: string) => (await d1Query<Record<string, any>>(`SELECT * FROM bookings WHERE booking_ref = '${ref}'`))[0]!;
const held = async (ref: string) => ((await call('/_sim/hotelbeds/bookings')).json.bookings as any[]).filter((b) => b.clientReference === ref);
const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });
const pay = (session: string) => call(`/_sim/stripe/checkout/${session}/pay`, { body: { card: '4242424242424242' }, host });
const webhook = (raw: string, signature: string) =>
  call('/api/payments/webhook', { method: 'POST', rawBody: raw, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  let v = await read();
  for (const started = Date.now(); !done(v) && Date.now() - started < ms; v = await read()) await wait(250);
  return v;
}

/** A bookable (not RECHECK) rate of the simulator for a stay starting in `offset` days, for 2 adults and a child of 5. */
async function rateFor(offset: number, pick: (r: SupplierRate) => boolean = () => true): Promise<SupplierRate> {
  const found = await bank.availability({ checkIn: day(offset), checkOut: day(offset + 2), rooms: [{ adults: 2, children: [5] }], place: { destination: 'LIS' } });
  if (!found.ok) throw new Error(found.failure.message);
  const rates = found.value.hotels.flatMap((h) => h.rooms.flatMap((r) => r.rates)).filter((r) => !r.recheck && r.currency === 'EUR' && pick(r));
  if (!rates.length) throw new Error('no bookable rate');
  return rates[0]!;
}

/**
 * A supplier's booking waiting for its card payment, as checkout writes it: the hosted payment first, then the row
 * (PENDING_PAYMENT, its session, the supplier's key and net, state to_book), optionally with a cash card part held.
 */
async function pendingSupplierBooking(rate: SupplierRate, o: { cashMinor?: number; checkIn?: string } = {}) {
  const ref = `BK-${crypto.randomUUID().slice(0, 5).toUpperCase()}-${crypto.randomUUID().slice(0, 5).toUpperCase()}`;
  const totalMinor = Math.round(rate.netMinor * 1.1);
  const cash = o.cashMinor ?? 0;
  const session = await payments.createCheckoutSession({
    bookingRef: ref, amountMinor: totalMinor, currency: 'EUR', description: 'Supplier hotel, Lisbon', successUrl: `http://${host}/checkout-success?booking=${ref}`,
    cancelUrl: `http://${host}/checkout`, expiresAt: Math.floor(Date.now() / 1000) + 31 * 60, idempotencyKey: `checkout-${ref}`, customerEmail: member.email,
  });
  const traveler = JSON.stringify({ title: 'Mrs', first_name: 'Ana', last_name: 'García', email: member.email, phone: '+34 612 345 678' });
  let cardId = 0;
  if (cash) {
    cardId = (await d1Query<{ id: number }>(
      `INSERT INTO payment_cards (org_id, user_id, kind, card_code, card_amount_minor, payment_card_currency) VALUES (${orgId}, ${member.id}, 'cash', 'SUP-${ref}', 0, 'EUR') RETURNING id`,
    ))[0]!.id;
  }
  await d1Query(
    `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, cash_minor, total_minor,
       status, idempotency_key, request_hash, traveler, payment_session_id, payment_url, occupancy, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state)
     VALUES ('${ref}', ${orgId}, ${member.id}, ${productId}, 'HLT', 'Supplier hotel', 'Lisbon', '${o.checkIn ?? day(30)}', '${day(32)}', 3, 'EUR', ${totalMinor + cash}, ${cash}, ${totalMinor},
       'PENDING_PAYMENT', 'k-${ref}', 'h', '${traveler.replace(/'/g, "''")}', '${session.id}', '${session.url}', '["2-5"]', 'hotelbeds', '${rate.rateKey}', ${rate.netMinor}, 'EUR', 'to_book');
     ${cash ? `INSERT INTO card_spends (booking_id, card_id, kind, amount_minor, card_currency_minor, state) SELECT id, ${cardId}, 'cash', ${cash}, ${cash}, 'HELD' FROM bookings WHERE booking_ref = '${ref}';` : ''}`,
  );
  return { ref, session: session.id, totalMinor, cardId };
}

/** Pays it on the hosted page; the webhook (delivered before the hook answers) confirms it and books it at the supplier. */
async function paidSupplierBooking(rate: SupplierRate, o: { cashMinor?: number; checkIn?: string } = {}) {
  const b = await pendingSupplierBooking(rate, o);
  expect((await pay(b.session)).status).toBe(200);
  await until(() => row(b.ref), (r) => r.status !== 'PENDING_PAYMENT' && r.supplier_state !== 'to_book' && r.supplier_state !== 'booking');
  return b;
}

beforeAll(async () => {
  ({ host, orgId } = await newOrg('supbook', 'Supplier bookings'));
  productId = (await d1Query<{ id: number }>(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
     VALUES (${orgId}, 'HLT', 'Supplier hotel', 'Lisbon', 'PT', 38.72, -9.14, 0, 'night', 4, 'Europe/Lisbon', 'hotelbeds', '2') RETURNING id`,
  ))[0]!.id;
  const [a, m] = await Promise.all([verifiedAccount(host), verifiedAccount(host)]);
  await d1Query(`UPDATE users SET role = 'admin' WHERE org_id = ${orgId} AND email = '${a!.email}';`);
  admin = (await signedInClient(a!.email, a!.password, host)).client;
  member = { id: (await d1Query<{ id: number }>(`SELECT id FROM users WHERE org_id = ${orgId} AND email = '${m!.email}'`))[0]!.id, email: m!.email, password: m!.password };
  const saved = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
  expect(saved.status, saved.text).toBe(200);
  payments = stripePayments({ apiUrl: `${baseUrl()}/_sim/stripe`, secretKey: secrets.STRIPE_SECRET_KEY!, webhookSecret: secrets.STRIPE_WEBHOOK_SECRET! });
  bank = hotelbedsClient({ baseUrl: `${baseUrl()}/_sim/hotelbeds`, apiKey: SIM.api_key, secret: SIM.secret });
  capture = await webhookCatcher();
}, 120_000);

afterEach(async () => {
  await call('/_sim/stripe/reset', { body: {} });
  await control({ fail_next: null, sold_out_next: false, latency_ms: 0 });
});

afterAll(async () => {
  await capture.close();
});

describe('booking at the supplier once paid', () => {
  it('30 deliveries at once of the payment make exactly one supplier booking, with our reference, and the reply names it', async () => {
    const { ref, session } = await pendingSupplierBooking(await rateFor(30));
    await call('/_sim/stripe/control', { body: { webhook_url: capture.url } });
    await pay(session);
    const completed = await until(async () => capture.captured.find((c) => c.type === 'checkout.session.completed' && c.raw.includes(ref)), Boolean);
    expect(completed, 'the payment event').toBeTruthy();
    await call('/_sim/stripe/control', { body: { webhook_url: null } });
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(completed!.raw, completed!.signature)));
    expect(replies.map((r) => r.status), replies.find((r) => r.status !== 200)?.text).toEqual(Array(30).fill(200));
    const atSupplier = await held(ref);
    expect(atSupplier).toHaveLength(1);
    expect(atSupplier[0]).toMatchObject({ status: 'CONFIRMED', clientReference: ref });
    expect(await row(ref)).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed', supplier_reference: atSupplier[0].reference, supplier_error: null });
    const own = await call(`/api/bookings/${ref}`, { host });
    expect(own.status, own.text).toBe(404); // a member's booking is its owner's alone
    const mine = await signedInMember();
    expect((await mine.call(`/api/bookings/${ref}`)).json.data).toMatchObject({ status: 'CONFIRMED', supplier: { name: 'hotelbeds', reference: atSupplier[0].reference } });
    // The member's list (my trips, booking history) carries it too.
    const listed = ((await mine.call('/api/reservations', { body: { token: '' } })).json.data as any[]).find((b) => b.booking_id === ref);
    expect(listed).toMatchObject({ status: 'CONFIRMED', supplier: { name: 'hotelbeds', reference: atSupplier[0].reference } });
    // The console's export names the supplier and the hotel's reference beside ours.
    const csv = await admin.call('/api/admin/bookings?format=csv&status=CONFIRMED');
    expect(csv.status, csv.text).toBe(200);
    const [header, ...lines] = csv.text.trim().split('\r\n');
    const columns = cells(header!);
    const line = cells(lines.find((l) => l.startsWith(`${ref},`))!);
    expect(line[columns.indexOf('supplier')]).toBe('hotelbeds');
    expect(line[columns.indexOf('supplier_reference')]).toBe(atSupplier[0].reference);
  });

  it('a supplier that fails once is asked again with the same clientReference: one booking', async () => {
    await control({ fail_next: 'bookings' });
    const { ref } = await paidSupplierBooking(await rateFor(31));
    expect(await row(ref)).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
    expect(await held(ref)).toHaveLength(1);
  });

  it('a refusal refunds the card, gives the wallet part back, ends FAILED, mails the traveller, and the console lists it', async () => {
    const { ref, totalMinor, cardId } = await (async () => {
      const rate = await rateFor(32);
      await control({ sold_out_next: true });
      return paidSupplierBooking(rate, { cashMinor: 1500 });
    })();
    expect(await row(ref)).toMatchObject({ status: 'FAILED', supplier_state: 'failed', paid_minor: totalMinor, refunded_minor: totalMinor, supplier_reference: null });
    expect((await row(ref)).supplier_error).toMatch(/sold_out/);
    expect(await held(ref)).toEqual([]);
    // The card part went back through the provider, once.
    const intent = (await d1Query<{ payment_intent_id: string }>(`SELECT payment_intent_id FROM bookings WHERE booking_ref = '${ref}'`))[0]!.payment_intent_id;
    const again = await payments.refund({ paymentIntentId: intent, amountMinor: 1, bookingRef: ref, idempotencyKey: `probe-${ref}` }).catch((err: unknown) => err);
    expect(again).toMatchObject({ code: 'charge_already_refunded' });
    // The cash card has its 15.00 back and its spend is released.
    expect(await d1Query(`SELECT card_amount_minor FROM payment_cards WHERE id = ${cardId}`)).toEqual([{ card_amount_minor: 1500 }]);
    expect(await d1Query(`SELECT state FROM card_spends WHERE card_id = ${cardId}`)).toEqual([{ state: 'RELEASED' }]);
    // One mail: the failure's (no confirmation for a stay that never was).
    const mails = await until(async () => ((await call(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).json.data as any[]).filter((m) => m.subject.includes(ref)), (m) => m.length > 0);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('could not be made')]);
    expect(JSON.stringify(mails[0])).not.toContain('127.0.0.1');
    const listed = await admin.call('/api/admin/bookings?status=FAILED');
    expect(listed.status, listed.text).toBe(200);
    expect(JSON.stringify(listed.json.data)).toContain(ref);
  });
});

describe('cancelling a supplier booking', () => {
  it('the quote shows the supplier’s fee; a supplier failure leaves the booking as it was; the cancel cancels there first and refunds the rest', async () => {
    // A stay inside the supplier's charge window: cancelling now costs its first charge.
    const rate = await rateFor(2, (r) => r.refundable && r.cancellation.length > 0 && Date.parse(r.cancellation[0]!.from) < Date.now());
    const { ref, totalMinor } = await paidSupplierBooking(rate, { checkIn: day(2) });
    expect(await row(ref)).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
    const mine = await signedInMember();
    const quote = await mine.call(`/api/bookings/${ref}/cancel-quote`);
    expect(quote.status, quote.text).toBe(200);
    const share = Math.min(totalMinor, Math.round((totalMinor * rate.cancellation[0]!.amountMinor) / rate.netMinor));
    expect(quote.json.data).toMatchObject({ currency: 'EUR', fee: share / 100, refund_card: (totalMinor - share) / 100 });

    await control({ fail_next: 'cancel' });
    const refused = await mine.call(`/api/bookings/${ref}/cancel`, { method: 'POST' });
    expect(refused.status, refused.text).toBe(502);
    expect(refused.json.error.message).toMatch(/unchanged/);
    expect(await row(ref)).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed', refunded_minor: 0 });
    expect((await held(ref))[0].status).toBe('CONFIRMED');

    const cancelled = await mine.call(`/api/bookings/${ref}/cancel`, { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: 'CANCELLED', refunded_amount: (totalMinor - share) / 100 });
    expect(await row(ref)).toMatchObject({ status: 'CANCELLED', supplier_state: 'cancelled', refunded_minor: totalMinor - share });
    expect((await held(ref))[0].status).toBe('CANCELLED');
  });
});

describe('the hourly job and the reconciliation', () => {
  it('books a paid booking a crash left claimed, and the reconciliation shows one the supplier cancelled on its own', async () => {
    const { ref } = await paidSupplierBooking(await rateFor(33));
    const reference = (await row(ref)).supplier_reference as string;
    // A crash: a paid booking claimed ten minutes ago and never booked.
    const crashed = await pendingSupplierBooking(await rateFor(34));
    await d1Query(`UPDATE bookings SET status = 'CONFIRMED', paid_minor = total_minor, supplier_state = 'booking', supplier_claimed_at = ${Date.now() - 10 * 60_000} WHERE booking_ref = '${crashed.ref}'`);
    // The supplier cancels the first on its own.
    expect((await bank.cancel(reference, false)).ok).toBe(true);

    expect((await call('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status).toBe(200);
    const after = await until(() => row(crashed.ref), (r) => r.supplier_state === 'confirmed');
    expect(after).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
    expect(await held(crashed.ref)).toHaveLength(1);
    expect((await until(() => row(ref), (r) => r.supplier_error !== null)).supplier_error).toMatch(/CANCELLED/);

    const found = await admin.call(`/api/admin/suppliers/hotelbeds/reconcile?from=${day(-1)}&to=${day(1)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.data).toEqual([expect.objectContaining({ booking_id: ref, status: 'CONFIRMED', supplier_state: 'confirmed', supplier_reference: reference, supplier_status: 'CANCELLED' })]);
    // What the hourly job noted is what the console's Suppliers page shows as it opens, read again at the supplier.
    const noted = await admin.call('/api/admin/suppliers/hotelbeds/mismatches');
    expect(noted.status, noted.text).toBe(200);
    expect(noted.json.data).toEqual([expect.objectContaining({ booking_id: ref, status: 'CONFIRMED', supplier_reference: reference, supplier_status: 'CANCELLED' })]);
    expect((await call('/api/admin/suppliers/hotelbeds/mismatches', { host })).status).toBe(401);
    const bad = await admin.call(`/api/admin/suppliers/hotelbeds/reconcile?from=${day(1)}&to=${day(-1)}`);
    expect(bad.status).toBe(400);
    expect((await call(`/api/admin/suppliers/hotelbeds/reconcile?from=${day(-1)}&to=${day(1)}`, { host })).status).toBe(401);
  });
});

describe('a supplier that does not answer about its bookings (decision 0080)', () => {
  const simCalls = async () => (await call('/_sim/hotelbeds/calls')).json.calls as { op: string; at: string }[];
  const detailReads = async (since: string) => (await simCalls()).filter((c) => c.op === 'detail' && c.at >= since).length;
  /** Until the simulator has had no call for a moment (an hourly run still reconciling would add reads). */
  const quiet = async () => until(simCalls, (calls) => !calls.length || Date.parse(calls.at(-1)!.at) < Date.now() - 1_000, 20_000);
  const referenced = async () =>
    (await d1Query<{ booking_ref: string }>(
      `SELECT booking_ref FROM bookings WHERE org_id = ${orgId} AND supplier = 'hotelbeds' AND status <> 'PENDING_PAYMENT' AND supplier_reference IS NOT NULL
         AND substr(created_at, 1, 10) BETWEEN '${day(-1)}' AND '${day(1)}'`,
    )).map((r) => r.booking_ref);
  const range = `from=${day(-1)}&to=${day(1)}`;

  it('lists what it could not ask as unchecked with what the hourly check last found, never as agreeing', async () => {
    // A booking the supplier cancelled on its own, as the hourly check notes it (the test above runs that check).
    const { ref } = await paidSupplierBooking(await rateFor(36));
    expect((await bank.cancel((await row(ref)).supplier_reference as string, false)).ok).toBe(true);
    await d1Query(`UPDATE bookings SET supplier_error = 'The supplier holds this booking as CANCELLED' WHERE booking_ref = '${ref}'`);
    await quiet();

    // The connection no longer opens (its secret sealed under another key): nothing can be asked.
    const [stored] = await d1Query<{ secret_sealed: string }>(`SELECT secret_sealed FROM org_suppliers WHERE org_id = ${orgId}`);
    await d1Query(`UPDATE org_suppliers SET secret_sealed = '${'A'.repeat(40)}' WHERE org_id = ${orgId}`);
    const since = new Date().toISOString();
    try {
      const noted = await admin.call('/api/admin/suppliers/hotelbeds/mismatches');
      expect(noted.status, noted.text).toBe(200);
      expect(noted.json.data).toContainEqual(expect.objectContaining({ booking_id: ref, unchecked: true, supplier_status: 'CANCELLED' }));
      const compared = await admin.call(`/api/admin/suppliers/hotelbeds/reconcile?${range}`);
      expect(compared.status, compared.text).toBe(200);
      // Every booking booked there is listed as not compared: none is taken to agree.
      const unchecked = (compared.json.data as { booking_id: string; unchecked: boolean }[]).filter((m) => m.unchecked).map((m) => m.booking_id);
      expect(unchecked.sort()).toEqual((await referenced()).sort());
      expect(await detailReads(since)).toBe(0);
    } finally {
      await d1Query(`UPDATE org_suppliers SET secret_sealed = '${stored!.secret_sealed}' WHERE org_id = ${orgId}`);
    }
    // Answering again, it is compared, and the note stands.
    const again = await admin.call('/api/admin/suppliers/hotelbeds/mismatches');
    expect(again.json.data).toContainEqual(expect.objectContaining({ booking_id: ref, unchecked: false, supplier_status: 'CANCELLED' }));
    expect((again.json.data as { unchecked: boolean }[]).every((m) => !m.unchecked)).toBe(true);
    expect((await row(ref)).supplier_error).toMatch(/CANCELLED/);
  });

  it('once the supplier fails a read, the check asks about no more of its bookings', async () => {
    // Bookings made today of stays already over, booked there under references it does not hold: each one is a read.
    const refs = Array.from({ length: 8 }, (_, i) => `BK-LOST${i}-${crypto.randomUUID().slice(0, 5).toUpperCase()}`);
    await d1Query(refs.map((ref, i) =>
      `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor, status,
         idempotency_key, request_hash, traveler, supplier, supplier_state, supplier_reference, supplier_net_minor, supplier_currency)
       VALUES ('${ref}', ${orgId}, ${member.id}, ${productId}, 'HLT', 'Supplier hotel', 'Lisbon', '${day(-20)}', '${day(-18)}', 2, 'EUR', 10000, 10000, 'CONFIRMED',
         'k-${ref}', 'h', '{}', 'hotelbeds', 'confirmed', '1-LOST00${i}', 9000, 'EUR');`).join('\n'));
    try {
      const booked = await referenced();
      expect(booked.length, 'more bookings than one round of reads').toBeGreaterThan(5);
      await quiet();
      await control({ fail_next: 'detail' });
      const since = new Date().toISOString();
      const compared = await admin.call(`/api/admin/suppliers/hotelbeds/reconcile?${range}`);
      expect(compared.status, compared.text).toBe(200);
      // One round of reads went out (up to five at once); the one that failed, and every one not asked after it, are
      // listed as not compared.
      const reads = await detailReads(since);
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(5);
      expect((compared.json.data as { unchecked: boolean }[]).filter((m) => m.unchecked)).toHaveLength(booked.length - reads + 1);
    } finally {
      await d1Query(`DELETE FROM bookings WHERE booking_ref IN (${refs.map((r) => `'${r}'`).join(', ')})`);
    }
  });
});

let memberClient: Client | null = null;
/** The member who booked, signed in (once). */
async function signedInMember(): Promise<Client> {
  memberClient ??= (await signedInClient(member.email, member.password, host)).client;
  return memberClient;
}

describe('a supplier switched off, then disconnected (decision 0079)', () => {
  const put = (enabled: boolean) => admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { api_key: SIM.api_key, markup_percent: 10, enabled } });
  const disconnect = (client: Client = admin) => client.call('/api/admin/suppliers/hotelbeds', { method: 'DELETE' });
  const audited = async () => d1Query<{ detail: string }>(`SELECT detail FROM admin_audit WHERE org_id = ${orgId} AND action = 'supplier.remove'`);

  it('switched off, it still books what was paid before, quotes and makes the traveller’s cancel there, and reconciles', async () => {
    const pending = await pendingSupplierBooking(await rateFor(35));
    expect((await put(false)).status).toBe(200);
    try {
      // The payment of a checkout made while it sold comes after the switch: the stay is booked there all the same.
      expect((await pay(pending.session)).status).toBe(200);
      const booked = await until(() => row(pending.ref), (r) => r.supplier_state !== 'to_book' && r.supplier_state !== 'booking');
      expect(booked).toMatchObject({ status: 'CONFIRMED', supplier_state: 'confirmed' });
      expect(await held(pending.ref)).toHaveLength(1);
      // The traveller asks what cancelling costs and cancels: both reach the supplier.
      const mine = await signedInMember();
      const quote = await mine.call(`/api/bookings/${pending.ref}/cancel-quote`);
      expect(quote.status, quote.text).toBe(200);
      const cancelled = await mine.call(`/api/bookings/${pending.ref}/cancel`, { method: 'POST' });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect((await held(pending.ref))[0].status).toBe('CANCELLED');
      expect(await row(pending.ref)).toMatchObject({ status: 'CANCELLED', supplier_state: 'cancelled' });
      // The reconciliation still reads the supplier's side: both sides agree.
      const found = await admin.call(`/api/admin/suppliers/hotelbeds/reconcile?from=${day(-1)}&to=${day(1)}`);
      expect(found.status, found.text).toBe(200);
      expect((found.json.data as any[]).map((m) => m.booking_id)).not.toContain(pending.ref);
    } finally {
      expect((await put(true)).status).toBe(200);
    }
  });

  it('an admin stops a running import: of 30 stops at once one stops it, its page in flight writes nothing', async () => {
    const products = async () => (await d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM products WHERE org_id = ${orgId} AND source = 'hotelbeds'`))[0]!.n;
    const before = await products();
    expect((await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'DELETE' })).json.error).toMatchObject({ code: 'CONFLICT', message: 'No import is running' });
    // Each content page takes the supplier 1.5 s: the first is in flight when the stops come.
    await control({ latency_ms: 1_500 });
    expect((await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' })).status).toBe(202);
    const stops = await Promise.all(Array.from({ length: 30 }, () => admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'DELETE' })));
    const stopped = stops.filter((r) => r.status === 200);
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.json.data).toMatchObject({ status: 'failed', error: 'Stopped from the console', imported: 0 });
    expect(new Set(stops.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.json.error.message}`))).toEqual(new Set(['409 No import is running']));
    expect(await d1Query(`SELECT detail FROM admin_audit WHERE org_id = ${orgId} AND action = 'supplier.import_stop'`)).toEqual([
      { detail: JSON.stringify({ job_id: stopped[0]!.json.data.job_id }) },
    ]);
    // The page in flight comes back after the stop: none of it is written, and the job stays as stopped.
    await wait(3_000);
    expect(await products()).toBe(before);
    expect((await admin.call('/api/admin/suppliers/hotelbeds/import')).json.data).toMatchObject({ status: 'failed', imported: 0, error: 'Stopped from the console' });
    await control({ latency_ms: 0 });
  });

  it('is refused while bookings still to come or an import need it, then forgets the credentials once, the hotels kept', async () => {
    const before = (await admin.call('/api/admin/suppliers')).json.data[0];
    expect(before).toMatchObject({ configured: true, enabled: true });
    const version = async () => (await d1Query<{ version: number }>(`SELECT version FROM orgs WHERE id = ${orgId}`))[0]!.version;
    const versionBefore = await version();

    // Confirmed stays still to come (the tests above) keep it.
    const booked = await disconnect();
    expect(booked.status, booked.text).toBe(409);
    expect(booked.json.error).toMatchObject({ code: 'CONFLICT', message: 'This supplier holds bookings still to come: switch it off to stop selling its hotels, and disconnect it once they are over' });
    expect((await admin.call('/api/admin/suppliers')).json.data[0]).toMatchObject({ configured: true, api_key: SIM.api_key });

    // Those stays are over now; one paid and not yet booked there (a crash) still keeps it, however long ago its stay.
    const open = await pendingSupplierBooking(await rateFor(36));
    await d1Query(`UPDATE bookings SET check_in = '${day(-9)}', check_out = '${day(-7)}' WHERE org_id = ${orgId} AND supplier = 'hotelbeds'`);
    await d1Query(`UPDATE bookings SET status = 'CONFIRMED', paid_minor = total_minor, supplier_state = 'booking', supplier_claimed_at = ${Date.now()} WHERE booking_ref = '${open.ref}'`);
    expect((await disconnect()).status).toBe(409);
    await d1Query(`UPDATE bookings SET status = 'FAILED', supplier_state = 'failed' WHERE booking_ref = '${open.ref}'`);

    // A running import keeps it too (the import needs the credentials for its pages).
    await control({ latency_ms: 1_500 });
    expect((await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' })).status).toBe(202);
    const importing = await disconnect();
    expect(importing.status, importing.text).toBe(409);
    expect(importing.json.error.message).toBe('An import is running: wait for it to finish before disconnecting');
    await control({ latency_ms: 0 });
    await until(async () => (await admin.call('/api/admin/suppliers/hotelbeds/import')).json.data.status, (s) => s !== 'running', 60_000);
    const hotels = (await admin.call('/api/admin/suppliers')).json.data[0].hotels as number;
    expect(hotels).toBeGreaterThan(0);
    expect(await audited()).toEqual([]);
    expect(await version()).toBe(versionBefore);

    // Only an admin disconnects; an unknown supplier is named.
    expect((await call('/api/admin/suppliers/hotelbeds', { method: 'DELETE', host })).status).toBe(401);
    const unknown = await admin.call('/api/admin/suppliers/expedia', { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('No such supplier: the suppliers are hotelbeds');

    // Thirty at once: one disconnects (audited once, the version moved once), the others are told it is not connected.
    const replies = await Promise.all(Array.from({ length: 30 }, () => disconnect()));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const others = replies.filter((r) => r.status !== 200);
    expect(new Set(others.map((r) => `${r.status} ${r.json.error.message}`))).toEqual(new Set(['409 This supplier is not connected']));
    expect(replies.find((r) => r.status === 200)!.json.data).toMatchObject({ configured: false, enabled: false, api_key: null, secret_set: false, hotels });
    const rows = await audited();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.detail)).toEqual({ before: { api_key: SIM.api_key, markup_percent: 10, enabled: true } });
    expect(rows[0]!.detail).not.toContain('sim-secret');
    expect(await version()).toBe(versionBefore + 1);
    expect(await d1Query(`SELECT 1 FROM org_suppliers WHERE org_id = ${orgId}`)).toEqual([]);

    // Nothing of it is sold now, and the import needs the credentials again; the imported hotels stay.
    const search = await call(`/api/products/search?type=HLT&city=Lisbon&check_in=${day(40)}&check_out=${day(42)}&occupancy=2`, { host });
    expect(search.status, search.text).toBe(200);
    expect((search.json.data as any[]).filter((p) => p.source === 'hotelbeds')).toEqual([]);
    expect(search.json.partial).toBeUndefined();
    const again = await admin.call('/api/admin/suppliers/hotelbeds/import', { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await admin.call('/api/admin/suppliers')).json.data[0]).toMatchObject({ configured: false, hotels });
    // Connected again, it sells at once.
    expect((await put(true)).status).toBe(400); // the secret was forgotten with the key
    const back = await admin.call('/api/admin/suppliers/hotelbeds', { method: 'PUT', body: { ...SIM, markup_percent: 10, enabled: true } });
    expect(back.status, back.text).toBe(200);
    const sold = await call(`/api/products/search?type=HLT&city=Lisbon&check_in=${day(43)}&check_out=${day(45)}&occupancy=2`, { host });
    expect((sold.json.data as any[]).some((p) => p.source === 'hotelbeds')).toBe(true);
  }, 120_000);
});
