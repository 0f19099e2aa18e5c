// The existing client's payloads work unchanged (docs/decisions/0014): the spec's sign-up payload, idempotency keys
// as payment providers take them, the reservations body token, only-discount orgs, the package flag and page cookies.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME, call, Client, expectErrorShape } from './helpers';
import { d1Query, d1QueryAll, DB_TEST_TIMEOUT, freshIp, linkToken, signedInClient, verifiedAccount, withIp } from './auth-helpers';
import { bookingBody, day, firstProduct, issue, key, reservationsOf, traveler } from './booking-helpers';
import { MSG, TERMS_VERSION } from '../../src/shared/contract/auth';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('sign-up with exactly the spec’s payload', () => {
  it('creates an email account with the terms accepted (version and time stored) and mails the confirmation link', { timeout: DB_TEST_TIMEOUT }, async () => {
    // The spec's sign-up fields, in the spec's order, byte for byte as the existing client sends them: no terms field.
    const raw =
      '{"jsonRegister":{"promotions":0,"accesscode":"","email_id":"spec.client@example.com","password":"Zebra7!stripe","googletoken":"","fbtoken":"","nationality":1,"site_url":"http://localhost/","mastercode":"","referral_code":"","language":"en-US","title":"Mr","site_id":1,"client_ip_address":"203.0.113.7","true_client_ip":"203.0.113.7","trip_id":"","referral_org":"","userdetails":{"email_id":"spec.client@example.com","first_name":"Sam","last_name":"Spec","country_code":"US","mobile_no":"4155550100","mobile_country_code":"+1"}}}';
    const r = await call('/api/signUp', withIp(freshIp(), { rawBody: raw, headers: JSON_TYPE }));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ status: 1, data: { code: 200, message: 'USER_CREATED', resp: MSG.confirmationSent, isProfileCreated: 1 } });

    const [row] = await d1Query<{ terms_version: string; accepted: number; provider: string; verified_at: string | null }>(
      `SELECT terms_version, abs(julianday(terms_accepted_at) - julianday(created_at)) * 86400 < 5 AS accepted, provider, verified_at
       FROM users WHERE email = 'spec.client@example.com'`,
    );
    expect(row).toEqual({ terms_version: TERMS_VERSION, accepted: 1, provider: 'email', verified_at: null });
    const { token } = await linkToken('spec.client@example.com', '/verify-account');
    expect((await call('/api/auth/verifyAccount', withIp(freshIp(), { body: { token } }))).status).toBe(200);
    await signedInClient('spec.client@example.com', 'Zebra7!stripe');
  });

  it('terms_accepted: false sent explicitly is a 400 with the terms message and creates nothing', { timeout: DB_TEST_TIMEOUT }, async () => {
    const raw =
      '{"jsonRegister":{"promotions":0,"accesscode":"","email_id":"spec.refused@example.com","password":"Zebra7!stripe","googletoken":"","fbtoken":"","nationality":1,"site_url":"http://localhost/","mastercode":"","referral_code":"","language":"en-US","title":"Mr","site_id":1,"client_ip_address":"","true_client_ip":"","trip_id":"","referral_org":"","userdetails":{"email_id":"spec.refused@example.com","first_name":"Rex","last_name":"Refused","country_code":"US","mobile_no":"","mobile_country_code":"+1"},"terms_accepted":false}}';
    const r = await call('/api/signUp', withIp(freshIp(), { rawBody: raw, headers: JSON_TYPE }));
    expect(r.status, r.text).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    expect(r.json.error.issues).toContainEqual({ path: 'jsonRegister.terms_accepted', message: MSG.termsRequired, key: 'auth_msg_termsRequired' });
    expect(await d1Query(`SELECT id FROM users WHERE email = 'spec.refused@example.com'`)).toEqual([]);
  });
});

