// Dresses every page response for the request's org and locale (ADR 0001): org name, logo and tag, <html lang>,
// translated [data-l] text, prices in the chosen currency, the org's product menu and a JSON boot block for the islands.
// A dressed static page is the same for everyone of one org (version), language, currency and rates version: it is
// kept whole at the edge under those and served from there (docs/decisions/0025-edge-cache.md).
import type { Bindings } from '../env';
import { hostName, type OrgRow } from '../db/orgs';
import { orgForHost, orgThemeVersion } from '../cache/orgs';
import { labelsFor } from '../cache/labels';
import { currentRates } from '../cache/rates';
import { orgConfig } from '../flows/org-config';
import { applySecurityHeaders, PAGE_CSP } from '../security';
import { eligibleCodes, PRODUCTS } from '../../src/shared/rules/products';
import { formatUsdPrice, resolveCurrency, resolveLanguage } from './locale';
import { parseCookies } from '../lib/cookies';
import { cssVersion, themeHref } from '../lib/theme-address';
import { pageCookieHeaders } from './cookies';
import { secureFor } from '../auth/cookies';
import { edgeGetResponse, edgePutResponse } from '../lib/edge-cache';
import { locationFromCf } from '../flows/location';
import { destinationOffers, pageKeptSeconds, type DestinationOffer, type DestinationOffers } from '../flows/destinations';
import { supplierAsk, type SupplierAsk } from '../flows/supplier-search';
import { lineLog, type Log } from '../log';
import { formatMoney } from '../../src/shared/rules/money';
import { LABELS } from '../../src/shared/i18n';
import { translate } from '../../src/shared/i18n/translate';
import { RESULTS_FIRST_SCREEN_KEYS, SHELL_LABEL_KEYS } from '../../src/shared/i18n/areas';
import { LABEL_TABLES } from '../../src/shared/i18n/tables';
import { firstCall, firstCallPreload, isResultsPage, resultsTypeOf } from './preload';
import { firstPhotoPreload, keptAnswer } from '../flows/first-answer';
import { drawFirstScreen, withDefaultStay, withFirstScreen, type FirstScreen } from './first-screen';
import { lookUpSession, TOKEN_COOKIE } from '../auth/session';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const LABEL_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;
const SHELL_KEYS = new Set(SHELL_LABEL_KEYS);
const RESULTS_KEYS = new Set([...SHELL_LABEL_KEYS, ...RESULTS_FIRST_SCREEN_KEYS]);
/** A plural form's key names its label (`bk_results_count_other` → `bk_results_count`). */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
/** Keys an island can fetch with its label area; any other key (a table no area names yet) travels in the boot block. */
const AREA_KEYS = new Set(Object.values(LABEL_TABLES).flatMap((table) => Object.keys(table)));
const EXTERNAL = new Set(PRODUCTS.filter((p) => p.kind === 'external').map((p) => p.code));

/** JSON inside <script>: nothing in it may close the element or start a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function externalUrl(org: OrgRow, code: string): string {
  return code === 'all-inclusive' ? org.all_inclusive_url : code === 'tra' ? org.trips_site_url : '';
}

/** What a page view depends on, all of it from the edge on a warm path. */
interface PageView {
  org: OrgRow;
  language: string;
  currency: string;
  rates: Record<string, number>;
  ratesVersion: string;
  showKeys: boolean;
}

async function pageView(request: Request, url: URL, cookies: Record<string, string>, env: Bindings): Promise<PageView> {
  const [org, { rates, version }] = await Promise.all([orgForHost(env.DB, hostName(request.headers.get('host') ?? url.host)), currentRates(env.DB)]);
  const language = resolveLanguage(url.searchParams.get('lang'), cookies.lan_code, org.default_language);
  return { org, language, currency: resolveCurrency(cookies.currency_code, rates, org.default_currency), rates, ratesVersion: version, showKeys: env.SHOW_LABEL_KEYS === '1' };
}

declare const __BUILD_ID__: string | undefined;
/** The build that rendered a kept page: a page of the previous deploy names assets this one no longer serves. */
const BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'source';

const pageKey = (v: PageView, pathname: string) =>
  `page/${BUILD}/${v.org.id}/${v.org.version}/${v.ratesVersion}/${v.language}/${v.currency}/${v.showKeys ? 1 : 0}${pathname}`;

/** What dressing a page may leave running after its answer (a bed bank's answer kept at the edge), and its log. */
interface PageWork {
  sinceMs: number;
  later: (work: Promise<unknown>) => unknown;
  log: Log;
}

