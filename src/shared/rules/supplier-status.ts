// Where a bed bank's booking stands for the person reading it (docs/contract.md section 18, decisions 0070 and 0073): a
// booking CONFIRMED on our side whose supplier does not hold it yet (no reference) is awaiting the hotel's confirmation,
// not confirmed; once the supplier holds it, its reference is shown beside it. One rule for every page that shows a status.

/** A booking's status and, for a bed bank's hotel, its supplier and that supplier's reference (null until it holds it). */
export interface SupplierStatusOf {
  status?: string;
  supplier?: { reference: string | null } | null;
}

/** The status a person is shown for a booking confirmed here but not yet held by its supplier. */
export const AWAITING_SUPPLIER = 'AWAITING_SUPPLIER';

/** Confirmed (paid, or on account) but the supplier's booking is still being made: no supplier reference yet. */
export const awaitingSupplier = (b: SupplierStatusOf): boolean => b.status === 'CONFIRMED' && !!b.supplier && b.supplier.reference === null;

/** The status to label: AWAITING_SUPPLIER while the supplier's booking is being made, else the booking's own. */
export const shownStatus = (b: SupplierStatusOf & { status: string }): string => (awaitingSupplier(b) ? AWAITING_SUPPLIER : b.status);

/** The supplier's reference to show beside the booking, once the supplier holds it (null before, and for own hotels). */
export const supplierReference = (b: SupplierStatusOf): string | null => b.supplier?.reference ?? null;
