// Rates and availability kept as ranges (docs/decisions/0059-ari-as-ranges.md): what a night's values are when ranges
// of nights say them. A range says only what it sets (null: it does not say); for each field of a night the latest
// range (highest id) covering the night on its weekday that sets it wins, else the default. Pure, so the Worker, the
// console's grid and the tests fold ranges the one way. The search prices thousands of hotels straight from a packed
// form of their ranges (lowestTotal, held to offersFor by a property test), which is also how the Worker keeps them.
import { addDays } from './booking-dates';
import { roomNightPrice, type RateNight, type RatePlan, type RateRows, type RoomNight, type RoomRows, type RoomType, type Stay } from './stay-rates';

/** Every weekday: ISO Monday is bit 0, Sunday bit 6. */
export const ALL_WEEKDAYS = 127;
/** A rate range's price meaning "not for sale" (a price cleared), where null means the range does not say. */
export const NOT_FOR_SALE = -1;
/** A rate range's max_stay meaning "no maximum" (cleared), where null means the range does not say. */
export const NO_MAX_STAY = 0;

/** A room type's rooms for sale and stop sell over a range of nights (both included) on some weekdays. */
export interface RoomRange {
  id: number;
  room_id: number;
  from_night: string;
  to_night: string;
  weekdays: number;
  units: number | null;
  stop_sell: number | null;
}

/** A rate plan's price and restrictions for a room type over a range of nights (both included) on some weekdays. */
export interface RateRange {
  id: number;
  room_id: number;
  rate_plan_id: number;
  from_night: string;
  to_night: string;
  weekdays: number;
  price_usd_minor: number | null;
  min_stay: number | null;
  max_stay: number | null;
  closed_to_arrival: number | null;
  closed_to_departure: number | null;
  stop_sell: number | null;
}

/** Rooms sold on a night (stored per night: a row only where there were sales). */
export interface SoldNight {
  room_id: number;
  night: string;
  sold: number;
}

const DAY_MS = 86_400_000;
/** A night as a whole number of days since 1970-01-01. */
export const dayNumber = (night: string) => Math.round(Date.parse(`${night}T00:00:00Z`) / DAY_MS);

