// Product search and details (docs/contract.md#booking): only the org's eligible types, prices converted to the asked currency.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { OrgRow } from '../db/orgs';
import { defaultMarkupBps } from '../db/agents';
import { currentUser } from '../http/session';
import {
  amenitiesOf, cityCentre, facetsOfRows, imagesOf, productById, productCities, productsNear, productZones, searchProducts, type ProductFilter, type ProductRow, type SearchFacets,
} from '../db/products';
import { cityNamed, inLanguage } from '../db/content';
import { requestLanguage } from '../http/language';
import { notFound } from '../errors';
import { checkDates, currencyFor, currencyLikelyTaken, requireEligible } from '../flows/stay';
import { agentPricing, productSummary } from '../flows/pricing';
import { convertMinor, fromMinor, toMinor, type Rates } from '../../src/shared/rules/money';
import { addDays, eligibleTypes, minCheckInDate, PAGE_SIZE, ProductIdSchema, ProductQuerySchema, RatesQuerySchema, RATING_STEPS, SearchQuerySchema } from '../../src/shared/contract/booking';
import { ProductDetailSchema } from '../../src/shared/contract/booking-replies';
import { CitySuggestionsReplySchema, RatesReplySchema, SearchReplySchema } from '../../src/shared/contract/search-replies';
import { partyOfGuests, type RoomParty } from '../../src/shared/rules/occupancy';
import { searchNightly } from '../flows/search';
import { askSupplier } from '../flows/supplier-search';
import { roomsAndRates } from '../flows/room-rates';
import { deps } from '../http/deps';
import { laterAfterReply } from '../http/request';
import { rateKey } from '../flows/rates';
import { DEFAULT_MARKUP_BPS } from '../../src/shared/contract/agent';
import { z } from 'zod';
import { access, createRoute, dataOf, json, refusals, router, unknownInPath } from '../http/route';
import { zonesStillFree } from '../../src/shared/rules/cancellation';
import { productGallery } from '../flows/photos';
import { rememberAnswer } from '../flows/first-answer';
import { currentRates } from '../cache/rates';
import type { ResultPage } from '../../src/shared/rules/search-results';

export const DEFAULT_RADIUS_KM = 50;
/** Farther than any two points on Earth: a city's products sorted by distance are all kept. */
const WHOLE_EARTH_KM = 20_100;

/**
 * The filters' counts as the results page shows them: per rating step, with any rating or any price (what relaxing
 * that filter would give), and the range of unit prices in the asked currency.
 */
function facetsReply(f: SearchFacets, currency: string, rates: Rates) {
  const money = (usdMinor: number | null) => (usdMinor === null ? null : fromMinor(convertMinor(usdMinor, 'USD', currency, rates), currency));
  return {
    rating: f.byRating,
    any_rating: f.anyRating,
    any_price: f.anyPrice,
    free_cancellation: f.freeCancellation,
    any_cancellation: f.anyCancellation,
    price_range: { min: money(f.priceMinUsdMinor), max: money(f.priceMaxUsdMinor) },
  };
}

/**
 * The caller's markup when trade prices are shown to them: a signed-in agent of an org in B2B mode
 * (docs/decisions, b2b mode). Null for everyone else, whose answers stay exactly as they were.
 */
async function agentMarkupBps(c: Context<AppEnv>): Promise<number | null> {
  const org = c.get('org');
  if (org.b2b_mode !== 1) return null;
  const user = await currentUser(c);
  if (!user || user.role !== 'agent') return null;
  return (await defaultMarkupBps(c.env.DB, { orgId: org.id, agentId: user.id })) ?? DEFAULT_MARKUP_BPS;
}

/**
 * A first page's answer to a visitor without trade prices, kept at the edge after it has gone, so a page asking for this
 * same search is drawn with it (decision 0050).
 */
function keepAnswer(c: Context<AppEnv>, markupBps: number | null, answer: ResultPage) {
  // An answer missing a supplier's hotels is not drawn for the next visitors as if it were whole: not kept at all.
  if (answer.page !== 1 || markupBps !== null || !answer.data.length || answer.partial) return;
  const org = c.get('org');
  const url = new URL(c.req.url);
  const language = requestLanguage(c);
  // Written once the reply has left: its JSON and put share the isolate's thread with the reply's bytes.
  laterAfterReply(c, () =>
    currentRates(c.env.DB).then(({ version }) => rememberAnswer({ orgId: org.id, version: org.version, language, ratesVersion: version }, url.pathname + url.search, answer)),
  );
}

