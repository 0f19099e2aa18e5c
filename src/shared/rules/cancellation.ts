// The cancellation policy of a product type: free cancellation until N days before check-in (then no refund), or
// non-refundable. One rule for the product page, the checkout and the booking API.

/** Days before check-in until which a booking of the type cancels free of charge; null: non-refundable. */
export const FREE_CANCELLATION_DAYS: Readonly<Record<string, number | null>> = { HLT: 2, STY: 7, ACT: 1, RST: null };

/** The last day (YYYY-MM-DD, UTC) a booking checking in on `checkIn` can be cancelled free, or null when it never can. */
export function freeCancellationUntil(productType: string, checkIn: string): string | null {
  const days = FREE_CANCELLATION_DAYS[productType] ?? null;
  if (days === null || !/^\d{4}-\d{2}-\d{2}$/.test(checkIn)) return null;
  const d = new Date(`${checkIn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** May the booking still be cancelled free on `today` (YYYY-MM-DD, UTC)? */
export function cancellableOn(productType: string, checkIn: string, today: string): boolean {
  const until = freeCancellationUntil(productType, checkIn);
  return until !== null && today <= until;
}

/**
 * The instant free cancellation ends: the last second of the free day, as the cancel flow counts days (UTC). Pages
 * show this instant in the visitor's language, with its zone named, so the promise and the rule cannot differ.
 */
export function freeCancellationDeadline(productType: string, checkIn: string): string | null {
  const until = freeCancellationUntil(productType, checkIn);
  return until === null ? null : `${until}T23:59:59Z`;
}