describe('idempotency keys: any printable string of 1 to 255 characters', () => {
  let client: Client;
  let productId: number;
  beforeAll(async () => {
    const account = await verifiedAccount();
    client = (await signedInClient(account.email, account.password)).client;
    productId = (await firstProduct('HLT')).product_id;
  });

  const longKey = () => {
    const stem = `pay ${crypto.randomUUID()} — réservation/日本/😀 #`;
    return stem + '·'.repeat(255 - [...stem].length);
  };

  it.each([
    ['one character', () => 'k', 30],
    ['255 characters with spaces, punctuation and other scripts', longKey, 34],
  ])('a key of %s books once; the same key again returns the same booking', async (_, makeKey, offset) => {
    const idempotency_key = makeKey();
    expect([...idempotency_key].length).toBeLessThanOrEqual(255);
    const body = { ...bookingBody(productId, { check_in: day(offset), check_out: day(offset + 2) }), idempotency_key, traveler };
    const first = await client.call('/api/booking/checkout', { body });
    expect(first.status, first.text).toBe(200);
    const again = await client.call('/api/booking/checkout', { body });
    expect(again.status, again.text).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json.data.booking_id).toBe(first.json.data.booking_id);
  });

  it('30 concurrent first uses of one such key create exactly one booking', async () => {
    const idempotency_key = `paiement n° ${crypto.randomUUID()} ✓`;
    const body = { ...bookingBody(productId, { check_in: day(40), check_out: day(41) }), idempotency_key, traveler };
    const before = (await reservationsOf(client)).length;
    const replies = await Promise.all(Array.from({ length: 30 }, () => client.call('/api/booking/checkout', { body })));
    for (const r of replies) expect(r.status, r.text).toBe(200);
    expect(new Set(replies.map((r) => r.json.data.booking_id)).size).toBe(1);
    expect((await reservationsOf(client)).length).toBe(before + 1);
  });

  it.each([['empty', ''], ['256 characters', 'k'.repeat(256)], ['a line break', 'a\nb'], ['a control character', 'a\u0007b'], ['a zero-width space', '\u200b']])(
    'a key that is %s is a 400 and books nothing',
    async (_, idempotency_key) => {
      const before = (await reservationsOf(client)).length;
      const r = await client.call('/api/booking/checkout', { body: { ...bookingBody(productId), idempotency_key, traveler } });
      expect(r.status, r.text).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
      expect(r.json.error.issues[0].path).toBe('idempotency_key');
      expect((await reservationsOf(client)).length).toBe(before);
    },
  );
});

