// The availability answer read by hand (functions/outside/hotelbeds.ts `availabilityRead`, decision 0071) gives what
// the schema and its mapping (`availabilityOf`) give, on the simulator's own answers (a city's hotels, a party with
// children), and takes nothing the schema refuses: given an answer out of shape it gives null, so the schema reads it
// and says what is wrong. The simulator's small test account (60 hotels a city) answers.
import { describe, expect, it } from 'vitest';
import { availabilityOf, availabilityRead, availabilitySchema, hotelbedsClient, hotelbedsSignature } from '../../functions/outside/hotelbeds';
import { hotelbedsSim, SIM_SMALL_API_KEY as SIM_API_KEY, SIM_SECRET } from '../../functions/dev/sim/hotelbeds';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** The simulator's availability answer (JSON as sent) for a destination and occupancy lines. */
async function simAnswer(destination: string, occupancies: unknown[]): Promise<unknown> {
  const signature = await hotelbedsSignature(SIM_API_KEY, SIM_SECRET, Date.now() / 1000);
  const res = await hotelbedsSim.request('/hotel-api/1.0/hotels', {
    method: 'POST',
    headers: { 'api-key': SIM_API_KEY, 'x-signature': signature, 'content-type': 'application/json' },
    body: JSON.stringify({ stay: { checkIn: day(40), checkOut: day(43) }, occupancies, destination: { code: destination } }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

function sameAsSchema(json: unknown) {
  const schema = availabilitySchema.safeParse(json);
  const read = availabilityRead(json);
  if (!schema.success) {
    expect(read).toBeNull();
    return;
  }
  // A reader may give up on an answer the schema takes (the schema then reads it), but never give another value.
  if (read !== null) expect(read).toEqual(availabilityOf(schema.data));
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
type Answer = { hotels: { hotels: { code: unknown; latitude?: unknown; name?: unknown; rooms: { name?: unknown; rates: Record<string, unknown>[] }[] }[] } & Record<string, unknown> };

describe('the availability answer read by hand', () => {
  it('gives what the schema gives on the simulator’s answers', async () => {
    const couple = (await simAnswer('BCN', [{ rooms: 1, adults: 2, children: 0 }])) as Answer;
    expect(couple.hotels.hotels.length).toBeGreaterThan(40);
    const family = (await simAnswer('LIS', [{ rooms: 1, adults: 2, children: 2, paxes: [{ type: 'CH', age: 9 }, { type: 'CH', age: 5 }] }, { rooms: 2, adults: 1, children: 0 }])) as Answer;
    for (const answer of [couple, family, { hotels: { total: 0 } }]) {
      const read = availabilityRead(answer);
      expect(read).not.toBeNull();
      expect(read).toEqual(availabilityOf(availabilitySchema.parse(answer)));
    }
    // Amounts and coordinates as numbers, codes as text, ages as a number: read alike.
    const numbers = clone(couple);
    const h = numbers.hotels.hotels[0]!;
    h.code = String(h.code);
    h.latitude = Number(h.latitude);
    h.rooms[0]!.rates[0]!.net = 120.5;
    h.rooms[0]!.rates[0]!.childrenAges = 7;
    sameAsSchema(numbers);
    expect(availabilityRead(numbers)).not.toBeNull();
  });

  it('takes nothing the schema refuses', async () => {
    const answer = (await simAnswer('ROM', [{ rooms: 1, adults: 2, children: 0 }])) as Answer;
    // Each change is to the first hotel: three are enough around it.
    answer.hotels.hotels = answer.hotels.hotels.slice(0, 3);
    const changes: ((a: Answer) => void)[] = [
      (a) => delete a.hotels.hotels[0]!.rooms[0]!.rates[0]!.rateKey,
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.rateKey = ''),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.net = 'about 100'),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.net = null),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.rateType = 'MAYBE'),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.rooms = 0),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.adults = 1.5),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.children = -1),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.allotment = '3'),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.boardCode = ''),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.boardName = 4),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.rateClass = null),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.childrenAges = { age: 4 }),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.cancellationPolicies = { amount: '1.00' }),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.cancellationPolicies = [{ amount: '1.00', from: '' }]),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.cancellationPolicies = [{ amount: 'x', from: '2030-01-01T00:00:00Z' }]),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.cancellationPolicies = [null]),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates = {} as never),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.name = 3),
      (a) => (a.hotels.hotels[0]!.rooms = null as never),
      (a) => (a.hotels.hotels[0]!.code = ''),
      (a) => (a.hotels.hotels[0]!.code = 1.5),
      (a) => (a.hotels.hotels[0]!.name = null),
      (a) => (a.hotels.hotels[0]!.latitude = ''),
      (a) => (a.hotels.hotels[0]!.latitude = 'north'),
      (a) => (a.hotels.hotels[0]!.latitude = null),
      (a) => (a.hotels.hotels = null as never),
      (a) => (a.hotels.total = -1),
      (a) => (a.hotels.checkIn = 20270101),
      (a) => (a.hotels.hotels[0] = null as never),
      // Taken by both: a field the adapter does not read, an empty list of policies.
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.promotions = [{ code: 'X' }]),
      (a) => (a.hotels.hotels[0]!.rooms[0]!.rates[0]!.cancellationPolicies = []),
    ];
    for (const change of changes) {
      const changed = clone(answer);
      change(changed);
      sameAsSchema(changed);
    }
    for (const odd of [null, [], 'hotels', { hotels: [] }, { hotels: null }, {}]) sameAsSchema(odd);
  });

  it('still says what is wrong with an answer out of shape', async () => {
    const answer = (await simAnswer('PAR', [{ rooms: 1, adults: 2, children: 0 }])) as Answer;
    delete answer.hotels.hotels[3]!.rooms[0]!.rates[0]!.rateKey;
    const bank = hotelbedsClient({ baseUrl: 'https://sim.test', apiKey: SIM_API_KEY, secret: SIM_SECRET, fetch: async () => new Response(JSON.stringify(answer), { status: 200 }) });
    const result = await bank.availability({ checkIn: day(40), checkOut: day(43), rooms: [{ adults: 2, children: [] }], place: { destination: 'PAR' } });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'malformed', message: expect.stringContaining('hotels.hotels.3.rooms.0.rates.0.rateKey') } });
  });
});
