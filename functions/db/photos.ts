// Product photos' SQL (docs/decisions/0032-photographs.md). Every change is one batch: the change, the product's
// `images` list (what cards, checkout and bookings show) rewritten from the photos, the org's version and the audit row.
import { auditStatement, type Actor } from './console';
import { DEFAULT_PHOTO_WIDTH, PHOTOS_PER_PRODUCT } from '../../src/shared/rules/photos';
import { sellingRangeSql } from './ari';

export interface PhotoRow {
  id: number;
  product_id: number;
  image_key: string;
  width: number;
  height: number;
  position: number;
  alt: string;
}

const COLUMNS = 'id, product_id, image_key, width, height, position, alt';

export function photosOf(db: D1Database, orgId: number, productId: number) {
  return db.prepare(`SELECT ${COLUMNS} FROM product_photos WHERE org_id = ? AND product_id = ? ORDER BY position, id`).bind(orgId, productId).all<PhotoRow>().then((r) => r.results);
}

export function productOfOrg(db: D1Database, orgId: number, productId: number) {
  return db.prepare('SELECT id, type, name, city FROM products WHERE org_id = ? AND id = ?').bind(orgId, productId).first<{ id: number; type: string; name: string; city: string }>();
}

export interface AdminProductRow {
  id: number; code: string; status: 'ACTIVE' | 'INACTIVE'; type: string; name: string; city: string; photos: number; images: string;
  /** Something of it can be sold: an activity, or a priced night to come that is not stop-sold (docs/decisions/0057). */
  bookable: number;
}

export function productsWithPhotoCounts(db: D1Database, orgId: number) {
  return db
    .prepare(
      `SELECT p.id, p.code, p.status, p.type, p.name, p.city, p.images, (SELECT COUNT(*) FROM product_photos f WHERE f.product_id = p.id) AS photos,
         CASE WHEN p.price_unit = 'person' THEN 1 ELSE EXISTS (SELECT 1 FROM rate_ranges n WHERE n.product_id = p.id AND ${sellingRangeSql('n')}) END AS bookable
       FROM products p WHERE p.org_id = ? AND p.source = 'own' ORDER BY p.type, p.city, p.name`,
    )
    .bind(orgId)
    .all<AdminProductRow>()
    .then((r) => r.results);
}

/** SQL for a product's `images` list from its photos in their order (the address of the default width); `product` names its id. */
export const imagesFromPhotosSql = (product: string) =>
  `(SELECT COALESCE(json_group_array('/api/images/' || image_key || '/${DEFAULT_PHOTO_WIDTH}'), '[]')
     FROM (SELECT image_key FROM product_photos WHERE product_id = ${product} ORDER BY position, id))`;

/** The product's `images` column, rewritten from its photos in their order. */
function syncImages(db: D1Database, orgId: number, productId: number) {
  return db.prepare(`UPDATE products SET images = ${imagesFromPhotosSql('?1')} WHERE id = ?1 AND org_id = ?2`).bind(productId, orgId);
}

/** Moves the org's version when the statement just before it changed a row (SQLite's changes()), so a refusal writes nothing. */
const bumpVersionIfChanged = (db: D1Database, orgId: number) => db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ? AND changes() > 0').bind(orgId);

export interface NewPhoto { key: string; width: number; height: number; alt: string }

/**
 * Adds a photo at the end of the product's gallery, unless the gallery is full: the count is checked by the insert
 * itself, so photos uploaded at once never pass the cap. Returns the new photo's id, or null when full.
 */
