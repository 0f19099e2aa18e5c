// The wallet routes (docs/contract.md#wallet, docs/contract.md#development, docs/product.md#entities, docs/product.md#calls): cards by user and by org, redeeming a card code, issuing in development, saved travellers.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, call, Client, expectErrorShape } from './helpers';
import { cardIn, day, issue, signIn, walletOf } from './booking-helpers';
import { signedInClient, verifiedAccount } from './auth-helpers';

let demo: Client;
let agent: Client;
beforeAll(async () => {
  demo = await signIn();
  agent = await signIn('agent@example.com', 'Agent1!pass');
});

describe('cards by user', () => {
  it('answers the spec’s entry shape with the org’s wallet options', async () => {
    const r = await demo.call('/api/booking/get-paymentcard-by-user', { body: { currency: 'EUR' } });
    expect(r.status, r.text).toBe(200);
    const entry = r.json.data[0];
    for (const k of ['certidata', 'discountcarddata', 'cashcarddata']) expect(Array.isArray(entry[k]), k).toBe(true);
    for (const k of ['certificate_details', 'discountcard_details', 'cashcard_details']) expect(entry[k]).toMatchObject({ currency: 'EUR' });
    expect(entry.walletOptions).toEqual([{ org_site_wallet: 'Discount Cards,Certificates,Cash Card,myvacations' }]);
    const card = entry.certidata[0];
    for (const field of ['card_code', 'payment_card_id', 'pro_code', 'status', 'services', 'card_amount', 'payment_card_redemption_price', 'payment_product_code', 'payment_card_currency']) {
      expect(card, field).toHaveProperty(field);
    }
  });

  it('holds the development wallet of demo@example.com', async () => {
    const entry = await walletOf(demo);
    expect(entry.certidata.some((c: any) => c.card_code === 'DEMO-CERT-HOTEL-150' && c.status === 'ACTIVE' && c.payment_card_redemption_price === 150)).toBe(true);
    expect(entry.discountcarddata.some((c: any) => c.card_code === 'DEMO-DISC-HLT' && c.card_amount === 200)).toBe(true);
    expect(entry.cashcarddata.some((c: any) => c.card_code === 'DEMO-CASH-500')).toBe(true);
  });

  it('totals only active cards, converted to the asked currency', async () => {
    const usd = await walletOf(agent, 'USD');
    const before = usd.cashcard_details.total_value;
    await issue({ email: 'agent@example.com', kind: 'cash', amount: 10, currency: 'EUR' });
    await issue({ email: 'agent@example.com', kind: 'cash', amount: 1_000, status: 'INACTIVE' });
    const after = await walletOf(agent, 'USD');
    expect(after.cashcard_details.total_value - before).toBeGreaterThan(10);
    expect(after.cashcard_details.total_value - before).toBeLessThan(12);
    expect(after.cashcard_details.count - usd.cashcard_details.count).toBe(2);
  });

  it('needs a session and a known currency', async () => {
    const r = await call('/api/booking/get-paymentcard-by-user', { body: { currency: 'USD' } });
    expect(r.status).toBe(401);
    expect((await demo.call('/api/booking/get-paymentcard-by-user', { body: { currency: 'ZZZ' } })).status).toBe(400);
    expect((await demo.call('/api/booking/get-paymentcard-by-user', { body: { currency: 12 } })).status).toBe(400);
  });

  it('another org shows its own wallet options and none of this org’s cards', async () => {
    const r = await call('/api/walletUser/getPaymentCardByOrg', { host: ACME, body: {} });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual([]);
  });
});

describe('cards by org', () => {
  it('lists the org’s certificates, the highest redemption price first', async () => {
    const r = await call('/api/walletUser/getPaymentCardByOrg', { body: { anything: 'passes through' } });
    expect(r.status).toBe(200);
    const hotel = r.json.data.filter((c: any) => c.services.split(',').includes('HLT'));
    expect(hotel.length).toBeGreaterThanOrEqual(2);
    expect(hotel[0].payment_card_redemption_price).toBeGreaterThanOrEqual(hotel[1].payment_card_redemption_price);
    expect(r.json.data.every((c: any) => !c.card_code.startsWith('GIFT'))).toBe(true);
  });
});

