// Development inventory (docs/contract.md#booking, docs/contract.md#development): hotels, activities, resorts and stays in 12 cities for org 1, the eligible
// types for org 2, org certificates, gift cards, and demo@example.com's wallet and past bookings.
import { q } from '../index.mjs';

export const CITIES = {
  'New York': { zone: 'America/New_York', country: 'US', lat: 40.758, lon: -73.9855 },
  Paris: { zone: 'Europe/Paris', country: 'FR', lat: 48.8566, lon: 2.3522 },
  London: { zone: 'Europe/London', country: 'GB', lat: 51.5074, lon: -0.1278 },
  Barcelona: { zone: 'Europe/Madrid', country: 'ES', lat: 41.3874, lon: 2.1686 },
  Rome: { zone: 'Europe/Rome', country: 'IT', lat: 41.9028, lon: 12.4964 },
  Tokyo: { zone: 'Asia/Tokyo', country: 'JP', lat: 35.6762, lon: 139.6503 },
  Lisbon: { zone: 'Europe/Lisbon', country: 'PT', lat: 38.7223, lon: -9.1393 },
  Cancún: { zone: 'America/Cancun', country: 'MX', lat: 21.1619, lon: -86.8515 },
  Orlando: { zone: 'America/New_York', country: 'US', lat: 28.5384, lon: -81.3789 },
  Honolulu: { zone: 'Pacific/Honolulu', country: 'US', lat: 21.3069, lon: -157.8583 },
  Sydney: { zone: 'Australia/Sydney', country: 'AU', lat: -33.8688, lon: 151.2093 },
  Miami: { zone: 'America/New_York', country: 'US', lat: 25.7617, lon: -80.1918 },
};

// [name, city, address, latitude offset, longitude offset, rating, price in USD, what makes it special]
export const HOTELS = [
  ['The Hudson Row Hotel', 'New York', '212 W 44th St', 0.0, 0.001, 4.4, 289, 'a rooftop bar above Times Square and soundproofed rooms'],
  ['Gramercy Lantern Inn', 'New York', '34 Irving Pl', -0.022, 0.0, 4.6, 345, 'a quiet courtyard garden a block from Gramercy Park'],
  ['Hôtel Lumière Marais', 'Paris', '18 Rue des Archives', 0.001, 0.004, 4.5, 238, 'a 17th-century townhouse with exposed beams'],
  ['Maison Saint-Germain', 'Paris', '7 Rue Jacob', -0.002, -0.018, 4.7, 312, 'a book-lined salon and breakfast in a vaulted cellar'],
  ['The Kensington Mews', 'London', '21 Cromwell Pl', -0.013, -0.046, 4.3, 265, 'Victorian townhouse rooms steps from the museums'],
  ['Southbank Wharf Hotel', 'London', '9 Upper Ground', 0.0, 0.017, 4.4, 249, 'river views of St Paul’s from every suite'],
  ['Hotel Casa Gòtica', 'Barcelona', 'Carrer de la Palla 12', -0.004, 0.006, 4.5, 198, 'a plunge pool on a terrace over the Gothic Quarter'],
  ['Eixample Modernista Suites', 'Barcelona', 'Passeig de Gràcia 74', 0.006, -0.004, 4.6, 224, 'tiled Modernista interiors near Casa Batlló'],
  ['Albergo del Pantheon', 'Rome', 'Via della Rotonda 9', -0.004, -0.02, 4.6, 276, 'a breakfast terrace facing the Pantheon dome'],
  ['Trastevere Garden Hotel', 'Rome', 'Via della Lungaretta 61', -0.013, -0.026, 4.2, 184, 'a lemon-tree garden in the liveliest quarter'],
  ['Shinjuku Sky Tower Hotel', 'Tokyo', '3-7-1 Nishi-Shinjuku', 0.013, 0.05, 4.4, 231, 'views of Mount Fuji on clear mornings'],
  ['Asakusa Ryokan Hanabi', 'Tokyo', '2-14-5 Asakusa', 0.036, 0.147, 4.8, 205, 'tatami rooms, cypress baths and kaiseki dinners'],
  ['Alfama Miradouro Hotel', 'Lisbon', 'Largo do Chafariz de Dentro 1', -0.011, 0.012, 4.5, 172, 'a lookout terrace over the Tagus'],
  ['Chiado Heritage Suites', 'Lisbon', 'Rua Garrett 88', -0.012, -0.003, 4.4, 189, 'azulejo-tiled rooms above historic cafés'],
  ['Hotel Zona Hotelera Azul', 'Cancún', 'Blvd. Kukulcan Km 9.5', -0.03, 0.09, 4.1, 158, 'a private strip of white-sand beach'],
  ['Lake Eola Boutique Hotel', 'Orlando', '100 E Central Blvd', 0.0, 0.005, 4.2, 149, 'a lakeside pool in downtown Orlando'],
  ['Waikiki Palms Hotel', 'Honolulu', '2300 Kalakaua Ave', -0.027, 0.029, 4.3, 259, 'lanai rooms facing Diamond Head'],
  ['Harbour Quay Hotel', 'Sydney', '7 Hickson Rd', 0.01, -0.002, 4.6, 298, 'Opera House views across Circular Quay'],
  ['Bondi Surf House', 'Sydney', '180 Campbell Parade', -0.022, 0.074, 4.3, 219, 'surfboards to borrow and sunrise yoga on the sand'],
  ['Brickell Bay Hotel', 'Miami', '1201 Brickell Bay Dr', -0.0, 0.01, 4.2, 214, 'an infinity pool on the 40th floor'],
  ['South Beach Deco Hotel', 'Miami', '1300 Ocean Dr', 0.023, 0.061, 4.4, 237, 'restored Art Deco rooms on Ocean Drive'],
  ['Tribeca Loft Hotel', 'New York', '77 Hudson St', -0.04, -0.023, 4.5, 318, 'loft rooms with factory windows and oak floors'],
];

