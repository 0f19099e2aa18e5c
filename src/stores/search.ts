// Product search state: criteria read from and written to the address, result pages, and where each product type lives.
import { atom } from 'nanostores';
import { ApiFailure } from '../shared/contract/api-client';
import { request, type ApiReply } from './api';
import { $language } from './labels';
import { queryOf, RESULTS_PATH, type Criteria } from '../shared/rules/search-criteria';
import type { ProductType } from '../shared/rules/wallet';

export { checkoutUrl, criteriaFromQuery, defaultCriteria, detailsUrl, pageCriteria, productIdOf, queryOf, RESULTS_PATH, type Criteria } from '../shared/rules/search-criteria';

export type { ProductItem, ResultPage, SearchFacets } from '../shared/rules/search-results';
import type { ResultPage } from '../shared/rules/search-results';

/** This tab's last booking, kept for the confirmation page (guests cannot list their reservations). */
export const LAST_BOOKING_KEY = 'tc-last-booking';

/** The product type of each eligible-product name the org lists. */
export const TYPE_LABEL: Record<ProductType, string> = { HLT: 'bk_type_HLT', RST: 'bk_type_RST', ACT: 'bk_type_ACT', STY: 'bk_type_STY' };

export const resultsUrl = (c: Criteria) => `${RESULTS_PATH[c.type]}?${queryOf({ ...c, page: 1 })}`;

export const $results = atom<ResultPage | null>(null);
export const $resultsLoading = atom(false);
export const $resultsError = atom<{ status: number; message: string } | null>(null);

let seq = 0;
/** The search last asked for and its answer: asking for the same search again while it runs or after it answered is that answer. */
let last: { query: string; answer: Promise<void> } | null = null;

/**
 * One page of results in `currency`; a newer search wins over an older answer. The same search asked twice (the results
 * page starts it before React, then the island asks on mounting: src/islands/booking/results-start.ts) is one request;
 * a search refused for what it asks (400) keeps its answer, and one that failed otherwise (the network, the server) is
 * asked again.
 */
export function runSearch(c: Criteria, currency: string): Promise<void> {
  const query = queryOf(c, { currency });
  const failed = $resultsError.get();
  if (last?.query === query && (failed === null || failed.status === 400)) return last.answer;
  const mine = ++seq;
  $resultsLoading.set(true);
  $resultsError.set(null);
  const answer = (async () => {
    try {
      const page = await request('$get', '/api/products/search', { query: new URLSearchParams(query) });
      if (mine === seq) $results.set(page);
    } catch (err) {
      if (mine !== seq) return;
      $results.set(null);
      $resultsError.set({ status: err instanceof ApiFailure ? err.status : 0, message: err instanceof Error ? err.message : '' });
    } finally {
      if (mine === seq) $resultsLoading.set(false);
    }
  })();
  last = { query, answer };
  return answer;
}

export type CitySuggestion = ApiReply<'/api/products/cities', '$get'>['data'][number];

export async function suggestCities(prefix: string, type: ProductType, signal?: AbortSignal): Promise<CitySuggestion[]> {
  try {
    // The names come in the page's language, asked for in the address: the browser keeps an answer per language.
    const r = await request('$get', '/api/products/cities', { query: { q: prefix, type, lang: $language.get() }, signal });
    return r.data;
  } catch {
    return [];
  }
}
