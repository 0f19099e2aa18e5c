-- An agent's quote of a bed bank's rate keeps what it was priced from (docs/decisions/0073-agent-supplier-bookings.md,
-- amended): the supplier, the net's currency, and the rate as shown (RECHECK or not, the room, board and cancellation
-- terms), beside the key(s) and net that migration 0043 keeps. A stay whose rooms hold different parties keeps every
-- part in supplier_rate_key as the bookings do (decision 0076: a JSON array of { occupancy, rate_key, net_minor }).
-- Every supplier quote written before was Hotelbeds' in EUR (the only bed bank then), which the backfill below records;
-- their rate stays NULL and they are booked as before: the one key checked, the room and terms read from the check.
-- No CHECK on supplier: the quote's value is copied into the booking rows, whose own CHECK holds.
ALTER TABLE agent_quotes ADD COLUMN supplier TEXT;
ALTER TABLE agent_quotes ADD COLUMN supplier_currency TEXT;
-- JSON { recheck, room { room_id, code, name }, board, refundable, free_cancellation_days, cancellation_fee_percent }.
ALTER TABLE agent_quotes ADD COLUMN supplier_rate TEXT;

UPDATE agent_quotes SET supplier = 'hotelbeds', supplier_currency = 'EUR' WHERE supplier_rate_key IS NOT NULL;
