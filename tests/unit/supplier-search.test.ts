// The search's bed-bank part (functions/flows/supplier-search.ts, decision 0071) without a network or a database: each
// hotel priced at its cheapest way to house the whole party with the org's markup once, free cancellation only while
// the first charge is ahead, and a supplier that fails, is late, throws or answers nonsense costing `partial`, never
// an error and never more than the budget.
import { describe, expect, it } from 'vitest';
import { askSupplier, cheapestOffers, pricedAnswer, supplierPrices, type SupplierAsk } from '../../functions/flows/supplier-search';
import { sealSecret, type SupplierEnv } from '../../functions/flows/suppliers';
import type { Availability, BedBank, BedBankResult, SupplierRate } from '../../functions/outside/hotelbeds';
import type { SupplierCandidate } from '../../functions/db/products';
import { supplierSellMinor } from '../../src/shared/rules/supplier-price';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const RATES = { USD: 1, EUR: 0.9 };
const couple = [{ adults: 2, children: [] }];

const rate = (netMinor: number, extra: Partial<SupplierRate> = {}): SupplierRate => ({
  rateKey: `k${netMinor}`, recheck: false, rateClass: 'NOR', refundable: true, board: 'RO', boardCode: 'RO', boardName: null, netMinor, currency: 'EUR',
  cancellation: [], freeCancellationUntil: null, allotment: 3, rooms: 1, adults: 2, childAges: [], ...extra,
});
const hotel = (code: string, ...rates: SupplierRate[]) => ({
  code, name: `Hotel ${code}`, destinationCode: 'LIS', categoryCode: '4EST', stars: 4, latitude: 38.7, longitude: -9.1, rooms: [{ code: 'DBL', name: 'Double', rates }],
});
const availability = (...hotels: ReturnType<typeof hotel>[]): Availability => ({ checkIn: '2027-01-10', checkOut: '2027-01-12', hotels });

const candidate = (id: number, code: string): SupplierCandidate => ({ id, name: `Hotel ${code}`, rating: 4, time_zone: 'UTC', latitude: 38.7, longitude: -9.1, supplier_code: code });
/** A D1 stand-in answering the candidates' one statement, as it packs them (one JSON text of rows, functions/db/products.ts). */
const dbWith = (rows: SupplierCandidate[]) => {
  const packed = JSON.stringify(rows.map((r) => [r.id, r.name, r.rating, r.time_zone, r.latitude, r.longitude, r.supplier_code]));
  return { prepare: () => ({ bind: () => ({ first: async () => ({ packed }) }) }) } as unknown as D1Database;
};

function bankAnswering(answer: (signal: AbortSignal | undefined) => Promise<BedBankResult<Availability>>): BedBank {
  const never = async () => ({ ok: false, failure: { kind: 'refused', message: 'not here', status: 400, code: null } }) as const;
  return { availability: (_q, opts) => answer(opts?.signal), content: never, checkRates: never, book: never, booking: never, cancel: never } as BedBank;
}

function ask(bank: BedBank, budgetMs = 10_000, markupBps = 1_000) {
  const logged: { level: string; event: string; fields?: Record<string, unknown> }[] = [];
  const a: SupplierAsk = { connection: { supplier: 'hotelbeds', bank, markupBps }, budgetMs, log: (level, event, fields) => void logged.push({ level, event, fields }), later: () => undefined };
  return { a, logged };
}

const filter = { orgId: 7, type: 'HLT' as const, city: 'Lisbon' };
/** Each scenario its own org: an answer is kept per org, place, stay and party, in the isolate as at the edge. */
let orgs = 100;
const anOrg = () => ++orgs;
const stay = { checkIn: '2027-01-10', checkOut: '2027-01-12', rooms: couple };
const money = { currency: 'USD', rates: RATES };
const priceOf = (net: number, markupBps = 1_000) => supplierSellMinor(net, 'EUR', markupBps, 'USD', RATES);

