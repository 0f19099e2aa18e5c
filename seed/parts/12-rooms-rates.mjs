// Rooms, rates and availability for the seed's products (docs/contract.md#rooms-rates-and-availability): every nightly
// product gets its standard room and rate carrying its price (seed/default-inventory.sql, shared with the migration),
// first. Then a handful of products sell as real hotels do (VARIETY): several room types, refundable and
// non-refundable plans with their own terms, boards, prices by occupancy, seasons and weekends, minimum stays and a few
// sold-out nights. Lisbon, the city the home page and most flows start from, has two hotels that sell only so.
//
// Everything is idempotent (the seed runs on every start) and never undoes an admin's work: rooms and plans are
// added when missing, a plan's nights are priced only when it has none for the room, the sold-out nights are written
// once per product, and a product replaces its default standard room and rate only while it has nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { q } from '../index.mjs';
import { HOTELS, MORE_HOTELS, RESORTS, STAYS } from './04-booking.mjs';

export const DEFAULT_INVENTORY_SQL = readFileSync(join(import.meta.dirname, '..', 'default-inventory.sql'), 'utf8');

const N = (en, fr, es) => ({ 'en-US': en, 'fr-FR': fr, 'es-ES': es });

/** Per cent of a plan's price by month: a city's year, and the same never below the base (for products whose standard rate must stay their cheapest). */
const CITY = { '01': 90, '02': 90, '03': 100, '04': 115, '05': 120, '06': 135, '07': 145, '08': 150, '09': 130, '10': 115, '11': 95, '12': 105 };
const CITY_ABOVE = { '01': 100, '02': 100, '03': 100, '04': 110, '05': 115, '06': 125, '07': 135, '08': 140, '09': 120, '10': 110, '11': 100, '12': 105 };
const TOKYO_ABOVE = { '01': 100, '02': 100, '03': 115, '04': 120, '05': 105, '06': 100, '07': 105, '08': 110, '09': 100, '10': 110, '11': 115, '12': 105 };
const BEACH_ABOVE = { '01': 100, '02': 100, '03': 105, '04': 115, '05': 125, '06': 145, '07': 165, '08': 170, '09': 140, '10': 115, '11': 100, '12': 110 };

const DAY_MS = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (day, n) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
/** ISO weekday masks (Monday = bit 0): Friday and Saturday nights, and the other five. */
const WEEKEND = 0b0110000;
const WEEKDAYS = 0b1001111;
const EVERY_DAY = 0b1111111;

/** The span the seed prices: 731 nights from yesterday, as the standard rates run (seed/default-inventory.sql). */
function seedSpan(today = isoDay(Date.now())) {
  const from = plusDays(today, -1);
  return { from, to: plusDays(from, 730) };
}

/** The pieces of [from, to] in each calendar month: [first, last, 'MM']. */
function monthsOf(from, to) {
  const out = [];
  for (let start = from; start <= to; ) {
    const [y, m] = start.split('-').map(Number);
    const last = isoDay(Date.UTC(y, m, 0)); // the month's last day
    const end = last < to ? last : to;
    out.push([start, end, start.slice(5, 7)]);
    start = plusDays(end, 1);
  }
  return out;
}

/** Each year's stretch of [from, to] that `inYear(year)` ([first, last]) names. */
function yearly(from, to, inYear) {
  const out = [];
  for (let y = Number(from.slice(0, 4)) - 1; y <= Number(to.slice(0, 4)); y++) {
    const [a, b] = inYear(y);
    const start = a > from ? a : from;
    const end = b < to ? b : to;
    if (start <= end) out.push([start, end]);
  }
  return out;
}
/** The peak: 23 December to 2 January. */
const PEAK = (y) => [`${y}-12-23`, `${y + 1}-01-02`];
/** When a minimum stay applies, by the arrival night: [weekday mask, stretches of the span]. */
const WHEN = {
  always: (span) => [EVERY_DAY, [[span.from, span.to]]],
  weekend: (span) => [WEEKEND, [[span.from, span.to]]],
  peak: (span) => [EVERY_DAY, yearly(span.from, span.to, PEAK)],
  summer: (span) => [EVERY_DAY, yearly(span.from, span.to, (y) => [`${y}-07-01`, `${y}-08-31`])],
};

