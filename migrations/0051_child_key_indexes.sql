-- Rows found by a key that points at another table's row, read by that key but never indexed by it
-- (docs/decisions/0083-json-list-joins.md, "Also found"):
-- * the console's bookings list joins each booking to the agent booking its client's card paid
--   (agent_bookings.card_booking_id): without this index every booking of the page read every agent booking of every org;
-- * a rate plan is removed only while no booking to come holds it (bookings and agent bookings by rate plan, as they
--   already are by room), and removing a room type, a rate plan, a product or an agent's client looks for the quotes and
--   bookings that name it (their foreign keys): each of those read the whole table.
CREATE INDEX agent_bookings_by_card_booking ON agent_bookings (card_booking_id) WHERE card_booking_id IS NOT NULL;
CREATE INDEX bookings_by_rate_plan ON bookings (rate_plan_id, check_in) WHERE rate_plan_id IS NOT NULL;
CREATE INDEX agent_bookings_by_rate_plan ON agent_bookings (rate_plan_id, check_in) WHERE rate_plan_id IS NOT NULL;
CREATE INDEX bookings_by_product ON bookings (product_id);
CREATE INDEX agent_bookings_by_product ON agent_bookings (product_id);
CREATE INDEX agent_bookings_by_client ON agent_bookings (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX agent_quotes_by_product ON agent_quotes (product_id);
CREATE INDEX agent_quotes_by_client ON agent_quotes (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX agent_quotes_by_room ON agent_quotes (room_id) WHERE room_id IS NOT NULL;
CREATE INDEX agent_quotes_by_rate_plan ON agent_quotes (rate_plan_id) WHERE rate_plan_id IS NOT NULL;
-- The console's overview counts the org's own domains (org_domains is keyed by host).
CREATE INDEX org_domains_by_org ON org_domains (org_id);
-- Rows past their use are deleted by date: spent SSO keys and old email tokens (on one sign-in in twenty), yesterday's
-- link visitors (with each day's new salt). Each of those deletes read its whole table.
CREATE INDEX email_tokens_by_expiry ON email_tokens (expires_at);
CREATE INDEX sso_keys_used_by_expiry ON sso_keys_used (expires_at);
CREATE INDEX link_visitors_by_day ON link_visitors (day);
-- The console's links list totals each link's sign-ups and bookings for one org: it read every org's conversions.
CREATE INDEX link_conversions_by_org ON link_conversions (org_id, link_id);