describe('each supplier hotel’s cheapest stay', () => {
  it('sums the cheapest rate of each occupancy line and leaves out a hotel that cannot house one of them', () => {
    const twoParties = [{ adults: 2, children: [] }, { adults: 1, children: [7] }];
    const offers = cheapestOffers(
      availability(
        hotel('1', rate(20_000), rate(18_000), rate(9_000, { adults: 1, childAges: [7] }), rate(8_000, { adults: 1, childAges: [7] })),
        hotel('2', rate(10_000)),
      ),
      twoParties,
      NOW,
    );
    expect(offers).toEqual([{ code: '1', net: 26_000, currency: 'EUR', free: null }]);
  });

  it('prices rooms of different parties as the hotel’s page sells them: one room type, board and kind for every party', () => {
    const twoParties = [{ adults: 2, children: [] }, { adults: 2, children: [5, 9] }];
    const family = (net: number, extra: Partial<SupplierRate> = {}) => rate(net, { childAges: [5, 9], ...extra });
    const ahead = '2026-12-20T23:59:00+01:00';
    const split = { ...hotel('3'), rooms: [{ code: 'DBL', name: 'Double', rates: [rate(10_000)] }, { code: 'FAM', name: 'Family', rates: [family(15_000)] }] };
    const offers = cheapestOffers(
      availability(
        // The couple's cheapest rate is bed and breakfast, the family's room only: the stay is sold at 12,000 + 15,000.
        hotel('1', rate(9_000, { boardCode: 'BB' }), rate(12_000, { cancellation: [{ amountMinor: 1_000, from: ahead }] }), family(15_000, { cancellation: [{ amountMinor: 2_000, from: ahead }] })),
        split,
      ),
      twoParties,
      NOW,
    );
    expect(offers).toEqual([{ code: '1', net: 27_000, currency: 'EUR', free: { net: 27_000, until: new Date(ahead).toISOString() } }]);
  });

  it('counts a rate as free to cancel only while its first charge is still ahead', () => {
    const ahead = '2026-12-20T23:59:00+01:00';
    const past = '2026-11-30T00:00:00Z';
    const offers = cheapestOffers(
      availability(hotel('1', rate(15_000, { freeCancellationUntil: past }), rate(17_000, { freeCancellationUntil: ahead }), rate(16_000))),
      couple,
      NOW,
    );
    expect(offers).toEqual([{ code: '1', net: 15_000, currency: 'EUR', free: { net: 17_000, until: new Date(ahead).toISOString() } }]);
  });

  it('takes for one party only the rates of its occupancy line, as the cheapest and as the free-cancelling one', () => {
    const ahead = '2026-12-20T23:59:00+01:00';
    const family = [{ adults: 2, children: [9, 5] }];
    const offers = cheapestOffers(
      availability(
        hotel(
          '1',
          // Cheaper, but for other parties: two rooms, three adults, the children of other ages, no children.
          rate(5_000, { rooms: 2, childAges: [5, 9] }),
          rate(6_000, { adults: 3, childAges: [5, 9], freeCancellationUntil: ahead }),
          rate(7_000, { childAges: [4, 9], freeCancellationUntil: ahead }),
          rate(8_000, { freeCancellationUntil: ahead }),
          // The family's: the ages in either order.
          rate(12_000, { childAges: [9, 5] }),
          rate(14_000, { childAges: [5, 9], freeCancellationUntil: ahead }),
        ),
        hotel('2', rate(9_000)),
      ),
      family,
      NOW,
    );
    expect(offers).toEqual([{ code: '1', net: 12_000, currency: 'EUR', free: { net: 14_000, until: new Date(ahead).toISOString() } }]);
  });
});

