// Suppliers' SQL (docs/decisions/0068-supplier-console-and-import.md): an org's bed bank credentials and markup, the
// content import's jobs (one running per org and supplier, held by a partial unique index) and the products, room types
// and photographs a page of content writes, with the job's progress, in one batch.
import { auditIfMovedStatement, auditStatement, type Actor } from './console';
import { atomically } from './batch';
import type { Supplier } from '../../src/shared/contract/supplier-text';

export interface SupplierRow {
  org_id: number;
  supplier: Supplier;
  api_key: string;
  secret_sealed: string;
  markup_bps: number;
  enabled: number;
  updated_at: string;
}

export interface ImportRow {
  id: number;
  org_id: number;
  supplier: Supplier;
  status: 'running' | 'done' | 'failed';
  next_from: number;
  imported: number;
  total: number | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
  heartbeat_at: number;
  /** The photo step, after the hotel pages (migration 0047): its state, cursor (the last product id done) and counts. */
  photos_status: 'pending' | 'running' | 'done';
  photos_after: number;
  photos_fetched: number;
  photo_errors: number;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function supplierOf(db: D1Database, orgId: number, supplier: Supplier) {
  return db.prepare('SELECT * FROM org_suppliers WHERE org_id = ? AND supplier = ?').bind(orgId, supplier).first<SupplierRow>();
}

/** The supplier's hotels the org holds now. */
export async function supplierHotelCount(db: D1Database, orgId: number, supplier: Supplier): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM products WHERE org_id = ? AND source = ?').bind(orgId, supplier).first<{ n: number }>();
  return row?.n ?? 0;
}

export function latestImport(db: D1Database, orgId: number, supplier: Supplier) {
  return db.prepare('SELECT * FROM supplier_imports WHERE org_id = ? AND supplier = ? ORDER BY id DESC LIMIT 1').bind(orgId, supplier).first<ImportRow>();
}

export function importJob(db: D1Database, jobId: number) {
  return db.prepare('SELECT * FROM supplier_imports WHERE id = ?').bind(jobId).first<ImportRow>();
}

export interface SupplierWrite {
  apiKey: string;
  secretSealed: string;
  markupBps: number;
  enabled: boolean;
}

/** Saves the credentials and markup with the audit row and the org's next version, in one batch. */
export async function saveSupplier(db: D1Database, orgId: number, actor: Actor, supplier: Supplier, write: SupplierWrite, detail: unknown): Promise<void> {
  await atomically(db, [
    db
      .prepare(
        `INSERT INTO org_suppliers (org_id, supplier, api_key, secret_sealed, markup_bps, enabled) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (org_id, supplier) DO UPDATE SET api_key = excluded.api_key, secret_sealed = excluded.secret_sealed,
           markup_bps = excluded.markup_bps, enabled = excluded.enabled, updated_at = ${NOW}`,
      )
      .bind(orgId, supplier, write.apiKey, write.secretSealed, write.markupBps, write.enabled ? 1 : 0),
    auditStatement(db, orgId, actor, 'supplier.update', `supplier:${supplier}`, detail),
    // What a search keeps of the org's connection and of the pages it listed is the version's (decision 0071).
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId),
  ]);
}

/** Bookings of the org's supplier that still need it: held, paid and not yet booked there, or not yet over. */
const bookingsToCome = (table: 'bookings' | 'agent_bookings') => `EXISTS (SELECT 1 FROM ${table} b WHERE b.org_id = ?1 AND b.supplier = ?2
  AND (b.supplier_state IN ('to_book', 'booking') OR (b.status IN ('PENDING_PAYMENT', 'CONFIRMED') AND b.check_out > date('now'))))`;

/**
 * Forgets the org's credentials and markup for the supplier, with the audit row and the org's next version, in one
 * batch whose first statement is the guard: nothing is removed while an import runs or bookings still to come need the
 * supplier (a booking written meanwhile keeps it). Answers whether it went.
 */
export async function removeSupplier(db: D1Database, orgId: number, actor: Actor, supplier: Supplier, detail: unknown): Promise<boolean> {
  const [removed] = await atomically(db, [
    db
      .prepare(
        `DELETE FROM org_suppliers WHERE org_id = ?1 AND supplier = ?2
           AND NOT EXISTS (SELECT 1 FROM supplier_imports WHERE org_id = ?1 AND supplier = ?2 AND status = 'running')
           AND NOT ${bookingsToCome('bookings')} AND NOT ${bookingsToCome('agent_bookings')}`,
      )
      .bind(orgId, supplier),
    auditIfMovedStatement(db, orgId, actor, 'supplier.remove', `supplier:${supplier}`, detail),
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ? AND changes() > 0').bind(orgId),
  ]);
  return (removed?.meta.changes ?? 0) > 0;
}

/**
 * Starts an import unless one is running (the partial unique index refuses a second: of 30 starts at once, one
 * writes) or the supplier has no credentials. The audit row is written only by the start that made the job.
 * Returns the new job's id, or null when none was started.
 */
