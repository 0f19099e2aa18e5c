// A product's verified reviews on its page (docs/contract.md#after-booking): the stored score and count, then the reviews a
// page at a time, each with the traveller's first name, country and month of stay (never an e-mail or a surname).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { ProductReviews as Reviews, PublicReview } from '../../shared/contract/reviews';
import { REVIEW_CATEGORIES } from '../../shared/contract/reviews';
import { formatNumber } from '../../shared/rules/money';
import { reviewFacts } from '../../shared/render/review-facts';
import { loadProductReviews } from '../../stores/reviews';
import { $language, useT } from '../../stores/locale';
import LoadFailed, { useRetry } from '../ui/LoadFailed';

export default function ProductReviews({ productId }: { productId: number }) {
  const t = useT();
  const id = useId();
  const language = useStore($language);
  const [reviews, setReviews] = useState<Reviews | null>(null);
  const [more, setMore] = useState<PublicReview[]>([]);
  const [page, setPage] = useState(1);
  // The count the latest page was read with: reviews written or hidden since the first page change how many pages there are.
  const [latestCount, setLatestCount] = useState<number | null>(null);

  const load = useRetry();
  useEffect(() => {
    loadProductReviews(productId)
      .then(setReviews)
      .catch((err: unknown) => !load.failedOn(err) && setReviews({ count: 0, score: null, page: 1, per_page: 10, data: [] }));
  }, [productId, load.attempt]);

  // The next page: one read at a time (a second press while it loads would add the same page twice); a failed read is
  // said under the reviews already shown, and "Try again" asks for that page again.
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const showMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const next = await loadProductReviews(productId, page + 1);
      // Reviews hidden since the last read move the others up: the end of the page read last is read again, so the ones
      // that moved onto it are not skipped (they come before the next page's, in the list's order).
      const moved = next.count < (latestCount ?? reviews?.count ?? 0) ? (await loadProductReviews(productId, page)).data : [];
      // A review written since the first page moves the others down: one already shown (on any page) is not added again.
      setMore((m) => {
        const shownIds = new Set([...(reviews?.data ?? []), ...m].map((x) => x.review_id));
        return [...m, ...[...moved, ...next.data].filter((r) => !shownIds.has(r.review_id) && shownIds.add(r.review_id))];
      });
      setPage(page + 1);
      setLatestCount(next.count);
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  if (load.failed) return <LoadFailed compact text={t('bk_reviews_failed')} onRetry={load.retry} />;
  if (!reviews) return <div className="skeleton bk-skel-line" aria-hidden="true" />;
  const facts = reviewFacts(t, language, reviews.count, reviews.score);
  const month = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const countries = new Intl.DisplayNames([language], { type: 'region' });
  const countryOf = (code: string) => {
    try {
      return code ? (countries.of(code) ?? code) : '';
    } catch {
      return code;
    }
  };
  const shown = [...reviews.data, ...more];
  return (
    <section className="bk-reviews-section" id="reviews" aria-labelledby={`${id}-h`} data-testid="product-reviews">
      <h3 id={`${id}-h`}>{t('bk_reviews_title')}</h3>
      {facts ? (
        <p className="bk-reviews bk-reviews--big" data-testid="reviews-summary">
          <span className="bk-score" aria-hidden="true">
            {facts.score}
          </span>
          <span aria-hidden="true"> {facts.count}</span>
          <span className="visually-hidden">{facts.name}</span>
        </p>
      ) : (
        <p className="muted">{t('bk_reviews_none')}</p>
      )}
      {facts ? <p className="muted small">{t('bk_reviews_verified')}</p> : null}
      <ul className="bk-review-list">
        {shown.map((r) => (
          <li key={r.review_id} className="bk-review" data-testid="review">
            <p className="bk-review__head">
              <span className="bk-score">{formatNumber(r.score, language)}</span>
              <span className="visually-hidden">{t('bk_review_score_of', { score: formatNumber(r.score, language) })}</span>
              {/* The traveller's own words, in the language they wrote them in (WCAG 3.1.2). */}
              {r.title ? (
                <strong className="bk-review__title" lang={r.language}>
                  {r.title}
                </strong>
              ) : null}
            </p>
            <p className="bk-review__text" lang={r.language}>
              {r.text}
            </p>
            {Object.keys(r.categories).length ? (
              <p className="small muted">
                {REVIEW_CATEGORIES.filter((k) => r.categories[k] !== undefined)
                  .map((k) => `${t(`bk_review_cat_${k}`)} ${formatNumber(r.categories[k]!, language)}`)
                  .join(' · ')}
              </p>
            ) : null}
            <p className="small muted">
              {[r.first_name, countryOf(r.country)].filter(Boolean).join(', ')} · {t('bk_review_stayed', { month: month.format(new Date(`${r.stayed}-01T00:00:00Z`)) })}
            </p>
          </li>
        ))}
      </ul>
      {moreFailed ? (
        <LoadFailed compact text={t('bk_reviews_more_failed')} onRetry={() => void showMore()} />
      ) : page * reviews.per_page < (latestCount ?? reviews.count) ? (
        <button type="button" className="btn btn-sm" onClick={() => void showMore()} disabled={loadingMore} aria-busy={loadingMore || undefined}>
          {t('bk_reviews_more')}
        </button>
      ) : null}
    </section>
  );
}
