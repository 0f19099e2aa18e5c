// Bookable products per org (docs/contract.md#booking): search by city or coordinates, dates and guests; one product by id.
import type { ProductType } from '../../src/shared/rules/wallet';
import type { PhotoRow } from './photos';
import type { SupplierRow } from './suppliers';
import type { ProductSource } from '../../src/shared/contract/supplier-text';

export interface ProductRow {
  id: number;
  org_id: number;
  type: ProductType;
  name: string;
  city: string;
  country: string;
  address: string;
  latitude: number;
  longitude: number;
  images: string;
  description: string;
  amenities: string;
  rating: number;
  price_usd_minor: number;
  price_unit: 'night' | 'person';
  max_guests: number;
  available_from: string | null;
  available_to: string | null;
  status: string;
  /** The product's IANA time zone: its cancellation deadline is on this clock (src/shared/cancellation.ts). */
  time_zone: string;
  /** The stored aggregate of its visible reviews (migrations/0039_reviews.sql): their number and the sum of their scores. */
  review_count?: number;
  review_score_total?: number;
  /** Where it comes from: the org's own inventory, or a supplier's content with the supplier's hotel code (decision 0068). */
  source?: ProductSource;
  supplier_code?: string | null;
}

export interface ProductFilter {
  orgId: number;
  type: ProductType;
  city?: string;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  maxPriceUsdMinor?: number;
  minPriceUsdMinor?: number;
  minRating?: number;
  /** Free cancellation still open: only products whose time zone is one of these (computed by the caller from the one rule). */
  freeCancellationZones?: readonly string[];
}

const COLUMNS =
  'id, org_id, type, name, city, country, address, latitude, longitude, images, description, amenities, rating, price_usd_minor, price_unit, max_guests, available_from, available_to, status, time_zone, review_count, review_score_total, source, supplier_code';

/** WHERE clause shared by both search shapes; every value is bound. */
function whereOf(f: ProductFilter, supplier?: string): { sql: string; binds: unknown[] } {
  // A supplier's hotels have no rates of their own: they are found apart (supplierCandidates) and priced live.
  const parts = ["org_id = ?", 'type = ?', "status = 'ACTIVE'", supplier ? 'source = ?' : "source = 'own'"];
  const binds: unknown[] = supplier ? [f.orgId, f.type, supplier] : [f.orgId, f.type];
  if (f.city) {
    // A case-insensitive prefix as a range of the (org, type, city NOCASE) index, so 100,000 products cost what 1,000
    // do. NOCASE folds ASCII only, as lower() did in the instr match this replaces; no LIKE (D1 refuses patterns
    // over 50 bytes and a city may be longer).
    parts.push('city >= ? COLLATE NOCASE AND city < ? COLLATE NOCASE');
    binds.push(f.city, `${f.city}\u{10FFFF}`);
  }
  if (f.checkIn) {
    parts.push('(available_from IS NULL OR available_from <= ?)');
    binds.push(f.checkIn);
    parts.push('(available_to IS NULL OR available_to >= ?)');
    binds.push(f.checkOut ?? f.checkIn);
  }
  if (f.guests) {
    parts.push('max_guests >= ?');
    binds.push(f.guests);
  }
  if (f.maxPriceUsdMinor !== undefined) {
    parts.push('price_usd_minor <= ?');
    binds.push(f.maxPriceUsdMinor);
  }
  if (f.minPriceUsdMinor !== undefined) {
    parts.push('price_usd_minor >= ?');
    binds.push(f.minPriceUsdMinor);
  }
  if (f.minRating !== undefined) {
    parts.push('rating >= ?');
    binds.push(f.minRating);
  }
  if (f.freeCancellationZones) {
    const zones = zoneCondition(f.freeCancellationZones);
    parts.push(zones.sql);
    binds.push(...zones.binds);
  }
  return { sql: parts.join(' AND '), binds };
}