export async function startImport(db: D1Database, orgId: number, actor: Actor, supplier: Supplier, nowMs: number): Promise<number | null> {
  const [started] = await atomically<{ id: number }>(db, [
    db
      .prepare(
        `INSERT INTO supplier_imports (org_id, supplier, heartbeat_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM org_suppliers WHERE org_id = ?1 AND supplier = ?2)
         ON CONFLICT DO NOTHING RETURNING id`,
      )
      .bind(orgId, supplier, nowMs),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?1, ?2, ?3, 'supplier.import', 'supplier:' || CAST(?4 AS TEXT), json_object('job_id', last_insert_rowid()) WHERE changes() = 1`,
      )
      .bind(orgId, actor.id, actor.email, supplier),
  ]);
  return started?.results[0]?.id ?? null;
}

/** A supplier's hotel as one page of the import writes it (the flow shapes it from the adapter's content). */
export interface ImportedHotel {
  code: string;
  name: string;
  city: string;
  country: string;
  address: string;
  latitude: number;
  longitude: number;
  description: string;
  rating: number;
  max_guests: number;
  /** The supplier's photo addresses, in its order: the photo step copies them into the product's gallery. */
  images: string[];
  /** The hotel's facilities, in the org's default language. */
  amenities: string[];
  /** Name, city, description and facilities in the org's other languages (the product's translations). */
  texts: { lang: string; name: string; city: string; description: string; amenities: string[] }[];
  /** `names`: the room's name in each language, the org's default one as `name`. */
  rooms: { code: string; name: string; names: Record<string, string>; max_adults: number; max_children: number; max_occupancy: number }[];
}

export interface PageProgress {
  /** The cursor the page was fetched at: the write counts only if the job still stands there (one runner moves it). */
  from: number;
  next: number;
  total: number;
  done: boolean;
  nowMs: number;
}

/**
 * One page of content in one batch: the hotels as products (inserted, or updated in place by org, source and hotel
 * code; a hotel whose name and city an own product of the org already has is left out rather than failing the page),
 * their room types (by code, with no rooms of their own for sale: a supplier prices them live), their texts in the
 * org's other languages (as a translation of an own product is kept), and the job's progress.
 * The job counts the page's hotels the org now holds (a hotel left out for its name is not counted).
 * Returns whether this runner moved the job (false: another runner got there first, or the job was no longer running:
 * then nothing of the page is written).
 */
export async function writeImportPage(db: D1Database, job: Pick<ImportRow, 'id' | 'org_id' | 'supplier'>, hotels: ImportedHotel[], progress: PageProgress): Promise<boolean> {
  const page = JSON.stringify(hotels);
  // Nothing of the page is written once the job is stopped, or moved on by another runner (its cursor elsewhere).
  const stillRunning = `EXISTS (SELECT 1 FROM supplier_imports j WHERE j.id = ?4 AND j.status = 'running' AND j.next_from = ?5)`;
  const statements: D1PreparedStatement[] = [];
  if (hotels.length) {
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO products (org_id, type, name, city, country, address, latitude, longitude, images, description, amenities, rating,
             price_usd_minor, price_unit, max_guests, status, source, supplier_code, supplier_images)
           SELECT ?1, 'HLT', h.value ->> '$.name', h.value ->> '$.city', h.value ->> '$.country', h.value ->> '$.address',
             h.value ->> '$.latitude', h.value ->> '$.longitude', h.value ->> '$.images', h.value ->> '$.description', COALESCE(h.value -> '$.amenities', '[]'),
             h.value ->> '$.rating', 0, 'night', h.value ->> '$.max_guests', 'ACTIVE', ?2, h.value ->> '$.code', h.value ->> '$.images'
           FROM json_each(?3) h WHERE ${stillRunning}
           ON CONFLICT (org_id, source, supplier_code) DO UPDATE SET
             name = CASE WHEN EXISTS (SELECT 1 FROM products q WHERE q.org_id = excluded.org_id AND q.type = 'HLT' AND q.name = excluded.name
                 AND q.city = excluded.city AND q.id <> products.id) THEN products.name ELSE excluded.name END,
             city = CASE WHEN EXISTS (SELECT 1 FROM products q WHERE q.org_id = excluded.org_id AND q.type = 'HLT' AND q.name = excluded.name
                 AND q.city = excluded.city AND q.id <> products.id) THEN products.city ELSE excluded.city END,
             country = excluded.country, address = excluded.address, latitude = excluded.latitude, longitude = excluded.longitude,
             -- Until the photo step has copied a hotel's photos, it shows the supplier's; after, its gallery's.
             images = CASE WHEN EXISTS (SELECT 1 FROM product_photos f WHERE f.product_id = products.id) THEN products.images ELSE excluded.images END,
             supplier_images = excluded.supplier_images, description = excluded.description, amenities = excluded.amenities, rating = excluded.rating,
             max_guests = excluded.max_guests`,
        )
        .bind(job.org_id, job.supplier, page, job.id, progress.from),
      db
        .prepare(
          `INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units, position)
           SELECT p.id, p.org_id, r.value ->> '$.code', r.value ->> '$.names', r.value ->> '$.max_adults',
             r.value ->> '$.max_children', r.value ->> '$.max_occupancy', 0, r.key
           FROM json_each(?3) h
           CROSS JOIN products p ON p.org_id = ?1 AND p.source = ?2 AND p.supplier_code = h.value ->> '$.code'
           JOIN json_each(h.value -> '$.rooms') r
           WHERE ${stillRunning}
           ON CONFLICT (product_id, code) DO UPDATE SET name = excluded.name, max_adults = excluded.max_adults,
             max_children = excluded.max_children, max_occupancy = excluded.max_occupancy, position = excluded.position`,
        )
        .bind(job.org_id, job.supplier, page, job.id, progress.from),
      db
        .prepare(
          `INSERT INTO product_texts (product_id, lang, org_id, name, description, amenities, city)
           SELECT p.id, t.value ->> '$.lang', p.org_id, t.value ->> '$.name', t.value ->> '$.description', COALESCE(t.value -> '$.amenities', '[]'), t.value ->> '$.city'
           FROM json_each(?3) h
           CROSS JOIN products p ON p.org_id = ?1 AND p.source = ?2 AND p.supplier_code = h.value ->> '$.code'
           JOIN json_each(h.value -> '$.texts') t
           WHERE ${stillRunning}
           ON CONFLICT (product_id, lang) DO UPDATE SET name = excluded.name, description = excluded.description, amenities = excluded.amenities,
             city = excluded.city, updated_at = ${NOW}`,
        )
        .bind(job.org_id, job.supplier, page, job.id, progress.from),
    );
  }
  statements.push(
    db
      .prepare(
        `UPDATE supplier_imports SET next_from = ?1, total = ?3, heartbeat_at = ?4,
           imported = imported + (SELECT COUNT(*) FROM json_each(?2) h CROSS JOIN products p ON p.org_id = ?8 AND p.source = ?9 AND p.supplier_code = h.value ->> '$.code'),
           status = CASE WHEN ?5 THEN 'done' ELSE status END, finished_at = CASE WHEN ?5 THEN ${NOW} ELSE finished_at END
         WHERE id = ?6 AND status = 'running' AND next_from = ?7`,
      )
      .bind(progress.next, page, progress.total, progress.nowMs, progress.done ? 1 : 0, job.id, progress.from, job.org_id, job.supplier),
  );
  const results = await atomically(db, statements);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/**
 * Stops the org's running import from the console (decision 0079): ended as failed with `error`, audited, in one batch;
 * its worker's page in flight then writes nothing. The stopped job, or null when none was running.
 */
