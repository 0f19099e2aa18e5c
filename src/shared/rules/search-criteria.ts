// What a results page searches for (docs/decisions/0028-real-content-and-steerable-search.md): the criteria read from
// and written to the address, their defaults, and the API query they make; and the product a details page names. The results island and the edge (which
// names a results page's search to the browser with the page) read the same rules, so both ask for the same address.
import { defaultStay } from './booking-dates';
import type { ProductType } from './wallet';

export interface Criteria {
  type: ProductType;
  city: string;
  latitude: string;
  longitude: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  page: number;
  sort: string;
  maxPrice: string;
  minPrice: string;
  /** A star-rating step ('3', '4', '4.5') or '' for any rating. */
  minRating: string;
  /** '1': only stays that can still be cancelled free; '' for any terms. */
  freeCancellation: string;
}

/** Where the results of each type are listed. */
export const RESULTS_PATH: Record<ProductType, string> = { HLT: '/search-detail', RST: '/resorts/search-details', ACT: '/activities', STY: '/stays' };

export function defaultCriteria(type: ProductType, minCheckinDays: number, today?: string): Criteria {
  return { type, city: '', latitude: '', longitude: '', ...defaultStay(type, minCheckinDays, today), page: 1, sort: '', maxPrice: '', minPrice: '', minRating: '', freeCancellation: '' };
}

/** Criteria from a query string; anything missing keeps the default. */
export function criteriaFromQuery(search: string, fallback: Criteria): Criteria {
  const p = new URLSearchParams(search);
  const type = (p.get('type') ?? '').toUpperCase();
  const guests = Number(p.get('guests'));
  const page = Number(p.get('page'));
  return {
    type: (['HLT', 'ACT', 'RST', 'STY'].includes(type) ? type : fallback.type) as ProductType,
    city: p.get('city') ?? fallback.city,
    latitude: p.get('latitude') ?? fallback.latitude,
    longitude: p.get('longitude') ?? fallback.longitude,
    checkIn: p.get('check_in') ?? fallback.checkIn,
    checkOut: p.get('check_out') ?? fallback.checkOut,
    guests: Number.isInteger(guests) && guests > 0 ? guests : fallback.guests,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: p.get('sort') ?? fallback.sort,
    maxPrice: p.get('max_price') ?? fallback.maxPrice,
    minPrice: p.get('min_price') ?? fallback.minPrice,
    minRating: p.get('min_rating') ?? fallback.minRating,
    freeCancellation: p.get('free_cancellation') === '1' ? '1' : fallback.freeCancellation,
  };
}

/**
 * What the results page of `type` at the address `search` searches for: the address over the defaults, the page's own
 * type whatever the address says. The island, the page's early start and the edge's preload all read it here.
 */
export function pageCriteria(type: ProductType, search: string, minCheckinDays: number, today?: string): Criteria {
  return { ...criteriaFromQuery(search, defaultCriteria(type, minCheckinDays, today)), type };
}

/** The query string of the criteria (empty values left out). */
export function queryOf(c: Criteria, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  const set = (k: string, v: string | number) => v !== '' && v !== undefined && p.set(k, String(v));
  set('type', c.type);
  if (c.latitude && c.longitude) {
    set('latitude', c.latitude);
    set('longitude', c.longitude);
  }
  set('city', c.city);
  set('check_in', c.checkIn);
  if (c.type !== 'ACT') set('check_out', c.checkOut);
  set('guests', c.guests);
  if (c.page > 1) set('page', c.page);
  set('sort', c.sort);
  set('min_price', c.minPrice);
  set('max_price', c.maxPrice);
  set('min_rating', c.minRating);
  set('free_cancellation', c.freeCancellation);
  for (const [k, v] of Object.entries(extra)) set(k, v);
  return p.toString();
}

/** The product a details or checkout page's address names (`?id=`): a whole number above 0, else null. */
export function productIdOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The address of the search a results page makes for `c` in `currency`: what the edge names with the page and draws
 * it from, and what the page's script checks an edge drawing against (docs/decisions/0047, 0050).
 */
export const searchCallPath = (c: Criteria, currency: string) => `/api/products/search?${queryOf(c, { currency })}`;

/** A product's details page and its checkout, for the stay the criteria name. */
export const detailsUrl = (c: Criteria, id: number) => `/hotel-details?${new URLSearchParams({ id: String(id), ...paramsOfStay(c) }).toString()}`;
export const checkoutUrl = (c: Criteria, id: number) => `/hotel-checkout?${new URLSearchParams({ id: String(id), ...paramsOfStay(c) }).toString()}`;

function paramsOfStay(c: Criteria): Record<string, string> {
  const out: Record<string, string> = { check_in: c.checkIn, guests: String(c.guests) };
  if (c.type !== 'ACT' && c.checkOut) out.check_out = c.checkOut;
  return out;
}
