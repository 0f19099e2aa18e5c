-- Rooms, rates and availability (docs/contract.md#rooms-rates-and-availability, docs/decisions/0057-rooms-rates-and-availability.md):
-- a nightly product sells room types under rate plans, night by night. Every product gains a code (default P<id>);
-- room types and rate plans have codes unique in their product. Prices, restrictions and rooms for sale are kept per
-- night (ARI); a night without a price is not for sale.
ALTER TABLE products ADD COLUMN code TEXT;
UPDATE products SET code = 'P' || id WHERE code IS NULL;
CREATE UNIQUE INDEX products_code ON products (org_id, code);
-- A product written without a code gets the default one (the seed, the console and every test insert go through this).
CREATE TRIGGER products_default_code AFTER INSERT ON products WHEN NEW.code IS NULL
BEGIN
  UPDATE products SET code = 'P' || NEW.id WHERE id = NEW.id;
END;

CREATE TABLE room_types (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  -- { "en-US": …, "fr-FR"?: …, "es-ES"?: … }
  name TEXT NOT NULL CHECK (json_valid(name) AND json_type(name) = 'object'),
  max_adults INTEGER NOT NULL CHECK (max_adults BETWEEN 1 AND 20),
  max_children INTEGER NOT NULL DEFAULT 0 CHECK (max_children BETWEEN 0 AND 20),
  max_occupancy INTEGER NOT NULL CHECK (max_occupancy BETWEEN 1 AND 40),
  -- How many rooms of the type the hotel has: the rooms for sale on a night without its own count.
  units INTEGER NOT NULL CHECK (units BETWEEN 0 AND 10000),
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (product_id, code)
);
CREATE INDEX room_types_by_org ON room_types (org_id, product_id);

CREATE TABLE rate_plans (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  name TEXT NOT NULL CHECK (json_valid(name) AND json_type(name) = 'object'),
  board TEXT NOT NULL DEFAULT 'RO' CHECK (board IN ('RO', 'BB', 'HB', 'FB', 'AI')),
  refundable INTEGER NOT NULL DEFAULT 1 CHECK (refundable IN (0, 1)),
  -- Free until this many days before check-in at 18:00 hotel time, then cancellation_fee_percent of the total; both
  -- NULL: the product type's rule of section 10.
  free_cancellation_days INTEGER CHECK (free_cancellation_days BETWEEN 0 AND 365),
  cancellation_fee_percent INTEGER CHECK (cancellation_fee_percent BETWEEN 0 AND 100),
  -- A night's price is for base_occupancy adults; each further adult adds extra_adult_usd_minor, each child aged
  -- child_free_under or more adds child_usd_minor.
  base_occupancy INTEGER NOT NULL DEFAULT 2 CHECK (base_occupancy BETWEEN 1 AND 40),
  extra_adult_usd_minor INTEGER NOT NULL DEFAULT 0 CHECK (extra_adult_usd_minor >= 0),
  child_usd_minor INTEGER NOT NULL DEFAULT 0 CHECK (child_usd_minor >= 0),
  child_free_under INTEGER NOT NULL DEFAULT 0 CHECK (child_free_under BETWEEN 0 AND 18),
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (product_id, code)
);
CREATE INDEX rate_plans_by_org ON rate_plans (org_id, product_id);

-- Which room types a rate plan sells.
CREATE TABLE rate_plan_rooms (
  rate_plan_id INTEGER NOT NULL REFERENCES rate_plans(id) ON DELETE CASCADE,
  room_id INTEGER NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
  PRIMARY KEY (rate_plan_id, room_id)
) WITHOUT ROWID;
CREATE INDEX rate_plan_rooms_by_room ON rate_plan_rooms (room_id);

-- A room type's night: rooms for sale (NULL: the type's units), rooms sold, stop sell. available = units - sold, never
-- below 0 (a channel may lower units under what is sold; a sale may never raise sold above units).
CREATE TABLE room_nights (
  room_id INTEGER NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
  night TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  units INTEGER CHECK (units BETWEEN 0 AND 10000),
  sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
  stop_sell INTEGER NOT NULL DEFAULT 0 CHECK (stop_sell IN (0, 1)),
  PRIMARY KEY (room_id, night)
) WITHOUT ROWID;
CREATE INDEX room_nights_by_product ON room_nights (product_id, night);

