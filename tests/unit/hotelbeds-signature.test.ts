// The bed bank client (functions/outside/hotelbeds.ts) without a network: APItude's X-Signature, the headers every call
// carries, amounts read to minor units, and each kind of failure answered as a typed result, never thrown.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hotelbedsClient, hotelbedsSignature, starsOf, toMinorUnits, type BedBankResult } from '../../functions/outside/hotelbeds';

const NOW_MS = 1_767_225_600_750; // 2026-01-01T00:00:00.750Z

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit }[] = [];
  const f = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return answer(url, init);
  }) as unknown as typeof fetch;
  return { f, seen };
}

const client = (f: typeof fetch, extra: { timeoutMs?: number } = {}) =>
  hotelbedsClient({ baseUrl: 'https://api.test.hotelbeds.com/', apiKey: 'key-1', secret: 'secret-1', fetch: f, clock: () => NOW_MS, ...extra });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function failureOf<T>(result: BedBankResult<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.failure;
}

describe('the X-Signature', () => {
  it('is the hex SHA-256 of the api key, the secret and the Unix seconds, one after the other', async () => {
    const expected = createHash('sha256').update('key-1secret-11767225600').digest('hex');
    expect(await hotelbedsSignature('key-1', 'secret-1', 1_767_225_600)).toBe(expected);
    expect(await hotelbedsSignature('key-1', 'secret-1', 1_767_225_600.999)).toBe(expected);
    expect(await hotelbedsSignature('key-1', 'secret-1', 1_767_225_601)).not.toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('goes with the Api-key on every call, from the clock the client was given', async () => {
    const { f, seen } = fakeFetch(() => json({ from: 1, to: 1, total: 0, hotels: [] }));
    const bank = client(f);
    await bank.content({ from: 1, to: 1 });
    await bank.booking('1-0000001');
    await bank.cancel('1-0000001', true);
    await bank.checkRates(['k']);
    expect(seen).toHaveLength(4);
    const signature = createHash('sha256').update('key-1secret-11767225600').digest('hex');
    for (const { init } of seen) {
      const headers = init.headers as Record<string, string>;
      expect(headers['Api-key']).toBe('key-1');
      expect(headers['X-Signature']).toBe(signature);
      expect(headers.Accept).toBe('application/json');
    }
    expect(seen[0]!.url).toBe('https://api.test.hotelbeds.com/hotel-content-api/1.0/hotels?fields=all&from=1&to=1&language=ENG&useSecondaryLanguage=true');
    expect(seen[2]!.url).toBe('https://api.test.hotelbeds.com/hotel-api/1.0/bookings/1-0000001?cancellationFlag=SIMULATION');
    expect(seen[2]!.init.method).toBe('DELETE');
    expect(JSON.parse(String(seen[3]!.init.body))).toEqual({ rooms: [{ rateKey: 'k' }] });
  });
});

describe('amounts and categories', () => {
  it('reads APItude’s decimal strings and numbers to minor units without float drift', () => {
    expect(toMinorUnits('231.14')).toBe(23114);
    expect(toMinorUnits('0.1')).toBe(10);
    expect(toMinorUnits('74')).toBe(7400);
    expect(toMinorUnits('10.005')).toBe(1001);
    expect(toMinorUnits(141.6)).toBe(14160);
    expect(toMinorUnits(0.285)).toBe(29);
    expect(toMinorUnits('-8.22')).toBe(-822);
    expect(toMinorUnits('12,50')).toBeNull();
    expect(toMinorUnits(Number.NaN)).toBeNull();
  });

  it('reads every written form as the pattern it stands for does (digit by digit, spaces and oddities by the pattern)', () => {
    // What the amount means, written as plainly as possible: the rule both readings must give.
    const byPattern = (v: string) => {
      const m = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(v);
      if (!m) return null;
      const decimals = (m[3] ?? '').padEnd(3, '0');
      const minor = Number(m[2]) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
      return m[1] ? -minor : minor;
    };
    const written = [
      '', '-', '.', '5.', '.5', '-.5', '0', '-0', '00012.30', '1.2345', '1.994', '1.995', '1.9999', '99.999', '-0.005', '-12.345',
      ' 12.30', '12.30 ', '\t7\n', '1 2', '1e3', '+5', '0x10', '12.3.4', '12..3', '１２', '9999999999999.99', '99999999999999.99', '12a', 'a12',
    ];
    for (let i = 0; i < 500; i++) written.push(`${i % 3 === 0 ? '-' : ''}${(i * 7919) % 100000}.${String((i * 104729) % 10000).padStart(i % 5, '0')}`);
    for (const v of written) expect([v, toMinorUnits(v)]).toEqual([v, byPattern(v)]);
  });

  it('takes the stars from the category code', () => {
    expect(starsOf('4EST')).toBe(4);
    expect(starsOf('5LUX')).toBe(5);
    expect(starsOf('HS2')).toBeNull();
    expect(starsOf(undefined)).toBeNull();
  });
});

describe('the occupancies an availability asks for', () => {
  it('groups identical rooms and gives each child a CH pax with its age', async () => {
    const { f, seen } = fakeFetch(() => json({ hotels: { total: 0 } }));
    const result = await client(f).availability({
      checkIn: '2027-03-01',
      checkOut: '2027-03-03',
      rooms: [{ adults: 2, children: [5, 9] }, { adults: 1, children: [] }, { adults: 2, children: [5, 9] }],
      place: { latitude: 38.72, longitude: -9.14, radiusKm: 5 },
      maxHotels: 20,
    });
    expect(result).toEqual({ ok: true, value: { checkIn: null, checkOut: null, hotels: [] } });
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      stay: { checkIn: '2027-03-01', checkOut: '2027-03-03' },
      occupancies: [
        { rooms: 2, adults: 2, children: 2, paxes: [{ type: 'CH', age: 5 }, { type: 'CH', age: 9 }] },
        { rooms: 1, adults: 1, children: 0 },
      ],
      geolocation: { latitude: 38.72, longitude: -9.14, radius: 5, unit: 'km' },
      filter: { maxHotels: 20 },
    });
  });
});

