// The console's inventory schemas (src/shared/contract/inventory.ts), which the forms and the API share: a range of
// nights and what it sets, a room type's guests, and input that is not a day refused as such, never thrown on.
import { describe, expect, it } from 'vitest';
import { AriBodySchema, AriQuerySchema, AriUpdateSchema, INVENTORY_MSG as M, nightCount, ProductCreateSchema, RoomCreateSchema } from '../../src/shared/contract/inventory';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('a range of nights', () => {
  const base = { room_id: 1, from: day(10), to: day(16) };

  it('takes a range, weekdays (deduplicated, in order) and at least one thing to set', () => {
    const r = AriUpdateSchema.safeParse({ ...base, weekdays: [6, 5, 6], price_usd_minor: 12000 });
    expect(r.success).toBe(true);
    expect(r.data!.weekdays).toEqual([5, 6]);
    expect(issues(AriUpdateSchema.safeParse(base))).toEqual([['', M.nothingToSet]]);
  });

  it('names the field at fault: the last night before the first, over 400 nights, a weekday outside the range, stays inverted, the past', () => {
    expect(issues(AriUpdateSchema.safeParse({ ...base, from: day(16), to: day(10), units: 1 }))).toEqual([['to', M.range]]);
    expect(issues(AriUpdateSchema.safeParse({ ...base, to: day(410), units: 1 }))).toEqual([['to', M.range]]);
    expect(nightCount(day(10), day(409))).toBe(400);
    expect(AriUpdateSchema.safeParse({ ...base, to: day(409), units: 1 }).success).toBe(true);
    const monday = Array.from({ length: 7 }, (_, i) => day(20 + i)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)!;
    expect(issues(AriUpdateSchema.safeParse({ ...base, from: monday, to: monday, weekdays: [2], units: 1 }))).toEqual([['weekdays', M.noWeekday]]);
    expect(issues(AriUpdateSchema.safeParse({ ...base, min_stay: 5, max_stay: 2 }))).toEqual([['max_stay', M.stayRange]]);
    expect(issues(AriUpdateSchema.safeParse({ ...base, from: day(-3), units: 1 }))).toEqual([['from', M.past]]);
  });

  it('refuses what is not a day without throwing, in the body and in the grid’s query', () => {
    for (const from of ['%', '..', '-733345832', '2026-02-30', '1.02e-95', '𝲾']) {
      expect(() => AriUpdateSchema.safeParse({ ...base, from, weekdays: [1], units: 1 })).not.toThrow();
      expect(issues(AriUpdateSchema.safeParse({ ...base, from, weekdays: [1], units: 1 }))[0]![0]).toBe('from');
      expect(() => AriQuerySchema.safeParse({ from })).not.toThrow();
      expect(AriQuerySchema.safeParse({ from }).success).toBe(false);
    }
    expect(AriQuerySchema.safeParse({ from: day(0), to: day(400) }).success).toBe(false);
  });

  it('a change holds 1 to 100 ranges, each named by its index', () => {
    expect(issues(AriBodySchema.safeParse({ updates: [] }))).toEqual([['updates', M.updates]]);
    const bad = AriBodySchema.safeParse({ updates: [{ ...base, units: 1 }, { ...base, units: 10_001 }] });
    expect(issues(bad)).toEqual([['updates.1.units', M.units]]);
  });
});

describe('a room type and a product', () => {
  it('the most guests is at least the adults and at most adults and children', () => {
    const room = { code: 'DBL', name: { 'en-US': 'Double' }, max_adults: 2, max_occupancy: 2, units: 3 };
    expect(RoomCreateSchema.safeParse(room).data).toMatchObject({ max_children: 0, name: { 'en-US': 'Double' } });
    expect(issues(RoomCreateSchema.safeParse({ ...room, max_occupancy: 3 }))).toEqual([['max_occupancy', M.occupancyRange]]);
    expect(issues(RoomCreateSchema.safeParse({ ...room, max_occupancy: 1 }))).toEqual([['max_occupancy', M.occupancyRange]]);
    expect(RoomCreateSchema.safeParse({ ...room, name: { 'en-US': 'Double', 'fr-FR': '' } }).data!.name).toEqual({ 'en-US': 'Double' });
  });

  it('a product’s country is upper-cased and its time zone written as Intl writes it; an unknown zone is refused', () => {
    const p = { type: 'HLT', name: 'Test', city: 'Lyon', country: 'fr', latitude: 45, longitude: 4, time_zone: 'europe/paris' };
    expect(ProductCreateSchema.safeParse(p).data).toMatchObject({ country: 'FR', time_zone: 'Europe/Paris' });
    expect(issues(ProductCreateSchema.safeParse({ ...p, time_zone: 'Mars/Olympus' }))).toEqual([['time_zone', M.timeZone]]);
  });
});
