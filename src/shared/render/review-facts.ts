// A product's review score and count in words, for its result card (./results-view.ts) and its page's reviews: one rule.
import type { LabelVars } from '../i18n/translate';
import { formatNumber } from '../rules/money';

type T = (key: string, vars?: LabelVars) => string;

/**
 * A product's review score and count as its card and page show them ("8.6" and "12 reviews"), with the sentence read out
 * for both; null without any review.
 */
export function reviewFacts(t: T, language: string, count: number, score: number | null) {
  if (!count || score === null) return null;
  const shown = formatNumber(score, language, 1);
  return { score: shown, count: t('bk_reviews_n', { n: count }), name: t('bk_reviews_score', { score: shown, n: count }) };
}