describe('the supplier’s part of a search', () => {
  it('prices each imported hotel it sells with the org’s markup once, and leaves out a hotel the org has not imported', async () => {
    const { a } = ask(bankAnswering(async () => ({ ok: true, value: availability(hotel('1', rate(20_000)), hotel('99', rate(5_000))) })));
    const out = await supplierPrices(dbWith([candidate(41, '1'), candidate(42, '2')]), a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW);
    expect(out).toEqual({ partial: false, priced: [{ candidate: candidate(41, '1'), totalMinor: priceOf(20_000), free: null }] });
    // 200.00 EUR at 0.9 EUR to the dollar is 222.22 USD; 10 % more is 244.44 (one rounding each).
    expect(priceOf(20_000)).toBe(24_444);
  });

  it('a failing supplier gives partial and no hotels, logged', async () => {
    const { a, logged } = ask(bankAnswering(async () => ({ ok: false, failure: { kind: 'unavailable', message: 'HTTP 500', status: 500, code: 'SYSTEM_ERROR' } })));
    expect(await supplierPrices(dbWith([candidate(41, '1')]), a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: true });
    expect(logged).toMatchObject([{ level: 'warn', event: 'supplier.search_failed', fields: { kind: 'unavailable', status: 500 } }]);
  });

  it('a supplier that throws or answers out of shape gives partial, never an error', async () => {
    const thrower = ask(bankAnswering(async () => {
      throw new Error('boom');
    }));
    expect(await supplierPrices(dbWith([candidate(41, '1')]), thrower.a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: true });
    expect(thrower.logged[0]).toMatchObject({ level: 'error', fields: { reason: 'boom' } });
    const garbled = ask(bankAnswering(async () => ({ ok: false, failure: { kind: 'malformed', message: 'not JSON', status: 200, code: null } })));
    expect(await supplierPrices(dbWith([candidate(41, '1')]), garbled.a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: true });
  });

  it('stops waiting at the budget: a supplier slower than it gives partial in about the budget', async () => {
    const slow = bankAnswering(
      (signal) =>
        new Promise((done) => {
          const timer = setTimeout(() => done({ ok: true, value: availability(hotel('1', rate(20_000))) }), 5_000);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            done({ ok: false, failure: { kind: 'timeout', message: 'late', status: null, code: null } });
          });
        }),
    );
    const { a } = ask(slow, 200);
    const t0 = Date.now();
    expect(await supplierPrices(dbWith([candidate(41, '1')]), a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: true });
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  it('runs the budget from the search’s start: the steps before the ask are inside it, not added to it', async () => {
    let waited: AbortSignal | undefined;
    const never = bankAnswering(
      (signal) =>
        new Promise((done) => {
          waited = signal;
          signal?.addEventListener('abort', () => done({ ok: false, failure: { kind: 'timeout', message: 'late', status: null, code: null } }));
        }),
    );
    const { a } = ask(never, 10_000);
    // Begun 9.7 s ago: 300 ms of the budget are left.
    const t0 = Date.now();
    expect(await supplierPrices(dbWith([candidate(41, '1')]), { ...a, sinceMs: t0 - 9_700 }, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: true });
    expect(waited?.aborted).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2_000);
    // Begun after the whole budget: the supplier is not asked at all.
    let asked = 0;
    const { a: late } = ask(bankAnswering(async () => {
      asked++;
      return { ok: true, value: availability(hotel('1', rate(20_000))) };
    }), 1_000);
    expect(await supplierPrices(dbWith([candidate(41, '1')]), { ...late, sinceMs: Date.now() - 1_500 }, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: true });
    expect(asked).toBe(0);
  });

  it('asks nothing when the org has imported no hotel of the place, and that is not partial', async () => {
    let asked = 0;
    const { a } = ask(bankAnswering(async () => {
      asked++;
      return { ok: true, value: availability() };
    }));
    expect(await supplierPrices(dbWith([]), a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).toEqual({ priced: [], partial: false });
    expect(asked).toBe(0);
  });

  it('keeps an answer for the same question (org, place, stay, party) and never a failure', async () => {
    let asked = 0;
    let failing = true;
    const { a } = ask(bankAnswering(async () => {
      asked++;
      return failing
        ? { ok: false, failure: { kind: 'unavailable', message: 'HTTP 500', status: 500, code: null } }
        : { ok: true, value: availability(hotel('1', rate(20_000))) };
    }));
    const org = anOrg();
    const db = dbWith([candidate(41, '1')]);
    expect((await supplierPrices(db, a, { ...filter, orgId: org }, undefined, stay, money, NOW)).partial).toBe(true);
    failing = false;
    const priced = { partial: false, priced: [{ candidate: candidate(41, '1'), totalMinor: priceOf(20_000), free: null }] };
    expect(await supplierPrices(db, a, { ...filter, orgId: org }, undefined, stay, money, NOW)).toEqual(priced);
    expect(asked).toBe(2);
    // Asked again: answered from what was kept, even by a supplier failing now.
    failing = true;
    expect(await supplierPrices(db, a, { ...filter, orgId: org }, undefined, stay, money, NOW)).toEqual(priced);
    expect(asked).toBe(2);
    // Another party, another stay or another org is another question.
    expect((await supplierPrices(db, a, { ...filter, orgId: org }, undefined, { ...stay, rooms: [{ adults: 1, children: [] }] }, money, NOW)).partial).toBe(true);
    expect((await supplierPrices(db, a, { ...filter, orgId: org }, undefined, { ...stay, checkOut: '2027-01-13' }, money, NOW)).partial).toBe(true);
    expect((await supplierPrices(db, a, { ...filter, orgId: anOrg() }, undefined, stay, money, NOW)).partial).toBe(true);
    expect(asked).toBe(5);
  });
});

