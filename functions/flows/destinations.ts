// The featured destinations' cards: the lowest total each city's hotel results show for the default stay and party, in
// the visitor's currency, computed as the search computes it (so the card and the results agree to the cent),
// and the first photo of that cheapest hotel (docs/decisions/0032-photographs.md). Read only when a page is dressed, so
// a kept page carries both and a warm view reads nothing (docs/decisions/0025-edge-cache.md).
import { candidatesInCities, cityCards } from '../db/products';
import { galleryPhoto } from './photos';
import { lowestTotalsOf } from './rates';
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

export async function destinationOffers(
  db: D1Database,
  org: { id: number; eligible_products: string; min_checkin_days: number; default_language: string },
  currency: string,
  rates: Rates,
  language = '',
): Promise<Map<string, DestinationOffer>> {
  const out = new Map<string, DestinationOffer>();
  if (!eligibleTypes(org.eligible_products).includes('HLT')) return out;
  const stay = defaultStay('HLT', org.min_checkin_days);
  // The search's own rule (functions/flows/search.ts): the hotels that can house the default party every night of the
  // default stay, each at its lowest total, every night converted; the city's lowest of those is its card's.
  const asked = { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: partyOfGuests(stay.guests) };
  const byCity = await candidatesInCities(db, { orgId: org.id, type: 'HLT', checkIn: stay.checkIn, checkOut: stay.checkOut }, FEATURED_DESTINATIONS.map((d) => d.city));
  const totals = await lowestTotalsOf(db, [...byCity.values()].flat(), asked, currency, rates);
  const cheapest = new Map<string, { id: number; totalMinor: number }>();
  for (const [city, candidates] of byCity) {
    for (const c of candidates) {
      const totalMinor = totals.get(c.id);
      if (totalMinor === undefined) continue;
      const best = cheapest.get(city);
      if (!best || totalMinor < best.totalMinor || (totalMinor === best.totalMinor && c.id < best.id)) cheapest.set(city, { id: c.id, totalMinor });
    }
  }
  const cards = await cityCards(db, [...cheapest.values()].map((c) => c.id), language);
  for (const [city, { id, totalMinor }] of cheapest) {
    const card = cards.get(id);
    // The results page is asked for the city by the name the visitor reads ("Lisbonne"): its heading and search box
    // show it, and the search knows what it stands for (decision 0049).
    const query = new URLSearchParams({ type: 'HLT', city: card?.cityName ?? city, check_in: stay.checkIn, check_out: stay.checkOut, guests: String(stay.guests) });
    out.set(city, {
      totalMinor,
      href: `/search-detail?${query}`,
      photo: card?.photo ? galleryPhoto(card.photo, org.default_language, card.name) : null,
    });
  }
  return out;
}
