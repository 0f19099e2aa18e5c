-- A supplier's refusal after payment (docs/decisions/0070-supplier-booking-after-payment.md): a booking whose bed bank
-- would not book it is refunded and ends FAILED, a status of its own; its traveller is mailed ('failed' mail).
-- SQLite cannot change a CHECK constraint, so bookings (with every column added since 0011) and booking_mails are
-- rebuilt. Dropping bookings deletes, by ON DELETE CASCADE, the rows of every table that references it (card_spends,
-- booking_mails, booking_link_credits, reviews, review_invitations): they are kept aside and put back.
-- agent_bookings.card_booking_id has no action on delete: its rows stay, and the violations the drop leaves (deferred by
-- defer_foreign_keys) are resolved when the bookings are inserted again into the new table under the same ids; hence a
-- copy put back into a new "bookings" rather than 0011's rename of a new table (a rename resolves none of them).
-- Putting reviews back must not count them twice on their products: their insert trigger is off meanwhile.
PRAGMA defer_foreign_keys = on;
CREATE TABLE card_spends_keep AS SELECT * FROM card_spends;
CREATE TABLE booking_mails_keep AS SELECT * FROM booking_mails;
CREATE TABLE booking_link_credits_keep AS SELECT * FROM booking_link_credits;
CREATE TABLE reviews_keep AS SELECT * FROM reviews;
CREATE TABLE review_invitations_keep AS SELECT * FROM review_invitations;
CREATE TABLE bookings_keep AS SELECT * FROM bookings;
DROP TABLE booking_mails;
DROP TABLE bookings;
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
  status TEXT NOT NULL DEFAULT 'CONFIRMED' CHECK (status IN ('PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'FAILED')),
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  traveler TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  is_package INTEGER NOT NULL DEFAULT 0 CHECK (is_package IN (0, 1)),
  paid_minor INTEGER NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
  refunded_minor INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= paid_minor),
  payment_session_id TEXT,
  payment_intent_id TEXT,
  payment_url TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  language TEXT,
  room_id INTEGER REFERENCES room_types(id) ON DELETE SET NULL,
  rate_plan_id INTEGER REFERENCES rate_plans(id) ON DELETE SET NULL,
  rooms INTEGER NOT NULL DEFAULT 0 CHECK (rooms BETWEEN 0 AND 8),
  occupancy TEXT NOT NULL DEFAULT '[]',
  nights TEXT NOT NULL DEFAULT '[]',
  room TEXT,
  rate TEXT,
  supplier TEXT CHECK (supplier IN ('hotelbeds')),
  supplier_rate_key TEXT,
  supplier_net_minor INTEGER CHECK (supplier_net_minor >= 0),
  supplier_currency TEXT,
  supplier_state TEXT CHECK (supplier_state IN ('to_book', 'booking', 'confirmed', 'failed', 'cancelled')),
  supplier_reference TEXT,
  supplier_claimed_at INTEGER,
  supplier_error TEXT,
  CHECK (certificate_minor + discount_minor + cash_minor + total_minor = price_minor)
);
INSERT INTO bookings (id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency, price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, created_at, is_package, paid_minor, refunded_minor, payment_session_id, payment_intent_id, payment_url, updated_at, language, room_id, rate_plan_id, rooms, occupancy, nights, room, rate, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state, supplier_reference, supplier_claimed_at, supplier_error)
  SELECT id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency, price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, created_at, is_package, paid_minor, refunded_minor, payment_session_id, payment_intent_id, payment_url, updated_at, language, room_id, rate_plan_id, rooms, occupancy, nights, room, rate, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state, supplier_reference, supplier_claimed_at, supplier_error FROM bookings_keep;
CREATE UNIQUE INDEX bookings_idempotency ON bookings (org_id, IFNULL(user_id, 0), idempotency_key);
CREATE INDEX bookings_by_user ON bookings (org_id, user_id, created_at DESC);
CREATE UNIQUE INDEX bookings_by_payment_session ON bookings (payment_session_id) WHERE payment_session_id IS NOT NULL;
CREATE INDEX bookings_pending ON bookings (status, created_at) WHERE status = 'PENDING_PAYMENT';
CREATE INDEX bookings_by_org_created ON bookings (org_id, created_at);
CREATE INDEX bookings_by_room ON bookings (room_id, check_in) WHERE room_id IS NOT NULL;
CREATE UNIQUE INDEX bookings_by_supplier_reference ON bookings (supplier, supplier_reference) WHERE supplier_reference IS NOT NULL;
CREATE INDEX bookings_supplier_open ON bookings (supplier_state, supplier_claimed_at) WHERE supplier_state IN ('to_book', 'booking');
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
CREATE TABLE booking_mails (
  booking_id INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('confirmed', 'cancelled', 'failed')),
  site TEXT NOT NULL DEFAULT '',
  refunded_minor INTEGER NOT NULL DEFAULT 0,
  claimed_until TEXT,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (booking_id, kind)
);
CREATE INDEX booking_mails_owed ON booking_mails (created_at) WHERE sent_at IS NULL;
INSERT INTO booking_mails SELECT * FROM booking_mails_keep;
DELETE FROM card_spends;
INSERT INTO card_spends SELECT * FROM card_spends_keep;
DELETE FROM booking_link_credits;
INSERT INTO booking_link_credits SELECT * FROM booking_link_credits_keep;
DELETE FROM review_invitations;
INSERT INTO review_invitations SELECT * FROM review_invitations_keep;
DROP TRIGGER reviews_count_new;
DELETE FROM reviews;
INSERT INTO reviews SELECT * FROM reviews_keep;
CREATE TRIGGER reviews_count_new AFTER INSERT ON reviews WHEN NEW.hidden = 0
BEGIN
  UPDATE products SET review_count = review_count + 1, review_score_total = review_score_total + NEW.score WHERE id = NEW.product_id;
END;
DROP TABLE bookings_keep;
DROP TABLE card_spends_keep;
DROP TABLE booking_mails_keep;
DROP TABLE booking_link_credits_keep;
DROP TABLE reviews_keep;
DROP TABLE review_invitations_keep;
