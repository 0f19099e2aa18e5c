// The bed bank behind one small interface (CONTRACT §18, docs/decisions/0060-hotelbeds-adapter-and-simulator.md):
// Hotelbeds APItude, Booking API 1.0 and Content API 1.0, in its wire shapes. Every call is signed (Api-key and
// X-Signature), bounded in time, and its answer read with zod into plain values near section 17's (room types, boards,
// rates in euro minor units with their cancellation amounts and dates). Nothing here throws: every call answers a
// result, and a failure says what kind it was (no answer in time, refused credentials, the supplier down or refusing,
// sold out, unknown booking, an answer in an unexpected shape).
import { z } from 'zod';
import { sha256Hex } from '../lib/crypto';
import { BOARDS, type Board } from '../../src/shared/rules/stay-rates';
import type { RoomParty } from '../../src/shared/rules/occupancy';
import { partyLines } from '../../src/shared/rules/supplier-combination';

/** The longest a call waits by default (a search gives a shorter budget of its own). */
export const HOTELBEDS_TIMEOUT_MS = 8_000;
/** Where APItude's image paths live (the content answers paths relative to it). */
export const HOTELBEDS_PHOTOS_URL = 'https://photos.hotelbeds.com/giata/bigger/';

/** X-Signature: the hex SHA-256 of the api key, the secret and the Unix time in seconds, written one after the other. */
export function hotelbedsSignature(apiKey: string, secret: string, unixSeconds: number): Promise<string> {
  return sha256Hex(`${apiKey}${secret}${Math.floor(unixSeconds)}`);
}

export interface HotelbedsConfig {
  /** https://api.test.hotelbeds.com, https://api.hotelbeds.com, or the simulator's address (its path is kept as a prefix). */
  baseUrl: string;
  apiKey: string;
  secret: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; the signature's time comes from it. */
  clock?: () => number;
  timeoutMs?: number;
  /** Where image paths are resolved; the simulator's paths are the app's own photographs (/api/images/). */
  photosUrl?: string;
}

/** What a call may carry: the caller's own signal (a search's time budget) and a shorter or longer wait than the default. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type BedBankFailureKind =
  | 'unauthorised' // the api key or the signature was refused (401/403)
  | 'timeout' // no whole answer within the wait, or the caller stopped waiting
  | 'unreachable' // no connection
  | 'unavailable' // the supplier failed (5xx): nothing was decided there
  | 'sold_out' // the rate can no longer be sold (no allotment left)
  | 'not_found' // no such booking
  | 'refused' // the supplier refused the request (another 4xx): `code` and `message` say why
  | 'malformed'; // a 2xx whose body is not JSON, or not in the expected shape

export interface BedBankFailure {
  kind: BedBankFailureKind;
  message: string;
  status: number | null;
  /** APItude's error code (INVALID_REQUEST, INVALID_DATA, PRODUCT_ERROR, SYSTEM_ERROR, …) when it sent one. */
  code: string | null;
}

export type BedBankResult<T> = { ok: true; value: T } | { ok: false; failure: BedBankFailure };

export type ContentLanguage = 'en-US' | 'fr-FR' | 'es-ES';
const LANGUAGE: Record<ContentLanguage, string> = { 'en-US': 'ENG', 'fr-FR': 'FRA', 'es-ES': 'CAS' };

export interface ContentRequest {
  /** 1-based and both included, as APItude counts (at most 1,000 hotels a page). */
  from: number;
  to: number;
  language?: ContentLanguage;
  destination?: string;
  codes?: string[];
}

export interface SupplierRoomType {
  code: string;
  name: string;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
}

export interface SupplierPhoto {
  url: string;
  /** The path as APItude sent it (relative to its image address). */
  path: string;
  type: string | null;
  order: number;
  roomCode: string | null;
}

export interface SupplierHotel {
  /** The supplier's hotel code (a number on the wire, kept as text). */
  code: string;
  name: string;
  description: string | null;
  destinationCode: string;
  countryCode: string | null;
  city: string | null;
  address: string | null;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  categoryCode: string | null;
  stars: number | null;
  boards: string[];
  /** The hotel's facilities as the content names them in the asked language ("Wi-fi", "Outdoor swimming pool"). */
  facilities: string[];
  rooms: SupplierRoomType[];
  photos: SupplierPhoto[];
}

export interface ContentPage {
  from: number;
  to: number;
  total: number;
  hotels: SupplierHotel[];
}

/** Where to look: a destination code, a circle, or hotels by code. */
export type Place = { destination: string } | { latitude: number; longitude: number; radiusKm: number } | { hotels: string[] };

export interface AvailabilityQuery {
  checkIn: string;
  checkOut: string;
  /** One party per room (src/shared/rules/occupancy.ts). */
  rooms: RoomParty[];
  place: Place;
  maxHotels?: number;
  maxRatesPerRoom?: number;
  language?: ContentLanguage;
}

