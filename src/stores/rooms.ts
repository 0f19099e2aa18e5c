// A hotel's rooms and rates for the stay and party on its page (GET /api/products/{id}/rates,
// docs/contract.md#rooms-rates-and-availability): the rooms that fit, their rates with each night's price and the signed
// rate_id the checkout books.
import { request, type ApiReply } from './api';
import { $language } from './labels';
import { occupancyStrings, type RoomParty } from '../shared/rules/occupancy-party';

export type RoomsAndRates = ApiReply<'/api/products/:product_id/rates', '$get'>['data'];
export type RoomOffer = RoomsAndRates['rooms'][number];
export type RoomRate = RoomOffer['rates'][number];

/** The rooms and rates of a product for a stay and party, priced in `currency`, named in the page's language. */
export async function loadRoomRates(productId: number, stay: { checkIn: string; checkOut: string; occupancy: readonly RoomParty[] }, currency: string, signal?: AbortSignal): Promise<RoomsAndRates> {
  const query = new URLSearchParams({ check_in: stay.checkIn, check_out: stay.checkOut, currency, lang: $language.get() });
  for (const room of occupancyStrings(stay.occupancy)) query.append('occupancy', room);
  return (await request('$get', '/api/products/:product_id/rates', { param: { product_id: productId }, query, signal })).data;
}
