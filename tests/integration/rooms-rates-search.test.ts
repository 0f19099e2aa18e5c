// The traveller's search and choice of room (docs/contract.md#rooms-rates-and-availability): `occupancy` parsed (and
// refused with the contract's sentence), a family priced by the plan's extra adult and child rules, a sold-out night and
// a stop sell taking a hotel out of the search and out of its rates, min stay and closed to arrival / departure,
// several rooms, a currency whose nights add up to the total, and the default stay. An org of its own, with hotels
// whose rooms and rates are written here.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, type Reply } from './helpers';
import { DB_TEST_TIMEOUT, d1Query, d1QueryAll } from './auth-helpers';
import { DEFAULT_INVENTORY_SQL } from '../../seed/parts/12-rooms-rates.mjs';
import { readRate } from '../../functions/flows/rates';
import { readDevVars } from '../../scripts/lib/server.mjs';
import { OCCUPANCY_MESSAGE } from '../../src/shared/rules/occupancy';
import { toMinor } from '../../src/shared/rules/money';

const HOST = `rates-${crypto.randomUUID().slice(0, 8)}.localhost`;
const CITY = 'Porto Rates';
const RATE_KEY = (readDevVars() as Record<string, string>).RATE_SIGNING_KEY!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The family hotel's rooms and plans, and the two hotels on the standard room and rate. */
const ids = { family: 0, fam: 0, dbl: 0, bar: 0, nrf: 0, soldOut: 0, stopped: 0, orgId: 0 };

const q = (text: string) => `'${text.replace(/'/g, "''")}'`;
const names = (en: string, fr: string, es: string) => q(JSON.stringify({ 'en-US': en, 'fr-FR': fr, 'es-ES': es }));

/** A room under a plan at one price from yesterday for 61 nights: one range, as a channel manager sends it. */
const rateNights = (product: number, room: number, plan: number, price: number) => `
  INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, price_usd_minor) VALUES (${product}, ${room}, ${plan}, date('now', '-1 day'), date('now', '+59 day'), ${price});`;
/** One night of every rate range of a product saying one thing more (a range of that night per room and plan). */
const onNight = (product: number, night: string, column: string) =>
  `INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, ${column})
     SELECT DISTINCT product_id, room_id, rate_plan_id, '${night}', '${night}', ${column === 'min_stay' ? 3 : 1} FROM rate_ranges WHERE product_id = ${product};`;

const search = (query: string) => call(`/api/products/search?type=HLT&city=${encodeURIComponent(CITY)}&per_page=50&${query}`, { host: HOST });
const rates = (product: number, query: string) => call(`/api/products/${product}/rates?${query}`, { host: HOST });
const listed = async (query: string) => {
  const r = await search(query);
  expect(r.status, r.text).toBe(200);
  return r.json.data.map((p: any) => p.product_id) as number[];
};
const refused = (r: Reply, status: number, code: string) => {
  expect(r.status, r.text).toBe(status);
  expectErrorShape(r.json, code);
};
const stay = (from: number, to: number) => `check_in=${day(from)}&check_out=${day(to)}`;

