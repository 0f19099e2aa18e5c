// Preview and checkout (docs/contract.md#wallet, docs/contract.md#booking): server-side amounts, card ownership and fit, idempotency, atomic spending, bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, call, Client, expectErrorShape } from './helpers';
import { bookingBody, cardIn, day, firstProduct, issue, key, payPending, reservationsOf, signIn, traveler, walletOf } from './booking-helpers';
import { DB_TEST_TIMEOUT, d1Query, signedInClient, verifiedAccount } from './auth-helpers';

let demo: Client;
let agent: Client;
let hotel: { product_id: number; price: number };
let activity: { product_id: number; price: number };

beforeAll(async () => {
  demo = await signIn();
  agent = await signIn('agent@example.com', 'Agent1!pass');
  hotel = await firstProduct('HLT');
  activity = await firstProduct('ACT');
});

const preview = (client: Client, body: Record<string, unknown>) => client.call('/api/booking/preview', { body });
const checkout = (client: Client, body: Record<string, unknown>) => client.call('/api/booking/checkout', { body: { traveler, idempotency_key: key(), ...body } });

describe('preview', () => {
  it('prices the nights in the asked currency with no card', async () => {
    const r = await preview(demo, bookingBody(hotel.product_id));
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ price: hotel.price * 2, certificate_amount: 0, discount_amount: 0, cash_amount: 0, total: hotel.price * 2, currency: 'USD' });
    const eur = await preview(demo, bookingBody(hotel.product_id, { currency: 'EUR' }));
    expect(eur.json.data.currency).toBe('EUR');
    expect(eur.json.data.total).not.toBe(hotel.price * 2);
  });

  it('a certificate takes off its redemption price', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 50 });
    const r = await preview(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }));
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.certificate_amount).toBe(50);
    expect(r.json.data.total).toBeCloseTo(hotel.price * 2 - 50, 2);
  });

  it('a discount card takes off at most 10% of a hotel price and 5% of an activity', async () => {
    const big = await issue({ kind: 'discount', pro_code: 'HLT,ACT', amount: 10_000 });
    const h = await preview(demo, bookingBody(hotel.product_id, { discount_card_id: big.payment_card_id }));
    expect(h.json.data.discount_amount).toBeCloseTo(Math.floor(hotel.price * 2 * 100 * 0.1) / 100, 2);
    const a = await preview(demo, bookingBody(activity.product_id, { discount_card_id: big.payment_card_id, check_out: null }));
    expect(a.json.data.discount_amount).toBeCloseTo(Math.floor(activity.price * 2 * 100 * 0.05) / 100, 2);
  });

  it('the cash card pays what is left, up to its balance, converted through USD', async () => {
    const cash = await issue({ kind: 'cash', amount: 30, currency: 'EUR' });
    const r = await preview(demo, bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id, currency: 'EUR' }));
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.cash_amount).toBe(30);
    expect(r.json.data.total).toBeCloseTo(r.json.data.price - 30, 2);
    const usd = await preview(demo, bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id }));
    expect(usd.json.data.cash_amount).toBeGreaterThan(30);
  });

  it('ignores any amount the client sends', async () => {
    const r = await preview(demo, { ...bookingBody(hotel.product_id), total: 1, price: 1, certificate_amount: 99_999 });
    expect(r.json.data.total).toBe(hotel.price * 2);
  });

  it('nothing goes below 0 when cards cover more than the price', async () => {
    const cert = await issue({ kind: 'certificate', services: ['ACT'], amount: 5_000 });
    const r = await preview(demo, bookingBody(activity.product_id, { certificate_id: cert.payment_card_id, check_out: null }));
    expect(r.json.data).toMatchObject({ total: 0, certificate_amount: r.json.data.price });
  });
});

