-- An agent's booking paid by the client's card (docs/decisions/0029): the payment lives in bookings, the row that
-- the webhook, expiry and cancellation already move; the agent's row points at it and takes its status from it.
ALTER TABLE agent_bookings ADD COLUMN pay_method TEXT NOT NULL DEFAULT 'account' CHECK (pay_method IN ('account', 'card'));
ALTER TABLE agent_bookings ADD COLUMN card_booking_id INTEGER REFERENCES bookings(id);
-- The language of the request that made a booking: the mails it owes later (from the webhook, the sweep) are written
-- in it (docs/decisions/0034-translated-content.md).
ALTER TABLE bookings ADD COLUMN language TEXT;
-- The mails a booking's status change owes (confirmation, cancellation), written in the batch of that change and
-- sent by whichever request or sweep claims them first: at least once, never lost to a later failure.
CREATE TABLE booking_mails (
  booking_id INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('confirmed', 'cancelled')),
  site TEXT NOT NULL DEFAULT '',
  refunded_minor INTEGER NOT NULL DEFAULT 0,
  claimed_until TEXT,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (booking_id, kind)
);
CREATE INDEX booking_mails_owed ON booking_mails (created_at) WHERE sent_at IS NULL;
-- A member's first booking's marketing-link credit, kept from checkout (where the last-click cookie is) until the
-- booking is confirmed; credited in the confirming batch, never for a booking that expires.
CREATE TABLE booking_link_credits (
  booking_id INTEGER PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
  link_id INTEGER,
  click_at TEXT,
  window_start TEXT NOT NULL,
  revenue_minor INTEGER NOT NULL DEFAULT 0,
  currency TEXT NOT NULL DEFAULT ''
);