// Hotels that sell only rooms and rates of their own (seed/parts/12-rooms-rates.mjs: seasons, several rooms and plans,
// sold-out nights), in org 1 only; written after both orgs' other products so those keep their ids. The price is what
// a double room costs in the low season; every night sells above the city's cheapest hotel (12-rooms-rates checks).
export const MORE_HOTELS = [
  ['Baixa Pombalina Hotel', 'Lisbon', 'Rua Augusta 140', -0.0125, 0.0025, 4.3, 219, 'a Pombaline townhouse with rooms from singles to family suites', 5],
  ['Príncipe Real Garden Hotel', 'Lisbon', 'Praça do Príncipe Real 23', -0.0055, -0.009, 4.2, 209, 'a hidden garden and half-board dinners under the cedar'],
];

export const ACTIVITIES = [
  ['Central Park Bike Tour', 'New York', 'Columbus Circle', 0.01, -0.0, 4.7, 49, 'two hours by bike past Bethesda Fountain and Strawberry Fields'],
  ['Seine Sunset Cruise', 'Paris', 'Port de la Bourdonnais', -0.0, -0.057, 4.6, 39, 'an hour on the river as the Eiffel Tower lights up'],
  ['Louvre Highlights Guided Visit', 'Paris', 'Rue de Rivoli', 0.004, -0.015, 4.5, 69, 'skip-the-line entry and the Mona Lisa without the crush'],
  ['Tower of London Early Entry', 'London', 'Tower Hill', 0.001, 0.051, 4.6, 55, 'the Crown Jewels before the crowds arrive'],
  ['Sagrada Família Fast-Track Tour', 'Barcelona', 'Carrer de Mallorca 401', 0.016, 0.006, 4.8, 62, 'Gaudí’s basilica with a local architect guide'],
  ['Colosseum Underground Tour', 'Rome', 'Piazza del Colosseo', -0.013, -0.004, 4.7, 85, 'the arena floor and the gladiators’ tunnels'],
  ['Tsukiji Market Food Walk', 'Tokyo', 'Tsukiji 4-chome', -0.011, 0.12, 4.8, 75, 'twelve tastings from tamagoyaki to fresh tuna'],
  ['Sintra Day Trip', 'Lisbon', 'Praça do Comércio', -0.015, 0.003, 4.6, 89, 'Pena Palace, the Moorish Castle and a coastal drive'],
  ['Isla Mujeres Catamaran Sail', 'Cancún', 'Playa Tortugas', 0.0, 0.07, 4.5, 95, 'snorkelling, an open bar and a beach-club lunch'],
  ['Everglades Airboat Ride', 'Miami', 'Tamiami Trail', 0.0, -0.55, 4.4, 45, 'alligators and sawgrass at full speed'],
  ['Diamond Head Sunrise Hike', 'Honolulu', 'Diamond Head Rd', -0.045, 0.053, 4.7, 35, 'the crater rim at first light with a ranger guide'],
  ['Sydney Harbour BridgeClimb', 'Sydney', 'Cumberland St', 0.012, -0.003, 4.9, 189, 'the summit of the bridge 134 metres above the harbour'],
];