describe('cards must belong to the caller, be active and fit the product', () => {
  it('another user’s card id is refused', async () => {
    const theirs = await issue({ email: 'agent@example.com', kind: 'certificate', services: ['HLT'], amount: 40 });
    const r = await preview(demo, bookingBody(hotel.product_id, { certificate_id: theirs.payment_card_id }));
    expect(r.status).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    expect((await checkout(demo, bookingBody(hotel.product_id, { certificate_id: theirs.payment_card_id }))).status).toBe(400);
    expect((await preview(agent, bookingBody(hotel.product_id, { certificate_id: theirs.payment_card_id }))).status).toBe(200);
  });

  it('another org’s card id is refused', async () => {
    const acmeCard = await issue({ kind: 'cash', amount: 40, to: 'unassigned', host: ACME });
    const r = await preview(demo, bookingBody(hotel.product_id, { cash_card_id: acmeCard.payment_card_id }));
    expect(r.status).toBe(400);
    // Demo's own card, sent to the other org's site, is not demo's there.
    const mine = await issue({ kind: 'cash', amount: 40 });
    const acmeHotel = await firstProduct('HLT', ACME);
    const there = await demo.call('/api/booking/preview', { host: ACME, body: bookingBody(acmeHotel.product_id, { check_in: day(20), cash_card_id: mine.payment_card_id }) });
    expect(there.status).toBe(400);
  });

  it('an org certificate nobody owns cannot be spent', async () => {
    const orgCards = await call('/api/walletUser/getPaymentCardByOrg', { body: {} });
    const orgCert = orgCards.json.data.find((c: any) => c.services.includes('HLT'));
    expect((await preview(demo, bookingBody(hotel.product_id, { certificate_id: orgCert.payment_card_id }))).status).toBe(400);
  });

  it('inactive cards are refused, spent ones as a conflict', async () => {
    for (const status of ['INACTIVE', 'EXPIRED']) {
      const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 40, status });
      const r = await preview(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }));
      expect(r.status, status).toBe(400);
      expect(r.json.error.message).toMatch(/not active/);
    }
    const used = await issue({ kind: 'certificate', services: ['HLT'], amount: 40, status: 'REDEEMED' });
    expect((await preview(demo, bookingBody(hotel.product_id, { certificate_id: used.payment_card_id }))).status).toBe(409);
  });

  it('a card for another product is refused', async () => {
    const cert = await issue({ kind: 'certificate', services: ['RST'], amount: 40 });
    expect((await preview(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }))).status).toBe(400);
    const disc = await issue({ kind: 'discount', pro_code: 'STY', amount: 40 });
    expect((await preview(demo, bookingBody(hotel.product_id, { discount_card_id: disc.payment_card_id }))).status).toBe(400);
    const empty = await issue({ kind: 'discount', pro_code: 'HLT', amount: 0 });
    expect((await preview(demo, bookingBody(hotel.product_id, { discount_card_id: empty.payment_card_id }))).status).toBe(409);
  });

  it('a card of the wrong kind is refused', async () => {
    const cash = await issue({ kind: 'cash', amount: 40 });
    expect((await preview(demo, bookingBody(hotel.product_id, { certificate_id: cash.payment_card_id }))).status).toBe(400);
  });

  it('a guest cannot use wallet cards', async () => {
    const mine = await issue({ kind: 'cash', amount: 40 });
    expect((await call('/api/booking/preview', { body: bookingBody(hotel.product_id, { cash_card_id: mine.payment_card_id }) })).status).toBe(400);
  });
});

