// The profile API: GET/PUT /api/profile (the spec's Profile shape, sign-up rules) and updatePrefCurrLang.
import { describe, expect, it } from 'vitest';
import { ACME, call, expectErrorShape } from './helpers';
import { cookieNamed, freshIp, signedInClient, verifiedAccount, withIp } from './auth-helpers';
import { AGE_BANDS, MSG, ProfileReplySchema } from '../../src/shared/contract/auth';

describe('GET /api/profile', () => {
  it('401 when signed out', async () => {
    const r = await call('/api/profile');
    expect(r.status).toBe(401);
    expectErrorShape(r.json, 'UNAUTHORIZED');
  });

  it("answers the spec's Profile shape for the seeded consumer and agent", async () => {
    const demo = await signedInClient('demo@example.com', 'Demo1!pass');
    const r = await demo.client.call('/api/profile');
    expect(r.status).toBe(200);
    const { data } = ProfileReplySchema.strict().parse(r.json);
    expect(data.basicprofile[0]).toMatchObject({ type: 2, role: 'user', can_user_book: 1, subscription_details: [{ plan_status: 'ACTIVE' }], email: 'demo@example.com', nationality: 1 });
    expect(r.headers['cache-control']).toMatch(/no-store/);
    const agent = await signedInClient('agent@example.com', 'Agent1!pass');
    const a = (await agent.client.call('/api/profile')).json.data;
    expect(a.basicprofile[0]).toMatchObject({ type: 1, role: 'agent', credit_limit: 5000 });
  });

  it('names the referrer in referralData', async () => {
    const { email, password } = await verifiedAccount('localhost', { referral_code: 'DEMO2026TC' });
    const me = await signedInClient(email, password);
    const r = await me.client.call('/api/profile');
    expect(r.json.data.referralData).toEqual({ first_name: 'Demo', last_name: 'Traveller' });
  });
});

describe('PUT /api/profile', () => {
  it('updates names, phone, nationality, language, currency, age band and travel preferences, and refreshes userData', async () => {
    const { email, password } = await verifiedAccount();
    const { client } = await signedInClient(email, password);
    const r = await client.call('/api/profile', {
      method: 'PUT',
      body: {
        title: 'Mr', first_name: 'José', last_name: "O'Neil", nationality: 2, country: 'tt', phone_country_code: '+1-868', mobile_no: '6235551234',
        language: 'es-ES', currency: 'EUR', travprofile: { age_band: '31 to 40' }, travelpreference: ['Beach', 'Culture', 'Beach'],
      },
    });
    expect(r.status, r.text).toBe(200);
    const p = r.json.data;
    expect(p.basicprofile[0]).toMatchObject({ title: 'Mr', first_name: 'José', last_name: "O'Neil", nationality: 2, country: 'TT', phone_country_code: '+1-868', mobile_no: '6235551234', language: 'es-ES', currency: 'EUR' });
    expect(p.travprofile).toEqual({ age_band: '31 to 40' });
    expect(p.travelpreference).toEqual(['Beach', 'Culture']);
    const userData = JSON.parse(decodeURIComponent(cookieNamed(r.cookies, 'userData')!.split(';')[0]!.slice('userData='.length)));
    expect(userData).toMatchObject({ username: 'José', language: 'es-ES', currency_code: 'EUR' });
    expect((await client.call('/api/profile')).json.data).toEqual(p);
    // The next sign-in carries the new preferences.
    const again = await call('/api/signIn', withIp(freshIp(), { body: { jsonSign: { email_id: email, password } } }));
    expect(again.json.result).toMatchObject({ language: 'es-ES', currency_code: 'EUR', nationality: 2, username: 'José' });
  });

  it('accepts every age band of the list and clearing it', async () => {
    const { email, password } = await verifiedAccount();
    const { client } = await signedInClient(email, password);
    for (const band of [...AGE_BANDS, null]) {
      const r = await client.call('/api/profile', { method: 'PUT', body: { travprofile: { age_band: band } } });
      expect(r.status).toBe(200);
      expect(r.json.data.travprofile.age_band).toBe(band);
    }
  });

  it.each([
    [{ title: 'Dr' }, MSG.titleRequired],
    [{ first_name: '' }, MSG.firstNameRequired],
    [{ last_name: 'X<y>' }, MSG.nameCharacters],
    [{ mobile_no: '12-34' }, MSG.mobileDigits],
    [{ nationality: 99999 }, 'Unknown nationality'],
    [{ language: 'zz-ZZ' }, 'Unknown language'],
    [{ currency: 'XXX' }, 'Unknown currency'],
    [{ travprofile: { age_band: '18 to 24' } }, undefined],
    [{ travelpreference: ['Space travel'] }, undefined],
    [{ role: 'agent' }, undefined],
    [{ email: 'other@example.com' }, undefined],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { client } = await signedInClient('demo@example.com', 'Demo1!pass');
    const before = (await client.call('/api/profile')).json.data;
    const r = await client.call('/api/profile', { method: 'PUT', body });
    expect(r.status).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    if (message) expect(r.json.error.issues.map((i: { message: string }) => i.message)).toContain(message);
    expect((await client.call('/api/profile')).json.data).toEqual(before);
  });

  it('401 when signed out', async () => {
    expect((await call('/api/profile', { method: 'PUT', body: { first_name: 'X' } })).status).toBe(401);
  });
});

