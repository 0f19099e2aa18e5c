// The cancellation policy of a product type: free cancellation until 18:00 hotel time N days before check-in (then
// no refund), or non-refundable. One rule for the product page, checkout, the success page, the mail, the search's
// free-cancellation filter and the cancel flow that enforces it (docs/decisions/0033-date-range-and-hotel-time.md).
import { dateFormat } from './format-day';

/** Days before check-in until which a booking of the type cancels free of charge; null: non-refundable. */
export const FREE_CANCELLATION_DAYS: Readonly<Record<string, number | null>> = { HLT: 2, STY: 7, ACT: 1, RST: null };

/** The product types that offer free cancellation at all (the search's filter keeps only these). */
export const FREE_CANCELLATION_TYPES = Object.keys(FREE_CANCELLATION_DAYS).filter((type) => FREE_CANCELLATION_DAYS[type] !== null);

/** The hour of the last free day, on the hotel's own clock, at which free cancellation ends. */
export const FREE_CANCELLATION_HOUR = 18;

/** The zone a product without a known one (or with one Intl does not know) keeps its clock in. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A bounded memo: what a pure function of its key answered, forgotten all at once past `most` keys. */
function memo<T>(most: number, compute: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    if (kept.has(key)) return kept.get(key)!;
    const value = compute(key);
    if (kept.size >= most) kept.clear();
    kept.set(key, value);
    return value;
  };
}

