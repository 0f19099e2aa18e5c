-- Bookable products per org, the wallet's payment cards, bookings with what each card paid, and saved travellers.
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('HLT', 'ACT', 'RST', 'STY')),
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  country TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  images TEXT NOT NULL DEFAULT '[]',
  description TEXT NOT NULL DEFAULT '',
  amenities TEXT NOT NULL DEFAULT '[]',
  rating REAL NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  price_usd_minor INTEGER NOT NULL CHECK (price_usd_minor >= 0),
  price_unit TEXT NOT NULL CHECK (price_unit IN ('night', 'person')),
  max_guests INTEGER NOT NULL DEFAULT 4 CHECK (max_guests >= 1),
  available_from TEXT,
  available_to TEXT,
  status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (org_id, type, name, city)
);
CREATE INDEX products_by_org_type_city ON products (org_id, type, city COLLATE NOCASE);
CREATE INDEX products_by_org_type_lat ON products (org_id, type, latitude);

-- Certificates, discount cards and cash cards. user_id NULL: issued by the org and in nobody's wallet yet;
-- listed = 1 marks the org's own certificates shown to everyone (the default certificate), never claimable by code.
CREATE TABLE payment_cards (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('certificate', 'discount', 'cash')),
  card_code TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL DEFAULT '',
  services TEXT NOT NULL DEFAULT '',
  pro_code TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'ACTIVE',
  card_amount_minor INTEGER NOT NULL DEFAULT 0 CHECK (card_amount_minor >= 0),
  redemption_price_minor INTEGER NOT NULL DEFAULT 0 CHECK (redemption_price_minor >= 0),
  payment_product_code TEXT NOT NULL DEFAULT '',
  payment_card_currency TEXT NOT NULL DEFAULT 'USD' CHECK (length(payment_card_currency) = 3),
  listed INTEGER NOT NULL DEFAULT 0 CHECK (listed IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (listed = 0 OR user_id IS NULL)
);
CREATE INDEX payment_cards_by_owner ON payment_cards (org_id, user_id, kind);

-- booking_ref is the booking_id on the wire; user_id NULL for a guest booking (orgs that allow it).
CREATE TABLE bookings (
  id INTEGER PRIMARY KEY,
  booking_ref TEXT NOT NULL UNIQUE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  product_id INTEGER NOT NULL REFERENCES products(id),
  product_type TEXT NOT NULL CHECK (product_type IN ('HLT', 'ACT', 'RST', 'STY')),
  product_name TEXT NOT NULL,
  city TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  check_in TEXT NOT NULL,
  check_out TEXT,
  guests INTEGER NOT NULL CHECK (guests >= 1),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  price_minor INTEGER NOT NULL CHECK (price_minor >= 0),
  certificate_minor INTEGER NOT NULL DEFAULT 0 CHECK (certificate_minor >= 0),
  discount_minor INTEGER NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  cash_minor INTEGER NOT NULL DEFAULT 0 CHECK (cash_minor >= 0),
  total_minor INTEGER NOT NULL CHECK (total_minor >= 0),
  status TEXT NOT NULL DEFAULT 'CONFIRMED' CHECK (status IN ('CONFIRMED', 'CANCELLED')),
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  traveler TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (certificate_minor + discount_minor + cash_minor + total_minor = price_minor)
);
CREATE UNIQUE INDEX bookings_idempotency ON bookings (org_id, IFNULL(user_id, 0), idempotency_key);
CREATE INDEX bookings_by_user ON bookings (org_id, user_id, created_at DESC);

CREATE TABLE card_spends (
  booking_id INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  card_id INTEGER NOT NULL REFERENCES payment_cards(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('certificate', 'discount', 'cash')),
  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
  card_currency_minor INTEGER NOT NULL CHECK (card_currency_minor >= 0),
  PRIMARY KEY (booking_id, card_id)
);
CREATE INDEX card_spends_by_card ON card_spends (card_id);

CREATE TABLE travelers (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL CHECK (title IN ('Miss', 'Mr', 'Mrs')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX travelers_by_user ON travelers (org_id, user_id);