export const RESORTS = [
  ['Playa Turquesa Resort & Spa', 'Cancún', 'Blvd. Kukulcan Km 13', -0.06, 0.08, 4.6, 389, 'five pools, a cenote-inspired spa and all meals included'],
  ['Coral Cove Beach Resort', 'Cancún', 'Blvd. Kukulcan Km 18', -0.1, 0.06, 4.4, 329, 'a reef you can snorkel from the beach'],
  ['Riviera Maya Jungle Resort', 'Cancún', 'Carretera 307 Km 48', -0.3, -0.05, 4.7, 452, 'treehouse villas above a private lagoon'],
  ['Magic Lakes Family Resort', 'Orlando', '8000 Vineland Ave', -0.14, -0.13, 4.3, 219, 'a lazy river, water slides and park shuttles'],
  ['Palm Grove Golf Resort', 'Orlando', '4000 Central Florida Pkwy', -0.12, -0.08, 4.4, 265, 'two championship courses and a lakeside spa'],
  ['Ko Olina Lagoon Resort', 'Honolulu', '92-1001 Olani St', 0.03, -0.26, 4.7, 499, 'four calm lagoons and luau nights'],
  ['North Shore Surf Resort', 'Honolulu', '57-091 Kamehameha Hwy', 0.4, -0.13, 4.5, 375, 'surf lessons on the legendary North Shore'],
  ['Key Biscayne Ocean Resort', 'Miami', '455 Grand Bay Dr', -0.07, 0.04, 4.5, 420, 'a mile of beach and a mangrove kayak trail'],
  ['Manly Headland Resort', 'Sydney', '1 North Steyne', 0.07, 0.08, 4.4, 348, 'a ferry ride from the city, a world away'],
  ['Sitges Mediterranean Resort', 'Barcelona', 'Passeig Marítim 64', -0.15, -0.36, 4.3, 287, 'seafront terraces and a Mediterranean thalasso spa'],
];

export const STAYS = [
  ['Montmartre Artist’s Loft', 'Paris', 'Rue Lepic 54', 0.03, -0.019, 4.6, 189, 'a skylit studio loft with a view of Sacré-Cœur', 4],
  ['Notting Hill Mews House', 'London', 'Portobello Rd 112', 0.009, -0.077, 4.5, 329, 'a pastel mews house with a roof terrace', 6],
  ['Alfama Tiled Apartment', 'Lisbon', 'Rua de São Miguel 19', -0.011, 0.01, 4.7, 139, 'a tiled two-bedroom apartment with a river balcony', 5],
  ['Gràcia Courtyard Flat', 'Barcelona', 'Carrer de Verdi 27', 0.017, 0.0, 4.4, 149, 'a courtyard flat in Barcelona’s village quarter', 4],
  ['Monti Roman Penthouse', 'Rome', 'Via del Boschetto 8', -0.006, 0.0, 4.8, 259, 'a penthouse terrace over terracotta rooftops', 4],
  ['Brooklyn Brownstone Garden Duplex', 'New York', '318 Clinton St', -0.07, -0.01, 4.6, 275, 'a brownstone duplex with its own garden', 6],
  ['Shimokitazawa Machiya House', 'Tokyo', '2-31 Kitazawa', -0.015, -0.02, 4.7, 198, 'a restored wooden townhouse with futon bedrooms', 5],
  ['Paddington Terrace House', 'Sydney', '45 Glenmore Rd', -0.016, 0.024, 4.5, 245, 'an iron-lace terrace house near Five Ways', 6],
  ['Tulum Beach Casita', 'Cancún', 'Carretera Tulum-Boca Paila Km 7', -0.95, -0.6, 4.6, 229, 'a thatched casita steps from the sand', 4],
  ['Manoa Valley Cottage', 'Honolulu', '2800 Oahu Ave', 0.005, 0.041, 4.4, 179, 'a rainforest cottage with a lanai and hammock', 4],
];

