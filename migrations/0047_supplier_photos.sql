-- Imported hotels' photos copied through the console upload's path (docs/decisions/0075-supplier-photos.md, CONTRACT
-- section 18): the supplier's photo addresses a hotel had at its last import, the address → stored photo table that
-- keeps a re-run from fetching or transforming a photo twice, and the import's photo step (after the hotel pages).
ALTER TABLE products ADD COLUMN supplier_images TEXT NOT NULL DEFAULT '[]';
-- Hotels imported before: their images are still the supplier's addresses.
UPDATE products SET supplier_images = images WHERE source <> 'own';

-- One row per org and supplier photo address already copied into R2 (its key is the SHA-256 of the fetched bytes).
CREATE TABLE supplier_photos (
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  image_key TEXT NOT NULL CHECK (length(image_key) = 64),
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  stored_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (org_id, url)
);
CREATE INDEX supplier_photos_by_key ON supplier_photos (org_id, image_key);

-- The photo step's cursor (the last product id done), what it fetched, and the photos it skipped (404, not an image,
-- too small, too slow). The hotel pages end with status 'done'; the photos follow under photos_status.
ALTER TABLE supplier_imports ADD COLUMN photos_status TEXT NOT NULL DEFAULT 'pending' CHECK (photos_status IN ('pending', 'running', 'done'));
ALTER TABLE supplier_imports ADD COLUMN photos_after INTEGER NOT NULL DEFAULT 0;
ALTER TABLE supplier_imports ADD COLUMN photos_fetched INTEGER NOT NULL DEFAULT 0;
ALTER TABLE supplier_imports ADD COLUMN photo_errors INTEGER NOT NULL DEFAULT 0;
-- Jobs before this migration: the latest finished one of each org and supplier copies the photos its hotels have
-- (the hourly job picks it up); older and failed ones have nothing left to do.
UPDATE supplier_imports SET photos_status = 'done'
  WHERE status <> 'done' OR id <> (SELECT MAX(n.id) FROM supplier_imports n WHERE n.org_id = supplier_imports.org_id AND n.supplier = supplier_imports.supplier);
