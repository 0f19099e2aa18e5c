// Catalogues and locale (docs/contract.md#catalogues): countries, nationalities, currencies, languages, labels, rates, IP and location.
import type { Context, TypedResponse } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { type CountryRow, listCountries, listCurrencies, listLanguages, listNationalities } from '../db/catalogue';
import { ratesFromUsd } from '../cache/rates';
import { labelsFor } from '../cache/labels';
import { sha256Hex } from '../lib/crypto';
import { edgeGet, edgePut } from '../lib/edge-cache';
import { crossRate } from '../outside/rates';
import { clientIp, locationFromCf } from '../flows/location';
import {
  CatalogueQuerySchema,
  CatalogueRequestSchema,
  CountryCatListSchema,
  CountryListSchema,
  CurrencyInfoSchema,
  CurrencyRateReplySchema,
  CurrencyRatesReplySchema,
  GeolocationReplySchema,
  IpReplySchema,
  LabelListSchema,
  NationalityCatListSchema,
  NationalityListSchema,
  CurrencyRateRequestSchema,
  CurrencyRatesRequestSchema,
  LabelsQuerySchema,
  LabelsRequestSchema,
  type Country,
  type CountryCat,
  type CurrencyInfo,
  type Nationality,
} from '../../src/shared/contract/catalogue';
import { access, body, createRoute, empty, json, refusals, RevalidationHeaders, router } from '../http/route';
import { requestLanguage } from '../http/language';
import { byName, currencyName, regionName } from '../../src/shared/i18n/regions';
import type { Language } from '../../src/shared/i18n/types';

type Ctx = Context<AppEnv>;
interface CachedBody { body: string; etag: string }

/** Reference data changes only with a migration (a new deployment): browsers may keep it an hour, the edge a day more. */
const REFERENCE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
const REFERENCE_EDGE_SECONDS = 3600;
/** Labels change with the org's overrides; a browser's copy is revalidated after five minutes. */
const LABELS_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

async function etagOf(body: string): Promise<string> {
  return `"${(await sha256Hex(body)).slice(0, 32)}"`;
}

// Bodies that depend only on the migrated data are serialized and hashed once per isolate. Only settled values are
// shared: a promise still waiting on one request's D1 call must not be awaited by another (workerd refuses that I/O).
const onceBodies = new Map<string, CachedBody>();
// A new isolate finds them at the edge (an hour: they change only with a deployment's migrations).
async function once(key: string, produce: () => Promise<unknown>): Promise<CachedBody> {
  const hit = onceBodies.get(key) ?? (await edgeGet<CachedBody>(`catalogue/${key}`));
  if (hit) {
    onceBodies.set(key, hit);
    return hit;
  }
  const body = JSON.stringify(await produce());
  const cached = { body, etag: await etagOf(body) };
  await edgePut(`catalogue/${key}`, cached, REFERENCE_EDGE_SECONDS);
  onceBodies.set(key, cached);
  return cached;
}

// Label bodies follow labelsFor's cache: the same labels object gives the same body and ETag.
const labelBodies = new WeakMap<Record<string, string>, CachedBody>();
async function labelsBody(labels: Record<string, string>): Promise<CachedBody> {
  const hit = labelBodies.get(labels);
  if (hit) return hit;
  const body = JSON.stringify({ data: Object.entries(labels).map(([field_name, wl_lang_value]) => ({ field_name, wl_lang_value })) });
  const cached = { body, etag: await etagOf(body) };
  labelBodies.set(labels, cached);
  return cached;
}

function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A GET answer carries Cache-Control and the ETag and may be 304. The body is sent as it was serialised and cached;
 * `Reply` (the route's reply schema's type) is what it holds.
 */
function revalidated<Reply>(c: Ctx, cached: CachedBody, cacheControl: string) {
  c.header('ETag', cached.etag);
  c.header('Cache-Control', cacheControl);
  // Without `lang` in the address the language came from the cookie (or the org): a browser must not reuse the answer
  // for a page in another language.
  c.header('Vary', c.req.query('lang') ? 'Host' : 'Host, Cookie');
  if (ifNoneMatchHits(c.req.header('if-none-match'), cached.etag)) return c.body(null, 304);
  return fresh<Reply>(c, cached, cacheControl);
}

/** A POST (the existing client's form) gets the same body, never cached. */
function fresh<Reply>(c: Ctx, cached: CachedBody, cacheControl = 'no-store') {
  c.header('Cache-Control', cacheControl);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(cached.body, 200) as Response as Response & TypedResponse<Reply, 200, 'json'>;
}

/** A country's name in `language`: the stored English one for en-US, else CLDR's from its code (the table's translation if CLDR has none). */
const countryName = (r: CountryRow, language: Language) => regionName(r.code, language, language === 'fr-FR' ? r.name_fr : language === 'es-ES' ? r.name_es : r.name);

