// The featured destinations' cards: the lowest total each city's hotel results show for the default stay and party, in
// the visitor's currency, computed as the search computes it (so the card and the results agree to the cent),
// and the first photo of that cheapest hotel (docs/decisions/0032-photographs.md). Read only when a page is dressed, so
// a kept page carries both and a warm view reads nothing (docs/decisions/0025-edge-cache.md). An org's bed bank's hotels
// of the city count too, priced live by the search's own ask (docs/decisions/0077-destination-cards-and-the-bed-bank.md).
import { candidatesInCities, cityCards } from '../db/products';
import { galleryPhoto } from './photos';
import { lowestTotalsOf } from './rates';
import { SUPPLIER_ANSWER_KEPT_SECONDS, supplierPrices, type SupplierAnswer, type SupplierAsk } from './supplier-search';
import type { Rates } from '../../src/shared/rules/money';
import { partyOfGuests } from '../../src/shared/rules/occupancy';
import { defaultStay, eligibleTypes } from '../../src/shared/rules/booking-dates';
import { FEATURED_DESTINATIONS } from '../../src/shared/rules/destinations';
import type { ProductPhoto } from '../../src/shared/contract/photos';

export interface DestinationOffer {
  totalMinor: number;
  href: string;
  /** The photo of the city's cheapest hotel, alt text resolved for every language; null when it has none. */
  photo: ProductPhoto | null;
}

export interface DestinationOffers {
  cards: Map<string, DestinationOffer>;
  /** The bed bank was asked: its prices are the supplier's of the moment, not the org's own (its version moves none of them). */
  live: boolean;
  /** The bed bank failed, was late or could not be asked for some city: that city's card may miss a cheaper hotel. */
  partial: boolean;
}

/**
 * How long a page whose destination cards miss the bed bank's hotels (it failed or was late) is kept at the edge: only a
 * moment, as the home page is the busiest page and a supplier that is down must not make every view of it wait for the
 * budget; the next dressing asks the supplier again.
 */
export const PARTIAL_PAGE_KEPT_SECONDS = 30;

/**
 * How long a page dressed with these cards is kept at the edge (seconds; undefined: the default, until the org's version
 * moves): a moment when they miss the bed bank's hotels, the supplier's answer's life when they are priced with it.
 */
export const pageKeptSeconds = (offers: DestinationOffers | null): number | undefined =>
  offers?.partial ? PARTIAL_PAGE_KEPT_SECONDS : offers?.live ? SUPPLIER_ANSWER_KEPT_SECONDS : undefined;

export async function destinationOffers(
  db: D1Database,
  org: { id: number; eligible_products: string; min_checkin_days: number; default_language: string },
  currency: string,
  rates: Rates,
  language = '',
  supplier: SupplierAsk | null = null,
): Promise<DestinationOffers> {
  const cards = new Map<string, DestinationOffer>();
  if (!eligibleTypes(org.eligible_products).includes('HLT')) return { cards, live: false, partial: false };
  const stay = defaultStay('HLT', org.min_checkin_days);
  // The search's own rule (functions/flows/search.ts): the hotels that can house the default party every night of the
  // default stay, each at its lowest total, every night converted; the city's lowest of those is its card's.
  const asked = { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: partyOfGuests(stay.guests) };
  const cities = FEATURED_DESTINATIONS.map((d) => d.city);
  // The bed bank is asked first, city by city as the results page asks it (the same hotels, stay and party, so the
  // same kept answer: the card's ask warms the results page's), its budget running while the own hotels are priced.
  const nowMs = Date.now();
  const supplied: Promise<SupplierAnswer[]> | null = supplier
    ? Promise.all(
        cities.map((city) =>
          supplierPrices(db, supplier, { orgId: org.id, type: 'HLT', city, checkIn: stay.checkIn, checkOut: stay.checkOut }, undefined, asked, { currency, rates }, nowMs),
        ),
      )
    : null;
  const byCity = await candidatesInCities(db, { orgId: org.id, type: 'HLT', checkIn: stay.checkIn, checkOut: stay.checkOut }, cities);
  const totals = await lowestTotalsOf(db, [...byCity.values()].flat(), asked, currency, rates);
  const cheapest = new Map<string, { id: number; totalMinor: number }>();
  const consider = (city: string, id: number, totalMinor: number) => {
    const best = cheapest.get(city);
    if (!best || totalMinor < best.totalMinor || (totalMinor === best.totalMinor && id < best.id)) cheapest.set(city, { id, totalMinor });
  };
  for (const [city, candidates] of byCity) {
    for (const c of candidates) {
      const totalMinor = totals.get(c.id);
      if (totalMinor !== undefined) consider(city, c.id, totalMinor);
    }
  }
  // supplierPrices never throws and never outlasts the budget: a failed or late city adds nothing and marks the answer.
  const answers = supplied ? await supplied : [];
  for (const [i, answer] of answers.entries()) {
    for (const p of answer.priced) consider(cities[i]!, p.candidate.id, p.totalMinor);
  }
  const found = await cityCards(db, [...cheapest.values()].map((c) => c.id), language);
  for (const [city, { id, totalMinor }] of cheapest) {
    const card = found.get(id);
    // The results page is asked for the city by the name the visitor reads ("Lisbonne"): its heading and search box
    // show it, and the search knows what it stands for (decision 0049).
    const query = new URLSearchParams({ type: 'HLT', city: card?.cityName ?? city, check_in: stay.checkIn, check_out: stay.checkOut, guests: String(stay.guests) });
    cards.set(city, {
      totalMinor,
      href: `/search-detail?${query}`,
      photo: card?.photo ? galleryPhoto(card.photo, org.default_language, card.name) : null,
    });
  }
  return { cards, live: supplier !== null, partial: answers.some((a) => a.partial) };
}
