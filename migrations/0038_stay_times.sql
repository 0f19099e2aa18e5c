-- A stay's check-in and check-out times on the hotel's clock (HH:MM), which the confirmation mail and its voucher state
-- (docs/contract.md#after-booking). Every product has them; an activity's are not shown.
ALTER TABLE products ADD COLUMN check_in_time TEXT NOT NULL DEFAULT '15:00';
ALTER TABLE products ADD COLUMN check_out_time TEXT NOT NULL DEFAULT '11:00';
