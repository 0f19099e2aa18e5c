// Dresses every page response for the request's org and locale (ADR 0001): org name, logo and tag, <html lang>,
// translated [data-l] text, prices in the chosen currency, the org's product menu and a JSON boot block for the islands.
import type { Bindings } from '../env';
import { hostName, orgForHost, orgTheme, type OrgRow } from '../db/orgs';
import { labelsFor } from '../db/labels';
import { ratesFromUsd } from '../db/catalogue';
import { orgConfig } from '../routes/org';
import { applySecurityHeaders, PAGE_CSP } from '../security';
import { eligibleCodes, PRODUCTS } from '../../src/shared/products';
import { formatUsdPrice, parseCookies, resolveCurrency, resolveLanguage } from './locale';
import { cssVersion, themeHref } from './theme';
import { pageCookieHeaders } from './cookies';
import { secureFor } from '../auth/cookies';
import { locationFromCf } from '../routes/catalogue';
import { destinationOffers, type DestinationOffer } from '../flows/destinations';
import { formatMoney } from '../../src/shared/money';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const LABEL_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;
const EXTERNAL = new Set(PRODUCTS.filter((p) => p.kind === 'external').map((p) => p.code));

/** JSON inside <script>: nothing in it may close the element or start a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function externalUrl(org: OrgRow, code: string): string {
  return code === 'all-inclusive' ? org.all_inclusive_url : code === 'tra' ? org.trips_site_url : '';
}

export async function decoratePage(request: Request, response: Response, env: Bindings): Promise<Response> {
  const res = new Response(response.body, response);
  applySecurityHeaders(res.headers, PAGE_CSP);
  if (!(res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html') || !res.body) return res;

  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('cookie'));
  const queryLang = url.searchParams.get('lang');
  const showKeys = env.SHOW_LABEL_KEYS === '1';
  let org: OrgRow, language: string, labels: Record<string, string>, rates: Record<string, number>, themeVersion: string | null;
  try {
    org = await orgForHost(env.DB, hostName(request.headers.get('host') ?? url.host));
    language = resolveLanguage(queryLang, cookies.lan_code, org.default_language);
    // The theme is read on every view (not cached here): its versioned address is cached for good by browsers.
    const theme = orgTheme(env.DB, org.id, 'theme')
      .then((t) => (t ? cssVersion(t.css) : null))
      .catch(() => null);
    [labels, rates, themeVersion] = await Promise.all([labelsFor(env.DB, org.id, language, showKeys), ratesFromUsd(env.DB), theme]);
  } catch (err) {
    // Better the built page undressed than no page at all.
    console.error(JSON.stringify({ level: 'error', where: 'decoratePage', path: url.pathname, error: String(err) }));
    res.headers.set('Cache-Control', 'private, no-cache');
    return res;
  }
  const currency = resolveCurrency(cookies.currency_code, rates);
  const eligible = new Set(eligibleCodes(org.eligible_products));
  const boot = { org: orgConfig(org), language, currency, labels, showKeys };
  const label = (key: string | null) => (key ? labels[key] || '' : '');
  // Read once, on the first destination card of the page; a failed read hides the cards rather than the page.
  let offers: Promise<Map<string, DestinationOffer>> | null = null;
  const offerFor = async (city: string | null) => {
    offers ??= destinationOffers(env.DB, org, currency, rates).catch((err) => {
      console.error(JSON.stringify({ level: 'error', where: 'destinationOffers', error: String(err) }));
      return new Map<string, DestinationOffer>();
    });
    return city ? (await offers).get(city) : undefined;
  };

  const rewriter = new HTMLRewriter()
    .on('html', { element: (el) => void el.setAttribute('lang', language) })
    .on('head', { element: (el) => void el.append(`<script type="application/json" id="tc-boot">${scriptSafeJson(boot)}</script>`, { html: true }) })
    .on('title', {
      element(el) {
        const text = label(el.getAttribute('data-l'));
        if (text) el.setInnerContent(`${text} · ${org.name}`);
        else el.append(` · ${org.name}`);
      },
    })
    .on('[data-l]', {
      element(el) {
        if (el.tagName === 'title') return;
        const text = label(el.getAttribute('data-l'));
        if (text) el.setInnerContent(text);
      },
    })
    .on('[data-org-name]', { element: (el) => void el.setInnerContent(org.name) })
    .on('img[data-org-logo]', { element: (el) => void (org.logo_url && el.setAttribute('src', org.logo_url)) })
    .on('link[data-org-theme]', { element: (el) => void (themeVersion && el.setAttribute('href', themeHref(themeVersion))) })
    .on('meta[data-org-google-tag]', { element: (el) => void el.setAttribute('content', org.google_tag_id) })
    .on('[data-product]', {
      element(el) {
        const code = el.getAttribute('data-product') ?? '';
        if (!eligible.has(code) || (EXTERNAL.has(code) && !externalUrl(org, code))) el.remove();
      },
    })
    .on('a[data-external]', {
      element: (el) => void el.setAttribute('href', externalUrl(org, el.getAttribute('data-external') ?? '') || '/'),
    })
    .on('[data-dest]', {
      async element(el) {
        const offer = await offerFor(el.getAttribute('data-dest'));
        if (!offer) el.remove();
      },
    })
    .on('a[data-dest-link]', {
      async element(el) {
        const offer = await offerFor(el.getAttribute('data-dest-link'));
        if (offer) el.setAttribute('href', offer.href);
      },
    })
    .on('[data-dest-price]', {
      async element(el) {
        const offer = await offerFor(el.getAttribute('data-dest-price'));
        if (!offer) return;
        el.setInnerContent(formatMoney(offer.totalMinor, currency, language));
        el.setAttribute('data-currency', currency);
        el.setAttribute('data-minor', String(offer.totalMinor));
      },
    })
    .on('[data-org-phone]', {
      element(el) {
        if (!org.support_phone) return void el.remove();
        el.setAttribute('href', `tel:${org.support_phone.replace(/[^+0-9]/g, '')}`);
        el.setInnerContent(org.support_phone);
      },
    })
    .on('[data-org-email]', {
      element(el) {
        if (!org.support_email) return void el.remove();
        el.setAttribute('href', `mailto:${org.support_email}`);
        el.setInnerContent(org.support_email);
      },
    })
    .on('[data-usd]', {
      element(el) {
        const usd = Number(el.getAttribute('data-usd'));
        if (!Number.isFinite(usd)) return;
        el.setInnerContent(formatUsdPrice(usd, currency, rates, language, el.hasAttribute('data-whole')));
        el.setAttribute('data-currency', currency);
      },
    });
  for (const attr of LABEL_ATTRIBUTES) {
    rewriter.on(`[data-l-${attr}]`, {
      element(el) {
        const text = label(el.getAttribute(`data-l-${attr}`));
        if (text) el.setAttribute(attr, text);
      },
    });
  }

  const out = rewriter.transform(res);
  const headers = out.headers;
  // The same static file becomes a different page per org, language and currency: never share or revalidate it blindly.
  headers.set('Cache-Control', 'private, no-cache');
  headers.append('Vary', 'Cookie');
  headers.delete('ETag');
  headers.delete('Last-Modified');
  headers.delete('Content-Length');
  const cf = (request as Request & { cf?: Record<string, unknown> }).cf;
  const secure = secureFor(url.protocol, request.headers.get('host') ?? url.host);
  for (const cookie of pageCookieHeaders({ org, url, cookies, countryCode: locationFromCf(cf).countryCode, secure })) headers.append('Set-Cookie', cookie);
  if (queryLang && queryLang === language && cookies.lan_code !== language) {
    const secure = url.protocol === 'https:' ? '; Secure' : '';
    headers.append('Set-Cookie', `lan_code=${encodeURIComponent(language)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`);
  }
  return out;
}
