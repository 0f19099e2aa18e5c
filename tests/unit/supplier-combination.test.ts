// A bed bank's stay whose rooms hold different parties (decision 0076): APItude's occupancy lines, one rate per line
// combined for one room type, board and kind (nets and charges summed, RECHECK if any part is), and the booking's key
// column holding every part while a single key reads as before.
import { describe, expect, it } from 'vitest';
import { combineRates, decodeSupplierKeys, encodeSupplierKeys, partyLines, rateFitsLine, summedCharges, type CombinableRate } from '../../src/shared/rules/supplier-combination';
import { parseOccupancy } from '../../src/shared/rules/occupancy';

const rooms = (...texts: string[]) => parseOccupancy(texts)!;

const rate = (o: Partial<CombinableRate> & { rateKey: string; netMinor: number; adults: number }): CombinableRate => ({
  recheck: false, refundable: true, boardCode: 'RO', currency: 'EUR', cancellation: [], allotment: 5, rooms: 1, childAges: [], ...o,
});

describe('the occupancy lines of a stay', () => {
  it('groups identical parties (children in any order) and keeps each line’s rooms as the booking writes them', () => {
    expect(partyLines(rooms('2', '2-5,9', '2-9,5', '1'))).toEqual([
      { rooms: 1, party: { adults: 2, children: [] }, occupancy: ['2'] },
      { rooms: 2, party: { adults: 2, children: [5, 9] }, occupancy: ['2-5,9', '2-9,5'] },
      { rooms: 1, party: { adults: 1, children: [] }, occupancy: ['1'] },
    ]);
  });

  it('fits a rate to its line by rooms, adults and children (ages when the rate names them)', () => {
    const [, family] = partyLines(rooms('2', '2-5,9'));
    expect(rateFitsLine(rate({ rateKey: 'a', netMinor: 1, adults: 2, childAges: [9, 5] }), family!)).toBe(true);
    expect(rateFitsLine(rate({ rateKey: 'a', netMinor: 1, adults: 2, childAges: [5, 10] }), family!)).toBe(false);
    expect(rateFitsLine(rate({ rateKey: 'a', netMinor: 1, adults: 2, children: 2 }), family!)).toBe(true);
    expect(rateFitsLine(rate({ rateKey: 'a', netMinor: 1, adults: 2 }), family!)).toBe(false);
    expect(rateFitsLine(rate({ rateKey: 'a', netMinor: 1, adults: 2, childAges: [5, 9], rooms: 2 }), family!)).toBe(false);
  });
});

describe('combining one rate per party', () => {
  const lines = partyLines(rooms('2', '2-5,9'));
  const couple = (key: string, net: number, o: Partial<CombinableRate> = {}) => rate({ rateKey: key, netMinor: net, adults: 2, ...o });
  const family = (key: string, net: number, o: Partial<CombinableRate> = {}) => rate({ rateKey: key, netMinor: net, adults: 2, childAges: [5, 9], ...o });

  it('offers each board and kind sold to every party, the cheapest rate of each, net summed, cheapest first', () => {
    const combos = combineRates([
      couple('c-ro', 10_000), couple('c-ro-dear', 12_000), family('f-ro', 15_000),
      couple('c-bb', 13_000, { boardCode: 'BB' }), family('f-bb', 18_000, { boardCode: 'BB' }),
      couple('c-nrf', 8_000, { refundable: false }), // no family rate of that kind: not offered
    ], lines);
    expect(combos.map((c) => [c.boardCode, c.refundable, c.netMinor, c.parts.map((p) => p.rate.rateKey)])).toEqual([
      ['RO', true, 25_000, ['c-ro', 'f-ro']],
      ['BB', true, 31_000, ['c-bb', 'f-bb']],
    ]);
    expect(combos[0]!.parts.map((p) => p.line.occupancy)).toEqual([['2'], ['2-5,9']]);
  });

  it('offers nothing when a party finds no rate, and nothing with fewer rooms left than the stay needs', () => {
    expect(combineRates([couple('c', 10_000), couple('c2', 11_000)], lines)).toEqual([]);
    expect(combineRates([couple('c', 10_000, { allotment: 1 }), family('f', 15_000, { allotment: 1 })], lines)).toEqual([]);
    expect(combineRates([couple('c', 10_000, { allotment: null }), family('f', 15_000, { allotment: 2 })], lines)[0]!.allotment).toBe(2);
  });

  it('is RECHECK when any part is, and sums the parts’ cancellation charges from each instant one starts', () => {
    const [combo] = combineRates([
      couple('c', 10_000, { cancellation: [{ amountMinor: 5_000, from: '2027-03-01T00:00:00+01:00' }] }),
      family('f', 15_000, { recheck: true, cancellation: [{ amountMinor: 7_000, from: '2027-03-03T00:00:00+01:00' }, { amountMinor: 15_000, from: '2027-03-05T00:00:00+01:00' }] }),
    ], lines);
    expect(combo!.recheck).toBe(true);
    expect(combo!.cancellation).toEqual([
      { amountMinor: 5_000, from: '2027-03-01T00:00:00+01:00' },
      { amountMinor: 12_000, from: '2027-03-03T00:00:00+01:00' },
      { amountMinor: 20_000, from: '2027-03-05T00:00:00+01:00' },
    ]);
    expect(summedCharges([{ cancellation: [] }, { cancellation: [] }])).toEqual([]);
  });
});

describe('the booking’s supplier key', () => {
  it('keeps a single key as it is, and several parts as a list read back whole', () => {
    expect(encodeSupplierKeys([{ occupancy: ['2', '2'], rate_key: '20270301|20270303|W|1', net_minor: 100 }])).toBe('20270301|20270303|W|1');
    expect(decodeSupplierKeys('20270301|20270303|W|1', ['2', '2'], 100)).toEqual([{ occupancy: ['2', '2'], rate_key: '20270301|20270303|W|1', net_minor: 100 }]);
    const parts = [{ occupancy: ['2'], rate_key: 'k1', net_minor: 100 }, { occupancy: ['2-5,9'], rate_key: 'k2', net_minor: 200 }];
    const stored = encodeSupplierKeys(parts);
    expect(decodeSupplierKeys(stored, ['2', '2-5,9'])).toEqual(parts);
    expect(decodeSupplierKeys('[not json', ['2'])).toEqual([{ occupancy: ['2'], rate_key: '[not json', net_minor: 0 }]);
  });
});
