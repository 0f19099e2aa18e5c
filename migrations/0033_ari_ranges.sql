-- Rates and availability stored as ranges (docs/contract.md#rooms-rates-and-availability, docs/decisions/0059-ari-as-ranges.md):
-- as channel managers send them (OpenTravel's Start, End and Mon…Sun flags), not a row per night per rate where
-- nothing changes. A range says what it sets; NULL means "this range does not say". A night's value of a field is the
-- one of the latest range (highest id) covering the night on its weekday that sets it, else the default: the room
-- type's units, not stop-sold; no price (not for sale), min stay 1, no max stay, open to arrival and departure.
-- Only rooms sold stay per night (room_nights, a row only for a night with sales).

-- A room type's rooms for sale and stop sell over a range of nights. weekdays: ISO Monday = bit 0 … Sunday = bit 6
-- (127: every night).
CREATE TABLE room_ranges (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  room_id INTEGER NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
  from_night TEXT NOT NULL,
  to_night TEXT NOT NULL CHECK (to_night >= from_night),
  weekdays INTEGER NOT NULL DEFAULT 127 CHECK (weekdays BETWEEN 1 AND 127),
  units INTEGER CHECK (units BETWEEN 0 AND 10000),
  stop_sell INTEGER CHECK (stop_sell IN (0, 1))
);
-- A stay's ranges of many products (those ending on or after check-in, then starting by check-out), and a room's.
CREATE INDEX room_ranges_by_product ON room_ranges (product_id, to_night, from_night);
CREATE INDEX room_ranges_by_room ON room_ranges (room_id, from_night);

-- A rate plan's price and restrictions for one room type over a range of nights. Two values say "cleared" where NULL
-- says nothing: price_usd_minor -1 is "not for sale" (the console's price null), max_stay 0 is "no maximum".
CREATE TABLE rate_ranges (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  room_id INTEGER NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
  rate_plan_id INTEGER NOT NULL REFERENCES rate_plans(id) ON DELETE CASCADE,
  from_night TEXT NOT NULL,
  to_night TEXT NOT NULL CHECK (to_night >= from_night),
  weekdays INTEGER NOT NULL DEFAULT 127 CHECK (weekdays BETWEEN 1 AND 127),
  price_usd_minor INTEGER CHECK (price_usd_minor >= -1),
  min_stay INTEGER CHECK (min_stay BETWEEN 1 AND 365),
  max_stay INTEGER CHECK (max_stay BETWEEN 0 AND 365),
  closed_to_arrival INTEGER CHECK (closed_to_arrival IN (0, 1)),
  closed_to_departure INTEGER CHECK (closed_to_departure IN (0, 1)),
  stop_sell INTEGER CHECK (stop_sell IN (0, 1))
);
CREATE INDEX rate_ranges_by_product ON rate_ranges (product_id, to_night, from_night);
CREATE INDEX rate_ranges_by_room ON rate_ranges (room_id, rate_plan_id, from_night);
CREATE INDEX rate_ranges_by_plan ON rate_ranges (rate_plan_id);

-- Each product's ARI version: moved by every change to its room types, rate plans, the rooms a plan sells, its ranges
-- and its rooms sold (below), so what a Worker keeps of a product's inventory in memory is known to be current by this
-- one number, read with the search's candidates (functions/cache/ari.ts).
ALTER TABLE products ADD COLUMN ari_version INTEGER NOT NULL DEFAULT 0;

-- Compaction on write: a new range hides, in the older ranges of its room (and plan) that lie within its nights on some
-- of its weekdays, every field it says; those fields are cleared there, and a range left saying nothing goes. So the
-- same season pushed again replaces itself, prices and restrictions sent in separate messages replace what they
-- hide, and repeated pushes never grow the table. Whoever writes (the console, a channel manager, the seed,
-- grow-catalogue) gets it.
CREATE TRIGGER room_ranges_written AFTER INSERT ON room_ranges
BEGIN
  UPDATE room_ranges SET units = CASE WHEN NEW.units IS NULL THEN units END, stop_sell = CASE WHEN NEW.stop_sell IS NULL THEN stop_sell END
    WHERE room_id = NEW.room_id AND id < NEW.id AND from_night >= NEW.from_night AND from_night <= NEW.to_night AND to_night <= NEW.to_night
      AND (weekdays & ~NEW.weekdays) = 0 AND ((NEW.units IS NOT NULL AND units IS NOT NULL) OR (NEW.stop_sell IS NOT NULL AND stop_sell IS NOT NULL));
  DELETE FROM room_ranges
    WHERE room_id = NEW.room_id AND id < NEW.id AND from_night >= NEW.from_night AND from_night <= NEW.to_night AND to_night <= NEW.to_night
      AND units IS NULL AND stop_sell IS NULL;
  UPDATE products SET ari_version = ari_version + 1 WHERE id = NEW.product_id;
END;
CREATE TRIGGER rate_ranges_written AFTER INSERT ON rate_ranges
BEGIN
  UPDATE rate_ranges SET
      price_usd_minor = CASE WHEN NEW.price_usd_minor IS NULL THEN price_usd_minor END, min_stay = CASE WHEN NEW.min_stay IS NULL THEN min_stay END,
      max_stay = CASE WHEN NEW.max_stay IS NULL THEN max_stay END, closed_to_arrival = CASE WHEN NEW.closed_to_arrival IS NULL THEN closed_to_arrival END,
      closed_to_departure = CASE WHEN NEW.closed_to_departure IS NULL THEN closed_to_departure END, stop_sell = CASE WHEN NEW.stop_sell IS NULL THEN stop_sell END
    WHERE room_id = NEW.room_id AND rate_plan_id = NEW.rate_plan_id AND id < NEW.id
      AND from_night >= NEW.from_night AND from_night <= NEW.to_night AND to_night <= NEW.to_night AND (weekdays & ~NEW.weekdays) = 0
      AND ((NEW.price_usd_minor IS NOT NULL AND price_usd_minor IS NOT NULL) OR (NEW.min_stay IS NOT NULL AND min_stay IS NOT NULL)
        OR (NEW.max_stay IS NOT NULL AND max_stay IS NOT NULL) OR (NEW.closed_to_arrival IS NOT NULL AND closed_to_arrival IS NOT NULL)
        OR (NEW.closed_to_departure IS NOT NULL AND closed_to_departure IS NOT NULL) OR (NEW.stop_sell IS NOT NULL AND stop_sell IS NOT NULL));
  DELETE FROM rate_ranges
    WHERE room_id = NEW.room_id AND rate_plan_id = NEW.rate_plan_id AND id < NEW.id
      AND from_night >= NEW.from_night AND from_night <= NEW.to_night AND to_night <= NEW.to_night
      AND price_usd_minor IS NULL AND min_stay IS NULL AND max_stay IS NULL AND closed_to_arrival IS NULL AND closed_to_departure IS NULL AND stop_sell IS NULL;
  UPDATE products SET ari_version = ari_version + 1 WHERE id = NEW.product_id;
END;
CREATE TRIGGER room_ranges_changed AFTER UPDATE ON room_ranges
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id IN (OLD.product_id, NEW.product_id); END;
CREATE TRIGGER room_ranges_removed AFTER DELETE ON room_ranges
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = OLD.product_id; END;
CREATE TRIGGER rate_ranges_changed AFTER UPDATE ON rate_ranges
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id IN (OLD.product_id, NEW.product_id); END;
CREATE TRIGGER rate_ranges_removed AFTER DELETE ON rate_ranges
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = OLD.product_id; END;
CREATE TRIGGER room_types_added AFTER INSERT ON room_types
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = NEW.product_id; END;
CREATE TRIGGER room_types_changed AFTER UPDATE ON room_types
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id IN (OLD.product_id, NEW.product_id); END;
CREATE TRIGGER room_types_removed AFTER DELETE ON room_types
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = OLD.product_id; END;
CREATE TRIGGER rate_plans_added AFTER INSERT ON rate_plans
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = NEW.product_id; END;
CREATE TRIGGER rate_plans_changed AFTER UPDATE ON rate_plans
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id IN (OLD.product_id, NEW.product_id); END;
CREATE TRIGGER rate_plans_removed AFTER DELETE ON rate_plans
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = OLD.product_id; END;
CREATE TRIGGER rate_plan_rooms_added AFTER INSERT ON rate_plan_rooms
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = (SELECT product_id FROM rate_plans WHERE id = NEW.rate_plan_id); END;
CREATE TRIGGER rate_plan_rooms_removed AFTER DELETE ON rate_plan_rooms
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = (SELECT product_id FROM rate_plans WHERE id = OLD.rate_plan_id); END;

-- The nights stored so far become ranges: consecutive nights of a room (and plan) with the same values are one range
-- (the default inventory's 731 equal nights, one). A value that is the default is stored as "not said"; a night saying
-- nothing at all is no range.
INSERT INTO room_ranges (product_id, room_id, from_night, to_night, weekdays, units, stop_sell)
  SELECT product_id, room_id, MIN(night), MAX(night), 127, units, NULLIF(stop_sell, 0)
  FROM (SELECT *, julianday(night) - ROW_NUMBER() OVER (PARTITION BY room_id, units, stop_sell ORDER BY night) AS island
        FROM room_nights WHERE units IS NOT NULL OR stop_sell = 1)
  GROUP BY room_id, units, stop_sell, island
  ORDER BY room_id, MIN(night);
INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, weekdays, price_usd_minor, min_stay, max_stay,
    closed_to_arrival, closed_to_departure, stop_sell)
  SELECT product_id, room_id, rate_plan_id, MIN(night), MAX(night), 127, price_usd_minor, NULLIF(min_stay, 1), max_stay,
    NULLIF(closed_to_arrival, 0), NULLIF(closed_to_departure, 0), NULLIF(stop_sell, 0)
  FROM (SELECT *, julianday(night) - ROW_NUMBER() OVER (
          PARTITION BY room_id, rate_plan_id, price_usd_minor, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell ORDER BY night) AS island
        FROM rate_nights
        WHERE price_usd_minor IS NOT NULL OR min_stay <> 1 OR max_stay IS NOT NULL OR closed_to_arrival = 1 OR closed_to_departure = 1 OR stop_sell = 1)
  GROUP BY room_id, rate_plan_id, price_usd_minor, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell, island
  ORDER BY room_id, rate_plan_id, MIN(night);

-- room_nights keeps only what is per night: rooms sold. The triggers that take and give back rooms are written again
-- over it (the same behaviour: a night's units and stop sell now come from the ranges).
CREATE TABLE room_nights_sold (
  room_id INTEGER NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
  night TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
  PRIMARY KEY (room_id, night)
) WITHOUT ROWID;
INSERT INTO room_nights_sold (room_id, night, product_id, sold) SELECT room_id, night, product_id, sold FROM room_nights WHERE sold > 0;
DROP TRIGGER bookings_take_rooms;
DROP TRIGGER bookings_give_back_rooms;
DROP TRIGGER agent_bookings_take_rooms;
DROP TRIGGER agent_bookings_give_back_rooms;
DROP TABLE room_nights;
DROP TABLE rate_nights;
ALTER TABLE room_nights_sold RENAME TO room_nights;
CREATE INDEX room_nights_by_product ON room_nights (product_id, night);

-- Inventory moves with the booking's own row (decision 0057): a booking written as PENDING_PAYMENT or CONFIRMED takes
-- its rooms for every night in the same statement; one whose status leaves those gives them back. A sale taking more
-- rooms than the night has for sale (its latest range saying units, else the room type's), or on a stop-sold night,
-- aborts the statement and with it the whole batch: however many checkouts race for the last room, one gets it.
CREATE TRIGGER room_nights_no_oversell BEFORE UPDATE OF sold ON room_nights
WHEN NEW.sold > OLD.sold AND (
  COALESCE((SELECT r.stop_sell FROM room_ranges r
    WHERE r.room_id = NEW.room_id AND r.from_night <= NEW.night AND r.to_night >= NEW.night AND r.stop_sell IS NOT NULL
      AND (r.weekdays >> ((CAST(strftime('%w', NEW.night) AS INTEGER) + 6) % 7)) & 1
    ORDER BY r.id DESC LIMIT 1), 0) = 1
  OR NEW.sold > COALESCE((SELECT r.units FROM room_ranges r
    WHERE r.room_id = NEW.room_id AND r.from_night <= NEW.night AND r.to_night >= NEW.night AND r.units IS NOT NULL
      AND (r.weekdays >> ((CAST(strftime('%w', NEW.night) AS INTEGER) + 6) % 7)) & 1
    ORDER BY r.id DESC LIMIT 1), (SELECT units FROM room_types WHERE id = NEW.room_id)))
BEGIN
  SELECT RAISE(ABORT, 'SOLD_OUT');
END;

-- Rooms sold move the product's ARI version too (whoever writes them: the triggers below, the seed, a test).
CREATE TRIGGER room_nights_added AFTER INSERT ON room_nights
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = NEW.product_id; END;
CREATE TRIGGER room_nights_changed AFTER UPDATE ON room_nights
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id IN (OLD.product_id, NEW.product_id); END;
CREATE TRIGGER room_nights_removed AFTER DELETE ON room_nights
BEGIN UPDATE products SET ari_version = ari_version + 1 WHERE id = OLD.product_id; END;

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