/**
 * Serves a page: from the edge when this org, language, currency and rates version have it, else rendered by
 * `render` and dressed. Only a static file (it comes with an ETag) answered 200 to a GET is kept: pages rendered per
 * request are dressed every time. Nothing personal is in a kept page (what is personal comes from the islands).
 * A page whose destination cards are priced with the org's bed bank is kept only as long as the supplier's answer is,
 * and one dressed while the bed bank failed or was late only a moment (docs/decisions/0077).
 */
export async function servePage(
  request: Request, env: Bindings, render: (page?: Request) => Promise<Response>, later: (work: Promise<unknown>) => unknown = (work) => work,
): Promise<Response> {
  const sinceMs = Date.now();
  const url = new URL(request.url);
  const work: PageWork = { sinceMs, later, log: lineLog({ path: url.pathname }) };
  const cookies = parseCookies(request.headers.get('cookie'));
  let view: PageView;
  try {
    view = await pageView(request, url, cookies, env);
  } catch (err) {
    // Better the built page undressed than no page at all.
    console.error(JSON.stringify({ level: 'error', where: 'servePage', path: url.pathname, error: String(err) }));
    const rendered = await render();
    const res = new Response(rendered.body, rendered);
    applySecurityHeaders(res.headers, PAGE_CSP);
    res.headers.set('Cache-Control', 'private, no-cache');
    return res;
  }
  if (view.org.closed) return serveClosed(request, url, cookies, view, env, render, work);
  // The closed site's page is no page of an open org: its address answers as an unknown one does (the 404 page).
  const closedPage = url.pathname.replace(/\/$/, '') === COMING_SOON;
  if (closedPage) {
    const own = render;
    render = (page?: Request) => own(page ?? new Request(new URL('/no-such-page', url), { headers: request.headers }));
  }
  const key = request.method === 'GET' && !closedPage ? pageKey(view, url.pathname) : null;
  const [kept, { links, screen }] = await Promise.all([key ? edgeGetResponse(key) : undefined, firstThings(url, view, cookies, env)]);
  // What is written into each response rather than kept: a results page's first screen, the home search box's days.
  const perResponse = (page: Response) =>
    url.pathname === '/'
      ? withDefaultStay(page, { language: view.language, eligibleProducts: view.org.eligible_products, minCheckinDays: view.org.min_checkin_days })
      : withFirstScreen(page, screen);
  if (kept) {
    const page = new Response(kept.body, { headers: { 'Content-Type': kept.headers.get('content-type') ?? 'text/html; charset=utf-8' } });
    return personalise(perResponse(page), request, url, cookies, view, links, 'hit');
  }

  const response = await render();
  const res = new Response(response.body, response);
  applySecurityHeaders(res.headers, PAGE_CSP);
  if (!(res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html') || !res.body) return res;
  let dressed: Response;
  const cards = destinationCards(view, env, work);
  try {
    dressed = await dress(res, view, env, isResultsPage(url.pathname) ? RESULTS_KEYS : SHELL_KEYS, cards);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', where: 'servePage', path: url.pathname, error: String(err) }));
    res.headers.set('Cache-Control', 'private, no-cache');
    return res;
  }
  if (!key || response.status !== 200 || !response.headers.has('etag')) return personalise(perResponse(dressed), request, url, cookies, view, links, 'bypass');
  const html = await dressed.text();
  // Read by the dressing that has just ended (null: the page has no destination card).
  const offers = await cards.read();
  await edgePutResponse(key, new Response(html, { headers: { 'Content-Type': dressed.headers.get('content-type') ?? 'text/html; charset=utf-8' } }), pageKeptSeconds(offers));
  return personalise(perResponse(new Response(html, dressed)), request, url, cookies, view, links, 'miss');
}

/** Pages a closed org's staff need to get in: the console (its sign-in), an invitation, a password link, SSO's landing. */
const STAFF_PAGES = ['/admin', '/invitation', '/change-password', '/verify-account', '/login/sso'];
const isStaffPage = (path: string) => STAFF_PAGES.some((p) => path === p || path.startsWith(`${p}/`));
/** The page every other visitor of a closed org gets (src/pages/coming-soon.astro). */
const COMING_SOON = '/coming-soon';

/** A signed-in admin of the org: they see the closed site as visitors will, under a preview bar. */
async function isOrgAdmin(env: Bindings, orgId: number, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const { user } = await lookUpSession(env.DB, token, orgId, async () => undefined);
  return user?.role === 'admin';
}

/**
 * A closed org (it has not gone live, docs/decisions/0066): its staff pages as usual, its admins the site under a
 * preview bar, everyone else a "coming soon" page with its name (200, noindex). Nothing of a closed org is kept at the
 * edge: each of these answers is per visitor, and going live moves the org's version, which every kept page's key holds.
 */
async function serveClosed(
  request: Request, url: URL, cookies: Record<string, string>, view: PageView, env: Bindings, render: (page?: Request) => Promise<Response>, work: PageWork,
) {
  const rendered = await render();
  const html = (rendered.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');
  if (!html) return rendered;
  const staff = isStaffPage(url.pathname);
  const preview = !staff && (await isOrgAdmin(env, view.org.id, cookies[TOKEN_COOKIE]));
  let page = rendered;
  if (!staff && !preview) {
    await rendered.body?.cancel();
    const soon = await render(new Request(new URL(COMING_SOON, url), { headers: request.headers }));
    page = new Response(soon.body, { status: 200, headers: soon.headers });
    page.headers.set('X-Robots-Tag', 'noindex');
  }
  const res = new Response(page.body, page);
  applySecurityHeaders(res.headers, PAGE_CSP);
  let dressed = await dress(res, view, env, SHELL_KEYS, destinationCards(view, env, work));
  if (preview) dressed = withPreviewBar(dressed, view);
  return personalise(dressed, request, url, cookies, view, [], 'bypass');
}

/** The bar a closed org's admin reads above its site: not live yet, and the way to the checklist's "Go live". */
function withPreviewBar(page: Response, view: PageView): Response {
  const text = (key: string) => escapeHtml(LABELS[key]?.[view.language as keyof (typeof LABELS)[string]] || LABELS[key]?.['en-US'] || '');
  const bar =
    `<div class="preview-bar" role="region" aria-label="${text('preview_bar_label')}" data-testid="preview-bar">` +
    `<span>${text('preview_bar_text')}</span> <a href="/admin">${text('preview_bar_link')}</a></div>`;
  // After the skip link, so that it stays the page's first stop.
  return new HTMLRewriter().on('a.skip-link', { element: (el) => void el.after(bar, { html: true }) }).transform(page);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The labels of the boot block: the shell's (and on a results page its first screen's, decision 0048), and every text
 * the org set itself (an override the bundled area chunks do not have); the islands bring the rest of their areas'
 * labels with their code (docs/decisions/0008-page-weight.md).
 */
function bootLabels(labels: Record<string, string>, language: string, showKeys: boolean, own: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(labels)) {
    const bundled = LABELS[key]?.[language as keyof (typeof LABELS)[string]] || (showKeys ? key : '');
    if (own.has(key) || own.has(baseKey(key)) || !AREA_KEYS.has(key) || text !== bundled) out[key] = text;
  }
  return out;
}

/** A page's destination cards: read once, on its first card, and what that read found once the page is dressed. */
interface DestinationCards {
  offerFor: (city: string | null) => Promise<DestinationOffer | undefined>;
  /** What the cards were read from, or null when the page has none. */
  read: () => Promise<DestinationOffers | null>;
}

function destinationCards(view: PageView, env: Bindings, work: PageWork): DestinationCards {
  const { org, currency, rates, language } = view;
  let offers: Promise<DestinationOffers> | null = null;
  const readOffers = async (): Promise<DestinationOffers> => {
    // The org's bed bank, asked as a search asks it and within the same budget, from the page's start (docs/decisions/0077);
    // a connection that cannot be read leaves the own hotels alone, and the page not kept.
    let ask: SupplierAsk | null = null;
    let askFailed = false;
    try {
      ask = await supplierAsk({ db: env.DB, env, log: work.log, later: work.later, budgetMs: env.SUPPLIER_SEARCH_BUDGET_MS, sinceMs: work.sinceMs }, org.id);
    } catch (err) {
      work.log('error', 'supplier.search_failed', { kind: 'connection', reason: String(err) });
      askFailed = true;
    }
    const found = await destinationOffers(env.DB, org, currency, rates, language, ask);
    return askFailed ? { ...found, partial: true } : found;
  };
  return {
    offerFor: async (city) => {
      // A failed read hides the cards rather than the page, and the page is not kept.
      offers ??= readOffers().catch((err) => {
        console.error(JSON.stringify({ level: 'error', where: 'destinationOffers', error: String(err) }));
        return { cards: new Map<string, DestinationOffer>(), live: false, partial: true };
      });
      return city ? (await offers).cards.get(city) : undefined;
    },
    read: () => offers ?? Promise.resolve(null),
  };
}

async function dress(res: Response, view: PageView, env: Bindings, bootKeys: ReadonlySet<string>, cards: DestinationCards): Promise<Response> {
  const { org, language, currency, rates, showKeys } = view;
  const [labels, themeVersion] = await Promise.all([
    labelsFor(env.DB, org.id, language, showKeys, org.version),
    orgThemeVersion(env.DB, org, cssVersion).catch(() => null),
  ]);
  const eligible = new Set(eligibleCodes(org.eligible_products));
  const boot = { org: orgConfig(org), language, currency, labels: bootLabels(labels, language, showKeys, bootKeys), showKeys };
  const label = (key: string | null) => (key ? labels[key] || '' : '');
  const { offerFor } = cards;

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
        // A count (`data-l-n`): the label's plural form for it, the count in its place ("2 nuits").
        const n = Number(el.getAttribute('data-l-n') ?? NaN);
        const key = el.getAttribute('data-l');
        const text = key && Number.isFinite(n) ? translate(labels, false, language, key, { n }) : label(key);
        if (text) el.setInnerContent(text);
      },
    })
    .on('[data-org-name]', { element: (el) => void el.setInnerContent(org.name) })
    // No logo of its own (a new org's neutral brand): its name as text, never the build's placeholder logo.
    .on('img[data-org-logo]', { element: (el) => void (org.logo_url ? el.setAttribute('src', org.logo_url) : el.remove()) })
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
    .on('img[data-dest-photo]', {
      // The photograph of the city's cheapest hotel, every stored width offered, its alt text in the page's language
      // (docs/decisions/0032-photographs.md); a city whose hotel has no photo keeps its drawing.
      async element(el) {
        const photo = (await offerFor(el.getAttribute('data-dest-photo')))?.photo;
        if (!photo) return;
        el.setAttribute('src', photo.src);
        if (photo.srcset) el.setAttribute('srcset', photo.srcset);
        el.setAttribute('alt', photo.alt[language as keyof typeof photo.alt] ?? photo.alt['en-US']);
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

  return rewriter.transform(res);
}

/**
 * What the page's address asks for first: its first API call, named to the browser with the page (`Link`, decision
 * 0047); and for a search the edge has answered before (decision 0050), for a visitor without a session the page's
 * first screen (everyone's prices, the photo in its HTML), for a session its first card's photo named instead. No D1
 * read.
 */
async function firstThings(url: URL, view: PageView, cookies: Record<string, string>, env: Bindings): Promise<{ links: string[]; screen: FirstScreen | null }> {
  const call = firstCall(url, view.currency, view.org.min_checkin_days);
  const fetchCall = firstCallPreload(call);
  const type = resultsTypeOf(url.pathname);
  if (!fetchCall || !call?.search || !type) return { links: fetchCall ? [fetchCall] : [], screen: null };
  const { org, language, currency, ratesVersion, showKeys } = view;
  const answer = await keptAnswer({ orgId: org.id, version: org.version, language, ratesVersion }, call.path);
  if (!answer) return { links: [fetchCall], screen: null };
  const photo = firstPhotoPreload(answer);
  const links = photo ? [fetchCall, photo] : [fetchCall];
  // Signed in, an agent's trade prices or a member's hidden prices may be theirs alone: the page's own script draws it.
  if (cookies[TOKEN_COOKIE]) return { links, screen: null };
  try {
    const labels = await labelsFor(env.DB, org.id, language, showKeys, org.version);
    // Written into the page, the photo is in its HTML, with the priority its place on the page gives it: not named too.
    return { links: [fetchCall], screen: drawFirstScreen({ type, search: url.search, call: call.path, minCheckinDays: org.min_checkin_days, language, currency, labels, showKeys, answer }) };
  } catch (err) {
    // The page without it, as for a search never asked: its own script draws it.
    console.error(JSON.stringify({ level: 'error', where: 'firstScreen', path: url.pathname, error: String(err) }));
    return { links, screen: null };
  }
}

/** What differs per visitor on the same page: the headers and the readable cookies, never the body. */
function personalise(out: Response, request: Request, url: URL, cookies: Record<string, string>, view: PageView, links: string[], cache: 'hit' | 'miss' | 'bypass'): Response {
  const headers = out.headers;
  applySecurityHeaders(headers, PAGE_CSP);
  // The same static file becomes a different page per org, language and currency: never share or revalidate it blindly.
  headers.set('Cache-Control', 'private, no-cache');
  headers.append('Vary', 'Cookie');
  headers.set('X-Page-Cache', cache);
  headers.delete('ETag');
  headers.delete('Last-Modified');
  headers.delete('Content-Length');
  for (const link of links) headers.append('Link', link);
  const cf = (request as Request & { cf?: Record<string, unknown> }).cf;
  const secure = secureFor(url.protocol, request.headers.get('host') ?? url.host);
  for (const cookie of pageCookieHeaders({ org: view.org, url, cookies, countryCode: locationFromCf(cf).countryCode, secure })) headers.append('Set-Cookie', cookie);
  const queryLang = url.searchParams.get('lang');
  if (queryLang && queryLang === view.language && cookies.lan_code !== view.language) {
    const secure = url.protocol === 'https:' ? '; Secure' : '';
    headers.append('Set-Cookie', `lan_code=${encodeURIComponent(view.language)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`);
  }
  return out;
}
