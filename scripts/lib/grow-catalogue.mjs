// A catalogue shaped like production, for capacity tests (docs/contract.md#rooms-rates-and-availability, "Capacity
// tests"): `grow-catalogue` adds n hotels to an org, `share` of them within 20 km of one city's centre and the rest over
// the org's other cities, each with two room types, two rate plans and a year of rates and availability from today.
// The rates go in the way channel managers send them: ranges of nights (a season × a group of weekdays, OpenTravel's
// Start/End with Mon…Sun flags), stored as ranges (rate_ranges, decision 0059): a few dozen rows a hotel, not a row
// per night.
//
// Used by `npm run admin -- grow-catalogue` (scripts/admin.mjs) and by the bench (bench/scenarios/80-catalogue-scale.mjs).
// `growCatalogue` takes two functions that reach D1, each one round trip (a wrangler run costs seconds): `read(sqls)`
// → each statement's rows, and `write(sql, check)` → the rows of `check` read after the statements, which run as one
// unit; `localD1` makes them for a local database through wrangler, as the development seed is applied.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { q } from '../../seed/index.mjs';
import { BEACH_CITIES, POOLS, SEED_PHOTOS, seedPhotoKeys } from '../../seed/photos.mjs';
import { CITIES as SEED_CITIES } from '../../seed/parts/04-booking.mjs';
import { AMENITY, CITY_NAMES } from '../../seed/parts/11-translations.mjs';
import { QUIET_ENV, ROOT } from './server.mjs';

/** Grown hotels' product codes: G and six digits or more, in the order they were added (re-running continues). */
export const CODE_PREFIX = 'G';
const codeOf = (seq) => `${CODE_PREFIX}${String(seq).padStart(6, '0')}`;
export const MAX_HOTELS_PER_RUN = 20_000;
/** Within this distance of the popular city's centre (the contract's 20 km), and of the other cities' centres. */
const POPULAR_RADIUS_KM = 19.5;
const OTHER_RADIUS_KM = 12;
const NB = '\u00a0';

/** Cities known without any product of the org: the seed's, and a few more. [zone, country, latitude, longitude, French, Spanish, usual hotel price USD] */
const MORE_CITIES = {
  Madrid: ['Europe/Madrid', 'ES', 40.4168, -3.7038, 'Madrid', 'Madrid', 170],
  Porto: ['Europe/Lisbon', 'PT', 41.1579, -8.6291, 'Porto', 'Oporto', 140],
  Amsterdam: ['Europe/Amsterdam', 'NL', 52.3676, 4.9041, 'Amsterdam', 'Ámsterdam', 240],
  Berlin: ['Europe/Berlin', 'DE', 52.52, 13.405, 'Berlin', 'Berlín', 180],
  Vienna: ['Europe/Vienna', 'AT', 48.2082, 16.3738, 'Vienne', 'Viena', 190],
  Prague: ['Europe/Prague', 'CZ', 50.0755, 14.4378, 'Prague', 'Praga', 150],
  Athens: ['Europe/Athens', 'GR', 37.9838, 23.7275, 'Athènes', 'Atenas', 160],
  Singapore: ['Asia/Singapore', 'SG', 1.3521, 103.8198, 'Singapour', 'Singapur', 260],
};
const SEED_PRICE = { 'New York': 320, Paris: 270, London: 260, Barcelona: 210, Rome: 230, Tokyo: 220, Lisbon: 180, Cancún: 170, Orlando: 150, Honolulu: 260, Sydney: 260, Miami: 230 };

/** Every city this module knows by name: { city, zone, country, latitude, longitude, fr, es, price }. */
export const KNOWN_CITIES = [
  ...Object.entries(SEED_CITIES).map(([city, c]) => ({ city, zone: c.zone, country: c.country, latitude: c.lat, longitude: c.lon, fr: CITY_NAMES[city]?.[0] ?? city, es: CITY_NAMES[city]?.[1] ?? city, price: SEED_PRICE[city] ?? 180 })),
  ...Object.entries(MORE_CITIES).map(([city, [zone, country, latitude, longitude, fr, es, price]]) => ({ city, zone, country, latitude, longitude, fr, es, price })),
];
const knownCity = (name) => KNOWN_CITIES.find((c) => c.city.localeCompare(name, 'en', { sensitivity: 'base' }) === 0);

// ---- names, addresses, words ---------------------------------------------------------------------------------