-- A rate plan's night for one room type: price (NULL: not for sale) and restrictions.
CREATE TABLE rate_nights (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  night TEXT NOT NULL,
  room_id INTEGER NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
  rate_plan_id INTEGER NOT NULL REFERENCES rate_plans(id) ON DELETE CASCADE,
  price_usd_minor INTEGER CHECK (price_usd_minor >= 0),
  min_stay INTEGER NOT NULL DEFAULT 1 CHECK (min_stay BETWEEN 1 AND 365),
  max_stay INTEGER CHECK (max_stay BETWEEN 1 AND 365),
  closed_to_arrival INTEGER NOT NULL DEFAULT 0 CHECK (closed_to_arrival IN (0, 1)),
  closed_to_departure INTEGER NOT NULL DEFAULT 0 CHECK (closed_to_departure IN (0, 1)),
  stop_sell INTEGER NOT NULL DEFAULT 0 CHECK (stop_sell IN (0, 1)),
  PRIMARY KEY (product_id, night, room_id, rate_plan_id)
) WITHOUT ROWID;
CREATE INDEX rate_nights_by_room ON rate_nights (room_id, night);
CREATE INDEX rate_nights_by_plan ON rate_nights (rate_plan_id, night);

-- What a booking sells: one room type under one rate plan, `rooms` of them, for each night in `nights`
-- ([{ "date", "price" }], the price in the booking's currency, minor units); `occupancy` the rooms' parties as the API
-- writes them; `room` and `rate` what the traveller was shown ({ room_id, name } and { rate_plan_id, name, board,
-- refundable, free_cancellation_days, cancellation_fee_percent }).
ALTER TABLE bookings ADD COLUMN room_id INTEGER REFERENCES room_types(id) ON DELETE SET NULL;
ALTER TABLE bookings ADD COLUMN rate_plan_id INTEGER REFERENCES rate_plans(id) ON DELETE SET NULL;
ALTER TABLE bookings ADD COLUMN rooms INTEGER NOT NULL DEFAULT 0 CHECK (rooms BETWEEN 0 AND 8);
ALTER TABLE bookings ADD COLUMN occupancy TEXT NOT NULL DEFAULT '[]';
ALTER TABLE bookings ADD COLUMN nights TEXT NOT NULL DEFAULT '[]';
ALTER TABLE bookings ADD COLUMN room TEXT;
ALTER TABLE bookings ADD COLUMN rate TEXT;
ALTER TABLE agent_bookings ADD COLUMN room_id INTEGER REFERENCES room_types(id) ON DELETE SET NULL;
ALTER TABLE agent_bookings ADD COLUMN rate_plan_id INTEGER REFERENCES rate_plans(id) ON DELETE SET NULL;
ALTER TABLE agent_bookings ADD COLUMN rooms INTEGER NOT NULL DEFAULT 0 CHECK (rooms BETWEEN 0 AND 8);
ALTER TABLE agent_bookings ADD COLUMN occupancy TEXT NOT NULL DEFAULT '[]';
ALTER TABLE agent_bookings ADD COLUMN nights TEXT NOT NULL DEFAULT '[]';
ALTER TABLE agent_bookings ADD COLUMN room TEXT;
ALTER TABLE agent_bookings ADD COLUMN rate TEXT;
ALTER TABLE agent_quotes ADD COLUMN room_id INTEGER REFERENCES room_types(id) ON DELETE SET NULL;
ALTER TABLE agent_quotes ADD COLUMN rate_plan_id INTEGER REFERENCES rate_plans(id) ON DELETE SET NULL;
ALTER TABLE agent_quotes ADD COLUMN occupancy TEXT NOT NULL DEFAULT '[]';
CREATE INDEX bookings_by_room ON bookings (room_id, check_in) WHERE room_id IS NOT NULL;
CREATE INDEX agent_bookings_by_room ON agent_bookings (room_id, check_in) WHERE room_id IS NOT NULL;

-- Inventory moves with the booking's own row, so no code path can forget it: a booking written as PENDING_PAYMENT or
-- CONFIRMED takes its rooms for every night in the same statement (and so the same batch); one whose status leaves
-- those gives them back. A sale that would take more rooms than are for sale, or a stop-sold night, aborts the
-- statement and with it the whole batch: however many checkouts race for the last room, one gets it.
CREATE TRIGGER room_nights_no_oversell BEFORE UPDATE OF sold ON room_nights
WHEN NEW.sold > OLD.sold AND (NEW.stop_sell = 1 OR NEW.sold > COALESCE(NEW.units, (SELECT units FROM room_types WHERE id = NEW.room_id)))
BEGIN
  SELECT RAISE(ABORT, 'SOLD_OUT');
END;

CREATE TRIGGER bookings_take_rooms AFTER INSERT ON bookings
WHEN NEW.room_id IS NOT NULL AND NEW.rooms > 0 AND NEW.status IN ('PENDING_PAYMENT', 'CONFIRMED')
BEGIN
  INSERT OR IGNORE INTO room_nights (room_id, night, product_id)
    SELECT NEW.room_id, json_extract(j.value, '$.date'), NEW.product_id FROM json_each(NEW.nights) j;
  UPDATE room_nights SET sold = sold + NEW.rooms
    WHERE room_id = NEW.room_id AND night IN (SELECT json_extract(j.value, '$.date') FROM json_each(NEW.nights) j);
END;

CREATE TRIGGER bookings_give_back_rooms AFTER UPDATE OF status ON bookings
WHEN NEW.room_id IS NOT NULL AND NEW.rooms > 0 AND OLD.status IN ('PENDING_PAYMENT', 'CONFIRMED') AND NEW.status NOT IN ('PENDING_PAYMENT', 'CONFIRMED')
BEGIN
  UPDATE room_nights SET sold = MAX(0, sold - NEW.rooms)
    WHERE room_id = NEW.room_id AND night IN (SELECT json_extract(j.value, '$.date') FROM json_each(NEW.nights) j);
END;

-- An agent's booking on account takes and gives back the same way (a card booking's rooms move with its bookings row).
CREATE TRIGGER agent_bookings_take_rooms AFTER INSERT ON agent_bookings
WHEN NEW.room_id IS NOT NULL AND NEW.rooms > 0 AND NEW.pay_method = 'account' AND NEW.status = 'CONFIRMED'
BEGIN
  INSERT OR IGNORE INTO room_nights (room_id, night, product_id)
    SELECT NEW.room_id, json_extract(j.value, '$.date'), NEW.product_id FROM json_each(NEW.nights) j;
  UPDATE room_nights SET sold = sold + NEW.rooms
    WHERE room_id = NEW.room_id AND night IN (SELECT json_extract(j.value, '$.date') FROM json_each(NEW.nights) j);