const IMAGES = {
  HLT: ['hotel-1', 'hotel-2', 'hotel-3', 'hotel-4', 'hotel-5'],
  ACT: ['activity-1', 'activity-2', 'activity-3', 'activity-4'],
  RST: ['resort-1', 'resort-2', 'resort-3'],
  STY: ['stay-1', 'stay-2', 'stay-3', 'stay-4'],
};
export const AMENITIES = {
  HLT: ['Free Wi-Fi', 'Breakfast available', '24-hour front desk', 'Air conditioning', 'Fitness centre', 'Non-smoking rooms'],
  ACT: ['Instant confirmation', 'Free cancellation up to 24 hours', 'English-speaking guide', 'Mobile ticket'],
  RST: ['All meals included', 'Pools', 'Spa', 'Kids’ club', 'Free Wi-Fi', 'Airport transfer'],
  STY: ['Whole home', 'Kitchen', 'Washing machine', 'Free Wi-Fi', 'Self check-in'],
};
const KIND = { HLT: 'hotel', ACT: 'experience', RST: 'resort', STY: 'home' };

export function description(type, city, special) {
  const c = CITIES[city];
  const where = `${city}, ${c.country === 'US' ? 'United States' : new Intl.DisplayNames(['en'], { type: 'region' }).of(c.country)}`;
  if (type === 'ACT') return `An ${KIND[type]} in ${where}: ${special}. Meet your guide at the starting point; booking is confirmed at once.`;
  if (type === 'RST') return `A ${KIND[type]} near ${city}: ${special}. Prices are per night for the whole room, taxes included.`;
  if (type === 'STY') return `A ${KIND[type]} in ${where}: ${special}. You have the whole place to yourself, with a kitchen and local host support.`;
  return `A ${KIND[type]} in ${where}: ${special}. Prices are per night for the room, taxes included.`;
}

function rows(type, list, markup = 1) {
  return list.map(([name, city, address, dLat, dLon, rating, price, special, maxGuests], i) => {
    const c = CITIES[city];
    const imgs = IMAGES[type];
    const images = [0, 1, 2].map((k) => `/images/products/${imgs[(i + k) % imgs.length]}.svg`);
    return {
      type, name, city, country: c.country, address, time_zone: c.zone,
      latitude: Math.round((c.lat + dLat) * 1e5) / 1e5,
      longitude: Math.round((c.lon + dLon) * 1e5) / 1e5,
      images: JSON.stringify(images),
      description: description(type, city, special),
      amenities: JSON.stringify(AMENITIES[type]),
      rating,
      price_usd_minor: Math.round(price * markup * 100),
      price_unit: type === 'ACT' ? 'person' : 'night',
      max_guests: maxGuests ?? (type === 'ACT' ? 12 : type === 'RST' ? 5 : 4),
    };
  });
}

