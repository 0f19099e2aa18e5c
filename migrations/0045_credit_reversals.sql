-- A booking on account cancelled from the console gives the agent's credit back with one 'adjustment' row whose note
-- is 'cancel:<booking_ref>' (functions/db/booking-admin.ts cancelOnAccountStatements): never two for one booking.
CREATE UNIQUE INDEX credit_ledger_one_reversal ON credit_ledger (org_id, note) WHERE kind = 'adjustment' AND note LIKE 'cancel:%';
