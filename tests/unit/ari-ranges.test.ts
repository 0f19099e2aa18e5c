// Rates and availability as ranges (docs/decisions/0059-ari-as-ranges.md): the folding rule (the latest range saying a
// field wins, on its weekdays; nothing said is the default), the triggers' compaction and no-oversell over ranges, and
// the migration from nights to ranges selling every stay at the very same prices. Over the migrations in SQLite, as
// local D1 runs them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calendarOf, foldRateRanges, foldRoomRanges, isoWeekday, lowestTotal, packForPricing, weekdayMask, weekdaysOf, type LowestOut, type RateRange, type RoomRange,
} from '../../src/shared/rules/ari-ranges';
import { offersFor, type RateNight, type RatePlan, type RoomNight, type RoomType } from '../../src/shared/rules/stay-rates';
import { addDays } from '../../src/shared/rules/booking-dates';
import { parseRoom } from '../../src/shared/rules/occupancy';
import { ariStatements, inventoryFor } from '../../functions/db/ari';
import { d1Of } from './sqlite-d1';

const { DatabaseSync } = await import('node:sqlite');
const ROOT = resolve(import.meta.dirname, '../..');

const rate = (id: number, from: string, to: string, fields: Partial<RateRange>, weekdays = 127): RateRange => ({
  id, room_id: 1, rate_plan_id: 1, from_night: from, to_night: to, weekdays, price_usd_minor: null, min_stay: null, max_stay: null,
  closed_to_arrival: null, closed_to_departure: null, stop_sell: null, ...fields,
});
const room = (id: number, from: string, to: string, fields: Partial<RoomRange>, weekdays = 127): RoomRange => ({
  id, room_id: 1, from_night: from, to_night: to, weekdays, units: null, stop_sell: null, ...fields,
});
const byNight = <T extends { night: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.night, r]));

describe('folding ranges into nights', () => {
  // 2030-01-07 is a Monday.
  it('weekdays: ISO, Monday bit 0; a range applies only on its weekdays', () => {
    expect(isoWeekday('2030-01-07')).toBe(1);
    expect(isoWeekday('2030-01-13')).toBe(7);
    expect(weekdayMask([1, 7])).toBe(0b1000001);
    expect(weekdayMask()).toBe(127);
    expect(weekdaysOf(0b0110000)).toEqual([5, 6]);
    const nights = byNight(foldRateRanges([rate(1, '2030-01-01', '2030-01-31', { price_usd_minor: 100 }), rate(2, '2030-01-01', '2030-01-31', { price_usd_minor: 150 }, weekdayMask([5, 6]))], '2030-01-07', '2030-01-13'));
    expect(Object.values(nights).map((n) => n.price_usd_minor)).toEqual([100, 100, 100, 100, 150, 150, 100]);
  });

  it('a later narrower range overrides an earlier wide one there only; an earlier one never overrides a later', () => {
    const wide = rate(5, '2030-01-01', '2030-12-31', { price_usd_minor: 100, min_stay: 2 });
    const narrow = rate(9, '2030-03-10', '2030-03-12', { price_usd_minor: 300 });
    const older = rate(1, '2030-03-11', '2030-03-11', { price_usd_minor: 999, max_stay: 7 });
    const nights = byNight(foldRateRanges([narrow, older, wide], '2030-03-09', '2030-03-13'));
    expect(Object.values(nights).map((n) => n.price_usd_minor)).toEqual([100, 300, 300, 300, 100]);
    // What the later ranges do not say comes from the earlier ones.
    expect(Object.values(nights).map((n) => n.min_stay)).toEqual([2, 2, 2, 2, 2]);
    expect(nights['2030-03-11']!.max_stay).toBe(7);
  });

  it('nothing said is the default; a price or max stay cleared is "not for sale" and "no maximum"', () => {
    const nights = byNight(
      foldRateRanges(
        [
          rate(1, '2030-01-01', '2030-01-10', { price_usd_minor: 100, max_stay: 5, closed_to_arrival: 1 }),
          rate(2, '2030-01-03', '2030-01-03', { price_usd_minor: -1 }),
          rate(3, '2030-01-04', '2030-01-04', { max_stay: 0, closed_to_arrival: 0 }),
          rate(4, '2030-01-12', '2030-01-12', { min_stay: 3 }),
        ],
        '2030-01-01',
        '2030-01-14',
      ),
    );
    expect(nights['2030-01-02']).toEqual({ room_id: 1, rate_plan_id: 1, night: '2030-01-02', price_usd_minor: 100, min_stay: 1, max_stay: 5, closed_to_arrival: 1, closed_to_departure: 0, stop_sell: 0 });
    expect(nights['2030-01-03']!.price_usd_minor).toBeNull();
    expect(nights['2030-01-04']).toMatchObject({ price_usd_minor: 100, max_stay: null, closed_to_arrival: 0 });
    // A night no range covers is absent (not for sale); one covered by restrictions only has no price.
    expect(nights['2030-01-11']).toBeUndefined();
    expect(nights['2030-01-12']).toMatchObject({ price_usd_minor: null, min_stay: 3 });
  });

  it('rooms: units and stop sell from the latest range saying them, rooms sold per night', () => {
    const nights = byNight(
      foldRoomRanges(
        [room(1, '2030-01-01', '2030-01-31', { units: 4 }), room(2, '2030-01-05', '2030-01-06', { stop_sell: 1 }), room(3, '2030-01-06', '2030-01-06', { units: 0 })],
        [{ room_id: 1, night: '2030-01-04', sold: 3 }, { room_id: 2, night: '2030-01-04', sold: 1 }],
        '2030-01-03',
        '2030-01-06',
      ).filter((n) => n.room_id === 1),
    );
    expect(nights['2030-01-03']).toEqual({ room_id: 1, night: '2030-01-03', units: 4, sold: 0, stop_sell: 0 });
    expect(nights['2030-01-04']!.sold).toBe(3);
    expect(nights['2030-01-05']).toMatchObject({ units: 4, stop_sell: 1 });
    expect(nights['2030-01-06']).toMatchObject({ units: 0, stop_sell: 1 });
    const other = foldRoomRanges([], [{ room_id: 2, night: '2030-01-04', sold: 1 }], '2030-01-03', '2030-01-06');
    expect(other).toEqual([{ room_id: 2, night: '2030-01-04', units: null, sold: 1, stop_sell: 0 }]);
  });
});

