// The booking's cancellation terms in a line, on the hotel's clock, worded at "now" by the one helper every page and
// mail uses (i18n/cancellation-line.ts): "Free cancellation until …" only while that deadline is ahead, else what
// cancelling costs now.
import { useStore } from '@nanostores/react';
import { cancellationStanding, freeCancellationDeadline } from '../../shared/rules/cancellation';
import { cancellationLine } from '../../shared/i18n/cancellation-line';
import { $language, useT } from '../../stores/locale';

export interface CancellationPolicyProps {
  productType: string;
  checkIn: string;
  timeZone: string;
  /** The deadline a rate plan's own terms set (the server's); when not given the product type's rule decides. */
  deadline?: string | null;
  /** The fee in percent once the deadline has passed (the server's; 100 when not given: nothing refunded). */
  percentAfter?: number;
  /** The price, in minor units, the fee is a part of: the fee is then shown as an amount. */
  priceMinor?: number;
  currency?: string;
  /** "Now" (ms): the page's clock unless a caller knows better. */
  nowMs?: number;
}

export default function CancellationPolicy({ productType, checkIn, timeZone, deadline: given, percentAfter = 100, priceMinor, currency, nowMs = Date.now() }: CancellationPolicyProps) {
  const t = useT();
  const language = useStore($language);
  const deadline = given !== undefined ? given : freeCancellationDeadline(productType, checkIn, timeZone);
  const standing = cancellationStanding(deadline, percentAfter, nowMs);
  return (
    <p className="small" data-testid="cancellation-policy" data-deadline={deadline ?? undefined} data-standing={standing.kind}>
      {cancellationLine(t, language, { deadline, percentAfter, timeZone, productType, priceMinor, currency }, nowMs)}
    </p>
  );
}
