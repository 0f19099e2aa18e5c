// Development stand-in for Hotelbeds APItude, served under /_sim/hotelbeds (CONTRACT §18,
// docs/decisions/0060-hotelbeds-adapter-and-simulator.md): the Content API's hotels, and the Booking API's availability,
// checkrates, bookings, booking detail and cancellation (with its SIMULATION), in APItude's wire shapes and errors,
// signed as APItude checks (Api-key, X-Signature). The 2,100 hotels come from functions/dev/sim/hotelbeds-world.ts; the
// bookings and the test hooks' settings live in this isolate's memory, as the other simulators' state does.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { ErrorBodySchema } from '../../errors';
import { readBody } from '../../http/body';
import { access, body, createRoute, json, refusals, router } from '../../http/route';
import { hotelbedsSignature } from '../../outside/hotelbeds';
import { emptyBodyIsEmpty, readByHandler } from './wire';
import {
  allHotels, BOARD_NAMES, cancellationPolicies, categoryCode, categoryName, decimal, decodeRateKey, describe, DESTINATIONS, distanceKm,
  encodeRateKey, facilitiesOf, feeAt, hotelByCode, HOTELS_PER_DESTINATION, isRecheckHotel, LANGUAGES, PHOTO_WIDTH, quote, quotesFor, roomOf, SEED_PHOTO_KEYS,
  type Party, type Policy, type RateKeyParts, type SimHotel, type SimLanguage, type SimRoomType,
} from './hotelbeds-world';

/** The credentials the simulator accepts (CONTRACT §18). */
export const SIM_API_KEY = 'sim-key';
export const SIM_SECRET = 'sim-secret';
/**
 * A test account (the same secret), as a supplier's test environment holds part of its content: the first
 * SMALL_ACCOUNT_PER_DESTINATION hotels of each destination, 360 in all (two import pages), for tests that import.
 */
export const SIM_SMALL_API_KEY = 'sim-small-key';
export const SMALL_ACCOUNT_PER_DESTINATION = 60;
/** Whether the account of `apiKey` holds the hotel. */
const holds = (apiKey: string | undefined, h: SimHotel) => apiKey !== SIM_SMALL_API_KEY || (h.code - 1) % HOTELS_PER_DESTINATION < SMALL_ACCOUNT_PER_DESTINATION;
/** How far the caller's clock may be from the simulator's, either way, in seconds. */
export const SIGNATURE_SKEW_S = 300;
/** The most nights one stay may have. */
const MAX_NIGHTS = 30;

/** The Booking API's operations the hooks name: `detail` is reading one booking (GET bookings/{reference}). */
const OPS = ['availability', 'checkrates', 'bookings', 'detail', 'cancel'] as const;
type Op = (typeof OPS)[number];

interface Control {
  latency_ms: number;
  fail_next: Op | null;
  malformed_next: Op | null;
  incomplete_next: Op | null;
  reprice_next_percent: number | null;
  sold_out_next: boolean;
  broken_photos_next: boolean;
}
const CALM: Control = { latency_ms: 0, fail_next: null, malformed_next: null, incomplete_next: null, reprice_next_percent: null, sold_out_next: false, broken_photos_next: false };
let control: Control = { ...CALM };
/** Which rate of the next checkrates reprice_next_percent moves (its index in the request), or null: every one. */
let repriceNextPart: number | null = null;

interface BookedRate {
  parts: RateKeyParts;
  policies: Policy[];
  paxes: { roomId: number; type: 'AD' | 'CH'; name?: string; surname?: string; age?: number }[];
}
interface SimBooking {
  reference: string;
  clientReference: string;
  status: 'CONFIRMED' | 'CANCELLED';
  creationDate: string;
  holder: { name: string; surname: string };
  remark: string | null;
  hotel: SimHotel;
  checkIn: string;
  checkOut: string;
  rates: BookedRate[];
  totalNetCents: number;
  cancellationReference: string | null;
  cancellationFeeCents: number | null;
}
const bookings = new Map<string, SimBooking>();
/** The Booking API's signed calls, oldest first (GET /_sim/hotelbeds/calls): each operation and the rate keys it named. */
interface SimCall {
  op: Op;
  at: string;
  rateKeys: string[];
}
const calls: SimCall[] = [];
/** How many calls the simulator remembers (the oldest are forgotten first). */
const CALLS_KEPT = 1_000;

/** Notes a signed Booking API call: checkrates' and bookings' rate keys read from its body (unreadable: none). */
async function noteCall(c: Context<AppEnv>, op: Op) {
  let rateKeys: string[] = [];
  if (op === 'checkrates' || op === 'bookings') {
    try {
      const rooms = (JSON.parse(await c.req.text()) as { rooms?: { rateKey?: unknown }[] }).rooms;
      rateKeys = Array.isArray(rooms) ? rooms.flatMap((r) => (typeof r?.rateKey === 'string' ? [r.rateKey] : [])) : [];
    } catch {
      rateKeys = [];
    }
  }
  calls.push({ op, at: new Date().toISOString(), rateKeys });
  if (calls.length > CALLS_KEPT) calls.splice(0, calls.length - CALLS_KEPT);
}
const byClientReference = new Map<string, SimBooking>();
let lastReference = 0;

/** A new locator in APItude's form (branch-number), rising within the isolate and unlike the previous run's. */
function nextReference(): string {
  lastReference = Math.max(lastReference + 1, Math.floor(Date.now() / 1000) % 10_000_000);
  return `1-${String(lastReference).padStart(7, '0')}`;
}

const started = new WeakMap<Request, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const today = () => new Date().toISOString().slice(0, 10);

function auditData(c: Context<AppEnv>) {
  const now = new Date();
  return {
    processTime: String(now.getTime() - (started.get(c.req.raw) ?? now.getTime())),
    timestamp: now.toISOString().replace('T', ' ').slice(0, 23),
    requestHost: '127.0.0.1',
    serverId: 'hotelbeds-simulator',
    environment: '[development, simulator]',
    release: 'simulator',
    token: crypto.randomUUID().replaceAll('-', '').toUpperCase(),
  };
}

/** APItude's formatted error: `{ auditData, error: { code, message } }`. */
const apiError = <S extends 400 | 404 | 500>(c: Context<AppEnv>, status: S, code: 'INVALID_REQUEST' | 'INVALID_DATA' | 'PRODUCT_ERROR' | 'SYSTEM_ERROR', message: string) =>
  c.json({ auditData: auditData(c), error: { code, message } }, status);
