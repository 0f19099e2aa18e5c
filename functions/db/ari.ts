// Rooms, rate plans and their rates and availability (ARI) as stored (docs/contract.md#rooms-rates-and-availability,
// docs/decisions/0059-ari-as-ranges.md): ranges of nights as channel managers send them, and rooms sold per night.
// Read for a stay and folded night by night (the product's rates, a booking's check, the console's grid), read whole
// for the search to keep (functions/cache/ari.ts), written one range per update (the console's grid and
// POST /api/channel/ota), all of a call's ranges in one batch.
import type { Board, Names, RateNight, RatePlan, RoomNight, RoomType } from '../../src/shared/rules/stay-rates';
import { addDays } from '../../src/shared/rules/booking-dates';
import type { PlanCancellation } from '../../src/shared/rules/cancellation';
import {
  calendarOf, foldRateRanges, foldRoomRanges, isoWeekday, NO_MAX_STAY, NOT_FOR_SALE, packForPricing, weekdayMask, type PricingPack, type RateRange, type RoomRange,
  type SoldNight,
} from '../../src/shared/rules/ari-ranges';

interface RoomTypeRow { id: number; product_id: number; code: string; name: string; max_adults: number; max_children: number; max_occupancy: number; units: number }
interface RatePlanRow {
  id: number; product_id: number; code: string; name: string; board: Board; refundable: number;
  free_cancellation_days: number | null; cancellation_fee_percent: number | null; base_occupancy: number;
  extra_adult_usd_minor: number; child_usd_minor: number; child_free_under: number; room_ids: string | null;
}

export interface ProductInventory {
  rooms: RoomType[];
  plans: RatePlan[];
  roomNights: RoomNight[];
  rateNights: RateNight[];
}

export const namesOf = (text: string): Names => {
  try {
    const v = JSON.parse(text) as Names;
    return typeof v === 'object' && v && typeof v['en-US'] === 'string' ? v : { 'en-US': String(text) };
  } catch {
    return { 'en-US': text };
  }
};

export const roomTypeOf = (r: RoomTypeRow): RoomType => ({
  room_id: r.id, code: r.code, name: namesOf(r.name), max_adults: r.max_adults, max_children: r.max_children, max_occupancy: r.max_occupancy, units: r.units,
});

export const ratePlanOf = (r: RatePlanRow): RatePlan => ({
  rate_plan_id: r.id, code: r.code, name: namesOf(r.name), board: r.board, refundable: r.refundable === 1,
  free_cancellation_days: r.free_cancellation_days, cancellation_fee_percent: r.cancellation_fee_percent,
  base_occupancy: r.base_occupancy, extra_adult_usd_minor: r.extra_adult_usd_minor, child_usd_minor: r.child_usd_minor,
  child_free_under: r.child_free_under,
  room_ids: r.room_ids ? r.room_ids.split(',').map(Number) : [],
});

const ROOM_COLUMNS = 'id, product_id, code, name, max_adults, max_children, max_occupancy, units';
const PLAN_COLUMNS = `id, product_id, code, name, board, refundable, free_cancellation_days, cancellation_fee_percent, base_occupancy,
  extra_adult_usd_minor, child_usd_minor, child_free_under,
  (SELECT group_concat(room_id) FROM rate_plan_rooms x WHERE x.rate_plan_id = rate_plans.id) AS room_ids`;

/** The columns of a range read back (rooms', rates'). */
const ROOM_RANGE_COLUMNS = 'id, product_id, room_id, from_night, to_night, weekdays, units, stop_sell';
const RATE_RANGE_COLUMNS = `id, product_id, room_id, rate_plan_id, from_night, to_night, weekdays, price_usd_minor, min_stay, max_stay, closed_to_arrival,
  closed_to_departure, stop_sell`;

/**
 * The room types, rate plans and nights of each product for a stay: the ranges overlapping it folded night by night
 * (src/shared/rules/ari-ranges.ts), room nights from check-in to the last night with their rooms sold, rate nights up to
 * check-out itself (its closed-to-departure). Product ids travel as one JSON array (D1 binds at most 100 values), five
 * statements in one batch whatever their number.
 */
