// The product's cancellation terms in a line ("Free cancellation until 12 Dec 2026, 23:59 UTC; after that …" or
// "Non-refundable"), from the one rule the cancel flow applies.
import { useStore } from '@nanostores/react';
import { freeCancellationDeadline } from '../../shared/rules/cancellation';
import { dateFormat } from '../../shared/rules/format-day';
import { $language, useT } from '../../stores/locale';

const DEADLINE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };

export default function CancellationPolicy({ productType, checkIn }: { productType: string; checkIn: string }) {
  const t = useT();
  const language = useStore($language);
  const deadline = freeCancellationDeadline(productType, checkIn);
  let when = deadline ?? '';
  if (deadline) {
    try {
      when = `${dateFormat(language, DEADLINE).format(new Date(deadline))} UTC`;
    } catch {
      when = deadline;
    }
  }
  return (
    <p className="small" data-testid="cancellation-policy">
      {deadline ? t('bk_free_cancellation_until', { date: when }) : t('bk_non_refundable')}
    </p>
  );
}