describe('the search’s lowest total', () => {
  it('is offersFor’s lowest total, each night converted, for any ranges, rooms sold, party and stay', () => {
    const BASE = '2031-03-26';
    let sells = 0;
    // Mostly "not said", so that many worlds sell: a price on every room and plan first, then overrides.
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: arb, weight: 1 });
    const world = fc.record({
      rooms: fc.array(fc.record({ adults: fc.integer({ min: 1, max: 4 }), children: fc.integer({ min: 0, max: 3 }), guests: fc.integer({ min: 2, max: 6 }), units: fc.integer({ min: 0, max: 5 }) }), { minLength: 1, maxLength: 3 }),
      plans: fc.array(fc.record({ base: fc.integer({ min: 1, max: 3 }), extra: fc.integer({ min: 0, max: 3000 }), child: fc.integer({ min: 0, max: 2000 }), freeUnder: fc.integer({ min: 0, max: 12 }), sells: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
      base: fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 9, maxLength: 9 }),
      rates: fc.array(fc.record({
        room: fc.nat(2), plan: fc.nat(2), from: fc.integer({ min: -3, max: 12 }), length: fc.integer({ min: 0, max: 10 }), weekdays: fc.integer({ min: 1, max: 127 }),
        price: maybe(fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 50_000 }))), minStay: maybe(fc.integer({ min: 1, max: 5 })), maxStay: maybe(fc.integer({ min: 0, max: 8 })),
        cta: maybe(fc.integer({ min: 0, max: 1 })), ctd: maybe(fc.integer({ min: 0, max: 1 })), stop: maybe(fc.integer({ min: 0, max: 1 })),
      }), { maxLength: 10 }),
      roomRanges: fc.array(fc.record({ room: fc.nat(2), from: fc.integer({ min: -3, max: 12 }), length: fc.integer({ min: 0, max: 10 }), weekdays: fc.integer({ min: 1, max: 127 }), units: maybe(fc.integer({ min: 0, max: 5 })), stop: maybe(fc.integer({ min: 0, max: 1 })) }), { maxLength: 4 }),
      sold: fc.array(fc.record({ room: fc.nat(2), night: fc.integer({ min: 0, max: 16 }), sold: fc.integer({ min: 1, max: 3 }) }), { maxLength: 4 }),
      order: fc.array(fc.nat(1000), { minLength: 30, maxLength: 30 }),
      checkIn: fc.integer({ min: 0, max: 8 }),
      nights: fc.integer({ min: 1, max: 6 }),
      parties: fc.array(fc.record({ adults: fc.integer({ min: 1, max: 3 }), children: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 2 }) }), { minLength: 1, maxLength: 2 }),
      euro: fc.boolean(),
      freePlans: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    });
    fc.assert(
      fc.property(world, (w) => {
        const rooms = w.rooms.map((r, i): RoomType => ({ room_id: i + 1, code: `R${i}`, name: { 'en-US': 'R' }, max_adults: r.adults, max_children: r.children, max_occupancy: r.guests, units: r.units }));
        const plans = w.plans.map((p, i): RatePlan => ({
          rate_plan_id: 10 + i, code: `P${i}`, name: { 'en-US': 'P' }, board: 'RO', refundable: true, free_cancellation_days: null, cancellation_fee_percent: null,
          base_occupancy: p.base, extra_adult_usd_minor: p.extra, child_usd_minor: p.child, child_free_under: p.freeUnder,
          room_ids: rooms.filter((_, k) => p.sells[k]).map((r) => r.room_id),
        }));
        // Ids in a random order (the order ranges were written is what folding follows).
        const id = (k: number) => w.order[k % w.order.length]! * 100 + k;
        const priced = rooms.flatMap((room) => plans.map((plan) => ({ room, plan }))).map(({ room, plan }, k): RateRange => ({
          id: k - 100, room_id: room.room_id, rate_plan_id: plan.rate_plan_id, from_night: addDays(BASE, -5), to_night: addDays(BASE, 30), weekdays: 127,
          price_usd_minor: w.base[k]!, min_stay: null, max_stay: null, closed_to_arrival: null, closed_to_departure: null, stop_sell: null,
        }));
        const rateRanges = [...priced, ...w.rates.map((r, k): RateRange => ({
          id: id(k), room_id: (r.room % rooms.length) + 1, rate_plan_id: 10 + (r.plan % plans.length), from_night: addDays(BASE, r.from), to_night: addDays(BASE, r.from + r.length),
          weekdays: r.weekdays, price_usd_minor: r.price, min_stay: r.minStay, max_stay: r.maxStay, closed_to_arrival: r.cta, closed_to_departure: r.ctd, stop_sell: r.stop,
        }))];
        const roomRanges = w.roomRanges.map((r, k): RoomRange => ({
          id: id(k + 15), room_id: (r.room % rooms.length) + 1, from_night: addDays(BASE, r.from), to_night: addDays(BASE, r.from + r.length), weekdays: r.weekdays, units: r.units, stop_sell: r.stop,
        }));
        const sold = w.sold.map((s) => ({ room_id: (s.room % rooms.length) + 1, night: addDays(BASE, s.night), sold: s.sold }));
        const soldOnce = [...new Map(sold.map((s) => [`${s.room_id}|${s.night}`, s])).values()];
        const checkIn = addDays(BASE, w.checkIn);
        const checkOut = addDays(checkIn, w.nights);
        const stay = { checkIn, checkOut, rooms: w.parties };
        const convert = w.euro ? (usd: number) => Math.round(usd * 0.9137) : (usd: number) => usd;
        const offers = offersFor(rooms, plans, foldRoomRanges(roomRanges, soldOnce, checkIn, addDays(checkOut, -1)), foldRateRanges(rateRanges, checkIn, checkOut), stay);
        const expected = offers.length ? Math.min(...offers.map((o) => o.nights.reduce((sum, n) => sum + convert(n.usdMinor), 0))) : null;
        const pack = packForPricing(rooms, plans, rateRanges, roomRanges, soldOnce);
        expect(lowestTotal(pack, stay, calendarOf(checkIn, checkOut), convert)).toBe(expected);
        // The free-cancellation filter's total: the lowest among the offers of the plans marked as still cancelling free.
        const free = Uint8Array.from(plans, (_, i) => (w.freePlans[i] ? 1 : 0));
        const freeOffers = offers.filter((o) => w.freePlans[plans.indexOf(plans.find((p) => p.rate_plan_id === o.plan.rate_plan_id)!)]);
        const out: LowestOut = { free: -1 };
        expect(lowestTotal(pack, stay, calendarOf(checkIn, checkOut), convert, free, out)).toBe(expected);
        const totalOf = (o: (typeof offers)[number]) => o.nights.reduce((sum, n) => sum + convert(n.usdMinor), 0);
        expect(out.free).toBe(freeOffers.length ? Math.min(...freeOffers.map(totalOf)) : null);
        // Which plan priced each: a plan with an offer at that total (the card says that plan's terms), -1 for none.
        const planAt = (i: number | undefined) => (i === undefined || i < 0 ? null : plans[i]!.rate_plan_id);
        if (expected === null) expect(out.plan).toBe(-1);
        else expect(offers.some((o) => o.plan.rate_plan_id === planAt(out.plan) && totalOf(o) === expected)).toBe(true);
        if (out.free === null) expect(out.freePlan).toBe(-1);
        else expect(freeOffers.some((o) => o.plan.rate_plan_id === planAt(out.freePlan) && totalOf(o) === out.free)).toBe(true);
        if (expected !== null) sells++;
      }),
      { numRuns: 3000 },
    );
    // Enough of the worlds sell something for the totals, not only the refusals, to be compared.
    expect(sells).toBeGreaterThan(600);
  });
});

