// The API call a page's island makes as soon as it starts, named to the browser with the page (`Link: rel=preload`):
// the call then starts with the page instead of after the scripts, and the island's own request (same address, same
// mode) is answered by it (docs/decisions/0047-pages-name-their-first-call.md). No D1 read: the address comes from the
// page's own address, the org and the currency, as the island makes it.
import { criteriaFromQuery, defaultCriteria, queryOf } from '../../src/shared/rules/search-criteria';
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

const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin`;

/**
 * The `Link` header value for the page at `url`, or null. A results page is named only when its address gives the
 * dates: the island's default dates are the visitor's own today, which the edge cannot know.
 */
export function firstCallPreload(url: URL, currency: string, minCheckinDays: number): string | null {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (ONE_PRODUCT_PAGES.has(path)) {
    const id = url.searchParams.get('id');
    return id && /^[1-9]\d{0,9}$/.test(id) ? preload(`/api/products/${id}?${new URLSearchParams({ currency })}`) : null;
  }
  const type = RESULTS_PAGES.get(path);
  if (!type) return null;
  const criteria = { ...criteriaFromQuery(url.search, defaultCriteria(type, minCheckinDays)), type };
  if (!url.searchParams.get('check_in') || (type !== 'ACT' && !url.searchParams.get('check_out'))) return null;
  return preload(`/api/products/search?${queryOf(criteria, { currency })}`);
}
