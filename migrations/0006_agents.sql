-- Agents (B2B): agencies and each agent's details, the agents' clients, priced quotes, bookings on account and
-- the credit ledger whose sum is an agent's outstanding balance. Money is in integer minor units.
CREATE TABLE agencies (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  license_no TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (org_id, name)
);

-- One row per agent account (users.role = 'agent'); the credit limit itself stays on users.credit_limit_minor.
CREATE TABLE agent_details (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  agency_id INTEGER REFERENCES agencies(id) ON DELETE SET NULL,
  -- The markup a new quote gets unless the agent sets another, in basis points (1000 = 10 %).
  default_markup_bps INTEGER NOT NULL DEFAULT 1000 CHECK (default_markup_bps BETWEEN 0 AND 10000),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE agent_clients (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  agent_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL CHECK (title IN ('Miss', 'Mr', 'Mrs')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE CHECK (email = lower(trim(email))),
  nationality_id INTEGER REFERENCES nationalities(id),
  country_code TEXT NOT NULL DEFAULT '',
  phone_country_code TEXT NOT NULL DEFAULT '',
  mobile_no TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (agent_id, email)
);
CREATE INDEX agent_clients_by_agent ON agent_clients (org_id, agent_id, last_name COLLATE NOCASE, first_name COLLATE NOCASE);

-- A priced product for a client. Prices are fixed when the quote is made: net (the product's price) and total
-- (net + the agent's markup) in USD for the ledger, and the same in the quote's currency for the client.
-- The client's name and email are copied so a quote (and its booking) outlives the client's deletion.
CREATE TABLE agent_quotes (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  agent_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id INTEGER REFERENCES agent_clients(id) ON DELETE SET NULL,
  client_name TEXT NOT NULL,
  client_email TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id),
  product_type TEXT NOT NULL CHECK (product_type IN ('HLT', 'ACT', 'RST', 'STY')),
  product_name TEXT NOT NULL,
  city TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  check_in TEXT NOT NULL,
  check_out TEXT,
  guests INTEGER NOT NULL CHECK (guests >= 1),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  markup_bps INTEGER NOT NULL CHECK (markup_bps BETWEEN 0 AND 10000),
  net_usd_minor INTEGER NOT NULL CHECK (net_usd_minor >= 0),
  total_usd_minor INTEGER NOT NULL CHECK (total_usd_minor >= net_usd_minor),
  net_minor INTEGER NOT NULL CHECK (net_minor >= 0),
  total_minor INTEGER NOT NULL CHECK (total_minor >= net_minor),
  note TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SENT', 'BOOKED')),
  -- SHA-256 (hex) of the token in the link mailed to the client; a new send replaces it.
  token_hash TEXT UNIQUE,
  sent_at TEXT,
  booked_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX agent_quotes_by_agent ON agent_quotes (org_id, agent_id, id DESC);

-- A booking an agent made for a client on account; one per quote.
CREATE TABLE agent_bookings (
  id INTEGER PRIMARY KEY,
  booking_ref TEXT NOT NULL UNIQUE,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  agent_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  quote_id INTEGER NOT NULL UNIQUE REFERENCES agent_quotes(id),
  client_id INTEGER REFERENCES agent_clients(id) ON DELETE SET NULL,
  client_name TEXT NOT NULL,
  client_email TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id),
  product_type TEXT NOT NULL,
  product_name TEXT NOT NULL,
  city TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  check_in TEXT NOT NULL,
  check_out TEXT,
  guests INTEGER NOT NULL,
  currency TEXT NOT NULL,
  total_minor INTEGER NOT NULL CHECK (total_minor >= 0),
  net_usd_minor INTEGER NOT NULL CHECK (net_usd_minor >= 0),
  total_usd_minor INTEGER NOT NULL CHECK (total_usd_minor >= 0),
  status TEXT NOT NULL DEFAULT 'CONFIRMED' CHECK (status IN ('CONFIRMED', 'CANCELLED')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX agent_bookings_by_agent ON agent_bookings (org_id, agent_id, id DESC);

-- What each agent owes the org, in USD cents: a booking on account adds its net price, a payment subtracts.
-- The outstanding balance is the sum; a booking is only written while that sum stays within the credit limit.
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  agent_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('booking', 'payment', 'adjustment')),
  amount_usd_minor INTEGER NOT NULL,
  booking_id INTEGER UNIQUE REFERENCES agent_bookings(id),
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((kind = 'booking') = (booking_id IS NOT NULL))
);
CREATE INDEX credit_ledger_by_agent ON credit_ledger (agent_id, org_id);