/**
 * A product's ranges in the order they apply (later ones override): per month its season's price on weekdays and at
 * weekends, the peak's over them, then the minimum stays (shortest first, so the longest that applies wins) and each
 * plan's maximum stay. `pct` is the price's percentage × 100 (season × weekend), applied to each plan's room price.
 */
export function varietyRanges(v, today) {
  const span = seedSpan(today);
  const out = [];
  const priced = (from, to, pct) => {
    out.push({ plan: '*', from, to, mask: WEEKDAYS, pct: pct * 100 });
    out.push({ plan: '*', from, to, mask: WEEKEND, pct: pct * v.weekend });
  };
  for (const [from, to, month] of monthsOf(span.from, span.to)) priced(from, to, v.seasons[month]);
  for (const [from, to] of yearly(span.from, span.to, PEAK)) priced(from, to, v.peak);
  for (const [plan, when, nights] of [...v.minStay].sort((a, b) => a[2] - b[2])) {
    const [mask, stretches] = WHEN[when](span);
    for (const [from, to] of stretches) out.push({ plan, from, to, mask, minStay: nights });
  }
  for (const plan of v.plans) if (plan.maxStay) out.push({ plan: plan.code, from: span.from, to: span.to, mask: EVERY_DAY, maxStay: plan.maxStay });
  return out;
}

/**
 * The products that sell as real hotels do. `product`: [type, name, city] in org 1. `own`: the product sells only these
 * rooms and plans (its default standard room and rate go); otherwise they come beside the standard rate, priced at or
 * above it whatever the night, so the product's lowest price stays its standard rate's (tests rely on those).
 * `prices`: per plan, the base price of each room it sells (USD minor, for `base` adults), scaled by `seasons` (per cent
 * by month, `peak` from 23 December to 2 January) and by `weekend` (per cent, Friday and Saturday nights).
 * `minStay`: [plan code or '*', WHEN key, nights]. `closed`: [room code or '*', days from the first seed, 'sold' (every
 * room sold) | 'stop' (stop sell) | 'none' (no rooms for sale)].
 */