/** The ISO weekday (1 = Monday … 7 = Sunday) of a night. */
export const isoWeekday = (night: string) => ((new Date(`${night}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The mask of ISO weekdays (none asked: every day). */
export const weekdayMask = (weekdays?: readonly number[]): number =>
  weekdays?.length ? weekdays.reduce((mask, d) => mask | (1 << (d - 1)), 0) : ALL_WEEKDAYS;

/** The ISO weekdays of a mask, Monday first. */
export const weekdaysOf = (mask: number): number[] => [1, 2, 3, 4, 5, 6, 7].filter((d) => (mask >> (d - 1)) & 1);

// ---- the packed form ----------------------------------------------------------------------------------------------

/** "Not said" in a packed range. */
const UNSAID = -2147483648;
const said = (v: number | null) => (v === null ? UNSAID : v);

/** Numbers per packed rate range: room, plan, first and last night (day numbers), weekdays, then its six fields. */
const RATE_WIDTH = 11;
/** Numbers per packed room range: room, first and last night, weekdays, units, stop sell. */
const ROOM_WIDTH = 6;

const inIdOrder = <R extends { id: number }>(ranges: readonly R[]) => {
  for (let i = 1; i < ranges.length; i++) if (ranges[i - 1]!.id > ranges[i]!.id) return [...ranges].sort((a, b) => a.id - b.id);
  return ranges;
};

/** Rate ranges as numbers, in the order they were written (the order folding applies them). */
function packRateRanges(ranges: readonly RateRange[]): Int32Array {
  const out = new Int32Array(ranges.length * RATE_WIDTH);
  inIdOrder(ranges).forEach((r, i) => {
    out.set(
      [r.room_id, r.rate_plan_id, dayNumber(r.from_night), dayNumber(r.to_night), r.weekdays, said(r.price_usd_minor), said(r.min_stay), said(r.max_stay),
        said(r.closed_to_arrival), said(r.closed_to_departure), said(r.stop_sell)],
      i * RATE_WIDTH,
    );
  });
  return out;
}

/** Numbers per packed night with rooms sold: room, night (day number), rooms sold. */
const SOLD_WIDTH = 3;

/** Nights with rooms sold as numbers. */
function packSold(sold: readonly SoldNight[]): Int32Array {
  const out = new Int32Array(sold.length * SOLD_WIDTH);
  sold.forEach((s, i) => out.set([s.room_id, dayNumber(s.night), s.sold], i * SOLD_WIDTH));
  return out;
}

/** Room ranges as numbers, in the order they were written. */
function packRoomRanges(ranges: readonly RoomRange[]): Int32Array {
  const out = new Int32Array(ranges.length * ROOM_WIDTH);
  inIdOrder(ranges).forEach((r, i) => out.set([r.room_id, dayNumber(r.from_night), dayNumber(r.to_night), r.weekdays, said(r.units), said(r.stop_sell)], i * ROOM_WIDTH));
  return out;
}

// ---- folding ------------------------------------------------------------------------------------------------------

/** Nights from one to another, both included, each with its weekday's bit (ISO Monday = 0): worked out once per stay. */
export interface Calendar {
  nights: string[];
  bits: number[];
  /** The first night as a day number. */
  first: number;
  /** The mask of every weekday the nights fall on. */
  mask: number;
}

export function calendarOf(from: string, to: string, max = 800): Calendar {
  const nights: string[] = [];
  const bits: number[] = [];
  let mask = 0;
  if (from <= to) {
    let bit = isoWeekday(from) - 1;
    for (let d = from; d <= to && nights.length < max; d = addDays(d, 1)) {
      nights.push(d);
      bits.push(bit);
      mask |= 1 << bit;
      bit = (bit + 1) % 7;
    }
  }
  return { nights, bits, first: dayNumber(from), mask };
}

/** The rate nights of the calendar that some packed range covers: each field from the latest range saying it, else its default. */
function foldRates(packed: Int32Array, days: Calendar): RateRows {
  const rows: RateRows = new Map();
  const n = days.nights.length;
  if (n === 0) return rows;
  const { first, bits, mask, nights } = days;
  const last = first + n - 1;
  for (let o = 0; o < packed.length; o += RATE_WIDTH) {
    const from = packed[o + 2]!;
    const to = packed[o + 3]!;
    const weekdays = packed[o + 4]!;
    if (to < first || from > last || (weekdays & mask) === 0) continue;
    const roomId = packed[o]!;
    const planId = packed[o + 1]!;
    let byPlan = rows.get(roomId);
    if (!byPlan) rows.set(roomId, (byPlan = new Map()));
    let row = byPlan.get(planId);
    if (!row) byPlan.set(planId, (row = new Array(n)));
    const price = packed[o + 5]!;
    const minStay = packed[o + 6]!;
    const maxStay = packed[o + 7]!;
    const cta = packed[o + 8]!;
    const ctd = packed[o + 9]!;
    const stop = packed[o + 10]!;
    const end = Math.min(to, last) - first;
    for (let i = Math.max(from, first) - first; i <= end; i++) {
      if (((weekdays >> bits[i]!) & 1) === 0) continue;
      const night = (row[i] ??= {
        room_id: roomId, rate_plan_id: planId, night: nights[i]!, price_usd_minor: null, min_stay: 1, max_stay: null, closed_to_arrival: 0, closed_to_departure: 0, stop_sell: 0,
      });
      if (price !== UNSAID) night.price_usd_minor = price === NOT_FOR_SALE ? null : price;
      if (minStay !== UNSAID) night.min_stay = minStay;
      if (maxStay !== UNSAID) night.max_stay = maxStay === NO_MAX_STAY ? null : maxStay;
      if (cta !== UNSAID) night.closed_to_arrival = cta;
      if (ctd !== UNSAID) night.closed_to_departure = ctd;
      if (stop !== UNSAID) night.stop_sell = stop;
    }
  }
  return rows;
}

/** The room nights of the calendar a packed range covers or that sold rooms: units (null: the type's) and stop sell from the latest range saying them. */
function foldRooms(packed: Int32Array, sold: Int32Array, days: Calendar): RoomRows {
  const rows: RoomRows = new Map();
  const n = days.nights.length;
  if (n === 0 || (packed.length === 0 && sold.length === 0)) return rows;
  const { first, bits, mask, nights } = days;
  const last = first + n - 1;
  const cell = (roomId: number, i: number) => {
    let row = rows.get(roomId);
    if (!row) rows.set(roomId, (row = new Array(n)));
    return (row[i] ??= { room_id: roomId, night: nights[i]!, units: null, sold: 0, stop_sell: 0 });
  };
  for (let o = 0; o < packed.length; o += ROOM_WIDTH) {
    const from = packed[o + 1]!;
    const to = packed[o + 2]!;
    const weekdays = packed[o + 3]!;
    if (to < first || from > last || (weekdays & mask) === 0) continue;
    const units = packed[o + 4]!;
    const stop = packed[o + 5]!;
    const end = Math.min(to, last) - first;
    for (let i = Math.max(from, first) - first; i <= end; i++) {
      if (((weekdays >> bits[i]!) & 1) === 0) continue;
      const night = cell(packed[o]!, i);
      if (units !== UNSAID) night.units = units;
      if (stop !== UNSAID) night.stop_sell = stop;
    }
  }
  for (let o = 0; o < sold.length; o += SOLD_WIDTH) {
    const i = sold[o + 1]! - first;
    if (i >= 0 && i < n && sold[o + 2]! > 0) cell(sold[o]!, i).sold = sold[o + 2]!;
  }
  return rows;
}

const daysOf = (from: string | Calendar, to?: string): Calendar => (typeof from === 'string' ? calendarOf(from, to ?? from) : from);

/**
 * The rate nights from `from` to `to` (both included) that some range covers, each field from the latest range saying
 * it, else its default (no price, min stay 1, no max stay, open, selling). Per room type and rate plan.
 */
export function foldRateRanges(ranges: readonly RateRange[], from: string | Calendar, to?: string): RateNight[] {
  const out: RateNight[] = [];
  for (const byPlan of foldRates(packRateRanges(ranges), daysOf(from, to)).values()) for (const row of byPlan.values()) for (const n of row) if (n) out.push(n);
  return out;
}

/**
 * The room nights from `from` to `to` (both included) that a range covers or that sold rooms: units from the latest
 * range saying them (null: the room type's), stop sell likewise (default not stopped), and the rooms sold.
 */
export function foldRoomRanges(ranges: readonly RoomRange[], sold: readonly SoldNight[], from: string | Calendar, to?: string): RoomNight[] {
  const out: RoomNight[] = [];
  for (const row of foldRooms(packRoomRanges(ranges), packSold(sold), daysOf(from, to)).values()) for (const n of row) if (n) out.push(n);
  return out;
}

// ---- the search's shortcut ----------------------------------------------------------------------------------------

/**
 * A product's ARI packed for pricing many products at once (the search): one Int32Array, read straight through.
 * Header: room types R, rate plans P, combinations C (a plan selling a room type), rate ranges N, room ranges M, nights
 * with rooms sold S. Then R × (id, max adults, max children, max occupancy, units); P × (id, base occupancy, extra
 * adult, child, child free under); C × (room index, plan index); N × (first night, last night, weekdays); N × (combination,
 * price, min stay, max stay, closed to arrival, closed to departure, stop sell), in the order the ranges were written;
 * M × (room index, first night, last night, weekdays, units, stop sell); S × (room index, night, rooms sold). Nights as
 * day numbers; "not said" as the smallest 32-bit integer. A rate range of a plan for a room type it does not sell is left out.
 */
export type PricingPack = Int32Array;

const HEAD = 6;

export function packForPricing(
  rooms: readonly RoomType[], plans: readonly RatePlan[], rateRanges: readonly RateRange[], roomRanges: readonly RoomRange[], sold: readonly SoldNight[],
): PricingPack {
  const combos: [number, number][] = [];
  const comboOf = new Map<string, number>();
  rooms.forEach((room, r) =>
    plans.forEach((plan, p) => {
      if (!plan.room_ids.includes(room.room_id)) return;
      comboOf.set(`${room.room_id}|${plan.rate_plan_id}`, combos.length);
      combos.push([r, p]);
    }),
  );
  const roomIndex = new Map(rooms.map((room, r) => [room.room_id, r]));
  const ranges = inIdOrder(rateRanges).filter((x) => comboOf.has(`${x.room_id}|${x.rate_plan_id}`));
  const roomSide = inIdOrder(roomRanges).filter((x) => roomIndex.has(x.room_id));
  const soldSide = sold.filter((x) => roomIndex.has(x.room_id) && x.sold > 0);
  const out: number[] = [rooms.length, plans.length, combos.length, ranges.length, roomSide.length, soldSide.length];
  for (const r of rooms) out.push(r.room_id, r.max_adults, r.max_children, r.max_occupancy, r.units);
  for (const p of plans) out.push(p.rate_plan_id, p.base_occupancy, p.extra_adult_usd_minor, p.child_usd_minor, p.child_free_under);
  for (const [r, p] of combos) out.push(r, p);
  for (const x of ranges) out.push(dayNumber(x.from_night), dayNumber(x.to_night), x.weekdays);
  for (const x of ranges) {
    out.push(comboOf.get(`${x.room_id}|${x.rate_plan_id}`)!, said(x.price_usd_minor), said(x.min_stay), said(x.max_stay), said(x.closed_to_arrival), said(x.closed_to_departure), said(x.stop_sell));
  }
  for (const x of roomSide) out.push(roomIndex.get(x.room_id)!, dayNumber(x.from_night), dayNumber(x.to_night), x.weekdays, said(x.units), said(x.stop_sell));
  for (const x of soldSide) out.push(roomIndex.get(x.room_id)!, dayNumber(x.night), x.sold);
  return Int32Array.from(out);
}

/** Scratch space (reused: pricing thousands of hotels allocates nothing per hotel). */
let scratch = new Int32Array(4096);
let flags = new Uint8Array(256);
let room = new Uint8Array(64);
let roomLeft = new Uint8Array(64);

/** What lowestTotal tells beside the lowest total: the lowest among the free plans', and which plans (their index) priced each. */
export interface LowestOut {
  free: number | null;
  plan?: number;
  freePlan?: number;
}

/**
 * The lowest total of the stay over every room type × rate plan that offersFor would sell (src/shared/rules/stay-rates.ts,
 * the same checks on the same folded nights: every party fits the type; every night priced, not stop-sold, with enough
 * rooms; the arrival's min and max stay and closure, the departure's closure), each night's price for every room
 * converted by `convert` and added up, as offerIn adds an offer up; null when nothing sells. Straight from the pack,
 * building no offer: the search prices thousands of hotels for one stay. `days` runs from check-in to check-out, both
 * included. A property test holds it to offersFor (tests/unit/ari-ranges.test.ts). With `freePlans` (1 at each plan
 * index whose booking would still cancel free) `out.free` gets the lowest total among those plans' offers, else null;
 * `out.plan` and `out.freePlan` the plan index of each (-1 when none), so a card can say the terms of the price it shows.
 */
export function lowestTotal(
  pack: PricingPack, stay: Stay, days: Calendar, convert: (usdMinor: number) => number, freePlans?: Uint8Array, out?: LowestOut,
): number | null {
  if (out) {
    out.free = null;
    out.plan = -1;
    out.freePlan = -1;
  }
  const n = days.nights.length - 1;
  const parties = stay.rooms;
  if (n <= 0 || parties.length === 0) return null;
  const R = pack[0]!;
  const P = pack[1]!;
  const C = pack[2]!;
  const N = pack[3]!;
  const M = pack[4]!;
  const S = pack[5]!;
  if (C === 0 || N === 0) return null;
  const roomsAt = HEAD;
  const plansAt = roomsAt + R * 5;
  const combosAt = plansAt + P * 5;
  const spansAt = combosAt + C * 2;
  const fieldsAt = spansAt + N * 3;
  const roomRangesAt = fieldsAt + N * 7;
  const soldAt = roomRangesAt + M * 6;
  const { first, bits, mask } = days;
  const last = first + n;
  const places = n + 1;

  // Each room type: whether every party fits, then its rooms left over the stay (0 when it does not fit).
  if (R > room.length) {
    room = new Uint8Array(R * 2);
    roomLeft = new Uint8Array(R * 2);
  }
  for (let r = 0; r < R; r++) {
    const at = roomsAt + r * 5;
    let fitsAll = true;
    for (const party of parties) {
      if (party.adults > pack[at + 1]! || party.children.length > pack[at + 2]! || party.adults + party.children.length > pack[at + 3]!) fitsAll = false;
    }
    room[r] = fitsAll ? 1 : 0;
  }
  // Units, stop sell and rooms sold by night, for the room types that fit (scratch: 3 rows of n per room type).
  if (R * 3 * n > scratch.length) scratch = new Int32Array(R * 3 * n * 2);
  for (let r = 0; r < R; r++) {
    if (!room[r]) continue;
    const base = r * 3 * n;
    const units = pack[roomsAt + r * 5 + 4]!;
    for (let i = 0; i < n; i++) {
      scratch[base + i] = units;
      scratch[base + n + i] = 0;
      scratch[base + 2 * n + i] = 0;
    }
  }
  for (let k = 0; k < M; k++) {
    const at = roomRangesAt + k * 6;
    const r = pack[at]!;
    if (!room[r]) continue;
    const from = pack[at + 1]!;
    const to = pack[at + 2]!;
    const weekdays = pack[at + 3]!;
    if (to < first || from > last - 1 || (weekdays & mask) === 0) continue;
    const units = pack[at + 4]!;
    const stop = pack[at + 5]!;
    const base = r * 3 * n;
    const end = Math.min(to, last - 1) - first;
    for (let i = Math.max(from, first) - first; i <= end; i++) {
      if (((weekdays >> bits[i]!) & 1) === 0) continue;
      if (units !== UNSAID) scratch[base + i] = units;
      if (stop !== UNSAID) scratch[base + n + i] = stop;
    }
  }
  for (let k = 0; k < S; k++) {
    const at = soldAt + k * 3;
    const r = pack[at]!;
    const i = pack[at + 1]! - first;
    if (room[r] && i >= 0 && i < n) scratch[r * 3 * n + 2 * n + i] = pack[at + 2]!;
  }
  let anyRoom = false;
  for (let r = 0; r < R; r++) {
    if (!room[r]) continue;
    const base = r * 3 * n;
    let left = Infinity;
    for (let i = 0; i < n; i++) left = Math.min(left, scratch[base + n + i] ? 0 : Math.max(0, scratch[base + i]! - scratch[base + 2 * n + i]!));
    roomLeft[r] = left >= parties.length ? 1 : 0;
    anyRoom ||= roomLeft[r] === 1;
  }
  if (!anyRoom) return null;

  // Each combination's nights, check-out included (scratch after the rooms': covered, price, stop by place, then min
  // stay, max stay, closed to arrival and to departure), from the latest range saying each field.
  const rooms3 = R * 3 * n;
  const width = 3 * places + 4;
  if (rooms3 + C * width > scratch.length) {
    const bigger = new Int32Array((rooms3 + C * width) * 2);
    bigger.set(scratch.subarray(0, rooms3));
    scratch = bigger;
  }
  if (C > flags.length) flags = new Uint8Array(C * 2);
  for (let c = 0; c < C; c++) {
    const r = pack[combosAt + c * 2]!;
    flags[c] = room[r] && roomLeft[r] ? 1 : 0;
    if (!flags[c]) continue;
    const base = rooms3 + c * width;
    for (let i = 0; i < places; i++) {
      scratch[base + i] = 0;
      scratch[base + places + i] = UNSAID;
      scratch[base + 2 * places + i] = 0;
    }
    scratch[base + 3 * places] = 1;
    scratch[base + 3 * places + 1] = NO_MAX_STAY;
    scratch[base + 3 * places + 2] = 0;
    scratch[base + 3 * places + 3] = 0;
  }
  for (let k = 0; k < N; k++) {
    const at = spansAt + k * 3;
    const from = pack[at]!;
    const to = pack[at + 1]!;
    const weekdays = pack[at + 2]!;
    if (to < first || from > last || (weekdays & mask) === 0) continue;
    const f = fieldsAt + k * 7;
    const c = pack[f]!;
    if (!flags[c]) continue;
    const base = rooms3 + c * width;
    const price = pack[f + 1]!;
    const stop = pack[f + 6]!;
    const end = Math.min(to, last) - first;
    for (let i = Math.max(from, first) - first; i <= end; i++) {
      if (((weekdays >> bits[i]!) & 1) === 0) continue;
      scratch[base + i] = 1;
      if (price !== UNSAID) scratch[base + places + i] = price;
      if (stop !== UNSAID) scratch[base + 2 * places + i] = stop;
      if (i === 0) {
        if (pack[f + 2] !== UNSAID) scratch[base + 3 * places] = pack[f + 2]!;
        if (pack[f + 3] !== UNSAID) scratch[base + 3 * places + 1] = pack[f + 3]!;
        if (pack[f + 4] !== UNSAID) scratch[base + 3 * places + 2] = pack[f + 4]!;
      }
      if (i === n && pack[f + 5] !== UNSAID) scratch[base + 3 * places + 3] = pack[f + 5]!;
    }
  }

  let best: number | null = null;
  for (let c = 0; c < C; c++) {
    if (!flags[c]) continue;
    const base = rooms3 + c * width;
    const minStay = scratch[base + 3 * places]!;
    const maxStay = scratch[base + 3 * places + 1]!;
    if (!scratch[base] || scratch[base + 3 * places + 2] || n < minStay || (maxStay !== NO_MAX_STAY && n > maxStay)) continue;
    if (scratch[base + n] && scratch[base + 3 * places + 3]) continue;
    let sellable = true;
    for (let i = 0; i < n && sellable; i++) {
      const price = scratch[base + places + i]!;
      sellable = scratch[base + i] === 1 && price !== UNSAID && price !== NOT_FOR_SALE && !scratch[base + 2 * places + i];
    }
    if (!sellable) continue;
    const p = plansAt + pack[combosAt + c * 2 + 1]! * 5;
    const plan = { base_occupancy: pack[p + 1]!, extra_adult_usd_minor: pack[p + 2]!, child_usd_minor: pack[p + 3]!, child_free_under: pack[p + 4]! };
    let total = 0;
    for (let i = 0; i < n; i++) {
      let usdMinor = 0;
      for (const party of parties) usdMinor += roomNightPrice(plan, scratch[base + places + i]!, party);
      total += convert(usdMinor);
    }
    const planIndex = pack[combosAt + c * 2 + 1]!;
    if (best === null || total < best) {
      best = total;
      if (out) out.plan = planIndex;
    }
    if (out && freePlans?.[planIndex] && (out.free === null || total < out.free)) {
      out.free = total;
      out.freePlan = planIndex;
    }
  }
  return best;
}
