// The bed bank simulator's inventory (functions/dev/sim/hotelbeds.ts, docs/decisions/0060-hotelbeds-adapter-and-simulator.md):
// 2,100 hotels over six of the seed's cities, each made from its code by a seeded generator, so the same code is the same
// hotel in every isolate and every run, and a price can be computed again from a rate key alone. Also the rate keys
// themselves: every fact a rate stands for, with a check, so checkrates and bookings verify them without state.

/** A city the seed knows (seed/parts/04-booking.mjs CITIES), as a Hotelbeds destination. */
export interface SimDestination {
  code: string;
  name: string;
  /** The city's name in each language the simulator writes (the content API's `city` and descriptions). */
  names: Record<SimLanguage, string>;
  countryCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  /** How dear the city is beside the others. */
  priceFactor: number;
  zones: string[];
  streets: string[];
  postalCode: (rng: () => number) => string;
}

const digits = (rng: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

export const DESTINATIONS: readonly SimDestination[] = [
  {
    code: 'LIS', name: 'Lisbon', names: { ENG: 'Lisbon', FRA: 'Lisbonne', CAS: 'Lisboa' }, countryCode: 'PT', timeZone: 'Europe/Lisbon', latitude: 38.7223, longitude: -9.1393, priceFactor: 0.9,
    zones: ['Alfama', 'Baixa', 'Chiado', 'Bairro Alto', 'Príncipe Real', 'Belém', 'Avenidas Novas', 'Parque das Nações'],
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua Garrett', 'Rua da Prata', 'Rua do Alecrim', 'Rua de São Bento', 'Avenida Almirante Reis'],
    postalCode: (rng) => `1${digits(rng, 3)}-${digits(rng, 3)}`,
  },
  {
    code: 'BCN', name: 'Barcelona', names: { ENG: 'Barcelona', FRA: 'Barcelone', CAS: 'Barcelona' }, countryCode: 'ES', timeZone: 'Europe/Madrid', latitude: 41.3874, longitude: 2.1686, priceFactor: 1.05,
    zones: ['Barri Gòtic', 'El Born', 'Eixample', 'Gràcia', 'Barceloneta', 'Poblenou', 'Sant Antoni', 'Les Corts'],
    streets: ['Passeig de Gràcia', 'La Rambla', 'Carrer de Mallorca', 'Via Laietana', 'Carrer de Balmes', 'Avinguda Diagonal', 'Carrer del Consell de Cent'],
    postalCode: (rng) => `080${String(1 + Math.floor(rng() * 42)).padStart(2, '0')}`,
  },
  {
    code: 'PAR', name: 'Paris', names: { ENG: 'Paris', FRA: 'Paris', CAS: 'París' }, countryCode: 'FR', timeZone: 'Europe/Paris', latitude: 48.8566, longitude: 2.3522, priceFactor: 1.3,
    zones: ['Le Marais', 'Saint-Germain-des-Prés', 'Montmartre', 'Opéra', 'Quartier Latin', 'Champs-Élysées', 'Bastille', 'Canal Saint-Martin'],
    streets: ['Rue de Rivoli', 'Boulevard Saint-Germain', 'Rue du Faubourg Saint-Honoré', 'Rue des Archives', 'Avenue de l’Opéra', 'Rue Lepic', 'Boulevard Haussmann'],
    postalCode: (rng) => `750${String(1 + Math.floor(rng() * 20)).padStart(2, '0')}`,
  },
  {
    code: 'ROM', name: 'Rome', names: { ENG: 'Rome', FRA: 'Rome', CAS: 'Roma' }, countryCode: 'IT', timeZone: 'Europe/Rome', latitude: 41.9028, longitude: 12.4964, priceFactor: 1.1,
    zones: ['Centro Storico', 'Trastevere', 'Monti', 'Prati', 'Testaccio', 'Esquilino', 'Parioli', 'Aventino'],
    streets: ['Via del Corso', 'Via Nazionale', 'Via della Lungaretta', 'Via Cola di Rienzo', 'Via dei Coronari', 'Via Veneto', 'Via Merulana'],
    postalCode: (rng) => `001${String(Math.floor(rng() * 99)).padStart(2, '0')}`,
  },
  {
    code: 'LON', name: 'London', names: { ENG: 'London', FRA: 'Londres', CAS: 'Londres' }, countryCode: 'GB', timeZone: 'Europe/London', latitude: 51.5074, longitude: -0.1278, priceFactor: 1.35,
    zones: ['Covent Garden', 'Soho', 'Kensington', 'Southwark', 'Shoreditch', 'Marylebone', 'Westminster', 'Camden'],
    streets: ['Strand', 'Cromwell Road', 'Upper Ground', 'Great Portland Street', 'Shaftesbury Avenue', 'Old Street', 'Baker Street'],
    postalCode: (rng) => `${pick(rng, ['WC2N', 'SW7', 'SE1', 'W1D', 'EC2A', 'W1U', 'SW1A', 'NW1'])} ${digits(rng, 1)}${pick(rng, ['AB', 'DN', 'HT', 'LQ', 'RX', 'UW'])}`,
  },
  {
    code: 'NYC', name: 'New York', names: { ENG: 'New York', FRA: 'New York', CAS: 'Nueva York' }, countryCode: 'US', timeZone: 'America/New_York', latitude: 40.758, longitude: -73.9855, priceFactor: 1.45,
    zones: ['Midtown', 'Times Square', 'Chelsea', 'Greenwich Village', 'SoHo', 'Upper West Side', 'Financial District', 'Williamsburg'],
    streets: ['W 44th St', 'Broadway', 'Irving Pl', 'Hudson St', 'Lexington Ave', 'Bleecker St', 'Amsterdam Ave'],
    postalCode: (rng) => `100${String(1 + Math.floor(rng() * 40)).padStart(2, '0')}`,
  },
];

export const HOTELS_PER_DESTINATION = 350;
export const HOTEL_COUNT = DESTINATIONS.length * HOTELS_PER_DESTINATION;

/**
 * The development photographs the app already serves (seed/photos.mjs: each file's SHA-256 is its R2 key, served at
 * /api/images/<key>/<width>). The Worker cannot read the files, so the keys are written here; tests/unit/hotelbeds-ratekey.test.ts
 * checks them against the files.
 */
export const SEED_PHOTO_KEYS: Readonly<Record<string, string>> = {
  'dune-sea': '94def3af507fe325cc6c8ac195df4b4560193a9426678a392950aa3dadf9fd61',
  'by-the-water': 'bf8530e99532d7b370d31bb4a8835e44e1bc5846802e64d5f8c5703cb5da6cc4',
  'evening-glow-boats': '2b42341892ddf601a92f74bf44b64cc2cb3fdadbd28b1afd23e0a94893fc62b8',
  'kite-sky': '5eaea13f149788c5fbac3df8e1101aee5ec591cb4439f218ca05c4cbe16369c5',
  'cold-ripple-pier': '5f70d3ed7e8c3ddbdb9f175275d80923370403fa9f4141c8bed4ede22c5399f1',
  'grey-facade': '178f2bbd1570625aa61a2a3e761cd4f1264988990fb9b89ae8b86d4de9ea58b3',
  'storm-road': '31f663f1361ad9d2b98be839358b5d50cfd36a0fbd5d43929576e4ff48c60f03',
  'summer-night-lake': '245c2ba9cb2852080c1a49a50554d6f49c733af090525ddace79b1fbc489af0d',
  'darkest-hour-lake': 'a3c426e5ab3773d9c32fa76d7066b72e70030a0d0adfc08cd1f61323677ca44a',
  'forest-path': '0a6f700c44883693a6bc33e92cdcd600da6371dd4055ab2d6a3ab9bf332a03ea',
  'fallen-leaf': '4545454a9969a96ee7c0c92e4230de237b6224202d88085e9d79c74f717980aa',
  'one-stands-out-moss': '3153d6f97d095a3c1fccb2d25a671aa9687b7dcc2c1f9fd544b6eaff1bf09747',
};
/** The width the content's image paths name (the app serves 480, 800, 1200 and 1600). */
export const PHOTO_WIDTH = 800;

/** Hotelbeds' languages the simulator writes (others fall back to English, as useSecondaryLanguage does). */
export const LANGUAGES = ['ENG', 'FRA', 'CAS'] as const;
export type SimLanguage = (typeof LANGUAGES)[number];

export const BOARD_NAMES = {
  RO: { ENG: 'ROOM ONLY', FRA: 'LOGEMENT SEUL', CAS: 'SOLO ALOJAMIENTO' },
  BB: { ENG: 'BED AND BREAKFAST', FRA: 'CHAMBRE ET PETIT-DÉJEUNER', CAS: 'ALOJAMIENTO Y DESAYUNO' },
  HB: { ENG: 'HALF BOARD', FRA: 'DEMI-PENSION', CAS: 'MEDIA PENSIÓN' },
  FB: { ENG: 'FULL BOARD', FRA: 'PENSION COMPLÈTE', CAS: 'PENSIÓN COMPLETA' },
  AI: { ENG: 'ALL INCLUSIVE', FRA: 'TOUT COMPRIS', CAS: 'TODO INCLUIDO' },
} as const;
export type SimBoard = keyof typeof BOARD_NAMES;

/**
 * Hotel facilities as APItude's content names them (facilityCode within facilityGroupCode 70, the hotel's own), in each
 * language. A hotel has the first ones always and some of the others by its code: deterministic from run to run.
 */
const FACILITIES = [
  { code: 261, names: { ENG: 'Wi-fi', FRA: 'Wi-Fi', CAS: 'Wi-fi' } },
  { code: 295, names: { ENG: '24-hour reception', FRA: 'Réception 24 h/24', CAS: 'Recepción 24 horas' } },
  { code: 30, names: { ENG: 'Air conditioning in public areas', FRA: 'Climatisation dans les parties communes', CAS: 'Aire acondicionado en zonas comunes' } },
  { code: 320, names: { ENG: 'Car park', FRA: 'Parking', CAS: 'Aparcamiento' } },
  { code: 200, names: { ENG: 'Restaurant', FRA: 'Restaurant', CAS: 'Restaurante' } },
  { code: 130, names: { ENG: 'Bar', FRA: 'Bar', CAS: 'Bar' } },
  { code: 360, names: { ENG: 'Outdoor swimming pool', FRA: 'Piscine extérieure', CAS: 'Piscina al aire libre' } },
  { code: 470, names: { ENG: 'Gym', FRA: 'Salle de sport', CAS: 'Gimnasio' } },
  { code: 550, names: { ENG: 'Laundry service', FRA: 'Service de blanchisserie', CAS: 'Servicio de lavandería' } },
  { code: 575, names: { ENG: 'Pets allowed', FRA: 'Animaux acceptés', CAS: 'Se admiten mascotas' } },
] as const;
const ALWAYS_FACILITIES = 2;

/** The hotel's facilities, in the catalogue's order. */
export function facilitiesOf(h: Pick<SimHotel, 'code' | 'stars'>) {
  const bits = fnv1a(`facilities-${h.code}`);
  return FACILITIES.filter((_, i) => i < ALWAYS_FACILITIES || (bits >>> i) % 4 < h.stars - 1);
}
const BOARD_CODES = Object.keys(BOARD_NAMES) as SimBoard[];
/** What a board adds per night and guest (infants excepted), in euro cents. */
const BOARD_SUPPLEMENT_CENTS: Record<SimBoard, number> = { RO: 0, BB: 1_200, HB: 3_200, FB: 4_800, AI: 7_500 };

/** NOR: refundable until the hotel's deadline; NRF: not refundable, the whole stay is due from the booking on. */
export type RateClass = 'NOR' | 'NRF';

export interface SimRoomType {
  code: string;
  type: string;
  characteristic: string;
  names: Record<SimLanguage, string>;
  minPax: number;
  maxPax: number;
  minAdults: number;
  maxAdults: number;
  maxChildren: number;
  priceFactor: number;
}

const room = (code: string, names: [string, string, string], minPax: number, maxPax: number, maxAdults: number, maxChildren: number, priceFactor: number): SimRoomType => {
  const [type, characteristic] = code.split('.') as [string, string];
  return { code, type, characteristic, names: { ENG: names[0], FRA: names[1], CAS: names[2] }, minPax, maxPax, minAdults: 1, maxAdults, maxChildren, priceFactor };
};

export const ROOM_TYPES: readonly SimRoomType[] = [
  room('DBL.ST', ['DOUBLE STANDARD', 'CHAMBRE DOUBLE STANDARD', 'DOBLE ESTÁNDAR'], 1, 3, 2, 1, 1),
  room('TWN.ST', ['TWIN STANDARD', 'CHAMBRE À LITS JUMEAUX STANDARD', 'DOBLE DOS CAMAS ESTÁNDAR'], 1, 3, 2, 1, 1),
  room('SGL.ST', ['SINGLE STANDARD', 'CHAMBRE INDIVIDUELLE STANDARD', 'INDIVIDUAL ESTÁNDAR'], 1, 1, 1, 0, 0.78),
  room('DBL.SU', ['DOUBLE SUPERIOR', 'CHAMBRE DOUBLE SUPÉRIEURE', 'DOBLE SUPERIOR'], 1, 3, 2, 1, 1.3),
  room('STU.ST', ['STUDIO STANDARD', 'STUDIO STANDARD', 'ESTUDIO ESTÁNDAR'], 1, 4, 2, 2, 1.15),
  room('JSU.ST', ['JUNIOR SUITE', 'SUITE JUNIOR', 'JUNIOR SUITE'], 1, 4, 3, 2, 1.6),
  room('FAM.ST', ['FAMILY ROOM', 'CHAMBRE FAMILIALE', 'HABITACIÓN FAMILIAR'], 2, 5, 4, 3, 1.5),
];
const ROOM_BY_CODE = new Map(ROOM_TYPES.map((r) => [r.code, r]));

export interface SimPhoto {
  imageTypeCode: 'GEN' | 'HAB' | 'RES' | 'PIS' | 'COM';
  key: string;
  roomCode?: string;
}

export interface SimHotel {
  code: number;
  destination: SimDestination;
  name: string;
  zoneCode: number;
  zone: string;
  street: string;
  number: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  stars: 3 | 4 | 5;
  rooms: SimRoomType[];
  boards: SimBoard[];
  /** Days before check-in until which a NOR rate is cancelled free (at 23:59 hotel time). */
  freeCancellationDays: number;
  /** A euro-cent price for a standard double on an ordinary night, before season and weekday. */
  baseCents: number;
  photos: SimPhoto[];
  /** Hotelbeds puts the hotel's last content change here; a fixed day keeps the content the same from run to run. */
  lastUpdate: string;
}

/** 32-bit FNV-1a. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator (mulberry32) of numbers in [0, 1): the same seed gives the same sequence everywhere. */
export function prng(...seed: (string | number)[]): () => number {
  let a = fnv1a(seed.join('|'));
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = ['Grand', 'Royal', 'Garden', 'Riverside', 'Plaza', 'Park', 'Palace', 'Central', 'Heritage', 'Old Town', 'Harbour', 'Skyline'];
const KINDS: ((zone: string, adjective: string) => string)[] = [
  (z, a) => `${a} ${z} Hotel`,
  (z, a) => `${z} ${a} Suites`,
  (z, a) => `Hotel ${a} ${z}`,
  (z, a) => `${a} Residence ${z}`,
  (z, a) => `${z} ${a} Boutique Hotel`,
];

const cache = new Map<number, SimHotel>();

/** The hotel of that code (1 to HOTEL_COUNT), or null: everything about it follows from the code. */
export function hotelByCode(code: number): SimHotel | null {
  if (!Number.isInteger(code) || code < 1 || code > HOTEL_COUNT) return null;
  const known = cache.get(code);
  if (known) return known;
  const index = code - 1;
  const destination = DESTINATIONS[Math.floor(index / HOTELS_PER_DESTINATION)]!;
  const local = index % HOTELS_PER_DESTINATION;
  const rng = prng('hotel', code);
  // Names walk zone × adjective × kind, so no two hotels of a city share one.
  const zoneIndex = local % destination.zones.length;
  const zone = destination.zones[zoneIndex]!;
  const adjective = ADJECTIVES[Math.floor(local / destination.zones.length) % ADJECTIVES.length]!;
  const kind = KINDS[Math.floor(local / (destination.zones.length * ADJECTIVES.length)) % KINDS.length]!;
  // Within 8 km of the centre, denser near it (as hotels are).
  const km = 8 * Math.sqrt(rng()) * (0.15 + 0.85 * rng());
  const angle = 2 * Math.PI * rng();
  const latitude = round6(destination.latitude + (km / 111.32) * Math.cos(angle));
  const longitude = round6(destination.longitude + (km / (111.32 * Math.cos((destination.latitude * Math.PI) / 180))) * Math.sin(angle));
  const u = rng();
  const stars = u < 0.4 ? 3 : u < 0.85 ? 4 : 5;
  const others = ROOM_TYPES.filter((r) => r.code !== 'DBL.ST')
    .map((r) => ({ r, k: rng() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.r);
  const rooms = [ROOM_BY_CODE.get('DBL.ST')!, ...others.slice(0, 1 + Math.floor(rng() * 3))];
  const boards: SimBoard[] = ['RO'];
  if (rng() < 0.85) boards.push('BB');
  if (rng() < 0.35) boards.push('HB');
  if (stars === 5 && rng() < 0.4) boards.push('FB');
  if (rng() < 0.06) boards.push('AI');
  const categoryCents = stars === 3 ? 7_000 + rng() * 5_000 : stars === 4 ? 11_000 + rng() * 8_000 : 20_000 + rng() * 18_000;
  const keys = Object.values(SEED_PHOTO_KEYS);
  const photoCount = 3 + Math.floor(rng() * 3);
  const start = Math.floor(rng() * keys.length);
  const photos: SimPhoto[] = Array.from({ length: photoCount }, (_, i) => {
    const key = keys[(start + i * 5) % keys.length]!;
    if (i === 0) return { imageTypeCode: 'GEN', key };
    if (i === 1) return { imageTypeCode: 'HAB', key, roomCode: rooms[0]!.code };
    return { imageTypeCode: pick(rng, ['GEN', 'RES', 'PIS', 'COM'] as const), key };
  });
  const hotel: SimHotel = {
    code,
    destination,
    name: kind(zone, adjective),
    zoneCode: zoneIndex + 1,
    zone,
    street: pick(rng, destination.streets),
    number: String(1 + Math.floor(rng() * 240)),
    postalCode: destination.postalCode(rng),
    latitude,
    longitude,
    stars,
    rooms,
    boards,
    freeCancellationDays: pick(rng, [1, 2, 3, 7, 14]),
    baseCents: Math.round(categoryCents * destination.priceFactor * (0.85 + rng() * 0.35)),
    photos,
    lastUpdate: `2026-${String(1 + Math.floor(rng() * 9)).padStart(2, '0')}-${String(1 + Math.floor(rng() * 28)).padStart(2, '0')}`,
  };
  cache.set(code, hotel);
  return hotel;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Every hotel, in code order. */
export function allHotels(): SimHotel[] {
  return Array.from({ length: HOTEL_COUNT }, (_, i) => hotelByCode(i + 1)!);
}

/** Every rate of a hotel whose code is odd must be checked again before booking (CONTRACT §18). */
export const isRecheckHotel = (code: number) => code % 2 === 1;

export function roomOf(hotel: SimHotel, code: string): SimRoomType | null {
  return hotel.rooms.find((r) => r.code === code) ?? null;
}

export interface Party {
  adults: number;
  childAges: number[];
}

/** Whether one room of the type holds the party (every child counts as a guest). */
export function fits(room: SimRoomType, party: Party): boolean {
  const guests = party.adults + party.childAges.length;
  return party.adults >= room.minAdults && party.adults <= room.maxAdults && party.childAges.length <= room.maxChildren && guests >= room.minPax && guests <= room.maxPax;
}

// Prices move with the season (northern summer dearest) and are dearer on Friday and Saturday nights.
const SEASON = [0.8, 0.8, 0.9, 1.0, 1.1, 1.25, 1.35, 1.35, 1.15, 1.0, 0.85, 1.1];

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** A room's price for one night before the party, board and rate class: the season, the weekday, a little noise. */
function nightBase(hotel: SimHotel, room: SimRoomType, night: string): number {
  const day = dayOf(night);
  const festive = /-(12-2[0-9]|12-3[01]|01-0[1-2])$/.test(night) ? 1.3 : 1;
  const weekend = day.getUTCDay() === 5 || day.getUTCDay() === 6 ? 1.15 : 1;
  const noise = 0.96 + prng('night', hotel.code, room.code, night)() * 0.08;
  return hotel.baseCents * room.priceFactor * SEASON[day.getUTCMonth()]! * festive * weekend * noise;
}

/** A night's base price for the party (a single adult pays less, extra adults and children over 2 more), board and class. */
function priced(base: number, board: SimBoard, rateClass: RateClass, party: Party): number {
  let cents = party.adults === 1 ? base * 0.85 : base;
  for (let a = 2; a < party.adults; a++) cents += base * 0.35;
  let payingGuests = party.adults;
  for (const age of party.childAges) {
    if (age < 2) continue;
    cents += base * (age >= 12 ? 0.35 : 0.2);
    payingGuests += 1;
  }
  cents += BOARD_SUPPLEMENT_CENTS[board] * payingGuests;
  if (rateClass === 'NRF') cents *= 0.88;
  return Math.round(cents);
}

/** The price of one room for one night, in euro cents: the party's occupancy, the board, the season, the weekday. */
export function nightCents(hotel: SimHotel, room: SimRoomType, board: SimBoard, rateClass: RateClass, night: string, party: Party): number {
  return priced(nightBase(hotel, room, night), board, rateClass, party);
}

/** Rooms of the type the hotel still has for sale that night (0: sold out). */
export function allotmentOn(hotel: SimHotel, room: SimRoomType, night: string): number {
  const rng = prng('allotment', hotel.code, room.code, night);
  return rng() < 0.05 ? 0 : 1 + Math.floor(rng() * 12);
}

export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = dayOf(checkIn); d < dayOf(checkOut); d = new Date(d.getTime() + 86_400_000)) nights.push(d.toISOString().slice(0, 10));
  return nights;
}

export interface Quote {
  /** Every room of the rate, every night, in euro cents. */
  netCents: number;
  /** The first night of every room: what a NOR rate costs once its free cancellation has passed. */
  firstNightCents: number;
  /** The fewest rooms left on any night of the stay. */
  allotment: number;
}

export interface RoomQuote extends Quote {
  room: SimRoomType;
  board: SimBoard;
  rateClass: RateClass;
}

/**
 * Every rate the hotel can sell `rooms` rooms of for the stay and party: each room type that fits, each of its rate
 * plans, priced for every room and night (the nights' allotment and base prices worked out once per room type).
 */
export function quotesFor(hotel: SimHotel, checkIn: string, checkOut: string, party: Party, rooms: number, only?: { room: string; board: SimBoard; rateClass: RateClass }): RoomQuote[] {
  const nights = nightsOf(checkIn, checkOut);
  if (nights.length === 0) return [];
  const plans = ratePlansOf(hotel).filter((p) => !only || (p.board === only.board && p.rateClass === only.rateClass));
  const found: RoomQuote[] = [];
  for (const room of hotel.rooms) {
    if ((only && room.code !== only.room) || !fits(room, party)) continue;
    let allotment = Infinity;
    for (const n of nights) allotment = Math.min(allotment, allotmentOn(hotel, room, n));
    if (allotment < rooms) continue;
    const bases = nights.map((n) => nightBase(hotel, room, n));
    for (const { board, rateClass } of plans) {
      const prices = bases.map((b) => priced(b, board, rateClass, party));
      found.push({ room, board, rateClass, netCents: prices.reduce((a, b) => a + b, 0) * rooms, firstNightCents: prices[0]! * rooms, allotment });
    }
  }
  return found;
}

/** What `rooms` rooms of the type cost for the stay under that board and class, or null when they cannot be sold. */
export function quote(hotel: SimHotel, roomCode: string, board: SimBoard, rateClass: RateClass, checkIn: string, checkOut: string, party: Party, rooms: number): Quote | null {
  return quotesFor(hotel, checkIn, checkOut, party, rooms, { room: roomCode, board, rateClass })[0] ?? null;
}

/** The one board a hotel also sells non-refundable: its breakfast rate where it has one, else room only. */
export const nonRefundableBoard = (hotel: SimHotel): SimBoard => (hotel.boards.includes('BB') ? 'BB' : 'RO');

/** The rates a hotel sells for a room type: each board refundable, and one board also non-refundable. */
export function ratePlansOf(hotel: SimHotel): { board: SimBoard; rateClass: RateClass }[] {
  return [...hotel.boards.map((board) => ({ board, rateClass: 'NOR' as RateClass })), { board: nonRefundableBoard(hotel), rateClass: 'NRF' as RateClass }];
}

export const categoryCode = (hotel: SimHotel) => `${hotel.stars}EST`;
export const categoryName = (hotel: SimHotel) => `${hotel.stars} STARS`;

/** Cents as APItude writes amounts: a decimal string with two places. */
export const decimal = (cents: number) => (cents / 100).toFixed(2);

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at that instant, as "+01:00". */
export function offsetAt(timeZone: string, ms: number): string {
  // Zones change offset on the hour at most: one answer per zone and hour.
  const bucket = `${timeZone}|${Math.floor(ms / 3_600_000)}`;
  const known = offsets.get(bucket);
  if (known) return known;
  if (offsets.size > 50_000) offsets.clear();
  const offset = zoneOffset(timeZone, ms);
  offsets.set(bucket, offset);
  return offset;
}
const offsets = new Map<string, string>();

function zoneOffset(timeZone: string, ms: number): string {
  let format = offsetFormats.get(timeZone);
  if (!format) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const offsetMinutes = (offset: string) => (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/** An instant as the hotel's local time with its offset, to the minute: "2026-12-05T23:59:00+01:00". */
export function localTime(timeZone: string, ms: number): string {
  const offset = offsetAt(timeZone, ms);
  return `${new Date(ms + offsetMinutes(offset) * 60_000).toISOString().slice(0, 16)}:00${offset}`;
}

/** 23:59 hotel time on that day. */
export function endOfDay(timeZone: string, date: string): string {
  return `${date}T23:59:00${offsetAt(timeZone, Date.parse(`${date}T12:00:00Z`))}`;
}

export interface Policy {
  amountCents: number;
  from: string;
}

/**
 * What cancelling costs and from when: a NOR rate is free until 23:59 hotel time `freeCancellationDays` before
 * check-in, then costs the first night; an NRF rate costs the whole stay from the moment it is quoted.
 */
export function cancellationPolicies(hotel: SimHotel, rateClass: RateClass, checkIn: string, q: Pick<Quote, 'netCents' | 'firstNightCents'>, nowMs: number): Policy[] {
  if (rateClass === 'NRF') return [{ amountCents: q.netCents, from: localTime(hotel.destination.timeZone, nowMs) }];
  const deadline = new Date(dayOf(checkIn).getTime() - hotel.freeCancellationDays * 86_400_000).toISOString().slice(0, 10);
  return [{ amountCents: q.firstNightCents, from: endOfDay(hotel.destination.timeZone, deadline) }];
}

/** What cancelling costs at `nowMs`: the amount of the last policy already in force (APItude's amounts are totals, not steps). */
export function feeAt(policies: Policy[], nowMs: number): number {
  return policies.filter((p) => Date.parse(p.from) <= nowMs).reduce((fee, p) => Math.max(fee, p.amountCents), 0);
}

// Rate keys. APItude's are opaque strings of pipe-separated fields; these follow its layout
// (checkIn|checkOut|W|contract|hotel|room|rate code|board||rooms~adults~children|ages|N@…) and end with a check over
// everything before it, so a key that was cut or altered is refused.

export interface RateKeyParts {
  checkIn: string;
  checkOut: string;
  hotel: number;
  room: string;
  rateClass: RateClass;
  board: SimBoard;
  rooms: number;
  adults: number;
  childAges: number[];
  netCents: number;
  rateType: 'BOOKABLE' | 'RECHECK';
}

const compact = (date: string) => date.replaceAll('-', '');
const expand = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
const KEY_SALT = 'hotelbeds-simulator rate key';

function checkOf(body: string): string {
  return fnv1a(`${KEY_SALT}|${body}`).toString(16).padStart(8, '0') + fnv1a(body, fnv1a(KEY_SALT)).toString(16).padStart(8, '0');
}

export function encodeRateKey(p: RateKeyParts): string {
  const fields = [
    compact(p.checkIn), compact(p.checkOut), 'W', '1', String(p.hotel), p.room, `${p.rateClass}-${p.board}`, p.board, '',
    `${p.rooms}~${p.adults}~${p.childAges.length}`, p.childAges.join(','), `N@${p.rateType === 'RECHECK' ? 'R' : 'B'}~${decimal(p.netCents)}`,
  ];
  const body = fields.join('|');
  return `${body}~${checkOf(body)}`;
}

const INT = /^(0|[1-9]\d{0,4})$/;
const DATE8 = /^\d{8}$/;

/** The facts a rate key stands for, or null when it is not one of the simulator's keys or was altered. */
export function decodeRateKey(key: string): RateKeyParts | null {
  if (typeof key !== 'string' || key.length > 300) return null;
  const cut = key.lastIndexOf('~');
  if (cut < 0) return null;
  const body = key.slice(0, cut);
  if (key.slice(cut + 1) !== checkOf(body)) return null;
  const f = body.split('|');
  if (f.length !== 12 || f[2] !== 'W' || f[8] !== '') return null;
  const [checkIn, checkOut, , , hotel, roomCode, rateCode, board, , occupancy, ages, tail] = f as [string, string, string, string, string, string, string, string, string, string, string, string];
  if (!DATE8.test(checkIn) || !DATE8.test(checkOut) || !INT.test(hotel)) return null;
  const [rateClass, rateBoard] = rateCode.split('-');
  if ((rateClass !== 'NOR' && rateClass !== 'NRF') || rateBoard !== board || !BOARD_CODES.includes(board as SimBoard)) return null;
  const occ = occupancy.split('~');
  if (occ.length !== 3 || !occ.every((x) => INT.test(x))) return null;
  const childAges = ages === '' ? [] : ages.split(',');
  if (!childAges.every((a) => INT.test(a)) || childAges.length !== Number(occ[2])) return null;
  const m = /^N@([RB])~(\d{1,7}\.\d{2})$/.exec(tail);
  if (!m) return null;
  const parts: RateKeyParts = {
    checkIn: expand(checkIn),
    checkOut: expand(checkOut),
    hotel: Number(hotel),
    room: roomCode,
    rateClass,
    board: board as SimBoard,
    rooms: Number(occ[0]),
    adults: Number(occ[1]),
    childAges: childAges.map(Number),
    netCents: Math.round(Number(m[2]) * 100),
    rateType: m[1] === 'R' ? 'RECHECK' : 'BOOKABLE',
  };
  return Number.isNaN(Date.parse(parts.checkIn)) || Number.isNaN(Date.parse(parts.checkOut)) ? null : parts;
}

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** The hotel's description, in the language asked (English when it has none in it). */
export function describe(hotel: SimHotel, language: SimLanguage): string {
  const km = distanceKm(hotel.latitude, hotel.longitude, hotel.destination.latitude, hotel.destination.longitude).toFixed(1);
  const rooms = hotel.rooms.length;
  if (language === 'FRA') {
    return `${hotel.name} est un hôtel ${hotel.stars} étoiles du quartier ${hotel.zone}, à ${km.replace('.', ',')} km du centre de ${hotel.destination.names.FRA}. Il propose ${rooms} types de chambres et ${hotel.boards.includes('BB') ? 'un petit-déjeuner servi chaque matin' : 'un café au rez-de-chaussée'}.`;
  }
  if (language === 'CAS') {
    return `${hotel.name} es un hotel de ${hotel.stars} estrellas en ${hotel.zone}, a ${km.replace('.', ',')} km del centro de ${hotel.destination.names.CAS}. Ofrece ${rooms} tipos de habitación y ${hotel.boards.includes('BB') ? 'desayuno cada mañana' : 'una cafetería en la planta baja'}.`;
  }
  return `${hotel.name} is a ${hotel.stars}-star hotel in ${hotel.zone}, ${km} km from the centre of ${hotel.destination.name}. It has ${rooms} room types and ${hotel.boards.includes('BB') ? 'breakfast served every morning' : 'a café on the ground floor'}.`;
}
