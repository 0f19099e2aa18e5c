// A product's inventory as the console writes it (docs/contract.md#rooms-rates-and-availability): the product itself,
// its room types and its rate plans. Each change is one batch: the change, its audit row, the product's summary
// columns the older reads still use (max_guests, the lowest priced night) and the org's version, so the next page
// view shows it. A room type or rate plan with bookings still to come is kept: the guard is in the statement itself.
import { auditStatement, type Actor } from './console';
import type { Names } from '../../src/shared/rules/stay-rates';
import { sellingRangeSql } from './ari';

export interface AdminProductRow {
  id: number;
  org_id: number;
  code: string;
  type: string;
  name: string;
  city: string;
  country: string;
  address: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
  description: string;
  amenities: string;
  rating: number;
  status: 'ACTIVE' | 'INACTIVE';
  price_usd_minor: number;
  price_unit: 'night' | 'person';
  photos: number;
  /** A priced night from today on that is not stop-sold (a nightly product), or 1 for an activity. */
  bookable: number;
  /** 'own', or the bed bank that brought it (its content, rooms and rates are the supplier's). */
  source: string;
}

export interface ProductTextRow { lang: string; name: string; description: string; amenities: string; city: string }

const PRODUCT_COLUMNS = `p.id, p.org_id, p.code, p.type, p.name, p.city, p.country, p.address, p.latitude, p.longitude, p.time_zone, p.check_in_time, p.check_out_time, p.description,
  p.amenities, p.rating, p.status, p.price_usd_minor, p.price_unit, p.source,
  (SELECT COUNT(*) FROM product_photos f WHERE f.product_id = p.id) AS photos,
  CASE WHEN p.price_unit = 'person' THEN 1 ELSE EXISTS (SELECT 1 FROM rate_ranges n WHERE n.product_id = p.id AND ${sellingRangeSql('n')}) END AS bookable`;

/** The product of the org (any status), as the room and calendar routes need it; null for another org's or none. */
export function productOf(db: D1Database, orgId: number, productId: number) {
  return db
    .prepare('SELECT id, code, type, price_unit, source FROM products WHERE id = ? AND org_id = ?')
    .bind(productId, orgId)
    .first<{ id: number; code: string; type: string; price_unit: 'night' | 'person'; source: string }>();
}

/** The product of the org (any status) and its translation rows, one batch. */
export async function adminProduct(db: D1Database, orgId: number, productId: number): Promise<{ row: AdminProductRow; texts: ProductTextRow[] } | null> {
  const [product, texts] = await db.batch([
    db.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ? AND p.org_id = ?`).bind(productId, orgId),
    db.prepare('SELECT t.lang, t.name, t.description, t.amenities, t.city FROM product_texts t JOIN products p ON p.id = t.product_id WHERE t.product_id = ? AND p.org_id = ?').bind(productId, orgId),
  ]);
  const row = product!.results?.[0] as AdminProductRow | undefined;
  return row ? { row, texts: (texts!.results ?? []) as ProductTextRow[] } : null;
}

/** What a new product or a change would collide with: another product's code, another product of the same type, name and city. */
export async function productClashes(db: D1Database, orgId: number, exceptId: number, p: { code?: string; type: string; name: string; city: string }) {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM products WHERE org_id = ?1 AND code = ?2 AND id <> ?3) AS code_taken,
              EXISTS (SELECT 1 FROM products WHERE org_id = ?1 AND type = ?4 AND name = ?5 AND city = ?6 AND id <> ?3) AS name_taken`,
    )
    .bind(orgId, p.code ?? null, exceptId, p.type, p.name, p.city)
    .first<{ code_taken: number; name_taken: number }>();
  return { codeTaken: row?.code_taken === 1, nameTaken: row?.name_taken === 1 };
}

/** Which uniqueness rule a failed write broke, from D1's message (a write that raced another). */
export function uniqueBroken(err: unknown): 'product_code' | 'product_name' | 'room_code' | 'plan_code' | null {
  const m = String((err as Error)?.message ?? err);
  if (!/UNIQUE constraint failed/i.test(m)) return null;
  if (m.includes('products.code')) return 'product_code';
  if (m.includes('products.org_id, products.type')) return 'product_name';
  if (m.includes('room_types.')) return 'room_code';
  if (m.includes('rate_plans.')) return 'plan_code';
  return null;
}

export interface ProductValues {
  type: string;
  name: string;
  city: string;
  country: string;
  address: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
  code: string | null;
  description: string;
  amenities: string[];
  rating: number;
  price_usd_minor: number;
  price_unit: 'night' | 'person';
  status: 'ACTIVE' | 'INACTIVE';
}

/** One language's description written beside the product's own (the org's default language) text. */
export interface TextChange { lang: string; description: string }

const bumpVersion = (db: D1Database, orgId: number) => db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId);