export async function insertPhoto(db: D1Database, orgId: number, actor: Actor, productId: number, photo: NewPhoto): Promise<number | null> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO product_photos (org_id, product_id, image_key, width, height, position, alt)
         SELECT ?1, ?2, ?3, ?4, ?5, COALESCE((SELECT MAX(position) + 1 FROM product_photos WHERE product_id = ?2), 0), ?6
         WHERE EXISTS (SELECT 1 FROM products WHERE id = ?2 AND org_id = ?1)
           AND (SELECT COUNT(*) FROM product_photos WHERE product_id = ?2) < ${PHOTOS_PER_PRODUCT}
         RETURNING id`,
      )
      .bind(orgId, productId, photo.key, photo.width, photo.height, photo.alt),
    // Right after the insert: changes() and last_insert_rowid() are the insert's, so a refused insert writes no row.
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?1, ?2, ?3, 'photo.add', 'product:' || CAST(?4 AS INTEGER), json_object('photo_id', last_insert_rowid(), 'image', ?5) WHERE changes() = 1`,
      )
      .bind(orgId, actor.id, actor.email, productId, photo.key),
    // changes() is the audit row's here: the version moves only with a photo added.
    bumpVersionIfChanged(db, orgId),
    syncImages(db, orgId, productId),
  ]);
  return inserted!.results[0]?.id ?? null;
}

export async function updateAlt(db: D1Database, orgId: number, actor: Actor, productId: number, photoId: number, alt: string, before: string): Promise<boolean> {
  const [updated] = await db.batch([
    db.prepare('UPDATE product_photos SET alt = ? WHERE id = ? AND product_id = ? AND org_id = ?').bind(alt, photoId, productId, orgId),
    bumpVersionIfChanged(db, orgId),
    auditStatement(db, orgId, actor, 'photo.alt', `product:${productId}`, { photo_id: photoId, before: JSON.parse(before), after: JSON.parse(alt) }),
  ]);
  return (updated!.meta.changes ?? 0) > 0;
}

/**
 * Puts the product's photos in the given order, only if the list names exactly the photos the product has now (the
 * check is in the statement: a photo added or removed meanwhile makes it change nothing).
 */
export async function reorderPhotos(db: D1Database, orgId: number, actor: Actor, productId: number, ids: number[], before: number[]): Promise<boolean> {
  const list = ids.join(',');
  const guard = `(SELECT COUNT(*) FROM product_photos WHERE product_id = ?1) = ${ids.length}
    AND (SELECT COUNT(*) FROM product_photos WHERE product_id = ?1 AND id IN (${list})) = ${ids.length}`;
  const cases = ids.map((id, i) => `WHEN ${id} THEN ${i}`).join(' ');
  const [updated] = await db.batch([
    db.prepare(`UPDATE product_photos SET position = CASE id ${cases} END WHERE product_id = ?1 AND org_id = ?2 AND ${guard}`).bind(productId, orgId),
    syncImages(db, orgId, productId),
    db.prepare(`UPDATE orgs SET version = version + 1 WHERE id = ?2 AND ${guard}`).bind(productId, orgId),
    db
      .prepare(`INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) SELECT ?2, ?3, ?4, 'photo.order', 'product:' || CAST(?1 AS INTEGER), ?5 WHERE ${guard}`)
      .bind(productId, orgId, actor.id, actor.email, JSON.stringify({ before, after: ids })),
  ]);
  return (updated!.meta.changes ?? 0) > 0;
}

export async function deletePhoto(db: D1Database, orgId: number, actor: Actor, productId: number, photoId: number): Promise<boolean> {
  const [audit, , removed] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?1, ?2, ?3, 'photo.remove', 'product:' || CAST(?4 AS INTEGER), json_object('photo_id', id, 'image', image_key) FROM product_photos WHERE id = ?5 AND product_id = ?4 AND org_id = ?1`,
      )
      .bind(orgId, actor.id, actor.email, productId, photoId),
    // The org's version moves only when there is a photo to remove: a refused removal writes nothing.
    db
      .prepare('UPDATE orgs SET version = version + 1 WHERE id = ?1 AND EXISTS (SELECT 1 FROM product_photos WHERE id = ?2 AND product_id = ?3 AND org_id = ?1)')
      .bind(orgId, photoId, productId),
    db.prepare('DELETE FROM product_photos WHERE id = ? AND product_id = ? AND org_id = ?').bind(photoId, productId, orgId),
    syncImages(db, orgId, productId),
  ]);
  void audit;
  return (removed!.meta.changes ?? 0) > 0;
}
