// Marketing links' use-cases: creating links, a member's own link, counting a click, the last-click cookie and the
// figures (docs/decisions/0024-marketing-links.md). Plain values in and out.
import { dailySalt, forgetLink, linkBySlug } from '../cache/links';
import { badRequest, conflict, notFound } from '../errors';
import { hmacSha256Hex, sha256Hex } from '../lib/crypto';
import { atomically } from '../db/batch';
import {
  campaignExists, clicksStatements, figures, insertAuditedLink, insertLink, linkOfMember, linkRowBySlug, listLinks, updateLinkStatements,
  type Click, type LinkChange, type LinkListRow, type LinkRow, type Scope,
} from '../db/links';
import type { Actor } from '../db/console';
import { isSitePage } from '../../src/shared/rules/site-pages';
import { sameOriginRedirect, shortLinkTarget } from '../../src/shared/rules/referral-link';
import { convertMinor, fromMinor, knowsCurrency, type Rates } from '../../src/shared/rules/money';
import {
  DEFAULT_RANGE_DAYS, LINK_MSG, daysBetween, type DayFigures, type LinkCreate, type LinkEntry, type LinkPatch, type LinkStats, type StatsQuery,
} from '../../src/shared/contract/links';

export const ATTRIBUTION_DAYS = 30;
const DAY_MS = 86_400_000;
export const LAST_CLICK_COOKIE = 'tc_link';

export interface LinkOrg {
  id: number;
  loyalty_landing_url: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Lower-case letters and digits without look-alikes (0/o, 1/l): read out or typed from a poster. */
function randomSlug(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(7)), (b) => alphabet[b % alphabet.length]).join('');
}

