// The date-range picker's rules, loaded with its dialog only: which days may be chosen, and check-in then check-out
// (docs/decisions/0033-date-range-and-hotel-time.md; the week's first day is the org's, weekStartsOn in booking-dates.ts).
import { daysBetween, type DateRange } from './booking-dates';

export interface RangeRules {
  /** The earliest check-in (minCheckInDate). */
  min: string;
  /** The last day a stay may touch (the product's availability), if any. */
  max?: string;
  /** At most this many nights (MAX_NIGHTS). */
  maxNights: number;
  /** A one-day booking (an activity): one date, no check-out. */
  single: boolean;
}

/** Which end of the stay the next chosen day sets. */
export type RangePhase = 'checkIn' | 'checkOut';

/**
 * May `day` be chosen for the `phase`? A check-in from the earliest check-in on; a check-out after the check-in, at
 * most maxNights later; neither past the product's last day.
 */
export function dayChoosable(day: string, phase: RangePhase, range: DateRange, rules: RangeRules): boolean {
  if (day < rules.min || (rules.max && day > rules.max)) return false;
  if (phase === 'checkIn') return rules.single || !rules.max || day < rules.max;
  return day > range.checkIn && daysBetween(range.checkIn, day) <= rules.maxNights;
}

/** The range and the next phase after choosing `day`: a check-in clears the check-out; a check-out completes the stay. */
export function chooseDay(day: string, phase: RangePhase, range: DateRange, rules: RangeRules): { range: DateRange; phase: RangePhase; done: boolean } {
  if (!dayChoosable(day, phase, range, rules)) return { range, phase, done: false };
  if (phase === 'checkIn') return rules.single ? { range: { checkIn: day, checkOut: '' }, phase, done: true } : { range: { checkIn: day, checkOut: '' }, phase: 'checkOut', done: false };
  return { range: { checkIn: range.checkIn, checkOut: day }, phase: 'checkIn', done: true };
}