function productSql(orgId, products) {
  const values = products.map(
    (p) =>
      `(${[orgId, p.type, p.name, p.city, p.country, p.address, p.latitude, p.longitude, p.images, p.description, p.amenities, p.rating, p.price_usd_minor, p.price_unit, p.max_guests, p.time_zone].map(q).join(', ')})`,
  );
  return `INSERT INTO products (org_id, type, name, city, country, address, latitude, longitude, images, description, amenities, rating, price_usd_minor, price_unit, max_guests, time_zone) VALUES
  ${values.join(',\n  ')}
ON CONFLICT (org_id, type, name, city) DO UPDATE SET country = excluded.country, address = excluded.address, latitude = excluded.latitude,
  longitude = excluded.longitude, images = excluded.images, description = excluded.description, amenities = excluded.amenities,
  rating = excluded.rating, price_usd_minor = excluded.price_usd_minor, price_unit = excluded.price_unit, max_guests = excluded.max_guests,
  time_zone = excluded.time_zone;`;
}

/** A card for the user with this email in this org (looked up in SQL), or an org card when email is null. */
function cardSql(orgId, email, c) {
  const cols = [orgId, c.kind, c.code, c.name, c.services ?? '', c.pro_code ?? '', c.status ?? 'ACTIVE', c.amount ?? 0, c.redemption ?? 0, c.product_code ?? '', c.currency ?? 'USD', c.listed ? 1 : 0];
  const owner = email ? `(SELECT id FROM users WHERE org_id = ${q(orgId)} AND email = ${q(email)} COLLATE NOCASE)` : 'NULL';
  const guard = email ? `WHERE EXISTS (SELECT 1 FROM users WHERE org_id = ${q(orgId)} AND email = ${q(email)} COLLATE NOCASE)` : 'WHERE 1';
  return `INSERT INTO payment_cards (org_id, user_id, kind, card_code, name, services, pro_code, status, card_amount_minor, redemption_price_minor, payment_product_code, payment_card_currency, listed)
  SELECT ${q(cols[0])}, ${owner}, ${cols.slice(1).map(q).join(', ')} ${guard} ON CONFLICT (card_code) DO NOTHING;`;
}

/** A past confirmed booking: its card part (what the wallet left) was received, so it counts as paid (paid_minor). */
function bookingSql(orgId, email, b) {
  const price = b.price;
  const total = price - (b.certificate ?? 0) - (b.discount ?? 0) - (b.cash ?? 0);
  return `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, image, check_in, check_out, guests, currency,
    price_minor, certificate_minor, discount_minor, cash_minor, total_minor, paid_minor, status, idempotency_key, request_hash, traveler, created_at)
  SELECT ${q(b.ref)}, ${q(orgId)}, u.id, p.id, p.type, p.name, p.city, json_extract(p.images, '$[0]'), ${q(b.checkIn)}, ${q(b.checkOut)}, ${q(b.guests)}, ${q(b.currency)},
    ${q(price)}, ${q(b.certificate ?? 0)}, ${q(b.discount ?? 0)}, ${q(b.cash ?? 0)}, ${q(total)}, ${q(total)}, 'CONFIRMED', ${q(`seed-${b.ref}`)}, 'seed', ${q(JSON.stringify(b.traveler))}, ${q(b.createdAt)}
  FROM users u JOIN products p ON p.org_id = u.org_id AND p.name = ${q(b.product)}
  WHERE u.org_id = ${q(orgId)} AND u.email = ${q(email)} COLLATE NOCASE
  ON CONFLICT (booking_ref) DO NOTHING;`;
}

const DEMO = 'demo@example.com';
const demoTraveler = { title: 'Mr', first_name: 'Dana', last_name: 'Demo', email: DEMO, phone: '+1 415 555 0134' };

