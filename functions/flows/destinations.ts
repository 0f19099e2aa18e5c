// The featured destinations' cards: the lowest total each city's hotel results show for the default stay, in the
// visitor's currency, computed per line as the search computes it (so the card and the results agree to the cent),
// and the first photo of that cheapest hotel (docs/decisions/0032-photographs.md). Read only when a page is dressed, so
// a kept page carries both and a warm view reads nothing (docs/decisions/0025-edge-cache.md).
import { lowestPriceByCity } from '../db/products';
import { galleryPhoto } from './photos';
import { convertMinor, type Rates } from '../../src/shared/rules/money';
import { nightsBetween, stayPrice } from '../../src/shared/rules/wallet';
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
  const lowest = await lowestPriceByCity(
    db,
    { orgId: org.id, type: 'HLT', checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests },
    FEATURED_DESTINATIONS.map((d) => d.city),
    language,
  );
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  for (const [city, cheapest] of lowest) {
    // The results page is asked for the city by the name the visitor reads ("Lisbonne"): its heading and search box
    // show it, and the search knows what it stands for (decision 0049).
    const query = new URLSearchParams({ type: 'HLT', city: cheapest.cityName ?? city, check_in: stay.checkIn, check_out: stay.checkOut, guests: String(stay.guests) });
    out.set(city, {
      totalMinor: stayPrice(cheapest.priceUsdMinor, 'HLT', nights, stay.guests, currency, rates).priceMinor,
      href: `/search-detail?${query}`,
      photo: cheapest.photo ? galleryPhoto(cheapest.photo, org.default_language, cheapest.name) : null,
    });
  }
  return out;
}
