// An org admin stocks the shelves (docs/contract.md#rooms-rates-and-availability): a product, its room types and
// rate plans, and their nights as ranges (the console's calendar). Plain values in (the org, the acting admin, validated
// input), plain values out; every change is one batch with its audit row and moves the org's version.
import { badRequest, conflict, notFound, refuse, type Issue } from '../errors';
import type { Actor } from '../db/console';
import { ariNights, ariStatements, nightsInRange, roomsAndPlans } from '../db/ari';
import {
  adminProduct, applyAriStatements, deletePlan, deleteRoom, insertPlan, insertProduct, insertRoom, planHasFutureBookings, planRoomsBooked, productClashes,
  productOf, roomHasFutureBookings, uniqueBroken, updatePlan, updateProduct, updateRoom, type AdminProductRow, type ProductColumnValues, type ProductTextRow,
  type TextChange,
} from '../db/rooms';
import { LANGUAGES } from '../../src/shared/i18n/types';
import type { RatePlan, RoomType } from '../../src/shared/rules/stay-rates';
import {
  INVENTORY_MSG as M, isNightly, roomIssues, STAY_DEFAULTS, type AdminProductDetail, type AriBody, type AriGrid, type ProductCreate, type ProductPatch, type RatePlanCreate,
  type RatePlanEntry, type RatePlanPatch, type RoomCreate, type RoomPatch, type RoomTypeEntry,
} from '../../src/shared/contract/inventory';

/** The org whose inventory changes: its products' own text is in its default language. */
export interface InventoryOrg { id: number; default_language: string }

