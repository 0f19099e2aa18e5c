// The bed bank adapter (functions/outside/hotelbeds.ts) against the /_sim/hotelbeds simulator over real HTTP (CONTRACT
// §18): signed calls and the 401 of a bad signature, the content's pages, availability by destination and by point with
// a child's age, RECHECK rates and checkrates (repriced by the control hook), booking once per clientReference, its
// detail, the cancellation's SIMULATION then CANCELLATION, and each failure (fail_next, latency, sold out, malformed
// answers) read as a typed failure.
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, call } from './helpers';
import { hotelbedsClient, hotelbedsSignature, type BedBankResult, type HotelbedsConfig, type SupplierHotelOffer, type SupplierRate } from '../../functions/outside/hotelbeds';
import { BOARDS } from '../../src/shared/rules/stay-rates';

const sim = () => `${baseUrl()}/_sim/hotelbeds`;
const bank = (extra: Partial<HotelbedsConfig> = {}) =>
  hotelbedsClient({ baseUrl: sim(), apiKey: 'sim-key', secret: 'sim-secret', photosUrl: `${baseUrl()}/api/images/`, ...extra });
const control = (body: Record<string, unknown>) => call('/_sim/hotelbeds/control', { body });

afterEach(async () => {
  const r = await control({ latency_ms: 0, fail_next: null, reprice_next_percent: null, sold_out_next: false });
  expect(r.status).toBe(200);
});

function valueOf<T>(result: BedBankResult<T>): T {
  if (!result.ok) throw new Error(`expected an answer, got ${result.failure.kind}: ${result.failure.message}`);
  return result.value;
}
function failureOf<T>(result: BedBankResult<T>) {
  if (result.ok) throw new Error('expected a failure');
  return result.failure;
}