beforeAll(async () => {
  const [, , org] = await d1QueryAll(`
    INSERT INTO orgs (name) VALUES ('Rates Travel');
    INSERT INTO org_domains (host, org_id) VALUES ('${HOST}', last_insert_rowid());
    SELECT org_id AS id FROM org_domains WHERE host = '${HOST}';`);
  ids.orgId = org![0]!.id as number;
  const product = async (name: string, price: number, rating: number) =>
    (await d1Query<{ id: number }>(`
      INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, rating)
        VALUES (${ids.orgId}, 'HLT', ${q(name)}, '${CITY}', 'PT', 41.15, -8.61, ${price}, 'night', 4, 'Europe/Lisbon', ${rating});
      SELECT last_insert_rowid() AS id;`))[0]!.id;
  ids.soldOut = await product('Hotel of the Full Night', 8000, 4);
  ids.stopped = await product('Hotel of the Stop Sell', 9000, 3.5);
  // The standard room and rate for the two (the family hotel gets its own rooms first, so it is left alone).
  await d1Query(DEFAULT_INVENTORY_SQL);
  // The family hotel and its own rooms and plans in one transaction, so no default room is given it meanwhile.
  const family = `(SELECT id FROM products WHERE org_id = ${ids.orgId} AND name = 'Casa da Família')`;
  const roomOf = (code: string) => `(SELECT id FROM room_types WHERE product_id = ${family} AND code = '${code}')`;
  const planOf = (code: string) => `(SELECT id FROM rate_plans WHERE product_id = ${family} AND code = '${code}')`;
  const room = (code: string, name: string, max: [number, number, number], units: number) => `
    INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units)
      VALUES (${family}, ${ids.orgId}, '${code}', ${names(name, `${name} (fr)`, `${name} (es)`)}, ${max[0]}, ${max[1]}, ${max[2]}, ${units});`;
  const plan = (code: string, name: string, terms: string, rooms: string[]) => `
    INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, free_cancellation_days, cancellation_fee_percent, base_occupancy,
      extra_adult_usd_minor, child_usd_minor, child_free_under)
      VALUES (${family}, ${ids.orgId}, '${code}', ${names(name, `${name} (fr)`, `${name} (es)`)}, ${terms}, 2, 2000, 1500, 6);
    ${rooms.map((r) => `INSERT INTO rate_plan_rooms (rate_plan_id, room_id) VALUES (${planOf(code)}, ${roomOf(r)});`).join('\n')}`;
  const [made] = await d1Query<typeof ids>(`
    BEGIN IMMEDIATE;
    INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, rating)
      VALUES (${ids.orgId}, 'HLT', 'Casa da Família', '${CITY}', 'PT', 41.15, -8.61, 1, 'night', 5, 'Europe/Lisbon', 4.5);
    ${room('FAM', 'Family room', [3, 3, 5], 3)}
    ${room('DBL', 'Double room', [2, 0, 2], 5)}
    ${plan('BAR', 'Flexible rate', "'BB', 1, 3, NULL", ['FAM', 'DBL'])}
    ${plan('NRF', 'Non-refundable', "'RO', 0, NULL, NULL", ['DBL'])}
    COMMIT;
    SELECT ${family} AS family, ${roomOf('FAM')} AS fam, ${roomOf('DBL')} AS dbl, ${planOf('BAR')} AS bar, ${planOf('NRF')} AS nrf;`);
  Object.assign(ids, made);
  await d1QueryAll(rateNights(ids.family, ids.fam, ids.bar, 15000) + rateNights(ids.family, ids.dbl, ids.bar, 10000) + rateNights(ids.family, ids.dbl, ids.nrf, 9001));
  // A night sold out (no rooms for sale) at the first, a rate stop-sold at the second.
  await d1QueryAll(`
    INSERT INTO room_ranges (product_id, room_id, from_night, to_night, units) SELECT product_id, id, '${day(25)}', '${day(25)}', 0 FROM room_types WHERE product_id = ${ids.soldOut};
    ${onNight(ids.stopped, day(27), 'stop_sell')}
    ${onNight(ids.family, day(40), 'min_stay')}
    ${onNight(ids.family, day(45), 'closed_to_arrival')}
    ${onNight(ids.family, day(50), 'closed_to_departure')}`);
}, DB_TEST_TIMEOUT);

describe('occupancy', () => {
  it('takes one value per room, repeated, and refuses anything else with the contract’s sentence', async () => {
    expect((await search(`${stay(10, 11)}&occupancy=2-5,9&occupancy=1`)).status).toBe(200);
    expect((await rates(ids.family, `${stay(10, 11)}&occupancy=2-5,9&occupancy=1`)).status).toBe(200);
    const bad = ['abc', '0', '2-18', '10', '2-1,2,3,4,5,6,7', '2-', '2-5,,9'];
    for (const value of bad) {
      for (const r of [await search(`occupancy=${encodeURIComponent(value)}`), await rates(ids.family, `occupancy=${encodeURIComponent(value)}`)]) {
        refused(r, 400, 'BAD_REQUEST');
        expect(r.json.error.message).toContain(OCCUPANCY_MESSAGE);
        expect(r.json.error.issues.some((i: any) => i.path.startsWith('occupancy') && i.message === OCCUPANCY_MESSAGE), `${value}: ${r.text}`).toBe(true);
      }
    }
    const nine = Array.from({ length: 9 }, () => 'occupancy=1').join('&');
    refused(await search(nine), 400, 'BAD_REQUEST');
    expect((await search(Array.from({ length: 8 }, () => 'occupancy=1').join('&'))).status).toBe(200);
  });

  it('guests=N without occupancy is one room of N adults', async () => {
    const byGuests = await search(`${stay(10, 12)}&guests=3`);
    const byRoom = await search(`${stay(10, 12)}&occupancy=3`);
    expect(byGuests.json.data).toEqual(byRoom.json.data);
    expect(byGuests.json.data.every((p: any) => p.rooms === 1 && p.guests === 3)).toBe(true);
  });
});