// ---- over the migrations --------------------------------------------------------------------------------------------

type Db = InstanceType<typeof DatabaseSync>;
const MIGRATIONS = readdirSync(join(ROOT, 'migrations')).filter((f) => f.endsWith('.sql')).sort();
function migrate(db: Db, until?: string, after = '') {
  for (const file of MIGRATIONS) {
    if (until && file > until) break;
    if (file <= after) continue;
    db.exec(readFileSync(join(ROOT, 'migrations', file), 'utf8'));
  }
}
const fresh = () => {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
};
const today = new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(today, n);

/** An org and a hotel with two room types (2 rooms of the double) and two plans, written as 0032 left them. */
function hotel(db: Db) {
  db.exec(`INSERT INTO orgs (id, name) VALUES (1, 'Ranges') ON CONFLICT DO NOTHING;
    INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests)
      VALUES (1, 'HLT', 'Hôtel des Plages', 'Nice', 'FR', 43.7, 7.26, 12000, 'night', 3);
    INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units) VALUES
      (last_insert_rowid(), 1, 'DBL', '{"en-US":"Double"}', 2, 1, 3, 2);
    INSERT INTO room_types (product_id, org_id, code, name, max_adults, max_children, max_occupancy, units)
      SELECT product_id, 1, 'FAM', '{"en-US":"Family"}', 4, 3, 6, 5 FROM room_types WHERE code = 'DBL';
    INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, base_occupancy, extra_adult_usd_minor, child_usd_minor)
      SELECT product_id, 1, 'BAR', '{"en-US":"Flexible"}', 'BB', 1, 2, 2500, 1000 FROM room_types WHERE code = 'DBL';
    INSERT INTO rate_plans (product_id, org_id, code, name, board, refundable, base_occupancy)
      SELECT product_id, 1, 'NRF', '{"en-US":"Non-refundable"}', 'RO', 0, 2 FROM room_types WHERE code = 'DBL';
    INSERT INTO rate_plan_rooms (rate_plan_id, room_id) SELECT rp.id, rt.id FROM rate_plans rp JOIN room_types rt ON rt.product_id = rp.product_id;`);
  return (db.prepare("SELECT id FROM products WHERE name = 'Hôtel des Plages'").get() as { id: number }).id;
}

