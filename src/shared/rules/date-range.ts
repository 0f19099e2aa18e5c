// The date-range picker's rules, loaded with its dialog only: the locale's first day of week, which days may be
// chosen, and check-in then check-out (docs/decisions/0033-date-range-and-hotel-time.md).
import { daysBetween, type DateRange, type Weekday } from './booking-dates';

/**
 * Regions whose weeks do not start on Monday (CLDR's firstDay), for runtimes without Intl.Locale#getWeekInfo:
 * Sunday in the Americas, East and South Asia and Israel, Saturday in much of the Middle East.
 */
const SUNDAY_REGIONS = new Set('AG AS AU BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(' '));
const SATURDAY_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));
/** A language's usual region where the tag names none (en → US, fr → FR). */
const LIKELY_REGION: Record<string, string> = { en: 'US', fr: 'FR', es: 'ES', de: 'DE', it: 'IT', pt: 'BR', ja: 'JP', zh: 'CN', ar: 'EG', he: 'IL' };

/** The first day of the week where `language` is spoken (en-US Sunday, fr-FR and es-ES Monday), from Intl where it knows. */
export function firstDayOfWeek(language: string): Weekday {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return (info.firstDay % 7) as Weekday;
    const region = locale.region ?? LIKELY_REGION[locale.language] ?? '';
    return SUNDAY_REGIONS.has(region) ? 0 : SATURDAY_REGIONS.has(region) ? 6 : 1;
  } catch {
    return 0;
  }
}

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

