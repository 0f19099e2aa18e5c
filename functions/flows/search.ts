// The search of hotels, resorts and stays (docs/contract.md#rooms-rates-and-availability): only what can house every
// requested room with a sellable rate for every night of the stay, each priced at its lowest total for the whole stay
// and every room. One statement finds the candidates (city or point, type, availability dates), one batch reads their
// rooms, rates and nights, and the steering (price per night, stars, free cancellation by each rate plan's terms), sorting, counts, filters'
// counts and the page are worked out here; only the page's own rows are read in full afterwards. The org's bed bank, when
// connected, adds its hotels of the place priced live (supplier-search.ts) to the same list before all that.
import { facetsOfItems, productsByIds, searchCandidates, steered, distanceKm, type ProductFilter, type Steers } from '../db/products';
import { inLanguage } from '../db/content';
import { lowestTotalsAndFreeOf, type FreeCancellationAsk, type StayAsked } from './rates';
import { stayItem, totalAgentPricing } from './pricing';
import { fromMinor, type Rates } from '../../src/shared/rules/money';
import { nightsOf } from '../../src/shared/rules/stay-rates';
import { pricedAnswer, type SupplierQuestion } from './supplier-search';
import type { SupplierCandidate } from '../db/products';

export interface NightlySearch {
  filter: ProductFilter;
  /** Prices per night in minor units of `currency`. */
  steers: Steers;
  sort: string | undefined;
  page: number;
  perPage: number;
  stay: StayAsked;
  currency: string;
  rates: Rates;
  language: string;
  defaultLanguage: string;
  /** The searched point and how far around it, or for a city sorted by distance its centre (then no radius). */
  near: { latitude: number; longitude: number; radiusKm: number | null; byPoint: boolean } | null;
  /** The product type and the moment, for each offer's free-cancellation deadline (its rate plan's terms, or the type's rule). */
  freeCancellation: FreeCancellationAsk;
  steps: readonly number[];
  /** An agent's markup when trade prices are shown, else null. */
  markupBps: number | null;
  /** The org's bed bank, asked about the place's hotels beside the org's own (a city or point search of hotels), else null. */
  supplier: SupplierQuestion | null;
}

/**
 * A candidate priced for the stay: its cheapest offer's total and its share of a night, in the asked currency (with the
 * free-cancellation filter on, its cheapest offer that still cancels free, when it has one).
 */
interface Priced {
  id: number;
  rating: number;
  time_zone: string;
  km: number | null;
  totalMinor: number;
  price: number;
  cancellable: boolean;
  /** When the priced offer's free cancellation ends: its rate plan's terms (an own hotel's) or the supplier's. */
  freeUntil?: string | null;
  /** Read for a search by name. */
  name?: string;
}