const listOf = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A 400 with every issue, its message naming the first (the declaration's own refusal reads the same). */
const refuseAll = (issues: Issue[]) => badRequest(`Invalid ${issues[0]!.path || 'request'}: ${issues[0]!.message}`, issues);

/** Codes P<digits> are products' default codes (P<id>): a product may keep its own, never take another's to come. */
const takesDefaultCode = (code: string | undefined, productId: number | null) => code !== undefined && /^P\d+$/.test(code) && code !== `P${productId}`;

function detailOf(row: AdminProductRow, texts: ProductTextRow[], rooms: RoomType[], plans: RatePlan[], defaultLanguage: string): AdminProductDetail {
  const description: AdminProductDetail['description'] = {};
  for (const t of texts) if (t.description && (LANGUAGES as readonly string[]).includes(t.lang)) description[t.lang as (typeof LANGUAGES)[number]] = t.description;
  if ((LANGUAGES as readonly string[]).includes(defaultLanguage)) description[defaultLanguage as (typeof LANGUAGES)[number]] = row.description;
  return {
    product_id: row.id,
    code: row.code,
    type: row.type as AdminProductDetail['type'],
    name: row.name,
    city: row.city,
    country: row.country,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    time_zone: row.time_zone,
    check_in_time: row.check_in_time,
    check_out_time: row.check_out_time,
    description,
    amenities: listOf(row.amenities),
    rating: row.rating,
    status: row.status,
    price_usd_minor: row.price_usd_minor,
    photos: row.photos,
    bookable: row.status === 'ACTIVE' && row.bookable === 1,
    rooms,
    rate_plans: plans.map(planEntry),
    // Only a bed bank's hotel says where it comes from: the console offers no editing of it but its sale.
    ...(row.source && row.source !== 'own' ? { source: row.source as NonNullable<AdminProductDetail['source']> } : {}),
  };
}

/** A bed bank's hotel: its content, room types and rates are the supplier's (the import rewrites them), so none is edited here. */
const imported = (product: { source?: string }) => !!product.source && product.source !== 'own';

const planEntry = (p: RatePlan): RatePlanEntry => ({ ...p, room_ids: [...p.room_ids].sort((a, b) => a - b) });

export async function productDetail(db: D1Database, org: InventoryOrg, productId: number): Promise<AdminProductDetail> {
  const [found, inventory] = await Promise.all([adminProduct(db, org.id, productId), roomsAndPlans(db, org.id, productId)]);
  if (!found) throw notFound(M.noSuchProduct);
  return detailOf(found.row, found.texts, inventory.rooms, inventory.plans, org.default_language);
}

/** The description in the org's default language (the product's own column) and the other languages' rows. */
function splitDescription(org: InventoryOrg, description: Partial<Record<string, string>>): { own?: string; texts: TextChange[] } {
  const own = description[org.default_language];
  const texts = LANGUAGES.filter((l) => l !== org.default_language && description[l] !== undefined).map((lang) => ({ lang, description: description[lang]! }));
  return { own, texts };
}

/** A failed write that raced another for a code or a name: the contract's 409. */
function conflictOf(err: unknown): never {
  const broken = uniqueBroken(err);
  if (broken === 'product_code') throw conflict(M.productCodeTaken);
  if (broken === 'product_name') throw conflict(M.productTaken);
  if (broken === 'room_code') throw conflict(M.roomCodeTaken);
  if (broken === 'plan_code') throw conflict(M.planCodeTaken);
  throw err;
}

async function refuseClashes(db: D1Database, orgId: number, productId: number, p: { code?: string; type: string; name: string; city: string }) {
  const { codeTaken, nameTaken } = await productClashes(db, orgId, productId, p);
  if (codeTaken) throw conflict(M.productCodeTaken);
  if (nameTaken) throw conflict(M.productTaken);
}

export async function createProduct(db: D1Database, org: InventoryOrg, actor: Actor, input: ProductCreate): Promise<AdminProductDetail> {
  const nightly = isNightly(input.type);
  if (nightly && input.price_usd_minor !== undefined) throw refuse('price_usd_minor', M.priceNightly);
  if (takesDefaultCode(input.code, null)) throw refuse('code', M.defaultCode);
  await refuseClashes(db, org.id, 0, input);
  const { own, texts } = splitDescription(org, input.description ?? {});
  // Without a text in the org's language, the product's own column takes the first one written (never left blank).
  const ownText = own ?? (input.description?.['en-US'] || Object.values(input.description ?? {}).find(Boolean) || '');
  let id: number;
  try {
    id = await insertProduct(
      db,
      org.id,
      actor,
      {
        type: input.type, name: input.name, city: input.city, country: input.country, address: input.address ?? '', latitude: input.latitude, longitude: input.longitude,
        time_zone: input.time_zone, check_in_time: input.check_in_time ?? STAY_DEFAULTS.checkIn, check_out_time: input.check_out_time ?? STAY_DEFAULTS.checkOut,
        code: input.code ?? null, description: ownText, amenities: input.amenities ?? [], rating: input.rating ?? 0,
        price_usd_minor: input.price_usd_minor ?? 0, price_unit: nightly ? 'night' : 'person', status: input.status ?? 'ACTIVE',
      },
      texts.filter((t) => t.description),
      { after: input },
    );
  } catch (err) {
    conflictOf(err);
  }
  return productDetail(db, org, id);
}

export async function changeProduct(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, patch: ProductPatch): Promise<AdminProductDetail> {
  const before = await productDetail(db, org, productId);
  // Of a bed bank's hotel only the sale changes (its status, which the import keeps).
  if (imported(before) && Object.keys(patch).some((k) => k !== 'status')) throw conflict(M.importedHotel);
  const type = patch.type ?? before.type;
  if (isNightly(type) !== isNightly(before.type)) throw refuse('type', M.typeChange);
  if (isNightly(type) && patch.price_usd_minor !== undefined) throw refuse('price_usd_minor', M.priceNightly);
  if (takesDefaultCode(patch.code, productId)) throw refuse('code', M.defaultCode);
  const after = { code: patch.code ?? before.code, type, name: patch.name ?? before.name, city: patch.city ?? before.city };
  await refuseClashes(db, org.id, productId, after);

  const values: ProductColumnValues = {};
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  const simple = ['type', 'name', 'city', 'country', 'address', 'latitude', 'longitude', 'time_zone', 'check_in_time', 'check_out_time', 'code', 'rating', 'price_usd_minor',
    'status'] as const;
  for (const k of simple) {
    const v = patch[k];
    if (v === undefined || same(v, before[k])) continue;
    (values as Record<string, unknown>)[k] = v;
    changed[k] = { before: before[k], after: v };
  }
  if (patch.amenities && !same(patch.amenities, before.amenities)) {
    values.amenities = JSON.stringify(patch.amenities);
    changed.amenities = { before: before.amenities, after: patch.amenities };
  }
  const { own, texts } = splitDescription(org, patch.description ?? {});
  if (own !== undefined && own !== (before.description[org.default_language as keyof AdminProductDetail['description']] ?? '')) {
    values.description = own;
    changed[`description.${org.default_language}`] = { before: before.description[org.default_language as keyof AdminProductDetail['description']] ?? '', after: own };
  }
  const textChanges = texts.filter((t) => t.description !== (before.description[t.lang as keyof AdminProductDetail['description']] ?? ''));
  for (const t of textChanges) changed[`description.${t.lang}`] = { before: before.description[t.lang as keyof AdminProductDetail['description']] ?? '', after: t.description };
  if (Object.keys(changed).length === 0) return before;
  const detail = {
    before: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v.before])),
    after: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v.after])),
  };
  try {
    await updateProduct(db, org.id, actor, productId, values, textChanges, detail);
  } catch (err) {
    conflictOf(err);
  }
  return productDetail(db, org, productId);
}