/** The countries with their names in `language`, in that language's alphabetical order ("Türkiye" among the T's). */
const countriesIn = async (db: D1Database, language: Language) =>
  byName((await listCountries(db)).map((r) => ({ ...r, name: countryName(r, language) })), language, (r) => r.name);

// The lists are kept per language (isolate and edge) and a GET answer names its language in the address or varies by
// cookie (see revalidated): a French list is never served to an English page (docs/decisions/0038-country-names.md).
const countriesBody = (db: D1Database, language: Language) =>
  once(`countries|${language}`, async () => ({
    data: (await countriesIn(db, language)).map(
      (r): Country => ({
        countryName: r.name,
        countryId: r.id,
        countryCode: r.code,
        countryFlag: r.flag,
        isdCode: r.isd_code,
        distanceUnit: r.distance_unit,
        tempUnit: r.temp_unit,
        default_country: r.default_country === 1 ? 1 : 0,
      }),
    ),
  }));

const countryCatBody = (db: D1Database, language: Language) =>
  once(`countryCat|${language}`, async () => ({
    data: {
      data: (await countriesIn(db, language)).map(
        (r): CountryCat => ({ countryId: r.id, countryName: r.name, countryCode: r.code, isdCode: r.isd_code, countryFlag: r.flag }),
      ),
    },
  }));

// A nationality is named by its country (the list is keyed by the same ISO codes), in the list's own order.
const nationalityList = async (db: D1Database, language: Language) =>
  (await listNationalities(db)).map(
    (r): Nationality => ({ nationalityId: r.id, nationalityName: regionName(r.code, language, r.name), nationalityCode: r.code }),
  );


const currencyInfoBody = (c: Ctx, language: Language) => {
  const org = c.get('org');
  return once(`currencyInfo|${org.default_currency}|${org.default_language}|${language}`, async () => {
    const [currencies, languages] = await Promise.all([listCurrencies(c.env.DB), listLanguages(c.env.DB)]);
    const data: CurrencyInfo = {
      currencies: currencies.map(({ id, name, code, status, flag }) => ({ id, name: currencyName(code, language, name), code, status, flag })),
      languages: languages.map(({ id, name, code }) => ({ id, name, code })),
      defaultCurrency: org.default_currency || 'USD',
      defaultLanguage: org.default_language || 'en-US',
    };
    return { data };
  });
};

async function labelsReply(c: Ctx, lang: string) {
  const org = c.get('org');
  const labels = await labelsFor(c.env.DB, org.id, lang, c.env.SHOW_LABEL_KEYS === '1', org.version);
  return labelsBody(labels);
}

/**
 * A catalogue list is read both ways: GET (cached, revalidated, may be 304) and POST (the existing client's form, any
 * JSON object as its body, never cached). Both name the list in the `lang` query (400 when unsupported), else in the
 * request's language as any API answer.
 */
function listRoutes<P extends string, S extends z.ZodType>(path: P, summary: string, reply: S) {
  return {
    get: createRoute({
      method: 'get', path, summary, ...access('none'),
      request: { query: CatalogueQuerySchema, headers: RevalidationHeaders },
      responses: { 200: json(reply), 304: empty('Not modified (If-None-Match names the ETag)'), ...refusals },
    }),
    post: createRoute({
      method: 'post', path, summary: `${summary} (the existing client's form: never cached)`, ...access('none'),
      request: { query: CatalogueQuerySchema, body: body(CatalogueRequestSchema) },
      responses: { 200: json(reply), ...refusals },
    }),
  };
}

const routes = {
  countries: listRoutes('/general/getCountry', 'The countries, named in the asked language', CountryListSchema),
  countryCat: listRoutes('/getCountryCat', 'The countries for the phone code picker', CountryCatListSchema),
  nationalityCat: listRoutes('/getNationalityCat', 'The nationalities (wrapped twice, as the existing client reads them)', NationalityCatListSchema),
  nationalities: listRoutes('/general/getNationalities', 'The nationalities, named in the asked language', NationalityListSchema),
  currencyInfo: listRoutes('/layout/getCurrencyinfo', 'The currencies and languages, and the org’s defaults', CurrencyInfoSchema),
  labels: createRoute({
    method: 'get', path: '/general/getLabels', summary: 'The org’s labels in a language (its overrides over the product’s texts)', ...access('none'),
    request: { query: LabelsQuerySchema, headers: RevalidationHeaders },
    responses: { 200: json(LabelListSchema), 304: empty('Not modified (If-None-Match names the ETag)'), ...refusals },
  }),
  labelsPost: createRoute({
    method: 'post', path: '/general/getLabels', summary: 'The org’s labels, the language in the query or the body (never cached)', ...access('none'),
    request: { query: CatalogueQuerySchema, body: body(LabelsRequestSchema) },
    responses: { 200: json(LabelListSchema), ...refusals },
  }),
  currencyRate: createRoute({
    method: 'post', path: '/general/getCurrencyRate', summary: 'Units of one currency per unit of another (null without a rate)', ...access('none'),
    request: { body: body(CurrencyRateRequestSchema) },
    responses: { 200: json(CurrencyRateReplySchema), ...refusals },
  }),
  currencyRates: createRoute({
    method: 'post', path: '/general/getCurrencyRates', summary: 'Every known rate from one currency', ...access('none'),
    request: { body: body(CurrencyRatesRequestSchema) },
    responses: { 200: json(CurrencyRatesReplySchema), ...refusals },
  }),
  ip: createRoute({
    method: 'get', path: '/get-ip', summary: 'The caller’s address', ...access('none'),
    responses: { 200: json(IpReplySchema), ...refusals },
  }),
  geolocation: createRoute({
    method: 'post', path: '/general/getGeolocationByIp', summary: 'The caller’s country and rough position (the United States when unknown)', ...access('none'),
    request: { body: body(CatalogueRequestSchema) },
    responses: { 200: json(GeolocationReplySchema), ...refusals },
  }),
};

