// Catalogues and locale (docs/contract.md#catalogues) against the built Worker on real local D1: shapes, data, caching, bad input.
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { ACME, call, expectErrorShape } from './helpers';
import { runSql } from './gates-db';
import { LABELS, LANGUAGES } from '../../src/shared/i18n';
import {
  CountryCatListSchema,
  CountryListSchema,
  CurrencyInfoSchema,
  LabelListSchema,
  NationalityCatListSchema,
  NationalityListSchema,
} from '../../src/shared/contract/catalogue';

const CATALOGUE_ROUTES = [
  ['/api/general/getCountry', CountryListSchema],
  ['/api/getCountryCat', CountryCatListSchema],
  ['/api/getNationalityCat', NationalityCatListSchema],
  ['/api/general/getNationalities', NationalityListSchema],
  ['/api/layout/getCurrencyinfo', CurrencyInfoSchema],
  ['/api/general/getLabels?lang=en-US', LabelListSchema],
] as const;

const countries = async () => (await call('/api/general/getCountry', { body: {} })).json.data as any[];

describe('countries', () => {
  it('lists about 250 countries from the dataset, each with the contract fields', async () => {
    const r = await call('/api/general/getCountry', { body: {} });
    expect(r.status).toBe(200);
    const list = CountryListSchema.parse(r.json).data;
    expect(list.length).toBeGreaterThanOrEqual(240);
    expect(list.length).toBeLessThanOrEqual(260);
    expect(new Set(list.map((c) => c.countryId)).size).toBe(list.length);
    expect(new Set(list.map((c) => c.countryCode)).size).toBe(list.length);
    for (const c of list) {
      expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(c.isdCode).toMatch(/^\+\d{1,4}(-\d{3})?$/);
      expect(c.countryFlag).toMatch(/^[a-z-]+\.svg$/);
    }
  });

  it('the United States is the only default country and has id 235', async () => {
    const list = await countries();
    const defaults = list.filter((c) => c.default_country === 1);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ countryName: 'United States', countryCode: 'US', countryId: 235, isdCode: '+1', countryFlag: 'us.svg', distanceUnit: 'Miles', tempUnit: 'F' });
  });

  it('Trinidad and Tobago dials +1-868 and several countries share +1, +44 and +7', async () => {
    const list = await countries();
    expect(list.find((c) => c.countryCode === 'TT')).toMatchObject({ countryName: 'Trinidad and Tobago', isdCode: '+1-868' });
    const sharing = (code: string) => list.filter((c) => c.isdCode === code).map((c) => c.countryCode);
    expect(sharing('+1')).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(sharing('+44')).toEqual(expect.arrayContaining(['GB', 'GG', 'JE', 'IM']));
    expect(sharing('+7')).toEqual(expect.arrayContaining(['RU', 'KZ']));
  });

  it('distance and temperature units follow the country', async () => {
    const byCode = new Map((await countries()).map((c) => [c.countryCode, c]));
    expect(byCode.get('GB')).toMatchObject({ distanceUnit: 'Miles', tempUnit: 'C' });
    expect(byCode.get('LR')).toMatchObject({ distanceUnit: 'Miles', tempUnit: 'F' });
    expect(byCode.get('BS')).toMatchObject({ tempUnit: 'F' });
    expect(byCode.get('FR')).toMatchObject({ distanceUnit: 'Km', tempUnit: 'C' });
    expect(byCode.get('CA')).toMatchObject({ distanceUnit: 'Km', tempUnit: 'C' });
  });

  it('the country list stays under 12 KB gzip', async () => {
    const r = await call('/api/general/getCountry');
    expect(gzipSync(r.text).byteLength).toBeLessThan(12 * 1024);
  });

  it('the country catalogue nests the list under data.data with the catalogue fields', async () => {
    const r = await call('/api/getCountryCat', { body: {} });
    const list = CountryCatListSchema.parse(r.json).data.data;
    expect(list.find((c) => c.countryCode === 'US')).toEqual({ countryId: 235, countryName: 'United States', countryCode: 'US', isdCode: '+1', countryFlag: 'us.svg' });
    expect(list.length).toBe((await countries()).length);
  });

  it('every country flag file is served under /flags/ from the build', async () => {
    const flags = [...new Set((await countries()).map((c) => c.countryFlag as string))];
    for (const flag of flags) {
      const r = await call(`/flags/${flag}`);
      expect(r.status, flag).toBe(200);
      expect(r.text, flag).toContain('<svg');
    }
  });
});