describe('POST /api/reservations { json: { token } }', () => {
  it('takes a live body token as the session token, checked as a Bearer token is', async () => {
    const account = await verifiedAccount();
    const { client, token } = await signedInClient(account.email, account.password);
    const hotel = await firstProduct('HLT');
    const booked = await client.call('/api/booking/checkout', { body: { ...bookingBody(hotel.product_id), idempotency_key: key(), traveler } });
    expect(booked.status, booked.text).toBe(200);

    // No cookie, only the token in the body: the caller's bookings.
    const r = await call('/api/reservations', { body: { json: { token } } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.map((b: { booking_id: string }) => b.booking_id)).toEqual([booked.json.data.booking_id]);

    // A live body token stands for its own session even beside another account's cookie.
    const other = await signedInClient('demo@example.com', 'Demo1!pass');
    const mixed = await other.client.call('/api/reservations', { body: { json: { token } } });
    expect(mixed.json.data.map((b: { booking_id: string }) => b.booking_id)).toEqual([booked.json.data.booking_id]);
    // An empty or dead one leaves the cookie to decide (the islands send an empty token).
    for (const t of ['', 'x', 'y'.repeat(43)]) {
      const own = await other.client.call('/api/reservations', { body: { json: { token: t } } });
      expect(own.status).toBe(200);
      expect(own.json.data.map((b: { booking_id: string }) => b.booking_id)).not.toContain(booked.json.data.booking_id);
    }
  });

  it('a wrong, malformed, signed-out or other-org token is a 401', async () => {
    const acme = await verifiedAccount(ACME, { accesscode: 'WELCOME2026' });
    const { token: acmeToken } = await signedInClient(acme.email, acme.password, ACME);
    const account = await verifiedAccount();
    const { client, token } = await signedInClient(account.email, account.password);
    expect((await client.call('/api/iqps/logout', { method: 'POST' })).status).toBe(200);
    for (const body of [{ json: { token: 'x'.repeat(43) } }, { json: { token: 'not a token' } }, { json: { token } }, { json: { token: '' } }, {}]) {
      const r = await call('/api/reservations', { body });
      expect(r.status, JSON.stringify(body)).toBe(401);
      expectErrorShape(r.json, 'UNAUTHORIZED');
    }
    expect((await call('/api/reservations', { body: { json: { token: acmeToken } } })).status).toBe(401);
    expect((await call('/api/reservations', { host: ACME, body: { json: { token: acmeToken } } })).status).toBe(200);
  });
});

describe('the package flag', () => {
  it('is stored on the booking and listed with it; without it a booking is not a package', async () => {
    const account = await verifiedAccount();
    const { client } = await signedInClient(account.email, account.password);
    const stay = await firstProduct('STY');
    const pkg = await client.call('/api/booking/checkout', { body: { ...bookingBody(stay.product_id, { check_in: day(44), check_out: day(46) }), idempotency_key: key(), traveler, is_package: true } });
    expect(pkg.status, pkg.text).toBe(200);
    expect(pkg.json.data.is_package).toBe(1);
    const plain = await client.call('/api/booking/checkout', { body: { ...bookingBody(stay.product_id, { check_in: day(48), check_out: day(50) }), idempotency_key: key(), traveler } });
    expect(plain.json.data.is_package).toBe(0);
    const list = await reservationsOf(client);
    const flag = (id: string) => list.find((b) => b.booking_id === id)?.is_package;
    expect(flag(pkg.json.data.booking_id)).toBe(1);
    expect(flag(plain.json.data.booking_id)).toBe(0);
    const bad = await client.call('/api/booking/checkout', { body: { ...bookingBody(stay.product_id), idempotency_key: key(), traveler, is_package: 'yes' } });
    expect(bad.status).toBe(400);
  });
});

describe('wallet option only-discount', () => {
  const HOST = 'onlydiscount.localhost';
  let client: Client;
  let email: string;
  beforeAll(async () => {
    // An org of its own (so no other test's org changes), listing every option and only-discount, with org 1's products.
    await d1QueryAll(`
      INSERT INTO orgs (name, wallet_options) VALUES ('Discount Only Travel', 'Discount Cards,Certificates,Cash Card,only-discount');
      INSERT INTO org_domains (host, org_id) SELECT '${HOST}', max(id) FROM orgs;
      INSERT INTO products (org_id, type, name, city, country, address, latitude, longitude, images, description, amenities, rating, price_usd_minor,
        price_unit, max_guests, available_from, available_to, status)
      SELECT (SELECT org_id FROM org_domains WHERE host = '${HOST}'), type, name, city, country, address, latitude, longitude, images, description,
        amenities, rating, price_usd_minor, price_unit, max_guests, available_from, available_to, status FROM products WHERE org_id = 1;`);
    // Products written directly get their standard room and rate at their price, as the seed's have (decision 0057).
    await d1Query(DEFAULT_INVENTORY_SQL);
    const account = await verifiedAccount(HOST);
    email = account.email;
    client = (await signedInClient(account.email, account.password, HOST)).client;
  }, DB_TEST_TIMEOUT);

  it('refuses certificates and the cash card at preview and checkout, and takes a discount card', async () => {
    const cert = await issue({ email, kind: 'certificate', services: ['HLT'], amount: 50, host: HOST });
    const cash = await issue({ email, kind: 'cash', amount: 500, host: HOST });
    const discount = await issue({ email, kind: 'discount', pro_code: 'HLT', amount: 40, host: HOST });
    const hotel = await firstProduct('HLT', HOST);
    const stay = bookingBody(hotel.product_id);
    for (const [path, extra] of [['certificate_id', { certificate_id: cert.payment_card_id }], ['use_cash', { use_cash: true }], ['cash_card_id', { cash_card_id: cash.payment_card_id }]] as const) {
      const preview = await client.call('/api/booking/preview', { body: { ...stay, ...extra } });
      expect(preview.status, preview.text).toBe(400);
      expect(preview.json.error.issues).toContainEqual({ path, message: 'This wallet option is not offered on this site' });
      const checkout = await client.call('/api/booking/checkout', { body: { ...stay, ...extra, idempotency_key: key(), traveler } });
      expect(checkout.status, checkout.text).toBe(400);
    }
    expect(await reservationsOf(client)).toEqual([]);

    const ok = await client.call('/api/booking/preview', { body: { ...stay, discount_card_id: discount.payment_card_id } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data.discount_amount).toBeGreaterThan(0);
    expect(ok.json.data.certificate_amount).toBe(0);
    expect(ok.json.data.cash_amount).toBe(0);
    const booked = await client.call('/api/booking/checkout', { body: { ...stay, discount_card_id: discount.payment_card_id, idempotency_key: key(), traveler } });
    expect(booked.status, booked.text).toBe(200);
  });

  it('the org config carries the option for the island (the same rule decides there)', async () => {
    const r = await call('/api/org/config', { host: HOST });
    expect(r.json.data.walletOptions).toBe('Discount Cards,Certificates,Cash Card,only-discount');
    const wallet = await client.call('/api/booking/get-paymentcard-by-user', { body: { currency: 'USD' } });
    expect(wallet.json.data[0].walletOptions).toEqual([{ org_site_wallet: 'Discount Cards,Certificates,Cash Card,only-discount' }]);
  });
});

describe('page cookies the existing client reads', () => {
  const cookiesOf = (setCookie: string[]) => Object.fromEntries(setCookie.map((c) => [c.slice(0, c.indexOf('=')), c]));
  const value = (c: string | undefined) => (c ? decodeURIComponent(c.slice(c.indexOf('=') + 1, c.indexOf(';'))) : undefined);

  it('every page writes the org’s orgid, wlOrg, orgName, logo, orgCountryCode and the visitor’s userCountryCode, readable and Lax', async () => {
    const geo = await call('/api/general/getGeolocationByIp', { body: {} });
    for (const [host, org] of [['localhost', { orgid: '1', orgName: 'Travel Club' }], [ACME, { orgid: '2', orgName: 'Acme Travel' }]] as const) {
      const config = (await call('/api/org/config', { host })).json.data;
      const r = await call('/wallet', { host });
      expect(r.status).toBe(200);
      const jar = cookiesOf(r.cookies);
      expect(value(jar.orgid)).toBe(org.orgid);
      expect(value(jar.wlOrg)).toBe(org.orgid);
      expect(value(jar.orgName)).toBe(org.orgName);
      expect(value(jar.logo)).toBe(config.logoUrl);
      expect(value(jar.orgCountryCode)).toBe(config.orgBySite.orgCountryData.code);
      expect(value(jar.userCountryCode)).toBe(geo.json.data.countryCode);
      for (const name of ['orgid', 'wlOrg', 'orgName', 'logo', 'orgCountryCode', 'userCountryCode']) {
        expect(jar[name]).toMatch(/; Path=\/; SameSite=Lax$/);
        expect(jar[name]).not.toMatch(/HttpOnly|Secure/i);
      }
      expect(jar.session_key).toBeUndefined();
      expect(jar['true-client-ip']).toBeUndefined();
    }
  });

  it('are Secure on a host that is not a localhost name, and not rewritten when the browser already holds them', async () => {
    const r = await call('/', { host: 'travel.example.com' });
    const written = r.cookies.filter((c) => /^(orgid|orgName|logo)=/.test(c));
    expect(written).toHaveLength(3);
    for (const c of written) expect(c).toMatch(/; Secure$/);
    const held = r.cookies.map((c) => c.slice(0, c.indexOf(';'))).join('; ');
    const again = await call('/', { host: 'travel.example.com', cookie: held });
    expect(again.cookies.filter((c) => /^(orgid|wlOrg|orgName|logo|orgCountryCode|userCountryCode)=/.test(c))).toEqual([]);
  });

  it('a coordinate search writes searchLatitude and searchLongitude; the green-deals entry sets htlgd and the hotel entry clears it', async () => {
    const search = cookiesOf((await call('/search-detail?type=HLT&latitude=38.7223&longitude=-9.1393')).cookies);
    expect([value(search.searchLatitude), value(search.searchLongitude)]).toEqual(['38.7223', '-9.1393']);
    const city = cookiesOf((await call('/search-detail?type=HLT&city=Paris')).cookies);
    expect(city.searchLatitude).toBeUndefined();
    const odd = cookiesOf((await call('/search-detail?type=HLT&latitude=999&longitude=abc')).cookies);
    expect(odd.searchLatitude).toBeUndefined();

    const home = await call('/');
    expect(home.text).toContain('href="/?htlgd=1"');
    const green = cookiesOf((await call('/?htlgd=1')).cookies);
    expect(value(green.htlgd)).toBe('1');
    const plain = cookiesOf((await call('/', { cookie: 'htlgd=1' })).cookies);
    expect(plain.htlgd).toMatch(/^htlgd=; Max-Age=0/);
  });
});