/** An answer with trade prices depends on the session: never stored by any cache. */
const withAgentPricing = <T extends object>(c: Context<AppEnv>, body: T, markupBps: number | null) => {
  if (markupBps !== null) c.header('Cache-Control', 'private, no-store');
  return body;
};

const CitiesQuery = z.object({
  q: z.string().trim().max(60).optional().default(''),
  /** The language of the names (the page's; in the address so a browser's cached answer is per language). */
  lang: z.string().max(10).optional(),
  type: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined), z.enum(['HLT', 'ACT', 'RST', 'STY']).optional()),
});

const NO_SUCH_PRODUCT = 'No such product';

/**
 * The stay a nightly search or a product's rates are for: the dates asked (a check-out not after check-in is one night),
 * or the org's earliest check-in for one night; the rooms asked, else `guests` (one room of N adults), else one adult.
 */
function stayAsked(org: OrgRow, q: { check_in?: string; check_out?: string; occupancy?: RoomParty[]; guests?: number }) {
  const checkIn = q.check_in ?? minCheckInDate(org.min_checkin_days);
  const checkOut = q.check_out && q.check_out > checkIn ? q.check_out : addDays(checkIn, 1);
  return { checkIn, checkOut, rooms: q.occupancy ?? partyOfGuests(q.guests ?? 1) };
}

const routes = {
  search: createRoute({
    method: 'get', path: '/products/search', summary: 'The org’s products for a search: one page, its count and the filters’ counts', ...access('optional'),
    request: { query: SearchQuerySchema },
    responses: { 200: json(SearchReplySchema), ...refusals },
  }),
  cities: createRoute({
    method: 'get', path: '/products/cities', summary: 'The cities whose names start with what the visitor typed', ...access('none'),
    request: { query: CitiesQuery },
    responses: { 200: json(CitySuggestionsReplySchema), ...refusals },
  }),
  rates: createRoute({
    method: 'get', path: '/products/{product_id}/rates', summary: 'A hotel’s rooms and rates for a stay and party, each with its signed rate_id', ...access('none'),
    request: { params: z.object({ product_id: ProductIdSchema }), query: RatesQuerySchema },
    responses: { 200: json(RatesReplySchema), ...refusals },
  }),
  product: createRoute({
    method: 'get', path: '/products/{product_id}', summary: 'One product with its prices in the asked currency', ...access('optional'),
    request: { params: z.object({ product_id: ProductIdSchema }), query: ProductQuerySchema },
    responses: { 200: json(dataOf(ProductDetailSchema)), ...refusals },
  }),
};