export interface CancellationCharge {
  amountMinor: number;
  /** From this instant on (ISO 8601 with the hotel's offset), cancelling costs `amountMinor`. */
  from: string;
}

export interface SupplierRate {
  /** The supplier's key for the rate, opaque: it is what checkrates and bookings take. */
  rateKey: string;
  /** RECHECK: the price and availability must be checked again (checkRates) before booking. */
  recheck: boolean;
  rateClass: string | null;
  refundable: boolean;
  /** Section 17's board when the supplier's is one of them, else null (`boardCode` keeps the supplier's). */
  board: Board | null;
  boardCode: string;
  boardName: string | null;
  /** Every room of the rate for the whole stay, in minor units of `currency` (EUR). */
  netMinor: number;
  currency: string;
  cancellation: CancellationCharge[];
  /** Until then cancelling is free (the first charge's `from`); null when no charge was given. */
  freeCancellationUntil: string | null;
  allotment: number | null;
  rooms: number;
  adults: number;
  childAges: number[];
  /** How many children the rate is for (APItude's `children`; absent in older fakes). */
  children?: number;
}

export interface SupplierRoomOffer {
  code: string;
  name: string;
  rates: SupplierRate[];
}

export interface SupplierHotelOffer {
  code: string;
  name: string;
  destinationCode: string | null;
  categoryCode: string | null;
  stars: number | null;
  latitude: number | null;
  longitude: number | null;
  rooms: SupplierRoomOffer[];
}

export interface Availability {
  checkIn: string | null;
  checkOut: string | null;
  hotels: SupplierHotelOffer[];
}

export interface CheckedRates {
  hotel: { code: string; name: string; checkIn: string; checkOut: string };
  rooms: SupplierRoomOffer[];
  totalNetMinor: number;
  currency: string;
}

export interface SupplierPax {
  /** Which room of the rate (1-based) the guest sleeps in. */
  roomId: number;
  type: 'adult' | 'child';
  name: string;
  surname: string;
  age?: number;
}

export interface NewSupplierBooking {
  /** Ours: the supplier keeps it on the booking (CONTRACT §18: our booking id). */
  clientReference: string;
  holder: { name: string; surname: string };
  rooms: { rateKey: string; paxes?: SupplierPax[] }[];
  remark?: string;
}

export interface SupplierBookedRate {
  board: Board | null;
  boardCode: string | null;
  netMinor: number | null;
  rooms: number | null;
  adults: number | null;
  children: number | null;
  cancellation: CancellationCharge[];
}

export interface SupplierBooking {
  reference: string;
  clientReference: string | null;
  /** CONFIRMED or CANCELLED (APItude may also answer PENDING or others: kept as sent). */
  status: string;
  createdOn: string | null;
  holder: { name: string; surname: string } | null;
  hotel: { code: string; name: string; checkIn: string; checkOut: string; destinationCode: string | null };
  rooms: { code: string; name: string | null; status: string | null; rates: SupplierBookedRate[] }[];
  totalNetMinor: number;
  currency: string;
  cancellationReference: string | null;
  /** What cancelling cost (or, in a simulation, would cost), when the answer says. */
  cancellationFeeMinor: number | null;
}

export interface SupplierCancellation {
  simulated: boolean;
  /** What the supplier charges for cancelling now, in minor units of `currency`. */
  feeMinor: number;
  currency: string;
  /** The booking after the call: still CONFIRMED after a simulation. */
  booking: SupplierBooking;
}

/** The bed bank, as the flows see it (CONTRACT §18). */
export interface BedBank {
  content(page: ContentRequest, opts?: CallOptions): Promise<BedBankResult<ContentPage>>;
  availability(query: AvailabilityQuery, opts?: CallOptions): Promise<BedBankResult<Availability>>;
  checkRates(rateKeys: string[], opts?: CallOptions): Promise<BedBankResult<CheckedRates>>;
  book(booking: NewSupplierBooking, opts?: CallOptions): Promise<BedBankResult<SupplierBooking>>;
  booking(reference: string, opts?: CallOptions): Promise<BedBankResult<SupplierBooking>>;
  cancel(reference: string, simulate: boolean, opts?: CallOptions): Promise<BedBankResult<SupplierCancellation>>;
}

// Amounts: APItude writes them as decimal strings ("231.14") in most places and as numbers in some.

/** A decimal amount to minor units (two places, half up), or null when it is not one. */
export function toMinorUnits(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(Number((value * 100).toFixed(6))) : null;
  return plainDecimalMinor(value) ?? spacedDecimalMinor(value);
}

/**
 * The usual amount ("231.14", "-5", "0.125") read digit by digit: an answer holds thousands, and the pattern below
 * costs several times this. Anything else (spaces, more than 13 whole digits, no digits) is left to the pattern: null.
 */
