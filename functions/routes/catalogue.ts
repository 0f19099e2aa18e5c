// Catalogues and locale (docs/contract.md#catalogues): countries, nationalities, currencies, languages, labels, rates, IP and location.
import { Hono, type Context, type TypedResponse } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { type CountryRow, listCountries, listCurrencies, listLanguages, listNationalities, ratesFromUsd } from '../db/catalogue';
import { labelsFor } from '../db/labels';
import { sha256Hex } from '../lib/crypto';
import { edgeGet, edgePut } from '../lib/edge-cache';
import { crossRate } from '../outside/rates';
import { jsonBody, parseWith, queryOf } from '../validate';
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
  type Country,
  type CountryCat,
  type CurrencyInfo,
  type Nationality,
} from '../../src/shared/contract/catalogue';
import { doc } from '../http/openapi';
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
 * GET answers carry Cache-Control and the ETag and may be 304; POST (the existing client's form) gets the same body.
 * The body is sent as it was serialised and cached; `Reply` (the route's reply schema's type) is what it holds, so the
 * islands' typed client (src/stores/api.ts) reads the route's reply type from the route as for any c.json answer.
 */
async function sendCatalogue<Reply>(c: Ctx, cached: CachedBody, cacheControl: string) {
  if (c.req.method === 'GET') {
    c.header('ETag', cached.etag);
    c.header('Cache-Control', cacheControl);
    // Without `lang` in the address the language came from the cookie (or the org): a browser must not reuse the answer
    // for a page in another language.
    c.header('Vary', c.req.query('lang') ? 'Host' : 'Host, Cookie');
    if (ifNoneMatchHits(c.req.header('if-none-match'), cached.etag)) return c.body(null, 304);
  } else {
    await jsonBody(c, CatalogueRequestSchema);
    c.header('Cache-Control', 'no-store');
  }
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(cached.body) as Response as Response & TypedResponse<Reply, 200, 'json'>;
}

/** A country's name in `language`: the stored English one for en-US, else CLDR's from its code (the table's translation if CLDR has none). */
const countryName = (r: CountryRow, language: Language) => regionName(r.code, language, language === 'fr-FR' ? r.name_fr : language === 'es-ES' ? r.name_es : r.name);

/** The countries with their names in `language`, in that language's alphabetical order ("Türkiye" among the T's). */
const countriesIn = async (db: D1Database, language: Language) =>
  byName((await listCountries(db)).map((r) => ({ ...r, name: countryName(r, language) })), language, (r) => r.name);

// The lists are kept per language (isolate and edge) and a GET answer names its language in the address or varies by
// cookie (see sendCatalogue): a French list is never served to an English page (docs/decisions/0038-country-names.md).
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

/** The language of a catalogue answer: the `lang` query (checked: 400 when unsupported), else as any API answer. */
function catalogueLanguage(c: Ctx): Language {
  parseWith(CatalogueQuerySchema, { lang: c.req.query('lang') });
  return requestLanguage(c);
}

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

export const catalogue = new Hono<AppEnv>()
  .on(['GET', 'POST'], '/general/getCountry', doc({ body: CatalogueRequestSchema, query: CatalogueQuerySchema, reply: CountryListSchema }), async (c) =>
    sendCatalogue<z.infer<typeof CountryListSchema>>(c, await countriesBody(c.env.DB, catalogueLanguage(c)), REFERENCE_CACHE),
  )
  .on(['GET', 'POST'], '/getCountryCat', doc({ body: CatalogueRequestSchema, query: CatalogueQuerySchema, reply: CountryCatListSchema }), async (c) =>
    sendCatalogue(c, await countryCatBody(c.env.DB, catalogueLanguage(c)), REFERENCE_CACHE),
  )
  .on(['GET', 'POST'], '/getNationalityCat', doc({ body: CatalogueRequestSchema, query: CatalogueQuerySchema, reply: NationalityCatListSchema }), async (c) => {
    const language = catalogueLanguage(c);
    return sendCatalogue(c, await once(`nationalityCat|${language}`, async () => ({ data: { data: await nationalityList(c.env.DB, language) } })), REFERENCE_CACHE);
  })
  .on(['GET', 'POST'], '/general/getNationalities', doc({ body: CatalogueRequestSchema, query: CatalogueQuerySchema, reply: NationalityListSchema }), async (c) => {
    const language = catalogueLanguage(c);
    return sendCatalogue<z.infer<typeof NationalityListSchema>>(c, await once(`nationalities|${language}`, async () => ({ data: await nationalityList(c.env.DB, language) })), REFERENCE_CACHE);
  })
  .on(['GET', 'POST'], '/layout/getCurrencyinfo', doc({ body: CatalogueRequestSchema, query: CatalogueQuerySchema, reply: CurrencyInfoSchema }), async (c) =>
    sendCatalogue<z.infer<typeof CurrencyInfoSchema>>(c, await currencyInfoBody(c, catalogueLanguage(c)), REFERENCE_CACHE),
  )
  .get('/general/getLabels', doc({ query: LabelsQuerySchema, reply: LabelListSchema }), async (c) => sendCatalogue<z.infer<typeof LabelListSchema>>(c, await labelsReply(c, queryOf(c, LabelsQuerySchema).lang), LABELS_CACHE))
  .post('/general/getLabels', doc({ body: CatalogueRequestSchema, query: LabelsQuerySchema.partial(), reply: LabelListSchema }), async (c) => {
    // The language may come in the query (as for GET) or the body; the body is read once, here.
    const body = await jsonBody(c, CatalogueRequestSchema);
    const { lang } = parseWith(LabelsQuerySchema, { lang: c.req.query('lang') ?? body.lang });
    const cached = await labelsReply(c, lang);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(cached.body);
  })
  .post('/general/getCurrencyRate', doc({ body: CurrencyRateRequestSchema, reply: CurrencyRateReplySchema }), async (c) => {
    const { fromCurrency, toCurrency } = await jsonBody(c, CurrencyRateRequestSchema);
    return c.json({ roeRate: crossRate(await ratesFromUsd(c.env.DB), fromCurrency, toCurrency) });
  })
  .post('/general/getCurrencyRates', doc({ body: CurrencyRatesRequestSchema, reply: CurrencyRatesReplySchema }), async (c) => {
    const { fromCurrency } = await jsonBody(c, CurrencyRatesRequestSchema);
    const rates = await ratesFromUsd(c.env.DB);
    const roes = Object.keys(rates)
      .sort()
      .map((currency) => ({ currency, rate: crossRate(rates, fromCurrency, currency) }))
      .filter((r): r is { currency: string; rate: number } => r.rate !== null);
    return c.json({ roes });
  })
  .get('/get-ip', doc({ reply: IpReplySchema }), (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ip: clientIp((n) => c.req.header(n)) });
  })
  .post('/general/getGeolocationByIp', doc({ body: CatalogueRequestSchema, reply: GeolocationReplySchema }), async (c) => {
    await jsonBody(c, CatalogueRequestSchema);
    const cf = (c.req.raw as Request & { cf?: Record<string, unknown> }).cf;
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: { ip: clientIp((n) => c.req.header(n)), ...locationFromCf(cf) } });
  });