export const products = router()
  .openapi(routes.search, async (c) => {
    const sinceMs = Date.now();
    const q = c.req.valid('query');
    const org = c.get('org');
    requireEligible(org, q.type);
    checkDates(org, q.check_in, q.check_out);
    const coordinates = q.latitude !== undefined && q.longitude !== undefined;
    // The name a visitor reads may be a translation ("Lisbonne"): the products are stored under their own, and the answer
    // names the place in the visitor's language (`place`, decision 0049). Read beside the currency.
    const naming = coordinates || !q.city ? null : cityNamed(c.env.DB, org.id, q.type, q.city, requestLanguage(c));
    naming?.catch(() => undefined);
    const money = currencyFor(c.env.DB, org, q.currency);
    money.catch(() => undefined);
    // A hotel search of a city or a point also asks the org's bed bank, when one is connected (CONTRACT §18): from this
    // first step, beside the reads below, and within a budget that runs from the search's start (decision 0071).
    const d = deps(c);
    const stayed = stayAsked(org, q);
    const question = q.type === 'HLT' && (coordinates || q.city)
      ? askSupplier(
        { db: d.db, env: d.env, log: d.log, later: d.later, budgetMs: c.env.SUPPLIER_SEARCH_BUDGET_MS, sinceMs },
        {
          filter: { orgId: org.id, type: q.type, city: coordinates ? undefined : q.city, checkIn: q.check_in, checkOut: q.check_out ?? undefined },
          box: coordinates ? { latitude: q.latitude!, longitude: q.longitude!, radiusKm: q.radius_km ?? DEFAULT_RADIUS_KM } : undefined,
          city: naming?.then((named) => named?.city ?? null),
          // Not asked for a search refused for its currency: one this isolate's rates took is not waited for.
          ready: money,
          surelyReady: currencyLikelyTaken(org, q.currency),
          orgVersion: org.version,
        },
        stayed,
        sinceMs,
      )
      : null;
    const { currency, rates } = await money;
    const perPage = q.per_page ?? PAGE_SIZE;
    const page = q.page ?? 1;
    const toUsdMinor = (amount: number | undefined) => (amount === undefined ? undefined : convertMinor(toMinor(amount, currency), currency, 'USD', rates));
    const named = naming ? await naming : null;
    const place = named ? { place: named.name } : {};
    const filter: ProductFilter = {
      orgId: org.id,
      type: q.type,
      city: coordinates ? undefined : (named?.city ?? q.city),
      checkIn: q.check_in,
      checkOut: q.check_out ?? undefined,
      guests: q.guests,
      maxPriceUsdMinor: toUsdMinor(q.max_price),
      minPriceUsdMinor: toUsdMinor(q.min_price),
      minRating: q.min_rating,
    };
    const markupBps = await agentMarkupBps(c);
    if (q.type !== 'ACT') {
      // Hotels, resorts and stays: only what can house the party for every night, priced for the whole stay.
      const coordinatesCentre = coordinates ? { latitude: q.latitude!, longitude: q.longitude! } : null;
      const cityCentreOf = !coordinates && q.sort === 'distance' && q.city ? await cityCentre(c.env.DB, filter) : null;
      const perNight = (amount: number | undefined) => (amount === undefined ? undefined : toMinor(amount, currency));
      const found = await searchNightly(c.env.DB, {
        filter: { ...filter, maxPriceUsdMinor: undefined, minPriceUsdMinor: undefined, minRating: undefined, freeCancellationZones: undefined },
        steers: { minPrice: perNight(q.min_price), maxPrice: perNight(q.max_price), minRating: q.min_rating, zones: q.free_cancellation ? [] : undefined },
        sort: q.sort,
        page,
        perPage,
        stay: stayed,
        currency,
        rates,
        language: requestLanguage(c),
        defaultLanguage: org.default_language,
        near: coordinatesCentre
          ? { ...coordinatesCentre, radiusKm: q.radius_km ?? DEFAULT_RADIUS_KM, byPoint: true }
          : cityCentreOf
            ? { ...cityCentreOf, radiusKm: null, byPoint: false }
            : null,
        freeCancellation: { productType: q.type, nowMs: Date.now() },
        steps: RATING_STEPS,
        markupBps,
        supplier: question,
      });
      const answer = { ...place, count: found.count, ...(found.partial ? { partial: true } : {}), page, per_page: perPage, data: found.data, facets: found.facets };
      keepAnswer(c, markupBps, answer);
      // Missing a supplier's hotels, the answer is not to be kept by any cache either.
      if (found.partial) c.header('Cache-Control', 'private, no-store');
      return c.json(withAgentPricing(c, answer, markupBps), 200);
    }
    // Free cancellation depends on each product's clock: the zones whose deadline for this check-in is still ahead.
    const freeZones = zonesStillFree(q.type, q.check_in ?? minCheckInDate(org.min_checkin_days), await productZones(c.env.DB, filter), Date.now());
    if (q.free_cancellation) filter.freeCancellationZones = freeZones;
    const stay = { checkIn: q.check_in, checkOut: q.check_out, guests: q.guests };
    const trade = (row: ProductRow) => (markupBps === null ? {} : { agent_pricing: agentPricing(row, currency, rates, stay, markupBps) });
    const facetsOut = (f: SearchFacets) => facetsReply(f, currency, rates);
    // Distance is from the searched point, or for a city from the centre of its products.
    const centre = coordinates ? { latitude: q.latitude!, longitude: q.longitude! } : q.sort === 'distance' && q.city ? await cityCentre(c.env.DB, filter) : null;
    if (centre) {
      const radius = coordinates ? (q.radius_km ?? DEFAULT_RADIUS_KM) : WHOLE_EARTH_KM;
      let { near, all } = await productsNear(c.env.DB, filter, centre.latitude, centre.longitude, radius);
      if (q.sort === 'price') near = near.sort((a, b) => a.row.price_usd_minor - b.row.price_usd_minor || a.km - b.km);
      else if (q.sort === '-price') near = near.sort((a, b) => b.row.price_usd_minor - a.row.price_usd_minor || a.km - b.km);
      else if (q.sort === 'rating') near = near.sort((a, b) => b.row.rating - a.row.rating || a.km - b.km);
      const slice = near.slice((page - 1) * perPage, page * perPage);
      const shown = await inLanguage(c.env.DB, slice.map(({ row }) => row), requestLanguage(c), org.default_language);
      const data = slice.map(({ km }, i) => ({ ...productSummary(shown[i]!, currency, rates, stay), distance_km: Math.round(km * 10) / 10, ...trade(shown[i]!) }));
      const answer = { ...place, count: near.length, page, per_page: perPage, data, facets: facetsOut(facetsOfRows(filter, all, RATING_STEPS, freeZones)) };
      keepAnswer(c, markupBps, answer);
      return c.json(withAgentPricing(c, answer, markupBps), 200);
    }
    const sort = q.sort === 'distance' ? 'rating' : (q.sort ?? 'rating');
    const found = await searchProducts(c.env.DB, filter, sort, perPage, (page - 1) * perPage, RATING_STEPS, freeZones);
    const { count, facets } = found;
    const rows = await inLanguage(c.env.DB, found.rows, requestLanguage(c), org.default_language);
    const data = rows.map((row) => ({ ...productSummary(row, currency, rates, stay), ...trade(row) }));
    const answer = { ...place, count, page, per_page: perPage, data, facets: facetsOut(facets) };
    keepAnswer(c, markupBps, answer);
    return c.json(withAgentPricing(c, answer, markupBps), 200);
  })
  .openapi(routes.cities, async (c) => {
    const q = c.req.valid('query');
    const org = c.get('org');
    const types = q.type ? eligibleTypes(org.eligible_products).filter((t) => t === q.type) : eligibleTypes(org.eligible_products);
    const rows = await productCities(c.env.DB, org.id, types, q.q, requestLanguage(c));
    c.header('Cache-Control', 'private, max-age=60');
    // `city` is the name the visitor reads and searches by (the search knows a translated name: decision 0049).
    return c.json({ data: rows.map((r) => ({ city: r.name ?? r.city, country: r.country, latitude: Math.round(r.latitude * 1e4) / 1e4, longitude: Math.round(r.longitude * 1e4) / 1e4, products: r.products })) }, 200);
  })
  .openapi(
    routes.rates,
    async (c) => {
      const { product_id } = c.req.valid('param');
      const q = c.req.valid('query');
      const org = c.get('org');
      const product = await productById(c.env.DB, org.id, product_id);
      if (!product || !eligibleTypes(org.eligible_products).includes(product.type) || product.price_unit !== 'night') throw notFound(NO_SUCH_PRODUCT);
      checkDates(org, q.check_in, q.check_out);
      const { currency, rates } = await currencyFor(c.env.DB, org, q.currency);
      const data = await roomsAndRates(deps(c), product, stayAsked(org, q), { key: rateKey(c.env), currency, rates, language: requestLanguage(c) });
      // Each rate_id is signed for this request and lives 30 minutes: no cache keeps the answer.
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data }, 200);
    },
    unknownInPath({ product_id: NO_SUCH_PRODUCT }),
  )
  .openapi(
    routes.product,
    async (c) => {
      const { product_id } = c.req.valid('param');
      const q = c.req.valid('query');
      const org = c.get('org');
      const stored = await productById(c.env.DB, org.id, product_id);
      if (!stored || !eligibleTypes(org.eligible_products).includes(stored.type)) throw notFound(NO_SUCH_PRODUCT);
      const [row] = await inLanguage(c.env.DB, [stored], requestLanguage(c), org.default_language);
      if (!row) throw notFound(NO_SUCH_PRODUCT);
      const { currency, rates } = await currencyFor(c.env.DB, org, q.currency);
      const markupBps = await agentMarkupBps(c);
      return c.json(withAgentPricing(c, {
        data: {
          ...productSummary(row, currency, rates, {}),
          address: row.address,
          images: imagesOf(row),
          photos: await productGallery(c.env.DB, org, row),
          description: row.description,
          amenities: amenitiesOf(row),
          max_guests: row.max_guests,
          available_from: row.available_from,
          available_to: row.available_to,
          min_check_in: minCheckInDate(org.min_checkin_days),
          ...(markupBps === null ? {} : { agent_pricing: agentPricing(row, currency, rates, {}, markupBps) }),
        },
      }, markupBps), 200);
    },
    unknownInPath({ product_id: NO_SUCH_PRODUCT }),
  );