/** `time_zone IN (…)`, or false for no zone at all (a type without free cancellation). */
function zoneCondition(zones: readonly string[]): { sql: string; binds: unknown[] } {
  return zones.length ? { sql: `time_zone IN (${zones.map(() => '?').join(', ')})`, binds: [...zones] } : { sql: '0', binds: [] };
}

/** The time zones of the products a filter reaches, before steering (the free-cancellation filter works per zone). */
export async function productZones(db: D1Database, f: ProductFilter): Promise<string[]> {
  const where = whereOf(withoutSteers(f));
  const { results } = await db.prepare(`SELECT DISTINCT time_zone FROM products WHERE ${where.sql}`).bind(...where.binds).all<{ time_zone: string }>();
  return results.map((r) => r.time_zone);
}

/**
 * What the filters would give, for the counts beside each choice and the hints of an empty result: how many match at
 * each rating step (with the price filter kept), with any rating, and with any price (with the rating filter kept),
 * and the unit prices' range. Counted in SQL for a city search, here for the rows of a search near a point.
 */
export interface SearchFacets {
  byRating: { min: number; count: number }[];
  anyRating: number;
  anyPrice: number;
  /** With free cancellation (the other filters kept), and with any cancellation terms. */
  freeCancellation: number;
  anyCancellation: number;
  priceMinUsdMinor: number | null;
  priceMaxUsdMinor: number | null;
}

const withoutSteers = (f: ProductFilter): ProductFilter => ({ ...f, minRating: undefined, minPriceUsdMinor: undefined, maxPriceUsdMinor: undefined, freeCancellationZones: undefined });
const zoneFits = (zones: readonly string[] | undefined, zone: string) => !zones || zones.includes(zone);
const priceFits = (f: ProductFilter, price: number) =>
  (f.minPriceUsdMinor === undefined || price >= f.minPriceUsdMinor) && (f.maxPriceUsdMinor === undefined || price <= f.maxPriceUsdMinor);

/** What the steering filters look at in one result: its rating, its clock (free cancellation) and its price. */
export interface Steerable {
  rating: number;
  time_zone: string;
  price: number;
  /** Whether it would still cancel free when booked now, when its rate plans say (else its clock and its type's rule do). */
  cancellable?: boolean;
}

/** The steering filters, the prices in the unit of the items' own `price`. */
export interface Steers {
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  /** Free cancellation still open: only these time zones (an item that says whether it is `cancellable` is taken at its word). */
  zones?: readonly string[];
}

/** Does an item pass every steer, or every steer but the one named? */
export function steered(item: Steerable, s: Steers, but?: 'price' | 'rating' | 'cancellation'): boolean {
  return (
    (but === 'price' || ((s.minPrice === undefined || item.price >= s.minPrice) && (s.maxPrice === undefined || item.price <= s.maxPrice))) &&
    (but === 'rating' || item.rating >= (s.minRating ?? 0)) &&
    (but === 'cancellation' || !s.zones || (item.cancellable ?? zoneFits(s.zones, item.time_zone)))
  );
}

/** The filters' counts over items found before steering, their prices' range in the items' own unit. */
export function facetsOfItems(items: readonly Steerable[], s: Steers, steps: readonly number[], cancellableZones: readonly string[]) {
  const priced = items.filter((r) => steered(r, s, 'rating'));
  const rated = items.filter((r) => steered(r, s, 'price'));
  const uncancelled = items.filter((r) => steered(r, s, 'cancellation'));
  const prices = items.map((r) => r.price);
  return {
    byRating: steps.map((min) => ({ min, count: priced.filter((r) => r.rating >= min).length })),
    anyRating: priced.length,
    anyPrice: rated.length,
    freeCancellation: uncancelled.filter((r) => r.cancellable ?? cancellableZones.includes(r.time_zone)).length,
    anyCancellation: uncancelled.length,
    priceMin: prices.length ? Math.min(...prices) : null,
    priceMax: prices.length ? Math.max(...prices) : null,
  };
}