describe('nationalities', () => {
  it('both nationality routes list the same entries and id 1 is the United States', async () => {
    const cat = NationalityCatListSchema.parse((await call('/api/getNationalityCat', { body: {} })).json).data.data;
    const plain = NationalityListSchema.parse((await call('/api/general/getNationalities', { body: {} })).json).data;
    expect(plain).toEqual(cat);
    expect(plain[0]).toEqual({ nationalityId: 1, nationalityName: 'United States', nationalityCode: 'US' });
    expect(plain.length).toBeGreaterThanOrEqual(240);
    expect(plain.find((n) => n.nationalityCode === 'FR')?.nationalityName).toBe('France');
  });
});

describe('countries and nationalities in the visitor\'s language (docs/decisions/0038-country-names.md)', () => {
  const NAMES = { 'en-US': ['United States', 'Germany'], 'fr-FR': ['États-Unis', 'Allemagne'], 'es-ES': ['Estados Unidos', 'Alemania'] } as const;
  const routes = (lang: string, opts: Parameters<typeof call>[1] = {}) =>
    Promise.all([
      call(`/api/general/getCountry${lang}`, opts).then((r) => CountryListSchema.parse(r.json).data.map((c) => [c.countryCode, c.countryName] as const)),
      call(`/api/getCountryCat${lang}`, opts).then((r) => CountryCatListSchema.parse(r.json).data.data.map((c) => [c.countryCode, c.countryName] as const)),
      call(`/api/general/getNationalities${lang}`, opts).then((r) => NationalityListSchema.parse(r.json).data.map((n) => [n.nationalityCode, n.nationalityName] as const)),
      call(`/api/getNationalityCat${lang}`, opts).then((r) => NationalityCatListSchema.parse(r.json).data.data.map((n) => [n.nationalityCode, n.nationalityName] as const)),
    ]);

  it('each language names every country and nationality in it, with the same ids, codes and order rules', async () => {
    const english = await routes('?lang=en-US');
    for (const lang of LANGUAGES) {
      const lists = await routes(`?lang=${lang}`);
      for (const [i, list] of lists.entries()) {
        const byCode = new Map(list);
        expect(byCode.get('US'), `${lang} list ${i}`).toBe(NAMES[lang][0]);
        expect(byCode.get('DE'), `${lang} list ${i}`).toBe(NAMES[lang][1]);
        expect(new Set(list.map(([code]) => code)), `${lang} list ${i}`).toEqual(new Set(english[i]!.map(([code]) => code)));
      }
      // Countries are in the language's alphabetical order; nationalities keep theirs (the United States first).
      const names = lists[0]!.map(([, name]) => name);
      expect(names, lang).toEqual([...names].sort(new Intl.Collator(lang).compare));
      expect(lists[2]![0]![0]).toBe('US');
    }
  });

  it('without lang the names follow the lan_code cookie, and the answer varies by cookie; with lang it does not', async () => {
    const [fr] = await routes('', { cookie: 'lan_code=fr-FR' });
    expect(new Map(fr).get('US')).toBe('États-Unis');
    const [none] = await routes('');
    expect(new Map(none).get('US')).toBe('United States');
    expect((await call('/api/general/getCountry')).headers.vary).toMatch(/Cookie/);
    expect((await call('/api/general/getCountry?lang=fr-FR')).headers.vary).not.toMatch(/Cookie/);
  });

  it('each language has its own ETag, and one language\'s ETag never revalidates another\'s answer', async () => {
    for (const path of ['/api/general/getCountry', '/api/getCountryCat', '/api/general/getNationalities', '/api/getNationalityCat']) {
      const tags = new Map<string, string>();
      for (const lang of LANGUAGES) tags.set(lang, (await call(`${path}?lang=${lang}`)).headers.etag as string);
      expect(new Set(tags.values()).size, path).toBe(LANGUAGES.length);
      const fr = await call(`${path}?lang=fr-FR`, { headers: { 'if-none-match': tags.get('en-US')! } });
      expect(fr.status, path).toBe(200);
      expect(fr.headers.etag).toBe(tags.get('fr-FR'));
      // Asked alternately, many at once, each answer stays in its language (the isolate and edge copies are per language).
      const mixed = await Promise.all(Array.from({ length: 30 }, (_, i) => LANGUAGES[i % LANGUAGES.length]!).map(async (lang) => [lang, (await call(`${path}?lang=${lang}`)).headers.etag] as const));
      for (const [lang, etag] of mixed) expect(etag, `${path} ${lang}`).toBe(tags.get(lang));
    }
  });

  it('currency names are in the language too, kept apart per language', async () => {
    const usd = async (lang: string) => CurrencyInfoSchema.parse((await call(`/api/layout/getCurrencyinfo?lang=${lang}`)).json).data.currencies.find((c) => c.code === 'USD')?.name;
    expect(await usd('fr-FR')).toBe('dollar des États-Unis');
    expect(await usd('es-ES')).toBe('dólar estadounidense');
    expect(await usd('en-US')).toBe('United States Dollar');
    expect(await usd('fr-FR')).toBe('dollar des États-Unis');
  });

  it('an unsupported lang gets 400 in the error shape', async () => {
    for (const lang of ['de-DE', 'fr', "fr-FR'--"]) {
      const r = await call(`/api/general/getCountry?lang=${encodeURIComponent(lang)}`);
      expect(r.status, lang).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
  });
});

describe('currencies and languages', () => {
  it('lists the currencies with USD as id 9 "United States Dollar", the three languages and the defaults', async () => {
    const info = CurrencyInfoSchema.parse((await call('/api/layout/getCurrencyinfo', { body: {} })).json).data;
    expect(info.currencies.find((c) => c.code === 'USD')).toEqual({ id: 9, name: 'United States Dollar', code: 'USD', status: 1, flag: 'us.svg' });
    const codes = info.currencies.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'INR', 'MXN']));
    for (const c of info.currencies) expect(c.flag).toMatch(/\.svg$/);
    expect(info.languages.map((l) => [l.code, l.name])).toEqual([
      ['en-US', 'English'],
      ['es-ES', 'Español'],
      ['fr-FR', 'Français'],
    ]);
    expect(info.defaultCurrency).toBe('USD');
    expect(info.defaultLanguage).toBe('en-US');
  });
});