END;

CREATE TRIGGER agent_bookings_give_back_rooms AFTER UPDATE OF status ON agent_bookings
WHEN NEW.room_id IS NOT NULL AND NEW.rooms > 0 AND NEW.pay_method = 'account' AND OLD.status = 'CONFIRMED' AND NEW.status <> 'CONFIRMED'
BEGIN
  UPDATE room_nights SET sold = MAX(0, sold - NEW.rooms)
    WHERE room_id = NEW.room_id AND night IN (SELECT json_extract(j.value, '$.date') FROM json_each(NEW.nights) j);
END;

-- Channel managers' credentials: HTTP Basic on POST /api/channel/ota; the password kept hashed, shown once.
CREATE TABLE channel_credentials (
  username TEXT PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_used_at TEXT
);
CREATE INDEX channel_credentials_by_org ON channel_credentials (org_id);
INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units)
  SELECT p.id, p.org_id, 'STD', '{"en-US":"Standard room","fr-FR":"Chambre standard","es-ES":"Habitación estándar"}',
    MIN(p.max_guests, 20), MIN(p.max_guests - 1, 20), MIN(p.max_guests, 40), 500
  FROM products p WHERE p.price_unit = 'night' AND NOT EXISTS (SELECT 1 FROM room_types r WHERE r.product_id = p.id);
INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, base_occupancy)
  SELECT p.id, p.org_id, 'BAR', '{"en-US":"Standard rate","fr-FR":"Tarif standard","es-ES":"Tarifa estándar"}', 'RO', 1, MIN(p.max_guests, 40)
  FROM products p WHERE p.price_unit = 'night' AND NOT EXISTS (SELECT 1 FROM rate_plans r WHERE r.product_id = p.id);
INSERT OR IGNORE INTO rate_plan_rooms (rate_plan_id, room_id)
  SELECT rp.id, rt.id FROM rate_plans rp JOIN room_types rt ON rt.product_id = rp.product_id AND rt.code = 'STD'
  WHERE rp.code = 'BAR' AND NOT EXISTS (SELECT 1 FROM rate_plan_rooms x WHERE x.rate_plan_id = rp.id);
WITH RECURSIVE d(n, night) AS (SELECT 0, date('now', '-1 day') UNION ALL SELECT n + 1, date(night, '+1 day') FROM d WHERE n < 730)
INSERT OR IGNORE INTO rate_nights (product_id, night, room_id, rate_plan_id, price_usd_minor)
  SELECT p.id, d.night, rt.id, rp.id, p.price_usd_minor
  FROM products p
  JOIN room_types rt ON rt.product_id = p.id AND rt.code = 'STD'
  JOIN rate_plans rp ON rp.product_id = p.id AND rp.code = 'BAR'
  JOIN d
  WHERE p.price_unit = 'night'
    AND NOT EXISTS (SELECT 1 FROM rate_nights x WHERE x.rate_plan_id = rp.id)
    AND (p.available_from IS NULL OR d.night >= p.available_from)
    AND (p.available_to IS NULL OR d.night < p.available_to);