const FIRST = ['Amber', 'Azure', 'Bayleaf', 'Beacon', 'Bellwood', 'Cedar', 'Cobalt', 'Copper', 'Coral', 'Crescent', 'Elmstead', 'Ember', 'Fernhill', 'Garnet', 'Granite', 'Heron', 'Ivory', 'Juniper', 'Larkspur', 'Linden', 'Maple', 'Marigold', 'Meridian', 'Oakridge', 'Opal', 'Orchid', 'Pinegrove', 'Quartz', 'Saffron', 'Willow'];
const SECOND = ['Arch', 'Bay', 'Bridge', 'Brook', 'Court', 'Crown', 'Dune', 'Garden', 'Gate', 'Grove', 'Hall', 'Haven', 'Hill', 'Lane', 'Light', 'Mill', 'Park', 'Point', 'Pier', 'Ridge', 'Row', 'Square', 'Station', 'Terrace', 'Tower', 'Vale', 'View', 'Walk', 'Well', 'Yard'];
const KINDS = ['Hotel', 'Inn', 'Suites', 'Boutique Hotel', 'Residence', 'Lodge'];
const NAMES_PER_ROUND = FIRST.length * SECOND.length * KINDS.length; // 5,400
const ROUND = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

/** The seq-th grown hotel's name: every seq its own (a permutation of the words in each round of 5,400, then II, III…). */
export function hotelName(seq) {
  const round = Math.floor(seq / NAMES_PER_ROUND);
  const j = (seq * 7919) % NAMES_PER_ROUND; // 7919 is prime to 5,400: a permutation, so neighbours look unrelated
  const name = `${FIRST[j % FIRST.length]} ${SECOND[Math.floor(j / FIRST.length) % SECOND.length]} ${KINDS[Math.floor(j / (FIRST.length * SECOND.length))]}`;
  return name + (ROUND[round] ?? ` ${round + 1}`);
}

// Street names as English- and as Romance-speaking cities write them (the same count: a street and a number per seq).
const STREETS = ['Harbour', 'Market', 'Station', 'Chapel', 'Garden', 'Mill', 'Castle', 'Church', 'River', 'Orchard', 'Bridge', 'Park', 'Victoria', 'Albert', 'Queen', 'King', 'Wharf', 'Cross', 'Bank', 'Hill', 'Ash', 'Elm', 'Oak', 'Rose', 'Lime', 'Poplar', 'Union', 'Cannon', 'Temple', 'College', 'Prospect', 'Spring', 'Mercer', 'Liberty', 'Carmine', 'Clover', 'Falcon', 'Lantern', 'Sailor', 'Weaver'];
const ROMANCE_STREETS = ['Almada', 'Bellavista', 'Castelo', 'Duarte', 'Estrela', 'Fontana', 'Garibaldi', 'Horta', 'Lumière', 'Marquês', 'Navarra', 'Oliveira', 'Palma', 'Quintana', 'Rosário', 'Santana', 'Torres', 'Valença', 'Verdi', 'Zambujal', 'Aurora', 'Bocage', 'Camões', 'Dante', 'Esperança', 'Flores', 'Graça', 'Ibéria', 'Jardim', 'Lagos', 'Madalena', 'Nazaré', 'Oriente', 'Prata', 'Ribeira', 'Sol', 'Tejo', 'Universo', 'Vitória', 'Moinhos'];
/** The seq-th grown hotel's street address in the local way: unique for each seq (street and number together). */
export function hotelAddress(seq, country) {
  const street = STREETS[seq % STREETS.length];
  const romance = ROMANCE_STREETS[seq % ROMANCE_STREETS.length];
  const n = Math.floor(seq / STREETS.length);
  const number = `${(n % 400) + 1}${n >= 400 ? String.fromCharCode(65 + (Math.floor(n / 400) % 26)) : ''}`;
  switch (country) {
    case 'PT': return `Rua ${romance} ${number}`;
    case 'FR': return `${number} rue ${romance}`;
    case 'ES': case 'MX': return `Calle ${romance} ${number}`;
    case 'IT': return `Via ${romance} ${number}`;
    case 'JP': return `${number}-${(seq % 9) + 1} ${street}-cho`;
    case 'DE': case 'AT': return `${street}strasse ${number}`;
    case 'NL': return `${street}straat ${number}`;
    case 'GB': return `${number} ${street} Road`;
    default: return `${number} ${street} St`;
  }
}

