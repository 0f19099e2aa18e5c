-- Translated content (docs/decisions/0034-translated-content.md): a product's or a card's text in another language than
-- the org's default, one whole record per language. A row holds every translatable field (NOT NULL), so a record is
-- shown entirely in one language or entirely in the default one, never half. The base columns of products and
-- payment_cards stay the org's default-language text; org_id is kept on each row so the console can list and edit
-- an org's translations without a join.
CREATE TABLE product_texts (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en-US', 'es-ES', 'fr-FR')),
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) > 0),
  description TEXT NOT NULL,
  amenities TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(amenities) AND json_type(amenities) = 'array'),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (product_id, lang)
);
CREATE INDEX product_texts_by_org ON product_texts (org_id, lang);

CREATE TABLE card_texts (
  card_id INTEGER NOT NULL REFERENCES payment_cards(id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en-US', 'es-ES', 'fr-FR')),
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) > 0),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (card_id, lang)
);
CREATE INDEX card_texts_by_org ON card_texts (org_id, lang);

CREATE TABLE campaign_texts (
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en-US', 'es-ES', 'fr-FR')),
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  title TEXT NOT NULL CHECK (length(title) > 0),
  description TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (campaign_id, lang)
);
CREATE INDEX campaign_texts_by_org ON campaign_texts (org_id, lang);
