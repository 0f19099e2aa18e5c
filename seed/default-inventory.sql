-- Every nightly product without a room type gets one "Standard room" and one "Standard rate" carrying its nightly
-- price, priced for 731 nights from yesterday (within its availability dates): today's products keep selling exactly as
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
-- One range of 731 nights from yesterday (as channel managers send it), cut to the product's availability dates.
INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, weekdays, price_usd_minor)
  SELECT * FROM (
    SELECT p.id, rt.id, rp.id,
      MAX(date('now', '-1 day'), COALESCE(p.available_from, '0000-00-00')) AS from_night,
      MIN(date('now', '+729 day'), COALESCE(date(p.available_to, '-1 day'), '9999-12-31')) AS to_night,
      127, p.price_usd_minor
    FROM products p
    JOIN room_types rt ON rt.product_id = p.id AND rt.code = 'STD'
    JOIN rate_plans rp ON rp.product_id = p.id AND rp.code = 'BAR'
    WHERE p.price_unit = 'night'
      AND NOT EXISTS (SELECT 1 FROM rate_ranges x WHERE x.rate_plan_id = rp.id)
    ORDER BY p.id)
  WHERE from_night <= to_night;
