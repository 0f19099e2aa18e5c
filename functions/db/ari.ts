// Rooms, rate plans and their nights (ARI) as stored (docs/contract.md#rooms-rates-and-availability): read for a stay
// over many products in one batch (the search, the product's rates, a booking's check), written as ranges the way
// channel managers send them (the console's grid and POST /api/channel/ota), all of a call's ranges in one batch.
import type { Board, Names, RateNight, RatePlan, RoomNight, RoomType } from '../../src/shared/rules/stay-rates';
import { addDays } from '../../src/shared/rules/booking-dates';

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

/**
 * The room types, rate plans and nights of each product for a stay: room nights from check-in to the last night, rate
 * nights up to check-out itself (its closed-to-departure). Product ids travel as one JSON array (D1 binds at most 100
 * values), four statements in one batch whatever their number.
 */
export async function inventoryFor(db: D1Database, productIds: readonly number[], checkIn: string, checkOut: string): Promise<Map<number, ProductInventory>> {
  const out = new Map<number, ProductInventory>();
  if (productIds.length === 0) return out;
  for (const id of productIds) out.set(id, { rooms: [], plans: [], roomNights: [], rateNights: [] });
  const ids = JSON.stringify([...new Set(productIds)]);
  const inIds = 'product_id IN (SELECT value FROM json_each(?))';
  const [rooms, plans, roomNights, rateNights] = await db.batch([
    db.prepare(`SELECT ${ROOM_COLUMNS} FROM room_types WHERE ${inIds} ORDER BY position, id`).bind(ids),
    db.prepare(`SELECT ${PLAN_COLUMNS} FROM rate_plans WHERE ${inIds} ORDER BY position, id`).bind(ids),
    db.prepare(`SELECT product_id, room_id, night, units, sold, stop_sell FROM room_nights WHERE ${inIds} AND night >= ? AND night < ?`).bind(ids, checkIn, checkOut),
    db.prepare(
      `SELECT product_id, room_id, rate_plan_id, night, price_usd_minor, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell
       FROM rate_nights WHERE ${inIds} AND night >= ? AND night <= ?`,
    ).bind(ids, checkIn, checkOut),
  ]);
  for (const r of (rooms!.results ?? []) as RoomTypeRow[]) out.get(r.product_id)?.rooms.push(roomTypeOf(r));
  for (const r of (plans!.results ?? []) as RatePlanRow[]) out.get(r.product_id)?.plans.push(ratePlanOf(r));
  for (const r of (roomNights!.results ?? []) as (RoomNight & { product_id: number })[]) out.get(r.product_id)?.roomNights.push(r);
  for (const r of (rateNights!.results ?? []) as (RateNight & { product_id: number })[]) out.get(r.product_id)?.rateNights.push(r);
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

const ISO_WEEKDAY = "((CAST(strftime('%w', night) AS INTEGER) + 6) % 7) + 1";

/** The nights of a range that fall on the asked weekdays (all when none are asked). */
export function nightsInRange(from: string, to: string, weekdays?: readonly number[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 800; d = addDays(d, 1)) {
    const iso = ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (!weekdays?.length || weekdays.includes(iso)) out.push(d);
  }
  return out;
}

const RATE_FIELDS = ['price_usd_minor', 'min_stay', 'max_stay', 'closed_to_arrival', 'closed_to_departure'] as const;
const asSql = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * The statements that apply one update: the room's nights (units; stop sell when no rate plan is named) and the rate
 * nights of the named plan, or of every plan selling the room when none is (price, stays, closures; stop sell when a
 * plan is named). A night not stored yet is written with the defaults for what the update does not say.
 */
export function ariStatements(db: D1Database, productId: number, u: AriUpdate, planIds: readonly number[]): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  const days = `WITH RECURSIVE d(night) AS (SELECT ? UNION ALL SELECT date(night, '+1 day') FROM d WHERE night < ?)`;
  const weekdays = u.weekdays?.length ? u.weekdays.join(',') : null;
  const onDays = `(? IS NULL OR instr(',' || ? || ',', ',' || (${ISO_WEEKDAY}) || ',') > 0)`;
  const roomStopSell = u.rate_plan_id === undefined ? u.stop_sell : undefined;
  if (u.units !== undefined || roomStopSell !== undefined) {
    const set = [u.units !== undefined ? 'units = excluded.units' : null, roomStopSell !== undefined ? 'stop_sell = excluded.stop_sell' : null].filter(Boolean).join(', ');
    out.push(
      db.prepare(
        `${days} INSERT INTO room_nights (room_id, night, product_id, units, stop_sell)
         SELECT ?, night, ?, ?, ? FROM d WHERE ${onDays}
         ON CONFLICT (room_id, night) DO UPDATE SET ${set}`,
      ).bind(u.from, u.to, u.room_id, productId, u.units ?? null, asSql(roomStopSell ?? false), weekdays, weekdays),
    );
  }
  const rateStopSell = u.rate_plan_id !== undefined ? u.stop_sell : undefined;
  const given = RATE_FIELDS.filter((f) => u[f] !== undefined);
  if (given.length || rateStopSell !== undefined) {
    const set = [...given.map((f) => `${f} = excluded.${f}`), ...(rateStopSell !== undefined ? ['stop_sell = excluded.stop_sell'] : [])].join(', ');
    for (const planId of u.rate_plan_id !== undefined ? [u.rate_plan_id] : planIds) {
      out.push(
        db.prepare(
          `${days} INSERT INTO rate_nights (product_id, night, room_id, rate_plan_id, price_usd_minor, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell)
           SELECT ?, night, ?, ?, ?, ?, ?, ?, ?, ? FROM d WHERE ${onDays}
           ON CONFLICT (product_id, night, room_id, rate_plan_id) DO UPDATE SET ${set}`,
        ).bind(
          u.from, u.to, productId, u.room_id, planId,
          u.price_usd_minor ?? null, u.min_stay ?? 1, u.max_stay ?? null, asSql(u.closed_to_arrival ?? false), asSql(u.closed_to_departure ?? false), asSql(rateStopSell ?? false),
          weekdays, weekdays,
        ),
      );
    }
  }
  return out;
}

/** A product's nights from `from` to `to` (both included) for the console's grid. */
export async function ariNights(db: D1Database, productId: number, from: string, to: string): Promise<{ roomNights: RoomNight[]; rateNights: RateNight[] }> {
  const [rooms, rates] = await db.batch([
    db.prepare('SELECT room_id, night, units, sold, stop_sell FROM room_nights WHERE product_id = ? AND night >= ? AND night <= ? ORDER BY night').bind(productId, from, to),
    db.prepare(
      `SELECT room_id, rate_plan_id, night, price_usd_minor, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell
       FROM rate_nights WHERE product_id = ? AND night >= ? AND night <= ? ORDER BY night`,
    ).bind(productId, from, to),
  ]);
  return { roomNights: (rooms!.results ?? []) as RoomNight[], rateNights: (rates!.results ?? []) as RateNight[] };
}