function plainDecimalMinor(value: string): number | null {
  const n = value.length;
  let i = value.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  let whole = 0;
  for (; i < n; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    whole = whole * 10 + d;
  }
  if (i === start || i - start > 13) return null;
  let minor = whole * 100;
  if (i < n) {
    if (value.charCodeAt(i) !== 46 || i + 1 === n) return null;
    for (let k = 0, j = i + 1; j < n; j++, k++) {
      const d = value.charCodeAt(j) - 48;
      if (d < 0 || d > 9) return null;
      if (k === 0) minor += d * 10;
      else if (k === 1) minor += d;
      else if (k === 2 && d >= 5) minor += 1;
    }
  }
  return start === 1 ? -minor : minor;
}

function spacedDecimalMinor(value: string): number | null {
  const m = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(value);
  if (!m) return null;
  const decimals = (m[3] ?? '').padEnd(3, '0');
  const minor = Number(m[2]) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
  return m[1] ? -minor : minor;
}

const Amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const minor = toMinorUnits(v);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: 'Not an amount' });
    return z.NEVER;
  }
  return minor;
});
const Code = z.union([z.number().int(), z.string().min(1)]).transform(String);
const Coordinate = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isFinite(n) || (typeof v === 'string' && v.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'Not a coordinate' });
    return z.NEVER;
  }
  return n;
});
const Count = z.number().int().min(0);
const Content = z.looseObject({ content: z.string() });

const WireContentHotel = z.looseObject({
  code: Code,
  name: Content,
  description: Content.optional(),
  countryCode: z.string().optional(),
  destinationCode: z.string(),
  coordinates: z.looseObject({ latitude: Coordinate, longitude: Coordinate }),
  categoryCode: z.string().optional(),
  boardCodes: z.array(z.string()).optional(),
  // Read leniently (facilityWords): a facility out of shape is only not shown; it never fails the page of hotels.
  facilities: z.array(z.unknown()).optional(),
  address: z.looseObject({ content: z.string() }).optional(),
  postalCode: z.string().optional(),
  city: Content.optional(),
  rooms: z
    .array(z.looseObject({ roomCode: z.string(), description: z.string().optional(), minPax: Count.optional(), maxPax: Count.optional(), maxAdults: Count.optional(), maxChildren: Count.optional() }))
    .optional(),
  images: z.array(z.looseObject({ imageTypeCode: z.string().optional(), path: z.string().min(1), order: z.number().optional(), visualOrder: z.number().optional(), roomCode: z.string().optional() })).optional(),
});
/** Each facility once, by the words the content gives it (`description.content`); one without them is not shown. */
export function facilityWords(facilities: readonly unknown[] | undefined): string[] {
  const words = new Set<string>();
  for (const f of facilities ?? []) {
    const described = isWire(f) && isWire(f.description) ? f.description.content : undefined;
    if (typeof described === 'string' && described.trim()) words.add(described.trim());
  }
  return [...words];
}
const WireContentPage = z.looseObject({ from: Count, to: Count, total: Count, hotels: z.array(WireContentHotel).optional() });

const WirePolicy = z.looseObject({ amount: Amount, from: z.string().min(1) });
const WireRate = z.looseObject({
  rateKey: z.string().min(1),
  rateClass: z.string().optional(),
  rateType: z.enum(['BOOKABLE', 'RECHECK']),
  net: Amount,
  allotment: Count.optional(),
  boardCode: z.string().min(1),
  boardName: z.string().optional(),
  cancellationPolicies: z.array(WirePolicy).optional(),
  rooms: z.number().int().positive(),
  adults: Count,
  children: Count,
  childrenAges: z.union([z.string(), z.number()]).optional(),
});
const WireRoom = z.looseObject({ code: z.string().min(1), name: z.string().optional(), rates: z.array(WireRate) });
const WireAvailHotel = z.looseObject({
  code: Code,
  name: z.string(),
  categoryCode: z.string().optional(),
  destinationCode: z.string().optional(),
  latitude: Coordinate.optional(),
  longitude: Coordinate.optional(),
  currency: z.string().optional(),
  rooms: z.array(WireRoom),
});
const WireAvailability = z.looseObject({
  // With nothing available APItude answers `"hotels": { "total": 0 }`, without a list.
  hotels: z.looseObject({ hotels: z.array(WireAvailHotel).optional(), checkIn: z.string().optional(), checkOut: z.string().optional(), total: Count.optional() }),
});
/*
 * The availability answer read by hand (a city's hundreds of hotels and thousands of rates): the Workers runtime allows
 * no code generation, so zod walks such an answer field by field at several times this cost (docs/decisions/0071).
 * It takes only what `WireAvailability` takes, and gives what the schema's output mapped by `availabilityOf` gives, in
 * one pass (each rate checked in place, then mapped; never copied first); anything else (a field missing, of another
 * type, an amount that is not one) gives null, and the schema reads the answer again to say what is wrong.
 * tests/unit/hotelbeds-availability-read.test.ts holds the two to the same answers.
 */