type Refusal = ReturnType<typeof apiError<400>>;

/** The simulator told to fail this operation once (fail_next): APItude's own failure. */
function failsNow(op: Op): boolean {
  if (control.fail_next !== op) return false;
  control = { ...control, fail_next: null };
  return true;
}
const systemError = (c: Context<AppEnv>) => apiError(c, 500, 'SYSTEM_ERROR', 'An internal error has occurred (simulated supplier failure)');

/** The rate is gone (sold_out_next, once): the next checkrates or booking finds no allotment. */
function soldOutNow(): boolean {
  if (!control.sold_out_next) return false;
  control = { ...control, sold_out_next: false };
  return true;
}
const insufficientAllotment = (c: Context<AppEnv>) => apiError(c, 400, 'PRODUCT_ERROR', 'Insufficient allotment');

/** Whether the signature is the caller's api key, our secret and a second within the allowed skew of now. */
async function signed(apiKey: string, signature: string, nowS: number): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const wanted = signature.toLowerCase();
  // Nearest seconds first: a caller's clock is usually right, and a bad signature costs at most 601 digests.
  for (let d = 0; d <= SIGNATURE_SKEW_S; d++) {
    if ((await hotelbedsSignature(apiKey, SIM_SECRET, nowS - d)) === wanted) return true;
    if (d > 0 && (await hotelbedsSignature(apiKey, SIM_SECRET, nowS + d)) === wanted) return true;
  }
  return false;
}

/**
 * Before every APItude call: the body read (workers-sdk#15203), the credentials checked, then the configured latency.
 * Availability (it changes nothing) is worked out while that latency runs and answered once it is over, so a supplier
 * "answering in 200 ms" answers in 200 ms and not in 200 ms plus the simulator's own work (every rate of a city's
 * hotels, docs/decisions/0071); the calls that change something wait first, as before.
 */
const supplier: MiddlewareHandler<AppEnv> = async (c, next) => {
  const began = Date.now();
  started.set(c.req.raw, began);
  if (opOf(c.req.method, c.req.path) === 'availability' && control.latency_ms > 0) {
    const answerAt = began + control.latency_ms;
    const early = await answering(c, next);
    // Refused credentials are answered at once, as before the latency; a malformed or incomplete answer after it.
    if (early?.status === 401) return early;
    if (!early) await compressedAhead(c);
    const left = answerAt - Date.now();
    if (left > 0) await sleep(left);
    return early;
  }
  return answering(c, next, control.latency_ms);
};

/**
 * The availability answer compressed while the latency runs, when the caller takes gzip (APItude's answers are sent
 * compressed): compressing a city's answer (a megabyte of JSON) is the supplier's own work, so it is in the latency
 * too rather than after it (the runtime would otherwise compress it on the way out). Sent as is (`encodeBody: 'manual'`).
 */