/** [English, French, Spanish]: what makes a grown hotel special. */
const SPECIALS = [
  ['a rooftop terrace with views over the old town', 'une terrasse sur le toit avec vue sur la vieille ville', 'una terraza en la azotea con vistas al casco antiguo'],
  ['quiet rooms around a leafy inner courtyard', 'des chambres calmes autour d’une cour intérieure arborée', 'habitaciones tranquilas alrededor de un patio interior arbolado'],
  ['a short walk from the main sights and the metro', 'à quelques pas des principaux sites et du métro', 'a un paseo de los principales monumentos y del metro'],
  ['family rooms and a generous breakfast buffet', 'des chambres familiales et un copieux buffet de petit-déjeuner', 'habitaciones familiares y un abundante desayuno bufé'],
  ['a small spa with a sauna and a heated pool', 'un petit spa avec sauna et piscine chauffée', 'un pequeño spa con sauna y piscina climatizada'],
  ['design rooms in a restored nineteenth-century building', 'des chambres design dans un immeuble du XIXe siècle restauré', 'habitaciones de diseño en un edificio del siglo XIX restaurado'],
  ['a café-bar in the lobby open until late', 'un café-bar dans le hall ouvert jusque tard', 'un café-bar en el vestíbulo abierto hasta tarde'],
  ['bicycles to borrow and maps of the best rides', 'des vélos à emprunter et les cartes des plus belles balades', 'bicicletas para tomar prestadas y mapas de las mejores rutas'],
  ['a garden with loungers and a summer bar', 'un jardin avec transats et un bar d’été', 'un jardín con tumbonas y un bar de verano'],
  ['large rooms with a kitchenette for longer stays', 'de grandes chambres avec kitchenette pour les longs séjours', 'habitaciones amplias con cocina americana para estancias largas'],
  ['a restaurant serving the region’s cooking', 'un restaurant de cuisine régionale', 'un restaurante de cocina regional'],
  ['soundproofed rooms near the business district', 'des chambres insonorisées près du quartier d’affaires', 'habitaciones insonorizadas cerca del distrito financiero'],
];

/** Amenity sets a grown hotel has (English; the seed's translations give French and Spanish). */
const AMENITY_SETS = [
  ['Free Wi-Fi', 'Breakfast available', '24-hour front desk', 'Air conditioning', 'Non-smoking rooms'],
  ['Free Wi-Fi', 'Breakfast available', 'Fitness centre', 'Non-smoking rooms'],
  ['Free Wi-Fi', '24-hour front desk', 'Air conditioning', 'Fitness centre', 'Non-smoking rooms'],
  ['Free Wi-Fi', 'Breakfast available', 'Air conditioning'],
];
const amenitiesIn = (set, i) => JSON.stringify(set.map((a) => (i < 0 ? a : AMENITY[a]?.[i] ?? a)));

/** The two room types and two rate plans every grown hotel sells (names in the three languages). */
export const ROOMS = [
  { code: 'DBL', name: { 'en-US': 'Double room', 'fr-FR': 'Chambre double', 'es-ES': 'Habitación doble' }, max_adults: 2, max_children: 1, max_occupancy: 3, factor: 100 },
  { code: 'FAM', name: { 'en-US': 'Family room', 'fr-FR': 'Chambre familiale', 'es-ES': 'Habitación familiar' }, max_adults: 3, max_children: 3, max_occupancy: 5, factor: 165 },
];
export const PLANS = [
  { code: 'NRF', name: { 'en-US': 'Non-refundable, room only', 'fr-FR': 'Non remboursable, chambre seule', 'es-ES': 'No reembolsable, solo alojamiento' }, board: 'RO', refundable: 0, factor: 100 },
  { code: 'FLX', name: { 'en-US': 'Flexible, breakfast included', 'fr-FR': 'Flexible, petit-déjeuner compris', 'es-ES': 'Flexible, desayuno incluido' }, board: 'BB', refundable: 1, factor: 118 },
];

// ---- seasons, as a channel manager sends them -----------------------------------------------------------------

const DAY_MS = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
export const utcToday = () => isoDay(Date.now());

/** A night's season where the hotel is (north or south of the equator): [name, percent of the low season's price]. */
function seasonOf(day, south) {
  const md = day.slice(5);
  if (md >= '12-23' || md <= '01-02') return ['peak', 175];
  const m = Number(day.slice(5, 7));
  const month = south ? ((m + 5) % 12) + 1 : m; // the south's January is the north's July
  if (month >= 6 && month <= 9) return ['high', 145];
  if (month === 4 || month === 5 || month === 10 || (month === 3 && md >= '03-20') || month === 12) return ['shoulder', 120];
  return ['low', 100];
}

