// Product search and details (docs/contract.md#booking): only the org's eligible types, prices converted to the asked currency.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { OrgRow } from '../db/orgs';
import { ratesFromUsd } from '../db/catalogue';
import { defaultMarkupBps } from '../db/agents';
import { currentUser } from '../auth/session';
import { amenitiesOf, imagesOf, productById, productCities, productsNear, searchProducts, type ProductRow } from '../db/products';
import { badRequest, notFound } from '../errors';
import { queryOf } from '../validate';
import { convertMinor, fromMinor, knowsCurrency, toMinor, type Rates } from '../../src/shared/money';
import { nightsBetween, stayPrice, type ProductType } from '../../src/shared/wallet';
import {
  eligibleTypes, minCheckInDate, MAX_NIGHTS, PAGE_SIZE, ProductIdSchema, ProductQuerySchema, SearchQuerySchema, addDays,
} from '../../src/shared/schemas/booking';
import { DEFAULT_MARKUP_BPS, markupOf, percentOfBps } from '../../src/shared/schemas/agent';
import type { AgentPricing } from '../../src/shared/schemas/booking';
import { z } from 'zod';

const TYPE_NAMES: Record<ProductType, string> = { HLT: 'Hotels', ACT: 'Activities', RST: 'Resorts', STY: 'Stays' };
export const DEFAULT_RADIUS_KM = 50;

export function requireEligible(org: OrgRow, type: ProductType) {
  if (!eligibleTypes(org.eligible_products).includes(type)) throw notFound(`${TYPE_NAMES[type]} are not offered on this site`);
}

/** The currency asked for, else the org's default; refused (400) when no rate is known for it. */
export async function currencyFor(c: Context<AppEnv>, asked: string | undefined): Promise<{ currency: string; rates: Rates }> {
  const rates = await ratesFromUsd(c.env.DB);
  const currency = (asked ?? c.get('org').default_currency ?? 'USD').toUpperCase();
  if (!knowsCurrency(rates, currency)) throw badRequest(`Unknown currency ${currency}`, [{ path: 'currency', message: 'No exchange rate for this currency' }]);
  return { currency, rates };
}

/** Check-in no earlier than today + minCheckinDays, stays no longer than MAX_NIGHTS. */
export function checkDates(org: OrgRow, checkIn: string | undefined, checkOut: string | undefined | null) {
  if (!checkIn) return;
  const earliest = minCheckInDate(org.min_checkin_days);
  if (checkIn < earliest) throw badRequest(`Check-in must be on or after ${earliest}`, [{ path: 'check_in', message: `The earliest check-in is ${earliest}` }]);
  if (checkOut && checkOut > addDays(checkIn, MAX_NIGHTS)) {
    throw badRequest(`A stay may last at most ${MAX_NIGHTS} nights`, [{ path: 'check_out', message: `At most ${MAX_NIGHTS} nights` }]);
  }
}

/** A 400 naming the one field at fault, in the contract's shape. */
export const refuse = (path: string, message: string) => badRequest(message, [{ path, message }]);

/**
 * The stay a booking or an agent's quote asks for, checked against the org and the product: an offered product, dates
 * the org allows, a check-out after check-in for nightly products (the next day when none is given), a party that fits
 * and dates the product is available on. Refused with a 400 on the first field at fault.
 */
export async function bookableStay(c: Context<AppEnv>, stay: { product_id: number; check_in: string; check_out?: string | null; guests: number }) {
  const org = c.get('org');
  const product = await productById(c.env.DB, org.id, stay.product_id);
  if (!product || !eligibleTypes(org.eligible_products).includes(product.type)) throw refuse('product_id', 'No such product');
  checkDates(org, stay.check_in, stay.check_out);
  const nightly = product.price_unit === 'night';
  const checkOut = stay.check_out ?? (nightly ? addDays(stay.check_in, 1) : null);
  if (nightly && checkOut! <= stay.check_in) throw refuse('check_out', 'Check-out must be after check-in');
  if (stay.guests > product.max_guests) throw refuse('guests', `At most ${product.max_guests} guests`);
  if ((product.available_from && stay.check_in < product.available_from) || (product.available_to && (checkOut ?? stay.check_in) > product.available_to)) {
    throw refuse('check_in', 'Not available on these dates');
  }
  return { product, nightly, checkOut, nights: nightly ? nightsBetween(stay.check_in, checkOut) : 1 };
}

const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

