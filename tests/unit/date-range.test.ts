// The date-range picker's rules: the org's first day of week, which days may be chosen, and check-in then check-out.
import { describe, expect, it } from 'vitest';
import { daysBetween, monthGrid, weekStartsOn } from '../../src/shared/rules/booking-dates';
import { chooseDay, dayChoosable, type RangeRules } from '../../src/shared/rules/date-range';

describe('the first day of the week', () => {
  it("is the org's calendarType whatever the page's language: Monday for an org set to Monday, else Sunday (the spec's default)", () => {
    expect(weekStartsOn('Monday')).toBe(1);
    expect(weekStartsOn('Sunday')).toBe(0);
    expect(weekStartsOn(null)).toBe(0);
    expect(monthGrid('2026-12', weekStartsOn('Monday'))[0]).toBe('2026-11-30');
    expect(monthGrid('2026-12', weekStartsOn('Sunday'))[0]).toBe('2026-11-29');
  });

  it('starts the month grid on that day', () => {
    expect(monthGrid('2026-12', 1)[0]).toBe('2026-11-30');
    expect(monthGrid('2026-12', 0)[0]).toBe('2026-11-29');
    expect(monthGrid('2026-12', 6)[0]).toBe('2026-11-28');
  });
});

describe('choosing a stay', () => {
  const rules: RangeRules = { min: '2026-11-26', maxNights: 60, single: false };

  it('refuses past days and days before the earliest check-in', () => {
    expect(dayChoosable('2026-11-25', 'checkIn', { checkIn: '', checkOut: '' }, rules)).toBe(false);
    expect(dayChoosable('2026-11-26', 'checkIn', { checkIn: '', checkOut: '' }, rules)).toBe(true);
  });

  it('takes the check-in first, clearing the check-out, then a later check-out at most the longest stay away', () => {
    const first = chooseDay('2026-12-12', 'checkIn', { checkIn: '2026-11-30', checkOut: '2026-12-02' }, rules);
    expect(first).toEqual({ range: { checkIn: '2026-12-12', checkOut: '' }, phase: 'checkOut', done: false });
    expect(dayChoosable('2026-12-12', 'checkOut', first.range, rules)).toBe(false);
    expect(dayChoosable('2026-12-11', 'checkOut', first.range, rules)).toBe(false);
    expect(dayChoosable('2027-02-10', 'checkOut', first.range, rules)).toBe(true);
    expect(dayChoosable('2027-02-11', 'checkOut', first.range, rules)).toBe(false);
    const second = chooseDay('2026-12-15', 'checkOut', first.range, rules);
    expect(second).toEqual({ range: { checkIn: '2026-12-12', checkOut: '2026-12-15' }, phase: 'checkIn', done: true });
    expect(daysBetween(second.range.checkIn, second.range.checkOut)).toBe(3);
  });

  it('a refused day changes nothing', () => {
    const range = { checkIn: '2026-12-12', checkOut: '' };
    expect(chooseDay('2026-12-10', 'checkOut', range, rules).range).toBe(range);
  });

  it('keeps inside the product availability, and a one-day booking ends at its one day', () => {
    const limited = { ...rules, max: '2026-12-20' };
    expect(dayChoosable('2026-12-20', 'checkIn', { checkIn: '', checkOut: '' }, limited)).toBe(false);
    expect(dayChoosable('2026-12-20', 'checkOut', { checkIn: '2026-12-18', checkOut: '' }, limited)).toBe(true);
    expect(dayChoosable('2026-12-21', 'checkOut', { checkIn: '2026-12-18', checkOut: '' }, limited)).toBe(false);
    expect(chooseDay('2026-12-01', 'checkIn', { checkIn: '', checkOut: '' }, { ...rules, single: true })).toEqual({ range: { checkIn: '2026-12-01', checkOut: '' }, phase: 'checkIn', done: true });
  });
});