/** Weekday groups as OpenTravel's Mon…Sun flags, stored as a mask with ISO Monday = bit 0 (rate_ranges.weekdays). */
const WEEKDAYS = 0b1001111; // Sunday to Thursday nights
const WEEKEND = 0b0110000; // Friday and Saturday nights

/**
 * A year of rates from `today` as a channel manager sends them: one range per season span and weekday group
 * ({ start, end, weekdays mask (ISO Monday = bit 0), pct of the low-season price, min_stay }), for the north and for
 * the south.
 */
export function seasonRanges(today, days = 365) {
  const out = [];
  for (const south of [0, 1]) {
    const start = Date.parse(`${today}T00:00:00Z`);
    let span = null;
    const close = () => {
      if (!span) return;
      const [name, pct] = span.season;
      out.push({ south, start: span.start, end: span.end, mask: WEEKDAYS, pct, minStay: name === 'peak' ? 3 : 1 });
      out.push({ south, start: span.start, end: span.end, mask: WEEKEND, pct: Math.round(pct * 1.15), minStay: name === 'peak' ? 3 : name === 'high' ? 2 : 1 });
    };
    for (let i = 0; i < days; i++) {
      const day = isoDay(start + i * DAY_MS);
      const season = seasonOf(day, south);
      if (span && span.season[0] === season[0]) span.end = day;
      else {
        close();
        span = { season, start: day, end: day };
      }
    }
    close();
  }
  return out;
}

// ---- where the hotels go ---------------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32): the same seq always gives the same hotel. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A point `km` at most from the centre, denser towards it (as hotels are). */
function around(rand, centre, km) {
  const r = km * Math.pow(rand(), 0.75);
  const angle = rand() * 2 * Math.PI;
  const dLat = (r * Math.cos(angle)) / 111.2;
  const dLon = (r * Math.sin(angle)) / (111.2 * Math.max(0.05, Math.cos((centre.latitude * Math.PI) / 180)));
  return { latitude: Math.round((centre.latitude + dLat) * 1e5) / 1e5, longitude: Math.round((((centre.longitude + dLon + 540) % 360) - 180) * 1e5) / 1e5 };
}

/** Splits n hotels: `share` of them in the popular city (when there is one), the rest in turn over the others. */
export function placeHotels(n, popular, others, share) {
  const inPopular = popular ? (others.length ? Math.round(n * share) : n) : 0;
  const out = [];
  for (let i = 0; i < n; i++) out.push(i < inPopular ? popular : others[(i - inPopular) % others.length]);
  return out;
}

// ---- the org's cities ------------------------------------------------------------------------------------------

/** The org's cities as its products place them (centre, country, zone, usual hotel price, names in French and Spanish). */
export function orgPlacesSql(orgId) {
  return `SELECT p.city, p.country, AVG(p.latitude) AS latitude, AVG(p.longitude) AS longitude,
    (SELECT time_zone FROM products z WHERE z.org_id = p.org_id AND z.city = p.city GROUP BY time_zone ORDER BY COUNT(*) DESC LIMIT 1) AS zone,
    AVG(CASE WHEN p.type = 'HLT' AND p.code NOT GLOB '${CODE_PREFIX}[0-9]*' THEN p.price_usd_minor END) AS hotel_price,
    (SELECT MAX(NULLIF(t.city, '')) FROM product_texts t JOIN products x ON x.id = t.product_id WHERE x.org_id = p.org_id AND x.city = p.city AND t.lang = 'fr-FR') AS fr,
    (SELECT MAX(NULLIF(t.city, '')) FROM product_texts t JOIN products x ON x.id = t.product_id WHERE x.org_id = p.org_id AND x.city = p.city AND t.lang = 'es-ES') AS es,
    COUNT(*) AS products
  FROM products p WHERE p.org_id = ${Number(orgId)} AND p.status = 'ACTIVE' GROUP BY p.city, p.country ORDER BY COUNT(*) DESC, p.city`;
}

function placesOf(rows) {
  return rows.map((r) => {
    const known = knownCity(r.city);
    return {
      city: r.city,
      country: r.country,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      zone: r.zone || known?.zone || 'UTC',
      fr: r.fr || known?.fr || r.city,
      es: r.es || known?.es || r.city,
      price: r.hotel_price ? Number(r.hotel_price) / 100 : (known?.price ?? 180),
    };
  });
}

// ---- the statements --------------------------------------------------------------------------------------------

