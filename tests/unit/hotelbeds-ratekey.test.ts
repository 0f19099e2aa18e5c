// The bed bank simulator's inventory and rate keys (functions/dev/sim/hotelbeds-world.ts): a key carries every fact of
// its rate and a check, so checkrates and bookings verify it without state; the hotels follow from their codes.
import { describe, expect, it } from 'vitest';
import { seedPhotoKeys } from '../../seed/photos.mjs';
import {
  allHotels, cancellationPolicies, decodeRateKey, DESTINATIONS, encodeRateKey, feeAt, HOTEL_COUNT, hotelByCode, isRecheckHotel, nightCents,
  prng, quote, SEED_PHOTO_KEYS, type Party, type RateKeyParts,
} from '../../functions/dev/sim/hotelbeds-world';

const parts: RateKeyParts = {
  checkIn: '2027-06-15',
  checkOut: '2027-06-18',
  hotel: 1234,
  room: 'DBL.ST',
  rateClass: 'NOR',
  board: 'BB',
  rooms: 2,
  adults: 2,
  childAges: [8, 5],
  netCents: 123_456,
  rateType: 'RECHECK',
};

describe('a rate key', () => {
  it('says back every fact it was made from', () => {
    const key = encodeRateKey(parts);
    expect(key).toMatch(/^20270615\|20270618\|W\|1\|1234\|DBL\.ST\|NOR-BB\|BB\|\|2~2~2\|8,5\|N@R~1234\.56~[0-9a-f]{16}$/);
    expect(decodeRateKey(key)).toEqual(parts);
    const plain = { ...parts, childAges: [], rooms: 1, rateClass: 'NRF' as const, board: 'RO' as const, rateType: 'BOOKABLE' as const, netCents: 9_900 };
    expect(decodeRateKey(encodeRateKey(plain))).toEqual(plain);
  });

  it('is refused once anything in it is changed, cut or made up', () => {
    const key = encodeRateKey(parts);
    expect(decodeRateKey(key.replace('1234.56', '1000.00'))).toBeNull();
    expect(decodeRateKey(key.replace('N@R', 'N@B'))).toBeNull();
    expect(decodeRateKey(key.replace('|1234|', '|1235|'))).toBeNull();
    expect(decodeRateKey(key.replace('8,5', '5,8'))).toBeNull();
    expect(decodeRateKey(key.slice(0, -1))).toBeNull();
    expect(decodeRateKey(key.slice(0, 40))).toBeNull();
    expect(decodeRateKey('20261207|20261208|W|148|59248|TWN.ST|IHXO1|RO||1~2~0||P@07~~21c5a~429177167~N~~~NOR~~D19BDAFEC4954DE178047200807705AAUK014700000000102004a')).toBeNull();
    expect(decodeRateKey('')).toBeNull();
  });

  it('changes with the price, so a repriced rate has a new key', () => {
    expect(encodeRateKey({ ...parts, netCents: 135_802 })).not.toBe(encodeRateKey(parts));
  });
});

describe('the simulated hotels', () => {
  it('are at least 2,000 over at least 5 destinations, Lisbon (LIS) among them, with names unique in each city', () => {
    const hotels = allHotels();
    expect(hotels).toHaveLength(HOTEL_COUNT);
    expect(HOTEL_COUNT).toBeGreaterThanOrEqual(2_000);
    const destinations = new Set(hotels.map((h) => h.destination.code));
    expect(destinations.size).toBeGreaterThanOrEqual(5);
    expect(destinations).toContain('LIS');
    for (const d of DESTINATIONS) {
      const names = hotels.filter((h) => h.destination === d).map((h) => h.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(hotelByCode(0)).toBeNull();
    expect(hotelByCode(HOTEL_COUNT + 1)).toBeNull();
  });

  it('follow from their codes alone, and the odd codes are the ones to recheck', () => {
    const a = prng('hotel', 42);
    const b = prng('hotel', 42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    const lisbon = hotelByCode(1)!;
    expect(lisbon.destination.code).toBe('LIS');
    expect(lisbon.rooms.map((r) => r.code)).toContain('DBL.ST');
    expect(lisbon.boards).toContain('RO');
    expect(isRecheckHotel(1)).toBe(true);
    expect(isRecheckHotel(2)).toBe(false);
  });

  it('show the photographs the development seed serves (their keys are the files’ SHA-256)', () => {
    expect(SEED_PHOTO_KEYS).toEqual(seedPhotoKeys());
  });

  it('price plausibly: dearer in July than in January, on a Saturday than on a Tuesday, with a child, with breakfast; cheaper non-refundable', () => {
    const h = hotelByCode(2)!;
    const room = h.rooms[0]!;
    const couple: Party = { adults: 2, childAges: [] };
    const price = (night: string, party = couple, board: 'RO' | 'BB' = 'RO', rateClass: 'NOR' | 'NRF' = 'NOR') => nightCents(h, room, board, rateClass, night, party);
    expect(price('2027-07-13')).toBeGreaterThan(price('2027-01-12'));
    expect(price('2027-03-13')).toBeGreaterThan(price('2027-03-09') * 1.05);
    expect(price('2027-03-09', { adults: 2, childAges: [8] })).toBeGreaterThan(price('2027-03-09'));
    expect(price('2027-03-09', { adults: 2, childAges: [1] })).toBe(price('2027-03-09'));
    expect(price('2027-03-09', couple, 'BB')).toBe(price('2027-03-09') + 2 * 1_200);
    expect(price('2027-03-09', couple, 'RO', 'NRF')).toBeLessThan(price('2027-03-09'));
    const euros = price('2027-03-09') / 100;
    expect(euros).toBeGreaterThan(40);
    expect(euros).toBeLessThan(900);
  });

  it('charge nothing to cancel a refundable rate before its deadline, the first night after it, and all of a non-refundable one', () => {
    const h = hotelByCode(4)!;
    const q = { netCents: 30_000, firstNightCents: 10_000 };
    const [free] = cancellationPolicies(h, 'NOR', '2027-05-20', q, Date.parse('2027-01-01T00:00:00Z'));
    expect(free!.from).toMatch(/^2027-05-\d\dT23:59:00[+-]\d\d:\d\d$/);
    expect(feeAt([free!], Date.parse(free!.from) - 60_000)).toBe(0);
    expect(feeAt([free!], Date.parse(free!.from) + 60_000)).toBe(10_000);
    const nrf = cancellationPolicies(h, 'NRF', '2027-05-20', q, Date.parse('2027-01-01T00:00:00Z'));
    expect(feeAt(nrf, Date.parse('2027-01-01T00:01:00Z'))).toBe(30_000);
  });

  it('quote a stay for every room of the rate, or nothing when the room does not fit the party', () => {
    const h = hotelByCode(6)!;
    const one = quote(h, 'DBL.ST', 'RO', 'NOR', '2027-04-05', '2027-04-07', { adults: 2, childAges: [] }, 1);
    const many = quote(h, 'DBL.ST', 'RO', 'NOR', '2027-04-05', '2027-04-07', { adults: 2, childAges: [] }, 2);
    if (one && many) expect(many.netCents).toBe(one.netCents * 2);
    expect(quote(h, 'DBL.ST', 'RO', 'NOR', '2027-04-05', '2027-04-07', { adults: 5, childAges: [] }, 1)).toBeNull();
    expect(quote(h, 'NOPE.XX', 'RO', 'NOR', '2027-04-05', '2027-04-07', { adults: 2, childAges: [] }, 1)).toBeNull();
  });
});
