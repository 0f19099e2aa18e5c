-- What the existing client's payloads carry: the terms a member accepted (and when), and a booking's package flag.
ALTER TABLE users ADD COLUMN terms_accepted_at TEXT;
ALTER TABLE users ADD COLUMN terms_version TEXT;
ALTER TABLE bookings ADD COLUMN is_package INTEGER NOT NULL DEFAULT 0 CHECK (is_package IN (0, 1));
