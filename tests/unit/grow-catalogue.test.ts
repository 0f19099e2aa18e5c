// The seed's rooms and rates (seed/parts/12-rooms-rates.mjs) and grow-catalogue (scripts/lib/grow-catalogue.mjs;
// CONTRACT section 17, "Capacity tests"), run over the migrations and the whole development seed in SQLite, as local
// D1 runs them, and priced by the one pricing rule (offersFor).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { offersFor } from '../../src/shared/rules/stay-rates';
import { lowestTotalsOf, offerIn, offersOfProducts } from '../../functions/flows/rates';
import { ariNights, inventoryFor } from '../../functions/db/ari';
import { d1Of } from './sqlite-d1';
import { parseRoom, type RoomParty } from '../../src/shared/rules/occupancy';
import { addDays } from '../../src/shared/rules/booking-dates';
import { distanceKm } from '../../functions/db/products';
import { buildSeedSql } from '../../seed/index.mjs';
import { CODE_PREFIX, growCatalogue, growStatements, hotelAddress, hotelName, planHotels, placeHotels, KNOWN_CITIES, seasonRanges } from '../../scripts/lib/grow-catalogue.mjs';

const { DatabaseSync } = await import('node:sqlite');
const ROOT = resolve(import.meta.dirname, '../..');
type Db = InstanceType<typeof DatabaseSync>;
type Row = Record<string, any>;

let db: Db;
let seedSql: string;
const all = (sql: string, ...binds: unknown[]) => db.prepare(sql).all(...(binds as never[])) as Row[];
const one = (sql: string, ...binds: unknown[]) => db.prepare(sql).get(...(binds as never[])) as Row;
const today = () => one("SELECT date('now') AS d").d as string;

beforeAll(async () => {
  db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  const dir = join(ROOT, 'migrations');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) db.exec(readFileSync(join(dir, file), 'utf8'));
  seedSql = await buildSeedSql({ devVars: {} });
  db.exec(seedSql);
}, 60_000);

/** A product's rooms, plans and nights as the Worker reads them (functions/db/ari.ts over this database), and its offers for a stay. */
async function offers(productId: number, checkIn: string, nights: number, rooms: RoomParty[]) {
  const checkOut = addDays(checkIn, nights);
  const inv = (await inventoryFor(d1Of(db), [productId], checkIn, checkOut)).get(productId)!;
  return offersFor(inv.rooms, inv.plans, inv.roomNights, inv.rateNights, { checkIn, checkOut, rooms });
}

/** A product's rate nights of one room type and plan (by code) on the given nights, folded from its ranges. */
async function rateNightsOf(productId: number, room: string, plan: string, from: string, to: string) {
  const { rateNights } = await ariNights(d1Of(db), productId, from, to);
  const roomId = one('SELECT id FROM room_types WHERE product_id = ? AND code = ?', productId, room).id;
  const planId = one('SELECT id FROM rate_plans WHERE product_id = ? AND code = ?', productId, plan).id;
  return rateNights.filter((n) => n.room_id === roomId && n.rate_plan_id === planId).sort((a, b) => a.night.localeCompare(b.night));
}

/** The first day from `offset` days ahead whose stay of `nights` is out of the peak (3 nights at least) and misses `avoid` (days ahead). */
function quietDay(offset: number, nights: number, avoid: number[] = [], weekday?: number) {
  const peak = (d: string) => d.slice(5) >= '12-23' || d.slice(5) <= '01-02';
  const avoided = new Set(avoid.map((k) => addDays(today(), k)));
  for (let day = addDays(today(), offset); ; day = addDays(day, 1)) {
    const stay = Array.from({ length: nights }, (_, i) => addDays(day, i));
    if (weekday !== undefined && new Date(`${day}T00:00:00Z`).getUTCDay() !== weekday) continue;
    if (!stay.some((d) => peak(d) || avoided.has(d))) return day;
  }
}