/** Offers for stays, read the 0032 way (a row per night) and priced by the one rule. */
function offersBefore(db: Db, productId: number, checkIn: string, nights: number, party: string) {
  const checkOut = addDays(checkIn, nights);
  const rooms = db.prepare('SELECT * FROM room_types WHERE product_id = ?').all(productId) as any[];
  const plans = db.prepare('SELECT * FROM rate_plans WHERE product_id = ?').all(productId) as any[];
  const links = db.prepare('SELECT * FROM rate_plan_rooms').all() as any[];
  const roomNights = db.prepare('SELECT * FROM room_nights WHERE product_id = ? AND night >= ? AND night < ?').all(productId, checkIn, checkOut) as unknown as RoomNight[];
  const rateNights = db.prepare('SELECT * FROM rate_nights WHERE product_id = ? AND night >= ? AND night <= ?').all(productId, checkIn, checkOut) as unknown as RateNight[];
  return offersFor(
    rooms.map((r) => ({ room_id: r.id, code: r.code, name: JSON.parse(r.name), max_adults: r.max_adults, max_children: r.max_children, max_occupancy: r.max_occupancy, units: r.units })),
    plans.map((p) => ({
      rate_plan_id: p.id, code: p.code, name: JSON.parse(p.name), board: p.board, refundable: p.refundable === 1, free_cancellation_days: p.free_cancellation_days,
      cancellation_fee_percent: p.cancellation_fee_percent, base_occupancy: p.base_occupancy, extra_adult_usd_minor: p.extra_adult_usd_minor,
      child_usd_minor: p.child_usd_minor, child_free_under: p.child_free_under, room_ids: links.filter((l) => l.rate_plan_id === p.id).map((l) => l.room_id),
    })),
    roomNights,
    rateNights,
    { checkIn, checkOut, rooms: [parseRoom(party)!] },
  );
}

