// Search results of one product type: filters, sorting, pages, prices in the chosen currency (docs/contract.md#booking).
import CardPhoto from '../ui/CardPhoto';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import AgentPrices from '../agent/AgentPrices';
import Money, { usePricesVisible } from '../ui/Money';
import { $currency, $language, useT } from '../../stores/locale';
import { $org, runStartup } from '../../stores/startup';
import {
  $results, $resultsError, $resultsLoading, detailsUrl, pageCriteria, queryOf, runSearch, type Criteria, type ProductItem, type SearchFacets,
} from '../../stores/search';
import type { AgentPricing } from '../../shared/contract/booking';
import type { ProductType } from '../../shared/rules/wallet';
import { RESULT_CARD_SIZES } from '../../shared/rules/photos';
import { cardFacts, isNear, pageCount, ratingChoices, resultsTitle, sortOptions } from '../../shared/render/results-view';

/** A result; agent_pricing comes only to an agent of an org in B2B mode. */
type Item = ProductItem & { agent_pricing?: AgentPricing };

export default function SearchResults({ type }: { type: ProductType }) {
  const t = useT();
  const id = useId();
  const org = useStore($org);
  const currency = useStore($currency);
  const language = useStore($language);
  const results = useStore($results);
  const loading = useStore($resultsLoading);
  const error = useStore($resultsError);
  const showPrices = usePricesVisible();
  const heading = useRef<HTMLHeadingElement>(null);
  // Read from the address at once (in the browser), so the first render draws what the first screen drawn before React
  // shows (results-first-screen.ts), not a skeleton in between.
  const [c, setC] = useState<Criteria | null>(() =>
    typeof location === 'undefined' ? null : pageCriteria(type, location.search, $org.get()?.orgBySite.minCheckinDays ?? 1),
  );
  const [maxPrice, setMaxPrice] = useState(c?.maxPrice ?? '');
  const [minPrice, setMinPrice] = useState(c?.minPrice ?? '');

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    const minCheckinDays = org?.orgBySite.minCheckinDays ?? 1;
    const fromUrl = pageCriteria(type, location.search, minCheckinDays);
    setC(fromUrl);
    setMaxPrice(fromUrl.maxPrice);
    setMinPrice(fromUrl.minPrice);
    const onPop = () => {
      const back = pageCriteria(type, location.search, minCheckinDays);
      setC(back);
      setMaxPrice(back.maxPrice);
      setMinPrice(back.minPrice);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [type, org]);
  useEffect(() => {
    if (c) void runSearch(c, currency);
  }, [c, currency]);

  function change(patch: Partial<Criteria>, focus = false) {
    if (!c) return;
    const next = { ...c, page: 1, ...patch };
    if ('maxPrice' in patch) setMaxPrice(next.maxPrice);
    if ('minPrice' in patch) setMinPrice(next.minPrice);
    history.pushState(null, '', `${location.pathname}?${queryOf(next)}`);
    setC(next);
    if (focus) heading.current?.focus();
  }

  if (!c) return <ResultsSkeleton />;
  const facets = results?.facets;
  const pages = results ? pageCount(results) : 1;

  return (
    <section className="bk-results" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <div className="bk-results__head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="bk-results__title" data-testid="results-title">
          {resultsTitle(t, c, results)}
        </h2>
        <form
          className="bk-results__filters cluster"
          aria-label={t('bk_filters')}
          onSubmit={(e) => {
            e.preventDefault();
            change({ minPrice: minPrice.trim(), maxPrice: maxPrice.trim() }, true);
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-sort`}>{t('bk_sort')}</label>
            <select id={`${id}-sort`} className="select" value={c.sort} onChange={(e) => change({ sort: e.target.value })}>
              {sortOptions(t, c, results).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-min`}>{t('bk_min_price', { currency })}</label>
            <input id={`${id}-min`} className="input bk-price-input" type="number" min={0} step="any" inputMode="decimal" value={minPrice} onChange={(e) => setMinPrice(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-max`}>{t('bk_max_price', { currency })}</label>
            <div className="input-group">
              <input id={`${id}-max`} className="input bk-price-input" type="number" min={0} step="any" inputMode="decimal" value={maxPrice} onChange={(e) => setMaxPrice(e.target.value)} />
              <button type="submit" className="btn">
                {t('bk_apply')}
              </button>
            </div>
          </div>
          {facets ? (
            <fieldset className="bk-stars">
              <legend>{t('bk_stars')}</legend>
              <div className="cluster">
                {ratingChoices(t, language, facets).map((r) => (
                  <label key={r.value} className="bk-chip">
                    <input type="radio" name={`${id}-stars`} checked={c.minRating === r.value} onChange={() => change({ minRating: r.value })} />
                    {r.text}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            // The stars' room is kept while the first answer is on its way, so the filters do not grow under the eye.
            <div className="bk-stars bk-stars--pending" aria-hidden="true">
              <span className="bk-stars__legend">{t('bk_stars')}</span>
              <div className="cluster">
                <span className="bk-chip">{t('bk_stars_any', { n: 0 })}</span>
              </div>
            </div>
          )}
          {facets && facets.free_cancellation !== undefined ? (
            <label className="bk-chip bk-free-filter">
              <input type="checkbox" checked={c.freeCancellation === '1'} onChange={(e) => change({ freeCancellation: e.target.checked ? '1' : '' })} data-testid="free-cancellation" />
              {t('bk_free_cancellation_filter', { n: facets.free_cancellation })}
            </label>
          ) : null}
        </form>
      </div>

      {error ? (
        <p className="alert alert-error" role="alert">
          {error.status === 400 ? error.message : t('bk_search_failed')}
        </p>
      ) : null}
      {results?.partial && !loading ? (
        <p className="alert" role="status" data-testid="results-partial">
          {t('bk_results_partial')}
        </p>
      ) : null}
      {!results && loading ? <ResultsSkeleton /> : null}
      {results && results.data.length === 0 ? <EmptyResults c={c} facets={facets} change={change} /> : null}
      {results && results.data.length > 0 ? (
        <ol className="bk-list" data-testid="results">
          {results.data.map((p, i) => (
            <ResultCard key={p.product_id} p={p} href={detailsUrl(c, p.product_id)} showPrices={showPrices} first={i < 2} />
          ))}
        </ol>
      ) : null}

      {results && pages > 1 ? (
        <nav className="bk-pages" aria-label={t('bk_pages')}>
          <button type="button" className="btn btn-sm" disabled={c.page <= 1} onClick={() => change({ page: c.page - 1 }, true)}>
            {t('bk_previous_page')}
          </button>
          <ul className="cluster" role="list">
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <button type="button" className={`btn btn-sm${n === c.page ? ' btn-primary' : ''}`} aria-current={n === c.page ? 'page' : undefined} aria-label={t('bk_page_n', { n })} onClick={() => change({ page: n }, true)}>
                  {n}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-sm" disabled={c.page >= pages} onClick={() => change({ page: c.page + 1 }, true)}>
            {t('bk_next_page')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** An empty result names what to relax, each with the count it would give; with no filter on, the old advice. */
function EmptyResults({ c, facets, change }: { c: Criteria; facets: SearchFacets | undefined; change: (patch: Partial<Criteria>, focus?: boolean) => void }) {
  const t = useT();
  const priced = c.minPrice !== '' || c.maxPrice !== '';
  const starred = c.minRating !== '';
  const freeOnly = c.freeCancellation === '1';
  if (!facets || (!priced && !starred && !freeOnly)) return <p className="bk-empty">{t('bk_no_results')}</p>;
  return (
    <div className="bk-empty" data-testid="relax">
      <p>{t('bk_relax')}</p>
      <ul className="cluster" role="list">
        {starred ? (
          <li>
            <button type="button" className="btn btn-sm" onClick={() => change({ minRating: '' }, true)}>
              {t('bk_relax_stars', { n: facets.any_rating })}
            </button>
          </li>
        ) : null}
        {priced ? (
          <li>
            <button type="button" className="btn btn-sm" onClick={() => change({ minPrice: '', maxPrice: '' }, true)}>
              {t('bk_relax_price', { n: facets.any_price })}
            </button>
          </li>
        ) : null}
        {freeOnly && facets.any_cancellation !== undefined ? (
          <li>
            <button type="button" className="btn btn-sm" onClick={() => change({ freeCancellation: '' }, true)}>
              {t('bk_relax_cancellation', { n: facets.any_cancellation })}
            </button>
          </li>
        ) : null}
        {[priced, starred, freeOnly].filter(Boolean).length > 1 ? (
          <li>
            <button type="button" className="btn btn-sm" onClick={() => change({ minRating: '', minPrice: '', maxPrice: '', freeCancellation: '' }, true)}>
              {t('bk_clear_filters')}
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The card's photo column: the card's whole width on a phone, 240 px beside the text from 768 px. */
function ResultCard({ p, href, showPrices, first }: { p: Item; href: string; showPrices: boolean; first: boolean }) {
  const t = useT();
  const language = useStore($language);
  const facts = cardFacts(t, language, p);
  return (
    <li className="card bk-item" data-testid="result" data-product-id={p.product_id}>
      <CardPhoto className="bk-item__img" src={p.image} sizes={RESULT_CARD_SIZES} first={first} />
      <div className="bk-item__body">
        <h3 className="bk-item__name">
          <a href={href}>{p.name}</a>
        </h3>
        <p className="muted small" data-testid="result-place">
          {facts.place}
        </p>
        <p className="bk-rating small" aria-label={facts.ratingName}>
          ★ {facts.rating}
        </p>
        {facts.reviews ? (
          <p className="bk-reviews small" data-testid="result-reviews">
            <span className="bk-score" aria-hidden="true">
              {facts.reviews.score}
            </span>
            <span aria-hidden="true"> {facts.reviews.count}</span>
            <span className="visually-hidden">{facts.reviews.name}</span>
          </p>
        ) : null}
        {facts.freeCancellation ? (
          <p className="small bk-item__free" data-testid="result-free-cancellation">
            {t('bk_free_cancellation_badge')}
          </p>
        ) : null}
        <p className="bk-item__summary">{p.summary}</p>
      </div>
      <div className="bk-item__price">
        {showPrices && facts.stay !== null ? (
          <>
            <Money amount={p.price} currency={p.currency} className="price" testId="price" />
            <span className="muted small" data-testid="price-covers">
              {facts.stay}
            </span>
            <span className="small">
              <Money amount={p.price_per_night!} currency={p.currency} testId="price-per-night" /> {facts.unit}
            </span>
          </>
        ) : showPrices ? (
          <>
            <Money amount={p.price} currency={p.currency} className="price" testId="price" />
            <span className="muted small">{facts.unit}</span>
            {p.total_price !== p.price ? (
              <span className="small">
                {t('bk_total')} <Money amount={p.total_price} currency={p.currency} testId="total" />
              </span>
            ) : null}
          </>
        ) : (
          <span className="muted small">{t('bk_price_at_checkout')}</span>
        )}
        {p.agent_pricing ? <AgentPrices pricing={p.agent_pricing} /> : null}
        <a className="btn btn-primary btn-sm" href={href} aria-label={facts.viewName}>
          {t('bk_view')}
        </a>
      </div>
    </li>
  );
}

export function ResultsSkeleton() {
  return (
    <div className="bk-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="card bk-item bk-item--skeleton">
          <div className="skeleton bk-item__img" />
          <div className="bk-item__body">
            <div className="skeleton bk-skel-line" />
            <div className="skeleton bk-skel-line bk-skel-short" />
          </div>
        </div>
      ))}
    </div>
  );
}
