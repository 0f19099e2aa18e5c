// The rooms-and-rates rules (src/shared/rules/stay-rates.ts, occupancy.ts, cancellation.ts; CONTRACT section 17): who
// fits which room, what a night costs for a party, which nights can be sold, and the rate plan's own cancellation terms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OCCUPANCY_MESSAGE, OccupancyQuerySchema, formatRoom, occupancyKey, parseOccupancy, parseRoom, partyOfGuests, type RoomParty,
} from '../../src/shared/rules/occupancy';
import { offersFor, roomNightPrice, type RateNight, type RatePlan, type RoomNight, type RoomType } from '../../src/shared/rules/stay-rates';
import { cancellationFeePercent, freeCancellationDeadline, rateCancellationDeadline } from '../../src/shared/rules/cancellation';
import { addDays } from '../../src/shared/rules/booking-dates';

const DOUBLE: RoomType = { room_id: 1, code: 'DBL', name: { 'en-US': 'Double' }, max_adults: 2, max_children: 1, max_occupancy: 3, units: 3 };
const FAMILY: RoomType = { room_id: 2, code: 'FAM', name: { 'en-US': 'Family' }, max_adults: 2, max_children: 3, max_occupancy: 5, units: 1 };
const FLEX: RatePlan = {
  rate_plan_id: 10, code: 'FLEX', name: { 'en-US': 'Flexible' }, board: 'BB', refundable: true, free_cancellation_days: 3, cancellation_fee_percent: 50,
  base_occupancy: 2, extra_adult_usd_minor: 2_000, child_usd_minor: 1_500, child_free_under: 6, room_ids: [1, 2],
};
const SAVER: RatePlan = { ...FLEX, rate_plan_id: 11, code: 'NR', name: { 'en-US': 'Saver' }, board: 'RO', refundable: false, free_cancellation_days: null, cancellation_fee_percent: null, room_ids: [1] };

const night = (room_id: number, rate_plan_id: number, day: string, price: number | null, extra: Partial<RateNight> = {}): RateNight => ({
  room_id, rate_plan_id, night: day, price_usd_minor: price, min_stay: 1, max_stay: null, closed_to_arrival: 0, closed_to_departure: 0, stop_sell: 0, ...extra,
});
const STAY_NIGHTS = ['2027-03-01', '2027-03-02', '2027-03-03'];
const allNights = (price: (room: number, plan: number, i: number) => number | null) =>
  [DOUBLE, FAMILY].flatMap((r) => [FLEX, SAVER].filter((p) => p.room_ids.includes(r.room_id)).flatMap((p) => STAY_NIGHTS.map((d, i) => night(r.room_id, p.rate_plan_id, d, price(r.room_id, p.rate_plan_id, i)))));
const stay = (rooms: RoomParty[], checkOut = '2027-03-04') => ({ checkIn: '2027-03-01', checkOut, rooms });
const two: RoomParty = { adults: 2, children: [] };

describe('occupancy as Rapid writes it', () => {
  it('reads adults and each child’s age, and writes them back the same', () => {
    expect(parseRoom('2-5,9')).toEqual({ adults: 2, children: [5, 9] });
    expect(parseRoom('1')).toEqual({ adults: 1, children: [] });
    fc.assert(fc.property(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 6 }), (adults, children) => {
      expect(parseRoom(formatRoom({ adults, children }))).toEqual({ adults, children });
    }));
  });

  it('refuses what is not a party: no adult, ten adults, a child of 18, seven children, nine rooms', () => {
    for (const bad of ['0', '10', '2-18', '2-1,1,1,1,1,1,1', '2-', 'two', '2-5;9', '-5']) expect(parseRoom(bad)).toBeNull();
    expect(parseOccupancy(Array(9).fill('1'))).toBeNull();
    expect(parseOccupancy([])).toBeNull();
    const refused = OccupancyQuerySchema.safeParse(['2', '2-20']);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(OCCUPANCY_MESSAGE);
  });

  it('takes one value or several from a query string', () => {
    expect(OccupancyQuerySchema.parse('2-5')).toEqual([{ adults: 2, children: [5] }]);
    expect(OccupancyQuerySchema.parse(['2', '1'])).toEqual([two, { adults: 1, children: [] }]);
    expect(OccupancyQuerySchema.parse(undefined)).toBeUndefined();
  });

  it('reads the existing client’s guests as one room of that many adults', () => {
    expect(partyOfGuests(3)).toEqual([{ adults: 3, children: [] }]);
  });

  it('names the same party whatever the order of rooms and children', () => {
    expect(occupancyKey([{ adults: 2, children: [9, 5] }, { adults: 1, children: [] }])).toBe(occupancyKey([{ adults: 1, children: [] }, { adults: 2, children: [5, 9] }]));
  });
});