// ---- room types -----------------------------------------------------------------------------------------------------

/** The org's nightly product (404 for none or another org's; an activity has no rooms: 400). */
async function nightlyProduct(db: D1Database, orgId: number, productId: number) {
  const product = await productOf(db, orgId, productId);
  if (!product) throw notFound(M.noSuchProduct);
  if (imported(product)) throw conflict(M.importedHotel);
  if (product.price_unit !== 'night') throw refuse('', M.notNightly);
  return product;
}

export async function addRoom(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, input: RoomCreate): Promise<RoomTypeEntry> {
  await nightlyProduct(db, org.id, productId);
  const { rooms } = await roomsAndPlans(db, org.id, productId);
  if (rooms.some((r) => r.code === input.code)) throw conflict(M.roomCodeTaken);
  let id: number | null = null;
  try {
    id = await insertRoom(db, org.id, actor, productId, input);
  } catch (err) {
    conflictOf(err);
  }
  if (id === null) throw notFound(M.noSuchProduct);
  return { room_id: id, ...input };
}

async function roomOf(db: D1Database, orgId: number, productId: number, roomId: number) {
  await nightlyProduct(db, orgId, productId);
  const inventory = await roomsAndPlans(db, orgId, productId);
  const room = inventory.rooms.find((r) => r.room_id === roomId);
  if (!room) throw notFound(M.noSuchRoom);
  return { room, ...inventory };
}

export async function changeRoom(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, roomId: number, patch: RoomPatch): Promise<RoomTypeEntry> {
  const { room, rooms } = await roomOf(db, org.id, productId, roomId);
  const after: RoomTypeEntry = { ...room, ...patch };
  const issues = roomIssues(after);
  if (issues.length) throw refuseAll(issues);
  if (patch.code !== undefined && rooms.some((r) => r.code === patch.code && r.room_id !== roomId)) throw conflict(M.roomCodeTaken);
  const changed = (Object.keys(patch) as (keyof RoomPatch)[]).filter((k) => !same(patch[k], room[k]));
  if (changed.length === 0) return room;
  const shrinks = after.max_adults < room.max_adults || after.max_children < room.max_children || after.max_occupancy < room.max_occupancy;
  if (shrinks && (await roomHasFutureBookings(db, roomId))) throw conflict(M.roomBooked);
  const values = Object.fromEntries(changed.map((k) => [k, after[k]]));
  const detail = { before: Object.fromEntries(changed.map((k) => [k, room[k]])), after: values };
  let written = false;
  try {
    written = await updateRoom(db, org.id, actor, productId, roomId, values, detail);
  } catch (err) {
    conflictOf(err);
  }
  if (!written) throw notFound(M.noSuchRoom);
  return after;
}

