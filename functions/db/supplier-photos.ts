// The import's photo step (docs/decisions/0075-supplier-photos.md): the supplier's photo addresses of the org's
// imported hotels, the address → stored photo table (a photo copied once per org is never fetched again), and one
// batch per step writing the hotels' galleries into the console's product_photos, their `images`, and the job's cursor.
import { imagesFromPhotosSql } from './photos';
import { atomically } from './batch';
import type { ImportRow } from './suppliers';

export interface StoredSupplierPhoto { url: string; key: string; width: number; height: number }

/** The next imported hotels after `afterId` (by id), with the supplier's photo addresses of their last import. */
export function hotelsForPhotos(db: D1Database, orgId: number, supplier: string, afterId: number, limit: number) {
  return db
    .prepare('SELECT id, supplier_images FROM products WHERE org_id = ? AND source = ? AND id > ? ORDER BY id LIMIT ?')
    .bind(orgId, supplier, afterId, limit)
    .all<{ id: number; supplier_images: string }>()
    .then((r) => r.results);
}

/** Which of these addresses the org has already copied, and as what. */
export async function storedSupplierPhotos(db: D1Database, orgId: number, urls: string[]): Promise<Map<string, StoredSupplierPhoto>> {
  if (!urls.length) return new Map();
  const { results } = await db
    .prepare('SELECT url, image_key AS key, width, height FROM supplier_photos WHERE org_id = ? AND url IN (SELECT value FROM json_each(?))')
    .bind(orgId, JSON.stringify(urls))
    .all<StoredSupplierPhoto>();
  return new Map(results.map((r) => [r.url, r]));
}

/** The hotels' photos now, in their order; `imported`: the photo came from a supplier (an admin's own upload is kept). */
export function galleriesOf(db: D1Database, orgId: number, productIds: number[]) {
  return db
    .prepare(
      `SELECT f.product_id, f.image_key, EXISTS (SELECT 1 FROM supplier_photos s WHERE s.org_id = f.org_id AND s.image_key = f.image_key) AS imported
       FROM product_photos f WHERE f.org_id = ? AND f.product_id IN (SELECT value FROM json_each(?)) ORDER BY f.product_id, f.position, f.id`,
    )
    .bind(orgId, JSON.stringify(productIds))
    .all<{ product_id: number; image_key: string; imported: number }>()
    .then((r) => r.results);
}

/** A hotel whose gallery changes: the supplier's photos it should show, in order; `rank` numbers the ones it lacks (1, 2, …). */
export interface GalleryChange {
  p: number;
  keys: { key: string; width: number; height: number; rank: number }[];
}

export interface PhotoStep {
  /** The cursor the step read its hotels at, and where it leaves it. */
  after: number;
  next: number;
  stored: StoredSupplierPhoto[];
  changes: GalleryChange[];
  fetched: number;
  failed: number;
  done: boolean;
  nowMs: number;
  cap: number;
}

/**
 * One photo step in one batch: the addresses newly copied; for each hotel whose gallery changes, the supplier's photos it
 * no longer has removed, the new ones added after the ones it keeps (never past the cap: the count is read before the
 * insert, and `rank` numbers the additions), the order set, `images` rewritten as a console change does; the org's
 * version moved once; and the job's photo cursor and counts, only if the job still stands where the step read it.
 * Returns whether this runner moved the job.
 */
