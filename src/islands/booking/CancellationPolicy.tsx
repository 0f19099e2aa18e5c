// The product's cancellation terms in a line ("Free cancellation until 12 Dec 2026, 18:00 (hotel time); after that …"
// or "Non-refundable"), on the hotel's clock, from the one rule the cancel flow applies.
import { useStore } from '@nanostores/react';
import { deadlineInHotelTime, freeCancellationDeadline } from '../../shared/rules/cancellation';
import { $language, useT } from '../../stores/locale';
import { dateFormat } from '../../shared/rules/format-day';

/** `deadline`, when given, is the one a rate plan's own terms set (the server's); else the product type's rule decides. */
export default function CancellationPolicy({ productType, checkIn, timeZone, deadline: given }: { productType: string; checkIn: string; timeZone: string; deadline?: string | null }) {
  const t = useT();
  const language = useStore($language);
  const deadline = given !== undefined ? given : freeCancellationDeadline(productType, checkIn, timeZone);
  return (
    <p className="small" data-testid="cancellation-policy" data-deadline={deadline ?? undefined}>
      {deadline
        ? t(productType === 'ACT' ? 'bk_free_cancellation_until_local' : 'bk_free_cancellation_until', { date: deadlineInHotelTime(language, deadline, timeZone) })
        : t('bk_non_refundable')}
    </p>
  );
}