/**
 * A translation row's description: a new row takes the product's name and amenities (its own name is kept where it has
 * one); an empty description removes a row that translates nothing else, so the product's own text is shown.
 */
function textStatements(db: D1Database, productId: number, texts: readonly TextChange[]): D1PreparedStatement[] {
  return texts.flatMap(({ lang, description }) =>
    description
      ? [
          db
            .prepare(
              `INSERT INTO product_texts (product_id, lang, org_id, name, description, amenities, city)
               SELECT id, ?2, org_id, name, ?3, amenities, '' FROM products WHERE id = ?1
               ON CONFLICT (product_id, lang) DO UPDATE SET description = excluded.description, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
            )
            .bind(productId, lang, description),
        ]
      : [
          db
            .prepare(
              `DELETE FROM product_texts WHERE product_id = ?1 AND lang = ?2 AND city = ''
                 AND name = (SELECT name FROM products WHERE id = ?1) AND amenities = (SELECT amenities FROM products WHERE id = ?1)`,
            )
            .bind(productId, lang),
          db.prepare("UPDATE product_texts SET description = '' WHERE product_id = ? AND lang = ?").bind(productId, lang),
        ],
  );
}

/** A new product, its translation rows, its audit row and the org's version; answers the new product's id. */
export async function insertProduct(db: D1Database, orgId: number, actor: Actor, p: ProductValues, texts: readonly TextChange[], detail: unknown): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO products (org_id, type, name, city, country, address, latitude, longitude, time_zone, check_in_time, check_out_time, code, description,
           amenities, rating, price_usd_minor, price_unit, max_guests, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .bind(
        orgId, p.type, p.name, p.city, p.country, p.address, p.latitude, p.longitude, p.time_zone, p.check_in_time, p.check_out_time, p.code, p.description, JSON.stringify(p.amenities), p.rating,
        p.price_usd_minor, p.price_unit, p.price_unit === 'night' ? 1 : 20, p.status,
      ),
    ...texts.map(({ lang, description }) =>
      db
        .prepare(
          `INSERT INTO product_texts (product_id, lang, org_id, name, description, amenities, city)
           SELECT id, ?, org_id, name, ?, amenities, '' FROM products WHERE org_id = ? AND type = ? AND name = ? AND city = ?`,
        )
        .bind(lang, description, orgId, p.type, p.name, p.city),
    ),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'product.create', 'product:' || id || ' ' || code, json(?) FROM products WHERE org_id = ? AND type = ? AND name = ? AND city = ?`,
      )
      .bind(actor.id, actor.email, JSON.stringify(detail), orgId, p.type, p.name, p.city),
    bumpVersion(db, orgId),
  ]);
  return inserted!.results[0]!.id;
}

/** The columns a change may write, with their SQL value. */
export type ProductColumnValues = Partial<Omit<ProductValues, 'amenities' | 'price_unit'> & { amenities: string }>;

/**
 * A product's change: its columns, its translation rows (a row whose name or amenities were the product's own follows
 * the new ones; a translated one keeps its own), the audit row and the org's version.
 */
export async function updateProduct(db: D1Database, orgId: number, actor: Actor, productId: number, values: ProductColumnValues, texts: readonly TextChange[], detail: unknown) {
  const columns = Object.keys(values) as (keyof ProductColumnValues)[];
  const follow = (['name', 'amenities'] as const).filter((c) => values[c] !== undefined);
  await db.batch([
    ...follow.map((c) =>
      db.prepare(`UPDATE product_texts SET ${c} = ? WHERE product_id = ? AND ${c} = (SELECT ${c} FROM products WHERE id = ?)`).bind(values[c]!, productId, productId),
    ),
    ...(columns.length
      ? [db.prepare(`UPDATE products SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND org_id = ?`).bind(...columns.map((c) => values[c]!), productId, orgId)]
      : []),
    ...textStatements(db, productId, texts),
    auditStatement(db, orgId, actor, 'product.update', `product:${productId}`, detail),
    bumpVersion(db, orgId),
  ]);
}