export async function searchNightly(db: D1Database, s: NightlySearch) {
  const box = s.near?.byPoint && s.near.radiusKm !== null ? { latitude: s.near.latitude, longitude: s.near.longitude, radiusKm: s.near.radiusKm } : undefined;
  // The org's own hotels are found and priced once the supplier has been asked (or no call is to be made): they share
  // this isolate's one thread, and done first they would delay the call and so the answer; done while the supplier
  // answers, they cost nothing. The hotels asked about are known then: the page they will most likely fill is read meanwhile.
  const askedAbout = s.supplier ? await s.supplier.asked : null;
  const supplied = askedAbout === null ? null : s.supplier!.answer;
  const candidates = await searchCandidates(db, s.filter, s.sort ?? '', box);
  // A popular city's thousands of candidates: each kept small (what pricing, steering and sorting read).
  const inReach: { id: number; ari_version: number; rating: number; time_zone: string; km: number | null; name?: string }[] = [];
  for (const c of candidates) {
    const km = s.near ? distanceKm(s.near.latitude, s.near.longitude, c.latitude, c.longitude) : null;
    if (!box || km! <= box.radiusKm) inReach.push({ id: c.id, ari_version: c.ari_version, rating: c.rating, time_zone: c.time_zone, km, name: c.name });
  }
  const totals = await lowestTotalsAndFreeOf(db, inReach, s.stay, s.currency, s.rates, s.freeCancellation);
  const nights = nightsOf(s.stay.checkIn, s.stay.checkOut).length;
  const onlyFree = s.steers.zones !== undefined;
  const sellable: Priced[] = [];
  for (const c of inReach) {
    // The lowest total in the asked currency (each night converted, the total their sum, as the rates reply shows it).
    const t = totals.get(c.id);
    if (t === undefined) continue;
    const shownFree = onlyFree && t.free !== null;
    const totalMinor = shownFree ? t.free! : t.total;
    // The card says the terms of the rate whose price it shows (its plan's own, else the type's rule).
    const freeUntil = shownFree ? t.freeDeadline : t.deadline;
    sellable.push({
      id: c.id, rating: c.rating, time_zone: c.time_zone, km: c.km, totalMinor, price: perNightMinor(totalMinor, nights), cancellable: t.free !== null, name: c.name,
      ...(freeUntil !== undefined ? { freeUntil } : {}),
    });
  }
  // Each item says whether it cancels free (its rate plans' terms): the zones' rule is not asked.
  const steers = { ...s.steers, zones: onlyFree ? [] : undefined };
  const rowsOf = async (ids: readonly number[]) => inLanguage(db, await productsByIds(db, s.filter.orgId, ids), s.language, s.defaultLanguage);
  const pageOf = async (list: readonly Priced[], ahead?: Promise<ReadAhead>) => {
    const shown = list.filter((p) => steered(p, steers));
    sortPriced(shown, s.sort, s.near);
    const slice = shown.slice((s.page - 1) * s.perPage, s.page * s.perPage);
    const ids = slice.map((p) => p.id);
    const read = ahead ? await ahead.catch(() => null) : null;
    const missing = read ? ids.filter((id) => !read.asked.has(id)) : ids;
    const byId = new Map((read?.rows ?? []).map((row) => [row.id, row]));
    for (const row of missing.length ? await rowsOf(missing) : []) byId.set(row.id, row);
    return { shown, slice, rows: ids.flatMap((id) => byId.get(id) ?? []) };
  };
  // While the supplier is awaited, the page of the own hotels alone is read: it is the answer when the supplier lists
  // none (late, failed, or nothing to sell), so a late supplier costs the budget and not the budget plus these reads.
  const ownPage = supplied ? pageOf([...sellable]) : null;
  ownPage?.catch(() => undefined);
  // And, where the order does not hang on the supplier's prices, the rows of the page the merged list will most likely
  // show: read now, not after the supplier's answer (a row the answer moves onto the page is read then).
  const ahead = askedAbout?.length ? likelyPage(sellable, askedAbout, s, steers) : null;
  const readAhead = ahead ? rowsOf(ahead).then((rows) => ({ asked: new Set(ahead), rows })) : undefined;
  readAhead?.catch(() => undefined);
  const net = supplied ? await supplied : null;
  const fromSupplier = net ? pricedAnswer(net, { currency: s.currency, rates: s.rates }, s.freeCancellation.nowMs) : null;
  for (const { candidate: c, totalMinor: total, free } of fromSupplier?.priced ?? []) {
    const km = s.near ? distanceKm(s.near.latitude, s.near.longitude, c.latitude, c.longitude) : null;
    if (box && km! > box.radiusKm) continue;
    const totalMinor = onlyFree && free ? free.totalMinor : total;
    sellable.push({ id: c.id, rating: c.rating, time_zone: c.time_zone, km, totalMinor, price: perNightMinor(totalMinor, nights), cancellable: free !== null, freeUntil: free?.until ?? null, name: c.name });
  }
  // By name, the own hotels came in the database's order: the supplier's are merged in by the same rule (NOCASE).
  if (s.sort === 'name' && fromSupplier?.priced.length) sellable.sort((a, b) => byNoCase(a.name ?? '', b.name ?? '') || a.id - b.id);
  const { shown, slice, rows } = ownPage && !fromSupplier?.priced.length ? await ownPage : await pageOf(sellable, readAhead);
  const byId = new Map(slice.map((p) => [p.id, p]));
  const guests = { checkIn: s.stay.checkIn, checkOut: s.stay.checkOut, rooms: s.stay.rooms };
  const data = rows.map((row) => {
    const p = byId.get(row.id)!;
    return {
      ...stayItem(row, p.totalMinor, nights, s.currency, s.rates, guests),
      ...(p.freeUntil !== undefined ? { free_cancellation_deadline: p.freeUntil } : {}),
      ...(p.km !== null ? { distance_km: Math.round(p.km * 10) / 10 } : {}),
      ...(s.markupBps === null ? {} : { agent_pricing: totalAgentPricing(p.totalMinor, s.currency, s.markupBps) }),
    };
  });
  const f = facetsOfItems(sellable, steers, s.steps, []);
  const money = (minor: number | null) => (minor === null ? null : fromMinor(minor, s.currency));
  return {
    count: shown.length,
    ...(fromSupplier?.partial ? { partial: true as const } : {}),
    data,
    facets: {
      rating: f.byRating,
      any_rating: f.anyRating,
      any_price: f.anyPrice,
      free_cancellation: f.freeCancellation,
      any_cancellation: f.anyCancellation,
      price_range: { min: money(f.priceMin), max: money(f.priceMax) },
    },
  };
}