const region = { en: new Intl.DisplayNames(['en'], { type: 'region' }), fr: new Intl.DisplayNames(['fr'], { type: 'region' }), es: new Intl.DisplayNames(['es'], { type: 'region' }) };
const countryName = (lang, code) => {
  try {
    return code === 'US' && lang === 'en' ? 'United States' : (region[lang].of(code) ?? code);
  } catch {
    return code;
  }
};

/** Statements of at most ~80 KB each (D1 takes up to 100 KB per statement): the rows of one INSERT cut into pieces. */
function chunkedInsert(head, rows, limit = 80_000) {
  const out = [];
  let part = [];
  let size = head.length;
  for (const row of rows) {
    if (part.length && size + row.length + 4 > limit) {
      out.push(`${head}\n  ${part.join(',\n  ')}`);
      part = [];
      size = head.length;
    }
    part.push(row);
    size += row.length + 4;
  }
  if (part.length) out.push(`${head}\n  ${part.join(',\n  ')}`);
  return out;
}

/**
 * The SQL that adds the hotels `seqs` (their positions among the org's grown hotels) placed in `where[i]`: products
 * with their texts in French and Spanish and the seed's photographs, two room types, two rate plans, and a year of
 * rates from `today` as ranges. Returns the statements in order (run them as one unit).
 */