async function offersAfter(db: Db, productId: number, checkIn: string, nights: number, party: string) {
  const checkOut = addDays(checkIn, nights);
  const inv = (await inventoryFor(d1Of(db), [productId], checkIn, checkOut)).get(productId)!;
  return offersFor(inv.rooms, inv.plans, inv.roomNights, inv.rateNights, { checkIn, checkOut, rooms: [parseRoom(party)!] });
}

const summary = (offers: ReturnType<typeof offersFor>) => offers.map((o) => `${o.room.code}/${o.plan.code} ${o.unitsLeft} ${o.totalUsdMinor} ${o.nights.map((n) => n.usdMinor).join(',')}`);

describe('the migration from nights to ranges', () => {
  it('sells every stay of a 0032 database at the very same prices, rooms left and restrictions', async () => {
    const db = fresh();
    migrate(db, '0032_rooms_rates.sql');
    const id = hotel(db);
    // Nights as 0032 kept them: prices by weekday, a season, single nights stop-sold, closed, with a minimum stay;
    // a night without rooms for sale, rooms sold, a plan not for sale some nights.
    db.exec(`WITH RECURSIVE d(n, night) AS (SELECT 0, date('now', '-1 day') UNION ALL SELECT n + 1, date(night, '+1 day') FROM d WHERE n < 120)
      INSERT INTO rate_nights (product_id, night, room_id, rate_plan_id, price_usd_minor, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell)
      SELECT rp.product_id, d.night, rt.id, rp.id,
        CASE WHEN rp.code = 'NRF' AND d.n % 17 = 5 THEN NULL ELSE (CASE rt.code WHEN 'DBL' THEN 10000 ELSE 16000 END) + (CASE WHEN strftime('%w', d.night) IN ('5', '6') THEN 3000 ELSE 0 END)
          + (CASE WHEN d.n BETWEEN 40 AND 60 THEN 2500 ELSE 0 END) - (CASE rp.code WHEN 'NRF' THEN 900 ELSE 0 END) END,
        CASE WHEN d.n % 11 = 3 THEN 2 ELSE 1 END, CASE WHEN d.n BETWEEN 70 AND 75 THEN 4 END,
        d.n % 13 = 4, d.n % 19 = 6, rp.code = 'BAR' AND d.n % 23 = 9
      FROM rate_plans rp JOIN room_types rt ON rt.product_id = rp.product_id JOIN d;
      INSERT INTO room_nights (room_id, night, product_id, units, sold, stop_sell)
        SELECT id, date('now', '+10 day'), product_id, 0, 0, 0 FROM room_types WHERE code = 'DBL';
      INSERT INTO room_nights (room_id, night, product_id, units, sold, stop_sell)
        SELECT id, date('now', '+12 day'), product_id, NULL, 1, 0 FROM room_types WHERE code = 'DBL';
      INSERT INTO room_nights (room_id, night, product_id, units, sold, stop_sell)
        SELECT id, date('now', '+14 day'), product_id, 1, 0, 1 FROM room_types WHERE code = 'FAM';
      INSERT INTO room_nights (room_id, night, product_id, units, sold, stop_sell)
        SELECT id, date('now', '+15 day'), product_id, 3, 2, 0 FROM room_types WHERE code = 'FAM';`);
    const stays: [string, number, string][] = [];
    for (let offset = 0; offset < 110; offset += 1) for (const [nights, party] of [[1, '2'], [3, '2-5'], [5, '4-3,10']] as const) stays.push([day(offset), nights, party]);
    const before = stays.map(([checkIn, nights, party]) => summary(offersBefore(db, id, checkIn, nights, party)));
    expect(before.filter((o) => o.length === 0).length).toBeGreaterThan(10);
    const nightRows = (db.prepare('SELECT COUNT(*) AS n FROM rate_nights').get() as { n: number }).n;

    migrate(db, undefined, '0032_rooms_rates.sql');
    const after = await Promise.all(stays.map(([checkIn, nights, party]) => offersAfter(db, id, checkIn, nights, party).then(summary)));
    expect(after).toEqual(before);
    const ranges = (db.prepare('SELECT COUNT(*) AS n FROM rate_ranges').get() as { n: number }).n;
    expect(ranges).toBeLessThan(nightRows);
    // Only the nights with rooms sold stay per night.
    expect(db.prepare('SELECT night, sold FROM room_nights ORDER BY night').all().map((r) => ({ ...r }))).toEqual([{ night: day(12), sold: 1 }, { night: day(15), sold: 2 }]);
  });

  it('a fresh database migrates, and the default inventory of 731 equal nights is one range per product', () => {
    const db = fresh();
    migrate(db);
    hotel(db);
    db.exec(`INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests)
      VALUES (1, 'HLT', 'Hôtel Simple', 'Nice', 'FR', 43.7, 7.26, 9000, 'night', 2)`);
    db.exec(readFileSync(join(ROOT, 'seed', 'default-inventory.sql'), 'utf8'));
    const rows = db.prepare("SELECT r.from_night, r.to_night, r.weekdays, r.price_usd_minor FROM rate_ranges r JOIN products p ON p.id = r.product_id WHERE p.name = 'Hôtel Simple'").all();
    expect(rows.map((r) => ({ ...r }))).toEqual([{ from_night: day(-1), to_night: day(729), weekdays: 127, price_usd_minor: 9000 }]);
    // Run again: nothing more.
    db.exec(readFileSync(join(ROOT, 'seed', 'default-inventory.sql'), 'utf8'));
    expect((db.prepare('SELECT COUNT(*) AS n FROM rate_ranges').get() as { n: number }).n).toBe(1);
  });
});