describe('a night’s price for a party', () => {
  it('is the base for base occupancy, plus each further adult and each child at or over the free age', () => {
    expect(roomNightPrice(FLEX, 10_000, two)).toBe(10_000);
    expect(roomNightPrice(FLEX, 10_000, { adults: 3, children: [] })).toBe(12_000);
    // A child of 5 is free (under 6), a child of 9 pays.
    expect(roomNightPrice(FLEX, 10_000, { adults: 2, children: [5, 9] })).toBe(11_500);
    expect(roomNightPrice(FLEX, 10_000, { adults: 1, children: [6] })).toBe(11_500);
  });
});

describe('what can be sold for a stay', () => {
  const rooms = [DOUBLE, FAMILY];
  const plans = [FLEX, SAVER];

  it('lists every room type that fits each room under each plan that sells it, cheapest first, with each night', () => {
    const offers = offersFor(rooms, plans, [], allNights((room, plan) => (room === 1 ? (plan === 11 ? 8_000 : 10_000) : 15_000)), stay([two]));
    expect(offers.map((o) => [o.room.code, o.plan.code, o.totalUsdMinor])).toEqual([['DBL', 'NR', 24_000], ['DBL', 'FLEX', 30_000], ['FAM', 'FLEX', 45_000]]);
    expect(offers[0]!.nights).toEqual(STAY_NIGHTS.map((date) => ({ date, usdMinor: 8_000 })));
  });

  it('puts a family of two adults and three children only where they fit, priced for the children', () => {
    const offers = offersFor(rooms, plans, [], allNights(() => 10_000), stay([{ adults: 2, children: [5, 9, 12] }]));
    expect(offers.map((o) => o.room.code)).toEqual(['FAM']);
    expect(offers[0]!.totalUsdMinor).toBe(3 * (10_000 + 2 * 1_500));
  });

  it('prices every room of a multi-room stay and needs that many rooms free every night', () => {
    const party = [two, { adults: 1, children: [] }];
    const offers = offersFor(rooms, plans, [], allNights(() => 10_000), stay(party));
    expect(offers.map((o) => [o.room.code, o.totalUsdMinor])).toEqual([['DBL', 60_000], ['DBL', 60_000]]);
    // The family room has one unit: it cannot take two rooms.
    expect(offers.every((o) => o.room.code !== 'FAM')).toBe(true);
  });

  it('drops a room type with a sold-out or stop-sold night, and counts the rooms left on the tightest night', () => {
    const sold: RoomNight[] = [{ room_id: 1, night: '2027-03-02', units: null, sold: 3, stop_sell: 0 }];
    expect(offersFor(rooms, plans, sold, allNights(() => 10_000), stay([two])).map((o) => o.room.code)).toEqual(['FAM']);
    const stopped: RoomNight[] = [{ room_id: 2, night: '2027-03-03', units: 5, sold: 0, stop_sell: 1 }];
    expect(offersFor(rooms, plans, stopped, allNights(() => 10_000), stay([two])).map((o) => o.room.code)).toEqual(['DBL', 'DBL']);
    const tight: RoomNight[] = [{ room_id: 1, night: '2027-03-02', units: 2, sold: 1, stop_sell: 0 }];
    expect(offersFor(rooms, plans, tight, allNights(() => 10_000), stay([two]))[0]!.unitsLeft).toBe(1);
    // A channel lowered units under what is sold: none left, never negative.
    const over: RoomNight[] = [{ room_id: 1, night: '2027-03-01', units: 1, sold: 2, stop_sell: 0 }];
    expect(offersFor([DOUBLE], plans, over, allNights(() => 10_000), stay([two]))).toEqual([]);
  });

  it('sells no night without a price or stop-sold on the rate, and no stay the arrival night’s rules refuse', () => {
    const base = allNights(() => 10_000).filter((n) => n.room_id === 1 && n.rate_plan_id === 10);
    const withNight = (i: number, change: Partial<RateNight>) => base.map((n, k) => (k === i ? { ...n, ...change } : n));
    const sells = (nights: RateNight[], s = stay([two])) => offersFor([DOUBLE], [FLEX], [], nights, s).length > 0;
    expect(sells(base)).toBe(true);
    expect(sells(withNight(1, { price_usd_minor: null }))).toBe(false);
    expect(sells(base.slice(0, 2))).toBe(false);
    expect(sells(withNight(2, { stop_sell: 1 }))).toBe(false);
    expect(sells(withNight(0, { closed_to_arrival: 1 }))).toBe(false);
    expect(sells(withNight(1, { closed_to_arrival: 1 }))).toBe(true);
    expect(sells(withNight(0, { min_stay: 4 }))).toBe(false);
    expect(sells(withNight(0, { min_stay: 3 }))).toBe(true);
    expect(sells(withNight(0, { max_stay: 2 }))).toBe(false);
    // Departure on a day closed to departure: the row of the check-out day itself.
    expect(sells([...base, night(1, 10, '2027-03-04', 10_000, { closed_to_departure: 1 })])).toBe(false);
    expect(sells([...base, night(1, 10, '2027-03-04', 10_000, { closed_to_departure: 1 })], stay([two], '2027-03-03'))).toBe(true);
  });

  it('never prices a stay for less than the sum of its rooms’ nights (any party, any prices)', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ adults: fc.integer({ min: 1, max: 2 }), children: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 1 }) }), { minLength: 1, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 3, maxLength: 3 }),
      (party, prices) => {
        const offers = offersFor([DOUBLE], [FLEX], [], STAY_NIGHTS.map((d, i) => night(1, 10, d, prices[i]!)), stay(party));
        if (party.length > DOUBLE.units) return expect(offers).toEqual([]);
        const expected = prices.reduce((s, p) => s + party.reduce((t, room) => t + roomNightPrice(FLEX, p, room), 0), 0);
        expect(offers[0]!.totalUsdMinor).toBe(expected);
      },
    ));
  });
});