export function growStatements({ orgId, hotels, today }) {
  const org = Number(orgId);
  const first = codeOf(hotels[0].seq);
  const last = codeOf(hotels.at(-1).seq);
  const grown = `p.org_id = ${org} AND p.code BETWEEN ${q(first)} AND ${q(last)} AND p.code GLOB '${CODE_PREFIX}[0-9]*'`;

  const productRows = hotels.map((h) =>
    `(${[org, 'HLT', h.name, h.place.city, h.place.country, h.address, h.latitude, h.longitude, '[]', h.description, amenitiesIn(AMENITY_SETS[h.amenities], -1), h.rating, h.priceUsdMinor, 'night', 5, h.place.zone, codeOf(h.seq)].map(q).join(', ')})`,
  );
  const statements = chunkedInsert(
    'INSERT INTO products (org_id, type, name, city, country, address, latitude, longitude, images, description, amenities, rating, price_usd_minor, price_unit, max_guests, time_zone, code) VALUES',
    productRows,
  );

  // French and Spanish texts: names are brands; the description and the city in the language.
  const places = [...new Map(hotels.map((h) => [h.place.city, h.place])).values()];
  const placeValues = places.map((p) => `(${[p.city, p.fr, p.es, countryName('fr', p.country), countryName('es', p.country)].map(q).join(', ')})`).join(', ');
  const specialValues = SPECIALS.map(([, fr, es], i) => `(${i}, ${q(fr)}, ${q(es)})`).join(', ');
  const amenityValues = AMENITY_SETS.map((set, i) => `(${i}, ${q(amenitiesIn(set, 0))}, ${q(amenitiesIn(set, 1))})`).join(', ');
  const seq = `CAST(substr(p.code, ${CODE_PREFIX.length + 1}) AS INTEGER)`;
  statements.push(`INSERT INTO product_texts (product_id, lang, org_id, name, description, amenities, city)
  WITH place(city, fr, es, fr_country, es_country) AS (VALUES ${placeValues}),
  special(i, fr, es) AS (VALUES ${specialValues}),
  amenity(i, fr, es) AS (VALUES ${amenityValues})
  SELECT p.id, l.lang, p.org_id, p.name,
    CASE l.lang WHEN 'fr-FR' THEN 'Un hôtel à ' || c.fr || ', ' || c.fr_country || '${NB}: ' || s.fr || '. Prix par nuit pour la chambre, taxes comprises.'
      ELSE 'Un hotel en ' || c.es || ', ' || c.es_country || ': ' || s.es || '. Precios por noche para la habitación, impuestos incluidos.' END,
    CASE l.lang WHEN 'fr-FR' THEN a.fr ELSE a.es END,
    CASE l.lang WHEN 'fr-FR' THEN c.fr ELSE c.es END
  FROM products p JOIN place c ON c.city = p.city
  JOIN special s ON s.i = ${seq} % ${SPECIALS.length}
  JOIN amenity a ON a.i = ${seq} % ${AMENITY_SETS.length}
  JOIN (SELECT 'fr-FR' AS lang UNION ALL SELECT 'es-ES') l
  WHERE ${grown}`);

  // Photographs: the seed's own (their bytes are in local R2 already), three per hotel, the sea's in beach cities.
  const keys = seedPhotoKeys();
  const byName = Object.fromEntries(SEED_PHOTOS.map((p) => [p[0], p]));
  const pool = ['city', 'sea'].flatMap((kind) =>
    POOLS[kind].map((name, i) => {
      const [, w, h, en, fr, es] = byName[name];
      return `(${[kind, i, POOLS[kind].length, keys[name], w, h, JSON.stringify({ 'en-US': en, 'fr-FR': fr, 'es-ES': es })].map(q).join(', ')})`;
    }),
  );
  statements.push(`INSERT INTO product_photos (org_id, product_id, image_key, width, height, position, alt)
  WITH pool(kind, idx, size, image_key, width, height, alt) AS (VALUES ${pool.join(', ')}),
  picks(k) AS (VALUES (0), (1), (2))
  SELECT p.org_id, p.id, pool.image_key, pool.width, pool.height, picks.k, pool.alt
  FROM products p JOIN picks JOIN pool ON pool.kind = CASE WHEN p.city IN (${BEACH_CITIES.map(q).join(', ')}) THEN 'sea' ELSE 'city' END AND pool.idx = (${seq} + picks.k) % pool.size
  WHERE ${grown} ORDER BY p.id, picks.k`);
  statements.push(`UPDATE products SET images = (SELECT json_group_array('/api/images/' || image_key || '/800') FROM (SELECT image_key FROM product_photos f WHERE f.product_id = products.id ORDER BY position, id))
  WHERE id IN (SELECT p.id FROM products p WHERE ${grown})`);

  // Two room types and two rate plans, sold in every combination; how many rooms and the occupancy prices vary by hotel.
  const roomValues = ROOMS.map((r, i) => `(${[r.code, JSON.stringify(r.name), r.max_adults, r.max_children, r.max_occupancy, i].map(q).join(', ')})`).join(', ');
  statements.push(`INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units, position)
  WITH room_kinds(code, name, max_adults, max_children, max_occupancy, position) AS (VALUES ${roomValues})
  SELECT p.id, p.org_id, r.code, r.name, r.max_adults, r.max_children, r.max_occupancy,
    CASE r.code WHEN 'DBL' THEN 8 + (${seq} * 13) % 40 ELSE 2 + ${seq} % 6 END, r.position
  FROM products p JOIN room_kinds r WHERE ${grown} ORDER BY p.id, r.position`);
  const planValues = PLANS.map((r, i) => `(${[r.code, JSON.stringify(r.name), r.board, r.refundable, i].map(q).join(', ')})`).join(', ');
  statements.push(`INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, free_cancellation_days, cancellation_fee_percent,
    base_occupancy, extra_adult_usd_minor, child_usd_minor, child_free_under, position)
  WITH plan_kinds(code, name, board, refundable, position) AS (VALUES ${planValues})
  SELECT p.id, p.org_id, r.code, r.name, r.board, r.refundable,
    CASE WHEN r.refundable = 1 THEN 1 + ${seq} % 3 END, CASE WHEN r.refundable = 1 AND ${seq} % 4 = 0 THEN 50 END,
    2, (p.price_usd_minor * 30 / 10000) * 100, (p.price_usd_minor * 15 / 10000) * 100,
    CASE ${seq} % 4 WHEN 0 THEN 2 WHEN 1 THEN 4 WHEN 2 THEN 6 ELSE 12 END, r.position
  FROM products p JOIN plan_kinds r WHERE ${grown} ORDER BY p.id, r.position`);
  statements.push(`INSERT INTO rate_plan_rooms (rate_plan_id, room_id)
  SELECT rp.id, rt.id FROM products p JOIN rate_plans rp ON rp.product_id = p.id JOIN room_types rt ON rt.product_id = p.id WHERE ${grown}`);

  // A year of rates as the ranges a channel manager sends (a season × a weekday group), one row each per room and
  // plan: price = the hotel's low-season price × the room's and the plan's factors × the range's.
  const ranges = seasonRanges(today);
  const rangeValues = ranges.map((r) => `(${[r.south, r.start, r.end, r.mask, r.pct, r.minStay].map(q).join(', ')})`).join(', ');
  const roomFactor = `CASE rt.code ${ROOMS.map((r) => `WHEN ${q(r.code)} THEN ${r.factor}`).join(' ')} ELSE 100 END`;
  const planFactor = `CASE rp.code ${PLANS.map((r) => `WHEN ${q(r.code)} THEN ${r.factor}`).join(' ')} ELSE 100 END`;
  statements.push(`INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, weekdays, price_usd_minor, min_stay)
  WITH season_ranges(south, start, finish, mask, pct, min_stay) AS (VALUES ${rangeValues}),
  sells AS (SELECT p.id AS product_id, (p.latitude < 0) AS south, rt.id AS room_id, rp.id AS plan_id, p.price_usd_minor * ${roomFactor} * ${planFactor} AS base
    FROM products p JOIN room_types rt ON rt.product_id = p.id JOIN rate_plan_rooms x ON x.room_id = rt.id JOIN rate_plans rp ON rp.id = x.rate_plan_id
    WHERE ${grown})
  SELECT s.product_id, s.room_id, s.plan_id, r.start, r.finish, r.mask, CAST(ROUND(s.base * r.pct / 100000000.0) AS INTEGER) * 100, NULLIF(r.min_stay, 1)
  FROM sells s CROSS JOIN season_ranges r WHERE r.south = s.south
  ORDER BY s.product_id, s.room_id, s.plan_id, r.start, r.mask`);
  // Whatever keeps a copy of the org's answers (the edge, each isolate) leaves it behind.
  statements.push(`UPDATE orgs SET version = version + 1 WHERE id = ${org}`);
  return { statements, first, last, ranges: ranges.length };
}