describe('the bed bank asked from the search’s first step', () => {
  const env = { PASSWORD_PEPPER: 'unit' } as SupplierEnv;
  /**
   * A D1 stand-in for the connection read with the place's hotels (one statement) and for the hotels alone: the hotels
   * are those of the city bound, and each statement's city is noted.
   */
  const dbOf = (connection: { enabled: number } | null, hotels: Record<string, SupplierCandidate[]>, cities: string[] = []) =>
    ({
      prepare: (sql: string) => ({
        bind: (...binds: unknown[]) => ({
          first: async () => {
            const city = String(binds[3]);
            cities.push(city);
            const packed = JSON.stringify((hotels[city] ?? []).map((r) => [r.id, r.name, r.rating, r.time_zone, r.latitude, r.longitude, r.supplier_code]));
            if (!sql.includes('FROM org_suppliers')) return { packed };
            if (!connection) return null;
            const row = { org_id: 7, supplier: 'hotelbeds', api_key: 'key', secret_sealed: await sealSecret(env, 'secret'), markup_bps: 1_000, updated_at: '' };
            return { ...row, enabled: connection.enabled, packed: connection.enabled === 1 ? packed : null };
          },
        }),
      }),
    }) as unknown as D1Database;
  const counting = () => {
    const calls: string[][] = [];
    const bank = bankAnswering(async () => ({ ok: true, value: availability(hotel('1', rate(20_000))) }));
    const counted: BedBank = { ...bank, availability: (q, opts) => (calls.push('hotels' in q.place ? q.place.hotels : []), bank.availability(q, opts)) };
    return { calls, bank: counted };
  };
  const deps = (db: D1Database, bank: BedBank) => ({ db, env, bank: () => bank, log: () => undefined, later: () => undefined });

  it('asks about the hotels of the stored city a translated name stands for, and prices them as the search does', async () => {
    const { calls, bank } = counting();
    const cities: string[] = [];
    const db = dbOf({ enabled: 1 }, { Lisbon: [candidate(41, '1')] }, cities);
    const orgId = anOrg();
    const q = askSupplier(deps(db, bank), { filter: { ...filter, orgId, city: 'Lisbonne' }, city: Promise.resolve('Lisbon') }, stay, NOW);
    expect(await q.asked).toEqual([candidate(41, '1')]);
    const net = await q.answer;
    expect(cities).toEqual(['Lisbonne', 'Lisbon']);
    expect(calls).toEqual([['1']]);
    expect(pricedAnswer(net!, money, NOW)).toEqual({ partial: false, priced: [{ candidate: candidate(41, '1'), totalMinor: priceOf(20_000), free: null }] });
  });

  it('reads the hotels once when the visitor wrote the stored name', async () => {
    const { calls, bank } = counting();
    const cities: string[] = [];
    const q = askSupplier(deps(dbOf({ enabled: 1 }, { Lisbon: [candidate(41, '1')] }, cities), bank), { filter: { ...filter, orgId: anOrg() }, city: Promise.resolve('Lisbon') }, stay, NOW);
    expect((await q.answer)?.candidates).toEqual([candidate(41, '1')]);
    expect(cities).toEqual(['Lisbon']);
    expect(calls).toHaveLength(1);
  });

  it('tells the search there is no bed bank (none, or switched off) and asks nothing', async () => {
    for (const connection of [null, { enabled: 0 }]) {
      const { calls, bank } = counting();
      const q = askSupplier(deps(dbOf(connection, { Lisbon: [candidate(41, '1')] }), bank), { filter: { ...filter, orgId: anOrg() } }, stay, NOW);
      expect(await q.asked).toBeNull();
      expect(await q.answer).toBeNull();
      expect(calls).toHaveLength(0);
    }
  });

  it('asks nothing for a search that is refused', async () => {
    const { calls, bank } = counting();
    const refused = Promise.reject(new Error('Unknown currency'));
    refused.catch(() => undefined);
    const q = askSupplier(deps(dbOf({ enabled: 1 }, { Lisbon: [candidate(41, '1')] }), bank), { filter: { ...filter, orgId: anOrg() }, ready: refused }, stay, NOW);
    expect(await q.asked).toBeNull();
    expect(await q.answer).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('asks about a place asked before under the org’s version at once: no read, and no wait for the currency this isolate’s rates took', async () => {
    const { calls, bank } = counting();
    const cities: string[] = [];
    const db = dbOf({ enabled: 1 }, { Lisbon: [candidate(41, '1'), candidate(42, '2')] }, cities);
    const orgId = anOrg();
    const place = { filter: { ...filter, orgId, city: 'Lisbonne' }, city: Promise.resolve('Lisbon'), orgVersion: 3 };
    expect((await askSupplier(deps(db, bank), place, stay, NOW).answer)?.candidates).toHaveLength(2);
    expect(cities).toEqual(['Lisbonne', 'Lisbon']);
    // Other dates of the same place: the hotels of the stored city asked about, nothing read, a currency never settled not waited for.
    const later = { ...stay, checkIn: '2027-02-10', checkOut: '2027-02-11' };
    const q = askSupplier(deps(db, bank), { ...place, city: new Promise<string>(() => undefined), ready: new Promise(() => undefined), surelyReady: true }, later, NOW);
    expect(await q.asked).toEqual([candidate(41, '1'), candidate(42, '2')]);
    expect(pricedAnswer((await q.answer)!, money, NOW).priced.map((p) => p.candidate.id)).toEqual([41]);
    expect(cities).toEqual(['Lisbonne', 'Lisbon']);
    expect(calls).toEqual([['1', '2'], ['1', '2']]);
    // Still the refusal's to settle when the currency is not one it took.
    const refused = Promise.reject(new Error('Unknown currency'));
    refused.catch(() => undefined);
    const r = askSupplier(deps(db, bank), { ...place, ready: refused }, { ...stay, checkIn: '2027-03-10', checkOut: '2027-03-11' }, NOW);
    expect(await r.answer).toBeNull();
    expect(calls).toHaveLength(2);
    // Another version of the org (its connection or a hotel changed): the place is read again.
    await askSupplier(deps(db, bank), { ...place, orgVersion: 4 }, stay, NOW).answer;
    expect(cities).toEqual(['Lisbonne', 'Lisbon', 'Lisbonne', 'Lisbon']);
  });

  it('a place kept for its hotels leaves out one not sold on the stay’s dates, as the statement would', async () => {
    const { calls, bank } = counting();
    const windowed = { ...candidate(42, '2') };
    const db = {
      prepare: () => ({
        bind: () => ({
          first: async () => ({
            org_id: 7, supplier: 'hotelbeds', api_key: 'key', secret_sealed: await sealSecret(env, 'secret'), markup_bps: 1_000, updated_at: '', enabled: 1,
            packed: JSON.stringify([[41, 'Hotel 1', 4, 'UTC', 38.7, -9.1, '1'], [42, windowed.name, 4, 'UTC', 38.7, -9.1, '2', '2027-02-01', null]]),
          }),
        }),
      }),
    } as unknown as D1Database;
    const place = { filter: { ...filter, orgId: anOrg(), checkIn: '2027-01-10', checkOut: '2027-01-12' }, orgVersion: 1 };
    expect(await askSupplier(deps(db, bank), place, stay, NOW).asked).toEqual([candidate(41, '1')]);
    const february = { ...place, filter: { ...place.filter, checkIn: '2027-02-10', checkOut: '2027-02-12' } };
    expect(await askSupplier(deps(db, bank), february, { ...stay, checkIn: '2027-02-10', checkOut: '2027-02-12' }, NOW).asked).toEqual([candidate(41, '1'), windowed]);
    expect(calls).toEqual([['1'], ['1', '2']]);
  });

  it('an answer another isolate kept at the edge, found while the call is on its way, serves and stops the call', async () => {
    let stopped: AbortSignal | undefined;
    let asked = 0;
    const bank = bankAnswering(async (signal) => {
      if (++asked === 1) return { ok: true, value: availability(hotel('1', rate(20_000))) };
      stopped = signal;
      return new Promise((done) => signal?.addEventListener('abort', () => done({ ok: false, failure: { kind: 'timeout', message: 'stopped', status: null, code: null } })));
    });
    const db = dbOf({ enabled: 1 }, { Lisbon: [candidate(41, '1')] });
    const place = { filter: { ...filter, orgId: anOrg() }, orgVersion: 1 };
    await askSupplier(deps(db, bank), place, stay, NOW).answer;
    const kept = [{ code: '1', net: 15_000, currency: 'EUR', free: null }];
    const looked: string[] = [];
    const holder = globalThis as { caches?: unknown };
    const before = holder.caches;
    holder.caches = { default: { match: async (req: Request) => (looked.push(req.url), new Response(JSON.stringify(kept))) } };
    try {
      const q = askSupplier(deps(db, bank), place, { ...stay, checkIn: '2027-04-10', checkOut: '2027-04-11' }, NOW);
      expect(pricedAnswer((await q.answer)!, money, NOW).priced).toEqual([{ candidate: candidate(41, '1'), totalMinor: priceOf(15_000), free: null }]);
    } finally {
      holder.caches = before;
    }
    expect(asked).toBe(2);
    expect(stopped?.aborted).toBe(true);
    expect(looked).toHaveLength(1);
    expect(looked[0]).toContain('2027-04-10');
  });

  it('a connection that cannot be read costs the search partial, never an error', async () => {
    const broken = { prepare: () => ({ bind: () => ({ first: async () => Promise.reject(new Error('D1 down')) }) }) } as unknown as D1Database;
    const logged: string[] = [];
    const q = askSupplier({ ...deps(broken, counting().bank), log: (_level, event) => void logged.push(event) }, { filter: { ...filter, orgId: anOrg() } }, stay, NOW);
    expect(await q.asked).toEqual([]);
    expect(pricedAnswer((await q.answer)!, money, NOW)).toEqual({ priced: [], partial: true });
    expect(logged).toEqual(['supplier.search_failed']);
  });
});