describe('a family in one room', () => {
  it('is priced by the plan: base for two adults, a paying child from 6, the child of 5 free; only rooms that fit are offered', async () => {
    const r = await rates(ids.family, `${stay(10, 12)}&occupancy=2-5,9&currency=USD`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers['cache-control']).toContain('no-store');
    expect(r.json.data.nights).toBe(2);
    // The double takes no children: only the family room, under the one plan that sells it.
    expect(r.json.data.rooms).toHaveLength(1);
    const [fam] = r.json.data.rooms;
    expect(fam).toMatchObject({ room_id: ids.fam, code: 'FAM', name: 'Family room', max_adults: 3, max_children: 3, units_left: 3 });
    expect(fam.rates).toHaveLength(1);
    const [rate] = fam.rates;
    expect(rate).toMatchObject({ rate_plan_id: ids.bar, name: 'Flexible rate', board: 'BB', refundable: true, total: 330, currency: 'USD' });
    expect(rate.nights).toEqual([{ date: day(10), price: 165 }, { date: day(11), price: 165 }]);
    // Free until 3 days before check-in, 18:00 in Lisbon.
    expect(Date.parse(rate.free_cancellation_deadline)).toBeLessThan(Date.parse(`${day(10)}T00:00:00Z`));
    expect(new Date(rate.free_cancellation_deadline).toISOString().slice(0, 10) <= day(7)).toBe(true);
    const claim = await readRate(RATE_KEY, rate.rate_id);
    expect(claim).toMatchObject({ product_id: ids.family, room_id: ids.fam, rate_plan_id: ids.bar, check_in: day(10), check_out: day(12), occupancy: ['2-5,9'], total_usd_minor: 33000 });

    const found = (await search(`${stay(10, 12)}&occupancy=2-5,9&currency=USD`)).json.data.find((p: any) => p.product_id === ids.family);
    expect(found).toMatchObject({ price: 330, total_price: 330, nights: 2, rooms: 1, price_per_night: 165, guests: 4 });
  });

  it('a third adult and an older child pay their supplements', async () => {
    const r = await rates(ids.family, `${stay(10, 11)}&occupancy=3-7&currency=USD`);
    expect(r.json.data.rooms[0].rates[0]).toMatchObject({ total: 185 });
    expect((await rates(ids.family, `${stay(10, 11)}&occupancy=4&currency=USD`)).json.data.rooms).toEqual([]);
  });

  it('names rooms and rates in the traveller’s language', async () => {
    const r = await call(`/api/products/${ids.family}/rates?${stay(10, 11)}&occupancy=2&lang=fr-FR`, { host: HOST });
    expect(r.json.data.rooms.map((x: any) => x.name).sort()).toEqual(['Double room (fr)', 'Family room (fr)']);
    expect(r.json.data.rooms.flatMap((x: any) => x.rates.map((y: any) => y.name))).toContain('Non-refundable (fr)');
  });
});

