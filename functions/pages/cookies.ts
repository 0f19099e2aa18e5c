// The readable cookies the existing client reads on every page (docs/decisions/0014): the org's identity, the
// visitor's country from the edge, the last coordinate search and the green-deals flag. None carries a secret.
import type { OrgRow } from '../db/orgs';
import { GREEN_DEALS_PARAM } from '../../src/shared/rules/products';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface PageCookieInput {
  org: Pick<OrgRow, 'id' | 'name' | 'logo_url' | 'country_code'>;
  url: URL;
  /** The cookies the request carried (decoded). */
  cookies: Record<string, string>;
  /** The visitor's country as the edge located it (US when unknown). */
  countryCode: string;
  secure: boolean;
}

const coordinate = (text: string | null, limit: number) => {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** What each cookie should hold after this page view; null removes it. Names absent are left as they are. */
export function wantedPageCookies({ org, url, countryCode }: Pick<PageCookieInput, 'org' | 'url' | 'countryCode'>): Record<string, string | null> {
  const wanted: Record<string, string | null> = {
    orgid: String(org.id),
    // The white-label org the page was served for: the same id under the name the client's white-label code reads.
    wlOrg: String(org.id),
    orgName: org.name,
    logo: org.logo_url,
    orgCountryCode: org.country_code,
    userCountryCode: countryCode,
  };
  const latitude = coordinate(url.searchParams.get('latitude'), 90);
  const longitude = coordinate(url.searchParams.get('longitude'), 180);
  if (latitude !== null && longitude !== null) {
    wanted.searchLatitude = String(latitude);
    wanted.searchLongitude = String(longitude);
  }
  // The hotel page is reached through the hotel entry or the green-deals one (`?htlgd=1`): the flag follows the last used.
  if (url.pathname === '/') wanted.htlgd = url.searchParams.get(GREEN_DEALS_PARAM) === '1' ? '1' : null;
  return wanted;
}

/** The Set-Cookie values for this page view: only cookies whose value changes are written. */
export function pageCookieHeaders(input: PageCookieInput): string[] {
  const attributes = `Path=/; SameSite=Lax${input.secure ? '; Secure' : ''}`;
  const out: string[] = [];
  for (const [name, value] of Object.entries(wantedPageCookies(input))) {
    if (value === null) {
      if (input.cookies[name] !== undefined) out.push(`${name}=; Max-Age=0; ${attributes}`);
    } else if (input.cookies[name] !== value) {
      out.push(`${name}=${encodeURIComponent(value)}; Max-Age=${YEAR_SECONDS}; ${attributes}`);
    }
  }
  return out;
}
