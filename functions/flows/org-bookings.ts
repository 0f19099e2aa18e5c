// An org's bookings for the console: a page of them as JSON, or every match as a CSV file.
import { orgBookings, type AdminBookingRow, type BookingFilter } from '../db/booking-admin';
import { bookingAmounts, bookingStay } from './booking-replies';
import { toCsv } from '../../src/shared/rules/csv';
import type { AdminBookingEntry } from '../../src/shared/contract/console-ops';
import { PER_PAGE } from '../../src/shared/contract/console';
import { withProductTexts } from '../db/content';
import { fromMinor } from '../../src/shared/rules/money';

/** A CSV export holds at most this many bookings (the newest). */
export const MAX_EXPORT = 10_000;

function travelerName(json: string): string {
  try {
    const t = JSON.parse(json) as { first_name?: string; last_name?: string };
    return [t.first_name, t.last_name].filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

function entryOf(b: AdminBookingRow, language = 'en-US'): AdminBookingEntry {
  const { booking_id, status, created_at, product_type, product_name, city, check_in, check_out, guests, room, rate, occupancy, nights } = bookingStay(b, language);
  return {
    booking_id, status, created_at, email: b.email, traveler: travelerName(b.traveler),
    product_type, product_name, city, check_in, check_out, guests, room, rate, occupancy, nights, ...bookingAmounts(b),
  };
}

/** One page of bookings, each product named (and its city) in the console reader's language where it is translated. */
export async function bookingsPage(db: D1Database, orgId: number, filter: BookingFilter, page: number, language: { shown: string; orgDefault: string }) {
  const { count, rows } = await orgBookings(db, orgId, filter, PER_PAGE, (page - 1) * PER_PAGE);
  const shown = await withProductTexts(db, rows, language.shown, language.orgDefault);
  return { count, page, per_page: PER_PAGE, data: shown.map((b) => entryOf(b, language.shown)) };
}

const CSV_COLUMNS = [
  'booking_id', 'status', 'created_at', 'email', 'traveler', 'product_type', 'product_name', 'city', 'check_in', 'check_out', 'guests', 'currency',
  'price', 'certificate_amount', 'discount_amount', 'cash_amount', 'total',
] as const satisfies readonly (keyof AdminBookingEntry)[];

export async function bookingsCsv(db: D1Database, orgId: number, filter: BookingFilter): Promise<string> {
  const { rows } = await orgBookings(db, orgId, filter, MAX_EXPORT, 0);
  return toCsv(CSV_COLUMNS, rows.map((b) => entryOf(b)).map((e) => CSV_COLUMNS.map((k) => e[k])));
}
