// Every seeded product's gallery (docs/photo-credits.md): three photographs suited to its type and city, with alt text
// in every language. Products that already have photos (an admin's choice) are left alone; the bytes go to local R2
// from scripts/lib/server.mjs (seed/photos.mjs).
import { q } from '../index.mjs';
import { BEACH_CITIES, PHOTOS_PER_SEEDED_PRODUCT, POOLS, SEED_PHOTOS, seedPhotoKeys } from '../photos.mjs';

export default function () {
  const keys = seedPhotoKeys();
  const byName = Object.fromEntries(SEED_PHOTOS.map((p) => [p[0], p]));
  const pool = Object.entries(POOLS).flatMap(([kind, names]) =>
    names.map((name, i) => {
      const [, w, h, en, fr, es] = byName[name];
      return `(${[kind, i, names.length, keys[name], w, h, JSON.stringify({ 'en-US': en, 'fr-FR': fr, 'es-ES': es })].map(q).join(', ')})`;
    }),
  );
  const kind = `CASE WHEN p.type = 'RST' OR p.city IN (${BEACH_CITIES.map(q).join(', ')}) THEN 'sea' WHEN p.type = 'HLT' THEN 'city' WHEN p.type = 'ACT' THEN 'outdoors' ELSE 'home' END`;
  const picks = Array.from({ length: PHOTOS_PER_SEEDED_PRODUCT }, (_, k) => `SELECT ${k} AS k`).join(' UNION ALL ');
  return `INSERT INTO product_photos (org_id, product_id, image_key, width, height, position, alt)
  WITH pool(kind, idx, size, image_key, width, height, alt) AS (VALUES
  ${pool.join(',\n  ')}),
  picks AS (${picks})
  SELECT p.org_id, p.id, pool.image_key, pool.width, pool.height, picks.k, pool.alt
  FROM products p JOIN picks JOIN pool ON pool.kind = ${kind} AND pool.idx = (p.id + picks.k) % pool.size
  WHERE NOT EXISTS (SELECT 1 FROM product_photos f WHERE f.product_id = p.id)
  ORDER BY p.id, picks.k;
UPDATE products SET images = (SELECT json_group_array('/api/images/' || image_key || '/800') FROM (SELECT image_key FROM product_photos f WHERE f.product_id = products.id ORDER BY position, id))
  WHERE EXISTS (SELECT 1 FROM product_photos f WHERE f.product_id = products.id);
`;
}
