// The product menu (docs/product.md#screens, "Product menu paths"): which entries an org shows, where each one goes.

export type ProductKind = 'path' | 'external' | 'method';

export interface ProductEntry {
  code: string;
  /** Label key in src/shared/i18n/common.ts. */
  labelKey: string;
  kind: ProductKind;
}

/** Every entry in menu order. `eligible_products` of an org picks among these codes. */
export const PRODUCTS: readonly ProductEntry[] = [
  { code: 'hotel', labelKey: 'product_hotel', kind: 'path' },
  { code: 'hotelgd', labelKey: 'product_hotelgd', kind: 'path' },
  { code: 'stays', labelKey: 'product_stays', kind: 'path' },
  { code: 'activities', labelKey: 'product_activities', kind: 'path' },
  { code: 'resorts', labelKey: 'product_resorts', kind: 'path' },
  { code: 'weeks', labelKey: 'product_weeks', kind: 'path' },
  { code: 'condo', labelKey: 'product_condo', kind: 'path' },
  { code: 'packages', labelKey: 'product_packages', kind: 'path' },
  { code: 'holidaystays', labelKey: 'product_holidaystays', kind: 'path' },
  { code: 'cruises', labelKey: 'product_cruises', kind: 'path' },
  { code: 'flight', labelKey: 'product_flight', kind: 'path' },
  { code: 'cars', labelKey: 'product_cars', kind: 'path' },
  { code: 'transfers', labelKey: 'product_transfers', kind: 'path' },
  { code: 'dreamtrips', labelKey: 'product_dreamtrips', kind: 'path' },
  { code: 'all-inclusive', labelKey: 'product_all_inclusive', kind: 'external' },
  { code: 'tra', labelKey: 'product_tra', kind: 'external' },
  { code: 'dailydeals', labelKey: 'product_dailydeals', kind: 'method' },
];

/** Codes whose page lives elsewhere; 'tra' (the external trips site) never becomes a path. */
const SAME_PAGE: Record<string, string> = { hotel: '/', hotelgd: '/', weeks: '/resorts' };

/** The product's own page, or null for entries that are not pages (external sites, method entries, unknown codes). */
export function productPath(code: string): string | null {
  const entry = PRODUCTS.find((p) => p.code === code);
  if (!entry || entry.kind !== 'path') return null;
  return SAME_PAGE[code] ?? `/${code}`;
}

/** The query flag of the green-deals entry: it goes to the hotel page with `?htlgd=1`, and the edge keeps the `htlgd` cookie. */
export const GREEN_DEALS_PARAM = 'htlgd';

/** Where a menu entry links: its page, and for green deals the hotel page marked as such. */
export function menuHref(code: string): string | null {
  const path = productPath(code);
  return path !== null && code === 'hotelgd' ? `${path}?${GREEN_DEALS_PARAM}=1` : path;
}

export interface MenuUser {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface MenuLinks {
  orgId?: number;
  allInclusiveUrl?: string;
  tripsSiteUrl?: string;
}

export interface MenuItem extends ProductEntry {
  /** Set for 'path' and 'external' entries. */
  href?: string;
  /** Set for 'method' entries: the flow the button runs. */
  method?: string;
}

/** The external all-inclusive address; a signed-in user's details ride along so the partner site can greet them. */
export function allInclusiveHref(base: string, orgId: number | undefined, user: MenuUser | null): string {
  if (!base || !user) return base;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return base;
  }
  url.searchParams.set('orgId', String(orgId ?? ''));
  url.searchParams.set('firstName', user.firstName);
  url.searchParams.set('lastName', user.lastName);
  url.searchParams.set('email', user.email);
  url.searchParams.set('phoneNumber', user.phoneNumber);
  return url.toString();
}

/** Splits an org's eligible_products ("hotel, stays,cruises") into codes. */
export function eligibleCodes(list: string | readonly string[]): string[] {
  const raw = typeof list === 'string' ? list.split(',') : list;
  return raw.map((c) => c.trim().toLowerCase()).filter(Boolean);
}

/** The menu an org shows: its eligible entries in menu order, each with its address; externals without an address are left out. */
export function menuFor(eligible: string | readonly string[], user: MenuUser | null, links: MenuLinks = {}): MenuItem[] {
  const codes = new Set(eligibleCodes(eligible));
  const items: MenuItem[] = [];
  for (const entry of PRODUCTS) {
    if (!codes.has(entry.code)) continue;
    if (entry.kind === 'path') items.push({ ...entry, href: menuHref(entry.code)! });
    else if (entry.kind === 'method') items.push({ ...entry, method: entry.code });
    else {
      const base = entry.code === 'all-inclusive' ? links.allInclusiveUrl : links.tripsSiteUrl;
      if (!base) continue;
      items.push({ ...entry, href: entry.code === 'all-inclusive' ? allInclusiveHref(base, links.orgId, user) : base });
    }
  }
  return items;
}
