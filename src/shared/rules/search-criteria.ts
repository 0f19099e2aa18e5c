// What a results page searches for (docs/decisions/0028-real-content-and-steerable-search.md): the criteria read from
// and written to the address, their defaults, and the API query they make; and the product a details page names. The results island and the edge (which
// names a results page's search to the browser with the page) read the same rules, so both ask for the same address.
import { defaultStay, MAX_GUESTS } from './booking-dates';
import { guestsOf, occupancyStrings, parseOccupancy, partyOfGuests, type RoomParty } from './occupancy-party';
import type { ProductType } from './wallet';

export interface Criteria {
  type: ProductType;
  city: string;
  latitude: string;
  longitude: string;
  checkIn: string;
  checkOut: string;
  /** Everyone, for activities (priced per person) and for clients that know no rooms: the party's total elsewhere. */
  guests: number;
  /** Who stays in each room, for hotels, resorts and stays (docs/contract.md#rooms-rates-and-availability). */
  occupancy: RoomParty[];
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
  const stay = defaultStay(type, minCheckinDays, today);
  return { type, city: '', latitude: '', longitude: '', ...stay, occupancy: partyOfGuests(stay.guests), page: 1, sort: '', maxPrice: '', minPrice: '', minRating: '', freeCancellation: '' };
}

/**
 * Criteria from a query string; anything missing keeps the default. The party is `occupancy`, one per room; an address
 * without it (or with one that is not a party) that has `guests=N` is one room of N adults, as it always was.
 */
export function criteriaFromQuery(search: string, fallback: Criteria): Criteria {
  const p = new URLSearchParams(search);
  const type = (p.get('type') ?? '').toUpperCase();
  const guests = Number(p.get('guests'));
  const guestsAsked = Number.isInteger(guests) && guests > 0 ? guests : null;
  const rooms = parseOccupancy(p.getAll('occupancy'));
  const page = Number(p.get('page'));
  return {
    type: (['HLT', 'ACT', 'RST', 'STY'].includes(type) ? type : fallback.type) as ProductType,
    city: p.get('city') ?? fallback.city,
    latitude: p.get('latitude') ?? fallback.latitude,
    longitude: p.get('longitude') ?? fallback.longitude,
    checkIn: p.get('check_in') ?? fallback.checkIn,
    checkOut: p.get('check_out') ?? fallback.checkOut,
    guests: rooms ? guestsOf(rooms) : (guestsAsked ?? fallback.guests),
    occupancy: rooms ?? (guestsAsked ? partyOfGuests(guestsAsked) : fallback.occupancy),
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
  setParty(p, c);
  if (c.page > 1) set('page', c.page);
  set('sort', c.sort);
  set('min_price', c.minPrice);
  set('max_price', c.maxPrice);
  set('min_rating', c.minRating);
  set('free_cancellation', c.freeCancellation);
  for (const [k, v] of Object.entries(extra)) set(k, v);
  return p.toString();
}

/**
 * The party in an address or a query: `occupancy` once per room for hotels, resorts and stays, and `guests`, everyone,
 * which clients that know no rooms read (a party above their limit of MAX_GUESTS goes by its rooms alone).
 */
function setParty(p: URLSearchParams, c: Criteria) {
  const nightly = c.type !== 'ACT';
  const guests = nightly ? guestsOf(c.occupancy) : c.guests;
  if (guests <= MAX_GUESTS) p.set('guests', String(guests));
  if (nightly) for (const room of occupancyStrings(c.occupancy)) p.append('occupancy', room);
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
export const detailsUrl = (c: Criteria, id: number) => `/hotel-details?${paramsOfStay(c, id).toString()}`;
export const checkoutUrl = (c: Criteria, id: number) => `/hotel-checkout?${paramsOfStay(c, id).toString()}`;

/** The product, the stay and the party, as a details page writes its own address and links on to checkout. */
export function paramsOfStay(c: Criteria, id: number): URLSearchParams {
  const p = new URLSearchParams({ id: String(id), check_in: c.checkIn });
  setParty(p, c);
  if (c.type !== 'ACT' && c.checkOut) p.set('check_out', c.checkOut);
  return p;
}