export function productSummary(row: ProductRow, currency: string, rates: Rates, stay: { checkIn?: string; checkOut?: string | null; guests?: number }) {
  const nights = stay.checkIn ? nightsBetween(stay.checkIn, stay.checkOut) : 1;
  const guests = stay.guests ?? 1;
  const { unitMinor: unit, priceMinor: total } = stayPrice(row.price_usd_minor, row.type, nights, guests, currency, rates);
  const images = imagesOf(row);
  return {
    product_id: row.id,
    type: row.type,
    name: row.name,
    city: row.city,
    country: row.country,
    price: fromMinor(unit, currency),
    currency,
    price_unit: row.price_unit,
    total_price: fromMinor(total, currency),
    nights: row.price_unit === 'night' ? nights : null,
    guests,
    image: images[0] ?? '',
    rating: row.rating,
    latitude: row.latitude,
    longitude: row.longitude,
    summary: plain(row.description).slice(0, 160),
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

/** Net (the stay's price, as the quote builder prices it) and the agent's sell price with the default markup. */
export function agentPricing(row: ProductRow, currency: string, rates: Rates, stay: { checkIn?: string; checkOut?: string | null; guests?: number }, markupBps: number): AgentPricing {
  const nights = stay.checkIn ? nightsBetween(stay.checkIn, stay.checkOut) : 1;
  const net = stayPrice(row.price_usd_minor, row.type, nights, stay.guests ?? 1, currency, rates).priceMinor;
  return {
    net_price: fromMinor(net, currency),
    sell_price: fromMinor(net + markupOf(net, markupBps), currency),
    markup_percent: percentOfBps(markupBps),
    currency,
  };
}

/** An answer with trade prices depends on the session: never stored by any cache. */
const withAgentPricing = <T extends object>(c: Context<AppEnv>, body: T, markupBps: number | null) => {
  if (markupBps !== null) c.header('Cache-Control', 'private, no-store');
  return body;
};

const CitiesQuery = z.object({
  q: z.string().trim().max(60).optional().default(''),
  type: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined), z.enum(['HLT', 'ACT', 'RST', 'STY']).optional()),
});

export const products = new Hono<AppEnv>()
  .get('/products/search', async (c) => {
    const q = queryOf(c, SearchQuerySchema);
    const org = c.get('org');
    requireEligible(org, q.type);
    checkDates(org, q.check_in, q.check_out);
    const { currency, rates } = await currencyFor(c, q.currency);
    const perPage = q.per_page ?? PAGE_SIZE;
    const page = q.page ?? 1;
    const filter = {
      orgId: org.id,
      type: q.type,
      city: q.latitude === undefined ? q.city : undefined,
      checkIn: q.check_in,
      checkOut: q.check_out ?? undefined,
      guests: q.guests,
      maxPriceUsdMinor: q.max_price === undefined ? undefined : convertMinor(toMinor(q.max_price, currency), currency, 'USD', rates),
    };
    const stay = { checkIn: q.check_in, checkOut: q.check_out, guests: q.guests };
    const markupBps = await agentMarkupBps(c);
    const trade = (row: ProductRow) => (markupBps === null ? {} : { agent_pricing: agentPricing(row, currency, rates, stay, markupBps) });
    if (q.latitude !== undefined && q.longitude !== undefined) {
      const radius = q.radius_km ?? DEFAULT_RADIUS_KM;
      let near = await productsNear(c.env.DB, filter, q.latitude, q.longitude, radius);
      if (q.sort === 'price') near = near.sort((a, b) => a.row.price_usd_minor - b.row.price_usd_minor || a.km - b.km);
      else if (q.sort === '-price') near = near.sort((a, b) => b.row.price_usd_minor - a.row.price_usd_minor || a.km - b.km);
      else if (q.sort === 'rating') near = near.sort((a, b) => b.row.rating - a.row.rating || a.km - b.km);
      const slice = near.slice((page - 1) * perPage, page * perPage);
      return c.json(
        withAgentPricing(c, {
          count: near.length,
          page,
          per_page: perPage,
          data: slice.map(({ row, km }) => ({ ...productSummary(row, currency, rates, stay), distance_km: Math.round(km * 10) / 10, ...trade(row) })),
        }, markupBps),
      );
    }
    const sort = q.sort === 'distance' ? 'rating' : (q.sort ?? 'rating');
    const { rows, count } = await searchProducts(c.env.DB, filter, sort, perPage, (page - 1) * perPage);
    return c.json(withAgentPricing(c, { count, page, per_page: perPage, data: rows.map((row) => ({ ...productSummary(row, currency, rates, stay), ...trade(row) })) }, markupBps));
  })
  .get('/products/cities', async (c) => {
    const q = queryOf(c, CitiesQuery);
    const org = c.get('org');
    const types = q.type ? eligibleTypes(org.eligible_products).filter((t) => t === q.type) : eligibleTypes(org.eligible_products);
    const rows = await productCities(c.env.DB, org.id, types, q.q);
    c.header('Cache-Control', 'private, max-age=60');
    return c.json({ data: rows.map((r) => ({ city: r.city, country: r.country, latitude: Math.round(r.latitude * 1e4) / 1e4, longitude: Math.round(r.longitude * 1e4) / 1e4, products: r.products })) });
  })
  .get('/products/:product_id', async (c) => {
    const parsed = ProductIdSchema.safeParse(c.req.param('product_id'));
    if (!parsed.success) throw notFound('No such product');
    const q = queryOf(c, ProductQuerySchema);
    const org = c.get('org');
    const row = await productById(c.env.DB, org.id, parsed.data);
    if (!row || !eligibleTypes(org.eligible_products).includes(row.type)) throw notFound('No such product');
    const { currency, rates } = await currencyFor(c, q.currency);
    const markupBps = await agentMarkupBps(c);
    return c.json(withAgentPricing(c, {
      data: {
        ...productSummary(row, currency, rates, {}),
        address: row.address,
        images: imagesOf(row),
        description: row.description,
        amenities: amenitiesOf(row),
        max_guests: row.max_guests,
        available_from: row.available_from,
        available_to: row.available_to,
        min_check_in: minCheckInDate(org.min_checkin_days),
        ...(markupBps === null ? {} : { agent_pricing: agentPricing(row, currency, rates, {}, markupBps) }),
      },
    }, markupBps));
  });