export function facetsOfRows(f: ProductFilter, rows: readonly ProductRow[], steps: readonly number[], cancellableZones: readonly string[]): SearchFacets {
  const items = rows.map((r) => ({ rating: r.rating, time_zone: r.time_zone, price: r.price_usd_minor }));
  const { priceMin, priceMax, ...counts } = facetsOfItems(
    items, { minPrice: f.minPriceUsdMinor, maxPrice: f.maxPriceUsdMinor, minRating: f.minRating, zones: f.freeCancellationZones }, steps, cancellableZones,
  );
  return { ...counts, priceMinUsdMinor: priceMin, priceMaxUsdMinor: priceMax };
}

function facetsStatement(db: D1Database, f: ProductFilter, steps: readonly number[], cancellableZones: readonly string[]) {
  const base = whereOf(withoutSteers(f));
  const price = 'price_usd_minor BETWEEN ? AND ?';
  const priceBinds = [f.minPriceUsdMinor ?? 0, f.maxPriceUsdMinor ?? Number.MAX_SAFE_INTEGER];
  const kept = f.freeCancellationZones ? zoneCondition(f.freeCancellationZones) : { sql: '1', binds: [] };
  const free = zoneCondition(cancellableZones);
  const counts = steps.map((_, i) => `SUM(CASE WHEN ${price} AND rating >= ? AND ${kept.sql} THEN 1 ELSE 0 END) AS r${i}`);
  return db
    .prepare(
      `SELECT ${[...counts, `SUM(CASE WHEN ${price} AND ${kept.sql} THEN 1 ELSE 0 END) AS any_rating`].join(', ')},
       SUM(CASE WHEN rating >= ? AND ${kept.sql} THEN 1 ELSE 0 END) AS any_price,
       SUM(CASE WHEN ${price} AND rating >= ? AND ${free.sql} THEN 1 ELSE 0 END) AS free_cancellation,
       SUM(CASE WHEN ${price} AND rating >= ? THEN 1 ELSE 0 END) AS any_cancellation,
       MIN(price_usd_minor) AS pmin, MAX(price_usd_minor) AS pmax FROM products WHERE ${base.sql}`,
    )
    .bind(
      ...steps.flatMap((min) => [...priceBinds, min, ...kept.binds]),
      ...priceBinds, ...kept.binds,
      f.minRating ?? 0, ...kept.binds,
      ...priceBinds, f.minRating ?? 0, ...free.binds,
      ...priceBinds, f.minRating ?? 0,
      ...base.binds,
    );
}

function facetsOfAnswer(row: Record<string, number | null> | undefined, steps: readonly number[]): SearchFacets {
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    byRating: steps.map((min, i) => ({ min, count: n(`r${i}`) })),
    anyRating: n('any_rating'),
    anyPrice: n('any_price'),
    freeCancellation: n('free_cancellation'),
    anyCancellation: n('any_cancellation'),
    priceMinUsdMinor: row?.pmin ?? null,
    priceMaxUsdMinor: row?.pmax ?? null,
  };
}

const ORDER: Record<string, string> = {
  price: 'price_usd_minor ASC, id ASC',
  '-price': 'price_usd_minor DESC, id ASC',
  name: 'name COLLATE NOCASE ASC, id ASC',
  rating: 'rating DESC, id ASC',
};

