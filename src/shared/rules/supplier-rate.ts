// A bed bank's rate in section 17's terms (docs/decisions/0069-supplier-rates-and-bookings.md): its cancellation terms as
// a rate plan's (free until a day before check-in, then a share of the total), its name in every language, and the
// whole stay's price shared out over its nights. One rule for the rates a hotel page lists, the booking row and its pages.
// Pure: no DOM, no Workers API, no zod.
import type { PlanCancellation } from './cancellation';
import type { Names } from './stay-rates';
import { spreadOver } from './money';

const DAY_MS = 86_400_000;

/** What a bed bank says of cancelling a rate: refundable or not, and what it charges from when (its net's minor units). */
export interface SupplierTermsAsked {
  refundable: boolean;
  netMinor: number;
  charges: readonly { amountMinor: number; from: string }[];
}

/**
 * The rate's terms as a rate plan's: free until the day of the supplier's first charge (the plan's deadline, 18:00 hotel
 * time that day, is never later than the supplier's own), then that charge as a percent of the net (whole percent, up,
 * at most 100). Non-refundable, or a charge from before the day of check-in's eve already: refundable false.
 */
export function supplierTerms(rate: SupplierTermsAsked, checkIn: string): PlanCancellation {
  const first = rate.charges[0];
  if (!rate.refundable || !first || !Number.isFinite(Date.parse(first.from))) return { refundable: false, free_cancellation_days: null, cancellation_fee_percent: null };
  const day = new Date(Date.parse(first.from)).toISOString().slice(0, 10);
  const days = Math.floor((Date.parse(`${checkIn}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
  const percent = rate.netMinor > 0 ? Math.min(100, Math.ceil((first.amountMinor * 100) / rate.netMinor)) : 100;
  if (days < 1) return { refundable: false, free_cancellation_days: null, cancellation_fee_percent: null };
  return { refundable: true, free_cancellation_days: days, cancellation_fee_percent: percent };
}

/** A supplier rate's name, by whether it refunds: the supplier names boards, not rates. */
export const supplierRateName = (refundable: boolean): Names =>
  refundable
    ? { 'en-US': 'Flexible rate', 'fr-FR': 'Tarif flexible', 'es-ES': 'Tarifa flexible' }
    : { 'en-US': 'Non-refundable rate', 'fr-FR': 'Tarif non remboursable', 'es-ES': 'Tarifa no reembolsable' };

/** A whole stay's total shared out evenly over its nights, in whole minor units adding up to it (earlier nights take the rest). */
export function evenNights(totalMinor: number, nights: readonly string[]): { date: string; minor: number }[] {
  const shares = spreadOver(totalMinor, nights.map(() => 1));
  return nights.map((date, i) => ({ date, minor: shares[i]! }));
}