export const VARIETY = [
  {
    product: ['HLT', 'Baixa Pombalina Hotel', 'Lisbon'],
    own: true,
    rooms: [
      { code: 'SGL', name: N('Single room', 'Chambre simple', 'Habitación individual'), adults: 1, children: 0, occupancy: 1, units: 6 },
      { code: 'DBL', name: N('Double room', 'Chambre double', 'Habitación doble'), adults: 2, children: 1, occupancy: 3, units: 16 },
      { code: 'TWN', name: N('Twin room', 'Chambre à deux lits', 'Habitación con dos camas'), adults: 2, children: 0, occupancy: 2, units: 8 },
      { code: 'FAM', name: N('Family suite', 'Suite familiale', 'Suite familiar'), adults: 3, children: 3, occupancy: 5, units: 4 },
    ],
    plans: [
      { code: 'FLEX', name: N('Flexible rate', 'Tarif flexible', 'Tarifa flexible'), board: 'RO', refundable: 1, freeDays: 3, feePercent: null, base: 2, extraAdult: 3500, child: 2000, childFreeUnder: 6, prices: { SGL: 19500, DBL: 21900, TWN: 22400, FAM: 32900 } },
      { code: 'BB', name: N('Bed and breakfast', 'Chambre et petit-déjeuner', 'Alojamiento y desayuno'), board: 'BB', refundable: 1, freeDays: 1, feePercent: 50, base: 2, extraAdult: 4500, child: 2500, childFreeUnder: 6, prices: { SGL: 21500, DBL: 25900, TWN: 26400, FAM: 38900 } },
      { code: 'NRBB', name: N('Non-refundable, breakfast included', 'Non remboursable, petit-déjeuner compris', 'No reembolsable, desayuno incluido'), board: 'BB', refundable: 0, freeDays: null, feePercent: null, base: 2, extraAdult: 4000, child: 2200, childFreeUnder: 6, prices: { DBL: 23400, TWN: 23900, FAM: 36500 } },
    ],
    seasons: CITY,
    peak: 160,
    weekend: 115,
    minStay: [['*', 'peak', 3]],
    closed: [['SGL', 8, 'sold'], ['SGL', 9, 'sold'], ['FAM', 14, 'stop'], ['FAM', 15, 'stop'], ['*', 75, 'none'], ['*', 76, 'none']],
  },
  {
    product: ['HLT', 'Príncipe Real Garden Hotel', 'Lisbon'],
    own: true,
    rooms: [
      { code: 'DBL', name: N('Double room, garden side', 'Chambre double côté jardin', 'Habitación doble al jardín'), adults: 2, children: 1, occupancy: 3, units: 14 },
      { code: 'TWN', name: N('Twin room', 'Chambre à deux lits', 'Habitación con dos camas'), adults: 2, children: 0, occupancy: 2, units: 6 },
      { code: 'JRS', name: N('Junior suite with terrace', 'Junior suite avec terrasse', 'Junior suite con terraza'), adults: 3, children: 2, occupancy: 4, units: 3 },
    ],
    plans: [
      { code: 'RO', name: N('Room only', 'Chambre seule', 'Solo alojamiento'), board: 'RO', refundable: 1, freeDays: null, feePercent: null, base: 2, extraAdult: 3000, child: 1800, childFreeUnder: 4, prices: { DBL: 20900, TWN: 20900, JRS: 30900 } },
      { code: 'BBNR', name: N('Breakfast included, non-refundable', 'Petit-déjeuner compris, non remboursable', 'Desayuno incluido, no reembolsable'), board: 'BB', refundable: 0, freeDays: null, feePercent: null, base: 2, extraAdult: 3500, child: 2000, childFreeUnder: 4, prices: { DBL: 22400, TWN: 22400, JRS: 32900 } },
      { code: 'HB', name: N('Half board', 'Demi-pension', 'Media pensión'), board: 'HB', refundable: 1, freeDays: 7, feePercent: 30, base: 2, extraAdult: 5500, child: 3000, childFreeUnder: 4, prices: { DBL: 27900, TWN: 27900, JRS: 39900 } },
    ],
    seasons: CITY,
    peak: 165,
    weekend: 120,
    minStay: [['*', 'weekend', 2], ['HB', 'summer', 3], ['*', 'peak', 3]],
    closed: [['JRS', 30, 'sold'], ['JRS', 31, 'sold'], ['JRS', 32, 'sold'], ['*', 61, 'stop']],
  },
  {
    product: ['HLT', 'Chiado Heritage Suites', 'Lisbon'],
    rooms: [
      { code: 'SUP', name: N('Superior double with balcony', 'Chambre double supérieure avec balcon', 'Habitación doble superior con balcón'), adults: 2, children: 1, occupancy: 3, units: 10 },
      { code: 'FAM', name: N('Family suite', 'Suite familiale', 'Suite familiar'), adults: 4, children: 3, occupancy: 6, units: 3 },
    ],
    plans: [
      { code: 'BB', name: N('Bed and breakfast', 'Chambre et petit-déjeuner', 'Alojamiento y desayuno'), board: 'BB', refundable: 1, freeDays: null, feePercent: null, base: 2, extraAdult: 2500, child: 1500, childFreeUnder: 4, prices: { STD: 21500, SUP: 24500, FAM: 32900 } },
      { code: 'NRF', name: N('Non-refundable, room only', 'Non remboursable, chambre seule', 'No reembolsable, solo alojamiento'), board: 'RO', refundable: 0, freeDays: null, feePercent: null, base: 2, extraAdult: 3000, child: 1800, childFreeUnder: 6, prices: { SUP: 21900, FAM: 29500 } },
    ],
    seasons: CITY_ABOVE,
    peak: 150,
    weekend: 110,
    minStay: [['NRF', 'peak', 3]],
    closed: [['FAM', 12, 'sold'], ['FAM', 13, 'sold'], ['SUP', 40, 'stop']],
  },
  {
    product: ['STY', 'Shimokitazawa Machiya House', 'Tokyo'],
    rooms: [],
    plans: [
      { code: 'BB', name: N('Flexible, breakfast basket', 'Flexible, panier petit-déjeuner', 'Flexible, cesta de desayuno'), board: 'BB', refundable: 1, freeDays: 14, feePercent: 20, base: 2, extraAdult: 1500, child: 800, childFreeUnder: 3, maxStay: 14, prices: { STD: 22400 } },
      { code: 'WEEK', name: N('Weekly stay, non-refundable', 'Séjour à la semaine, non remboursable', 'Estancia semanal, no reembolsable'), board: 'RO', refundable: 0, freeDays: null, feePercent: null, base: 5, extraAdult: 0, child: 0, childFreeUnder: 0, prices: { STD: 14900 } },
    ],
    // Cherry blossom and autumn leaves; a week costs less than the standard rate's whatever the season.
    seasons: TOKYO_ABOVE,
    peak: 120,
    weekend: 105,
    minStay: [['WEEK', 'always', 7]],
    closed: [['STD', 18, 'stop'], ['STD', 19, 'stop']],
    // The weekly rate may be the cheapest for a week: no test prices this stay.
    cheaperThanStandard: ['WEEK'],
  },
  {
    product: ['RST', 'Sitges Mediterranean Resort', 'Barcelona'],
    rooms: [
      { code: 'SEA', name: N('Sea-view double', 'Chambre double vue mer', 'Habitación doble con vistas al mar'), adults: 2, children: 2, occupancy: 4, units: 12 },
      { code: 'FAM', name: N('Family suite, two bedrooms', 'Suite familiale, deux chambres', 'Suite familiar, dos dormitorios'), adults: 4, children: 3, occupancy: 6, units: 4 },
    ],
    plans: [
      { code: 'HB', name: N('Half board', 'Demi-pension', 'Media pensión'), board: 'HB', refundable: 0, freeDays: null, feePercent: null, base: 2, extraAdult: 6500, child: 3500, childFreeUnder: 3, prices: { STD: 33900, SEA: 37900, FAM: 52900 } },
      { code: 'AI', name: N('All inclusive', 'Tout compris', 'Todo incluido'), board: 'AI', refundable: 0, freeDays: null, feePercent: null, base: 2, extraAdult: 8500, child: 4500, childFreeUnder: 3, prices: { STD: 41900, SEA: 45900, FAM: 62900 } },
    ],
    seasons: BEACH_ABOVE,
    peak: 140,
    weekend: 105,
    minStay: [['*', 'summer', 3]],
    closed: [['SEA', 20, 'sold'], ['SEA', 21, 'sold'], ['FAM', 35, 'stop']],
  },
];

