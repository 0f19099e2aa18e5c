// Translated content (docs/decisions/0034-translated-content.md): products' and cards' text in the visitor's language,
// laid over rows read in the org's default language. A translation row is a whole record, so a product is shown
// entirely in one language (its translation) or entirely in the default language (no translation), never mixed.
import { defaultCardName } from '../../src/shared/i18n/card-names';
import { isLanguage } from '../../src/shared/i18n/language';
import { LANGUAGES } from '../../src/shared/i18n/types';

interface ProductText {
  product_id: number;
  name: string;
  description: string;
  amenities: string;
  /** The product's city in that language; empty where the row does not name it (the base city is shown). */
  city: string;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * `rows` with name, description, amenities and city in `language` where a translation exists. No statement is sent when
 * the language is the org's default (the rows already hold that text) or there is nothing to translate.
 */
export async function inLanguage<T extends { id: number; name: string; description: string; amenities: string; city: string }>(
  db: D1Database,
  rows: T[],
  language: string,
  defaultLanguage: string,
): Promise<T[]> {
  if (rows.length === 0 || language === defaultLanguage) return rows;
  const ids = unique(rows.map((r) => r.id));
  const { results } = await db
    .prepare(`SELECT product_id, name, description, amenities, city FROM product_texts WHERE lang = ? AND product_id IN (${marks(ids.length)})`)
    .bind(language, ...ids)
    .all<ProductText>();
  const byId = new Map(results.map((t) => [t.product_id, t]));
  return rows.map((r) => {
    const t = byId.get(r.id);
    return t ? { ...r, name: t.name, description: t.description, amenities: t.amenities, city: t.city || r.city } : r;
  });
}

/**
 * The city a name stands for among products of `type`, and its name in `language` (decision 0049): the products' own city ("Paris", case aside)
 * or a translation's ("Lisbonne", "lisboa" → "Lisbon"), in any of the org's languages; null when no city is so named.
 * A search by the name a visitor reads finds what the products are stored under, and names it in their language.
 */
export async function cityNamed(db: D1Database, orgId: number, type: string, name: string, language: string): Promise<{ city: string; name: string } | null> {
  const inLanguage = `(SELECT NULLIF(l.city, '') FROM product_texts l WHERE l.product_id = p.id AND l.lang = ?3)`;
  const row = await db
    .prepare(
      `SELECT p.city, ${inLanguage} AS name FROM products p WHERE p.org_id = ?1 AND p.type = ?4 AND p.city = ?2 COLLATE NOCASE
       UNION ALL
       SELECT p.city, ${inLanguage} AS name FROM product_texts t JOIN products p ON p.id = t.product_id
        WHERE t.org_id = ?1 AND t.lang IN (${LANGUAGES.map((l) => `'${l}'`).join(', ')}) AND t.city = ?2 COLLATE NOCASE
       LIMIT 1`,
    )
    .bind(orgId, name, language, type)
    .first<{ city: string; name: string | null }>();
  return row ? { city: row.city, name: row.name ?? row.city } : null;
}

/** Product names and cities in `language` by product id (the city empty where the translation names none). */
export async function productTexts(db: D1Database, productIds: readonly number[], language: string, defaultLanguage: string): Promise<Map<number, { name: string; city: string }>> {
  const ids = unique(productIds.filter((id) => Number.isInteger(id)));
  if (ids.length === 0 || language === defaultLanguage) return new Map();
  const { results } = await db
    .prepare(`SELECT product_id, name, city FROM product_texts WHERE lang = ? AND product_id IN (${marks(ids.length)})`)
    .bind(language, ...ids)
    .all<{ product_id: number; name: string; city: string }>();
  return new Map(results.map((t) => [t.product_id, { name: t.name, city: t.city }]));
}

/** Product names in `language` by product id (for records that keep a product's id, such as bookings and quotes). */
export async function productNames(db: D1Database, productIds: readonly number[], language: string, defaultLanguage: string): Promise<Map<number, string>> {
  return new Map([...(await productTexts(db, productIds, language, defaultLanguage))].map(([id, t]) => [id, t.name]));
}

/**
 * `rows` (wallet cards) with their name in `language`: the card's translation where one exists, else, for a card that
 * still carries the name it was issued with by default ("Discount card"), that default in `language`.
 */
export async function cardsInLanguage<T extends { id: number; name: string; kind: string; services: string }>(db: D1Database, rows: T[], language: string, defaultLanguage: string): Promise<T[]> {
  const byDefault = (r: T) => (isLanguage(language) && r.name === defaultCardName(r.kind, r.services) ? { ...r, name: defaultCardName(r.kind, r.services, language) } : r);
  if (rows.length === 0 || language === defaultLanguage) return rows.map(byDefault);
  const ids = unique(rows.map((r) => r.id));
  const { results } = await db
    .prepare(`SELECT card_id, name FROM card_texts WHERE lang = ? AND card_id IN (${marks(ids.length)})`)
    .bind(language, ...ids)
    .all<{ card_id: number; name: string }>();
  const byId = new Map(results.map((t) => [t.card_id, t.name]));
  return rows.map((r) => (byId.has(r.id) ? { ...r, name: byId.get(r.id)! } : byDefault(r)));
}

/** The language to write to a booking's holder when no visitor's request is at hand (a webhook): their account's, else the org's. */
export async function holderLanguage(db: D1Database, orgId: number, userId: number | null): Promise<string> {
  const row = await db
    .prepare('SELECT COALESCE((SELECT language FROM users WHERE id = ? AND org_id = o.id), o.default_language) AS language FROM orgs o WHERE o.id = ?')
    .bind(userId, orgId)
    .first<{ language: string | null }>();
  return row?.language ?? 'en-US';
}

/**
 * A booking (or any record keeping a product's id, name and city) with the product's name and city in `language` where
 * translated (decision 0049).
 */
export async function withProductName<T extends { product_id: number; product_name: string; city?: string }>(db: D1Database, record: T, language: string): Promise<T> {
  const row = await db.prepare('SELECT name, city FROM product_texts WHERE product_id = ? AND lang = ?').bind(record.product_id, language).first<{ name: string; city: string }>();
  return row ? { ...record, product_name: row.name, ...(row.city && 'city' in record ? { city: row.city } : {}) } : record;
}

/** Records keeping a product's id, name and city, each with the product's name and city in `language` where translated. */
export async function withProductTexts<T extends { product_id: number; product_name: string; city: string }>(db: D1Database, rows: T[], language: string, defaultLanguage: string): Promise<T[]> {
  const texts = await productTexts(db, rows.map((r) => r.product_id), language, defaultLanguage);
  return rows.map((r) => {
    const t = texts.get(r.product_id);
    return t ? { ...r, product_name: t.name, city: t.city || r.city } : r;
  });
}