export async function removeRoom(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, roomId: number): Promise<{ room_id: number }> {
  await roomOf(db, org.id, productId, roomId);
  if (!(await deleteRoom(db, org.id, actor, productId, roomId))) {
    // Still there: its bookings to come keep it (a room removed meanwhile is a 404 like any other).
    if (await roomHasFutureBookings(db, roomId)) throw conflict(M.roomBooked);
    throw notFound(M.noSuchRoom);
  }
  return { room_id: roomId };
}

// ---- rate plans -----------------------------------------------------------------------------------------------------

const roomIdsIssue = (rooms: RoomType[], roomIds: readonly number[] | undefined): Issue[] =>
  roomIds && roomIds.some((id) => !rooms.some((r) => r.room_id === id)) ? [{ path: 'room_ids', message: M.roomIds }] : [];

export async function addPlan(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, input: RatePlanCreate): Promise<RatePlanEntry> {
  await nightlyProduct(db, org.id, productId);
  const { rooms, plans } = await roomsAndPlans(db, org.id, productId);
  const issues = roomIdsIssue(rooms, input.room_ids);
  if (issues.length) throw refuseAll(issues);
  if (plans.some((p) => p.code === input.code)) throw conflict(M.planCodeTaken);
  let id: number | null = null;
  try {
    id = await insertPlan(db, org.id, actor, productId, input);
  } catch (err) {
    conflictOf(err);
  }
  if (id === null) throw notFound(M.noSuchProduct);
  return planEntry({ rate_plan_id: id, ...input });
}

async function planOf(db: D1Database, orgId: number, productId: number, planId: number) {
  await nightlyProduct(db, orgId, productId);
  const inventory = await roomsAndPlans(db, orgId, productId);
  const plan = inventory.plans.find((p) => p.rate_plan_id === planId);
  if (!plan) throw notFound(M.noSuchPlan);
  return { plan: planEntry(plan), ...inventory };
}

export async function changePlan(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, planId: number, patch: RatePlanPatch): Promise<RatePlanEntry> {
  const { plan, rooms, plans } = await planOf(db, org.id, productId, planId);
  const issues = roomIdsIssue(rooms, patch.room_ids);
  if (issues.length) throw refuseAll(issues);
  if (patch.code !== undefined && plans.some((p) => p.code === patch.code && p.rate_plan_id !== planId)) throw conflict(M.planCodeTaken);
  const after = planEntry({ ...plan, ...patch });
  const changed = (Object.keys(patch) as (keyof RatePlanPatch)[]).filter((k) => !same(after[k], plan[k]));
  if (changed.length === 0) return plan;
  const dropped = plan.room_ids.filter((id) => !after.room_ids.includes(id));
  if ((await planRoomsBooked(db, planId, dropped)).length) throw conflict(M.planBooked);
  const values = Object.fromEntries(changed.map((k) => [k, after[k]]));
  const detail = { before: Object.fromEntries(changed.map((k) => [k, plan[k]])), after: values };
  let written = false;
  try {
    written = await updatePlan(db, org.id, actor, productId, planId, plan.code, values, detail);
  } catch (err) {
    conflictOf(err);
  }
  if (!written) throw notFound(M.noSuchPlan);
  return after;
}

export async function removePlan(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, planId: number): Promise<{ rate_plan_id: number }> {
  await planOf(db, org.id, productId, planId);
  if (!(await deletePlan(db, org.id, actor, productId, planId))) {
    if (await planHasFutureBookings(db, planId)) throw conflict(M.planBooked);
    throw notFound(M.noSuchPlan);
  }
  return { rate_plan_id: planId };
}