/** Is `zone` an IANA time zone this runtime knows? (Asked for every result of a search: Intl's answer is kept.) */
export const isTimeZone = memo(1_000, (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
});

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** Milliseconds the zone's wall clock is ahead of UTC at the instant `ms`. */
function zoneOffsetMs(zone: string, ms: number): number {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (ms) the wall clock in `zone` reads `day` at `hour`:00. The offset is read at the answer itself (so a
 * day next to a change of offset gets its own); a wall time skipped by a spring-forward gap lands just after the gap.
 */
export function zonedInstant(day: string, hour: number, zone: string): number {
  return zonedInstants(`${day}|${hour}|${zone}`);
}

// A search works out the same deadline (check-in, hour, hotel zone) for most of its results: each is worked out once.
const zonedInstants = memo(5_000, (key: string): number => {
  const [day = '', hourText = '', ...rest] = key.split('|');
  const zone = rest.join('|');
  const hour = Number(hourText);
  const tz = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const wall = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const offset = zoneOffsetMs(tz, wall - zoneOffsetMs(tz, wall));
  const instant = wall - offset;
  const there = zoneOffsetMs(tz, instant);
  return there === offset ? instant : wall - Math.min(offset, there);
});

/** The last day (YYYY-MM-DD, hotel calendar) a booking checking in on `checkIn` can be cancelled free, or null when it never can. */
export function freeCancellationUntil(productType: string, checkIn: string): string | null {
  const days = FREE_CANCELLATION_DAYS[productType] ?? null;
  if (days === null || !/^\d{4}-\d{2}-\d{2}$/.test(checkIn)) return null;
  const d = new Date(`${checkIn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The instant (ISO, UTC) free cancellation ends: 18:00 on the last free day in the hotel's zone; null when non-refundable. */
export function freeCancellationDeadline(productType: string, checkIn: string, timeZone: string): string | null {
  const until = freeCancellationUntil(productType, checkIn);
  return until === null ? null : new Date(zonedInstant(until, FREE_CANCELLATION_HOUR, timeZone)).toISOString();
}

/** A rate plan's own cancellation terms (docs/contract.md#rooms-rates-and-availability); both null: the type's rule. */
export interface PlanCancellation {
  refundable: boolean;
  free_cancellation_days: number | null;
  cancellation_fee_percent: number | null;
}

/** Does the plan replace the product type's rule with its own terms? */
export const hasOwnTerms = (plan: PlanCancellation) => !plan.refundable || plan.free_cancellation_days !== null || plan.cancellation_fee_percent !== null;

/**
 * When free cancellation ends for a booking under this plan: a non-refundable plan never cancels free; a plan with its
 * own days, 18:00 hotel time that many days before check-in; a plan without terms, the product type's rule.
 */
export function rateCancellationDeadline(productType: string, plan: PlanCancellation | null, checkIn: string, timeZone: string): string | null {
  if (!plan || !hasOwnTerms(plan)) return freeCancellationDeadline(productType, checkIn, timeZone);
  if (!plan.refundable || plan.free_cancellation_days === null || !/^\d{4}-\d{2}-\d{2}$/.test(checkIn)) return null;
  const d = new Date(`${checkIn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - plan.free_cancellation_days);
  return new Date(zonedInstant(d.toISOString().slice(0, 10), FREE_CANCELLATION_HOUR, timeZone)).toISOString();
}

/** The last day (YYYY-MM-DD, hotel calendar) a booking under this plan cancels free, or null when it never does. */
export function rateCancellationUntil(productType: string, plan: PlanCancellation | null, checkIn: string): string | null {
  if (!plan || !hasOwnTerms(plan)) return freeCancellationUntil(productType, checkIn);
  if (!plan.refundable || plan.free_cancellation_days === null || !/^\d{4}-\d{2}-\d{2}$/.test(checkIn)) return null;
  const d = new Date(`${checkIn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - plan.free_cancellation_days);
  return d.toISOString().slice(0, 10);
}

/**
 * The fee, in percent of the total, for cancelling at `nowMs` a booking under this plan: 0 before the free deadline;
 * after it, the plan's fee percent (100 when it names none, or for a non-refundable plan).
 */
export function cancellationFeePercent(productType: string, plan: PlanCancellation | null, checkIn: string, timeZone: string, nowMs: number): number {
  const deadline = rateCancellationDeadline(productType, plan, checkIn, timeZone);
  if (deadline !== null && nowMs < Date.parse(deadline)) return 0;
  if (plan && plan.refundable && plan.cancellation_fee_percent !== null) return plan.cancellation_fee_percent;
  return 100;
}

/** May the booking still be cancelled free at the instant `nowMs`? Up to the deadline, not at it ("until 18:00"). */
export function cancellableAt(productType: string, checkIn: string, timeZone: string, nowMs: number): boolean {
  const deadline = freeCancellationDeadline(productType, checkIn, timeZone);
  return deadline !== null && nowMs < Date.parse(deadline);
}

/** Of the given time zones, those where a booking of the type checking in on `checkIn` still cancels free at `nowMs`. */
export function zonesStillFree(productType: string, checkIn: string, zones: readonly string[], nowMs: number): string[] {
  return zones.filter((zone) => cancellableAt(productType, checkIn, zone, nowMs));
}

/** The deadline as the hotel's clock shows it, in `language` ("12 Dec 2026, 18:00"); the caller names it hotel time. */
export function deadlineInHotelTime(language: string, deadline: string, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  try {
    return dateFormat(language, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(deadline));
  } catch {
    return dateFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(deadline));
  }
}

/** The fee, in percent of the price, once free cancellation has ended: a plan's own fee, else 100 (nothing refunded). */
export function feePercentAfterDeadline(plan: PlanCancellation | null): number {
  return plan && plan.refundable && plan.cancellation_fee_percent !== null ? plan.cancellation_fee_percent : 100;
}

/**
 * Where a booking's cancellation stands at `nowMs` (docs/contract.md#after-booking): free until a deadline still ahead;
 * past it (or never free), a fee of some percent of the price; or no refund at all. A deadline that has passed is
 * never a promise: every page and mail words the terms from this, through i18n/cancellation-line.ts.
 */
export type CancellationStanding =
  | { kind: 'free'; deadline: string; percentAfter: number }
  | { kind: 'fee'; deadline: string | null; percent: number }
  | { kind: 'closed'; deadline: string | null };

export function cancellationStanding(deadline: string | null, percentAfter: number, nowMs: number): CancellationStanding {
  if (deadline !== null && nowMs < Date.parse(deadline)) return { kind: 'free', deadline, percentAfter };
  if (percentAfter < 100) return { kind: 'fee', deadline, percent: Math.max(0, percentAfter) };
  return { kind: 'closed', deadline };
}