describe('redeeming a card code', () => {
  it('claims an unassigned card of the org into the caller’s wallet, once', async () => {
    const gift = await issue({ kind: 'cash', amount: 25, to: 'unassigned' });
    const r = await demo.call('/api/wallet/redeem', { body: { card_code: gift.card_code.toLowerCase() } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ payment_card_id: gift.payment_card_id, card_amount: 25, status: 'ACTIVE' });
    expect(cardIn(await walletOf(demo), gift.payment_card_id)).toBeTruthy();
    const again = await demo.call('/api/wallet/redeem', { body: { card_code: gift.card_code } });
    expect(again.status).toBe(409);
    const other = await agent.call('/api/wallet/redeem', { body: { card_code: gift.card_code } });
    expect(other.status).toBe(404);
    expectErrorShape(other.json, 'NOT_FOUND');
  });

  it('two users redeeming one code at once: exactly one gets it', async () => {
    const gift = await issue({ kind: 'discount', pro_code: 'HLT', amount: 30, to: 'unassigned' });
    const replies = await Promise.all([demo, agent, demo, agent].map((c) => c.call('/api/wallet/redeem', { body: { card_code: gift.card_code } })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('refuses the org’s listed certificates, other orgs’ cards, inactive cards and unknown codes', async () => {
    const acme = await issue({ kind: 'cash', amount: 5, to: 'unassigned', host: ACME });
    const inactive = await issue({ kind: 'cash', amount: 5, to: 'unassigned', status: 'INACTIVE' });
    for (const code of ['TC-ORG-HOTEL-250', acme.card_code, 'NO-SUCH-CODE-1']) {
      expect((await demo.call('/api/wallet/redeem', { body: { card_code: code } })).status, code).toBe(404);
    }
    expect((await demo.call('/api/wallet/redeem', { body: { card_code: inactive.card_code } })).status).toBe(409);
  });

  it('needs a session and a well-formed code', async () => {
    expect((await call('/api/wallet/redeem', { body: { card_code: 'GIFT-CASH-0100' } })).status).toBe(401);
    for (const body of [{}, { card_code: '' }, { card_code: 'x' }, { card_code: 'DROP TABLE' }, { card_code: 7 }]) {
      const r = await demo.call('/api/wallet/redeem', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('issuing cards in development', () => {
  it('issues to an account of the request’s org only', async () => {
    const r = await call('/api/dev/wallet/issue', { body: { email: 'demo@example.com', kind: 'certificate', services: ['HLT'], amount: 80, currency: 'USD' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ payment_card_id: expect.any(Number), card_code: expect.any(String) });
    // A fresh org 1 account: other tests may open demo@example.com in org 2 too (one email may live in both orgs).
    const { email: org1Only } = await verifiedAccount();
    expect((await call('/api/dev/wallet/issue', { body: { email: org1Only, kind: 'cash', amount: 5 } })).status).toBe(200);
    expect((await call('/api/dev/wallet/issue', { host: ACME, body: { email: org1Only, kind: 'cash', amount: 5 } })).status).toBe(404);
    expect((await call('/api/dev/wallet/issue', { body: { email: 'demo@example.com', kind: 'voucher', amount: 5 } })).status).toBe(400);
    expect((await call('/api/dev/wallet/issue', { body: { email: 'demo@example.com', kind: 'cash', amount: -5 } })).status).toBe(400);
  });
});

describe('saved travellers', () => {
  const ana = { title: 'Mrs', first_name: 'Ana', last_name: 'Ruiz', email: 'ana.ruiz@example.com', phone: '+34 600 000 001' };

  it('adds, lists, changes and removes the caller’s travellers', async () => {
    const added = await demo.call('/api/user/travelers', { body: ana });
    expect(added.status, added.text).toBe(201);
    const id = added.json.data.id;
    expect((await demo.call('/api/user/travelers')).json.data.some((t: any) => t.id === id && t.last_name === 'Ruiz')).toBe(true);
    const changed = await demo.call(`/api/user/travelers/${id}`, { method: 'PUT', body: { ...ana, last_name: 'Ruiz Soto' } });
    expect(changed.json.data.last_name).toBe('Ruiz Soto');
    expect((await demo.call(`/api/user/travelers/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await demo.call('/api/user/travelers')).json.data.some((t: any) => t.id === id)).toBe(false);
  });

  it('another user can neither see nor change them', async () => {
    const id = (await demo.call('/api/user/travelers', { body: ana })).json.data.id;
    expect((await agent.call('/api/user/travelers')).json.data.some((t: any) => t.id === id)).toBe(false);
    expect((await agent.call(`/api/user/travelers/${id}`, { method: 'PUT', body: ana })).status).toBe(404);
    expect((await agent.call(`/api/user/travelers/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses bad input with 400 and guests with 401', async () => {
    for (const body of [{}, { ...ana, title: 'Sir' }, { ...ana, email: 'x' }, { ...ana, first_name: '123' }, { ...ana, phone: 'abc' }]) {
      expect((await demo.call('/api/user/travelers', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await demo.call('/api/user/travelers/abc', { method: 'PUT', body: ana })).status).toBe(400);
    expect((await call('/api/user/travelers')).status).toBe(401);
  });
});

describe('a user of another org', () => {
  it('sees only their org’s wallet options, cannot pay with certificates there, and cannot use org 1 cards', async () => {
    const { email, password } = await verifiedAccount(ACME, { accesscode: 'WELCOME2026' });
    const { client } = await signedInClient(email, password, ACME);
    const entry = await walletOf(client, 'GBP');
    expect(entry.walletOptions).toEqual([{ org_site_wallet: 'Discount Cards,Cash Card' }]);
    expect(entry.orgcertidata).toEqual([]);

    const cert = await issue({ email, kind: 'certificate', services: ['HLT'], amount: 20, host: ACME });
    const cash = await issue({ email, kind: 'cash', amount: 20, currency: 'GBP', host: ACME });
    const hotel = await call('/api/products/search?type=HLT&per_page=1', { host: ACME });
    const body = { product_id: hotel.json.data[0].product_id, check_in: day(20), check_out: day(21), guests: 1, currency: 'GBP' };
    const refused = await client.call('/api/booking/preview', { body: { ...body, certificate_id: cert.payment_card_id } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/not offered/);
    const paid = await client.call('/api/booking/preview', { body: { ...body, cash_card_id: cash.payment_card_id } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.data.cash_amount).toBe(20);

    const demoCard = await issue({ kind: 'cash', amount: 20 });
    expect((await client.call('/api/booking/preview', { body: { ...body, cash_card_id: demoCard.payment_card_id } })).status).toBe(400);
    expect((await client.call('/api/wallet/redeem', { body: { card_code: 'GIFT-CASH-0100' } })).status).toBe(404);
    const mine = await client.call('/api/wallet/redeem', { body: { card_code: 'ACME-GIFT-0050' } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.data).toMatchObject({ card_amount: 50, payment_card_currency: 'GBP' });
  });

  it('a new member of org 1 books with their own wallet only', async () => {
    const { email, password } = await verifiedAccount();
    const { client } = await signedInClient(email, password);
    expect((await walletOf(client)).certidata).toEqual([]);
    expect((await client.call('/api/reservations', { body: { json: { token: 'x' } } })).json.data).toEqual([]);
    const cash = await issue({ email, kind: 'cash', amount: 30 });
    const hotel = await call('/api/products/search?type=STY&per_page=1');
    const r = await client.call('/api/booking/checkout', {
      body: { product_id: hotel.json.data[0].product_id, check_in: day(9), check_out: day(10), guests: 1, currency: 'USD', use_cash: true, idempotency_key: `k-${crypto.randomUUID()}`, traveler: { title: 'Miss', first_name: 'Ada', last_name: 'Lovelace', email, phone: '07700900123' } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.cash_amount).toBe(30);
    expect(cardIn(await walletOf(client), cash.payment_card_id).card_amount).toBe(0);
    expect((await client.call('/api/reservations', { body: { json: { token: 'x' } } })).json.data).toHaveLength(1);
  });
});