// ---- room types and rate plans ---------------------------------------------------------------------------------------

/** Bookings of a room type (or rate plan) still to come: held or confirmed, checking out after today. */
const futureBookings = (column: 'room_id' | 'rate_plan_id', extra = '') => `(
  EXISTS (SELECT 1 FROM bookings b WHERE b.${column} = ?${extra ? ` AND b.${extra}` : ''} AND b.status IN ('PENDING_PAYMENT', 'CONFIRMED') AND b.check_out > date('now'))
  OR EXISTS (SELECT 1 FROM agent_bookings a WHERE a.${column} = ?${extra ? ` AND a.${extra}` : ''} AND a.status IN ('PENDING_PAYMENT', 'CONFIRMED') AND a.check_out > date('now')))`;

export async function roomHasFutureBookings(db: D1Database, roomId: number): Promise<boolean> {
  const row = await db.prepare(`SELECT ${futureBookings('room_id')} AS booked`).bind(roomId, roomId).first<{ booked: number }>();
  return row?.booked === 1;
}

/** The room types among `roomIds` booked under the plan for nights to come. */
export async function planRoomsBooked(db: D1Database, planId: number, roomIds: readonly number[]): Promise<number[]> {
  if (roomIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT value AS room_id FROM json_each(?1) WHERE
         EXISTS (SELECT 1 FROM bookings b WHERE b.rate_plan_id = ?2 AND b.room_id = value AND b.status IN ('PENDING_PAYMENT', 'CONFIRMED') AND b.check_out > date('now'))
         OR EXISTS (SELECT 1 FROM agent_bookings a WHERE a.rate_plan_id = ?2 AND a.room_id = value AND a.status IN ('PENDING_PAYMENT', 'CONFIRMED') AND a.check_out > date('now'))`,
    )
    .bind(JSON.stringify(roomIds), planId)
    .all<{ room_id: number }>();
  return results.map((r) => r.room_id);
}

/**
 * The product's summary as the older reads use it: the most guests any of its room types takes, and its lowest priced
 * night from today on (a nightly product; an activity keeps its own price).
 */
export const productSummaryStatement = (db: D1Database, productId: number) =>
  db
    .prepare(
      `UPDATE products SET
         max_guests = MAX(1, COALESCE((SELECT MAX(max_occupancy) FROM room_types WHERE product_id = ?1), max_guests)),
         price_usd_minor = COALESCE((SELECT MIN(n.price_usd_minor) FROM rate_ranges n WHERE n.product_id = ?1 AND ${sellingRangeSql('n')}), price_usd_minor)
       WHERE id = ?1 AND price_unit = 'night'`,
    )
    .bind(productId);

export interface RoomValues {
  code: string;
  name: Names;
  max_adults: number;
  max_children: number;
  max_occupancy: number;
  units: number;
}

/** A new room type at the end of the product's list, with its audit row; answers its id (null: no such nightly product). */
export async function insertRoom(db: D1Database, orgId: number, actor: Actor, productId: number, r: RoomValues): Promise<number | null> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units, position)
         SELECT id, org_id, ?, ?, ?, ?, ?, ?, COALESCE((SELECT MAX(position) + 1 FROM room_types WHERE product_id = products.id), 0)
         FROM products WHERE id = ? AND org_id = ? AND price_unit = 'night' RETURNING id`,
      )
      .bind(r.code, JSON.stringify(r.name), r.max_adults, r.max_children, r.max_occupancy, r.units, productId, orgId),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'room.create', 'product:' || product_id || ' room:' || id || ' ' || code, json(?) FROM room_types WHERE product_id = ? AND org_id = ? AND code = ?`,
      )
      .bind(actor.id, actor.email, JSON.stringify({ after: r }), productId, orgId, r.code),
    productSummaryStatement(db, productId),
    bumpVersion(db, orgId),
  ]);
  return inserted!.results[0]?.id ?? null;
}

/** A room type's change with its audit row (nothing when it is not the product's). Answers whether it was written. */
export async function updateRoom(db: D1Database, orgId: number, actor: Actor, productId: number, roomId: number, values: Partial<RoomValues>, detail: unknown): Promise<boolean> {
  const columns = Object.keys(values) as (keyof RoomValues)[];
  const sqlValue = (c: keyof RoomValues) => (c === 'name' ? JSON.stringify(values.name) : values[c]!);
  const [, update] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'room.update', 'product:' || product_id || ' room:' || id || ' ' || code, json(?) FROM room_types WHERE id = ? AND product_id = ? AND org_id = ?`,
      )
      .bind(actor.id, actor.email, JSON.stringify(detail), roomId, productId, orgId),
    db.prepare(`UPDATE room_types SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND product_id = ? AND org_id = ?`).bind(...columns.map(sqlValue), roomId, productId, orgId),
    productSummaryStatement(db, productId),
    bumpVersion(db, orgId),
  ]);
  return (update!.meta.changes ?? 0) > 0;
}