async function compressedAhead(c: Context<AppEnv>) {
  const res = c.res;
  if (!/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '') || res.headers.has('content-encoding') || !res.body) return;
  const bytes = await new Response(res.body.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  const headers = new Headers(res.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  // Replaced, not merged into the handler's answer (hono copies a new answer's headers onto the one it replaces).
  c.res = undefined;
  c.res = new Response(bytes, { status: res.status, headers, encodeBody: 'manual' });
}

async function answering(c: Context<AppEnv>, next: Next, waitMs = 0) {
  await readBody(c);
  const apiKey = c.req.header('api-key') ?? '';
  if (apiKey !== SIM_API_KEY && apiKey !== SIM_SMALL_API_KEY) return c.json({ error: 'Not Authorized: the Api-key is missing or unknown' }, 401);
  if (!(await signed(apiKey, c.req.header('x-signature') ?? '', Math.floor(Date.now() / 1000)))) {
    return c.json({ error: 'Not Authorized: the X-Signature does not match (sha256 of api key, secret and Unix seconds; check the clock)' }, 401);
  }
  const called = opOf(c.req.method, c.req.path);
  if (called) await noteCall(c, called);
  if (waitMs > 0) await sleep(waitMs);
  if (control.malformed_next !== null && control.malformed_next === opOf(c.req.method, c.req.path)) {
    control = { ...control, malformed_next: null };
    // A 200 whose JSON stops half-way, as a cut connection or a broken proxy leaves it.
    return c.body('{"auditData":{"processTime":"3","serverId":"hotelbeds-simulator"},"hotels":{"hotels":[{"code":1,"name":"Hot', 200, { 'Content-Type': 'application/json' });
  }
  const op = opOf(c.req.method, c.req.path);
  if (control.incomplete_next !== null && control.incomplete_next === op) {
    control = { ...control, incomplete_next: null };
    // A 200 in JSON that lacks fields APItude always sends (rate type, board, prices, the booking's reference).
    return c.json({ auditData: auditData(c), ...INCOMPLETE[op] }, 200);
  }
  await next();
  return undefined;
}

/** incomplete_next's answers: each operation's JSON with required fields left out. */
const INCOMPLETE: Record<Op, Record<string, unknown>> = {
  availability: { hotels: { total: 1, hotels: [{ code: 1, name: 'Hotel', rooms: [{ code: 'DBL.ST', rates: [{ rateKey: 'incomplete', net: '100.00' }] }] }] } },
  checkrates: { hotel: { code: 1, name: 'Hotel', currency: 'EUR', rooms: [] } },
  bookings: { booking: { status: 'CONFIRMED', currency: 'EUR' } },
  detail: { booking: { status: 'CONFIRMED' } },
  cancel: { booking: { status: 'CANCELLED' } },
};

/** Which operation an APItude call is, for the hooks that name one. */
function opOf(method: string, path: string): Op | null {
  if (path.endsWith('/hotel-api/1.0/hotels')) return 'availability';
  if (path.endsWith('/hotel-api/1.0/checkrates')) return 'checkrates';
  if (path.endsWith('/hotel-api/1.0/bookings')) return method === 'POST' ? 'bookings' : null;
  if (!/\/hotel-api\/1\.0\/bookings\/[^/]+$/.test(path)) return null;
  return method === 'DELETE' ? 'cancel' : method === 'GET' ? 'detail' : null;
}

/** A JSON body read as APItude reads it: not JSON → INVALID_REQUEST; a field of the wrong type → INVALID_REQUEST naming it. */
async function requestOf<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S> | Refusal> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return apiError(c, 400, 'INVALID_REQUEST', 'The request is not valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return apiError(c, 400, 'INVALID_REQUEST', `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`);
}

const validDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** Why a stay cannot be sold (past, backwards, too long), or null. */
function stayProblem(checkIn: string, checkOut: string): string | null {
  if (!validDay(checkIn) || !validDay(checkOut)) return 'The stay dates must be written YYYY-MM-DD';
  if (checkIn < today()) return `The check-in date ${checkIn} is in the past`;
  if (checkOut <= checkIn) return 'The check-out date must be after the check-in date';
  if ((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000 > MAX_NIGHTS) return `A stay may have at most ${MAX_NIGHTS} nights`;
  return null;
}

const languageOf = (code: string | undefined): SimLanguage => (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as SimLanguage) : 'ENG';

// What the simulator answers: the content's hotels, the availability's hotels, rooms and rates, the bookings.

const DIAL: Record<string, string> = { PT: '351', ES: '34', FR: '33', IT: '39', GB: '44', US: '1' };

function contentHotel(h: SimHotel, language: SimLanguage) {
  const slug = h.name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return {
    code: h.code,
    name: { content: h.name },
    description: { content: describe(h, language) },
    countryCode: h.destination.countryCode,
    destinationCode: h.destination.code,
    zoneCode: h.zoneCode,
    coordinates: { longitude: h.longitude, latitude: h.latitude },
    categoryCode: categoryCode(h),
    categoryGroupCode: `GRUPO${h.stars}`,
    accommodationTypeCode: 'HOTEL',
    boardCodes: h.boards,
    segmentCodes: [] as number[],
    facilities: facilitiesOf(h).map((f, i) => ({
      facilityCode: f.code, facilityGroupCode: 70, order: i + 1, indYesOrNo: true, voucher: false, description: { content: f.names[language] },
    })),
    address: { content: `${h.street}, ${h.number}`, street: h.street, number: h.number },
    postalCode: h.postalCode,
    city: { content: h.destination.names[language].toUpperCase() },
    email: `reservations@${slug}.example`,
    phones: [{ phoneNumber: `+${DIAL[h.destination.countryCode] ?? '1'}${String(200_000_000 + h.code * 7_919).slice(0, 9)}`, phoneType: 'PHONEBOOKING' }],
    rooms: h.rooms.map((r) => ({
      roomCode: r.code,
      isParentRoom: false,
      minPax: r.minPax,
      maxPax: r.maxPax,
      maxAdults: r.maxAdults,
      maxChildren: r.maxChildren,
      minAdults: r.minAdults,
      roomType: r.type,
      characteristicCode: r.characteristic,
      description: r.names[language],
    })),
    images: h.photos.map((p, i) => {
      const room = p.roomCode ? roomOf(h, p.roomCode) : null;
      return {
        imageTypeCode: p.imageTypeCode,
        path: `${p.key}/${PHOTO_WIDTH}`,
        order: i + 1,
        visualOrder: i + 1,
        ...(room ? { roomCode: room.code, roomType: room.type, characteristicCode: room.characteristic } : {}),
      };
    }),
    lastUpdate: h.lastUpdate,
  };
}

interface Stay {
  checkIn: string;
  checkOut: string;
}

function rateWire(h: SimHotel, parts: RateKeyParts, q: { netCents: number; firstNightCents: number; allotment: number }, nowMs: number, language: SimLanguage) {
  const policies = cancellationPolicies(h, parts.rateClass, parts.checkIn, q, nowMs);
  return {
    rateKey: encodeRateKey(parts),
    rateClass: parts.rateClass,
    rateType: parts.rateType,
    net: decimal(q.netCents),
    allotment: q.allotment,
    paymentType: 'AT_WEB' as const,
    packaging: false,
    boardCode: parts.board,
    boardName: BOARD_NAMES[parts.board][language],
    cancellationPolicies: policies.map((p) => ({ amount: decimal(p.amountCents), from: p.from })),
    rooms: parts.rooms,
    adults: parts.adults,
    children: parts.childAges.length,
    ...(parts.childAges.length ? { childrenAges: parts.childAges.join(',') } : {}),
  };
}
type RateWire = ReturnType<typeof rateWire>;

function hotelHeader(h: SimHotel) {
  return {
    code: h.code,
    name: h.name,
    categoryCode: categoryCode(h),
    categoryName: categoryName(h),
    destinationCode: h.destination.code,
    destinationName: h.destination.name,
    zoneCode: h.zoneCode,
    zoneName: h.zone,
    latitude: String(h.latitude),
    longitude: String(h.longitude),
  };
}

/** Rates grouped by room type, in the hotel's order of rooms. */
function roomsWire(h: SimHotel, rates: { room: SimRoomType; rate: RateWire }[], language: SimLanguage) {
  return h.rooms
    .map((room) => ({ code: room.code, name: room.names[language], rates: rates.filter((r) => r.room.code === room.code).map((r) => r.rate) }))
    .filter((room) => room.rates.length > 0);
}

interface OccupancyLine {
  rooms: number;
  party: Party;
}

/** A hotel's availability for the stay: every occupancy line must find a rate, else the hotel is not answered. */
function hotelAvailability(h: SimHotel, stay: Stay, lines: OccupancyLine[], nowMs: number, language: SimLanguage, maxRatesPerRoom: number | undefined) {
  const rates: { room: SimRoomType; rate: RateWire; cents: number }[] = [];
  for (const line of lines) {
    const before = rates.length;
    for (const q of quotesFor(h, stay.checkIn, stay.checkOut, line.party, line.rooms)) {
      const parts: RateKeyParts = {
        ...stay, hotel: h.code, room: q.room.code, rateClass: q.rateClass, board: q.board, rooms: line.rooms, adults: line.party.adults,
        childAges: line.party.childAges, netCents: q.netCents, rateType: isRecheckHotel(h.code) ? 'RECHECK' : 'BOOKABLE',
      };
      rates.push({ room: q.room, rate: rateWire(h, parts, q, nowMs, language), cents: q.netCents });
    }
    if (rates.length === before) return null;
  }
  const kept = maxRatesPerRoom
    ? h.rooms.flatMap((room) => rates.filter((r) => r.room.code === room.code).sort((a, b) => a.cents - b.cents).slice(0, maxRatesPerRoom))
    : rates;
  const cents = kept.map((r) => r.cents);
  return {
    ...hotelHeader(h),
    rooms: roomsWire(h, kept, language),
    minRate: decimal(Math.min(...cents)),
    maxRate: decimal(Math.max(...cents)),
    currency: 'EUR' as const,
  };
}

function bookingWire(b: SimBooking, extra: { cancellationAmountCents?: number } = {}) {
  const h = b.hotel;
  const pending = b.status === 'CANCELLED' ? (b.cancellationFeeCents ?? 0) : b.totalNetCents;
  return {
    reference: b.reference,
    ...(b.cancellationReference ? { cancellationReference: b.cancellationReference } : {}),
    clientReference: b.clientReference,
    creationDate: b.creationDate,
    status: b.status,
    modificationPolicies: { cancellation: b.status === 'CONFIRMED', modification: false },
    creationUser: SIM_API_KEY,
    holder: b.holder,
    hotel: {
      checkOut: b.checkOut,
      checkIn: b.checkIn,
      ...hotelHeader(h),
      rooms: b.rates.map((r, i) => {
        const room = roomOf(h, r.parts.room)!;
        return {
          status: b.status,
          id: i + 1,
          code: room.code,
          name: room.names.ENG,
          paxes: r.paxes,
          rates: [{
            rateClass: r.parts.rateClass,
            net: decimal(r.parts.netCents),
            paymentType: 'AT_WEB' as const,
            packaging: false,
            boardCode: r.parts.board,
            boardName: BOARD_NAMES[r.parts.board].ENG,
            cancellationPolicies: r.policies.map((p) => ({ amount: decimal(p.amountCents), from: p.from })),
            rooms: r.parts.rooms,
            adults: r.parts.adults,
            children: r.parts.childAges.length,
          }],
        };
      }),
      totalNet: decimal(b.totalNetCents),
      currency: 'EUR' as const,
      supplier: { name: 'HOTELBEDS SIMULATOR', vatNumber: 'ESB00000000' },
      ...(extra.cancellationAmountCents !== undefined ? { cancellationAmount: extra.cancellationAmountCents / 100 } : {}),
    },
    ...(b.remark ? { remark: b.remark } : {}),
    invoiceCompany: { code: 'SIM', company: 'HOTELBEDS SIMULATOR', registrationNumber: 'ESB00000000' },
    totalNet: b.totalNetCents / 100,
    pendingAmount: pending / 100,
    currency: 'EUR' as const,
  };
}

const feeOf = (b: SimBooking, nowMs: number) => b.rates.reduce((sum, r) => sum + feeAt(r.policies, nowMs), 0);

// APItude's requests, read leniently where APItude is (hotel codes as numbers or digits).
const HotelCodeIn = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(Number);
const PaxIn = z.looseObject({
  roomId: z.number().int().positive().optional(),
  type: z.enum(['AD', 'CH']),
  age: z.number().int().min(0).max(120).optional(),
  name: z.string().max(100).optional(),
  surname: z.string().max(100).optional(),
});
const OccupancyIn = z.looseObject({
  rooms: z.number().int().min(1).max(9),
  adults: z.number().int().min(1).max(9),
  children: z.number().int().min(0).max(6),
  paxes: z.array(PaxIn).max(30).optional(),
});
const AvailabilityRQ = z.looseObject({
  stay: z.looseObject({ checkIn: z.string(), checkOut: z.string() }),
  occupancies: z.array(OccupancyIn).min(1).max(10),
  destination: z.looseObject({ code: z.string().min(1).max(10) }).optional(),
  geolocation: z.looseObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180), radius: z.number().positive().max(200), unit: z.enum(['km', 'mi']).optional() }).optional(),
  hotels: z.looseObject({ hotel: z.array(HotelCodeIn).min(1).max(2000) }).optional(),
  filter: z.looseObject({ maxHotels: z.number().int().positive().optional(), maxRatesPerRoom: z.number().int().positive().optional() }).optional(),
  language: z.string().optional(),
});
const RateKeyIn = z.looseObject({ rateKey: z.string().min(1).max(300) });
const CheckRatesRQ = z.looseObject({ rooms: z.array(RateKeyIn).min(1).max(10), language: z.string().optional() });
const BookingRQ = z.looseObject({
  holder: z.looseObject({ name: z.string().trim().min(1).max(100), surname: z.string().trim().min(1).max(100) }),
  rooms: z.array(RateKeyIn.extend({ paxes: z.array(PaxIn).max(30).optional() })).min(1).max(10),
  clientReference: z.string().trim().min(1).max(50),
  remark: z.string().max(2000).optional(),
  tolerance: z.number().optional(),
  language: z.string().optional(),
});

