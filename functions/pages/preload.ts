// The API call a page's island makes as soon as it starts, named to the browser with the page (`Link: rel=preload`):
// the call then starts with the page instead of after the scripts, and the island's own request (same address, same
// mode) is answered by it (docs/decisions/0047-pages-name-their-first-call.md). No D1 read: the address comes from the
// page's own address, the org and the currency, as the island makes it.
import { pageCriteria, productIdOf, searchCallPath } from '../../src/shared/rules/search-criteria';
import type { ProductType } from '../../src/shared/rules/wallet';

/** Pages whose island asks for one product (`?id=`). */
const ONE_PRODUCT_PAGES = new Set(['/hotel-details', '/hotel-checkout']);
/** Results pages and the type each lists (their islands' `type`). */
const RESULTS_PAGES = new Map<string, ProductType>([
  ['/search-detail', 'HLT'],
  ['/resorts/search-details', 'RST'],
  ['/resorts', 'RST'],
  ['/activities', 'ACT'],
  ['/stays', 'STY'],
]);

/** The type a results page lists, or undefined for any other page. */
export const resultsTypeOf = (path: string) => RESULTS_PAGES.get(path.length > 1 ? path.replace(/\/$/, '') : path);
/** Whether `path` is a results page (its boot block carries the first screen's labels, decision 0048). */
export const isResultsPage = (path: string) => resultsTypeOf(path) !== undefined;

/** Longer addresses are not named: a header line that long helps nobody. */
const MAX_PRELOAD_PATH = 2_000;

/**
 * The address of the API call the page at `url` makes first, or null. A results page whose address gives no dates
 * searches the default stay from today's date in UTC, which the island computes the same way
 * (src/shared/rules/booking-dates.ts), so the edge names that search too; a visitor whose clock disagrees asks for
 * their own. An address giving one date of two is left alone.
 */
export function firstCall(url: URL, currency: string, minCheckinDays: number): { path: string; search: boolean } | null {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (ONE_PRODUCT_PAGES.has(path)) {
    // The island's own reading of the address and its own encoding of the id (src/stores/api.ts urlOf).
    const id = productIdOf(url.search);
    return id === null ? null : { path: `/api/products/${encodeURIComponent(String(id))}?${new URLSearchParams({ currency })}`, search: false };
  }
  const type = RESULTS_PAGES.get(path);
  const dates = [url.searchParams.get('check_in'), type === 'ACT' ? 'none needed' : url.searchParams.get('check_out')];
  if (!type || dates.filter(Boolean).length === 1) return null;
  return { path: searchCallPath(pageCriteria(type, url.search, minCheckinDays), currency), search: true };
}

/** The `Link` header value naming that call, or null (none, or an address too long for a header line). */
export function firstCallPreload(call: { path: string } | null): string | null {
  return call && call.path.length <= MAX_PRELOAD_PATH ? `<${call.path}>; rel=preload; as=fetch; crossorigin` : null;
}