/** The hotels to add: their seq, name, place, coordinates, address, rating, low-season price and words. */
export function planHotels({ n, startSeq, where, takenNames = new Set() }) {
  const out = [];
  let seq = startSeq;
  for (const place of where) {
    while (takenNames.has(`${hotelName(seq)}\n${place.city}`.toLowerCase())) seq++;
    const rand = random(seq * 2654435761);
    const { latitude, longitude } = around(rand, place, place.popular ? POPULAR_RADIUS_KM : OTHER_RADIUS_KM);
    const rating = Math.round((3 + rand() * 1.9) * 10) / 10;
    // The city's usual price, more for a better rating, spread ±30 %; whole dollars.
    const price = Math.max(45, Math.round(place.price * (0.55 + (rating - 3) * 0.25) * (0.7 + rand() * 0.6)));
    const special = seq % SPECIALS.length;
    const country = countryName('en', place.country);
    out.push({
      seq,
      name: hotelName(seq),
      place,
      latitude,
      longitude,
      address: hotelAddress(seq, place.country),
      rating,
      priceUsdMinor: price * 100,
      amenities: seq % AMENITY_SETS.length,
      description: `A hotel in ${place.city}, ${country}: ${SPECIALS[special][0]}. Prices are per night for the room, taxes included.`,
    });
    seq++;
  }
  if (out.length !== n) throw new Error('planHotels: miscounted');
  return out;
}

export class GrowError extends Error {}

/**
 * Adds `hotels` hotels to org `orgId`: `share` of them within 20 km of `city`'s centre (the org's products' centre
 * there, else the known cities' table), the rest over the org's other cities (or the known ones when it has none).
 * Without `city` they go over all the org's cities. Returns what was added and how long the database took.
 * @param {{ read: (sqls: string[]) => Promise<Record<string, any>[][]> | Record<string, any>[][], write: (sql: string, check: string) => Promise<Record<string, any>[]> | Record<string, any>[],
 *   orgId: number, hotels: number, city?: string, share?: number, today?: string, log?: (message: string) => void }} options
 */