/** The rate keys of one request, all of one hotel and one stay, decoded; or APItude's refusal. */
function ratesOf(c: Context<AppEnv>, keys: string[]): { hotel: SimHotel; parts: RateKeyParts[] } | Refusal {
  const parts: RateKeyParts[] = [];
  for (const key of keys) {
    const decoded = decodeRateKey(key);
    if (!decoded) return apiError(c, 400, 'INVALID_DATA', 'The rateKey is not valid');
    parts.push(decoded);
  }
  const first = parts[0]!;
  if (parts.some((p) => p.hotel !== first.hotel || p.checkIn !== first.checkIn || p.checkOut !== first.checkOut)) {
    return apiError(c, 400, 'INVALID_DATA', 'All the rates must be of one hotel and one stay');
  }
  const hotel = hotelByCode(first.hotel);
  if (!hotel) return apiError(c, 400, 'INVALID_DATA', 'The rateKey is not valid');
  const problem = stayProblem(first.checkIn, first.checkOut);
  return problem ? apiError(c, 400, 'INVALID_DATA', problem) : { hotel, parts };
}

// The wire shapes the simulator answers, as the document and the tests' drift check read them.
const Amount = z.string().regex(/^-?\d+\.\d{2}$/);
const AuditData = z.looseObject({ processTime: z.string(), timestamp: z.string(), serverId: z.string(), token: z.string() });
const ApiError = z.object({ auditData: AuditData, error: z.object({ code: z.enum(['INVALID_REQUEST', 'INVALID_DATA', 'PRODUCT_ERROR', 'SYSTEM_ERROR']), message: z.string() }) });
const NotAuthorized = z.object({ error: z.string() });
const PolicyOut = z.object({ amount: Amount, from: z.string() });
const RateOut = z.object({
  rateKey: z.string(),
  rateClass: z.enum(['NOR', 'NRF']),
  rateType: z.enum(['BOOKABLE', 'RECHECK']),
  net: Amount,
  allotment: z.number().int(),
  paymentType: z.literal('AT_WEB'),
  packaging: z.boolean(),
  boardCode: z.string(),
  boardName: z.string(),
  cancellationPolicies: z.array(PolicyOut),
  rooms: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  childrenAges: z.string().optional(),
});
const RoomOut = z.object({ code: z.string(), name: z.string(), rates: z.array(RateOut) });
const HotelHeader = z.object({
  code: z.number().int(),
  name: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  destinationCode: z.string(),
  destinationName: z.string(),
  zoneCode: z.number().int(),
  zoneName: z.string(),
  latitude: z.string(),
  longitude: z.string(),
});
const AvailabilityRS = z.object({
  auditData: AuditData,
  hotels: z.object({
    hotels: z.array(HotelHeader.extend({ rooms: z.array(RoomOut), minRate: Amount, maxRate: Amount, currency: z.literal('EUR') })).optional(),
    checkIn: z.string().optional(),
    checkOut: z.string().optional(),
    total: z.number().int(),
  }),
});
const CheckRatesRS = z.object({
  auditData: AuditData,
  hotel: HotelHeader.extend({
    checkIn: z.string(),
    checkOut: z.string(),
    rooms: z.array(RoomOut.extend({ rates: z.array(RateOut.extend({ rateComments: z.string() })) })),
    totalNet: Amount,
    currency: z.literal('EUR'),
    paymentDataRequired: z.boolean(),
    modificationPolicies: z.object({ cancellation: z.boolean(), modification: z.boolean() }),
  }),
});
const PaxOut = z.looseObject({ roomId: z.number().int(), type: z.enum(['AD', 'CH']) });
const BookingOut = z.object({
  reference: z.string(),
  cancellationReference: z.string().optional(),
  clientReference: z.string(),
  creationDate: z.string(),
  status: z.enum(['CONFIRMED', 'CANCELLED']),
  modificationPolicies: z.object({ cancellation: z.boolean(), modification: z.boolean() }),
  creationUser: z.string(),
  holder: z.object({ name: z.string(), surname: z.string() }),
  hotel: HotelHeader.extend({
    checkIn: z.string(),
    checkOut: z.string(),
    rooms: z.array(z.object({
      status: z.enum(['CONFIRMED', 'CANCELLED']),
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      paxes: z.array(PaxOut),
      rates: z.array(z.object({
        rateClass: z.enum(['NOR', 'NRF']),
        net: Amount,
        paymentType: z.literal('AT_WEB'),
        packaging: z.boolean(),
        boardCode: z.string(),
        boardName: z.string(),
        cancellationPolicies: z.array(PolicyOut),
        rooms: z.number().int(),
        adults: z.number().int(),
        children: z.number().int(),
      })),
    })),
    totalNet: Amount,
    currency: z.literal('EUR'),
    supplier: z.object({ name: z.string(), vatNumber: z.string() }),
    cancellationAmount: z.number().optional().describe('DELETE only: what cancelling costs (SIMULATION) or cost (CANCELLATION), in EUR'),
  }),
  remark: z.string().optional(),
  invoiceCompany: z.object({ code: z.string(), company: z.string(), registrationNumber: z.string() }),
  totalNet: z.number(),
  pendingAmount: z.number(),
  currency: z.literal('EUR'),
});
const BookingRS = z.object({ auditData: AuditData, booking: BookingOut });
const ContentRS = z.object({
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
  auditData: AuditData,
  hotels: z.array(z.looseObject({ code: z.number().int() })).describe('With fields=all: name, description, countryCode, destinationCode, zoneCode, coordinates, categoryCode, boardCodes, address, postalCode, city, email, phones, rooms, images, lastUpdate'),
});
const ControlSchema = z.object({
  latency_ms: z.number().int().min(0).max(60_000).optional().describe('Every APItude call waits this long before answering (0: no wait)'),
  fail_next: z.enum(OPS).nullable().optional().describe('That operation’s next call answers 500 SYSTEM_ERROR (null: none)'),
  malformed_next: z.enum(OPS).nullable().optional().describe('That operation’s next call answers 200 with JSON cut half-way (null: none)'),
  incomplete_next: z.enum(OPS).nullable().optional().describe('That operation’s next call answers 200 in JSON missing required fields (null: none)'),
  reprice_next_percent: z.number().min(-90).max(500).nullable().optional().describe('The next checkrates answers every price moved by this percent, with new rate keys'),
  reprice_next_part: z.number().int().min(0).max(9).nullable().optional().describe('With reprice_next_percent: only the rate at this index of the next checkrates request moves (null: every one)'),
  sold_out_next: z.boolean().optional().describe('The next checkrates or booking answers 400 PRODUCT_ERROR "Insufficient allotment"'),
  broken_photos_next: z.boolean().optional().describe('The next content page (fields=all) gives its first hotel two broken image paths: one missing (404), one too small (480 × 300)'),
});
const ControlState = z.object({ latency_ms: z.number().int(), fail_next: z.enum(OPS).nullable(), malformed_next: z.enum(OPS).nullable(), incomplete_next: z.enum(OPS).nullable(), reprice_next_percent: z.number().nullable(), sold_out_next: z.boolean(), broken_photos_next: z.boolean() });
const HeldBooking = z.object({
  reference: z.string(),
  status: z.enum(['CONFIRMED', 'CANCELLED']),
  clientReference: z.string(),
  creationDate: z.string(),
  hotelCode: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  totalNet: z.number(),
  currency: z.literal('EUR'),
  cancellationReference: z.string().nullable(),
  cancellationAmount: z.number().nullable(),
  rooms: z.array(z.object({ roomCode: z.string(), rooms: z.number().int(), adults: z.number().int(), children: z.number().int(), paxes: z.array(z.object({ roomId: z.number().int(), type: z.enum(['AD', 'CH']), age: z.number().int().optional() })) }))
    .describe('Each booked rate: its room type, rooms, party and guests (children with their ages)'),
});