// [org, owner's email or null for an org card, the card]: the org's certificates, gift cards anyone of the org can redeem
// by code into their wallet, and demo@example.com's wallet.
export const CARDS = [
  [1, null, { kind: 'certificate', code: 'TC-ORG-HOTEL-100', name: 'Travel Club Hotel Certificate', services: 'HLT', redemption: 10000, product_code: 'HLT', listed: true }],
  [1, null, { kind: 'certificate', code: 'TC-ORG-HOTEL-250', name: 'Travel Club Premium Hotel Certificate', services: 'HLT', redemption: 25000, product_code: 'HLT', listed: true }],
  [1, null, { kind: 'certificate', code: 'TC-ORG-RESORT-300', name: 'Travel Club Resort Week Certificate', services: 'RST', redemption: 30000, product_code: 'RST', listed: true }],
  [1, null, { kind: 'certificate', code: 'TC-ORG-STAY-75', name: 'Travel Club Stay Certificate', services: 'STY', redemption: 7500, product_code: 'STY', listed: true }],
  [1, null, { kind: 'cash', code: 'GIFT-CASH-0100', name: 'Travel Club Gift Card', amount: 10000 }],
  [1, null, { kind: 'certificate', code: 'GIFT-CERT-RESORT', name: 'Resort Gift Certificate', services: 'RST', redemption: 15000, product_code: 'RST' }],
  [2, null, { kind: 'cash', code: 'ACME-GIFT-0050', name: 'Acme Gift Card', amount: 5000, currency: 'GBP' }],
  [1, DEMO, { kind: 'certificate', code: 'DEMO-CERT-HOTEL-150', name: 'Hotel Stay Certificate', services: 'HLT', redemption: 15000, product_code: 'HLT' }],
  [1, DEMO, { kind: 'certificate', code: 'DEMO-CERT-ACT-40', name: 'Experiences Certificate', services: 'ACT', redemption: 4000, product_code: 'ACT', currency: 'EUR' }],
  [1, DEMO, { kind: 'certificate', code: 'DEMO-CERT-USED', name: 'Spring Getaway Certificate', services: 'HLT,STY', redemption: 8000, product_code: 'HLT', status: 'REDEEMED' }],
  [1, DEMO, { kind: 'discount', code: 'DEMO-DISC-HLT', name: 'Member Hotel Discount', pro_code: 'HLT', amount: 20000, product_code: 'HLT' }],
  [1, DEMO, { kind: 'discount', code: 'DEMO-DISC-ACT-STY', name: 'Experiences & Stays Discount', pro_code: 'ACT,STY', amount: 5000, product_code: 'ACT' }],
  [1, DEMO, { kind: 'cash', code: 'DEMO-CASH-500', name: 'Travel Club Cash Card', amount: 50000 }],
];

export default function () {
  const org1 = [...rows('HLT', HOTELS), ...rows('ACT', ACTIVITIES), ...rows('RST', RESORTS), ...rows('STY', STAYS)];
  // Acme offers hotels, activities and stays only (its eligible products), at its own prices.
  const acmeCities = new Set(['London', 'Paris', 'Lisbon', 'Barcelona', 'Rome', 'New York', 'Tokyo', 'Sydney']);
  const org2 = [
    ...rows('HLT', HOTELS.filter((h) => acmeCities.has(h[1])), 1.08),
    ...rows('ACT', ACTIVITIES.filter((a) => acmeCities.has(a[1])), 1.05),
    ...rows('STY', STAYS.filter((s) => acmeCities.has(s[1])), 1.06),
  ];
  const cards = CARDS.map(([orgId, email, card]) => cardSql(orgId, email, card));
  const bookings = [
    bookingSql(1, DEMO, { ref: 'BK-SEED1-PARIS', product: 'Hôtel Lumière Marais', checkIn: '2026-04-10', checkOut: '2026-04-13', guests: 2, currency: 'USD', price: 71400, certificate: 8000, cash: 10000, traveler: demoTraveler, createdAt: '2026-02-02T10:15:00.000Z' }),
    bookingSql(1, DEMO, { ref: 'BK-SEED2-ROME', product: 'Colosseum Underground Tour', checkIn: '2026-06-21', checkOut: null, guests: 2, currency: 'EUR', price: 15640, discount: 782, traveler: demoTraveler, createdAt: '2026-05-11T08:40:00.000Z' }),
  ];
  return [productSql(1, org1), productSql(2, org2), productSql(1, rows('HLT', MORE_HOTELS)), ...cards, ...bookings].join('\n') + '\n';
}