const json = (v) => q(JSON.stringify(v));
const values = (rows) => rows.map((r) => `(${r.map(q).join(', ')})`).join(', ');

/** The product's rows in org 1 (the only org whose products vary: org 2 sells its copies at its standard rate). */
const productIs = (p, [type, name, city]) => `${p}.org_id = 1 AND ${p}.type = ${q(type)} AND ${p}.name = ${q(name)} AND ${p}.city = ${q(city)}`;

const LISTS = { HLT: [...HOTELS, ...MORE_HOTELS], RST: RESORTS, STY: STAYS };

/**
 * The prices these products must stay above. A product keeping its standard rate: every added price is at or above it
 * on every night (the lowest month, no weekend; a party only adds to a plan's base price), so its lowest price stays
 * its standard rate's. A product selling only its own: above the city's cheapest standard rate of its type, so that
 * product stays the city's cheapest every night (the home page's card shows its price and photo).
 */
function checkAbove(v) {
  const [type, name, city] = v.product;
  const own = (p) => VARIETY.some((x) => x.own && x.product[1] === p[0] && x.product[2] === p[1]);
  const row = LISTS[type].find((p) => p[0] === name && p[1] === city);
  if (!row) throw new Error(`seed: no seeded product ${name} in ${city}`);
  const floor = v.own ? Math.min(...LISTS[type].filter((p) => p[1] === city && !own(p)).map((p) => p[6] * 100 + 100)) : row[6] * 100;
  const lowest = Math.min(...Object.values(v.seasons), v.peak);
  for (const plan of v.plans) {
    if (v.cheaperThanStandard?.includes(plan.code)) continue;
    for (const [room, price] of Object.entries(plan.prices)) {
      if (Math.round((price * lowest) / 10000) * 100 < floor) throw new Error(`seed: ${name} ${plan.code}/${room} would sell below ${floor / 100} USD`);
    }
  }
}

