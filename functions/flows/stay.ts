// What may be booked: the org's offered product types, the dates it allows, the currency asked for, and the stay a
// booking or an agent's quote names, checked against the product (docs/contract.md#booking).
import type { OrgRow } from '../db/orgs';
import { ratesFromUsd } from '../cache/rates';
import { productById } from '../db/products';
import { badRequest, notFound, refuse } from '../errors';
import { knowsCurrency, type Rates } from '../../src/shared/rules/money';
import { nightsBetween, type ProductType } from '../../src/shared/rules/wallet';
import { eligibleTypes, minCheckInDate, MAX_NIGHTS, addDays } from '../../src/shared/contract/booking';

const TYPE_NAMES: Record<ProductType, string> = { HLT: 'Hotels', ACT: 'Activities', RST: 'Resorts', STY: 'Stays' };

export function requireEligible(org: OrgRow, type: ProductType) {
  if (!eligibleTypes(org.eligible_products).includes(type)) throw notFound(`${TYPE_NAMES[type]} are not offered on this site`);
}

/** The currency asked for, else the org's default; refused (400) when no rate is known for it. */
export async function currencyFor(db: D1Database, org: OrgRow, asked: string | undefined): Promise<{ currency: string; rates: Rates }> {
  const rates = await ratesFromUsd(db);
  const currency = (asked ?? org.default_currency ?? 'USD').toUpperCase();
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

/**
 * The stay a booking or an agent's quote asks for, checked against the org and the product: an offered product, dates
 * the org allows, a check-out after check-in for nightly products (the next day when none is given), a party that fits
 * and dates the product is available on. Refused with a 400 on the first field at fault.
 */
export async function bookableStay(db: D1Database, org: OrgRow, stay: { product_id: number; check_in: string; check_out?: string | null; guests: number }) {
  const product = await productById(db, org.id, stay.product_id);
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
