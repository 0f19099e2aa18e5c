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

/** The last stay's nights, kept: pricing thousands of hotels for one stay works them out once (never changed). */
let lastStay: { checkIn: string; checkOut: string; nights: readonly string[] } | null = null;
function stayNights(checkIn: string, checkOut: string): readonly string[] {
  if (lastStay?.checkIn !== checkIn || lastStay.checkOut !== checkOut) lastStay = { checkIn, checkOut, nights: nightsOf(checkIn, checkOut) };
  return lastStay.nights;
}

/** Does one room's party fit the room type? */
export const fits = (room: Pick<RoomType, 'max_adults' | 'max_children' | 'max_occupancy'>, party: RoomParty) =>
  party.adults <= room.max_adults && party.children.length <= room.max_children && party.adults + party.children.length <= room.max_occupancy;

/** One room's price for one night under the plan: the base price for base_occupancy adults, plus extra adults and paying children. */
export function roomNightPrice(plan: Pick<RatePlan, 'base_occupancy' | 'extra_adult_usd_minor' | 'child_usd_minor' | 'child_free_under'>, priceUsdMinor: number, party: RoomParty): number {
  const extraAdults = Math.max(0, party.adults - plan.base_occupancy);
  let payingChildren = 0;
  for (const age of party.children) if (age >= plan.child_free_under) payingChildren++;
  return priceUsdMinor + extraAdults * plan.extra_adult_usd_minor + payingChildren * plan.child_usd_minor;
}

/** Rooms of a type for sale on a night, never below 0; a stop-sold night has none. */
export const availableOn = (room: RoomType, night: RoomNight | undefined): number =>
  night?.stop_sell ? 0 : Math.max(0, (night?.units ?? room.units) - (night?.sold ?? 0));

/** Rate nights by room type, then rate plan, then place in the stay (0: check-in … the stay's length: check-out). */
export type RateRows = Map<number, Map<number, (RateNight | undefined)[]>>;
/** Room nights by room type, then place in the stay (undefined: the type's units, nothing sold, selling). */
export type RoomRows = Map<number, (RoomNight | undefined)[]>;

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
  const nights = stayNights(stay.checkIn, stay.checkOut);
  if (nights.length === 0 || stay.rooms.length === 0) return [];
  // Each night's place in the stay (check-out last, for its closed-to-departure).
  const at = new Map<string, number>();
  nights.forEach((night, i) => at.set(night, i));
  at.set(stay.checkOut, nights.length);
  const roomRows: RoomRows = new Map();
  for (const n of roomNights) {
    const i = at.get(n.night);
    if (i === undefined || i === nights.length) continue;
    let row = roomRows.get(n.room_id);
    if (!row) roomRows.set(n.room_id, (row = []));
    row[i] = n;
  }
  const rateRows: RateRows = new Map();
  for (const n of rateNights) {
    const i = at.get(n.night);
    if (i === undefined) continue;
    let byPlan = rateRows.get(n.room_id);
    if (!byPlan) rateRows.set(n.room_id, (byPlan = new Map()));
    let row = byPlan.get(n.rate_plan_id);
    if (!row) byPlan.set(n.rate_plan_id, (row = []));
    row[i] = n;
  }
  return offersOfRows(rooms, plans, roomRows, rateRows, stay);
}

const cheapestFirst = (a: Offer, b: Offer) => a.totalUsdMinor - b.totalUsdMinor || a.room.room_id - b.room.room_id || a.plan.rate_plan_id - b.plan.rate_plan_id;

/** offersFor over nights already placed in the stay. */
function offersOfRows(rooms: readonly RoomType[], plans: readonly RatePlan[], roomRows: RoomRows, rateRows: RateRows, stay: Stay): Offer[] {
  const nights = stayNights(stay.checkIn, stay.checkOut);
  const n = nights.length;
  const parties = stay.rooms;
  if (n === 0 || parties.length === 0) return [];
  const offers: Offer[] = [];
  for (const room of rooms) {
    if (!parties.every((party) => fits(room, party))) continue;
    const byPlan = rateRows.get(room.room_id);
    if (!byPlan) continue;
    const roomRow = roomRows.get(room.room_id);
    let unitsLeft = Infinity;
    for (let i = 0; i < n; i++) unitsLeft = Math.min(unitsLeft, availableOn(room, roomRow?.[i]));
    if (unitsLeft < parties.length) continue;
    for (const plan of plans) {
      const row = byPlan.get(plan.rate_plan_id);
      if (!row || !plan.room_ids.includes(room.room_id)) continue;
      let sellable = true;
      for (let i = 0; i < n && sellable; i++) {
        const r = row[i];
        sellable = !!r && r.price_usd_minor !== null && !r.stop_sell;
      }
      if (!sellable) continue;
      const arrival = row[0]!;
      if (arrival.closed_to_arrival || n < arrival.min_stay || (arrival.max_stay !== null && n > arrival.max_stay)) continue;
      if (row[n]?.closed_to_departure) continue;
      const priced: { date: string; usdMinor: number }[] = new Array(n);
      let total = 0;
      for (let i = 0; i < n; i++) {
        const price = row[i]!.price_usd_minor!;
        let usdMinor = 0;
        for (const party of parties) usdMinor += roomNightPrice(plan, price, party);
        priced[i] = { date: nights[i]!, usdMinor };
        total += usdMinor;
      }
      offers.push({ room, plan, unitsLeft, totalUsdMinor: total, nights: priced });
    }
  }
  return offers.length > 1 ? offers.sort(cheapestFirst) : offers;
}

/** A name in the language asked for, else in English. */
export const nameIn = (names: Names, language: string): string => (names as Record<string, string | undefined>)[language] || names['en-US'];
