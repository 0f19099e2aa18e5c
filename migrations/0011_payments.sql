-- Payments: the booking lifecycle's statuses, the card part paid and refunded in minor units, the provider's session
-- and payment ids, wallet parts held while a payment is pending, and the provider's events recorded once each.
-- SQLite cannot change a CHECK constraint, so bookings is rebuilt; its card spends are kept aside meanwhile because
-- dropping the old table deletes the rows that reference it.
PRAGMA defer_foreign_keys = on;
ALTER TABLE card_spends ADD COLUMN state TEXT NOT NULL DEFAULT 'SPENT' CHECK (state IN ('HELD', 'SPENT', 'RELEASED'));
CREATE TABLE card_spends_keep AS SELECT * FROM card_spends;
CREATE TABLE bookings_next (
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
  status TEXT NOT NULL DEFAULT 'CONFIRMED' CHECK (status IN ('PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REFUNDED')),
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
  CHECK (certificate_minor + discount_minor + cash_minor + total_minor = price_minor)
);
INSERT INTO bookings_next (id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency, price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, created_at, is_package)
  SELECT id, booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency, price_minor, certificate_minor, discount_minor, cash_minor, total_minor, status, idempotency_key, request_hash, traveler, created_at, is_package FROM bookings;
DROP TABLE bookings;
ALTER TABLE bookings_next RENAME TO bookings;
CREATE UNIQUE INDEX bookings_idempotency ON bookings (org_id, IFNULL(user_id, 0), idempotency_key);
CREATE INDEX bookings_by_user ON bookings (org_id, user_id, created_at DESC);
CREATE UNIQUE INDEX bookings_by_payment_session ON bookings (payment_session_id) WHERE payment_session_id IS NOT NULL;
CREATE INDEX bookings_pending ON bookings (status, created_at) WHERE status = 'PENDING_PAYMENT';
DELETE FROM card_spends;
INSERT INTO card_spends SELECT * FROM card_spends_keep;
DROP TABLE card_spends_keep;
CREATE TABLE payment_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  booking_ref TEXT,
  outcome TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
ALTER TABLE outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
