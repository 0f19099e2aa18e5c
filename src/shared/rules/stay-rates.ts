// What a hotel can sell for a stay (docs/contract.md#rooms-rates-and-availability): for each room type that fits every
// requested room, each rate plan that sells it priced for every night, with the rooms left. One rule for the search
// (its lowest total), the product page's rooms, the rate a traveller books and the channel manager's checks.
import type { RoomParty } from './occupancy';
import { addDays } from './booking-dates';
import type { PlanCancellation } from './cancellation';

export const BOARDS = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;
export type Board = (typeof BOARDS)[number];

/** A name in each language the org writes ("en-US" always). */
export type Names = { 'en-US': string; 'fr-FR'?: string; 'es-ES'?: string };

export interface RoomType {
  room_id: number;
  code: string;
  name: Names;
  max_adults: number;
  max_children: number;
  max_occupancy: number;
  units: number;
}

export interface RatePlan extends PlanCancellation {
  rate_plan_id: number;
  code: string;
  name: Names;
  board: Board;
  base_occupancy: number;
  extra_adult_usd_minor: number;
  child_usd_minor: number;
  child_free_under: number;
  room_ids: number[];
}

/** A room type's night: rooms for sale (null: the type's units), sold, stop sell. */
export interface RoomNight {
  room_id: number;
  night: string;
  units: number | null;
  sold: number;
  stop_sell: number;
}

/** A rate plan's night for one room type. */
export interface RateNight {
  room_id: number;
  rate_plan_id: number;
  night: string;
  price_usd_minor: number | null;
  min_stay: number;
  max_stay: number | null;
  closed_to_arrival: number;
  closed_to_departure: number;
  stop_sell: number;
}

export interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: readonly RoomParty[];
}

/** One sellable room type under one rate plan for the whole stay and every room, in USD minor units. */
export interface Offer {
  room: RoomType;
  plan: RatePlan;
  /** Rooms of the type still for sale on the stay's tightest night. */
  unitsLeft: number;
  totalUsdMinor: number;
  nights: { date: string; usdMinor: number }[];
}

/** The stay's nights, check-in included, check-out not. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (let d = checkIn; d < checkOut && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Does one room's party fit the room type? */
export const fits = (room: Pick<RoomType, 'max_adults' | 'max_children' | 'max_occupancy'>, party: RoomParty) =>
  party.adults <= room.max_adults && party.children.length <= room.max_children && party.adults + party.children.length <= room.max_occupancy;

/** One room's price for one night under the plan: the base price for base_occupancy adults, plus extra adults and paying children. */
export function roomNightPrice(plan: Pick<RatePlan, 'base_occupancy' | 'extra_adult_usd_minor' | 'child_usd_minor' | 'child_free_under'>, priceUsdMinor: number, party: RoomParty): number {
  const extraAdults = Math.max(0, party.adults - plan.base_occupancy);
  const payingChildren = party.children.filter((age) => age >= plan.child_free_under).length;
  return priceUsdMinor + extraAdults * plan.extra_adult_usd_minor + payingChildren * plan.child_usd_minor;
}

/** Rooms of a type for sale on a night, never below 0; a stop-sold night has none. */
export const availableOn = (room: RoomType, night: RoomNight | undefined): number =>
  night?.stop_sell ? 0 : Math.max(0, (night?.units ?? room.units) - (night?.sold ?? 0));

/**
 * Every room type × rate plan that can be sold for the stay and every requested room: each room's party fits the type;
 * every night is priced and not stop-sold (rate or room) with enough rooms for sale; the arrival night's min and max
 * stay are met and it is not closed to arrival; the departure day is not closed to departure. Cheapest first.
 */
export function offersFor(
  rooms: readonly RoomType[],
  plans: readonly RatePlan[],
  roomNights: readonly RoomNight[],
  rateNights: readonly RateNight[],
  stay: Stay,
): Offer[] {
  const nights = nightsOf(stay.checkIn, stay.checkOut);
  if (nights.length === 0 || stay.rooms.length === 0) return [];
  const roomNight = new Map(roomNights.map((n) => [`${n.room_id}|${n.night}`, n]));
  const rateNight = new Map(rateNights.map((n) => [`${n.room_id}|${n.rate_plan_id}|${n.night}`, n]));
  const offers: Offer[] = [];
  for (const room of rooms) {
    if (!stay.rooms.every((party) => fits(room, party))) continue;
    const unitsLeft = Math.min(...nights.map((night) => availableOn(room, roomNight.get(`${room.room_id}|${night}`))));
    if (unitsLeft < stay.rooms.length) continue;
    for (const plan of plans) {
      if (!plan.room_ids.includes(room.room_id)) continue;
      const rows = nights.map((night) => rateNight.get(`${room.room_id}|${plan.rate_plan_id}|${night}`));
      if (!rows.every((r): r is RateNight => !!r && r.price_usd_minor !== null && !r.stop_sell)) continue;
      const arrival = rows[0]!;
      if (arrival.closed_to_arrival || nights.length < arrival.min_stay || (arrival.max_stay !== null && nights.length > arrival.max_stay)) continue;
      if (rateNight.get(`${room.room_id}|${plan.rate_plan_id}|${stay.checkOut}`)?.closed_to_departure) continue;
      const priced = rows.map((r) => ({ date: r.night, usdMinor: stay.rooms.reduce((sum, party) => sum + roomNightPrice(plan, r.price_usd_minor!, party), 0) }));
      offers.push({ room, plan, unitsLeft, totalUsdMinor: priced.reduce((s, n) => s + n.usdMinor, 0), nights: priced });
    }
  }
  return offers.sort((a, b) => a.totalUsdMinor - b.totalUsdMinor || a.room.room_id - b.room.room_id || a.plan.rate_plan_id - b.plan.rate_plan_id);
}

/** A name in the language asked for, else in English. */
export const nameIn = (names: Names, language: string): string => (names as Record<string, string | undefined>)[language] || names['en-US'];