describe('what cannot be sold is not listed', () => {
  it('a night with no room for sale takes the hotel out of the search and of its rates for stays over it', async () => {
    expect(await listed(stay(24, 26))).not.toContain(ids.soldOut);
    expect((await rates(ids.soldOut, stay(24, 26))).json.data.rooms).toEqual([]);
    expect(await listed(stay(26, 27))).toContain(ids.soldOut);
    expect((await rates(ids.soldOut, stay(26, 27))).json.data.rooms).toHaveLength(1);
  });

  it('a stop-sold rate does too', async () => {
    expect(await listed(stay(26, 28))).not.toContain(ids.stopped);
    expect((await rates(ids.stopped, stay(26, 28))).json.data.rooms).toEqual([]);
    expect(await listed(stay(28, 29))).toContain(ids.stopped);
  });

  it('counts and filters’ counts count only what is listed', async () => {
    const r = await search(stay(24, 28));
    expect(r.json.count).toBe(1);
    expect(r.json.data.map((p: any) => p.product_id)).toEqual([ids.family]);
    expect(r.json.facets.any_rating).toBe(1);
    expect(r.json.facets.rating.find((s: any) => s.min === 3).count).toBe(1);
    expect(r.json.facets.price_range).toEqual({ min: 90.01, max: 90.01 });
  });

  it('the arrival night’s minimum stay', async () => {
    expect(await listed(stay(40, 42))).not.toContain(ids.family);
    expect(await listed(stay(40, 43))).toContain(ids.family);
    // A stay that only passes through that night is not held to it.
    expect(await listed(stay(39, 41))).toContain(ids.family);
  });

  it('closed to arrival and closed to departure', async () => {
    expect(await listed(stay(45, 46))).not.toContain(ids.family);
    expect(await listed(stay(44, 46))).toContain(ids.family);
    expect(await listed(stay(49, 50))).not.toContain(ids.family);
    expect(await listed(stay(49, 51))).toContain(ids.family);
    expect((await rates(ids.family, stay(49, 50))).json.data.rooms).toEqual([]);
  });
});

describe('several rooms', () => {
  it('are priced together, each room by its own party, in a type with enough rooms left', async () => {
    const r = await rates(ids.family, `${stay(12, 13)}&occupancy=2&occupancy=1&currency=USD`);
    const totals = Object.fromEntries(r.json.data.rooms.map((x: any) => [x.code, x.rates.map((y: any) => y.total)]));
    // Two doubles: the non-refundable 90.01 twice, the flexible 100 twice; two family rooms 150 twice.
    expect(totals).toEqual({ DBL: [180.02, 200], FAM: [300] });
    const found = (await search(`${stay(12, 13)}&occupancy=2&occupancy=1&currency=USD`)).json.data.find((p: any) => p.product_id === ids.family);
    expect(found).toMatchObject({ price: 180.02, rooms: 2, nights: 1, price_per_night: 180.02, guests: 3 });
    // Four family rooms for four families: the hotel has three.
    const four = Array.from({ length: 4 }, () => 'occupancy=2-4').join('&');
    expect(await listed(`${stay(12, 13)}&${four}`)).not.toContain(ids.family);
    expect(await listed(`${stay(12, 13)}&${Array.from({ length: 3 }, () => 'occupancy=2-4').join('&')}`)).toContain(ids.family);
  });
});