type Wire = Record<string, unknown>;
const isWire = (v: unknown): v is Wire => typeof v === 'object' && v !== null && !Array.isArray(v);
const NOT_READ = Symbol('not read');
const optionalOf = <T>(v: unknown, read: (v: unknown) => T | typeof NOT_READ): T | undefined | typeof NOT_READ => (v === undefined ? undefined : read(v));
const stringRead = (v: unknown) => (typeof v === 'string' ? v : NOT_READ);
const filledRead = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : NOT_READ);
const countRead = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : NOT_READ);
const codeRead = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' && v.length > 0 ? v : NOT_READ);
const amountRead = (v: unknown) => ((typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) ? (toMinorUnits(v) ?? NOT_READ) : NOT_READ);
const coordinateRead = (v: unknown) => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : NOT_READ;
  if (typeof v !== 'string' || v.trim() === '') return NOT_READ;
  const n = Number(v);
  return Number.isFinite(n) ? n : NOT_READ;
};

function rateRead(r: unknown, currency: string): SupplierRate | null {
  if (!isWire(r)) return null;
  const rateKey = filledRead(r.rateKey);
  const rateClass = optionalOf(r.rateClass, stringRead);
  const rateType = r.rateType === 'BOOKABLE' || r.rateType === 'RECHECK' ? r.rateType : NOT_READ;
  const net = amountRead(r.net);
  const allotment = optionalOf(r.allotment, countRead);
  const boardCode = filledRead(r.boardCode);
  const boardName = optionalOf(r.boardName, stringRead);
  const rooms = typeof r.rooms === 'number' && Number.isSafeInteger(r.rooms) && r.rooms > 0 ? r.rooms : NOT_READ;
  const adults = countRead(r.adults);
  const children = countRead(r.children);
  const childrenAges = r.childrenAges === undefined || typeof r.childrenAges === 'string' || (typeof r.childrenAges === 'number' && Number.isFinite(r.childrenAges)) ? r.childrenAges : NOT_READ;
  const cancellation: CancellationCharge[] = [];
  if (r.cancellationPolicies !== undefined) {
    if (!Array.isArray(r.cancellationPolicies)) return null;
    for (const p of r.cancellationPolicies) {
      if (!isWire(p)) return null;
      const amount = amountRead(p.amount);
      const from = filledRead(p.from);
      if (amount === NOT_READ || from === NOT_READ) return null;
      cancellation.push({ amountMinor: amount, from });
    }
  }
  if (
    rateKey === NOT_READ || rateClass === NOT_READ || rateType === NOT_READ || net === NOT_READ || allotment === NOT_READ || boardCode === NOT_READ
    || boardName === NOT_READ || rooms === NOT_READ || adults === NOT_READ || children === NOT_READ || childrenAges === NOT_READ
  ) return null;
  // Every field rateOf reads is now the wire's own value, checked above: the rate is not copied before it is mapped.
  return rateOf(r as unknown as RateFields, currency, net, inTimeOrder(cancellation));
}

function hotelRead(h: unknown): SupplierHotelOffer | null {
  if (!isWire(h) || !Array.isArray(h.rooms)) return null;
  const code = codeRead(h.code);
  const name = stringRead(h.name);
  const categoryCode = optionalOf(h.categoryCode, stringRead);
  const destinationCode = optionalOf(h.destinationCode, stringRead);
  const latitude = optionalOf(h.latitude, coordinateRead);
  const longitude = optionalOf(h.longitude, coordinateRead);
  const currency = optionalOf(h.currency, stringRead);
  if (code === NOT_READ || name === NOT_READ || categoryCode === NOT_READ || destinationCode === NOT_READ || latitude === NOT_READ || longitude === NOT_READ || currency === NOT_READ) return null;
  const rooms: SupplierRoomOffer[] = [];
  for (const room of h.rooms) {
    if (!isWire(room) || !Array.isArray(room.rates)) return null;
    const roomCode = filledRead(room.code);
    const roomName = optionalOf(room.name, stringRead);
    if (roomCode === NOT_READ || roomName === NOT_READ) return null;
    const rates: SupplierRate[] = [];
    for (const r of room.rates) {
      const rate = rateRead(r, currency ?? DEFAULT_CURRENCY);
      if (!rate) return null;
      rates.push(rate);
    }
    rooms.push({ code: roomCode, name: roomName ?? roomCode, rates });
  }
  return hotelOf({ code, name, categoryCode, destinationCode, latitude, longitude }, rooms);
}

/**
 * The availability answer as the schema and `availabilityOf` give it, or null to let the schema read it (and say what
 * is wrong).
 */