/** One page of products matching the filter, how many match in all, and the filters' counts: one batch, one snapshot. */
export async function searchProducts(db: D1Database, f: ProductFilter, sort: string, limit: number, offset: number, steps: readonly number[] = [], cancellableZones: readonly string[] = []) {
  const where = whereOf(f);
  const [rows, total, facets] = await db.batch([
    db.prepare(`SELECT ${COLUMNS} FROM products WHERE ${where.sql} ORDER BY ${ORDER[sort] ?? ORDER.rating} LIMIT ? OFFSET ?`).bind(...where.binds, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM products WHERE ${where.sql}`).bind(...where.binds),
    facetsStatement(db, f, steps, cancellableZones),
  ]);
  return {
    rows: (rows!.results ?? []) as ProductRow[],
    count: Number((total!.results?.[0] as { n: number } | undefined)?.n ?? 0),
    facets: facetsOfAnswer(facets!.results?.[0] as Record<string, number | null> | undefined, steps),
  };
}

/** A city's cheapest product for a filter, with its first photo (the home page's destination cards). */
export interface CityCard {
  name: string;
  /** The product's first photo (docs/decisions/0032-photographs.md), null for a product without photos. */
  photo: PhotoRow | null;
  /** The city's name in the language asked for, where the product's translation names it (decision 0049). */
  cityName: string | null;
}

/** Each city's candidates as a search of it finds them (city matched as the search matches it): one statement per city, one batch. */
export async function candidatesInCities(db: D1Database, f: Omit<ProductFilter, 'city'>, cities: readonly string[]): Promise<Map<string, Candidate[]>> {
  if (cities.length === 0) return new Map();
  const answers = await db.batch(
    cities.map((city) => {
      const where = whereOf({ ...withoutSteers({ ...f, city }), guests: undefined });
      return db.prepare(`SELECT id, rating, time_zone, latitude, longitude, ari_version FROM products WHERE ${where.sql}`).bind(...where.binds);
    }),
  );
  return new Map(cities.map((city, i) => [city, (answers[i]?.results ?? []) as Candidate[]]));
}

/** The products' names, first photos and city names in `language`, by id (the destination cards' chosen hotels). */
export async function cityCards(db: D1Database, ids: readonly number[], language = ''): Promise<Map<number, CityCard>> {
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT p.id, p.name,
         (SELECT json_object('id', f.id, 'product_id', f.product_id, 'image_key', image_key, 'width', width, 'height', height, 'position', position, 'alt', alt)
            FROM product_photos f WHERE f.product_id = p.id ORDER BY position, f.id LIMIT 1) AS photo,
         (SELECT NULLIF(t.city, '') FROM product_texts t WHERE t.product_id = p.id AND t.lang = ?) AS city_name
       FROM json_each(?) AS j CROSS JOIN products p ON p.id = j.value`,
    )
    .bind(language, JSON.stringify(ids))
    .all<{ id: number; name: string; photo: string | null; city_name: string | null }>();
  const out = new Map<number, CityCard>();
  for (const row of results) {
    let photo: CityCard['photo'] = null;
    try {
      photo = row.photo ? (JSON.parse(row.photo) as CityCard['photo']) : null;
    } catch {}
    out.set(row.id, { name: row.name, photo, cityName: row.city_name ?? null });
  }
  return out;
}

const EARTH_KM = 6371;
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Products within `radiusKm` of a point, nearest first (a bounding box in SQL, the exact distance here). */
export async function productsNear(db: D1Database, f: ProductFilter, lat: number, lon: number, radiusKm: number) {
  const where = whereOf(withoutSteers(f));
  const box = boxCondition({ latitude: lat, longitude: lon, radiusKm });
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM products WHERE ${where.sql}${box.sql}`).bind(...where.binds, ...box.binds).all<ProductRow>();
  const inRadius = results
    .map((row) => ({ row, km: distanceKm(lat, lon, row.latitude, row.longitude) }))
    .filter((r) => r.km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.row.id - b.row.id);
  return {
    near: inRadius.filter(({ row }) => priceFits(f, row.price_usd_minor) && row.rating >= (f.minRating ?? 0) && zoneFits(f.freeCancellationZones, row.time_zone)),
    all: inRadius.map((r) => r.row),
  };
}

/** ` AND latitude BETWEEN … AND longitude BETWEEN …` for a box around a point (no longitude bounds near a pole or the date line). */
function boxCondition(box: { latitude: number; longitude: number; radiusKm: number } | undefined): { sql: string; binds: unknown[] } {
  if (!box) return { sql: '', binds: [] };
  const dLat = box.radiusKm / 111.2;
  const cosLat = Math.cos((box.latitude * Math.PI) / 180);
  const dLon = cosLat > 0.01 ? box.radiusKm / (111.2 * cosLat) : 360;
  let sql = ' AND latitude BETWEEN ? AND ?';
  const binds: unknown[] = [box.latitude - dLat, box.latitude + dLat];
  if (dLon < 180 && box.longitude - dLon >= -180 && box.longitude + dLon <= 180) {
    sql += ' AND longitude BETWEEN ? AND ?';
    binds.push(box.longitude - dLon, box.longitude + dLon);
  }
  return { sql, binds };
}

/** A product a nightly search may list, with what its steering and sorting read (the page's rows are read afterwards). */
export interface Candidate {
  id: number;
  rating: number;
  time_zone: string;
  latitude: number;
  longitude: number;
  /** Moved by every change to its rooms, plans, ranges and rooms sold: what a search kept of them is current while it is the same. */
  ari_version: number;
  /** Read for a search by name only (its order merges a supplier's hotels into the own ones). */
  name?: string;
}

/**
 * Every product the filter finds before steering and before rooms and rates: by city or in a box around a point (by
 * name when asked; any order otherwise, as the search sorts what it prices). One statement, whatever the number (a
 * popular city's thousands of hotels); the few columns the search prices, sorts and steers by, so the page's own rows
 * are read for its ten products alone (productsByIds).
 */
export async function searchCandidates(db: D1Database, f: ProductFilter, sort: string, box?: { latitude: number; longitude: number; radiusKm: number }): Promise<Candidate[]> {
  const where = whereOf({ ...withoutSteers(f), guests: undefined });
  const inBox = boxCondition(box);
  const extra = inBox.sql;
  const binds = [...where.binds, ...inBox.binds];
  const columns = 'id, rating, time_zone, latitude, longitude, ari_version';
  // Only a search by name keeps the order read: every other is sorted once priced (flows/search.ts), ties by id.
  if (sort === 'name') {
    return (await db.prepare(`SELECT ${columns}, name FROM products WHERE ${where.sql}${extra} ORDER BY ${ORDER.name}`).bind(...binds).all<Candidate>()).results;
  }
  // Thousands of candidates as a few texts, one per 1,024 ids (each well under D1's largest value): rows and values,
  // not SQLite, are what reading them costs. A time zone has no space or comma.
  const { results } = await db
    .prepare(
      `SELECT group_concat(id || ' ' || rating || ' ' || latitude || ' ' || longitude || ' ' || ari_version || ' ' || time_zone, ',') AS packed
       FROM products WHERE ${where.sql}${extra} GROUP BY id / 1024`,
    )
    .bind(...binds)
    .all<{ packed: string }>();
  const out: Candidate[] = [];
  for (const { packed } of results) {
    for (const row of packed.split(',')) {
      const [id, rating, latitude, longitude, version, zone] = row.split(' ');
      out.push({ id: Number(id), rating: Number(rating), latitude: Number(latitude), longitude: Number(longitude), ari_version: Number(version), time_zone: zone! });
    }
  }
  return out;
}

/** A supplier's hotel the org has imported, as the search asks the supplier for it (decision 0071). */
export interface SupplierCandidate extends Omit<Candidate, 'ari_version' | 'name'> {
  name: string;
  supplier_code: string;
}

/**
 * The org's imported hotels of a supplier in a search's place (its city or box and type), whatever the dates: what the
 * search asks the supplier's availability for once `onDates` has kept those sold on the stay's. Read apart from the
 * dates, so a search may keep them for the place (functions/flows/supplier-search.ts, decision 0071).
 */
export interface PlaceHotels {
  hotels: SupplierCandidate[];
  /** The hotels sold only from or until a date (the import sets none; a product row may), by id: [from, to]. */
  windows: ReadonlyMap<number, readonly [string | null, string | null]>;
}

/** The place's hotels sold on a stay's dates, as the own products' statement keeps them (`whereOf`). */
export function onDates(place: PlaceHotels, checkIn: string | undefined, checkOut: string | undefined): SupplierCandidate[] {
  if (!checkIn || place.windows.size === 0) return place.hotels;
  const last = checkOut ?? checkIn;
  return place.hotels.filter((h) => {
    const window = place.windows.get(h.id);
    return !window || ((window[0] === null || window[0] <= checkIn) && (window[1] === null || window[1] >= last));
  });
}

/** `PlaceHotels` of a search's place: one statement. */
export async function supplierCandidates(
  db: D1Database, f: ProductFilter, supplier: string, box?: { latitude: number; longitude: number; radiusKm: number }, limit = 2_000,
): Promise<PlaceHotels> {
  const packed = packedCandidates(f, supplier, box, limit);
  return unpackCandidates((await db.prepare(`SELECT ${packed.sql} AS packed`).bind(...packed.binds).first<{ packed: string | null }>())?.packed);
}

/**
 * The org's connection to a supplier (its `org_suppliers` row, `s.*`) and, while it is switched on, its hotels in a
 * search's place as `supplierCandidates` finds them: one statement, so a search learns both in one trip (decision
 * 0071). Null when the org has no such connection; the hotels are not looked for when it is switched off.
 */
export async function supplierRowAndCandidates(
  db: D1Database, f: ProductFilter, supplier: string, box?: { latitude: number; longitude: number; radiusKm: number }, limit = 2_000,
): Promise<{ row: SupplierRow; place: PlaceHotels } | null> {
  const packed = packedCandidates(f, supplier, box, limit);
  const found = await db
    .prepare(`SELECT s.*, CASE WHEN s.enabled = 1 THEN ${packed.sql} END AS packed FROM org_suppliers s WHERE s.org_id = ? AND s.supplier = ?`)
    .bind(...packed.binds, f.orgId, supplier)
    .first<SupplierRow & { packed: string | null }>();
  if (!found) return null;
  const { packed: text, ...row } = found;
  return { row, place: unpackCandidates(text) };
}

/** The candidates' statement as one scalar subquery: a city's hundreds as one JSON text (D1 costs per row and value, not per byte). */
function packedCandidates(f: ProductFilter, supplier: string, box: { latitude: number; longitude: number; radiusKm: number } | undefined, limit: number) {
  const where = whereOf({ ...withoutSteers(f), guests: undefined, checkIn: undefined, checkOut: undefined }, supplier);
  const inBox = boxCondition(box);
  return {
    sql: `(SELECT json_group_array(CASE WHEN available_from IS NULL AND available_to IS NULL
               THEN json_array(id, name, rating, time_zone, latitude, longitude, supplier_code)
               ELSE json_array(id, name, rating, time_zone, latitude, longitude, supplier_code, available_from, available_to) END)
       FROM (SELECT id, name, rating, time_zone, latitude, longitude, supplier_code, available_from, available_to FROM products
             WHERE ${where.sql} AND supplier_code IS NOT NULL${inBox.sql} ORDER BY id LIMIT ?))`,
    binds: [...where.binds, ...inBox.binds, limit],
  };
}

type PackedCandidate = [number, string, number, string, number, number, string, (string | null)?, (string | null)?];

function unpackCandidates(packed: string | null | undefined): PlaceHotels {
  const rows = JSON.parse(packed ?? '[]') as PackedCandidate[];
  const windows = new Map<number, readonly [string | null, string | null]>();
  const hotels = rows.map(([id, name, rating, time_zone, latitude, longitude, supplier_code, from, to]) => {
    if (from != null || to != null) windows.set(id, [from ?? null, to ?? null]);
    return { id, name, rating, time_zone, latitude, longitude, supplier_code };
  });
  return { hotels: hotels.sort((a, b) => a.id - b.id), windows };
}

/** The org's active products of these ids, in the ids' order (one statement; the ids travel as one JSON array). */
export async function productsByIds(db: D1Database, orgId: number, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    // Each id looked up by its key (CROSS JOIN keeps that order: the org's own index would read all of its products).
    .prepare(
      `SELECT ${COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} FROM json_each(?) AS j CROSS JOIN products p ON p.id = j.value
       WHERE p.org_id = ? AND p.status = 'ACTIVE'`,
    )
    .bind(JSON.stringify(ids), orgId)
    .all<ProductRow>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The centre of a city's products of the filter's type (for sorting a city's results by distance). */
export async function cityCentre(db: D1Database, f: ProductFilter): Promise<{ latitude: number; longitude: number } | null> {
  const where = whereOf(withoutSteers(f));
  const row = await db.prepare(`SELECT AVG(latitude) AS latitude, AVG(longitude) AS longitude, COUNT(*) AS n FROM products WHERE ${where.sql}`).bind(...where.binds).first<{ latitude: number; longitude: number; n: number }>();
  return row && row.n > 0 ? { latitude: row.latitude, longitude: row.longitude } : null;
}

export async function productById(db: D1Database, orgId: number, id: number): Promise<ProductRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM products WHERE id = ? AND org_id = ? AND status = 'ACTIVE'`).bind(id, orgId).first<ProductRow>();
}

interface CityRow {
  city: string;
  country: string;
  /** The city's name in the language asked for (a product translation's, decision 0049); null when none names it. */
  name: string | null;
  latitude: number;
  longitude: number;
  products: number;
}

/** A product the org sells: its own, or a bed bank's hotel while the org's connection to that bank is switched on. */
const SOLD_SOURCE = `(p.source = 'own' OR EXISTS (SELECT 1 FROM org_suppliers s WHERE s.org_id = p.org_id AND s.supplier = p.source AND s.enabled = 1))`;

/**
 * Cities with products of the given types, for the destination suggestions (a bed bank's cities too, while it is on):
 * those whose name starts with `prefix`, or whose name in `language` does (a French visitor finds London by "Lond" and
 * by "Londr"). Each comes with its name in `language` where a translation gives one.
 */
export async function productCities(db: D1Database, orgId: number, types: readonly ProductType[], prefix: string, language = '', limit = 8): Promise<CityRow[]> {
  if (types.length === 0) return [];
  const marks = types.map(() => '?').join(',');
  const range = [prefix, `${prefix}\u{10FFFF}`];
  const byName = db
    .prepare(
      `SELECT p.city, p.country, MAX(NULLIF(t.city, '')) AS name, AVG(p.latitude) AS latitude, AVG(p.longitude) AS longitude, COUNT(*) AS products
       FROM products p LEFT JOIN product_texts t ON t.product_id = p.id AND t.lang = ?
       WHERE p.org_id = ? AND p.status = 'ACTIVE' AND ${SOLD_SOURCE} AND p.type IN (${marks}) AND p.city >= ? COLLATE NOCASE AND p.city < ? COLLATE NOCASE
       GROUP BY p.city, p.country ORDER BY products DESC, p.city LIMIT ?`,
    )
    .bind(language, orgId, ...types, ...range, limit);
  if (!language || !prefix) return (await byName.all<CityRow>()).results;
  const byTranslation = db
    .prepare(
      `SELECT p.city, p.country, MAX(t.city) AS name, AVG(p.latitude) AS latitude, AVG(p.longitude) AS longitude, COUNT(*) AS products
       FROM product_texts t JOIN products p ON p.id = t.product_id
       WHERE t.org_id = ? AND t.lang = ? AND t.city >= ? COLLATE NOCASE AND t.city < ? COLLATE NOCASE AND p.status = 'ACTIVE' AND ${SOLD_SOURCE} AND p.type IN (${marks})
       GROUP BY p.city, p.country ORDER BY products DESC, p.city LIMIT ?`,
    )
    .bind(orgId, language, ...range, ...types, limit);
  const [own, translated] = await db.batch<CityRow>([byName, byTranslation]);
  // A city found both ways keeps the count of all its products (a translation may be missing for some).
  const found = new Map<string, CityRow>();
  for (const row of [...(translated?.results ?? []), ...(own?.results ?? [])]) found.set(`${row.city}\n${row.country}`, row);
  return [...found.values()].sort((a, b) => b.products - a.products || a.city.localeCompare(b.city)).slice(0, limit);
}

export const imagesOf = (row: Pick<ProductRow, 'images'>): string[] => {
  try {
    const list = JSON.parse(row.images);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const amenitiesOf = (row: Pick<ProductRow, 'amenities'>): string[] => imagesOf({ images: row.amenities });