export async function growCatalogue({ read, write, orgId, hotels, city, share, today = utcToday(), log = () => {} }) {
  const org = Number(orgId);
  if (!Number.isInteger(org) || org < 1) throw new GrowError('--org must be an organisation id, e.g. 1');
  if (!Number.isInteger(hotels) || hotels < 1 || hotels > MAX_HOTELS_PER_RUN) throw new GrowError(`--hotels must be a whole number from 1 to ${MAX_HOTELS_PER_RUN}`);
  if (share !== undefined && (!Number.isFinite(share) || share < 0 || share > 1)) throw new GrowError('--share must be a number from 0 to 1, e.g. 0.4');
  if (share !== undefined && !city) throw new GrowError('--share needs --city (the city that takes that share)');

  const started = Date.now();
  const [[orgRow], [next], takenRows, placeRows] = await read([
    `SELECT id, name FROM orgs WHERE id = ${org}`,
    `SELECT COALESCE(MAX(CAST(substr(code, ${CODE_PREFIX.length + 1}) AS INTEGER)), 0) + 1 AS seq FROM products WHERE org_id = ${org} AND code GLOB '${CODE_PREFIX}[0-9]*'`,
    // Names grown before are unique by their seq: only the others could be taken.
    `SELECT lower(name || char(10) || city) AS k FROM products WHERE org_id = ${org} AND type = 'HLT' AND (code IS NULL OR code NOT GLOB '${CODE_PREFIX}[0-9]*')`,
    orgPlacesSql(org),
  ]);
  if (!orgRow) throw new GrowError(`There is no organisation ${org}`);
  const places = placesOf(placeRows);

  let popular = null;
  if (city) {
    const same = (a, b, lang) => a.localeCompare(b, lang, { sensitivity: 'base' }) === 0;
    popular = places.find((p) => same(p.city, city, 'en') || same(p.fr, city, 'fr') || same(p.es, city, 'es')) ?? null;
    if (!popular) {
      const known = knownCity(city);
      if (!known) throw new GrowError(`Organisation ${org} has no products in ${city} and it is not a city this command knows (${KNOWN_CITIES.map((c) => c.city).join(', ')})`);
      popular = { ...known };
    }
    popular.popular = true;
  }
  // The rest over the org's other cities; an org with none gets the known cities.
  let others = places.filter((p) => p.city !== popular?.city);
  if (others.length === 0) others = KNOWN_CITIES.filter((c) => c.city !== popular?.city).map((c) => ({ ...c }));
  const where = placeHotels(hotels, popular, others, share ?? 0.4);
  const list = planHotels({ n: hotels, startSeq: Number(next?.seq ?? 1), where, takenNames: new Set(takenRows.map((r) => r.k)) });
  const { statements, first, last, ranges } = growStatements({ orgId: org, hotels: list, today });
  const sql = statements.map((s) => `${s.trim()};`).join('\n') + '\n';
  log(`grow-catalogue: ${hotels} hotels (${first} … ${last}), ${statements.length} statements, ${(sql.length / 1024).toFixed(0)} KB of SQL, ${ranges} rate ranges`);
  const before = Date.now();
  const [counted] = await write(sql, `SELECT COUNT(*) AS hotels,
      (SELECT COUNT(*) FROM rate_ranges n JOIN products p ON p.id = n.product_id WHERE p.org_id = ${org} AND p.code BETWEEN ${q(first)} AND ${q(last)}) AS rate_ranges
    FROM products p WHERE p.org_id = ${org} AND p.code BETWEEN ${q(first)} AND ${q(last)} AND p.code GLOB '${CODE_PREFIX}[0-9]*'`);
  const wrote = Date.now() - before;
  const byCity = new Map();
  for (const h of list) byCity.set(h.place.city, (byCity.get(h.place.city) ?? 0) + 1);
  return {
    org: { id: org, name: orgRow.name },
    first,
    last,
    hotels: Number(counted?.hotels ?? 0),
    rateRanges: Number(counted?.rate_ranges ?? 0),
    popular: popular ? { city: popular.city, hotels: byCity.get(popular.city) ?? 0 } : null,
    cities: [...byCity].map(([c, n]) => ({ city: c, hotels: n })),
    ids: list.map((h) => codeOf(h.seq)),
    writeMs: wrote,
    totalMs: Date.now() - started,
  };
}

// ---- a local database through wrangler -------------------------------------------------------------------------

/** read/write for the local D1 under `persistTo`, through wrangler with the build's Worker config. */
export function localD1({ persistTo, config }) {
  const wrangler = (args) => {
    for (let attempt = 1; ; attempt++) {
      const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--config', config, ...args], {
        cwd: ROOT,
        env: QUIET_ENV,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      if (r.status === 0) return r.stdout;
      const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
      if (attempt < 4 && /SQLITE_BUSY|database is locked/.test(output)) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
        continue;
      }
      throw new Error(`wrangler d1 execute failed:\n${output.slice(-4000)}`);
    }
  };
  const resultsOf = (out) => JSON.parse(out.slice(out.indexOf('['))).map((r) => r.results ?? []);
  return {
    read: (sqls) => resultsOf(wrangler(['--command', sqls.map((s) => s.trim()).join(';\n'), '--json'])),
    write: (sql, check) => {
      const dir = join(ROOT, '.wrangler', 'tmp');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `grow-${process.pid}-${Date.now()}.sql`);
      writeFileSync(file, `${sql.trim()}\n${check.trim()};\n`);
      try {
        return resultsOf(wrangler(['--file', file, '--yes', '--json'])).at(-1) ?? [];
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}