const productId = (name: string, orgId = 1) => one('SELECT id FROM products WHERE org_id = ? AND name = ?', orgId, name).id as number;
const party = (...rooms: string[]) => rooms.map((r) => parseRoom(r)!);
const checksum = () =>
  one(`SELECT (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM room_types) AS rooms, (SELECT COUNT(*) FROM rate_plans) AS plans,
    (SELECT COUNT(*) FROM rate_plan_rooms) AS links, (SELECT COUNT(*) FROM rate_ranges) AS ranges, (SELECT SUM(price_usd_minor) FROM rate_ranges) AS prices,
    (SELECT COUNT(*) FROM room_ranges) AS room_ranges, (SELECT SUM(COALESCE(stop_sell, 0) + COALESCE(units, 0)) FROM room_ranges) AS closed,
    (SELECT COUNT(*) FROM room_nights) AS room_nights, (SELECT SUM(sold) FROM room_nights) AS sold`);

describe('the seed’s rooms and rates', () => {
  it('runs again to the very same rows (the seed runs on every start)', () => {
    const before = { ...checksum() };
    db.exec(seedSql);
    expect({ ...checksum() }).toEqual(before);
  });

  it('the products with rooms and rates beside their standard rate still cost their standard rate at the lowest, for any stay and party it houses', async () => {
    for (const [name, unit, maxNights] of [['Chiado Heritage Suites', 18_900, 6], ['Sitges Mediterranean Resort', 28_700, 6], ['Shimokitazawa Machiya House', 19_800, 6]] as const) {
      const id = productId(name);
      expect(all('SELECT code FROM rate_plans WHERE product_id = ?', id).length, name).toBeGreaterThan(1);
      let choices = 0;
      for (let offset = 2; offset < 400; offset += 23) {
        for (const nights of [1, 3, maxNights]) {
          for (const rooms of [party('2'), party('1'), party('2-5,9'), party('4')]) {
            const found = await offers(id, addDays(today(), offset), nights, rooms);
            if (!found.length) continue; // a stop-sold night
            expect(found[0]!.plan.code, `${name} +${offset} ${nights}n`).toBe('BAR');
            expect(found[0]!.totalUsdMinor).toBe(unit * nights);
            choices = Math.max(choices, found.length);
          }
        }
      }
      expect(choices, name).toBeGreaterThanOrEqual(2);
    }
  });

  it('the Shimokitazawa house sells a week for less, non-refundable', async () => {
    const [cheapest] = await offers(productId('Shimokitazawa Machiya House'), quietDay(25, 7, [18, 19]), 7, party('2'));
    expect(cheapest!.plan).toMatchObject({ code: 'WEEK', refundable: false });
    expect(cheapest!.totalUsdMinor).toBeLessThan(19_800 * 7);
  });

  it('Lisbon’s two hotels selling only their own rooms: several rooms and boards, prices by season and weekday, dearer every night than the city’s cheapest hotel', async () => {
    for (const name of ['Baixa Pombalina Hotel', 'Príncipe Real Garden Hotel']) {
      const id = productId(name);
      expect(all("SELECT 1 FROM room_types WHERE product_id = ? AND code = 'STD'", id)).toEqual([]);
      const rooms = all('SELECT code FROM room_types WHERE product_id = ?', id);
      const plans = all('SELECT board, refundable, free_cancellation_days FROM rate_plans WHERE product_id = ?', id);
      expect(rooms.length).toBeGreaterThanOrEqual(3);
      expect(new Set(plans.map((p) => p.board)).size).toBeGreaterThanOrEqual(2);
      expect(new Set(plans.map((p) => p.refundable))).toEqual(new Set([0, 1]));
      const prices = one('SELECT MIN(price_usd_minor) AS low, COUNT(DISTINCT price_usd_minor) AS different FROM rate_ranges WHERE product_id = ? AND price_usd_minor >= 0', id);
      expect(prices.low).toBeGreaterThan(17_200); // Alfama Miradouro Hotel's flat nightly price: the city's cheapest
      expect(prices.different).toBeGreaterThan(20);
      // The cheapest offer of a stay is refundable (as every hotel's has been: the free-cancellation filter lists them all).
      for (let offset = 2; offset < 60; offset += 5) {
        const [cheapest] = await offers(id, addDays(today(), offset), 3, party('2'));
        if (cheapest) expect(cheapest.plan.refundable, `${name} +${offset}`).toBe(true);
      }
    }
    expect(one("SELECT MIN(n.price_usd_minor) AS p FROM rate_ranges n JOIN products p ON p.id = n.product_id WHERE p.org_id = 1 AND p.city = 'Lisbon' AND p.type = 'HLT' AND n.price_usd_minor >= 0").p).toBe(17_200);
  });

  it('a family of two adults and children of 5 and 9 gets a family room; one child pays, the other is under the free age', async () => {
    const day = quietDay(20, 2, [14, 15, 75, 76]);
    const found = await offers(productId('Baixa Pombalina Hotel'), day, 2, party('2-5,9'));
    expect(new Set(found.map((o) => o.room.code))).toEqual(new Set(['FAM']));
    const flex = found.find((o) => o.plan.code === 'FLEX')!;
    const base = await rateNightsOf(productId('Baixa Pombalina Hotel'), 'FAM', 'FLEX', day, addDays(day, 1));
    expect(flex.totalUsdMinor).toBe(base[0]!.price_usd_minor! + base[1]!.price_usd_minor! + 2 * 2_000);
  });

  it('some nights are sold out or closed, some arrivals need a longer stay', async () => {
    const baixa = productId('Baixa Pombalina Hotel');
    expect(await offers(baixa, addDays(today(), 75), 1, party('2'))).toEqual([]);
    const single = async (day: string) => (await offers(baixa, day, 1, party('1'))).map((o) => o.room.code);
    expect(await single(addDays(today(), 8))).not.toContain('SGL');
    expect(await single(quietDay(10, 1, [14, 15, 75, 76]))).toContain('SGL');
    const garden = productId('Príncipe Real Garden Hotel');
    expect((await offers(garden, addDays(today(), 30), 1, party('2-5'))).map((o) => o.room.code)).not.toContain('JRS');
    // A Friday arrival out of the peak (which asks for 3 nights) and away from the stop-sold night (+61).
    const friday = quietDay(3, 2, [61], 5);
    expect(await offers(garden, friday, 1, party('2'))).toEqual([]);
    expect((await offers(garden, friday, 2, party('2'))).length).toBeGreaterThan(0);
  });

  it('org 2’s copies keep only their standard room and rate', () => {
    const rows = all("SELECT DISTINCT r.code FROM room_types r JOIN products p ON p.id = r.product_id WHERE p.org_id = 2");
    expect(rows.map((r) => r.code)).toEqual(['STD']);
  });
});