describe('POST /api/profile/updatePrefCurrLang', () => {
  it('stores the currency and language of the signed-in member', async () => {
    const { email, password } = await verifiedAccount();
    const { client } = await signedInClient(email, password);
    const r = await client.call('/api/profile/updatePrefCurrLang', { body: { currency_code: 'GBP', language: 'fr-FR' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ currency_code: 'GBP', language: 'fr-FR' });
    const only = await client.call('/api/profile/updatePrefCurrLang', { body: { currency_code: 'JPY' } });
    expect(only.json.data).toEqual({ currency_code: 'JPY', language: 'fr-FR' });
    expect((await client.call('/api/auth/checkLogin', { method: 'POST' })).json.result).toMatchObject({ currency_code: 'JPY', language: 'fr-FR' });
  });

  it('401 when signed out; 400 for unknown or malformed codes and for an empty body', async () => {
    expect((await call('/api/profile/updatePrefCurrLang', { body: { currency_code: 'EUR' } })).status).toBe(401);
    const { client } = await signedInClient('demo@example.com', 'Demo1!pass');
    for (const body of [{ currency_code: 'ZZZ' }, { currency_code: 'eur' }, { language: 'xx-XX' }, { language: 'english' }, {}]) {
      const r = await client.call('/api/profile/updatePrefCurrLang', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
    const unknown = await client.call('/api/profile/updatePrefCurrLang', { body: { currency_code: 'ZZZ' } });
    expect(unknown.json.error.issues).toEqual([{ path: 'currency_code', message: 'Unknown currency' }]);
  });

  it("a member of one org cannot read or change a profile through another org's host", async () => {
    const { client, token } = await signedInClient('demo@example.com', 'Demo1!pass');
    expect((await call('/api/profile', { host: ACME, cookie: client.cookie })).status).toBe(401);
    expect((await call('/api/profile/updatePrefCurrLang', { host: ACME, headers: { authorization: `Bearer ${token}` }, body: { currency_code: 'EUR' } })).status).toBe(401);
  });
});

describe('profile wallet summary', () => {
  it('sums cash cards of any currency in US dollars through the exchange rates', async () => {
    const { email, password } = await verifiedAccount();
    await call('/api/dev/wallet/issue', { body: { email, kind: 'cash', amount: 15000, currency: 'JPY' } });
    await call('/api/dev/wallet/issue', { body: { email, kind: 'cash', amount: 25, currency: 'USD' } });
    const rates = (await call('/api/general/getCurrencyRates', { body: { fromCurrency: 'USD', all: true } })).json.roes as { currency: string; rate: number }[];
    const jpy = rates.find((r) => r.currency === 'JPY')!.rate;
    const me = await signedInClient(email, password);
    const { cash } = (await me.client.call('/api/profile')).json.data;
    expect(cash).toBeCloseTo(25 + 15000 / jpy, 2);
  });
});