export function availabilityRead(json: unknown): Availability | null {
  if (!isWire(json) || !isWire(json.hotels)) return null;
  const wire = json.hotels;
  const checkIn = optionalOf(wire.checkIn, stringRead);
  const checkOut = optionalOf(wire.checkOut, stringRead);
  const total = optionalOf(wire.total, countRead);
  if (checkIn === NOT_READ || checkOut === NOT_READ || total === NOT_READ) return null;
  const hotels: SupplierHotelOffer[] = [];
  if (wire.hotels !== undefined) {
    if (!Array.isArray(wire.hotels)) return null;
    for (const h of wire.hotels) {
      const hotel = hotelRead(h);
      if (!hotel) return null;
      hotels.push(hotel);
    }
  }
  return { checkIn: checkIn ?? null, checkOut: checkOut ?? null, hotels };
}

/** The availability answer's schema (exported for the test that holds the hand reader to it). */
export const availabilitySchema = WireAvailability;

const WireCheckRates = z.looseObject({
  hotel: z.looseObject({
    code: Code,
    name: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    rooms: z.array(WireRoom).min(1),
    totalNet: Amount,
    currency: z.string(),
  }),
});
const WireBookedRate = z.looseObject({
  net: Amount.optional(),
  boardCode: z.string().optional(),
  rooms: Count.optional(),
  adults: Count.optional(),
  children: Count.optional(),
  cancellationPolicies: z.array(WirePolicy).optional(),
});
const WireBooking = z.looseObject({
  reference: z.string().min(1),
  clientReference: z.string().optional(),
  creationDate: z.string().optional(),
  status: z.string().min(1),
  cancellationReference: z.string().optional(),
  holder: z.looseObject({ name: z.string(), surname: z.string() }).optional(),
  hotel: z.looseObject({
    code: Code,
    name: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    destinationCode: z.string().optional(),
    rooms: z.array(z.looseObject({ code: z.string(), name: z.string().optional(), status: z.string().optional(), rates: z.array(WireBookedRate).optional() })).optional(),
    cancellationAmount: Amount.optional(),
  }),
  totalNet: Amount,
  currency: z.string().min(3),
});
const WireBookingAnswer = z.looseObject({ booking: WireBooking });
/** APItude's formatted error (the HTTP-level ones carry a bare `error` text). */
const WireError = z.looseObject({ error: z.union([z.looseObject({ code: z.string().optional(), message: z.string().optional() }), z.string()]) });

/** The currency of a hotel's rates when the answer names none (the account's, EUR for the simulator's). */
const DEFAULT_CURRENCY = 'EUR';

const isBoard = (code: string): code is Board => (BOARDS as readonly string[]).includes(code);

/** The stars of an APItude category code ("4EST", "3LL", "5LUX"), or null when it names none. */
export function starsOf(categoryCode: string | undefined): number | null {
  const m = /^([1-5])/.exec(categoryCode ?? '');
  return m ? Number(m[1]) : null;
}

/** A rate's cancellation charges in the order they start. */
const inTimeOrder = (charges: CancellationCharge[]) => (charges.length > 1 ? charges.sort((a, b) => Date.parse(a.from) - Date.parse(b.from)) : charges);
const charges = (policies: z.output<typeof WirePolicy>[] | undefined): CancellationCharge[] => inTimeOrder((policies ?? []).map((p) => ({ amountMinor: p.amount, from: p.from })));

/** What of a rate is taken as the wire gives it (its amounts are read apart: into minor units). */
type RateFields = Pick<
  z.output<typeof WireRate>,
  'rateKey' | 'rateClass' | 'rateType' | 'allotment' | 'boardCode' | 'boardName' | 'rooms' | 'adults' | 'children' | 'childrenAges'
>;

function rateOf(r: RateFields, currency: string, netMinor: number, cancellation: CancellationCharge[]): SupplierRate {
  const ages = r.childrenAges === undefined ? [] : String(r.childrenAges).split(',').filter((a) => a.trim() !== '').map(Number);
  return {
    rateKey: r.rateKey,
    recheck: r.rateType === 'RECHECK',
    rateClass: r.rateClass ?? null,
    refundable: r.rateClass !== 'NRF',
    board: isBoard(r.boardCode) ? r.boardCode : null,
    boardCode: r.boardCode,
    boardName: r.boardName ?? null,
    netMinor,
    currency,
    cancellation,
    freeCancellationUntil: cancellation[0]?.from ?? null,
    allotment: r.allotment ?? null,
    rooms: r.rooms,
    adults: r.adults,
    childAges: ages.every((a) => Number.isInteger(a)) ? ages : [],
    children: r.children,
  };
}

const roomsOf = (rooms: z.output<typeof WireRoom>[], currency: string): SupplierRoomOffer[] =>
  rooms.map((room) => ({ code: room.code, name: room.name ?? room.code, rates: room.rates.map((r) => rateOf(r, currency, r.net, charges(r.cancellationPolicies))) }));

type HotelFields = Pick<z.output<typeof WireAvailHotel>, 'code' | 'name' | 'categoryCode' | 'destinationCode' | 'latitude' | 'longitude'>;

