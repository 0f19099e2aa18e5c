-- Every nightly product without a room type gets one "Standard room" and one "Standard rate" carrying its nightly
-- price, priced for the next 730 nights (within its availability dates): today's products keep selling exactly as
-- they did (the price is for the room whatever the party, as before). Run by the migration that brought rooms and
-- rates, by the development seed, and by tests that write products directly (docs/decisions/0057).
INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units)
  SELECT p.id, p.org_id, 'STD', '{"en-US":"Standard room","fr-FR":"Chambre standard","es-ES":"Habitación estándar"}',
    MIN(p.max_guests, 20), MIN(p.max_guests - 1, 20), MIN(p.max_guests, 40), 500
  FROM products p WHERE p.price_unit = 'night' AND NOT EXISTS (SELECT 1 FROM room_types r WHERE r.product_id = p.id);
INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, base_occupancy)
  SELECT p.id, p.org_id, 'BAR', '{"en-US":"Standard rate","fr-FR":"Tarif standard","es-ES":"Tarifa estándar"}', 'RO', 1, MIN(p.max_guests, 40)
  FROM products p WHERE p.price_unit = 'night' AND NOT EXISTS (SELECT 1 FROM rate_plans r WHERE r.product_id = p.id);
INSERT OR IGNORE INTO rate_plan_rooms (rate_plan_id, room_id)
  SELECT rp.id, rt.id FROM rate_plans rp JOIN room_types rt ON rt.product_id = rp.product_id AND rt.code = 'STD'
  WHERE rp.code = 'BAR' AND NOT EXISTS (SELECT 1 FROM rate_plan_rooms x WHERE x.rate_plan_id = rp.id);
WITH RECURSIVE d(n, night) AS (SELECT 0, date('now', '-1 day') UNION ALL SELECT n + 1, date(night, '+1 day') FROM d WHERE n < 730)
INSERT OR IGNORE INTO rate_nights (product_id, night, room_id, rate_plan_id, price_usd_minor)
  SELECT p.id, d.night, rt.id, rp.id, p.price_usd_minor
  FROM products p
  JOIN room_types rt ON rt.product_id = p.id AND rt.code = 'STD'
  JOIN rate_plans rp ON rp.product_id = p.id AND rp.code = 'BAR'
  JOIN d
  WHERE p.price_unit = 'night'
    AND NOT EXISTS (SELECT 1 FROM rate_nights x WHERE x.rate_plan_id = rp.id)
    AND (p.available_from IS NULL OR d.night >= p.available_from)
    AND (p.available_to IS NULL OR d.night < p.available_to);