/**
 * Removes a room type or a rate plan with its audit row, unless it has bookings still to come: the guard is part of both
 * statements, so a booking made meanwhile keeps it. Answers whether it went. The table's words are this module's own
 * constants, never a request's.
 */
async function deleteUnbooked(
  db: D1Database, orgId: number, actor: Actor, productId: number, id: number,
  what: { table: 'room_types' | 'rate_plans'; bookedBy: 'room_id' | 'rate_plan_id'; action: string; target: string; before: string },
): Promise<boolean> {
  const guard = `id = ? AND product_id = ? AND org_id = ? AND NOT ${futureBookings(what.bookedBy)}`;
  const binds = [id, productId, orgId, id, id];
  const [, removed] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, '${what.action}', 'product:' || product_id || ' ${what.target}:' || id || ' ' || code,
                json_object('before', json_object(${what.before})) FROM ${what.table} WHERE ${guard}`,
      )
      .bind(actor.id, actor.email, ...binds),
    db.prepare(`DELETE FROM ${what.table} WHERE ${guard}`).bind(...binds),
    productSummaryStatement(db, productId),
    bumpVersion(db, orgId),
  ]);
  return (removed!.meta.changes ?? 0) > 0;
}

/** Removes a room type (its nights and its place in rate plans go with it), unless it has bookings still to come. */
export const deleteRoom = (db: D1Database, orgId: number, actor: Actor, productId: number, roomId: number): Promise<boolean> =>
  deleteUnbooked(db, orgId, actor, productId, roomId, {
    table: 'room_types', bookedBy: 'room_id', action: 'room.delete', target: 'room', before: "'code', code, 'name', json(name), 'units', units",
  });

export interface PlanValues {
  code: string;
  name: Names;
  board: string;
  refundable: boolean;
  free_cancellation_days: number | null;
  cancellation_fee_percent: number | null;
  base_occupancy: number;
  extra_adult_usd_minor: number;
  child_usd_minor: number;
  child_free_under: number;
  room_ids: number[];
}

const PLAN_COLUMNS = [
  'code', 'name', 'board', 'refundable', 'free_cancellation_days', 'cancellation_fee_percent', 'base_occupancy', 'extra_adult_usd_minor', 'child_usd_minor',
  'child_free_under',
] as const;
type PlanColumn = (typeof PLAN_COLUMNS)[number];
const planSql = (p: Partial<PlanValues>, c: PlanColumn) => (c === 'name' ? JSON.stringify(p.name) : c === 'refundable' ? (p.refundable ? 1 : 0) : p[c]);

/** The plan's rooms made `roomIds` (only room types of its product). */
function planRoomStatements(db: D1Database, productId: number, planCode: string, roomIds: readonly number[]) {
  const plan = '(SELECT id FROM rate_plans WHERE product_id = ?1 AND code = ?2)';
  return [
    db.prepare(`DELETE FROM rate_plan_rooms WHERE rate_plan_id = ${plan} AND room_id NOT IN (SELECT value FROM json_each(?3))`).bind(productId, planCode, JSON.stringify(roomIds)),
    db
      .prepare(`INSERT OR IGNORE INTO rate_plan_rooms (rate_plan_id, room_id) SELECT ${plan}, id FROM room_types WHERE product_id = ?1 AND id IN (SELECT value FROM json_each(?3))`)
      .bind(productId, planCode, JSON.stringify(roomIds)),
  ];
}

/** A new rate plan and the room types it sells, with its audit row; answers its id (null: no such nightly product). */
export async function insertPlan(db: D1Database, orgId: number, actor: Actor, productId: number, p: PlanValues): Promise<number | null> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO rate_plans (product_id, org_id, ${PLAN_COLUMNS.join(', ')}, position)
         SELECT id, org_id, ${PLAN_COLUMNS.map(() => '?').join(', ')}, COALESCE((SELECT MAX(position) + 1 FROM rate_plans WHERE product_id = products.id), 0)
         FROM products WHERE id = ? AND org_id = ? AND price_unit = 'night' RETURNING id`,
      )
      .bind(...PLAN_COLUMNS.map((c) => planSql(p, c)), productId, orgId),
    ...planRoomStatements(db, productId, p.code, p.room_ids),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'rate_plan.create', 'product:' || product_id || ' rate_plan:' || id || ' ' || code, json(?) FROM rate_plans WHERE product_id = ? AND org_id = ? AND code = ?`,
      )
      .bind(actor.id, actor.email, JSON.stringify({ after: p }), productId, orgId, p.code),
    bumpVersion(db, orgId),
  ]);
  return inserted!.results[0]?.id ?? null;
}

/** A rate plan's change (its rooms too) with its audit row. Answers whether it was written. */
export async function updatePlan(db: D1Database, orgId: number, actor: Actor, productId: number, planId: number, code: string, values: Partial<PlanValues>, detail: unknown): Promise<boolean> {
  const columns = PLAN_COLUMNS.filter((c) => values[c] !== undefined);
  const where = 'id = ? AND product_id = ? AND org_id = ?';
  const [, update] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT org_id, ?, ?, 'rate_plan.update', 'product:' || product_id || ' rate_plan:' || id || ' ' || code, json(?) FROM rate_plans WHERE ${where}`,
      )
      .bind(actor.id, actor.email, JSON.stringify(detail), planId, productId, orgId),
    columns.length
      ? db.prepare(`UPDATE rate_plans SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${where}`).bind(...columns.map((c) => planSql(values, c)), planId, productId, orgId)
      : db.prepare(`SELECT 1 FROM rate_plans WHERE ${where}`).bind(planId, productId, orgId),
    ...(values.room_ids ? planRoomStatements(db, productId, values.code ?? code, values.room_ids) : []),
    productSummaryStatement(db, productId),
    bumpVersion(db, orgId),
  ]);
  return columns.length ? (update!.meta.changes ?? 0) > 0 : (update!.results?.length ?? 0) > 0;
}

