// Catalogues and locale (docs/contract.md#catalogues): countries, nationalities, currencies, languages, labels, rates, IP and location.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import {
  countryCatList, countryList, currencyInfo, currencyRate, currencyRates, labelList, nationalityCatList, nationalityList,
} from '../flows/catalogue';
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
} from '../../src/shared/contract/catalogue';
import { access, body, createRoute, empty, json, refusals, RevalidationHeaders, router } from '../http/route';
import { fresh, revalidated } from '../http/kept-reply';
import { requestLanguage } from '../http/language';

type Ctx = Context<AppEnv>;

/** Reference data changes only with a migration (a new deployment): browsers may keep it an hour, the edge a day more. */
const REFERENCE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
/** Labels change with the org's overrides; a browser's copy is revalidated after five minutes. */
const LABELS_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

const labels = (c: Ctx, lang: string) => labelList(c.env.DB, c.get('org'), lang, c.env.SHOW_LABEL_KEYS === '1');

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

// Each list in the request's language (its `lang` query, else its cookie, else the org's).
const countries = (c: Ctx) => countryList(c.env.DB, requestLanguage(c));
const countryCat = (c: Ctx) => countryCatList(c.env.DB, requestLanguage(c));
const nationalityCat = (c: Ctx) => nationalityCatList(c.env.DB, requestLanguage(c));
const nationalities = (c: Ctx) => nationalityList(c.env.DB, requestLanguage(c));
const currencies = (c: Ctx) => currencyInfo(c.env.DB, c.get('org'), requestLanguage(c));

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
  .openapi(routes.currencyInfo.get, async (c) => revalidated<CurrencyInfoReply>(c, await currencies(c), REFERENCE_CACHE))
  .openapi(routes.currencyInfo.post, async (c) => fresh<CurrencyInfoReply>(c, await currencies(c)))
  .openapi(routes.labels, async (c) => revalidated<LabelList>(c, await labels(c, c.req.valid('query').lang), LABELS_CACHE))
  .openapi(routes.labelsPost, async (c) => {
    // The language may come in the query (as for GET) or the body.
    const lang = c.req.valid('query').lang ?? c.req.valid('json').lang ?? 'en-US';
    return fresh<LabelList>(c, await labels(c, lang));
  })
  .openapi(routes.currencyRate, async (c) => {
    const { fromCurrency, toCurrency } = c.req.valid('json');
    return c.json({ roeRate: await currencyRate(c.env.DB, fromCurrency, toCurrency) }, 200);
  })
  .openapi(routes.currencyRates, async (c) => c.json({ roes: await currencyRates(c.env.DB, c.req.valid('json').fromCurrency) }, 200))
  .openapi(routes.ip, (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ip: clientIp((n) => c.req.header(n)) }, 200);
  })
  .openapi(routes.geolocation, async (c) => {
    const cf = (c.req.raw as Request & { cf?: Record<string, unknown> }).cf;
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: { ip: clientIp((n) => c.req.header(n)), ...locationFromCf(cf) } }, 200);
  });