const hotelOf = (h: HotelFields, rooms: SupplierRoomOffer[]): SupplierHotelOffer => ({
  code: h.code,
  name: h.name,
  destinationCode: h.destinationCode ?? null,
  categoryCode: h.categoryCode ?? null,
  stars: starsOf(h.categoryCode),
  latitude: h.latitude ?? null,
  longitude: h.longitude ?? null,
  rooms,
});

/** The availability answer as the schema reads it, in the adapter's terms (the hand reader gives the same: availabilityRead). */
export const availabilityOf = (wire: z.output<typeof WireAvailability>): Availability => ({
  checkIn: wire.hotels.checkIn ?? null,
  checkOut: wire.hotels.checkOut ?? null,
  hotels: (wire.hotels.hotels ?? []).map((h) => hotelOf(h, roomsOf(h.rooms, h.currency ?? DEFAULT_CURRENCY))),
});

function bookingOf(b: z.output<typeof WireBooking>): SupplierBooking {
  return {
    reference: b.reference,
    clientReference: b.clientReference ?? null,
    status: b.status,
    createdOn: b.creationDate ?? null,
    holder: b.holder ? { name: b.holder.name, surname: b.holder.surname } : null,
    hotel: { code: b.hotel.code, name: b.hotel.name, checkIn: b.hotel.checkIn, checkOut: b.hotel.checkOut, destinationCode: b.hotel.destinationCode ?? null },
    rooms: (b.hotel.rooms ?? []).map((room) => ({
      code: room.code,
      name: room.name ?? null,
      status: room.status ?? null,
      rates: (room.rates ?? []).map((r) => ({
        board: r.boardCode && isBoard(r.boardCode) ? r.boardCode : null,
        boardCode: r.boardCode ?? null,
        netMinor: r.net ?? null,
        rooms: r.rooms ?? null,
        adults: r.adults ?? null,
        children: r.children ?? null,
        cancellation: charges(r.cancellationPolicies),
      })),
    })),
    totalNetMinor: b.totalNet,
    currency: b.currency,
    cancellationReference: b.cancellationReference ?? null,
    cancellationFeeMinor: b.hotel.cancellationAmount ?? null,
  };
}

/** What the booking's own cancellation charges say cancelling costs at `nowMs` (each amount is a total, not a step). */
export function feeFromCharges(booking: SupplierBooking, nowMs: number): number {
  let fee = 0;
  for (const room of booking.rooms) {
    for (const rate of room.rates) fee += rate.cancellation.filter((c) => Date.parse(c.from) <= nowMs).reduce((m, c) => Math.max(m, c.amountMinor), 0);
  }
  return fee;
}

/** APItude's occupancies: identical parties become one line with its room count; each child is a CH pax with its age. */
function occupanciesOf(rooms: RoomParty[]) {
  return partyLines(rooms).map((line) => ({
    rooms: line.rooms,
    adults: line.party.adults,
    children: line.party.children.length,
    ...(line.party.children.length ? { paxes: line.party.children.map((age) => ({ type: 'CH' as const, age })) } : {}),
  }));
}

function placeOf(place: Place) {
  if ('destination' in place) return { destination: { code: place.destination } };
  if ('hotels' in place) return { hotels: { hotel: place.hotels.map((c) => (/^\d+$/.test(c) ? Number(c) : c)) } };
  return { geolocation: { latitude: place.latitude, longitude: place.longitude, radius: place.radiusKm, unit: 'km' } };
}

const failure = (kind: BedBankFailureKind, message: string, status: number | null = null, code: string | null = null): { ok: false; failure: BedBankFailure } => ({
  ok: false,
  failure: { kind, message, status, code },
});
const SOLD_OUT = /allotment|no longer available|not available|sold out|no availability/i;
const NOT_FOUND = /not found|does not exist|doesn't exist|unknown booking/i;