export async function inventoryFor(db: D1Database, productIds: readonly number[], checkIn: string, checkOut: string): Promise<Map<number, ProductInventory>> {
  const out = new Map<number, ProductInventory>();
  if (productIds.length === 0) return out;
  for (const id of productIds) out.set(id, { rooms: [], plans: [], roomNights: [], rateNights: [] });
  const ids = JSON.stringify([...new Set(productIds)]);
  const inIds = 'product_id IN (SELECT value FROM json_each(?))';
  const lastNight = addDays(checkOut, -1);
  const [rooms, plans, roomRanges, sold, rateRanges] = await db.batch([
    db.prepare(`SELECT ${ROOM_COLUMNS} FROM room_types WHERE ${inIds} ORDER BY position, id`).bind(ids),
    db.prepare(`SELECT ${PLAN_COLUMNS} FROM rate_plans WHERE ${inIds} ORDER BY position, id`).bind(ids),
    db.prepare(`SELECT ${ROOM_RANGE_COLUMNS} FROM room_ranges WHERE ${inIds} AND to_night >= ? AND from_night <= ?`).bind(ids, checkIn, lastNight),
    db.prepare(`SELECT product_id, room_id, night, sold FROM room_nights WHERE ${inIds} AND night >= ? AND night < ? AND sold > 0`).bind(ids, checkIn, checkOut),
    db.prepare(`SELECT ${RATE_RANGE_COLUMNS} FROM rate_ranges WHERE ${inIds} AND to_night >= ? AND from_night <= ?`).bind(ids, checkIn, checkOut),
  ]);
  for (const r of (rooms!.results ?? []) as RoomTypeRow[]) out.get(r.product_id)?.rooms.push(roomTypeOf(r));
  for (const r of (plans!.results ?? []) as RatePlanRow[]) out.get(r.product_id)?.plans.push(ratePlanOf(r));
  const byProduct = <T extends { product_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) (m.get(r.product_id) ?? m.set(r.product_id, []).get(r.product_id)!).push(r);
    return m;
  };
  const roomRangesOf = byProduct((roomRanges!.results ?? []) as (RoomRange & { product_id: number })[]);
  const soldOf = byProduct((sold!.results ?? []) as (SoldNight & { product_id: number })[]);
  const rateRangesOf = byProduct((rateRanges!.results ?? []) as (RateRange & { product_id: number })[]);
  const roomDays = calendarOf(checkIn, lastNight);
  const rateDays = calendarOf(checkIn, checkOut);
  for (const [id, inv] of out) {
    const roomSide = roomRangesOf.get(id);
    const soldSide = soldOf.get(id);
    if (roomSide || soldSide) inv.roomNights = foldRoomRanges(roomSide ?? [], soldSide ?? [], roomDays);
    const rateSide = rateRangesOf.get(id);
    if (rateSide) inv.rateNights = foldRateRanges(rateSide, rateDays);
  }
  return out;
}

/**
 * A product's rates and availability as the search keeps them (functions/cache/ari.ts): its ARI version, the night its
 * ranges and rooms sold are read from, and all of it packed for pricing (src/shared/rules/ari-ranges.ts PricingPack).
 */
export interface AriToPrice {
  version: number;
  from: string;
  pack: PricingPack;
  /** Each rate plan's cancellation terms, in the pack's plan order (the free-cancellation filter reads them). */
  terms: PlanCancellation[];
}

interface PackedRow { id: number; version: number; rooms: string | null; plans: string | null; room_ranges: string | null; rates: string | null; sold: string | null }

/**
 * The products' room types, rate plans (their cancellation terms, no names or codes), ranges ending from `from` on and nights with rooms
 * sold from `from` on: one statement, one row per product, each table's rows packed in one text (a search prices
 * thousands of hotels: rows and values, not SQLite, are what reading them would otherwise cost).
 */