// ---- rates and availability ------------------------------------------------------------------------------------------

const RATE_FIELDS = ['price_usd_minor', 'min_stay', 'max_stay', 'closed_to_arrival', 'closed_to_departure'] as const;

/**
 * Applies every range of the change or none: each is checked against the product's room types and rate plans first
 * (a bad one is a 400 naming `updates.<index>.<field>`), then all are written in one batch. Answers how many nights of
 * room types it touched.
 */
export async function changeAri(db: D1Database, org: InventoryOrg, actor: Actor, productId: number, body: AriBody): Promise<{ nights_changed: number }> {
  const product = await productOf(db, org.id, productId);
  if (!product) throw notFound(M.noSuchProduct);
  if (imported(product)) throw conflict(M.importedHotel);
  const { rooms, plans } = await roomsAndPlans(db, org.id, productId);
  const issues: Issue[] = [];
  const statements: D1PreparedStatement[] = [];
  const nights = new Set<string>();
  body.updates.forEach((u, i) => {
    const room = rooms.find((r) => r.room_id === u.room_id);
    if (!room) return void issues.push({ path: `updates.${i}.room_id`, message: M.roomOfProduct });
    const selling = plans.filter((p) => p.room_ids.includes(room.room_id)).map((p) => p.rate_plan_id);
    if (u.rate_plan_id !== undefined && !selling.includes(u.rate_plan_id)) return void issues.push({ path: `updates.${i}.rate_plan_id`, message: M.planSellsRoom });
    const setsRates = RATE_FIELDS.some((f) => u[f] !== undefined);
    if (setsRates && u.rate_plan_id === undefined && selling.length === 0) return void issues.push({ path: `updates.${i}.rate_plan_id`, message: M.noPlanForRoom });
    statements.push(...ariStatements(db, productId, u, selling));
    for (const night of nightsInRange(u.from, u.to, u.weekdays)) nights.add(`${room.room_id}|${night}`);
  });
  if (issues.length) throw refuseAll(issues);
  await applyAriStatements(db, org.id, actor, productId, statements, { updates: body.updates, nights: nights.size });
  return { nights_changed: nights.size };
}

/** The calendar: every night from `from` to `to` of every room type, with its rooms for sale and each plan's rate. */
export async function ariGrid(db: D1Database, org: InventoryOrg, productId: number, from: string, to: string): Promise<AriGrid> {
  const product = await productOf(db, org.id, productId);
  if (!product) throw notFound(M.noSuchProduct);
  const [{ rooms, plans }, stored] = await Promise.all([roomsAndPlans(db, org.id, productId), ariNights(db, productId, from, to)]);
  const roomNight = new Map(stored.roomNights.map((n) => [`${n.room_id}|${n.night}`, n]));
  const rateNight = new Map(stored.rateNights.map((n) => [`${n.room_id}|${n.rate_plan_id}|${n.night}`, n]));
  const days = nightsInRange(from, to);
  return {
    from,
    to,
    rooms: rooms.map((room) => {
      const selling = plans.filter((p) => p.room_ids.includes(room.room_id));
      return {
        room_id: room.room_id,
        nights: days.map((date) => {
          const n = roomNight.get(`${room.room_id}|${date}`);
          return {
            date,
            units: n?.units ?? room.units,
            sold: n?.sold ?? 0,
            stop_sell: !!n?.stop_sell,
            rates: selling.map((plan) => {
              const r = rateNight.get(`${room.room_id}|${plan.rate_plan_id}|${date}`);
              return {
                rate_plan_id: plan.rate_plan_id,
                price_usd_minor: r?.price_usd_minor ?? null,
                min_stay: r?.min_stay ?? 1,
                max_stay: r?.max_stay ?? null,
                closed_to_arrival: !!r?.closed_to_arrival,
                closed_to_departure: !!r?.closed_to_departure,
                stop_sell: !!r?.stop_sell,
              };
            }),
          };
        }),
      };
    }),
  };
}