describe('labels', () => {
  it('each supported language lists every bundled label', async () => {
    for (const lang of LANGUAGES) {
      const r = await call(`/api/general/getLabels?lang=${lang}`);
      expect(r.status).toBe(200);
      const entries = LabelListSchema.parse(r.json).data;
      const map = new Map(entries.map((e) => [e.field_name, e.wl_lang_value]));
      expect(map.size).toBe(Object.keys(LABELS).length);
      for (const [key, texts] of Object.entries(LABELS)) expect(map.get(key), `${lang} ${key}`).toBe(texts[lang]);
    }
  });

  it('the catalogue labels are translated', async () => {
    const fr = new Map((await call('/api/general/getLabels?lang=fr-FR')).json.data.map((e: any) => [e.field_name, e.wl_lang_value]));
    expect(fr.get('catalogue.country')).toBe('Pays');
  });

  it('an unknown or malformed language gets 400', async () => {
    for (const lang of ['de-DE', 'english', 'EN-us', '', 'x'.repeat(500), "en-US'--"]) {
      const r = await call(`/api/general/getLabels?lang=${encodeURIComponent(lang)}`);
      expect(r.status, lang).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
  });

  it("an org's label override in D1 replaces the bundled text for that org only", async () => {
    runSql(inject('persistTo'), "INSERT OR REPLACE INTO label_overrides (org_id, lang, field_name, value) VALUES (2, 'fr-FR', 'catalogue.currency', 'Monnaie')");
    // A change made by hand in D1: the org's caches move on as after a console write (a test before may have kept its labels).
    expect((await call('/api/dev/org-changed', { host: ACME, body: {} })).status).toBe(200);
    const text = async (host: string) =>
      new Map((await call('/api/general/getLabels?lang=fr-FR', { host })).json.data.map((e: any) => [e.field_name, e.wl_lang_value])).get('catalogue.currency');
    expect(await text(ACME)).toBe('Monnaie');
    expect(await text('localhost')).toBe('Devise');
  });

  it('without a language the labels are English', async () => {
    const none = await call('/api/general/getLabels');
    const en = await call('/api/general/getLabels?lang=en-US');
    expect(none.status).toBe(200);
    expect(none.text).toBe(en.text);
  });
});

describe('caching of the catalogue routes', () => {
  it('each catalogue answers GET with the POST body, Cache-Control and a strong ETag, and 304 to a matching If-None-Match', async () => {
    for (const [path, schema] of CATALOGUE_ROUTES) {
      const get = await call(path);
      expect(get.status, path).toBe(200);
      schema.parse(get.json);
      expect(get.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(get.headers['cache-control'], path).toMatch(/public, max-age=\d+, stale-while-revalidate=\d+/);
      const etag = get.headers.etag as string;
      expect(etag, path).toMatch(/^"[0-9a-f]{32}"$/);

      const post = await call(path, { body: {} });
      expect(post.status, path).toBe(200);
      expect(post.text, path).toBe(get.text);

      const again = await call(path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);

      const stale = await call(path, { headers: { 'if-none-match': '"0000"' } });
      expect(stale.status, path).toBe(200);
      expect(stale.text).toBe(get.text);
    }
  });

  it('a POST is never answered 304', async () => {
    const get = await call('/api/general/getCountry');
    const post = await call('/api/general/getCountry', { body: {}, headers: { 'if-none-match': get.headers.etag as string } });
    expect(post.status).toBe(200);
  });

  it('labels of different languages have different ETags', async () => {
    const en = await call('/api/general/getLabels?lang=en-US');
    const es = await call('/api/general/getLabels?lang=es-ES');
    expect(en.headers.etag).not.toBe(es.headers.etag);
  });

  it('both orgs get the catalogues', async () => {
    const r = await call('/api/layout/getCurrencyinfo', { host: ACME });
    expect(r.status).toBe(200);
    expect(r.json.data.currencies.length).toBeGreaterThanOrEqual(8);
  });
});

describe('bad input to the catalogue POSTs', () => {
  // The non-JSON content type (415) is the foundation test's: an answer that leaves the body unread makes wrangler dev
  // drop the next request (workers-sdk#15203), so it is not repeated here.
  it('malformed JSON and a non-object body are refused with 400, never 500', async () => {
    for (const [path] of CATALOGUE_ROUTES) {
      const p = path.split('?')[0]!;
      const malformed = await call(p, { rawBody: '{"a":', headers: { 'content-type': 'application/json' } });
      expect(malformed.status, p).toBe(400);
      expectErrorShape(malformed.json, 'BAD_REQUEST');
      const array = await call(p, { body: [1, 2] });
      expect(array.status, p).toBe(400);
      const scalar = await call(p, { body: 'countries' });
      expect(scalar.status, p).toBe(400);
    }
  });

  it('an oversized body gets 413', async () => {
    const r = await call('/api/general/getCountry', { body: { filler: 'x'.repeat(70 * 1024) } });
    expect(r.status).toBe(413);
    expectErrorShape(r.json, 'PAYLOAD_TOO_LARGE');
  });

  it('the catalogue routes refuse other methods', async () => {
    const r = await call('/api/general/getCountry', { method: 'DELETE' });
    expect(r.status).toBe(404);
  });
});

describe('ip and location', () => {
  // wrangler dev sets CF-Connecting-IP itself (127.0.0.1) as the edge does, so the X-Forwarded-For fallback is a unit test.
  it('the IP is the CF-Connecting-IP the edge sets', async () => {
    expect((await call('/api/get-ip', { headers: { 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1' } })).json).toEqual({ ip: '203.0.113.7' });
    expect((await call('/api/get-ip', { headers: { 'cf-connecting-ip': '2001:db8::1' } })).json).toEqual({ ip: '2001:db8::1' });
    expect((await call('/api/get-ip')).json).toEqual({ ip: '127.0.0.1' });
  });

  it('the geolocation answers the caller IP with a country and coordinates', async () => {
    const r = await call('/api/general/getGeolocationByIp', { body: {}, headers: { 'cf-connecting-ip': '203.0.113.9' } });
    expect(r.status).toBe(200);
    expect(r.json.data.ip).toBe('203.0.113.9');
    expect(r.json.data.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(typeof r.json.data.latitude === 'number' || r.json.data.latitude === null).toBe(true);
    const bad = await call('/api/general/getGeolocationByIp', { rawBody: 'nope', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
  });
});
