// The product's cancellation policy in a line ("Free cancellation until 12 Dec 2026" or "Non-refundable"), from the one rule the API applies.
import { useStore } from '@nanostores/react';
import { freeCancellationUntil } from '../shared/cancellation';
import { formatDay } from '../shared/format-day';
import { $language, useT } from '../stores/locale';

export default function CancellationPolicy({ productType, checkIn }: { productType: string; checkIn: string }) {
  const t = useT();
  const language = useStore($language);
  const until = freeCancellationUntil(productType, checkIn);
  const text = until
    ? t('bk_free_cancellation_until', { date: formatDay(language, until) })
    : t('bk_non_refundable');
  return (
    <p className="small" data-testid="cancellation-policy">
      {text}
    </p>
  );
}
