// Product search and details (docs/contract.md#booking): eligible types per org, filters, dates, currencies, pagination, bad input.
import { describe, expect, it } from 'vitest';
import { ACME, call, expectErrorShape } from './helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('product search', () => {
  it('with no city or coordinates lists every product of the type, paginated', async () => {
    const first = await call('/api/products/search?type=HLT');
    expect(first.status).toBe(200);
    expect(first.json.count).toBeGreaterThanOrEqual(20);
    expect(first.json.data).toHaveLength(10);
    const lastPage = Math.ceil(first.json.count / 10);
    const last = await call(`/api/products/search?type=HLT&page=${lastPage}`);
    expect(last.json.data.length).toBe(first.json.count - (lastPage - 1) * 10);
    const seen = new Set<number>();
    for (let p = 1; p <= lastPage; p++) for (const item of (await call(`/api/products/search?type=HLT&page=${p}`)).json.data) seen.add(item.product_id);
    expect(seen.size).toBe(first.json.count);
    for (const [type, min] of [['ACT', 10], ['RST', 10], ['STY', 10]] as const) {
      expect((await call(`/api/products/search?type=${type}`)).json.count).toBeGreaterThanOrEqual(min);
    }
  });

  it('answers the contract shape for every item', async () => {
    const r = await call('/api/products/search?type=ACT&per_page=3');
    for (const item of r.json.data) {
      expect(item).toMatchObject({ type: 'ACT', currency: 'USD' });
      expect(typeof item.product_id).toBe('number');
      expect(typeof item.name).toBe('string');
      expect(typeof item.city).toBe('string');
      expect(typeof item.price).toBe('number');
      // The cover photograph, at its default width (docs/decisions/0032-photographs.md).
      expect(item.image).toMatch(/^\/api\/images\/[0-9a-f]{64}\/\d+$/);
    }
  });

  it('spans at least 8 cities', async () => {
    const cities = new Set<string>();
    for (const type of ['HLT', 'ACT', 'RST', 'STY']) {
      const r = await call(`/api/products/search?type=${type}&per_page=50`);
      for (const item of r.json.data) cities.add(item.city);
    }
    expect(cities.size).toBeGreaterThanOrEqual(8);
  });

  it('filters by city, in any case', async () => {
    const r = await call('/api/products/search?type=HLT&city=paris');
    expect(r.json.count).toBeGreaterThan(0);
    expect(r.json.data.every((p: any) => p.city === 'Paris')).toBe(true);
    const none = await call('/api/products/search?type=HLT&city=Atlantis');
    expect(none.json).toMatchObject({ count: 0, data: [] });
  });

  it('by coordinates lists products within the radius, nearest first', async () => {
    const r = await call('/api/products/search?type=ACT&latitude=48.8584&longitude=2.2945&radius_km=30');
    expect(r.status).toBe(200);
    expect(r.json.count).toBeGreaterThan(0);
    const d = r.json.data.map((p: any) => p.distance_km);
    expect(d).toEqual([...d].sort((a: number, b: number) => a - b));
    expect(d.every((km: number) => km <= 30)).toBe(true);
    expect(r.json.data.every((p: any) => p.city === 'Paris')).toBe(true);
    const far = await call('/api/products/search?type=ACT&latitude=0&longitude=-30&radius_km=100');
    expect(far.json.count).toBe(0);
  });

  it('converts prices to the requested currency', async () => {
    const usd = await call('/api/products/search?type=HLT&per_page=50');
    const eur = await call('/api/products/search?type=HLT&per_page=50&currency=eur');
    const jpy = await call('/api/products/search?type=HLT&per_page=50&currency=JPY');
    expect(eur.json.data[0].currency).toBe('EUR');
    const byId = new Map(usd.json.data.map((p: any) => [p.product_id, p.price]));
    const ratios = eur.json.data.map((p: any) => p.price / (byId.get(p.product_id) as number));
    expect(Math.max(...ratios) - Math.min(...ratios)).toBeLessThan(0.001);
    expect(ratios[0]).not.toBeCloseTo(1, 2);
    for (const p of eur.json.data) expect(Math.round(p.price * 100)).toBeCloseTo(p.price * 100, 6);
    for (const p of jpy.json.data) expect(Number.isInteger(p.price)).toBe(true);
  });

  it('prices a stay for its nights and an activity for its guests', async () => {
    const stay = await call(`/api/products/search?type=HLT&check_in=${day(10)}&check_out=${day(13)}&guests=2&per_page=1`);
    // A hotel's price is the whole stay's for every room (docs/contract.md#rooms-rates-and-availability), its share of
    // a night beside it.
    expect(stay.json.data[0]).toMatchObject({ nights: 3, rooms: 1 });
    expect(stay.json.data[0].total_price).toBe(stay.json.data[0].price);
    expect(stay.json.data[0].price_per_night).toBeCloseTo(stay.json.data[0].price / 3, 2);
    const act = await call(`/api/products/search?type=ACT&check_in=${day(10)}&guests=3&per_page=1`);
    expect(act.json.data[0].total_price).toBeCloseTo(act.json.data[0].price * 3, 2);
  });

  it('leaves out products for fewer guests than asked', async () => {
    const all = await call('/api/products/search?type=STY&per_page=50');
    const six = await call('/api/products/search?type=STY&per_page=50&guests=6');
    expect(six.json.count).toBeGreaterThan(0);
    expect(six.json.count).toBeLessThan(all.json.count);
  });

  it('refuses a check-in before today + minCheckinDays (org 1: 1 day, org 2: 3 days)', async () => {
    const today = await call(`/api/products/search?type=HLT&check_in=${day(0)}`);
    expect(today.status).toBe(400);
    expectErrorShape(today.json, 'BAD_REQUEST');
    expect((await call(`/api/products/search?type=HLT&check_in=${day(2)}`)).status).toBe(200);
    expect((await call(`/api/products/search?type=HLT&check_in=${day(2)}`, { host: ACME })).status).toBe(400);
    expect((await call(`/api/products/search?type=HLT&check_in=${day(4)}`, { host: ACME })).status).toBe(200);
  });

  it('offers only the org’s eligible types', async () => {
    const acme = await call('/api/products/search?type=RST', { host: ACME });
    expect(acme.status).toBe(404);
    expectErrorShape(acme.json, 'NOT_FOUND');
    for (const type of ['HLT', 'ACT', 'STY']) expect((await call(`/api/products/search?type=${type}`, { host: ACME })).json.count).toBeGreaterThan(0);
  });

  it('every bad query gets 400, never 500', async () => {
    const bad = [
      'type=XYZ', 'type=HLT&latitude=40', 'type=HLT&longitude=2', 'type=HLT&latitude=abc&longitude=2', 'type=HLT&latitude=91&longitude=0',
      'page=0', 'page=-1', 'page=1.5', 'guests=0', 'guests=99', 'check_in=2027-02-30', 'check_in=tomorrow', `check_out=${day(5)}`,
      `check_in=${day(10)}&check_out=${day(5)}`, `check_in=${day(5)}&check_out=${day(200)}`, 'currency=XXX', 'currency=EURO', 'per_page=1000', 'radius_km=-4',
    ];
    for (const query of bad) {
      const r = await call(`/api/products/search?${query}`);
      expect(r.status, query).toBe(400);
      expectErrorShape(r.json, 'BAD_REQUEST');
    }
  });
});

