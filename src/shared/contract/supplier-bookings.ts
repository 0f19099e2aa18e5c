// A bed bank's bookings behind ours (docs/contract.md section 18, docs/decisions/0070-supplier-booking-after-payment.md):
// the reconciliation's query and answer. Request and reply schemas, shared with the console.
import { z } from 'zod';
import { BOOKING_STATUSES } from './booking-replies';
import { SUPPLIER_MSG } from './supplier-text';

export const SUPPLIER_BOOKING_STATES = ['to_book', 'booking', 'confirmed', 'failed', 'cancelled'] as const;

const day = z
  .string({ error: SUPPLIER_MSG.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SUPPLIER_MSG.day)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), SUPPLIER_MSG.day);

/** GET /api/admin/suppliers/{supplier}/reconcile?from=&to=: bookings made on those days (inclusive, at most a year). */
export const ReconcileQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ['to'], message: SUPPLIER_MSG.dayOrder })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { path: ['to'], message: SUPPLIER_MSG.dayRange });

/**
 * A booking whose status differs between our side and the supplier's, or one the supplier could not be asked about now
 * (`unchecked`): never taken to agree (docs/decisions/0080-unchecked-is-not-agreed.md).
 */
export const SupplierMismatchSchema = z.object({
  booking_id: z.string(),
  /** Ours. */
  status: z.enum(BOOKING_STATUSES),
  supplier_state: z.enum(SUPPLIER_BOOKING_STATES).nullable(),
  supplier_reference: z.string().nullable(),
  /**
   * The supplier's (CONFIRMED, CANCELLED, …); null when it holds none. Unchecked: what the hourly check last found
   * there, or null when it found nothing to note.
   */
  supplier_status: z.string().nullable(),
  /** The supplier did not answer about it now (down, late, or the connection does not open): not compared. */
  unchecked: z.boolean(),
  check_in: z.string(),
  created_at: z.string(),
});
export type SupplierMismatch = z.output<typeof SupplierMismatchSchema>;
