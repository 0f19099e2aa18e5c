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
import { formatNumber } from '../../shared/rules/money';
import { RESULT_CARD_SIZES } from '../../shared/rules/photos';

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
  const [c, setC] = useState<Criteria | null>(null);
  const [maxPrice, setMaxPrice] = useState('');
  const [minPrice, setMinPrice] = useState('');

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
  const near = c.latitude !== '' && c.longitude !== '';
  const pages = results ? Math.max(1, Math.ceil(results.count / results.per_page)) : 1;
  const place = c.city || (near ? t('bk_near_you') : t('bk_all_destinations'));

  return (
    <section className="bk-results" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <div className="bk-results__head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="bk-results__title" data-testid="results-title">
          {results ? t('bk_results_count', { n: results.count, place }) : t('bk_searching')}
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
              <option value="">{near ? t('bk_sort_distance') : t('bk_sort_recommended')}</option>
              <option value="price">{t('bk_sort_price_low')}</option>
              <option value="-price">{t('bk_sort_price_high')}</option>
              <option value="rating">{t('bk_sort_rating')}</option>
              {!near && c.city ? <option value="distance">{t('bk_sort_distance_from', { place: c.city })}</option> : null}
              {!near ? <option value="name">{t('bk_sort_name')}</option> : null}
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
                <label className="bk-chip">
                  <input type="radio" name={`${id}-stars`} checked={c.minRating === ''} onChange={() => change({ minRating: '' })} />
                  {t('bk_stars_any', { n: facets.any_rating })}
                </label>
                {facets.rating.map((r) => (
                  <label key={r.min} className="bk-chip">
                    <input type="radio" name={`${id}-stars`} checked={c.minRating === String(r.min)} onChange={() => change({ minRating: String(r.min) })} />
                    {t('bk_stars_min', { stars: formatNumber(r.min, language, r.min % 1 ? 1 : 0), n: r.count })}
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
  const rating = formatNumber(p.rating, language, 1);
  const unit = p.price_unit === 'night' ? t('bk_per_night') : t('bk_per_person');
  return (
    <li className="card bk-item" data-testid="result" data-product-id={p.product_id}>
      <CardPhoto className="bk-item__img" src={p.image} sizes={RESULT_CARD_SIZES} first={first} />
      <div className="bk-item__body">
        <h3 className="bk-item__name">
          <a href={href}>{p.name}</a>
        </h3>
        <p className="muted small" data-testid="result-place">
          {p.city}, {p.country}
          {p.distance_km !== undefined ? ` · ${t('bk_distance', { km: formatNumber(p.distance_km, language, 1) })}` : ''}
        </p>
        <p className="bk-rating small" aria-label={t('bk_rating', { rating })}>
          ★ {rating}
        </p>
        {p.free_cancellation_deadline && Date.parse(p.free_cancellation_deadline) > Date.now() ? (
          <p className="small bk-item__free" data-testid="result-free-cancellation">
            {t('bk_free_cancellation_badge')}
          </p>
        ) : null}
        <p className="bk-item__summary">{p.summary}</p>
      </div>
      <div className="bk-item__price">
        {showPrices ? (
          <>
            <Money amount={p.price} currency={p.currency} className="price" testId="price" />
            <span className="muted small">{unit}</span>
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
        <a className="btn btn-primary btn-sm" href={href} aria-label={`${t('labelled', { label: t('bk_view') })} ${p.name}`}>
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