describe('the triggers over ranges', () => {
  function ready() {
    const db = fresh();
    migrate(db);
    const id = hotel(db);
    const ids = db.prepare("SELECT (SELECT id FROM room_types WHERE code = 'DBL') AS dbl, (SELECT id FROM rate_plans WHERE code = 'BAR') AS bar, (SELECT id FROM rate_plans WHERE code = 'NRF') AS nrf").get() as { dbl: number; bar: number; nrf: number };
    return { db, id, ...ids, d1: d1Of(db) };
  }
  const count = (db: Db, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

  it('compaction: a range pushed again replaces the one it hides, one saying more replaces it too, one saying less clears only what it says', async () => {
    const { db, id, dbl, bar, nrf, d1 } = ready();
    const push = (u: Parameters<typeof ariStatements>[2]) => d1.batch(ariStatements(d1, id, u, [bar, nrf]));
    for (let i = 0; i < 3; i++) await push({ room_id: dbl, rate_plan_id: bar, from: day(1), to: day(90), weekdays: [1, 2, 3, 4, 7], price_usd_minor: 10000 + i });
    expect(count(db, 'rate_ranges')).toBe(1);
    // A wider range, every day, saying price and min stay: it hides the weekday one.
    await push({ room_id: dbl, rate_plan_id: bar, from: day(0), to: day(100), price_usd_minor: 11000, min_stay: 2 });
    expect(count(db, 'rate_ranges')).toBe(1);
    // Saying only the min stay: the priced one stays (its price still shows), and a second push replaces the first.
    await push({ room_id: dbl, rate_plan_id: bar, from: day(0), to: day(100), min_stay: 3 });
    await push({ room_id: dbl, rate_plan_id: bar, from: day(0), to: day(100), min_stay: 3 });
    expect(count(db, 'rate_ranges')).toBe(2);
    // No plan named: one range per plan selling the room; units to the room.
    await push({ room_id: dbl, from: day(5), to: day(6), closed_to_arrival: true, units: 1 });
    await push({ room_id: dbl, from: day(5), to: day(6), closed_to_arrival: true, units: 1 });
    expect(count(db, 'rate_ranges')).toBe(4);
    expect(count(db, 'room_ranges')).toBe(1);
    // Prices and restrictions sent apart (as OTA_HotelRateAmountNotifRQ and OTA_HotelAvailNotifRQ are) clear what they
    // hide in an older range saying both; left saying nothing, it goes.
    const rows = () => count(db, 'rate_ranges');
    const before = rows();
    await push({ room_id: dbl, rate_plan_id: nrf, from: day(200), to: day(210), price_usd_minor: 9000, min_stay: 2 });
    await push({ room_id: dbl, rate_plan_id: nrf, from: day(200), to: day(210), price_usd_minor: 9500 });
    expect(rows()).toBe(before + 2);
    for (let i = 0; i < 3; i++) {
      await push({ room_id: dbl, rate_plan_id: nrf, from: day(200), to: day(210), min_stay: 3 });
      await push({ room_id: dbl, rate_plan_id: nrf, from: day(200), to: day(210), price_usd_minor: 9500 });
    }
    expect(rows()).toBe(before + 2);
    expect((await offersAfter(db, id, day(201), 3, '2')).map((o) => `${o.plan.code} ${o.totalUsdMinor}`)).toEqual(['NRF 28500']);
    expect(await offersAfter(db, id, day(201), 2, '2')).toEqual([]);
    const offers = await offersAfter(db, id, day(5), 3, '2');
    expect(offers).toEqual([]);
    const later = await offersAfter(db, id, day(7), 3, '2');
    expect(later.map((o) => `${o.room.code}/${o.plan.code} ${o.totalUsdMinor}`)).toEqual(['DBL/BAR 33000']);
  });

  it('no oversell: units from a range (on its weekdays), the room type’s elsewhere; a stop sell; SOLD_OUT aborts', () => {
    const { db, id, dbl, bar } = ready();
    // 2 rooms by default; a range gives 1 room on the night day(20) (whatever its weekday), a stop sell on day(21).
    const wd = isoWeekday(day(20));
    db.prepare('INSERT INTO room_ranges (product_id, room_id, from_night, to_night, weekdays, units) VALUES (?, ?, ?, ?, ?, 1)').run(id, dbl, day(14), day(27), 1 << (wd - 1));
    db.prepare('INSERT INTO room_ranges (product_id, room_id, from_night, to_night, weekdays, stop_sell) VALUES (?, ?, ?, ?, 127, 1)').run(id, dbl, day(21), day(21));
    let n = 0;
    const book = (night: string, rooms: number) =>
      db.prepare(
        `INSERT INTO bookings (booking_ref, org_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor,
           status, idempotency_key, request_hash, traveler, room_id, rate_plan_id, rooms, nights)
         VALUES (?, 1, ?, 'HLT', 'Hôtel des Plages', 'Nice', ?, ?, 2, 'USD', 100, 100, 'CONFIRMED', ?, 'x', '{}', ?, ?, ?, ?)`,
      ).run(`R${++n}`, id, night, addDays(night, 1), `k${n}`, dbl, bar, rooms, JSON.stringify([{ date: night, price: 100 }]));
    book(day(20), 1);
    expect(() => book(day(20), 1)).toThrow(/SOLD_OUT/);
    // The same weekday a week on is also 1; the day after it takes the type's 2.
    expect(() => book(day(27), 2)).toThrow(/SOLD_OUT/);
    book(day(22), 2);
    expect(() => book(day(22), 1)).toThrow(/SOLD_OUT/);
    expect(() => book(day(21), 1)).toThrow(/SOLD_OUT/);
    expect(db.prepare('SELECT night, sold FROM room_nights ORDER BY night').all().map((r) => ({ ...r }))).toEqual([{ night: day(20), sold: 1 }, { night: day(22), sold: 2 }]);
    // Leaving gives back.
    db.exec(`UPDATE bookings SET status = 'CANCELLED' WHERE check_in = '${day(20)}'`);
    book(day(20), 1);
  });
});
