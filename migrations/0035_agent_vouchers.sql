-- The vouchers an agent's booking owes (docs/contract.md#after-booking): one to the agent and one to the client when the
-- client has an email, written in the batch that makes the booking (on account) or its payment row (by card), and sent
-- by whichever request or sweep claims them first through the booking-mail guard (functions/flows/booking-mails.ts),
-- as booking_mails are (decision 0029). A card booking's voucher is due once its payment confirmed it. The row follows
-- its booking's reference (a quote booked again after an unpaid card booking keeps one voucher) and goes with it.
CREATE TABLE agent_booking_mails (
  booking_ref TEXT NOT NULL REFERENCES agent_bookings(booking_ref) ON DELETE CASCADE ON UPDATE CASCADE,
  recipient TEXT NOT NULL CHECK (recipient IN ('agent', 'client')),
  site TEXT NOT NULL DEFAULT '',
  language TEXT,
  claimed_until TEXT,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (booking_ref, recipient)
);
CREATE INDEX agent_booking_mails_owed ON agent_booking_mails (created_at) WHERE sent_at IS NULL;