export async function writePhotoStep(db: D1Database, job: Pick<ImportRow, 'id' | 'org_id'>, step: PhotoStep): Promise<boolean> {
  const stored = JSON.stringify(step.stored);
  const changes = JSON.stringify(step.changes);
  // Every gallery statement is written only while the job still stands at the step's cursor (a second runner writes nothing).
  // A newer import of the org's supplier copies the photos itself: this one stops.
  const ours = `EXISTS (SELECT 1 FROM supplier_imports j WHERE j.id = ${Number(job.id)} AND j.photos_after = ${Number(step.after)} AND j.photos_status <> 'done'
    AND NOT EXISTS (SELECT 1 FROM supplier_imports n WHERE n.org_id = j.org_id AND n.supplier = j.supplier AND n.id > j.id))`;
  // The photo's place among the supplier's photos its hotel should show (no row: it should not, or it is an admin's own).
  const wanted = `FROM json_each(?2) h, json_each(h.value -> '$.keys') k
    WHERE h.value ->> '$.p' = product_photos.product_id AND k.value ->> '$.key' = product_photos.image_key`;
  const statements: D1PreparedStatement[] = [];
  if (step.stored.length) {
    statements.push(
      db
        .prepare(
          `INSERT INTO supplier_photos (org_id, url, image_key, width, height)
           SELECT ?1, s.value ->> '$.url', s.value ->> '$.key', s.value ->> '$.width', s.value ->> '$.height' FROM json_each(?2) s WHERE ${ours}
           ON CONFLICT (org_id, url) DO UPDATE SET image_key = excluded.image_key, width = excluded.width, height = excluded.height`,
        )
        .bind(job.org_id, stored),
    );
  }
  if (step.changes.length) {
    statements.push(
      db
        .prepare(
          `DELETE FROM product_photos WHERE org_id = ?1 AND product_id IN (SELECT h.value ->> '$.p' FROM json_each(?2) h)
             AND image_key IN (SELECT s.image_key FROM supplier_photos s WHERE s.org_id = ?1) AND NOT EXISTS (SELECT 1 ${wanted}) AND ${ours}`,
        )
        .bind(job.org_id, changes),
      db
        .prepare(
          `INSERT INTO product_photos (org_id, product_id, image_key, width, height, position, alt)
           SELECT ?1, h.value ->> '$.p', k.value ->> '$.key', k.value ->> '$.width', k.value ->> '$.height', k.key, '{}'
           FROM json_each(?2) h, json_each(h.value -> '$.keys') k
           WHERE k.value ->> '$.rank' > 0
             AND NOT EXISTS (SELECT 1 FROM product_photos f WHERE f.product_id = h.value ->> '$.p' AND f.image_key = k.value ->> '$.key')
             AND EXISTS (SELECT 1 FROM products p WHERE p.id = h.value ->> '$.p' AND p.org_id = ?1)
             AND (SELECT COUNT(*) FROM product_photos f WHERE f.product_id = h.value ->> '$.p') + (k.value ->> '$.rank') <= ?3 AND ${ours}`,
        )
        .bind(job.org_id, changes, step.cap),
      // The supplier's photos first, in its order; an admin's own uploads after them, in theirs.
      db
        .prepare(
          `UPDATE product_photos SET position = COALESCE((SELECT k.key ${wanted}), CASE WHEN position >= 1000 THEN position ELSE position + 1000 END)
           WHERE org_id = ?1 AND product_id IN (SELECT h.value ->> '$.p' FROM json_each(?2) h) AND ${ours}`,
        )
        .bind(job.org_id, changes),
      db
        .prepare(`UPDATE products SET images = ${imagesFromPhotosSql('products.id')} WHERE org_id = ?1 AND id IN (SELECT h.value ->> '$.p' FROM json_each(?2) h) AND ${ours}`)
        .bind(job.org_id, changes),
      // Cached pages move on at the next request (decision 0025), once for the step.
      db.prepare(`UPDATE orgs SET version = version + 1 WHERE id = ?1 AND ${ours}`).bind(job.org_id),
    );
  }
  statements.push(
    db
      .prepare(
        `UPDATE supplier_imports SET photos_after = ?1, photos_fetched = photos_fetched + ?2, photo_errors = photo_errors + ?3,
           photos_status = CASE WHEN ?4 THEN 'done' ELSE 'running' END, heartbeat_at = ?5
         WHERE id = ?6 AND photos_after = ?7 AND photos_status <> 'done'
           AND NOT EXISTS (SELECT 1 FROM supplier_imports n WHERE n.org_id = supplier_imports.org_id AND n.supplier = supplier_imports.supplier AND n.id > supplier_imports.id)`,
      )
      .bind(step.next, step.fetched, step.failed, step.done ? 1 : 0, step.nowMs, job.id, step.after),
  );
  const results = await atomically(db, statements);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/** Ends the photo step of a job with nothing (more) to copy, e.g. where the Worker has no photo store. */
export function finishPhotos(db: D1Database, jobId: number) {
  return db.prepare("UPDATE supplier_imports SET photos_status = 'done' WHERE id = ? AND photos_status <> 'done'").bind(jobId).run();
}