/** What every APItude call may answer before its own work: refused credentials, or the simulator told to fail. */
const apiRefusals = {
  401: json(NotAuthorized, 'A missing or unknown Api-key, or an X-Signature that does not match (more than 5 minutes of clock skew)'),
  ...refusals,
} as const;
const invalid = (what: string) => json(ApiError, what);
const failed = json(ApiError, 'fail_next: the supplier failed (SYSTEM_ERROR)');
const JSON_TYPE = 'application/json';
const readAsApitude = 'Read as APItude reads it: refused with its INVALID_REQUEST or INVALID_DATA';
const Reference = z.object({ reference: z.string() });

const routes = {
  hotels: createRoute({
    method: 'get', path: '/hotel-content-api/1.0/hotels', summary: 'Content API: the hotels, a page at a time (from and to, both included, at most 1,000)', ...access('dev'),
    request: {
      query: z.object({
        fields: z.string().optional().describe('all: every field; absent: the codes only'),
        from: z.string().optional(),
        to: z.string().optional(),
        language: z.string().optional().describe('ENG (the default), FRA or CAS'),
        destinationCode: z.string().optional(),
        countryCode: z.string().optional(),
        codes: z.string().optional().describe('Hotel codes, comma-separated'),
        useSecondaryLanguage: z.string().optional(),
      }),
    },
    responses: { 200: json(ContentRS), 400: invalid('from, to or codes that are not numbers, or a page of more than 1,000'), ...apiRefusals },
  }),
  availability: createRoute({
    method: 'post', path: '/hotel-api/1.0/hotels', summary: 'Booking API: availability by destination, geolocation or hotel codes, for a stay and occupancies', ...access('dev'),
    request: { body: readByHandler(JSON_TYPE, AvailabilityRQ, readAsApitude) },
    responses: { 200: json(AvailabilityRS), 400: invalid('A malformed request, a past or backwards stay, children without ages, or no single place to look'), 500: failed, ...apiRefusals },
  }),
  checkRates: createRoute({
    method: 'post', path: '/hotel-api/1.0/checkrates', summary: 'Booking API: the rates checked again, bookable, at today’s price (reprice_next_percent moves it)', ...access('dev'),
    request: { body: readByHandler(JSON_TYPE, CheckRatesRQ, readAsApitude) },
    responses: { 200: json(CheckRatesRS), 400: invalid('A rate key that is not one, rates of several hotels, or no allotment left (PRODUCT_ERROR)'), 500: failed, ...apiRefusals },
  }),
  book: createRoute({
    method: 'post', path: '/hotel-api/1.0/bookings', summary: 'Booking API: books bookable rates; a clientReference already booked answers that booking again', ...access('dev'),
    request: { body: readByHandler(JSON_TYPE, BookingRQ, readAsApitude) },
    responses: { 200: json(BookingRS), 400: invalid('A rate key that is not one or still RECHECK, rates of several hotels, or no allotment left (PRODUCT_ERROR)'), 500: failed, ...apiRefusals },
  }),
  booking: createRoute({
    method: 'get', path: '/hotel-api/1.0/bookings/{reference}', summary: 'Booking API: a booking’s detail', ...access('dev'),
    request: { params: Reference },
    responses: { 200: json(BookingRS), 404: invalid('No such booking'), 500: failed, ...apiRefusals },
  }),
  cancel: createRoute({
    method: 'delete', path: '/hotel-api/1.0/bookings/{reference}', summary: 'Booking API: cancels a booking (CANCELLATION) or says what cancelling would cost (SIMULATION)', ...access('dev'),
    request: { params: Reference, query: z.object({ cancellationFlag: z.string().optional().describe('CANCELLATION (the default) or SIMULATION'), language: z.string().optional() }) },
    responses: { 200: json(BookingRS), 400: invalid('An unknown cancellationFlag'), 404: invalid('No such booking'), 500: failed, ...apiRefusals },
  }),
  control: createRoute({
    method: 'post', path: '/control', summary: 'Test hook: latency, the next failure, the next reprice, the next sold-out', ...access('dev'),
    request: { body: body(ControlSchema) },
    responses: { 200: json(ControlState, 'The settings now'), 400: json(ErrorBodySchema, 'A value out of range'), ...refusals },
  }),
  calls: createRoute({
    method: 'get', path: '/calls', summary: 'Test hook: the Booking API calls the simulator was signed for (availability, checkrates, bookings, detail, cancel), oldest first', ...access('dev'),
    responses: { 200: json(z.object({ calls: z.array(z.object({ op: z.enum(OPS), at: z.string(), rateKeys: z.array(z.string()) })) })), ...refusals },
  }),
  held: createRoute({
    method: 'get', path: '/bookings', summary: 'Test hook: every booking the simulator holds, oldest first', ...access('dev'),
    responses: { 200: json(z.object({ bookings: z.array(HeldBooking) })), ...refusals },
  }),
};