describe('a call that goes wrong answers a typed failure and never throws', () => {
  it('no connection: unreachable', async () => {
    const { f } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    expect(failureOf(await client(f).booking('1-1'))).toMatchObject({ kind: 'unreachable' });
  });

  it('no answer in time: timeout, after about the wait', async () => {
    // As fetch does: an aborted signal rejects at once, or when it aborts.
    const { f } = fakeFetch((_url, init) => new Promise<Response>((_, reject) => {
      if (init.signal?.aborted) reject(init.signal.reason);
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    }));
    const t0 = Date.now();
    expect(failureOf(await client(f, { timeoutMs: 50 }).booking('1-1'))).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(2_000);
    const stop = new AbortController();
    const pending = client(f).booking('1-1', { signal: stop.signal });
    stop.abort();
    expect(failureOf(await pending)).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/caller/) });
  });

  it('refused credentials, a failing supplier, an unknown booking, no allotment, another refusal', async () => {
    const answer = (status: number, body: unknown) => client(fakeFetch(() => json(body, status)).f).booking('1-1');
    expect(failureOf(await answer(401, { error: 'Not Authorized' }))).toMatchObject({ kind: 'unauthorised', status: 401 });
    expect(failureOf(await answer(500, { error: { code: 'SYSTEM_ERROR', message: 'down' } }))).toMatchObject({ kind: 'unavailable', status: 500, code: 'SYSTEM_ERROR' });
    expect(failureOf(await answer(404, { error: { code: 'INVALID_DATA', message: 'The booking does not exist' } }))).toMatchObject({ kind: 'not_found' });
    expect(failureOf(await answer(400, { error: { code: 'PRODUCT_ERROR', message: 'Insufficient allotment' } }))).toMatchObject({ kind: 'sold_out', code: 'PRODUCT_ERROR' });
    expect(failureOf(await answer(400, { error: { code: 'INVALID_DATA', message: 'The rateKey is not valid' } }))).toMatchObject({ kind: 'refused', code: 'INVALID_DATA', message: expect.stringMatching(/rateKey/) });
    const html = await client(fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 })).f).booking('1-1');
    expect(failureOf(html)).toMatchObject({ kind: 'unavailable', status: 502 });
  });

  it('an answer cut short or missing what it must carry: malformed', async () => {
    const cut = await client(fakeFetch(() => new Response('{"booking": {"reference": "1-1", ', { status: 200 })).f).booking('1-1');
    expect(failureOf(cut)).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/not JSON/) });
    const missing = await client(fakeFetch(() => json({ booking: { reference: '1-1', status: 'CONFIRMED', currency: 'EUR', totalNet: 'ten' } })).f).booking('1-1');
    expect(failureOf(missing)).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/booking\./) });
  });
});