describe('prices', () => {
  it('in another currency: each night converted, the nights adding up to the total, the search showing the same total', async () => {
    const r = await rates(ids.family, `${stay(14, 17)}&occupancy=2&currency=EUR`);
    expect(r.status, r.text).toBe(200);
    for (const room of r.json.data.rooms) {
      for (const rate of room.rates) {
        expect(rate.currency).toBe('EUR');
        expect(rate.nights).toHaveLength(3);
        expect(rate.nights.reduce((s: number, n: any) => s + toMinor(n.price, 'EUR'), 0)).toBe(toMinor(rate.total, 'EUR'));
      }
    }
    const cheapest = Math.min(...r.json.data.rooms.flatMap((x: any) => x.rates.map((y: any) => y.total)));
    const found = (await search(`${stay(14, 17)}&occupancy=2&currency=EUR`)).json.data.find((p: any) => p.product_id === ids.family);
    expect(found).toMatchObject({ currency: 'EUR', price: cheapest, total_price: cheapest, nights: 3 });
    expect(found.price_per_night).toBe(Math.round(toMinor(cheapest, 'EUR') / 3) / 100);
    const usd = (await search(`${stay(14, 17)}&occupancy=2&currency=USD`)).json.data.find((p: any) => p.product_id === ids.family);
    expect(usd.price).toBe(270.03);
    expect(found.price).not.toBe(usd.price);
  });

  it('sorted and filtered by the price of one night', async () => {
    const all = (await search(`${stay(30, 33)}&occupancy=2&currency=USD&sort=price`)).json.data;
    const perNight = all.map((p: any) => p.price_per_night);
    expect(perNight).toEqual([...perNight].sort((a, b) => a - b));
    expect(all.map((p: any) => p.product_id)).toEqual([ids.soldOut, ids.stopped, ids.family]);
    expect(all.map((p: any) => p.price)).toEqual([240, 270, 270.03]);
    const down = (await search(`${stay(30, 33)}&occupancy=2&currency=USD&sort=-price`)).json.data.map((p: any) => p.product_id);
    expect(down).toEqual([ids.family, ids.stopped, ids.soldOut]);
    const ranged = await search(`${stay(30, 33)}&occupancy=2&currency=USD&min_price=85&max_price=90`);
    expect(ranged.json.data.map((p: any) => p.product_id)).toEqual([ids.stopped]);
    expect(ranged.json.facets.price_range).toEqual({ min: 80, max: 90.01 });
    expect(ranged.json.facets.any_price).toBe(3);
  });

  it('with free cancellation asked: each hotel at its cheapest offer that still cancels free by its rate plan’s terms, none once no plan does', async () => {
    const family = (json: any) => json.data.find((p: any) => p.product_id === ids.family);
    const any = await search(`${stay(30, 33)}&occupancy=2&currency=USD`);
    expect(family(any.json)).toMatchObject({ price: 270.03 });
    // The cheapest double is non-refundable: cancelling free, the flexible rate's 100 a night (free until 3 days before).
    const free = await search(`${stay(30, 33)}&occupancy=2&currency=USD&free_cancellation=true`);
    expect(free.status, free.text).toBe(200);
    expect(family(free.json)).toMatchObject({ price: 300, price_per_night: 100 });
    expect(free.json.facets.free_cancellation).toBe(free.json.count);
    expect(free.json.facets.any_cancellation).toBe(any.json.count);
    // Sorted by price, the free price is the one sorted on.
    const sorted = (await search(`${stay(30, 33)}&occupancy=2&currency=USD&free_cancellation=true&sort=-price`)).json.data;
    expect(sorted[0]).toMatchObject({ product_id: ids.family, price: 300 });
    // Checking in two days from now, the flexible rate's three days have passed: nothing of its cancels free any more.
    const late = await search(`${stay(2, 3)}&occupancy=2&currency=USD&free_cancellation=true`);
    expect(late.status, late.text).toBe(200);
    expect(family(late.json)).toBeUndefined();
    expect(family((await search(`${stay(2, 3)}&occupancy=2&currency=USD`)).json)).toMatchObject({ price: 90.01 });
  });

  it('without dates: the org’s earliest check-in, for one night', async () => {
    const r = await search('occupancy=2&currency=USD');
    expect(r.status, r.text).toBe(200);
    const family = r.json.data.find((p: any) => p.product_id === ids.family);
    expect(family).toMatchObject({ nights: 1, rooms: 1, price: 90.01, price_per_night: 90.01 });
    const own = await rates(ids.family, 'occupancy=2&currency=USD');
    expect(own.json.data.nights).toBe(1);
    expect(own.json.data.rooms[0].rates[0].nights).toEqual([{ date: day(1), price: 90.01 }]);
  });

  it('a product the org does not have, or an activity, has no rates; a check-in too soon is refused', async () => {
    refused(await rates(999_999_999, stay(10, 11)), 404, 'NOT_FOUND');
    const act = await d1Query<{ id: number }>(`SELECT id FROM products WHERE org_id = 1 AND type = 'ACT' LIMIT 1`);
    refused(await call(`/api/products/${act[0]!.id}/rates?${stay(10, 11)}`), 404, 'NOT_FOUND');
    refused(await rates(ids.family, `check_in=${day(-1)}&check_out=${day(1)}`), 400, 'BAD_REQUEST');
    refused(await rates(ids.family, `check_in=${day(10)}&check_out=${day(10)}`), 400, 'BAD_REQUEST');
  });
});