export async function stopImport(db: D1Database, orgId: number, actor: Actor, supplier: Supplier, error: string): Promise<ImportRow | null> {
  const [stopped] = await atomically<ImportRow>(db, [
    db
      .prepare(`UPDATE supplier_imports SET status = 'failed', error = ?3, finished_at = ${NOW} WHERE org_id = ?1 AND supplier = ?2 AND status = 'running' RETURNING *`)
      .bind(orgId, supplier, error),
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?1, ?2, ?3, 'supplier.import_stop', 'supplier:' || CAST(?4 AS TEXT), json_object('job_id', MAX(id)) FROM supplier_imports
         WHERE org_id = ?1 AND supplier = ?4 AND changes() > 0 HAVING COUNT(*) > 0`,
      )
      .bind(orgId, actor.id, actor.email, supplier),
  ]);
  return stopped?.results[0] ?? null;
}

/** Ends a running job as failed, with why. */
export function failImport(db: D1Database, jobId: number, error: string) {
  return db.prepare(`UPDATE supplier_imports SET status = 'failed', error = ?, finished_at = ${NOW} WHERE id = ? AND status = 'running'`).bind(error.slice(0, 500), jobId).run();
}

/**
 * Running jobs no worker has moved since `staleBeforeMs`, claimed for this worker (their heartbeat set to now, so a
 * second sweep at the same time does not claim them too); so are finished jobs whose photo step stopped, unless a newer
 * import of the org's supplier (which copies the photos itself) has started since.
 */
export async function claimStaleImports(db: D1Database, staleBeforeMs: number, nowMs: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `UPDATE supplier_imports SET heartbeat_at = ?1 WHERE heartbeat_at < ?2
         AND (status = 'running' OR (status = 'done' AND photos_status <> 'done'
           AND NOT EXISTS (SELECT 1 FROM supplier_imports n WHERE n.org_id = supplier_imports.org_id AND n.supplier = supplier_imports.supplier AND n.id > supplier_imports.id)))
       RETURNING id`,
    )
    .bind(nowMs, staleBeforeMs)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
