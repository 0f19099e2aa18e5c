// Booking rules the search box needs, kept free of zod so the home page does not load it: eligible product
// types and the date helpers. contract/booking.ts re-exports them for the API.
import type { ProductType } from './wallet';

/** The bookable types in the order the search box offers them (wallet.ts PRODUCT_TYPES; importing it would pull money.ts and wallet.ts into the page). */
const TYPE_ORDER: readonly ProductType[] = ['HLT', 'ACT', 'RST', 'STY'];

/** Eligible-product names of an org (orgs.eligible_products) and the bookable type each one offers. */
export const TYPE_OF_PRODUCT: Record<string, ProductType> = { hotel: 'HLT', activities: 'ACT', resorts: 'RST', weeks: 'RST', stays: 'STY' };

/** The bookable types an org offers, from its eligible products list. */
export function eligibleTypes(eligibleProducts: string): ProductType[] {
  const types = new Set<ProductType>();
  for (const name of eligibleProducts.split(',')) {
    const type = TYPE_OF_PRODUCT[name.trim().toLowerCase()];
    if (type) types.add(type);
  }
  return TYPE_ORDER.filter((t) => types.has(t));
}

/** The type the search box starts on: hotels where the org offers them, else its first type. */
export const firstTypeOf = (offered: readonly ProductType[]): ProductType => (offered.includes('HLT') ? 'HLT' : (offered[0] ?? 'HLT'));

// ---- dates -------------------------------------------------------------------------------------------------

/** YYYY-MM-DD of a Date in UTC. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** The earliest check-in: today plus the org's minCheckinDays (docs/product.md#constants). */
export const minCheckInDate = (minCheckinDays: number, today: string = isoDay(new Date())) => addDays(today, Math.max(0, minCheckinDays));

/** The stay a search starts from when the visitor has chosen none: the earliest check-in, two nights, two guests. */
export const DEFAULT_NIGHTS = 2;
export const DEFAULT_GUESTS = 2;
export function defaultStay(type: ProductType, minCheckinDays: number, today?: string) {
  const checkIn = minCheckInDate(minCheckinDays, today);
  return { checkIn, checkOut: type === 'ACT' ? '' : addDays(checkIn, DEFAULT_NIGHTS), guests: DEFAULT_GUESTS };
}

export const MAX_NIGHTS = 60;
export const MAX_GUESTS = 20;
export const PAGE_SIZE = 10;

/** Calendar week start from orgCountryData.calendarType: 0 Sunday (the default), 1 Monday. */
export const weekStartsOn = (calendarType: string | null | undefined): 0 | 1 => (calendarType === 'Monday' ? 1 : 0);

/** A day of the week, 0 Sunday to 6 Saturday (Date#getUTCDay). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Whole days from one day to another (negative when `to` comes first). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The stay being chosen: check-in, then check-out ('' while not chosen; always '' for a one-day booking). */
export interface DateRange {
  checkIn: string;
  checkOut: string;
}

// ---- the calendar's month grid -------------------------------------------------------------------------

/** YYYY-MM of a day. */
export const monthOf = (day: string) => day.slice(0, 7);
export const dayOfWeek = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
export const shiftMonth = (month: string, by: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};
/** The 6×7 days shown for a month, starting on the week-start day before the 1st. */
export function monthGrid(month: string, weekStart: Weekday): string[] {
  const first = `${month}-01`;
  const lead = (dayOfWeek(first) - weekStart + 7) % 7;
  const start = addDays(first, -lead);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}
