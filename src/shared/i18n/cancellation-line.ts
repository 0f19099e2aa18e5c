// The one sentence every page and mail uses for a booking's cancellation terms, worded from where they stand at "now"
// (rules/cancellation.ts cancellationStanding): free until a deadline still ahead, else what cancelling costs now. A
// deadline that has passed is never shown as a promise (docs/contract.md#after-booking). Labels: i18n/booking.ts.
import { cancellationStanding, deadlineInHotelTime } from '../rules/cancellation';
import { formatMoney } from '../rules/money';
import { bookingLabels } from './booking';
import { translate, type LabelVars } from './translate';

export type Translate = (key: string, vars?: LabelVars) => string;

export interface CancellationTerms {
  /** When free cancellation ends (ISO, UTC), null when it never is free. */
  deadline: string | null;
  /** The fee, in percent of the price, once that deadline has passed (100: nothing refunded). */
  percentAfter: number;
  /** The product's IANA zone: the deadline is shown on the hotel's clock. */
  timeZone: string;
  /** An activity's clock is the place's own ("local time"), a stay's the hotel's. */
  productType: string;
  /** The price the fee is a part of, in minor units, when known: the fee is then stated as an amount. */
  priceMinor?: number;
  currency?: string;
}

/** The terms as one sentence in `language`, at `nowMs`, through the caller's translator (a page's t, or a mail's). */
export function cancellationLine(t: Translate, language: string, terms: CancellationTerms, nowMs: number): string {
  const standing = cancellationStanding(terms.deadline, terms.percentAfter, nowMs);
  const local = terms.productType === 'ACT';
  const clock = t(local ? 'bk_cancel_clock_local' : 'bk_cancel_clock_hotel');
  const date = standing.deadline ? deadlineInHotelTime(language, standing.deadline, terms.timeZone) : '';
  const fee = (percent: number) =>
    terms.priceMinor !== undefined && terms.currency
      ? formatMoney(Math.round((terms.priceMinor * percent) / 100), terms.currency, language)
      : t('bk_fee_percent', { percent });
  if (standing.kind === 'free') {
    if (standing.percentAfter < 100) return t('bk_free_then_fee', { date, clock, fee: fee(standing.percentAfter) });
    return t(local ? 'bk_free_cancellation_until_local' : 'bk_free_cancellation_until', { date });
  }
  if (standing.kind === 'fee') return standing.deadline ? t('bk_cancel_now_costs', { date, clock, fee: fee(standing.percent) }) : t('bk_cancel_costs_plain', { fee: fee(standing.percent) });
  return standing.deadline ? t('bk_cancel_now_full', { date, clock }) : t('bk_non_refundable');
}

/** The booking labels as a translator in `language` (en-US for a missing one): for mails, written outside a page. */
export function bookingTranslator(language: string): Translate {
  const labels = Object.fromEntries(Object.entries(bookingLabels).map(([key, texts]) => [key, (texts as Record<string, string>)[language] ?? texts['en-US'] ?? '']));
  return (key, vars) => translate(labels, false, language, key, vars);
}