const day = (fromToday: number) => new Date(Date.now() + fromToday * 86_400_000).toISOString().slice(0, 10);
const LISBON = { latitude: 38.7223, longitude: -9.1393 };
const couple = [{ adults: 2, children: [] as number[] }];
const ref = () => `T${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();

function km(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

const ratesOf = (hotels: SupplierHotelOffer[]) => hotels.flatMap((h) => h.rooms.flatMap((room) => room.rates.map((rate) => ({ hotel: h, room, rate }))));

async function lisbon(checkIn = day(40), checkOut = day(42)) {
  return valueOf(await bank().availability({ checkIn, checkOut, rooms: couple, place: { destination: 'LIS' } }));
}

/** A rate of the kind asked, from Lisbon's availability. */
async function aRate(kind: { recheck: boolean; refundable: boolean }, checkIn = day(40), checkOut = day(42)): Promise<{ hotel: SupplierHotelOffer; rate: SupplierRate }> {
  const found = ratesOf((await lisbon(checkIn, checkOut)).hotels).find((x) => x.rate.recheck === kind.recheck && x.rate.refundable === kind.refundable);
  if (!found) throw new Error(`no ${JSON.stringify(kind)} rate in Lisbon`);
  return found;
}

describe('signed calls', () => {
  it('refuses a wrong secret, an unknown key or a clock far off with 401, and allows a few minutes of skew', async () => {
    expect(failureOf(await bank({ secret: 'not-the-secret' }).content({ from: 1, to: 1 }))).toMatchObject({ kind: 'unauthorised', status: 401 });
    expect(failureOf(await bank({ apiKey: 'someone-else' }).content({ from: 1, to: 1 }))).toMatchObject({ kind: 'unauthorised', status: 401 });
    expect(failureOf(await bank({ clock: () => Date.now() - 3_600_000 }).content({ from: 1, to: 1 }))).toMatchObject({ kind: 'unauthorised' });
    expect(valueOf(await bank({ clock: () => Date.now() + 120_000 }).content({ from: 1, to: 1 })).hotels).toHaveLength(1);
    const unsigned = await call('/_sim/hotelbeds/hotel-api/1.0/hotels', { body: { stay: { checkIn: day(10), checkOut: day(11) } } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json.error).toMatch(/Api-key/);
  });

  it('answers in the shapes it declares (checked on every reply the tests read through call)', async () => {
    const headers = { 'Api-key': 'sim-key', 'X-Signature': await hotelbedsSignature('sim-key', 'sim-secret', Date.now() / 1000) };
    const answer = await call('/_sim/hotelbeds/hotel-api/1.0/hotels', {
      headers,
      body: { stay: { checkIn: day(30), checkOut: day(31) }, occupancies: [{ rooms: 1, adults: 2, children: 1, paxes: [{ type: 'CH', age: 6 }] }], hotels: { hotel: [2, 3, 4] } },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.hotels.total).toBe(answer.json.hotels.hotels?.length ?? 0);
    const bad = await call('/_sim/hotelbeds/hotel-api/1.0/hotels', { rawBody: '{"stay": ', headers: { ...headers, 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('INVALID_REQUEST');
    expect((await call('/_sim/hotelbeds/bookings')).status).toBe(200);
  });
});

describe('the content API', () => {
  it('pages through at least 2,000 hotels over at least 5 destinations, Lisbon among them, the same each time', async () => {
    const first = valueOf(await bank().content({ from: 1, to: 1000 }));
    expect(first.total).toBeGreaterThanOrEqual(2_000);
    expect(first.hotels).toHaveLength(1000);
    const all = [...first.hotels];
    for (let from = 1001; from <= first.total; from += 1000) all.push(...valueOf(await bank().content({ from, to: from + 999 })).hotels);
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((h) => h.code)).size).toBe(first.total);
    const destinations = new Set(all.map((h) => h.destinationCode));
    expect(destinations.size).toBeGreaterThanOrEqual(5);
    expect(destinations).toContain('LIS');
    for (const h of all) {
      expect(h.rooms.length, h.code).toBeGreaterThan(0);
      expect(h.photos.length, h.code).toBeGreaterThan(0);
      expect(h.stars).toBeGreaterThanOrEqual(3);
      expect(Number.isFinite(h.latitude) && Number.isFinite(h.longitude)).toBe(true);
    }
    const lisbonHotel = all.find((h) => h.destinationCode === 'LIS')!;
    expect(lisbonHotel).toMatchObject({ countryCode: 'PT', city: 'LISBON', categoryCode: expect.stringMatching(/^[345]EST$/) });
    expect(lisbonHotel.rooms[0]).toMatchObject({ code: 'DBL.ST', name: 'DOUBLE STANDARD', maxAdults: 2, maxOccupancy: 3 });
    // Made from the codes: asked again, the same hotels.
    expect(valueOf(await bank().content({ from: 1, to: 5 })).hotels).toEqual(first.hotels.slice(0, 5));
  });

  it('shows the development photographs the app serves, and writes in French when asked; filters by code', async () => {
    const [hotel] = valueOf(await bank().content({ from: 3, to: 3 })).hotels;
    const photo = await fetch(hotel!.photos[0]!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    await photo.arrayBuffer();
    const [french] = valueOf(await bank().content({ from: 3, to: 3, language: 'fr-FR' })).hotels;
    expect(french!.description).toMatch(/hôtel/);
    expect(french!.rooms[0]!.name).toBe('CHAMBRE DOUBLE STANDARD');
    const picked = valueOf(await bank().content({ from: 1, to: 10, codes: ['2', '4'] }));
    expect(picked.total).toBe(2);
    expect(picked.hotels.map((h) => h.code)).toEqual(['2', '4']);
  });
});

describe('availability', () => {
  it('finds Lisbon by its destination code: each rate in euro cents, with its board, cancellation and key; odd codes to recheck', async () => {
    const checkIn = day(40);
    const found = await lisbon(checkIn, day(42));
    expect(found.hotels.length).toBeGreaterThan(50);
    expect(found.hotels.every((h) => h.destinationCode === 'LIS')).toBe(true);
    const rates = ratesOf(found.hotels);
    expect(rates.some((x) => x.rate.recheck)).toBe(true);
    expect(rates.some((x) => !x.rate.recheck)).toBe(true);
    for (const { hotel, rate } of rates) {
      expect(rate.recheck, `${hotel.code} ${rate.rateKey}`).toBe(Number(hotel.code) % 2 === 1);
      expect(Number.isInteger(rate.netMinor) && rate.netMinor > 0).toBe(true);
      expect(rate.currency).toBe('EUR');
      expect(BOARDS).toContain(rate.board);
      expect(rate).toMatchObject({ rooms: 1, adults: 2, childAges: [] });
      expect(rate.cancellation.length).toBeGreaterThan(0);
      if (rate.refundable) expect(rate.freeCancellationUntil! < checkIn).toBe(true);
      else expect(rate.cancellation[0]!.amountMinor).toBe(rate.netMinor);
    }
  });

  it('finds hotels around a point for a family with a child of 8, each within the radius, the child priced in', async () => {
    const family = [{ adults: 2, children: [8] }];
    const stay = { checkIn: day(50), checkOut: day(53) };
    const around = valueOf(await bank().availability({ ...stay, rooms: family, place: { ...LISBON, radiusKm: 2 } }));
    expect(around.hotels.length).toBeGreaterThan(0);
    for (const h of around.hotels) {
      expect(km(LISBON.latitude, LISBON.longitude, h.latitude!, h.longitude!)).toBeLessThanOrEqual(2.001);
      for (const room of h.rooms) for (const rate of room.rates) expect(rate).toMatchObject({ adults: 2, childAges: [8] });
    }
    const codes = around.hotels.map((h) => h.code);
    const couples = valueOf(await bank().availability({ ...stay, rooms: couple, place: { hotels: codes } }));
    const withChild = ratesOf(around.hotels);
    const without = ratesOf(couples.hotels);
    const pairs = withChild.flatMap((a) => {
      const b = without.find((x) => x.hotel.code === a.hotel.code && x.room.code === a.room.code && x.rate.boardCode === a.rate.boardCode && x.rate.rateClass === a.rate.rateClass);
      return b ? [[a.rate.netMinor, b.rate.netMinor] as const] : [];
    });
    expect(pairs.length).toBeGreaterThan(0);
    for (const [child, adultsOnly] of pairs) expect(child).toBeGreaterThan(adultsOnly);
  });

  it('keeps to the filter: at most maxHotels hotels and maxRatesPerRoom rates a room, the cheapest', async () => {
    const stay = { checkIn: day(45), checkOut: day(47), rooms: couple };
    const few = valueOf(await bank().availability({ ...stay, place: { destination: 'PAR' }, maxHotels: 5, maxRatesPerRoom: 1 }));
    expect(few.hotels).toHaveLength(5);
    for (const h of few.hotels) for (const room of h.rooms) expect(room.rates).toHaveLength(1);
    const all = valueOf(await bank().availability({ ...stay, place: { hotels: few.hotels.map((h) => h.code) } }));
    for (const h of few.hotels) {
      for (const room of h.rooms) {
        const every = all.hotels.find((x) => x.code === h.code)!.rooms.find((r) => r.code === room.code)!.rates.map((r) => r.netMinor);
        expect(room.rates[0]!.netMinor).toBe(Math.min(...every));
      }
    }
  });

  it('refuses a stay in the past in APItude’s words', async () => {
    const refused = failureOf(await bank().availability({ checkIn: day(-3), checkOut: day(-1), rooms: couple, place: { destination: 'LIS' } }));
    expect(refused).toMatchObject({ kind: 'refused', status: 400, code: 'INVALID_DATA', message: expect.stringMatching(/past/) });
  });
});

describe('checkrates', () => {
  it('checks a RECHECK rate again: bookable at the same price, or moved by reprice_next_percent once', async () => {
    const { hotel, rate } = await aRate({ recheck: true, refundable: true });
    expect((await control({ reprice_next_percent: 10 })).json.reprice_next_percent).toBe(10);
    const moved = valueOf(await bank().checkRates([rate.rateKey]));
    expect(moved.hotel.code).toBe(hotel.code);
    const [checked] = moved.rooms.flatMap((r) => r.rates);
    expect(checked!.recheck).toBe(false);
    expect(Math.abs(checked!.netMinor - Math.round(rate.netMinor * 1.1))).toBeLessThanOrEqual(1);
    expect(checked!.rateKey).not.toBe(rate.rateKey);
    expect(moved.totalNetMinor).toBe(checked!.netMinor);
    const again = valueOf(await bank().checkRates([rate.rateKey]));
    expect(again.rooms[0]!.rates[0]!.netMinor).toBe(rate.netMinor);
  });

  it('answers sold out once when told (sold_out_next)', async () => {
    const { rate } = await aRate({ recheck: true, refundable: true });
    await control({ sold_out_next: true });
    expect(failureOf(await bank().checkRates([rate.rateKey]))).toMatchObject({ kind: 'sold_out', code: 'PRODUCT_ERROR' });
    expect(valueOf(await bank().checkRates([rate.rateKey])).rooms).toHaveLength(1);
    const altered = `${rate.rateKey.slice(0, -1)}${rate.rateKey.endsWith('0') ? '1' : '0'}`;
    expect(failureOf(await bank().checkRates([altered]))).toMatchObject({ kind: 'refused', code: 'INVALID_DATA' });
  });
});

describe('bookings', () => {
  it('books once per clientReference, shows it, says what cancelling would cost without cancelling, then cancels', async () => {
    const { hotel, rate } = await aRate({ recheck: false, refundable: false });
    const clientReference = ref();
    const holder = { name: 'Ana', surname: 'Silva' };
    const booked = valueOf(await bank().book({ clientReference, holder, rooms: [{ rateKey: rate.rateKey }] }));
    expect(booked).toMatchObject({ status: 'CONFIRMED', clientReference, totalNetMinor: rate.netMinor, currency: 'EUR', holder, cancellationReference: null });
    expect(booked.reference).toMatch(/^1-\d{7}$/);
    expect(booked.hotel.code).toBe(hotel.code);
    // The same clientReference again (a webhook delivered twice): the booking already made, not a second one.
    const again = valueOf(await bank().book({ clientReference, holder, rooms: [{ rateKey: rate.rateKey }] }));
    expect(again.reference).toBe(booked.reference);
    const held = (await call('/_sim/hotelbeds/bookings')).json.bookings.filter((b: { clientReference: string }) => b.clientReference === clientReference);
    expect(held).toEqual([expect.objectContaining({ reference: booked.reference, status: 'CONFIRMED', totalNet: rate.netMinor / 100 })]);

    const shown = valueOf(await bank().booking(booked.reference));
    expect(shown).toMatchObject({ reference: booked.reference, status: 'CONFIRMED', totalNetMinor: rate.netMinor });
    expect(shown.rooms[0]!.rates[0]!.cancellation[0]!.amountMinor).toBe(rate.netMinor);

    const simulated = valueOf(await bank().cancel(booked.reference, true));
    expect(simulated).toMatchObject({ simulated: true, feeMinor: rate.netMinor, currency: 'EUR' });
    expect(simulated.booking.status).toBe('CONFIRMED');
    expect(valueOf(await bank().booking(booked.reference)).status).toBe('CONFIRMED');

    const cancelled = valueOf(await bank().cancel(booked.reference, false));
    expect(cancelled).toMatchObject({ simulated: false, feeMinor: rate.netMinor });
    expect(cancelled.booking).toMatchObject({ status: 'CANCELLED', cancellationReference: booked.reference });
    expect(valueOf(await bank().booking(booked.reference)).status).toBe('CANCELLED');
    const after = (await call('/_sim/hotelbeds/bookings')).json.bookings.find((b: { reference: string }) => b.reference === booked.reference);
    expect(after).toMatchObject({ status: 'CANCELLED', cancellationAmount: rate.netMinor / 100 });
  });

  it('refuses a RECHECK rate until it is checked; a refundable stay far off costs nothing to cancel; an unknown booking is not found', async () => {
    const { rate } = await aRate({ recheck: true, refundable: true }, day(120), day(122));
    const holder = { name: 'Rui', surname: 'Costa' };
    const unchecked = failureOf(await bank().book({ clientReference: ref(), holder, rooms: [{ rateKey: rate.rateKey }] }));
    expect(unchecked).toMatchObject({ kind: 'refused', code: 'INVALID_DATA', message: expect.stringMatching(/CheckRate/) });
    const checked = valueOf(await bank().checkRates([rate.rateKey])).rooms[0]!.rates[0]!;
    const booked = valueOf(await bank().book({ clientReference: ref(), holder, rooms: [{ rateKey: checked.rateKey, paxes: [{ roomId: 1, type: 'adult', name: 'Rui', surname: 'Costa' }] }] }));
    expect(booked.status).toBe('CONFIRMED');
    expect(valueOf(await bank().cancel(booked.reference, true)).feeMinor).toBe(0);
    expect(failureOf(await bank().booking('1-0000000'))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(failureOf(await bank().cancel('1-0000000', false))).toMatchObject({ kind: 'not_found' });
  });
});

describe('failures', () => {
  it('fails each operation once when told (fail_next): a typed failure, then the next call works', async () => {
    const query = { checkIn: day(60), checkOut: day(61), rooms: couple, place: { hotels: ['2', '4', '6', '8', '10', '12'] } };
    await control({ fail_next: 'availability' });
    expect(failureOf(await bank().availability(query))).toMatchObject({ kind: 'unavailable', status: 500, code: 'SYSTEM_ERROR' });
    const found = valueOf(await bank().availability(query));
    const rate = ratesOf(found.hotels)[0]!.rate;

    await control({ fail_next: 'checkrates' });
    expect(failureOf(await bank().checkRates([rate.rateKey]))).toMatchObject({ kind: 'unavailable' });
    valueOf(await bank().checkRates([rate.rateKey]));

    const clientReference = ref();
    const holder = { name: 'Eva', surname: 'Lima' };
    await control({ fail_next: 'bookings' });
    expect(failureOf(await bank().book({ clientReference, holder, rooms: [{ rateKey: rate.rateKey }] }))).toMatchObject({ kind: 'unavailable' });
    const booked = valueOf(await bank().book({ clientReference, holder, rooms: [{ rateKey: rate.rateKey }] }));

    await control({ fail_next: 'cancel' });
    expect(failureOf(await bank().cancel(booked.reference, false))).toMatchObject({ kind: 'unavailable' });
    expect(valueOf(await bank().booking(booked.reference)).status).toBe('CONFIRMED');
    expect(valueOf(await bank().cancel(booked.reference, false)).booking.status).toBe('CANCELLED');
  });

  it('waits latency_ms before answering: the adapter gives up at its own timeout, or when the caller stops waiting', async () => {
    const query = { checkIn: day(60), checkOut: day(61), rooms: couple, place: { hotels: ['8'] } };
    await control({ latency_ms: 1_500 });
    let t0 = Date.now();
    expect(failureOf(await bank({ timeoutMs: 300 }).availability(query))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(1_400);
    t0 = Date.now();
    expect(failureOf(await bank().availability(query, { signal: AbortSignal.timeout(200) }))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(1_400);
    t0 = Date.now();
    valueOf(await bank({ timeoutMs: 10_000 }).availability(query));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_450);
  });

  it('reads an answer cut short or missing a field as malformed, and a gateway’s HTML error as unavailable', async () => {
    const query = { checkIn: day(60), checkOut: day(62), rooms: couple, place: { destination: 'BCN' } };
    const altered = (change: (res: Response) => Promise<Response>): typeof fetch => async (input, init) => change(await fetch(input, init));
    const cut = bank({ fetch: altered(async (res) => new Response((await res.text()).slice(0, 300), { status: res.status })) });
    expect(failureOf(await cut.availability(query))).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/not JSON/) });
    const keyless = bank({
      fetch: altered(async (res) => {
        const body = (await res.json()) as { hotels: { hotels: { rooms: { rates: { rateKey?: string }[] }[] }[] } };
        delete body.hotels.hotels[0]!.rooms[0]!.rates[0]!.rateKey;
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    });
    expect(failureOf(await keyless.availability(query))).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/hotels\.hotels\.0\.rooms\.0\.rates\.0\.rateKey/) });
    const gateway = bank({ fetch: altered(async (res) => (await res.arrayBuffer(), new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }))) });
    expect(failureOf(await gateway.availability(query))).toMatchObject({ kind: 'unavailable', status: 502 });
    const down = bank({ baseUrl: 'http://127.0.0.1:9/_sim/hotelbeds' });
    expect(failureOf(await down.content({ from: 1, to: 1 }))).toMatchObject({ kind: 'unreachable' });
  });
});
