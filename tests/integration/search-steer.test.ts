// Search a traveller can steer (docs/contract.md#search): price range, star rating, sort by distance from the searched
// place, counts per filter, and what an empty result could relax; the old queries answer as before.
import { describe, expect, it } from 'vitest';
import { call, expectErrorShape } from './helpers';
import { day } from './booking-helpers';

type Item = { product_id: number; price: number; rating: number; total_price: number; distance_km?: number };
const search = async (query: string) => {
  const r = await call(`/api/products/search?${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json as { count: number; data: Item[]; facets: { rating: { min: number; count: number }[]; any_rating: number; any_price: number; price_range: { min: number; max: number } } };
};

describe('filters and their counts', () => {
  it('each star step counts what choosing it lists, and lists only products rated that or higher', async () => {
    const all = await search('type=HLT&per_page=50');
    expect(all.facets.any_rating).toBe(all.count);
    for (const step of all.facets.rating) {
      expect(step.count).toBe(all.data.filter((p) => p.rating >= step.min).length);
      const chosen = await search(`type=HLT&per_page=50&min_rating=${step.min}`);
      expect(chosen.count).toBe(step.count);
      expect(chosen.data.every((p) => p.rating >= step.min)).toBe(true);
    }
  });

  it('a price range in the visitor’s currency keeps the unit prices inside it, and the rating counts follow it', async () => {
    const all = await search('type=HLT&per_page=50&currency=EUR');
    const prices = all.data.map((p) => p.price).sort((a, b) => a - b);
    const [low, high] = [prices[3]!, prices[prices.length - 4]!];
    const ranged = await search(`type=HLT&per_page=50&currency=EUR&min_price=${low}&max_price=${high}`);
    expect(ranged.count).toBe(all.data.filter((p) => p.price >= low && p.price <= high).length);
    expect(ranged.data.every((p) => p.price >= low && p.price <= high)).toBe(true);
    expect(ranged.facets.any_rating).toBe(ranged.count);
    expect(ranged.facets.rating.find((s) => s.min === 4.5)!.count).toBe(ranged.data.filter((p) => p.rating >= 4.5).length);
    expect(ranged.facets.price_range).toEqual({ min: prices[0], max: prices[prices.length - 1] });
  });

  it('an empty result says what relaxing each filter would give', async () => {
    const none = await search('type=HLT&city=Paris&min_rating=4.5&max_price=1');
    expect(none.count).toBe(0);
    const anyPrice = await search('type=HLT&city=Paris&min_rating=4.5');
    const anyRating = await search('type=HLT&city=Paris&max_price=1');
    expect(none.facets.any_price).toBe(anyPrice.count);
    expect(none.facets.any_price).toBeGreaterThan(0);
    expect(none.facets.any_rating).toBe(anyRating.count);
  });

  it('near a point, the counts come from the products in the radius', async () => {
    const near = await search('type=HLT&latitude=48.8566&longitude=2.3522&radius_km=30&per_page=50');
    const starred = await search('type=HLT&latitude=48.8566&longitude=2.3522&radius_km=30&per_page=50&min_rating=4.5');
    expect(near.facets.rating.find((s) => s.min === 4.5)!.count).toBe(starred.count);
    expect(starred.data.every((p) => p.rating >= 4.5 && p.distance_km! <= 30)).toBe(true);
  });
});

describe('free cancellation', () => {
  type Facets = { free_cancellation: number; any_cancellation: number };
  const free = (items: (Item & { free_cancellation_deadline?: string | null })[], now: number) => items.filter((p) => p.free_cancellation_deadline && Date.parse(p.free_cancellation_deadline) > now);

  it('keeps exactly the results whose deadline on their hotel clock is still ahead, as counted beside the filter', async () => {
    // Check-in the day after tomorrow: the last free day is today, so whether 18:00 has passed depends on each hotel's zone.
    for (const checkIn of [day(2), day(20)]) {
      const query = `type=HLT&per_page=50&check_in=${checkIn}&check_out=${day(25)}`;
      const before = Date.now();
      const all = await search(query);
      const only = await search(`${query}&free_cancellation=1`);
      const after = Date.now();
      const facets = all.facets as unknown as Facets;
      expect(facets.any_cancellation).toBe(all.count);
      expect(only.count).toBe(facets.free_cancellation);
      // The filter keeps every hotel whose card's deadline (its type's rule) is still ahead, and a hotel past that rule
      // only when one of its rate plans' own terms still cancels free now (a plan free until the day before check-in).
      const ids = only.data.map((p) => p.product_id);
      for (const p of free(all.data, after)) expect(ids, `product ${p.product_id}`).toContain(p.product_id);
      // Each card of the filtered list says the deadline of the rate whose price it shows: still ahead.
      expect(free(only.data, before).map((p) => p.product_id)).toEqual(ids);
      const byRule = new Set(free(all.data, before).map((p) => p.product_id));
      for (const id of ids.filter((i) => !byRule.has(i))) {
        const r = await call(`/api/products/${id}/rates?check_in=${checkIn}&check_out=${day(25)}&guests=2`);
        const deadlines = (r.json.data.rooms as { rates: { free_cancellation_deadline: string | null }[] }[]).flatMap((room) => room.rates.map((x) => x.free_cancellation_deadline));
        expect(deadlines.some((d) => d !== null && Date.parse(d) > before), `product ${id}: a rate that still cancels free`).toBe(true);
      }
      if (checkIn === day(20)) expect(only.count).toBe(all.count);
    }
  });

  it('resorts are non-refundable: the filter lists none and the empty result can offer any terms', async () => {
    const only = await search(`type=RST&per_page=50&check_in=${day(20)}&check_out=${day(22)}&free_cancellation=1`);
    expect(only.count).toBe(0);
    expect((only.facets as unknown as Facets).free_cancellation).toBe(0);
    expect((only.facets as unknown as Facets).any_cancellation).toBeGreaterThan(0);
  });

  it('keeps the other filters: stars and free cancellation together', async () => {
    const q = `type=HLT&per_page=50&check_in=${day(20)}&check_out=${day(22)}`;
    const starred = await search(`${q}&min_rating=4.5`);
    const both = await search(`${q}&min_rating=4.5&free_cancellation=1`);
    expect(both.count).toBe(starred.count);
    expect((starred.facets as unknown as Facets).free_cancellation).toBe(starred.count);
  });

  it('a bad value is refused with the field named', async () => {
    const r = await call('/api/products/search?type=HLT&free_cancellation=yes');
    expect(r.status).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    expect(r.text).toContain('Use 1 for free cancellation only');
  });
});

describe('sort', () => {
  it('by distance from the searched city: nearest to the centre of its products first, each with its distance', async () => {
    const r = await search('type=HLT&city=New%20York&sort=distance');
    expect(r.count).toBeGreaterThanOrEqual(3);
    const km = r.data.map((p) => p.distance_km!);
    expect(km.every((k) => typeof k === 'number')).toBe(true);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
  });

  it('by price and by rating', async () => {
    const byPrice = (await search('type=STY&sort=price&per_page=50')).data.map((p) => p.price);
    expect([...byPrice].sort((a, b) => a - b)).toEqual(byPrice);
    const byRating = (await search('type=STY&sort=rating&per_page=50')).data.map((p) => p.rating);
    expect([...byRating].sort((a, b) => b - a)).toEqual(byRating);
  });
});

describe('existing queries and bad input', () => {
  it('a query without the new parameters answers as before, with the counts beside', async () => {
    const r = await search('type=ACT&city=Paris&currency=USD');
    // Fields are only ever added: the counts beside, and for a whole city's name the place as the visitor reads it (decision 0049).
    expect(Object.keys(r).sort()).toEqual(['count', 'data', 'facets', 'page', 'per_page', 'place']);
    expect(Object.keys(await search('type=ACT&city=Par&currency=USD')).sort()).toEqual(['count', 'data', 'facets', 'page', 'per_page']);
    expect(r.data.length).toBe(r.count);
  });

  it.each([
    ['a star step that is not offered', 'min_rating=2', 'min_rating', 'Choose one of 3, 4, 4.5'],
    ['a lowest price above the highest', 'min_price=300&max_price=100', 'min_price', 'The lowest price must not be above the highest'],
    ['a negative lowest price', 'min_price=-5', 'min_price', 'Too small: expected number to be >=0'],
  ])('%s → 400 naming the field', async (_, query, path, message) => {
    const r = await call(`/api/products/search?type=HLT&${query}`);
    expect(r.status).toBe(400);
    expectErrorShape(r.json, 'BAD_REQUEST');
    expect(r.json.error.issues[0]).toMatchObject({ path, ...(message.startsWith('Too small') ? {} : { message }) });
  });
});