describe('checkout', () => {
  it('books, spends the cards and lists the booking first in the reservations', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 60 });
    const cash = await issue({ kind: 'cash', amount: 100 });
    const body = bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id, cash_card_id: cash.payment_card_id });
    const r = await checkout(demo, body);
    expect(r.status, r.text).toBe(200);
    // The rest is paid by card: pending until the payment's webhook confirms it.
    expect(r.json.data).toMatchObject({ status: 'PENDING_PAYMENT', currency: 'USD' });
    expect(typeof r.json.data.booking_id).toBe('string');
    expect(r.json.data.total).toBeCloseTo(hotel.price * 2 - 160, 2);
    expect(await payPending(r, { client: demo })).toMatchObject({ status: 'CONFIRMED', paid_amount: r.json.data.total });
    const wallet = await walletOf(demo);
    expect(cardIn(wallet, cert.payment_card_id).status).toBe('REDEEMED');
    expect(cardIn(wallet, cash.payment_card_id).card_amount).toBe(0);
    const list = await reservationsOf(demo);
    expect(list[0]).toMatchObject({ booking_id: r.json.data.booking_id, product_id: hotel.product_id, status: 'CONFIRMED', traveler: { last_name: 'García' } });
    const times = list.map((b) => b.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('a certificate spent by one checkout is refused to the next with 409', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 20 });
    expect((await checkout(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }))).status).toBe(200);
    const again = await checkout(demo, bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id }));
    expect(again.status).toBe(409);
    expectErrorShape(again.json, 'CONFLICT');
  });

  it('refuses a check-in in the past or before the org’s minimum', async () => {
    for (const checkIn of [day(-3), day(0)]) {
      const r = await checkout(demo, bookingBody(hotel.product_id, { check_in: checkIn, check_out: day(5) }));
      expect(r.status, checkIn).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
  });

  it('20 concurrent checkouts spending one certificate: exactly one succeeds, the others get 409 and nothing else is written', async () => {
    const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 75 });
    const before = (await reservationsOf(demo)).length;
    const body = bookingBody(hotel.product_id, { certificate_id: cert.payment_card_id });
    const replies = await Promise.all(Array.from({ length: 20 }, () => checkout(demo, body)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const r of replies.filter((x) => x.status === 409)) expectErrorShape(r.json, 'CONFLICT');
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('HELD');
    await payPending(replies.find((x) => x.status === 200)!, { client: demo });
    expect(cardIn(await walletOf(demo), cert.payment_card_id).status).toBe('REDEEMED');
    expect((await reservationsOf(demo)).length).toBe(before + 1);
    const [spends] = await d1Query<{ n: number; bookings: number }>(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT booking_id) AS bookings FROM card_spends WHERE card_id = ${cert.payment_card_id}`,
    );
    expect(spends).toEqual({ n: 1, bookings: 1 });
  }, DB_TEST_TIMEOUT);

  it('concurrent checkouts spending the last of a cash balance: one succeeds, the balance never goes below 0', async () => {
    const cash = await issue({ kind: 'cash', amount: 100 });
    const before = (await reservationsOf(demo)).length;
    const replies = await Promise.all(Array.from({ length: 10 }, () => checkout(demo, bookingBody(hotel.product_id, { cash_card_id: cash.payment_card_id }))));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(0);
    expect((await reservationsOf(demo)).length).toBe(before + 1);
  });

  it('the same idempotency key and body return the same booking and spend nothing more', async () => {
    const cash = await issue({ kind: 'cash', amount: 500 });
    const body = { ...bookingBody(activity.product_id, { check_out: null, cash_card_id: cash.payment_card_id }), idempotency_key: key() };
    const first = await checkout(demo, body);
    expect(first.status, first.text).toBe(200);
    const spent = 500 - cardIn(await walletOf(demo), cash.payment_card_id).card_amount;
    expect(spent).toBeGreaterThan(0);
    const again = await Promise.all(Array.from({ length: 5 }, () => checkout(demo, { ...body, traveler: { ...traveler } })));
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.json.data.booking_id).toBe(first.json.data.booking_id);
    }
    expect(500 - cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBeCloseTo(spent, 2);
    expect((await reservationsOf(demo)).filter((b) => b.booking_id === first.json.data.booking_id)).toHaveLength(1);
  });

  it('concurrent first uses of one key create one booking', async () => {
    const body = { ...bookingBody(hotel.product_id), idempotency_key: key() };
    const replies = await Promise.all(Array.from({ length: 6 }, () => checkout(demo, body)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.json.data.booking_id)).size).toBe(1);
  });

  it('the same key with a different body gets 422 and writes nothing', async () => {
    const k = key();
    expect((await checkout(demo, { ...bookingBody(hotel.product_id), idempotency_key: k })).status).toBe(200);
    const before = (await reservationsOf(demo)).length;
    const r = await checkout(demo, { ...bookingBody(hotel.product_id, { guests: 1 }), idempotency_key: k });
    expect(r.status).toBe(422);
    expectErrorShape(r.json, 'UNPROCESSABLE');
    expect((await reservationsOf(demo)).length).toBe(before);
  });

  it('every bad input gets 400, never 500, and writes nothing', async () => {
    const cash = await issue({ kind: 'cash', amount: 50 });
    const before = (await reservationsOf(demo)).length;
    const good = { ...bookingBody(hotel.product_id), idempotency_key: key(), traveler };
    const bad: unknown[] = [
      {}, [], 'text', 42, null,
      { ...good, product_id: 'abc' }, { ...good, product_id: -1 }, { ...good, product_id: 1.5 }, { ...good, product_id: 99_999_999 },
      { ...good, check_in: '2027-13-01' }, { ...good, check_in: 'soon' }, { ...good, check_out: day(10) }, { ...good, check_out: day(200) },
      { ...good, check_in: day(20), check_out: day(20) },
      { ...good, guests: 0 }, { ...good, guests: 500 }, { ...good, guests: '2' }, { ...good, currency: 'EURO' }, { ...good, currency: 'XXX' },
      { ...good, certificate_id: 'x' }, { ...good, certificate_id: 0 }, { ...good, discount_card_id: 2 ** 40 }, { ...good, use_cash: 'yes' },
      { ...good, idempotency_key: '' }, { ...good, idempotency_key: 'k'.repeat(256) }, { ...good, idempotency_key: 'line\nbreak' },
      { ...good, idempotency_key: undefined },
      { ...good, traveler: undefined }, { ...good, traveler: { ...traveler, title: 'Dr' } }, { ...good, traveler: { ...traveler, email: 'nope' } },
      { ...good, traveler: { ...traveler, first_name: '' } }, { ...good, traveler: { ...traveler, first_name: '<script>' } },
      { ...good, traveler: { ...traveler, phone: 'call me' } }, { ...good, traveler: { ...traveler, phone: '1'.repeat(20) } },
      { ...good, cash_card_id: cash.payment_card_id + 1_000_000 },
    ];
    for (const body of bad) {
      const r = await demo.call('/api/booking/checkout', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
    const raw = await demo.call('/api/booking/checkout', { rawBody: '{"product_id":', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect((await reservationsOf(demo)).length).toBe(before);
    expect(cardIn(await walletOf(demo), cash.payment_card_id).card_amount).toBe(50);
  });
});

describe('who may book', () => {
  it('an account with can_user_book = 0 is refused where guests may not book, and books where they may', async () => {
    const { email, password } = await verifiedAccount();
    await d1Query(`UPDATE users SET can_user_book = 0 WHERE email = '${email}'`);
    const { client } = await signedInClient(email, password);
    const r = await client.call('/api/booking/checkout', { body: { ...bookingBody(hotel.product_id), idempotency_key: key(), traveler } });
    expect(r.status).toBe(403);
    expectErrorShape(r.json, 'FORBIDDEN');
    const acmeAccount = await verifiedAccount(ACME, { accesscode: 'WELCOME2026' });
    await d1Query(`UPDATE users SET can_user_book = 0 WHERE email = '${acmeAccount.email}'`);
    const acme = await signedInClient(acmeAccount.email, acmeAccount.password, ACME);
    const acmeHotel = await firstProduct('HLT', ACME);
    const ok = await acme.client.call('/api/booking/checkout', { body: { ...bookingBody(acmeHotel.product_id), idempotency_key: key(), traveler } });
    expect(ok.status, ok.text).toBe(200);
  }, DB_TEST_TIMEOUT);

  it('without a session, org 1 asks for sign-in', async () => {
    const r = await call('/api/booking/checkout', { body: { ...bookingBody(hotel.product_id), idempotency_key: key(), traveler } });
    expect(r.status).toBe(401);
    expectErrorShape(r.json, 'UNAUTHORIZED');
  });

  it('org 2 takes bookings without a session, and guests see prices', async () => {
    const acmeHotel = await firstProduct('HLT', ACME);
    expect(acmeHotel.price).toBeGreaterThan(0);
    const body = { ...bookingBody(acmeHotel.product_id, { check_in: day(20), currency: 'GBP' }), idempotency_key: key(), traveler };
    const r = await call('/api/booking/checkout', { host: ACME, body });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'PENDING_PAYMENT', currency: 'GBP' });
    expect(await payPending(r, { host: ACME })).toMatchObject({ status: 'CONFIRMED', currency: 'GBP' });
    expect((await call('/api/reservations', { host: ACME, body: { json: { token: '' } } })).status).toBe(401);
  });

  it('a product of another org cannot be booked', async () => {
    const acmeHotel = await firstProduct('HLT', ACME);
    expect((await checkout(demo, bookingBody(acmeHotel.product_id))).status).toBe(400);
  });

  it('reservations need a session and list only the caller’s bookings', async () => {
    expect((await call('/api/reservations', { body: { json: { token: 'anything' } } })).status).toBe(401);
    const mine = new Set((await reservationsOf(demo)).map((b) => b.booking_id));
    const theirs = await reservationsOf(agent);
    expect(theirs.some((b) => mine.has(b.booking_id))).toBe(false);
  });
});