/** Rows read ahead of the supplier's answer, and every id asked (a row not found is not asked again). */
interface ReadAhead {
  asked: ReadonlySet<number>;
  rows: Awaited<ReturnType<typeof productsByIds>>;
}

/**
 * The ids the asked page most likely shows once the supplier answers, for an order that is not by price: the own
 * hotels the steers keep and every supplier hotel asked about (which it sells is not known yet), in the page's order,
 * from the page's first place to a page beyond its last (room for the supplier's hotels it does not sell). Null when the
 * order hangs on the prices.
 */
function likelyPage(own: readonly Priced[], asked: readonly SupplierCandidate[], s: NightlySearch, steers: Steers): number[] | null {
  if (s.sort === 'price' || s.sort === '-price') return null;
  const items: Priced[] = own.filter((p) => steered(p, steers));
  for (const c of asked) {
    const km = s.near ? distanceKm(s.near.latitude, s.near.longitude, c.latitude, c.longitude) : null;
    items.push({ id: c.id, rating: c.rating, time_zone: c.time_zone, km, totalMinor: 0, price: 0, cancellable: false, name: c.name });
  }
  if (s.sort === 'name') items.sort((a, b) => byNoCase(a.name ?? '', b.name ?? '') || a.id - b.id);
  else sortPriced(items, s.sort, s.near);
  return items.slice((s.page - 1) * s.perPage, (s.page + 1) * s.perPage).map((p) => p.id);
}

/** SQLite's NOCASE order: ASCII letters folded, every other character by its code. */
const foldAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const byNoCase = (a: string, b: string) => {
  const x = foldAscii(a);
  const y = foldAscii(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** A stay's total shared over its nights, to the minor unit (half up). */
export const perNightMinor = (totalMinor: number, nights: number) => Math.round(totalMinor / Math.max(1, nights));

/**
 * The order the search asks for: by price per night (either way), by stars, by name (as the candidates came), by distance
 * from the point or the city's centre; around a point the nearest first otherwise; ties by distance there, else by id.
 */
function sortPriced(items: Priced[], sort: string | undefined, near: NightlySearch['near']) {
  const tie = (a: Priced, b: Priced) => (near?.byPoint ? a.km! - b.km! : 0) || a.id - b.id;
  if (sort === 'price') items.sort((a, b) => a.price - b.price || a.totalMinor - b.totalMinor || tie(a, b));
  else if (sort === '-price') items.sort((a, b) => b.price - a.price || b.totalMinor - a.totalMinor || tie(a, b));
  else if (sort === 'rating') items.sort((a, b) => b.rating - a.rating || tie(a, b));
  else if (near && (near.byPoint || sort === 'distance')) items.sort((a, b) => a.km! - b.km! || a.id - b.id);
  else if (sort !== 'name') items.sort((a, b) => b.rating - a.rating || a.id - b.id);
}
