-- Verified reviews (docs/contract.md#after-booking, decision 0065): one review per booking, written only by the traveller
-- of a confirmed stay that has checked out. The unique booking_id makes "once per booking" hold however many requests
-- arrive at once. A review keeps the traveller's first name and country for the public, never an e-mail or a surname.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  booking_id INTEGER NOT NULL UNIQUE REFERENCES bookings(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 1 AND 10),
  title TEXT NOT NULL DEFAULT '' CHECK (length(title) <= 120),
  text TEXT NOT NULL CHECK (length(text) <= 2000),
  cleanliness INTEGER CHECK (cleanliness IS NULL OR cleanliness BETWEEN 1 AND 10),
  location INTEGER CHECK (location IS NULL OR location BETWEEN 1 AND 10),
  staff INTEGER CHECK (staff IS NULL OR staff BETWEEN 1 AND 10),
  value INTEGER CHECK (value IS NULL OR value BETWEEN 1 AND 10),
  first_name TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  -- The month of the stay's check-in, YYYY-MM.
  stayed TEXT NOT NULL,
  language TEXT NOT NULL DEFAULT 'en-US',
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  hidden_reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX reviews_of_product ON reviews (product_id, hidden, id DESC);
CREATE INDEX reviews_of_org ON reviews (org_id, id DESC);

-- The product's stored aggregate of its visible reviews: what a search reads, so no search aggregates reviews. The
-- triggers keep it in the statement that adds, hides or shows a review.
ALTER TABLE products ADD COLUMN review_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN review_score_total INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER reviews_count_new AFTER INSERT ON reviews WHEN NEW.hidden = 0
BEGIN
  UPDATE products SET review_count = review_count + 1, review_score_total = review_score_total + NEW.score WHERE id = NEW.product_id;
END;

CREATE TRIGGER reviews_count_hidden AFTER UPDATE OF hidden ON reviews WHEN NEW.hidden = 1 AND OLD.hidden = 0
BEGIN
  UPDATE products SET review_count = review_count - 1, review_score_total = review_score_total - OLD.score WHERE id = OLD.product_id;
END;

CREATE TRIGGER reviews_count_shown AFTER UPDATE OF hidden ON reviews WHEN NEW.hidden = 0 AND OLD.hidden = 1
BEGIN
  UPDATE products SET review_count = review_count + 1, review_score_total = review_score_total + NEW.score WHERE id = NEW.product_id;
END;

-- The review invitation a day after check-out, one per booking (the primary key): the hourly job records it, then claims
-- and sends it as booking mails are (decision 0029). `site` is the origin the booking's own mails link to.
CREATE TABLE review_invitations (
  booking_id INTEGER PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
  site TEXT NOT NULL DEFAULT '',
  claimed_until TEXT,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX review_invitations_owed ON review_invitations (created_at) WHERE sent_at IS NULL;

-- The org's default certificate issued to a member from the certificate modal, for the booking being made: the copy
-- names the org certificate it came from and the modal's key for that booking, and the unique index keeps one copy per
-- key however many times (or however many requests at once) the button asks.
ALTER TABLE payment_cards ADD COLUMN issued_from INTEGER REFERENCES payment_cards(id) ON DELETE SET NULL;
ALTER TABLE payment_cards ADD COLUMN issue_key TEXT;
CREATE UNIQUE INDEX payment_cards_one_issue ON payment_cards (issued_from, user_id, issue_key) WHERE issued_from IS NOT NULL;