function varietySql(v) {
  const product = productIs('p', v.product);
  const out = [];
  if (v.own) {
    // The default standard room and rate go while the product has nothing else (the first seed), with their nights.
    const onlyDefault = `p.id IN (SELECT p.id FROM products p WHERE ${product} AND NOT EXISTS (SELECT 1 FROM room_types o WHERE o.product_id = p.id AND o.code <> 'STD') AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.product_id = p.id AND b.room_id IS NOT NULL))`;
    out.push(
      `DELETE FROM rate_ranges WHERE product_id IN (SELECT p.id FROM products p WHERE ${onlyDefault});`,
      `DELETE FROM room_ranges WHERE product_id IN (SELECT p.id FROM products p WHERE ${onlyDefault});`,
      `DELETE FROM room_nights WHERE product_id IN (SELECT p.id FROM products p WHERE ${onlyDefault});`,
      `DELETE FROM rate_plan_rooms WHERE rate_plan_id IN (SELECT rp.id FROM rate_plans rp JOIN products p ON p.id = rp.product_id WHERE ${onlyDefault} AND rp.code = 'BAR');`,
      `DELETE FROM rate_plans WHERE code = 'BAR' AND product_id IN (SELECT p.id FROM products p WHERE ${onlyDefault});`,
      `DELETE FROM room_types WHERE code = 'STD' AND product_id IN (SELECT p.id FROM products p WHERE ${onlyDefault});`,
    );
  }
  if (v.rooms.length) {
    out.push(`WITH v(code, name, max_adults, max_children, max_occupancy, units, position) AS (VALUES ${values(v.rooms.map((r, i) => [r.code, JSON.stringify(r.name), r.adults, r.children, r.occupancy, r.units, i + 1]))})
INSERT OR IGNORE INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units, position)
  SELECT p.id, p.org_id, v.code, v.name, v.max_adults, v.max_children, v.max_occupancy, v.units, v.position FROM products p JOIN v WHERE ${product};`);
  }
  out.push(`WITH v(code, name, board, refundable, free_days, fee_percent, base, extra_adult, child, child_free_under, position) AS (VALUES ${values(
    v.plans.map((r, i) => [r.code, JSON.stringify(r.name), r.board, r.refundable, r.freeDays, r.feePercent, r.base, r.extraAdult, r.child, r.childFreeUnder, i + 1]),
  )})
INSERT OR IGNORE INTO rate_plans (product_id, org_id, code, name, board, refundable, free_cancellation_days, cancellation_fee_percent, base_occupancy, extra_adult_usd_minor, child_usd_minor, child_free_under, position)
  SELECT p.id, p.org_id, v.code, v.name, v.board, v.refundable, v.free_days, v.fee_percent, v.base, v.extra_adult, v.child, v.child_free_under, v.position FROM products p JOIN v WHERE ${product};`);
  const prices = v.plans.flatMap((plan) => Object.entries(plan.prices).map(([room, price]) => [plan.code, room, price, plan.maxStay ?? null]));
  out.push(`WITH v(plan, room) AS (VALUES ${values(prices.map(([plan, room]) => [plan, room]))})
INSERT OR IGNORE INTO rate_plan_rooms (rate_plan_id, room_id)
  SELECT rp.id, rt.id FROM products p JOIN v JOIN rate_plans rp ON rp.product_id = p.id AND rp.code = v.plan JOIN room_types rt ON rt.product_id = p.id AND rt.code = v.room WHERE ${product};`);
  // The nights of each plan and room, priced by season and weekday, for as long as the standard rates run: sent as a
  // channel manager sends them, ranges of nights (a month, the peak) on a weekday group, restrictions as ranges of their
  // own; all of a plan's ranges for a room in one statement (so "none yet" is checked once), in the order they override.
  const ranges = varietyRanges(v);
  out.push(`WITH v(plan, room, price) AS (VALUES ${values(prices.map(([plan, room, price]) => [plan, room, price]))}),
  r(seq, plan, from_night, to_night, weekdays, pct, min_stay, max_stay) AS (VALUES ${values(ranges.map((r, i) => [i, r.plan, r.from, r.to, r.mask, r.pct, r.minStay, r.maxStay]))}),
  cut AS (SELECT p.id AS product_id, rt.id AS room_id, rp.id AS plan_id, r.seq, r.weekdays, r.min_stay, r.max_stay,
      MAX(r.from_night, COALESCE(p.available_from, '')) AS from_night, MIN(r.to_night, COALESCE(date(p.available_to, '-1 day'), '9999-12-31')) AS to_night,
      CASE WHEN r.pct IS NOT NULL THEN CAST(ROUND(v.price * r.pct / 1000000.0) AS INTEGER) * 100 END AS price
    FROM products p JOIN v JOIN rate_plans rp ON rp.product_id = p.id AND rp.code = v.plan JOIN room_types rt ON rt.product_id = p.id AND rt.code = v.room
    JOIN r ON r.plan = '*' OR r.plan = v.plan
    WHERE ${product} AND NOT EXISTS (SELECT 1 FROM rate_ranges x WHERE x.rate_plan_id = rp.id AND x.room_id = rt.id))
INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, weekdays, price_usd_minor, min_stay, max_stay)
  SELECT product_id, room_id, plan_id, from_night, to_night, weekdays, price, min_stay, max_stay FROM cut WHERE from_night <= to_night ORDER BY seq, plan_id, room_id;`);
  // A few nights sold out, written once (the first seed's dates): every room sold (rooms sold on the night), stop sell,
  // or none for sale (ranges of one night).
  const sold = v.closed.filter((c) => c[2] === 'sold');
  const ranged = v.closed.filter((c) => c[2] !== 'sold');
  const untouched = `NOT EXISTS (SELECT 1 FROM room_ranges x WHERE x.product_id = p.id)`;
  if (sold.length) {
    out.push(`WITH c(room, days) AS (VALUES ${values(sold.map(([room, days]) => [room, days]))})
INSERT OR IGNORE INTO room_nights (room_id, night, product_id, sold)
  SELECT rt.id, date('now', '+' || c.days || ' day'), p.id, rt.units
  FROM products p JOIN room_types rt ON rt.product_id = p.id JOIN c ON c.room = rt.code OR c.room = '*'
  WHERE ${product} AND ${untouched}
    AND NOT EXISTS (SELECT 1 FROM room_nights x WHERE x.product_id = p.id AND x.sold > 0 AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.room_id = x.room_id));`);
  }
  if (ranged.length) {
    out.push(`WITH c(room, days, how) AS (VALUES ${values(ranged)})
INSERT INTO room_ranges (product_id, room_id, from_night, to_night, weekdays, units, stop_sell)
  SELECT p.id, rt.id, date('now', '+' || c.days || ' day'), date('now', '+' || c.days || ' day'), 127, CASE c.how WHEN 'none' THEN 0 END, CASE c.how WHEN 'stop' THEN 1 END
  FROM products p JOIN room_types rt ON rt.product_id = p.id JOIN c ON c.room = rt.code OR c.room = '*'
  WHERE ${product} AND ${untouched}
  ORDER BY c.days, rt.id;`);
  }
  return out.join('\n');
}

export default function roomsAndRates() {
  for (const v of VARIETY) checkAbove(v);
  return [DEFAULT_INVENTORY_SQL, ...VARIETY.map(varietySql)].join('\n');
}