/** Removes a rate plan (its nights go with it), unless it has bookings still to come. */
export const deletePlan = (db: D1Database, orgId: number, actor: Actor, productId: number, planId: number): Promise<boolean> =>
  deleteUnbooked(db, orgId, actor, productId, planId, {
    table: 'rate_plans', bookedBy: 'rate_plan_id', action: 'rate_plan.delete', target: 'rate_plan', before: "'code', code, 'name', json(name), 'board', board",
  });

export async function planHasFutureBookings(db: D1Database, planId: number): Promise<boolean> {
  const row = await db.prepare(`SELECT ${futureBookings('rate_plan_id')} AS booked`).bind(planId, planId).first<{ booked: number }>();
  return row?.booked === 1;
}

/**
 * One change of the calendar: the ranges' statements (functions/db/ari.ts ariStatements), the product's lowest priced
 * night, the audit row and the org's version, all in one batch (every range or none).
 */
export async function applyAriStatements(db: D1Database, orgId: number, actor: Actor, productId: number, statements: D1PreparedStatement[], detail: unknown) {
  await db.batch([
    ...statements,
    productSummaryStatement(db, productId),
    auditStatement(db, orgId, actor, 'ari.update', `product:${productId}`, detail),
    bumpVersion(db, orgId),
  ]);
}