describe('a rate plan’s own cancellation terms', () => {
  const checkIn = '2027-03-10';
  it('ends free cancellation its own days before check-in at 18:00 hotel time, then charges its fee', () => {
    expect(rateCancellationDeadline('HLT', FLEX, checkIn, 'Europe/Lisbon')).toBe('2027-03-07T18:00:00.000Z');
    const before = Date.parse('2027-03-07T17:59:00Z');
    const after = Date.parse('2027-03-07T18:00:00Z');
    expect(cancellationFeePercent('HLT', FLEX, checkIn, 'Europe/Lisbon', before)).toBe(0);
    expect(cancellationFeePercent('HLT', FLEX, checkIn, 'Europe/Lisbon', after)).toBe(50);
  });

  it('never cancels a non-refundable plan free, and keeps the type’s rule for a plan without terms', () => {
    expect(rateCancellationDeadline('HLT', SAVER, checkIn, 'UTC')).toBeNull();
    expect(cancellationFeePercent('HLT', SAVER, checkIn, 'UTC', 0)).toBe(100);
    const plain = { refundable: true, free_cancellation_days: null, cancellation_fee_percent: null };
    expect(rateCancellationDeadline('HLT', plain, checkIn, 'Asia/Tokyo')).toBe(freeCancellationDeadline('HLT', checkIn, 'Asia/Tokyo'));
    expect(rateCancellationDeadline('STY', null, addDays(checkIn, 1), 'UTC')).toBe(freeCancellationDeadline('STY', addDays(checkIn, 1), 'UTC'));
  });
});
