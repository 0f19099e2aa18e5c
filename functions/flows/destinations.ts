// The "from" price of each featured destination: the lowest total its hotel results show for the default stay, in the
// visitor's currency, computed per line as the search computes it (so the card and the results agree to the cent).
import { lowestPriceByCity } from '../db/products';
import { convertMinor, type Rates } from '../../src/shared/rules/money';
import { nightsBetween, stayPrice } from '../../src/shared/rules/wallet';
import { defaultStay, eligibleTypes } from '../../src/shared/rules/booking-dates';
import { FEATURED_DESTINATIONS } from '../../src/shared/rules/destinations';

export interface DestinationOffer {
  totalMinor: number;
  href: string;
}

export async function destinationOffers(
  db: D1Database,
  org: { id: number; eligible_products: string; min_checkin_days: number },
  currency: string,
  rates: Rates,
): Promise<Map<string, DestinationOffer>> {
  const out = new Map<string, DestinationOffer>();
  if (!eligibleTypes(org.eligible_products).includes('HLT')) return out;
  const stay = defaultStay('HLT', org.min_checkin_days);
  const lowest = await lowestPriceByCity(
    db,
    { orgId: org.id, type: 'HLT', checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests },
    FEATURED_DESTINATIONS.map((d) => d.city),
  );
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  for (const [city, unit] of lowest) {
    const query = new URLSearchParams({ type: 'HLT', city, check_in: stay.checkIn, check_out: stay.checkOut, guests: String(stay.guests) });
    out.set(city, { totalMinor: stayPrice(unit, 'HLT', nights, stay.guests, currency, rates).priceMinor, href: `/search-detail?${query}` });
  }
  return out;
}