export function ariToPriceStatement(db: D1Database, productIds: readonly number[], from: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT j.value AS id, (SELECT ari_version FROM products WHERE id = j.value) AS version,
         (SELECT group_concat(id || ' ' || max_adults || ' ' || max_children || ' ' || max_occupancy || ' ' || units, ',') FROM room_types
           WHERE product_id = j.value) AS rooms,
         (SELECT group_concat(rp.id || ' ' || rp.base_occupancy || ' ' || rp.extra_adult_usd_minor || ' ' || rp.child_usd_minor || ' ' || rp.child_free_under
             || ' ' || rp.refundable || ' ' || ifnull(rp.free_cancellation_days, '') || ' ' || ifnull(rp.cancellation_fee_percent, '')
             || ' ' || ifnull((SELECT group_concat(x.room_id, '.') FROM rate_plan_rooms x WHERE x.rate_plan_id = rp.id), ''), ',')
           FROM rate_plans rp WHERE rp.product_id = j.value) AS plans,
         (SELECT group_concat(id || ' ' || room_id || ' ' || from_night || ' ' || to_night || ' ' || weekdays || ' ' || ifnull(units, '') || ' ' || ifnull(stop_sell, ''), ',')
           FROM room_ranges WHERE product_id = j.value AND to_night >= ?2) AS room_ranges,
         (SELECT group_concat(id || ' ' || room_id || ' ' || rate_plan_id || ' ' || from_night || ' ' || to_night || ' ' || weekdays || ' '
             || ifnull(price_usd_minor, '') || ' ' || ifnull(min_stay, '') || ' ' || ifnull(max_stay, '') || ' ' || ifnull(closed_to_arrival, '') || ' '
             || ifnull(closed_to_departure, '') || ' ' || ifnull(stop_sell, ''), ',')
           FROM rate_ranges WHERE product_id = j.value AND to_night >= ?2) AS rates,
         (SELECT group_concat(room_id || ' ' || night || ' ' || sold, ',') FROM room_nights WHERE product_id = j.value AND night >= ?2 AND sold > 0) AS sold
       FROM json_each(?1) j`,
    )
    .bind(JSON.stringify([...new Set(productIds)]), from);
}

const UNNAMED: Names = { 'en-US': '' };
const said = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
const rowsOf = (text: string | null) => (text ? text.split(',').map((row) => row.split(' ')) : []);

/** The products' ARI to price from the statement's rows. */
export function ariToPriceOf(rows: readonly PackedRow[], from: string): Map<number, AriToPrice> {
  const out = new Map<number, AriToPrice>();
  for (const row of rows) {
    const rooms = rowsOf(row.rooms).map(([id, adults, children, guests, units]): RoomType => ({
      room_id: Number(id), code: '', name: UNNAMED, max_adults: Number(adults), max_children: Number(children), max_occupancy: Number(guests), units: Number(units),
    }));
    const plans = rowsOf(row.plans).map(([id, base, extraAdult, child, freeUnder, refundable, freeDays, feePercent, roomIds]): RatePlan => ({
      rate_plan_id: Number(id), code: '', name: UNNAMED, board: 'RO', refundable: refundable === '1', free_cancellation_days: said(freeDays), cancellation_fee_percent: said(feePercent),
      base_occupancy: Number(base), extra_adult_usd_minor: Number(extraAdult), child_usd_minor: Number(child), child_free_under: Number(freeUnder),
      room_ids: roomIds ? roomIds.split('.').map(Number) : [],
    }));
    const rates = rowsOf(row.rates).map(([id, room, plan, fromNight, toNight, weekdays, price, minStay, maxStay, cta, ctd, stop]): RateRange => ({
      id: Number(id), room_id: Number(room), rate_plan_id: Number(plan), from_night: fromNight!, to_night: toNight!, weekdays: Number(weekdays),
      price_usd_minor: said(price), min_stay: said(minStay), max_stay: said(maxStay), closed_to_arrival: said(cta), closed_to_departure: said(ctd), stop_sell: said(stop),
    }));
    const roomRanges = rowsOf(row.room_ranges).map(([id, room, fromNight, toNight, weekdays, units, stop]): RoomRange => ({
      id: Number(id), room_id: Number(room), from_night: fromNight!, to_night: toNight!, weekdays: Number(weekdays), units: said(units), stop_sell: said(stop),
    }));
    const sold = rowsOf(row.sold).map(([room, night, count]): SoldNight => ({ room_id: Number(room), night: night!, sold: Number(count) }));
    const terms = plans.map(({ refundable, free_cancellation_days, cancellation_fee_percent }) => ({ refundable, free_cancellation_days, cancellation_fee_percent }));
    out.set(row.id, { version: row.version ?? 0, from, pack: packForPricing(rooms, plans, rates, roomRanges, sold), terms });
  }
  return out;
}

/** A product's room types and rate plans (no nights), for the console and the channel's codes. */
export async function roomsAndPlans(db: D1Database, orgId: number, productId: number): Promise<{ rooms: RoomType[]; plans: RatePlan[] }> {
  const [rooms, plans] = await db.batch([
    db.prepare(`SELECT ${ROOM_COLUMNS} FROM room_types WHERE product_id = ? AND org_id = ? ORDER BY position, id`).bind(productId, orgId),
    db.prepare(`SELECT ${PLAN_COLUMNS} FROM rate_plans WHERE product_id = ? AND org_id = ? ORDER BY position, id`).bind(productId, orgId),
  ]);
  return { rooms: ((rooms!.results ?? []) as RoomTypeRow[]).map(roomTypeOf), plans: ((plans!.results ?? []) as RatePlanRow[]).map(ratePlanOf) };
}

/** One range of nights to change, as the console and the channel send them (weekdays ISO, 1 = Monday). */
export interface AriUpdate {
  room_id: number;
  rate_plan_id?: number;
  from: string;
  to: string;
  weekdays?: number[];
  price_usd_minor?: number | null;
  units?: number;
  min_stay?: number;
  max_stay?: number | null;
  closed_to_arrival?: boolean;
  closed_to_departure?: boolean;
  stop_sell?: boolean;
}

/** The nights of a range that fall on the asked weekdays (all when none are asked). */
export function nightsInRange(from: string, to: string, weekdays?: readonly number[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 800; d = addDays(d, 1)) {
    if (!weekdays?.length || weekdays.includes(isoWeekday(d))) out.push(d);
  }
  return out;
}

const RATE_FIELDS = ['price_usd_minor', 'min_stay', 'max_stay', 'closed_to_arrival', 'closed_to_departure'] as const;
const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);

/**
 * The statements that apply one update, one range each: the room's (units; stop sell when no rate plan is named) and
 * the named plan's, or every plan's selling the room when none is (price, stays, closures; stop sell when a plan is
 * named). What the update does not say stays unsaid (NULL), so the nights keep it from older ranges or the defaults;
 * a price or max stay set to null is stored as cleared. The migration's triggers remove the older ranges a new one
 * hides entirely (compaction on write).
 */
export function ariStatements(db: D1Database, productId: number, u: AriUpdate, planIds: readonly number[]): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  const mask = weekdayMask(u.weekdays);
  const roomStopSell = u.rate_plan_id === undefined ? u.stop_sell : undefined;
  if (u.units !== undefined || roomStopSell !== undefined) {
    out.push(
      db
        .prepare('INSERT INTO room_ranges (product_id, room_id, from_night, to_night, weekdays, units, stop_sell) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .bind(productId, u.room_id, u.from, u.to, mask, u.units ?? null, flag(roomStopSell)),
    );
  }
  const rateStopSell = u.rate_plan_id !== undefined ? u.stop_sell : undefined;
  if (RATE_FIELDS.some((f) => u[f] !== undefined) || rateStopSell !== undefined) {
    const price = u.price_usd_minor === undefined ? null : u.price_usd_minor === null ? NOT_FOR_SALE : u.price_usd_minor;
    const maxStay = u.max_stay === undefined ? null : u.max_stay === null ? NO_MAX_STAY : u.max_stay;
    for (const planId of u.rate_plan_id !== undefined ? [u.rate_plan_id] : planIds) {
      out.push(
        db
          .prepare(
            `INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, weekdays, price_usd_minor, min_stay, max_stay, closed_to_arrival,
               closed_to_departure, stop_sell) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(productId, u.room_id, planId, u.from, u.to, mask, price, u.min_stay ?? null, maxStay, flag(u.closed_to_arrival), flag(u.closed_to_departure), flag(rateStopSell)),
      );
    }
  }
  return out;
}