const countries = (c: Ctx) => countriesBody(c.env.DB, requestLanguage(c));
const countryCat = (c: Ctx) => countryCatBody(c.env.DB, requestLanguage(c));
const nationalityCat = (c: Ctx) => {
  const language = requestLanguage(c);
  return once(`nationalityCat|${language}`, async () => ({ data: { data: await nationalityList(c.env.DB, language) } }));
};
const nationalities = (c: Ctx) => {
  const language = requestLanguage(c);
  return once(`nationalities|${language}`, async () => ({ data: await nationalityList(c.env.DB, language) }));
};
const currencyInfo = (c: Ctx) => currencyInfoBody(c, requestLanguage(c));

type CountryList = z.infer<typeof CountryListSchema>;
type CountryCatList = z.infer<typeof CountryCatListSchema>;
type NationalityCatList = z.infer<typeof NationalityCatListSchema>;
type NationalityList = z.infer<typeof NationalityListSchema>;
type CurrencyInfoReply = z.infer<typeof CurrencyInfoSchema>;
type LabelList = z.infer<typeof LabelListSchema>;

export const catalogue = router()
  .openapi(routes.countries.get, async (c) => revalidated<CountryList>(c, await countries(c), REFERENCE_CACHE))
  .openapi(routes.countries.post, async (c) => fresh<CountryList>(c, await countries(c)))
  .openapi(routes.countryCat.get, async (c) => revalidated<CountryCatList>(c, await countryCat(c), REFERENCE_CACHE))
  .openapi(routes.countryCat.post, async (c) => fresh<CountryCatList>(c, await countryCat(c)))
  .openapi(routes.nationalityCat.get, async (c) => revalidated<NationalityCatList>(c, await nationalityCat(c), REFERENCE_CACHE))
  .openapi(routes.nationalityCat.post, async (c) => fresh<NationalityCatList>(c, await nationalityCat(c)))
  .openapi(routes.nationalities.get, async (c) => revalidated<NationalityList>(c, await nationalities(c), REFERENCE_CACHE))
  .openapi(routes.nationalities.post, async (c) => fresh<NationalityList>(c, await nationalities(c)))
  .openapi(routes.currencyInfo.get, async (c) => revalidated<CurrencyInfoReply>(c, await currencyInfo(c), REFERENCE_CACHE))
  .openapi(routes.currencyInfo.post, async (c) => fresh<CurrencyInfoReply>(c, await currencyInfo(c)))
  .openapi(routes.labels, async (c) => revalidated<LabelList>(c, await labelsReply(c, c.req.valid('query').lang), LABELS_CACHE))
  .openapi(routes.labelsPost, async (c) => {
    // The language may come in the query (as for GET) or the body.
    const lang = c.req.valid('query').lang ?? c.req.valid('json').lang ?? 'en-US';
    return fresh<LabelList>(c, await labelsReply(c, lang));
  })
  .openapi(routes.currencyRate, async (c) => {
    const { fromCurrency, toCurrency } = c.req.valid('json');
    return c.json({ roeRate: crossRate(await ratesFromUsd(c.env.DB), fromCurrency, toCurrency) }, 200);
  })
  .openapi(routes.currencyRates, async (c) => {
    const { fromCurrency } = c.req.valid('json');
    const rates = await ratesFromUsd(c.env.DB);
    const roes = Object.keys(rates)
      .sort()
      .map((currency) => ({ currency, rate: crossRate(rates, fromCurrency, currency) }))
      .filter((r): r is { currency: string; rate: number } => r.rate !== null);
    return c.json({ roes }, 200);
  })
  .openapi(routes.ip, (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ip: clientIp((n) => c.req.header(n)) }, 200);
  })
  .openapi(routes.geolocation, async (c) => {
    const cf = (c.req.raw as Request & { cf?: Record<string, unknown> }).cf;
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: { ip: clientIp((n) => c.req.header(n)), ...locationFromCf(cf) } }, 200);
  });
