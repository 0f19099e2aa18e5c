-- Booking a bed bank's rate (docs/contract.md section 18, docs/decisions/0069-supplier-rates-and-bookings.md): a booking
-- of a supplier's hotel keeps the supplier's rate key and net as quoted, and the supplier booking's state and
-- reference once made. Own hotels leave every column NULL. A supplier booking never names a room type of ours
-- (room_id stays NULL: the supplier holds the allotment), so the inventory triggers leave it alone.
ALTER TABLE bookings ADD COLUMN supplier TEXT CHECK (supplier IN ('hotelbeds'));
-- The supplier's opaque rate key (APItude's rateKey), as checked before the payment session.
ALTER TABLE bookings ADD COLUMN supplier_rate_key TEXT;
-- The supplier's net for the whole stay, in its currency's minor units (EUR cents for Hotelbeds).
ALTER TABLE bookings ADD COLUMN supplier_net_minor INTEGER CHECK (supplier_net_minor >= 0);
ALTER TABLE bookings ADD COLUMN supplier_currency TEXT;
-- to_book: paid for or about to be, not yet asked of the supplier; booking: a worker has claimed it (supplier_claimed_at);
-- confirmed: the supplier holds it (supplier_reference); failed: the supplier refused it; cancelled: cancelled there.
ALTER TABLE bookings ADD COLUMN supplier_state TEXT CHECK (supplier_state IN ('to_book', 'booking', 'confirmed', 'failed', 'cancelled'));
ALTER TABLE bookings ADD COLUMN supplier_reference TEXT;
ALTER TABLE bookings ADD COLUMN supplier_claimed_at INTEGER;
ALTER TABLE bookings ADD COLUMN supplier_error TEXT;
CREATE UNIQUE INDEX bookings_by_supplier_reference ON bookings (supplier, supplier_reference) WHERE supplier_reference IS NOT NULL;
CREATE INDEX bookings_supplier_open ON bookings (supplier_state, supplier_claimed_at) WHERE supplier_state IN ('to_book', 'booking');

ALTER TABLE agent_bookings ADD COLUMN supplier TEXT CHECK (supplier IN ('hotelbeds'));
ALTER TABLE agent_bookings ADD COLUMN supplier_rate_key TEXT;
ALTER TABLE agent_bookings ADD COLUMN supplier_net_minor INTEGER CHECK (supplier_net_minor >= 0);
ALTER TABLE agent_bookings ADD COLUMN supplier_currency TEXT;
ALTER TABLE agent_bookings ADD COLUMN supplier_state TEXT CHECK (supplier_state IN ('to_book', 'booking', 'confirmed', 'failed', 'cancelled'));
ALTER TABLE agent_bookings ADD COLUMN supplier_reference TEXT;
ALTER TABLE agent_bookings ADD COLUMN supplier_claimed_at INTEGER;
ALTER TABLE agent_bookings ADD COLUMN supplier_error TEXT;
CREATE UNIQUE INDEX agent_bookings_by_supplier_reference ON agent_bookings (supplier, supplier_reference) WHERE supplier_reference IS NOT NULL;

-- An agent's quote of a supplier's rate keeps the key and net it was made from, to book it (after a re-check) later.
ALTER TABLE agent_quotes ADD COLUMN supplier_rate_key TEXT;
ALTER TABLE agent_quotes ADD COLUMN supplier_net_minor INTEGER CHECK (supplier_net_minor >= 0);