/** A product's nights from `from` to `to` (both included) for the console's grid: its ranges there folded, with rooms sold. */
export async function ariNights(db: D1Database, productId: number, from: string, to: string): Promise<{ roomNights: RoomNight[]; rateNights: RateNight[] }> {
  const [rooms, sold, rates] = await db.batch([
    db.prepare(`SELECT ${ROOM_RANGE_COLUMNS} FROM room_ranges WHERE product_id = ? AND to_night >= ? AND from_night <= ?`).bind(productId, from, to),
    db.prepare('SELECT room_id, night, sold FROM room_nights WHERE product_id = ? AND night >= ? AND night <= ? AND sold > 0').bind(productId, from, to),
    db.prepare(`SELECT ${RATE_RANGE_COLUMNS} FROM rate_ranges WHERE product_id = ? AND to_night >= ? AND from_night <= ?`).bind(productId, from, to),
  ]);
  return {
    roomNights: foldRoomRanges((rooms!.results ?? []) as RoomRange[], (sold!.results ?? []) as SoldNight[], from, to),
    rateNights: foldRateRanges((rates!.results ?? []) as RateRange[], from, to),
  };
}

/**
 * SQL saying that rate range `r` (an alias of rate_ranges) still sells nights to come: priced, not stop-sold, and not
 * hidden whole by a later range of its room and plan that prices or stops those nights. Close enough for "bookable" and
 * a product's lowest price (a range hidden only by several later ones together still counts).
 */
export const sellingRangeSql = (r: string) => `${r}.to_night >= date('now') AND ${r}.price_usd_minor >= 0 AND ${r}.stop_sell IS NOT 1
  AND NOT EXISTS (SELECT 1 FROM rate_ranges later WHERE later.room_id = ${r}.room_id AND later.rate_plan_id = ${r}.rate_plan_id AND later.id > ${r}.id
    AND later.from_night <= MAX(${r}.from_night, date('now')) AND later.to_night >= ${r}.to_night AND (${r}.weekdays & ~later.weekdays) = 0
    AND (later.price_usd_minor IS NOT NULL OR later.stop_sell = 1))`;