describe('product details', () => {
  it('shows one product of the org with images, description and price', async () => {
    const list = await call('/api/products/search?type=STY&per_page=1');
    const id = list.json.data[0].product_id;
    const r = await call(`/api/products/${id}?currency=GBP`);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ product_id: id, type: 'STY', currency: 'GBP' });
    expect(r.json.data.images.length).toBeGreaterThan(0);
    expect(r.json.data.description.length).toBeGreaterThan(40);
    expect(typeof r.json.data.price).toBe('number');
  });

  it('another org’s product is not found', async () => {
    const acme = await call('/api/products/search?type=HLT&per_page=1', { host: ACME });
    const id = acme.json.data[0].product_id;
    expect((await call(`/api/products/${id}`, { host: ACME })).status).toBe(200);
    const r = await call(`/api/products/${id}`);
    expect(r.status).toBe(404);
    expectErrorShape(r.json, 'NOT_FOUND');
  });

  it('unknown or malformed ids are 404, a bad currency 400', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '0']) expect((await call(`/api/products/${id}`)).status, id).toBe(404);
    expect((await call('/api/products/1?currency=ZZZ')).status).toBe(400);
  });

  it('suggests destination cities', async () => {
    const r = await call('/api/products/cities?q=lis');
    expect(r.json.data.map((c: any) => c.city)).toContain('Lisbon');
    const acme = await call('/api/products/cities?q=can', { host: ACME });
    expect(acme.json.data.map((c: any) => c.city)).not.toContain('Cancún');
  });
});
