// The console's view of an org's bookings: filtered by the day they were made (UTC) and status, newest first.
import type { BookingRow } from './bookings';

export interface BookingFilter {
  from?: string;
  to?: string;
  status?: string;
}

export type AdminBookingRow = Omit<BookingRow, 'idempotency_key' | 'request_hash'> & { email: string | null };

const COLUMNS = `b.id, b.booking_ref, b.org_id, b.user_id, b.product_id, b.product_type, b.product_name, b.city, b.image, b.check_in, b.check_out,
  b.guests, b.currency, b.price_minor, b.certificate_minor, b.discount_minor, b.cash_minor, b.total_minor, b.status, b.traveler, b.is_package,
  b.created_at, b.room_id, b.rate_plan_id, b.rooms, b.occupancy, b.nights, b.room, b.rate, u.email`;

function where(orgId: number, f: BookingFilter) {
  const parts = ['b.org_id = ?'];
  const args: (string | number)[] = [orgId];
  // created_at is an ISO timestamp: a day's bounds compare as text.
  if (f.from) parts.push('b.created_at >= ?'), args.push(`${f.from}T00:00:00.000Z`);
  if (f.to) parts.push('b.created_at < ?'), args.push(new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString());
  if (f.status) parts.push('b.status = ?'), args.push(f.status);
  return { sql: `FROM bookings b LEFT JOIN users u ON u.id = b.user_id AND u.org_id = b.org_id WHERE ${parts.join(' AND ')}`, args };
}

export async function orgBookings(db: D1Database, orgId: number, f: BookingFilter, limit: number, offset: number) {
  const { sql, args } = where(orgId, f);
  const [count, rows] = await db.batch<{ n?: number } & AdminBookingRow>([
    db.prepare(`SELECT COUNT(*) AS n ${sql}`).bind(...args),
    db.prepare(`SELECT ${COLUMNS} ${sql} ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`).bind(...args, limit, offset),
  ]);
  return { count: Number(count!.results[0]?.n ?? 0), rows: rows!.results as AdminBookingRow[] };
}