/** The org's landing address, and addresses under it with their own query: the only absolute destinations allowed. */
function onLanding(destination: string, landing: string): boolean {
  if (!landing || !/^https?:\/\//i.test(landing)) return false;
  try {
    const d = new URL(destination);
    const l = new URL(landing);
    return d.origin === l.origin && d.pathname === l.pathname && !d.username && !d.password;
  } catch {
    return false;
  }
}

/**
 * A page the site has (its path normalised, as a referral redirect is; src/shared/rules/site-pages.ts) or the landing
 * address; a path the site would answer 404 is refused as such, anything else as not a destination at all.
 */
export function checkedDestination(destination: string, org: LinkOrg, siteOrigin: string): string {
  const path = sameOriginRedirect(destination, siteOrigin);
  if (path && isSitePage(path)) return path;
  if (path) throw badRequest(LINK_MSG.noSuchPage, [{ path: 'destination', message: LINK_MSG.noSuchPage }]);
  if (onLanding(destination, org.loyalty_landing_url)) return new URL(destination).toString();
  throw badRequest(`Invalid destination: ${LINK_MSG.destination}`, [{ path: 'destination', message: LINK_MSG.destination }]);
}

export const shortUrlOf = (siteOrigin: string, slug: string) => `${siteOrigin}/r/${slug}`;

/** The address a link sends its visitor to (absolute), with the referral and UTM parameters. */
export function targetOf(link: Pick<LinkRow, 'destination' | 'referral_code' | 'utm_source' | 'utm_medium' | 'utm_campaign'>, orgId: number, origin: string): string {
  const base = link.destination.startsWith('/') ? origin + link.destination : link.destination;
  return shortLinkTarget(base, {
    referralCode: link.referral_code,
    referralOrg: link.referral_code ? orgId : undefined,
    utm: { utm_source: link.utm_source, utm_medium: link.utm_medium, utm_campaign: link.utm_campaign },
  });
}

/** Makes a console link (audited with what it was made with); a taken slug is 409 and writes nothing. */
export async function createMarketingLink(db: D1Database, org: LinkOrg, actor: Actor, input: LinkCreate, siteOrigin: string) {
  const destination = checkedDestination(input.destination, org, siteOrigin);
  const base = {
    orgId: org.id,
    destination,
    referralCode: input.referral_code ?? '',
    campaign: input.campaign ?? '',
    utmSource: input.utm_source ?? '',
    utmMedium: input.utm_medium ?? '',
    utmCampaign: input.utm_campaign ?? '',
    ownerUserId: null,
    createdBy: actor.id,
  };
  const detail = (slug: string) => ({
    after: { slug, destination, campaign: base.campaign, referral_code: base.referralCode, utm_source: base.utmSource, utm_medium: base.utmMedium, utm_campaign: base.utmCampaign },
  });
  if (input.slug) {
    if (!(await insertAuditedLink(db, { ...base, slug: input.slug }, actor, detail(input.slug)))) throw conflict(LINK_MSG.slugTaken);
    return { slug: input.slug, short_url: shortUrlOf(siteOrigin, input.slug) };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = randomSlug();
    if (await insertAuditedLink(db, { ...base, slug }, actor, detail(slug))) return { slug, short_url: shortUrlOf(siteOrigin, slug) };
  }
  throw new Error('no free short link name after 5 draws');
}

/**
 * The member's own link (to the site's home with their referral code), created on the first ask. The one-per-member
 * index decides between concurrent first asks: the losers' inserts change nothing and they read the winner's link.
 */
export async function memberLink(db: D1Database, orgId: number, member: { id: number; referralCode: string }, siteOrigin: string) {
  let link = await linkOfMember(db, orgId, member.id);
  for (let attempt = 0; !link && attempt < 5; attempt++) {
    await insertLink(db, {
      orgId, slug: randomSlug(), destination: '/', referralCode: member.referralCode, campaign: '', utmSource: '', utmMedium: '', utmCampaign: '',
      ownerUserId: member.id, createdBy: member.id,
    });
    link = await linkOfMember(db, orgId, member.id);
  }
  if (!link) throw new Error('no free short link name after 5 draws');
  return { slug: link.slug, short_url: shortUrlOf(siteOrigin, link.slug), long_url: targetOf(link, orgId, siteOrigin) };
}

const entryOf = (siteOrigin: string) => (r: LinkListRow): LinkEntry => ({
  slug: r.slug,
  short_url: shortUrlOf(siteOrigin, r.slug),
  destination: r.destination,
  referral_code: r.referral_code,
  campaign: r.campaign,
  utm_source: r.utm_source,
  utm_medium: r.utm_medium,
  utm_campaign: r.utm_campaign,
  created_at: r.created_at,
  archived: r.archived_at !== null,
  clicks: r.clicks,
  unique_visitors: r.visitors,
  signups: r.signups,
  first_bookings: r.bookings,
});

export async function marketingLinks(db: D1Database, orgId: number, siteOrigin: string): Promise<LinkEntry[]> {
  return (await listLinks(db, orgId)).map(entryOf(siteOrigin));
}

/** One console link with its totals to date; a member's own link or another org's is no such link. */
export async function marketingLink(db: D1Database, orgId: number, slug: string, siteOrigin: string): Promise<LinkEntry> {
  const [row] = await listLinks(db, orgId, 1, slug);
  if (!row) throw notFound(LINK_MSG.noSuchLink);
  return entryOf(siteOrigin)(row);
}

const EDITABLE = ['destination', 'campaign', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

/**
 * Changes a console link (its destination checked as at creation) or archives it / brings it back, with the audit row
 * (before → after) in the same batch; then its kept copies go, so the next visit follows the change. Nothing changed →
 * nothing written. Its slug, referral code and figures stay.
 */
export async function changeMarketingLink(
  db: D1Database,
  org: LinkOrg & { version: number },
  actor: Actor,
  slug: string,
  patch: LinkPatch,
  siteOrigin: string,
  now: number,
): Promise<LinkEntry> {
  const row = await linkRowBySlug(db, org.id, slug);
  if (!row || row.owner_user_id !== null) throw notFound(LINK_MSG.noSuchLink);
  const wanted: Partial<Record<(typeof EDITABLE)[number], string>> = {
    ...patch,
    ...(patch.destination !== undefined ? { destination: checkedDestination(patch.destination, org, siteOrigin) } : {}),
  };
  const change: LinkChange = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of EDITABLE) {
    const v = wanted[k];
    if (v === undefined || v === row[k]) continue;
    change[k] = v;
    before[k] = row[k];
    after[k] = v;
  }
  if (patch.archived !== undefined && patch.archived !== (row.archived_at !== null)) {
    change.archived_at = patch.archived ? new Date(now).toISOString() : null;
    before.archived = row.archived_at !== null;
    after.archived = patch.archived;
  }
  if (Object.keys(change).length > 0) {
    const action = Object.keys(change).length === 1 && 'archived_at' in change ? (patch.archived ? 'link.archive' : 'link.restore') : 'link.update';
    await atomically(db, updateLinkStatements(db, org.id, row.id, change, { actor, action, target: `link:${row.slug}`, detail: { before, after } }));
    await forgetLink(org, row.slug);
  }
  return marketingLink(db, org.id, row.slug, siteOrigin);
}

export const findLink = (db: D1Database, org: { id: number; version: number }, slug: string) => linkBySlug(db, org, slug);

// ---- counting a click --------------------------------------------------------------------------------------------

/**
 * Link-preview fetchers, crawlers and scripts: they follow the link but are not people. Named ones first, then the
 * words crawlers put in their names, then command-line and library clients (curl, wget, …: a link checker or a
 * monitor, not a visitor).
 */
const NOT_A_PERSON =
  /slackbot|slack-imgproxy|facebookexternalhit|facebookcatalog|twitterbot|whatsapp|linkedinbot|googlebot|google-inspectiontool|adsbot|bingbot|bingpreview|discordbot|telegrambot|applebot|yandex|baiduspider|duckduckbot|pinterest|redditbot|skypeuripreview|embedly|iframely|vkshare|quora link preview|bot\b|bot\/|crawler|spider|preview|curl|wget|python|go-http-client|java\/|okhttp|libwww|httpclient|axios|node-fetch|undici/i;

export interface VisitRequest {
  method: string;
  userAgent: string;
  referer: string;
  /** Sec-Purpose / Purpose: a browser's prefetch is not a visit (yet). */
  purpose: string;
  /** Sec-CH-UA: the browser's brands, where a headless Chrome names itself even under another user agent. */
  brands?: string;
  country: string;
  ip: string;
}

export type Device = 'desktop' | 'mobile' | 'tablet';

export function deviceClass(ua: string): Device {
  if (/ipad|tablet|kindle|silk|playbook|android(?!.*mobile)/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * Browsers driven by a program: headless Chrome (its user agent and its client hints say HeadlessChrome), Lighthouse and
 * PageSpeed, and the automation tools' own marks. They load pages as a browser does but nobody is looking.
 */
const AUTOMATED = /headless|lighthouse|pagespeed|gtmetrix|phantomjs|puppeteer|playwright|selenium|webdriver|electron\/|cypress/i;

/**
 * A person in a browser: browsers all send a user agent starting with Mozilla/ (or Opera/), with no preview words, and
 * neither it nor the client hints (Sec-CH-UA) name a headless or automated browser.
 */
export function isPerson(v: Pick<VisitRequest, 'method' | 'userAgent' | 'purpose'> & { brands?: string }): boolean {
  if (v.method !== 'GET' || /prefetch|prerender/i.test(v.purpose)) return false;
  if (AUTOMATED.test(v.userAgent) || AUTOMATED.test(v.brands ?? '')) return false;
  return /^(mozilla|opera)\//i.test(v.userAgent.trim()) && !NOT_A_PERSON.test(v.userAgent);
}

export function referrerHost(referer: string): string {
  try {
    return referer ? new URL(referer).hostname.toLowerCase().slice(0, 253) : '';
  } catch {
    return '';
  }
}

/**
 * Counts a click: the visitor kept only as a hash salted with the day's salt (no address, no user agent), worked out
 * with the write, after the answers are out. The visitor is their address for that link that day: a user agent is
 * the visitor's to change at will (each change would be a new visitor), an address is not. Resolves once the write that holds it has committed (the caller keeps the
 * request alive until then with waitUntil).
 */
export function recordClick(db: D1Database, linkId: number, v: VisitRequest, now: number): Promise<void> {
  const country = /^[A-Z]{2}$/.test(v.country) && v.country !== 'XX' && v.country !== 'T1' ? v.country : '';
  const click = { at: new Date(now).toISOString(), day: dayOf(now), country, referrerHost: referrerHost(v.referer), device: deviceClass(v.userAgent) };
  return queueClick(db, { linkId, click, who: `${linkId}|${v.ip}` });
}

/** A click waiting for its write: the visitor's address is held in memory only until it is hashed. */
interface QueuedClick {
  linkId: number;
  click: Omit<Click, 'visitor'>;
  who: string;
}

/** The write's clicks with their visitors' hashes, salted with each click's day. */
async function hashedClicks(db: D1Database, queued: readonly QueuedClick[]) {
  const days = [...new Set(queued.map((q) => q.click.day))];
  const salts = new Map(await Promise.all(days.map(async (day) => [day, await dailySalt(db, day)] as const)));
  return Promise.all(
    queued.map(async ({ linkId, click, who }) => ({ linkId, click: { ...click, visitor: (await sha256Hex(`${salts.get(click.day)}|${who}`)).slice(0, 32) } })),
  );
}

/** At most this many clicks in one write (three statements whatever their number; the JSON stays far below D1's limits). */
const CLICKS_PER_WRITE = 200;
/**
 * How long a write waits for more clicks after its first: a tenth of a second nobody sees in the figures, and a
 * steady stream of clicks costs one commit per window instead of one per click.
 */
const CLICK_GATHER_MS = 100;

interface ClickWrite {
  clicks: QueuedClick[];
  committed: Promise<void>;
  /** Called when the write holds CLICKS_PER_WRITE clicks: it goes without waiting out its gathering time. */
  full: () => void;
}
/** The write still taking clicks, and the end of the one before it. */
let open: ClickWrite | null = null;
let previous: Promise<unknown> = Promise.resolve();

/**
 * The isolate's clicks go to D1 one batch at a time, after the answers are out: a write gathers the clicks of
 * CLICK_GATHER_MS (or until it holds CLICKS_PER_WRITE), then commits once the write before it has, so a stream of
 * clicks costs a few commits instead of one each (the redirect stays near the health check's speed,
 * docs/decisions/0030-fast-short-links-and-domain-faults.md), and a full write never waits. Each batch is one
 * transaction, its clicks in arrival order, so a visitor is counted once however its clicks are grouped.
 */
function queueClick(db: D1Database, queued: QueuedClick): Promise<void> {
  if (open && open.clicks.length < CLICKS_PER_WRITE) {
    open.clicks.push(queued);
    if (open.clicks.length === CLICKS_PER_WRITE) open.full();
    return open.committed;
  }
  let full = () => {};
  const gathered = new Promise<void>((resolve) => {
    full = resolve;
    setTimeout(resolve, CLICK_GATHER_MS);
  });
  const write: ClickWrite = { clicks: [queued], committed: Promise.resolve(), full };
  write.committed = Promise.all([previous.catch(() => undefined), gathered]).then(async () => {
    if (open === write) open = null;
    await atomically(db, clicksStatements(db, await hashedClicks(db, write.clicks)));
  });
  open = write;
  previous = write.committed;
  return write.committed;
}

// ---- the last-click cookie ---------------------------------------------------------------------------------------

const cookieKey = (secret: string) => `marketing-link-click:${secret}`;

/** `<link id>.<click time ms>.<HMAC>`: the visitor cannot credit another link or move the click in time. */
export async function clickCookieValue(secret: string, linkId: number, now: number): Promise<string> {
  const body = `${linkId}.${now}`;
  return `${body}.${(await hmacSha256Hex(cookieKey(secret), body)).slice(0, 32)}`;
}

export interface LastClick {
  linkId: number;
  clickAt: string;
}

/** The click a cookie names, when it is genuine and within the attribution window. */
export async function lastClickOf(secret: string, cookie: string | undefined, now: number): Promise<LastClick | null> {
  const m = /^(\d{1,12})\.(\d{1,15})\.([0-9a-f]{32})$/.exec(cookie ?? '');
  if (!m) return null;
  const at = Number(m[2]);
  if (at > now + 60_000 || now - at > ATTRIBUTION_DAYS * DAY_MS) return null;
  const expected = (await hmacSha256Hex(cookieKey(secret), `${m[1]}.${m[2]}`)).slice(0, 32);
  if (expected !== m[3]) return null;
  return { linkId: Number(m[1]), clickAt: new Date(at).toISOString() };
}

/**
 * What a member's booking would credit if it is their first: the cookie's last click (else, in SQL, the click their
 * sign-up was credited to, while within the window) and the booking's value in the org's currency, whatever paid it.
 */
export async function firstBookingCredit(
  secret: string,
  cookie: string | undefined,
  now: number,
  booking: { priceMinor: number; currency: string; orgCurrency: string; rates: Rates },
) {
  const click = await lastClickOf(secret, cookie, now);
  const known = knowsCurrency(booking.rates, booking.currency) && knowsCurrency(booking.rates, booking.orgCurrency);
  return {
    linkId: click?.linkId ?? null,
    clickAt: click?.clickAt ?? null,
    windowStart: new Date(now - ATTRIBUTION_DAYS * DAY_MS).toISOString(),
    revenueMinor: known ? convertMinor(booking.priceMinor, booking.currency, booking.orgCurrency, booking.rates) : 0,
    currency: booking.orgCurrency,
  };
}

// ---- figures -----------------------------------------------------------------------------------------------------

export type FigureScope = { slug: string } | { campaign: string };

export async function linkFigures(
  db: D1Database,
  org: { id: number; version: number },
  scope: FigureScope,
  q: StatsQuery,
  currency: string,
  rates: Rates,
  now: number,
): Promise<LinkStats> {
  const orgId = org.id;
  if ('slug' in scope && !(await linkBySlug(db, org, scope.slug))) throw notFound(LINK_MSG.noSuchLink);
  if ('campaign' in scope && !(await campaignExists(db, orgId, scope.campaign))) throw notFound(LINK_MSG.noSuchCampaign);
  const to = q.to ?? (q.from && q.from > dayOf(now) ? q.from : dayOf(now));
  const from = q.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  const raw = await figures(db, { orgId, ...scope } as Scope, from, to);
  const byDay = new Map<string, DayFigures & { revenueMinor: number }>(
    daysBetween(from, to).map((day) => [day, { day, clicks: 0, unique_visitors: 0, signups: 0, bookings: 0, revenue: 0, revenueMinor: 0 }]),
  );
  for (const d of raw.days) {
    const e = byDay.get(d.day);
    if (e) Object.assign(e, { clicks: d.clicks, unique_visitors: d.visitors });
  }
  for (const c of raw.conversions) {
    const e = byDay.get(c.day);
    if (!e) continue;
    e.signups += c.signups;
    e.bookings += c.bookings;
    // Revenue was stored in the org's currency of the day it was earned; a later change of currency converts it.
    if (c.revenue_minor && c.currency && knowsCurrency(rates, c.currency) && knowsCurrency(rates, currency)) {
      e.revenueMinor += convertMinor(c.revenue_minor, c.currency, currency, rates);
    }
  }
  const days = [...byDay.values()];
  const sum = (k: 'clicks' | 'unique_visitors' | 'signups' | 'bookings' | 'revenueMinor') => days.reduce((n, d) => n + d[k], 0);
  const visitors = sum('unique_visitors');
  return {
    from,
    to,
    clicks: sum('clicks'),
    unique_visitors: visitors,
    signups: sum('signups'),
    first_bookings: sum('bookings'),
    revenue: fromMinor(sum('revenueMinor'), currency),
    currency,
    conversion: visitors ? Math.round((sum('signups') / visitors) * 10_000) / 10_000 : 0,
    by_day: days.map(({ revenueMinor, ...d }) => ({ ...d, revenue: fromMinor(revenueMinor, currency) })),
    by_country: raw.countries.map((r) => ({ country: r.value, clicks: r.clicks })),
    by_referrer: raw.referrers.map((r) => ({ referrer: r.value, clicks: r.clicks })),
    by_device: raw.devices.flatMap((r) => (r.value === 'desktop' || r.value === 'mobile' || r.value === 'tablet' ? [{ device: r.value, clicks: r.clicks }] : [])),
  };
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The figures by day as CSV, with the currency in the revenue column's name. */
export function figuresCsv(s: LinkStats): string {
  const rows: (string | number)[][] = [
    ['day', 'clicks', 'unique_visitors', 'signups', 'first_bookings', `revenue_${s.currency}`],
    ...s.by_day.map((d) => [d.day, d.clicks, d.unique_visitors, d.signups, d.bookings, d.revenue]),
  ];
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