const api = router();
api.use('/control', emptyBodyIsEmpty);
api.use('/hotel-api/*', supplier);
api.use('/hotel-content-api/*', supplier);

export const hotelbedsSim = api
  .openapi(routes.hotels, (c) => {
    const q = c.req.valid('query');
    const number = (v: string | undefined, fallback: number) => (v === undefined ? fallback : /^\d{1,6}$/.test(v) ? Number(v) : NaN);
    const from = number(q.from, 1);
    const to = number(q.to, 100);
    if (!(from >= 1) || !(to >= from)) return apiError(c, 400, 'INVALID_REQUEST', 'from and to must be numbers, 1 or more, with from ≤ to');
    if (to - from + 1 > 1000) return apiError(c, 400, 'INVALID_REQUEST', 'At most 1000 hotels may be asked for at once (to - from + 1)');
    const codes = q.codes?.split(',').map((s) => s.trim()).filter(Boolean);
    if (codes?.some((s) => !/^\d+$/.test(s))) return apiError(c, 400, 'INVALID_REQUEST', 'codes must be hotel codes separated by commas');
    const language = languageOf(q.language);
    const apiKey = c.req.header('api-key');
    const wanted = allHotels().filter(
      (h) =>
        holds(apiKey, h) &&
        (!q.destinationCode || h.destination.code === q.destinationCode.toUpperCase()) &&
        (!q.countryCode || h.destination.countryCode === q.countryCode.toUpperCase()) &&
        (!codes || codes.includes(String(h.code))),
    );
    const page = wanted.slice(from - 1, to);
    const full = (q.fields ?? '').trim() !== '';
    const hotels = page.map((h) => (full ? contentHotel(h, language) : { code: h.code }));
    if (full && control.broken_photos_next && hotels[0] && 'images' in hotels[0]) {
      control = { ...control, broken_photos_next: false };
      const first = hotels[0];
      const small = first.images[0]?.path.replace(/\/\d+$/, '/480') ?? `${Object.values(SEED_PHOTO_KEYS)[0]}/480`;
      const n = first.images.length;
      hotels[0] = { ...first, images: [...first.images, { imageTypeCode: 'GEN', path: `${'0'.repeat(64)}/${PHOTO_WIDTH}`, order: n + 1, visualOrder: n + 1 }, { imageTypeCode: 'GEN', path: small, order: n + 2, visualOrder: n + 2 }] };
    }
    return c.json({ from, to, total: wanted.length, auditData: auditData(c), hotels }, 200);
  })
  .openapi(routes.availability, async (c) => {
    if (failsNow('availability')) return systemError(c);
    const rq = await requestOf(c, AvailabilityRQ);
    if (rq instanceof Response) return rq;
    const problem = stayProblem(rq.stay.checkIn, rq.stay.checkOut);
    if (problem) return apiError(c, 400, 'INVALID_DATA', problem);
    const places = [rq.destination, rq.geolocation, rq.hotels].filter((p) => p !== undefined).length;
    if (places !== 1) return apiError(c, 400, 'INVALID_DATA', 'Give one of destination, geolocation or hotels');
    const lines: OccupancyLine[] = [];
    for (const o of rq.occupancies) {
      const ages = (o.paxes ?? []).filter((p) => p.type === 'CH').map((p) => p.age);
      if (ages.length !== o.children || ages.some((a) => a === undefined || a > 17)) {
        return apiError(c, 400, 'INVALID_DATA', 'Each child needs a pax of type CH with its age (0 to 17)');
      }
      lines.push({ rooms: o.rooms, party: { adults: o.adults, childAges: ages as number[] } });
    }
    let candidates: SimHotel[];
    if (rq.destination) {
      const index = DESTINATIONS.findIndex((d) => d.code === rq.destination!.code.toUpperCase());
      candidates = index < 0 ? [] : Array.from({ length: HOTELS_PER_DESTINATION }, (_, i) => hotelByCode(index * HOTELS_PER_DESTINATION + i + 1)!);
    } else if (rq.geolocation) {
      const g = rq.geolocation;
      const km = g.unit === 'mi' ? g.radius * 1.609344 : g.radius;
      candidates = allHotels().filter((h) => distanceKm(g.latitude, g.longitude, h.latitude, h.longitude) <= km);
    } else {
      candidates = [...new Set(rq.hotels!.hotel)].flatMap((code) => hotelByCode(code) ?? []);
    }
    candidates = candidates.filter((h) => holds(c.req.header('api-key'), h));
    const stay = { checkIn: rq.stay.checkIn, checkOut: rq.stay.checkOut };
    const language = languageOf(rq.language);
    const now = Date.now();
    const found = [];
    for (const h of candidates) {
      const answer = hotelAvailability(h, stay, lines, now, language, rq.filter?.maxRatesPerRoom);
      if (answer) found.push(answer);
      if (rq.filter?.maxHotels && found.length >= rq.filter.maxHotels) break;
    }
    const hotels = found.length ? { hotels: found, ...stay, total: found.length } : { total: 0 };
    return c.json({ auditData: auditData(c), hotels }, 200);
  })
  .openapi(routes.checkRates, async (c) => {
    if (failsNow('checkrates')) return systemError(c);
    const rq = await requestOf(c, CheckRatesRQ);
    if (rq instanceof Response) return rq;
    const rates = ratesOf(c, rq.rooms.map((r) => r.rateKey));
    if (rates instanceof Response) return rates;
    if (soldOutNow()) return insufficientAllotment(c);
    const percent = control.reprice_next_percent;
    const onlyPart = repriceNextPart;
    if (percent !== null) {
      control = { ...control, reprice_next_percent: null };
      repriceNextPart = null;
    }
    const { hotel, parts } = rates;
    const language = languageOf(rq.language);
    const checked: { room: SimRoomType; rate: RateWire & { rateComments: string } }[] = [];
    let total = 0;
    const needed = new Map<string, number>();
    for (const [i, p] of parts.entries()) {
      const q = quote(hotel, p.room, p.board, p.rateClass, p.checkIn, p.checkOut, { adults: p.adults, childAges: p.childAges }, p.rooms);
      // Rates of one room type for different parties share its rooms: together they may not ask more than are left.
      needed.set(p.room, (needed.get(p.room) ?? 0) + p.rooms);
      if (!q || q.allotment < needed.get(p.room)!) return insufficientAllotment(c);
      const factor = percent === null || (onlyPart !== null && onlyPart !== i) ? 1 : 1 + percent / 100;
      const priced = { ...q, netCents: Math.round(q.netCents * factor), firstNightCents: Math.round(q.firstNightCents * factor) };
      total += priced.netCents;
      const rate = rateWire(hotel, { ...p, netCents: priced.netCents, rateType: 'BOOKABLE' }, priced, Date.now(), language);
      checked.push({ room: roomOf(hotel, p.room)!, rate: { ...rate, rateComments: 'Check-in from 15:00, check-out until 12:00. City tax payable at the hotel.' } });
    }
    return c.json({
      auditData: auditData(c),
      hotel: {
        checkOut: parts[0]!.checkOut,
        checkIn: parts[0]!.checkIn,
        ...hotelHeader(hotel),
        rooms: roomsWire(hotel, checked, language) as { code: string; name: string; rates: (RateWire & { rateComments: string })[] }[],
        totalNet: decimal(total),
        currency: 'EUR' as const,
        paymentDataRequired: false,
        modificationPolicies: { cancellation: true, modification: false },
      },
    }, 200);
  })
  .openapi(routes.book, async (c) => {
    if (failsNow('bookings')) return systemError(c);
    const rq = await requestOf(c, BookingRQ);
    if (rq instanceof Response) return rq;
    // APItude's duplicate check would refuse a second booking of the same clientReference; the simulator answers the
    // booking it already holds instead, so a caller that lost the first answer learns what was booked.
    const existing = byClientReference.get(rq.clientReference);
    if (existing) return c.json({ auditData: auditData(c), booking: bookingWire(existing) }, 200);
    const rates = ratesOf(c, rq.rooms.map((r) => r.rateKey));
    if (rates instanceof Response) return rates;
    const { hotel, parts } = rates;
    if (parts.some((p) => p.rateType === 'RECHECK')) return apiError(c, 400, 'INVALID_DATA', 'This rate must be checked with CheckRate before it is booked (rateType RECHECK)');
    if (soldOutNow()) return insufficientAllotment(c);
    const now = Date.now();
    const booked: BookedRate[] = [];
    const needed = new Map<string, number>();
    for (const [i, p] of parts.entries()) {
      const q = quote(hotel, p.room, p.board, p.rateClass, p.checkIn, p.checkOut, { adults: p.adults, childAges: p.childAges }, p.rooms);
      needed.set(p.room, (needed.get(p.room) ?? 0) + p.rooms);
      if (!q || q.allotment < needed.get(p.room)!) return insufficientAllotment(c);
      // The key's price is the one quoted (by availability or checkrates), and what is booked.
      const firstNightCents = Math.round((q.firstNightCents * p.netCents) / q.netCents);
      const paxes = (rq.rooms[i]!.paxes ?? []).map((x) => ({ roomId: x.roomId ?? 1, type: x.type, ...(x.name ? { name: x.name } : {}), ...(x.surname ? { surname: x.surname } : {}), ...(x.age !== undefined ? { age: x.age } : {}) }));
      booked.push({
        parts: p,
        policies: cancellationPolicies(hotel, p.rateClass, p.checkIn, { netCents: p.netCents, firstNightCents }, now),
        paxes: paxes.length ? paxes : [{ roomId: 1, type: 'AD', name: rq.holder.name, surname: rq.holder.surname }],
      });
    }
    const booking: SimBooking = {
      reference: nextReference(),
      clientReference: rq.clientReference,
      status: 'CONFIRMED',
      creationDate: today(),
      holder: { name: rq.holder.name, surname: rq.holder.surname },
      remark: rq.remark ?? null,
      hotel,
      checkIn: parts[0]!.checkIn,
      checkOut: parts[0]!.checkOut,
      rates: booked,
      totalNetCents: parts.reduce((sum, p) => sum + p.netCents, 0),
      cancellationReference: null,
      cancellationFeeCents: null,
    };
    bookings.set(booking.reference, booking);
    byClientReference.set(booking.clientReference, booking);
    return c.json({ auditData: auditData(c), booking: bookingWire(booking) }, 200);
  })
  .openapi(routes.booking, (c) => {
    if (failsNow('detail')) return systemError(c);
    const b = bookings.get(c.req.valid('param').reference);
    if (!b) return apiError(c, 404, 'INVALID_DATA', 'The booking does not exist');
    return c.json({ auditData: auditData(c), booking: bookingWire(b) }, 200);
  })
  .openapi(routes.cancel, (c) => {
    if (failsNow('cancel')) return systemError(c);
    const flag = (c.req.valid('query').cancellationFlag ?? 'CANCELLATION').toUpperCase();
    if (flag !== 'CANCELLATION' && flag !== 'SIMULATION') return apiError(c, 400, 'INVALID_REQUEST', 'cancellationFlag is CANCELLATION or SIMULATION');
    const b = bookings.get(c.req.valid('param').reference);
    if (!b) return apiError(c, 404, 'INVALID_DATA', 'The booking does not exist');
    // A booking already cancelled is answered as it stands: cancelling twice changes nothing and charges nothing more.
    if (b.status === 'CANCELLED') return c.json({ auditData: auditData(c), booking: bookingWire(b, { cancellationAmountCents: b.cancellationFeeCents ?? 0 }) }, 200);
    const fee = feeOf(b, Date.now());
    if (flag === 'CANCELLATION') {
      b.status = 'CANCELLED';
      b.cancellationReference = b.reference;
      b.cancellationFeeCents = fee;
    }
    return c.json({ auditData: auditData(c), booking: bookingWire(b, { cancellationAmountCents: fee }) }, 200);
  })
  .openapi(routes.control, (c) => {
    const asked = c.req.valid('json');
    if (asked.reprice_next_part !== undefined) repriceNextPart = asked.reprice_next_part;
    else if (asked.reprice_next_percent !== undefined) repriceNextPart = null;
    control = {
      latency_ms: asked.latency_ms ?? control.latency_ms,
      fail_next: asked.fail_next === undefined ? control.fail_next : asked.fail_next,
      malformed_next: asked.malformed_next === undefined ? control.malformed_next : asked.malformed_next,
      incomplete_next: asked.incomplete_next === undefined ? control.incomplete_next : asked.incomplete_next,
      reprice_next_percent: asked.reprice_next_percent === undefined ? control.reprice_next_percent : asked.reprice_next_percent,
      sold_out_next: asked.sold_out_next ?? control.sold_out_next,
      broken_photos_next: asked.broken_photos_next ?? control.broken_photos_next,
    };
    return c.json(control, 200);
  })
  .openapi(routes.calls, (c) => c.json({ calls }, 200))
  .openapi(routes.held, (c) =>
    c.json({
      bookings: [...bookings.values()].map((b) => ({
        reference: b.reference,
        status: b.status,
        clientReference: b.clientReference,
        creationDate: b.creationDate,
        hotelCode: b.hotel.code,
        checkIn: b.checkIn,
        checkOut: b.checkOut,
        totalNet: b.totalNetCents / 100,
        currency: 'EUR' as const,
        cancellationReference: b.cancellationReference,
        cancellationAmount: b.cancellationFeeCents === null ? null : b.cancellationFeeCents / 100,
        rooms: b.rates.map((r) => ({
          roomCode: r.parts.room, rooms: r.parts.rooms, adults: r.parts.adults, children: r.parts.childAges.length,
          paxes: r.paxes.map((x) => ({ roomId: x.roomId, type: x.type, ...(x.age !== undefined ? { age: x.age } : {}) })),
        })),
      })),
    }, 200),
  );