describe('grow-catalogue', () => {
  const read = async (sqls: string[]) => sqls.map((s) => all(s));
  const write = async (sql: string, check: string) => {
    db.exec(sql);
    return all(check);
  };

  it('adds hotels, a share within 20 km of the city and the rest over the org’s other cities, each with 2 rooms, 2 plans and a year of prices', async () => {
    const before = checksum();
    const grown = await growCatalogue({ read, write, orgId: 1, hotels: 300, city: 'Lisbon', share: 0.4 });
    expect(grown.hotels).toBe(300);
    // Ranges, as a channel manager sends them: each hotel's room × plan a few dozen rows for the year, not 365.
    const perHotel = 4 * seasonRanges(today()).filter((r) => r.south === 0).length;
    expect(grown.rateRanges).toBeGreaterThanOrEqual(300 * 4 * 10);
    expect(grown.rateRanges).toBeLessThanOrEqual(300 * perHotel * 1.5);
    expect(grown.popular).toEqual({ city: 'Lisbon', hotels: 120 });
    expect(grown.cities.length).toBe(12);
    const hotels = all(`SELECT * FROM products WHERE org_id = 1 AND code GLOB '${CODE_PREFIX}[0-9]*'`);
    expect(hotels.length).toBe(300);
    expect(new Set(hotels.map((h) => h.name)).size).toBe(300);
    expect(new Set(hotels.map((h) => `${h.address}|${h.city}`)).size).toBe(300);
    const lisbon = hotels.filter((h) => h.city === 'Lisbon');
    expect(lisbon.length).toBe(120);
    // The city's centre: where the org's own products there are.
    const centre = one(`SELECT AVG(latitude) AS lat, AVG(longitude) AS lon FROM products WHERE org_id = 1 AND city = 'Lisbon' AND code NOT GLOB '${CODE_PREFIX}[0-9]*'`);
    for (const h of lisbon) expect(distanceKm(h.latitude, h.longitude, centre.lat, centre.lon)).toBeLessThanOrEqual(20);
    for (const h of hotels) {
      expect(JSON.parse(h.images)).toHaveLength(3);
      expect(h.time_zone).not.toBe('UTC');
    }
    expect(one(`SELECT COUNT(*) AS n FROM product_texts t JOIN products p ON p.id = t.product_id WHERE p.code GLOB '${CODE_PREFIX}[0-9]*' AND t.lang = 'fr-FR' AND t.city = 'Lisbonne'`).n).toBe(120);
    // Every hotel sells a party of two on a weekday stay out of the peak, and a family only in the family room.
    const sample = hotels.filter((_, i) => i % 25 === 0);
    let day = addDays(today(), 20);
    while ([5, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) || day.slice(5) >= '12-20' || day.slice(5) <= '01-05') day = addDays(day, 1);
    for (const h of sample) {
      const found = await offers(h.id, day, 2, party('2'));
      expect(found.length, h.name).toBe(4);
      expect(found[0]!.plan).toMatchObject({ code: 'NRF', refundable: false });
      expect((await offers(h.id, day, 2, party('2-5,9'))).map((o) => o.room.code)).toEqual(['FAM', 'FAM']);
    }
    // Nothing else moved: the seed's products, rooms, plans and nights are as they were.
    const after = checksum();
    expect(after.products - before.products).toBe(300);
    expect({ ...one(`SELECT COUNT(*) AS n, SUM(n.price_usd_minor) AS s FROM rate_ranges n JOIN products p ON p.id = n.product_id WHERE p.code NOT GLOB '${CODE_PREFIX}[0-9]*'`) }).toEqual({ n: before.ranges, s: before.prices });
  });

  it('running again adds more after the last, and leaves what is there alone', async () => {
    const was = one(`SELECT COUNT(*) AS n, SUM(price_usd_minor) AS s FROM rate_ranges`);
    const grown = await growCatalogue({ read, write, orgId: 1, hotels: 5 });
    expect(grown.first).toBe(`${CODE_PREFIX}000301`);
    expect(grown.last).toBe(`${CODE_PREFIX}000305`);
    expect(grown.popular).toBeNull();
    expect(one(`SELECT COUNT(*) AS n FROM rate_ranges`).n).toBe(was.n + grown.rateRanges);
    expect(grown.rateRanges).toBeGreaterThan(0);
  });

  it('the search’s lowest totals from kept ranges agree with the products’ own offers, in any currency, and see a change at once', async () => {
    const d1 = d1Of(db);
    const candidates = () => all(`SELECT id, ari_version FROM products WHERE org_id = 1 AND price_unit = 'night' AND status = 'ACTIVE' ORDER BY id`) as { id: number; ari_version: number }[];
    const rates = { USD: 1, EUR: 0.9137, JPY: 151.3 };
    for (const [offset, nights, rooms] of [[3, 1, party('2')], [20, 3, party('2-5,9')], [45, 2, party('2', '1')], [75, 1, party('2')], [130, 7, party('3')]] as const) {
      const stay = { checkIn: addDays(today(), offset), checkOut: addDays(today(), offset + nights), rooms };
      const list = candidates();
      const full = await offersOfProducts(d1, list.map((c) => c.id), stay);
      for (const currency of ['USD', 'EUR', 'JPY']) {
        const totals = await lowestTotalsOf(d1, list, stay, currency, rates);
        expect(totals.size, `+${offset}`).toBeGreaterThan(0);
        for (const c of list) {
          const offers = full.get(c.id) ?? [];
          const lowest = offers.length ? Math.min(...offers.map((o) => offerIn(o, currency, rates).totalMinor)) : undefined;
          expect(totals.get(c.id), `${c.id} +${offset} ${currency}`).toBe(lowest);
        }
      }
    }
    // A night's new price: the product's version moves, so the kept ranges are read again.
    const hotel = candidates().find((c) => c.id === productId('Chiado Heritage Suites'))!;
    const checkIn = quietDay(50, 1, [12, 13, 40]);
    const stay = { checkIn, checkOut: addDays(checkIn, 1), rooms: party('2') };
    const before = (await lowestTotalsOf(d1, [hotel], stay, 'USD', rates)).get(hotel.id)!;
    db.prepare(`INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, price_usd_minor)
      SELECT product_id, room_id, rate_plan_id, ?, ?, 1000 FROM rate_ranges WHERE product_id = ? GROUP BY room_id, rate_plan_id`).run(checkIn, checkIn, hotel.id);
    const moved = candidates().find((c) => c.id === hotel.id)!;
    expect(moved.ari_version).toBeGreaterThan(hotel.ari_version);
    // Under the version it was read with, the kept copy answers; under the new one, the change.
    expect((await lowestTotalsOf(d1, [hotel], stay, 'USD', rates)).get(hotel.id)).toBe(before);
    expect((await lowestTotalsOf(d1, [moved], stay, 'USD', rates)).get(hotel.id)).toBe(1000);
  });

  it('refuses what it cannot do', async () => {
    await expect(growCatalogue({ read, write, orgId: 1, hotels: 5, share: 0.5 })).rejects.toThrow('--share needs --city');
    await expect(growCatalogue({ read, write, orgId: 1, hotels: 5, city: 'Atlantis' })).rejects.toThrow('not a city this command knows');
    await expect(growCatalogue({ read, write, orgId: 99, hotels: 5 })).rejects.toThrow('There is no organisation 99');
    await expect(growCatalogue({ read, write, orgId: 1, hotels: 0 })).rejects.toThrow('--hotels');
  });

  it('sends the year as a channel manager would: per season and weekday group, every night once, and no statement over 100 KB', () => {
    const start = '2027-02-10';
    const ranges = seasonRanges(start);
    for (const south of [0, 1]) {
      const mine = ranges.filter((r) => r.south === south);
      for (let i = 0; i < 365; i++) {
        const day = addDays(start, i);
        const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // ISO Monday = bit 0
        expect(mine.filter((r) => r.start <= day && day <= r.end && (r.mask >> weekday) & 1), day).toHaveLength(1);
      }
      expect(mine.length).toBeLessThan(30);
    }
    const lisbon = { ...KNOWN_CITIES.find((c) => c.city === 'Lisbon')!, popular: true };
    const hotels = planHotels({ n: 2_000, startSeq: 1, where: placeHotels(2_000, lisbon, KNOWN_CITIES.filter((c) => c.city !== 'Lisbon'), 0.4) });
    for (const s of growStatements({ orgId: 1, hotels, today: start }).statements) expect(s.length).toBeLessThan(100_000);
  });

  it('names and addresses never repeat', () => {
    const seqs = Array.from({ length: 20_000 }, (_, i) => i + 1);
    expect(new Set(seqs.map(hotelName)).size).toBe(seqs.length);
    expect(new Set(seqs.map((s) => hotelAddress(s, 'PT'))).size).toBe(seqs.length);
    expect(new Set(seqs.map((s) => hotelAddress(s, 'US'))).size).toBe(seqs.length);
  });
});
