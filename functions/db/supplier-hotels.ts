// The bed bank's hotels as the console reads and sells them (docs/contract.md section 18, decision 0068 amended): a
// page of the org's hotels of one supplier, found by name, city (in the reader's language too) or the supplier's code,
// one hotel with its texts and room types, and its sale switched (the product's status, which the import never
// writes: a re-run keeps the admin's choice) with its audit row, like a console change of an own product.
import type { Actor } from './console';
import type { Supplier } from '../../src/shared/contract/supplier-text';

export interface SupplierHotelRow {
  id: number;
  supplier_code: string;
  name: string;
  city: string;
  country: string;
  address: string;
  rating: number;
  status: 'ACTIVE' | 'INACTIVE';
  images: string;
  photos: number;
  /** Name and city in the reader's language (a product_texts row), null where none is kept. */
  shown_name: string | null;
  shown_city: string | null;
}

const COLUMNS = `p.id, p.supplier_code, p.name, p.city, p.country, p.address, p.rating, p.status, p.images,
  (SELECT COUNT(*) FROM product_photos f WHERE f.product_id = p.id) AS photos, NULLIF(t.name, '') AS shown_name, NULLIF(t.city, '') AS shown_city`;

/**
 * One page of the org's hotels of `supplier` and how many match, in one batch. `search` (lower case, may be empty)
 * is found inside the name or city (the product's own or in `language`), or is the supplier's code.
 */
export async function supplierHotelsPage(
  db: D1Database, orgId: number, supplier: Supplier, language: string, search: string, limit: number, offset: number,
): Promise<{ rows: SupplierHotelRow[]; count: number }> {
  const from = `FROM products p LEFT JOIN product_texts t ON t.product_id = p.id AND t.lang = ?3
    WHERE p.org_id = ?1 AND p.source = ?2 AND p.supplier_code IS NOT NULL AND (?4 = ''
      OR instr(lower(p.name), ?4) > 0 OR instr(lower(p.city), ?4) > 0
      OR instr(lower(COALESCE(t.name, '')), ?4) > 0 OR instr(lower(COALESCE(t.city, '')), ?4) > 0 OR lower(p.supplier_code) = ?4)`;
  const [page, total] = await db.batch([
    db
      .prepare(`SELECT ${COLUMNS} ${from} ORDER BY COALESCE(NULLIF(t.city, ''), p.city), COALESCE(NULLIF(t.name, ''), p.name), p.id LIMIT ?5 OFFSET ?6`)
      .bind(orgId, supplier, language, search, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(orgId, supplier, language, search),
  ]);
  return { rows: (page!.results ?? []) as SupplierHotelRow[], count: ((total!.results?.[0] as { n: number } | undefined)?.n) ?? 0 };
}

/** One hotel of the org and supplier (null for none, an own product, another supplier's or another org's) and its texts. */
export async function supplierHotel(
  db: D1Database, orgId: number, supplier: Supplier, productId: number, language: string,
): Promise<{ row: SupplierHotelRow; texts: { lang: string; name: string; city: string }[] } | null> {
  const [hotel, texts] = await db.batch([
    db
      .prepare(`SELECT ${COLUMNS} FROM products p LEFT JOIN product_texts t ON t.product_id = p.id AND t.lang = ?4 WHERE p.id = ?1 AND p.org_id = ?2 AND p.source = ?3 AND p.supplier_code IS NOT NULL`)
      .bind(productId, orgId, supplier, language),
    db
      .prepare('SELECT t.lang, t.name, t.city FROM product_texts t JOIN products p ON p.id = t.product_id WHERE t.product_id = ?1 AND p.org_id = ?2 AND p.source = ?3')
      .bind(productId, orgId, supplier),
  ]);
  const row = hotel!.results?.[0] as SupplierHotelRow | undefined;
  return row ? { row, texts: (texts!.results ?? []) as { lang: string; name: string; city: string }[] } : null;
}

/**
 * Puts the hotel on sale or takes it off, with its audit row (`product.update`, as a console change of an own
 * product's status) and the org's version, only when the status really changes (the guard is in each statement of
 * the one batch, so two admins switching at once write one row). Returns whether it changed.
 */
export async function setSupplierHotelStatus(
  db: D1Database, orgId: number, actor: Actor, supplier: Supplier, productId: number, status: 'ACTIVE' | 'INACTIVE',
): Promise<boolean> {
  const before = status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
  // The audit row and the version first, each only while the hotel is in the other state; then the change itself.
  const stands = 'EXISTS (SELECT 1 FROM products WHERE id = ?2 AND org_id = ?1 AND source = ?3 AND status <> ?4)';
  const [, , updated] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)
         SELECT ?1, ?5, ?6, 'product.update', ?8, json_object('before', json_object('status', ?7), 'after', json_object('status', ?4), 'supplier', ?3)
         WHERE ${stands}`,
      )
      .bind(orgId, productId, supplier, status, actor.id, actor.email, before, `product:${productId}`),
    db.prepare(`UPDATE orgs SET version = version + 1 WHERE id = ?1 AND ${stands}`).bind(orgId, productId, supplier, status),
    db.prepare('UPDATE products SET status = ?4 WHERE id = ?2 AND org_id = ?1 AND source = ?3 AND status <> ?4').bind(orgId, productId, supplier, status),
  ]);
  return (updated!.meta.changes ?? 0) > 0;
}
