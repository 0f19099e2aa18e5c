-- A product's city in the visitor's language (docs/decisions/0049-city-names.md): a translation row also names the
-- product's city in its language ("Lisbonne", "Lisboa" for the base column's "Lisbon"). Empty in the rows written before
-- (the base city is shown). The index serves a search by the translated name and the suggestions typed in it.
ALTER TABLE product_texts ADD COLUMN city TEXT NOT NULL DEFAULT '';
CREATE INDEX product_texts_by_city ON product_texts (org_id, lang, city COLLATE NOCASE);