/** The Hotelbeds APItude client: every call signed, timed and read (docs/decisions/0060-hotelbeds-adapter-and-simulator.md). */
export function hotelbedsClient(config: HotelbedsConfig): BedBank {
  const base = config.baseUrl.replace(/\/+$/, '');
  const fetchImpl = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const clock = config.clock ?? Date.now;
  const photosUrl = (config.photosUrl ?? HOTELBEDS_PHOTOS_URL).replace(/\/?$/, '/');

  /** A call's JSON once its answer is a success, else what failed (the HTTP, the status, or an answer that is not JSON). */
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    opts: CallOptions,
    request: { query?: Record<string, string | undefined>; body?: unknown },
  ): Promise<BedBankResult<{ json: unknown; status: number }>> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    const timeoutMs = opts.timeoutMs ?? config.timeoutMs ?? HOTELBEDS_TIMEOUT_MS;
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timer]) : timer;
    let status: number;
    let text: string;
    try {
      const headers: Record<string, string> = {
        'Api-key': config.apiKey,
        'X-Signature': await hotelbedsSignature(config.apiKey, config.secret, clock() / 1000),
        Accept: 'application/json',
        'Accept-Encoding': 'gzip',
      };
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      // One signal covers the connection and reading the whole body.
      const res = await fetchImpl(url.toString(), { method, headers, signal, ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}) });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (opts.signal?.aborted) return failure('timeout', 'The bed bank’s answer came after the caller stopped waiting');
      if (timer.aborted) return failure('timeout', `The bed bank did not answer within ${timeoutMs} ms`);
      return failure('unreachable', `The bed bank could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    let json: unknown;
    let isJson = true;
    try {
      json = JSON.parse(text);
    } catch {
      isJson = false;
    }
    const error = isJson ? WireError.safeParse(json) : null;
    const said = error?.success ? (typeof error.data.error === 'string' ? { code: null, message: error.data.error } : { code: error.data.error.code ?? null, message: error.data.error.message ?? null }) : { code: null, message: null };
    const why = said.message ? `: ${said.message}` : '';
    if (status === 401 || status === 403) return failure('unauthorised', `The bed bank refused the credentials (HTTP ${status})${why}`, status, said.code);
    if (status >= 500) return failure('unavailable', `The bed bank failed (HTTP ${status})${why}`, status, said.code);
    if (status === 404 || (status >= 400 && NOT_FOUND.test(said.message ?? ''))) return failure('not_found', `The bed bank has no such booking${why}`, status, said.code);
    if (status >= 400) {
      if (SOLD_OUT.test(said.message ?? '')) return failure('sold_out', `The bed bank can no longer sell this rate${why}`, status, said.code);
      return failure('refused', `The bed bank refused the request (HTTP ${status})${why}`, status, said.code);
    }
    if (status < 200 || status >= 300) return failure('malformed', `The bed bank answered HTTP ${status}`, status);
    if (!isJson) return failure('malformed', 'The bed bank answered something that is not JSON', status);
    return { ok: true, value: { json, status } };
  }

  /** A call's answer read by its schema; out of shape, a failure saying where. */
  function shaped<S extends z.ZodType>(schema: S, { json, status }: { json: unknown; status: number }): BedBankResult<z.output<S>> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure('malformed', `The bed bank answered in an unexpected shape (${issue?.path.join('.') || 'the answer'}: ${issue?.message ?? 'invalid'})`, status);
    }
    return { ok: true, value: parsed.data };
  }

  async function send<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    opts: CallOptions = {},
    request: { query?: Record<string, string | undefined>; body?: unknown } = {},
  ): Promise<BedBankResult<z.output<S>>> {
    const answer = await call(method, path, opts, request);
    return answer.ok ? shaped(schema, answer.value) : answer;
  }

  const map = <A, B>(result: BedBankResult<A>, to: (a: A) => B): BedBankResult<B> => (result.ok ? { ok: true, value: to(result.value) } : result);

  return {
    async content(page, opts) {
      const result = await send('GET', '/hotel-content-api/1.0/hotels', WireContentPage, opts, {
        query: {
          fields: 'all',
          from: String(page.from),
          to: String(page.to),
          language: LANGUAGE[page.language ?? 'en-US'],
          useSecondaryLanguage: 'true',
          destinationCode: page.destination,
          codes: page.codes?.join(','),
        },
      });
      return map(result, (wire) => ({
        from: wire.from,
        to: wire.to,
        total: wire.total,
        hotels: (wire.hotels ?? []).map((h) => ({
          code: h.code,
          name: h.name.content,
          description: h.description?.content ?? null,
          destinationCode: h.destinationCode,
          countryCode: h.countryCode ?? null,
          city: h.city?.content ?? null,
          address: h.address?.content ?? null,
          postalCode: h.postalCode ?? null,
          latitude: h.coordinates.latitude,
          longitude: h.coordinates.longitude,
          categoryCode: h.categoryCode ?? null,
          stars: starsOf(h.categoryCode),
          boards: h.boardCodes ?? [],
          facilities: facilityWords(h.facilities),
          rooms: (h.rooms ?? []).map((r) => {
            const maxOccupancy = r.maxPax ?? (r.maxAdults ?? 2) + (r.maxChildren ?? 0);
            return { code: r.roomCode, name: r.description ?? r.roomCode, maxAdults: r.maxAdults ?? maxOccupancy, maxChildren: r.maxChildren ?? 0, maxOccupancy };
          }),
          photos: (h.images ?? [])
            .map((img, i) => ({ url: `${photosUrl}${img.path.replace(/^\/+/, '')}`, path: img.path, type: img.imageTypeCode ?? null, order: img.visualOrder ?? img.order ?? i + 1, roomCode: img.roomCode ?? null }))
            .sort((a, b) => a.order - b.order),
        })),
      }));
    },

    async availability(query, opts) {
      const body = {
        stay: { checkIn: query.checkIn, checkOut: query.checkOut },
        occupancies: occupanciesOf(query.rooms),
        ...placeOf(query.place),
        ...(query.maxHotels || query.maxRatesPerRoom ? { filter: { ...(query.maxHotels ? { maxHotels: query.maxHotels } : {}), ...(query.maxRatesPerRoom ? { maxRatesPerRoom: query.maxRatesPerRoom } : {}) } } : {}),
        ...(query.language ? { language: LANGUAGE[query.language] } : {}),
      };
      const answer = await call('POST', '/hotel-api/1.0/hotels', opts ?? {}, { body });
      if (!answer.ok) return answer;
      // A city's answer in the usual shape is read by hand; anything it does not take is read by the schema, which says why.
      const quick = availabilityRead(answer.value.json);
      return quick ? { ok: true, value: quick } : map(shaped(WireAvailability, answer.value), availabilityOf);
    },

    async checkRates(rateKeys, opts) {
      const result = await send('POST', '/hotel-api/1.0/checkrates', WireCheckRates, opts, { body: { rooms: rateKeys.map((rateKey) => ({ rateKey })) } });
      return map(result, ({ hotel }) => ({
        hotel: { code: hotel.code, name: hotel.name, checkIn: hotel.checkIn, checkOut: hotel.checkOut },
        rooms: roomsOf(hotel.rooms, hotel.currency),
        totalNetMinor: hotel.totalNet,
        currency: hotel.currency,
      }));
    },

    async book(booking, opts) {
      const body = {
        holder: booking.holder,
        rooms: booking.rooms.map((room) => ({
          rateKey: room.rateKey,
          ...(room.paxes ? { paxes: room.paxes.map((p) => ({ roomId: p.roomId, type: p.type === 'child' ? 'CH' : 'AD', name: p.name, surname: p.surname, ...(p.age !== undefined ? { age: p.age } : {}) })) } : {}),
        })),
        clientReference: booking.clientReference,
        ...(booking.remark ? { remark: booking.remark } : {}),
      };
      return map(await send('POST', '/hotel-api/1.0/bookings', WireBookingAnswer, opts, { body }), (wire) => bookingOf(wire.booking));
    },

    async booking(reference, opts) {
      return map(await send('GET', `/hotel-api/1.0/bookings/${encodeURIComponent(reference)}`, WireBookingAnswer, opts), (wire) => bookingOf(wire.booking));
    },

    async cancel(reference, simulate, opts) {
      const result = await send('DELETE', `/hotel-api/1.0/bookings/${encodeURIComponent(reference)}`, WireBookingAnswer, opts, {
        query: { cancellationFlag: simulate ? 'SIMULATION' : 'CANCELLATION' },
      });
      return map(result, (wire) => {
        const booking = bookingOf(wire.booking);
        return { simulated: simulate, feeMinor: booking.cancellationFeeMinor ?? feeFromCharges(booking, clock()), currency: booking.currency, booking };
      });
    },
  };
}

// ---- the supplier's photographs -----------------------------------------------------------------------------------------

/** The longest the import waits for one photograph (connection and the whole body). */
export const SUPPLIER_PHOTO_TIMEOUT_MS = 10_000;

export type SupplierPhotoFailureKind = 'timeout' | 'unreachable' | 'missing' | 'too_large';
export type SupplierPhotoResult = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; kind: SupplierPhotoFailureKind; message: string; status: number | null };

/**
 * One of the supplier's photographs, as bytes (what they are is for the photo pipeline to judge): bounded in time and
 * in size (a body over `maxBytes` is not read further). Never throws. The address is absolute (the caller resolves the
 * app's own relative ones); JPEG is asked first, so an address that serves several formats answers the plainest.
 */
export async function fetchSupplierPhoto(
  url: string,
  opts: { maxBytes: number; timeoutMs?: number; fetch?: typeof fetch },
): Promise<SupplierPhotoResult> {
  const timeoutMs = opts.timeoutMs ?? SUPPLIER_PHOTO_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const fetchImpl = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  try {
    const res = await fetchImpl(url, { headers: { Accept: 'image/jpeg,image/png;q=0.9,image/*;q=0.8' }, signal, redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, kind: res.status >= 500 ? 'unreachable' : 'missing', message: `The photo answered HTTP ${res.status}`, status: res.status };
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > opts.maxBytes) {
      await res.body?.cancel();
      return { ok: false, kind: 'too_large', message: `The photo is larger than ${opts.maxBytes} bytes`, status: res.status };
    }
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > opts.maxBytes) {
          await reader.cancel();
          return { ok: false, kind: 'too_large', message: `The photo is larger than ${opts.maxBytes} bytes`, status: res.status };
        }
        chunks.push(value);
      }
    }
    return { ok: true, bytes: new Uint8Array(await new Blob(chunks).arrayBuffer()) };
  } catch (err) {
    if (signal.aborted) return { ok: false, kind: 'timeout', message: `The photo did not come within ${timeoutMs} ms`, status: null };
    return { ok: false, kind: 'unreachable', message: `The photo could not be fetched: ${err instanceof Error ? err.message : String(err)}`, status: null };
  }
}
