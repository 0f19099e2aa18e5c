// A product's rooms and rates for a stay and party (GET /api/products/{id}/rates, docs/contract.md#rooms-rates-and-availability):
// every room type that fits every requested room and can be sold for the stay, each with its rate plans cheapest first,
// named in the traveller's language, priced night by night in the asked currency (the nights add up to the total), with
// the plan's cancellation deadline and the signed rate_id the booking brings back.
import { offerIn, offersOfProducts, signRate, type StayAsked } from './rates';
import { fromMinor, type Rates } from '../../src/shared/rules/money';
import { nameIn, nightsOf, type Offer } from '../../src/shared/rules/stay-rates';
import { feePercentAfterDeadline, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import type { ProductRow } from '../db/products';
import { isSupplierProduct, supplierRoomsAndRates, type SupplierReach } from './supplier-rates';

/** A bed bank's hotel is asked of the supplier (functions/flows/supplier-rates.ts); an own hotel's rates are read here. */
export async function roomsAndRates(
  d: SupplierReach,
  product: Pick<ProductRow, 'id' | 'org_id' | 'type' | 'time_zone' | 'source' | 'supplier_code'>,
  stay: StayAsked,
  o: { key: string; currency: string; rates: Rates; language: string; nowMs?: number },
) {
  if (isSupplierProduct(product)) return supplierRoomsAndRates(d, product, stay, o);
  const { db } = d;
  const offers = (await offersOfProducts(db, [product.id], stay)).get(product.id) ?? [];
  const byRoom = new Map<number, Offer[]>();
  for (const offer of offers) byRoom.set(offer.room.room_id, [...(byRoom.get(offer.room.room_id) ?? []), offer]);
  const rooms = await Promise.all(
    [...byRoom.values()].map(async (mine) => {
      const room = mine[0]!.room;
      return {
        room_id: room.room_id,
        code: room.code,
        name: nameIn(room.name, o.language),
        max_adults: room.max_adults,
        max_children: room.max_children,
        units_left: Math.min(...mine.map((m) => m.unitsLeft)),
        rates: await Promise.all(
          mine.map(async (offer) => {
            const priced = offerIn(offer, o.currency, o.rates);
            return {
              rate_id: await signRate(o.key, product.id, offer, stay, o.nowMs),
              rate_plan_id: offer.plan.rate_plan_id,
              name: nameIn(offer.plan.name, o.language),
              board: offer.plan.board,
              refundable: offer.plan.refundable,
              free_cancellation_deadline: rateCancellationDeadline(product.type, offer.plan, stay.checkIn, product.time_zone),
              cancellation_fee_percent: feePercentAfterDeadline(offer.plan),
              total: fromMinor(priced.totalMinor, o.currency),
              currency: o.currency,
              nights: priced.nights.map((n) => ({ date: n.date, price: fromMinor(n.minor, o.currency) })),
            };
          }),
        ),
      };
    }),
  );
  return { nights: nightsOf(stay.checkIn, stay.checkOut).length, rooms };
}
