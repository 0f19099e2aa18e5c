// Hotels' rates and availability kept in the isolate for pricing (docs/decisions/0059-ari-as-ranges.md): a search
// prices every candidate hotel for a stay never asked before, and reading thousands of hotels' ranges each time would
// cost more than pricing them. What is kept is each product's room types, plans, ranges to come and nights with rooms
// sold (packed numbers), under the product's ARI version, which every change to any of them moves (the migration's
// triggers, bookings' included) and which the search reads with its candidates: a product whose version moved is read
// again, so nothing kept is older than the candidates' own read.
import { ariToPriceOf, ariToPriceStatement, type AriToPrice } from '../db/ari';
import { addDays } from '../../src/shared/rules/booking-dates';

/**
 * The bound: numbers kept over all products' packs (4 bytes each, ~10 a range: ~16 MB), the first kept forgotten first
 * (a search of thousands of hotels would spend more reordering them on every use than an LRU saves).
 */
const MAX_KEPT_NUMBERS = 4_000_000;
const kept = new Map<number, AriToPrice>();
let keptNumbers = 0;

const sizeOf = (a: AriToPrice) => a.pack.length + a.terms.length * 3 + 16;

function keep(id: number, ari: AriToPrice) {
  const before = kept.get(id);
  if (before) {
    keptNumbers -= sizeOf(before);
    kept.delete(id);
  }
  kept.set(id, ari);
  keptNumbers += sizeOf(ari);
  while (keptNumbers > MAX_KEPT_NUMBERS && kept.size > 1) {
    const [oldest, a] = kept.entries().next().value!;
    kept.delete(oldest);
    keptNumbers -= sizeOf(a);
  }
}

export interface Priceable {
  id: number;
  /** The product's ARI version as read with it (products.ari_version). */
  ari_version: number;
}

/**
 * The products' ARI for a stay checking in on `checkIn`: what is kept under the same version is used as it is; the rest
 * is read in one statement (its ranges and rooms sold from the night before today, or before check-in if earlier) and
 * kept. Products that no longer exist are absent.
 */
export async function ariToPrice(db: D1Database, products: readonly Priceable[], checkIn: string): Promise<Map<number, AriToPrice>> {
  const ari = new Map<number, AriToPrice>();
  const missing: number[] = [];
  for (const p of products) {
    const hit = kept.get(p.id);
    if (hit && hit.version === p.ari_version && hit.from <= checkIn) ari.set(p.id, hit);
    else missing.push(p.id);
  }
  if (missing.length === 0) return ari;
  const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
  const from = checkIn < yesterday ? checkIn : yesterday;
  const { results } = await ariToPriceStatement(db, missing, from).all();
  for (const [id, a] of ariToPriceOf((results ?? []) as never[], from)) {
    ari.set(id, a);
    keep(id, a);
  }
  return ari;
}
