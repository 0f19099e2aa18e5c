// What a results page says, computed once for both of its renderers: the island (src/islands/booking/SearchResults.tsx)
// and the first screen drawn before React (first-screen-view.ts, docs/decisions/0048-results-first-screen.md).
// No React here, and no DOM: the edge draws with it too.
import type { LabelVars } from '../i18n/translate';
import { formatNumber } from '../rules/money';
import type { Criteria } from '../rules/search-criteria';
import type { ProductItem, ResultPage, SearchFacets } from '../rules/search-results';
import { reviewFacts } from './review-facts';

type T = (key: string, vars?: LabelVars) => string;

/** A search around coordinates (the map's "near here") rather than a named city. */
export const isNear = (c: Criteria) => c.latitude !== '' && c.longitude !== '';

export const pageCount = (results: ResultPage) => Math.max(1, Math.ceil(results.count / results.per_page));

/** The searched city as the answer names it in the page's language ("Lisbonne" for city=Lisbon), else as searched. */
const cityOf = (c: Criteria, results: ResultPage | null) => results?.place || c.city;

/** The heading: how many results and where, or that the search is on its way. */
export function resultsTitle(t: T, c: Criteria, results: ResultPage | null): string {
  const place = cityOf(c, results) || (isNear(c) ? t('bk_near_you') : t('bk_all_destinations'));
  return results ? t('bk_results_count', { n: results.count, place }) : t('bk_searching');
}

/** The sort choices the criteria allow, in order. */
export function sortOptions(t: T, c: Criteria, results: ResultPage | null): { value: string; text: string }[] {
  const near = isNear(c);
  return [
    { value: '', text: near ? t('bk_sort_distance') : t('bk_sort_recommended') },
    { value: 'price', text: t('bk_sort_price_low') },
    { value: '-price', text: t('bk_sort_price_high') },
    { value: 'rating', text: t('bk_sort_rating') },
    ...(!near && c.city ? [{ value: 'distance', text: t('bk_sort_distance_from', { place: cityOf(c, results) }) }] : []),
    ...(!near ? [{ value: 'name', text: t('bk_sort_name') }] : []),
  ];
}

/** The star filter's chips: any rating, then each step with its count. */
export function ratingChoices(t: T, language: string, facets: SearchFacets): { value: string; text: string }[] {
  return [
    { value: '', text: t('bk_stars_any', { n: facets.any_rating }) },
    ...facets.rating.map((r) => ({ value: String(r.min), text: t('bk_stars_min', { stars: formatNumber(r.min, language, r.min % 1 ? 1 : 0), n: r.count }) })),
  ];
}

/**
 * A result card's words: its rating, where it is, its price unit, and whether it can be cancelled free today. A hotel,
 * resort or stay priced for its whole stay (with its price per night) says what its total covers ("Total · 3 nights ·
 * 2 rooms"), its share of a night beside it.
 */
export function cardFacts(t: T, language: string, p: ProductItem, now = Date.now()) {
  const rating = formatNumber(p.rating, language, 1);
  const stay =
    p.price_per_night !== undefined && p.nights
      ? [t('bk_total'), t('bk_nights_n', { n: p.nights }), p.rooms && p.rooms > 1 ? t('bk_rooms_n', { n: p.rooms }) : ''].filter(Boolean).join(' · ')
      : null;
  return {
    stay,
    rating,
    ratingName: t('bk_rating', { rating }),
    place: `${p.city}, ${p.country}${p.distance_km !== undefined ? ` · ${t('bk_distance', { km: formatNumber(p.distance_km, language, 1) })}` : ''}`,
    unit: p.price_unit === 'night' ? t('bk_per_night') : t('bk_per_person'),
    freeCancellation: !!p.free_cancellation_deadline && Date.parse(p.free_cancellation_deadline) > now,
    viewName: `${t('labelled', { label: t('bk_view') })} ${p.name}`,
    reviews: reviewFacts(t, language, p.review_count ?? 0, p.review_score ?? null),
  };
}

