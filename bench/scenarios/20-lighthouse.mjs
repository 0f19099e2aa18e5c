// Lighthouse 13 mobile performance score (default mobile emulation and simulated throttling) for each page type of
// 10-page-js, and for the pages where a traveller decides (issue 18): a results page, a product's details and its checkout.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startH2Front } from '../lib/h2-front.mjs';
import { PAGES } from './10-page-js.mjs';

/** The product photographs' addresses (served by the images route, docs/decisions/0032-photographs.md). */
const PHOTOS = ['*/api/images/*'];
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * How the pages are served to Lighthouse (`LIGHTHOUSE_PROTOCOL`): `h2`, as the edge serves them (HTTP/2 over TLS, through
 * bench/lib/h2-front.mjs), by default; `h1`, as the local runtime serves them (HTTP/1.1 on loopback); `both`.
 */
const PROTOCOLS = { h2: ['h2'], h1: ['h1'], both: ['h2', 'h1'] }[process.env.LIGHTHOUSE_PROTOCOL ?? 'h2'] ?? ['h2'];
const PROTOCOL_NAMES = { h2: 'HTTP/2 as at the edge', h1: 'HTTP/1.1 as served locally' };

/** One Lighthouse run in a Chrome of its own (a second run in the same Chrome sometimes records no navigation). */
async function audit(url, blockedUrlPatterns = []) {
  // The front's certificate is made for the run: nothing to trust it, so the audit's Chrome accepts it.
  const chromeFlags = url.startsWith('https:') ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS;
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags, logLevel: 'silent' });
  try {
    return (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], blockedUrlPatterns }))?.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * An earlier visitor of this page: the search the page names (its `Link` header) is asked once, as that visitor's
 * island asked it, and the edge then draws the page with it (decision 0050). A page that names no search is left as it is.
 */
async function askedBefore(origin, path) {
  const named = /<(\/api\/products\/search\?[^>]+)>; rel=preload; as=fetch/.exec((await fetch(origin + path)).headers.get('link') ?? '')?.[1];
  if (!named) return;
  await fetch(origin + named).then((r) => r.arrayBuffer());
  for (let i = 0; i < 50; i++) {
    if ((await (await fetch(origin + path)).text()).includes('data-first-screen')) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the edge never drew ${path} from its search`);
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A results page for a real query, and the details and checkout of its first hotel (found through the API, so any seed). */
async function decidingPages(origin) {
  const stay = `check_in=${day(30)}&check_out=${day(33)}&guests=2`;
  const found = await fetch(`${origin}/api/products/search?type=HLT&city=Lisbon&per_page=1`).then((r) => r.json());
  const id = found?.data?.[0]?.product_id;
  if (!id) throw new Error('no Lisbon hotel to audit');
  // A search asked before (by an earlier visitor) comes drawn with the page (decision 0050); the first visitor of a
  // search is measured too: a price ceiling above every price makes it a search of its own, same results.
  const never = `${stay}&max_price=${1_000_000 + Math.floor(Math.random() * 9_000_000)}`;
  return [
    { kind: 'results', path: `/search-detail?type=HLT&city=Lisbon&${stay}`, photos: true, askedBefore: true },
    { kind: 'results (a search never asked before)', path: `/search-detail?type=HLT&city=Lisbon&${never}` },
    { kind: 'product details', path: `/hotel-details?id=${id}&${stay}`, photos: true },
    { kind: 'checkout', path: `/hotel-checkout?id=${id}&${stay}`, photos: true },
  ];
}

/** Audits each run's page served at `origin` (the Worker itself, or the front before it); the helpers ask the Worker. */
async function auditAll(ctx, runs, origin, suffix) {
  const rows = [];
  const scores = new Map();
  for (const { page, label, blocked = [] } of runs) {
    // The results pages of the page-weight list are audited as pages their earlier visitors have asked for too.
    if (page.askedBefore || page.deferred === 'first screen') await askedBefore(ctx.origin, page.path);
    let lhr = await audit(`${origin}${page.path}`, blocked);
    // Lighthouse's own trace failures (NO_NAVSTART, NO_FCP) say nothing about the page: try once more.
    if (lhr?.runtimeError) lhr = await audit(`${origin}${page.path}`, blocked);
    const score = lhr?.categories?.performance?.score;
    const value = (id) => lhr?.audits?.[id]?.numericValue;
    // What this machine saw, unthrottled: Lighthouse loads the page at full speed and simulates the slow phone from it.
    const observed = lhr?.audits?.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
    const points = typeof score === 'number' ? Math.round(score * 100) : null;
    scores.set(label, points);
    const withPhotos = scores.get(page.kind);
    const cost = blocked.length && points !== null && withPhotos != null ? `; the photographs cost ${Math.max(0, points - withPhotos)} points (${withPhotos} with them)` : '';
    const note = lhr?.runtimeError
      ? lhr.runtimeError.message
      : `FCP ${Math.round(value('first-contentful-paint') ?? 0)} ms, LCP ${Math.round(value('largest-contentful-paint') ?? 0)} ms, TBT ${Math.round(value('total-blocking-time') ?? 0)} ms, CLS ${(value('cumulative-layout-shift') ?? 0).toFixed(3)}, LCP observed unthrottled ${Math.round(observed ?? 0)} ms${cost}`;
    rows.push({ metric: `Lighthouse mobile performance${suffix}, ${label} (${page.path})`, value: points, unit: '/100', note });
  }
  return rows;
}

export async function run(ctx) {
  const rows = [];
  const only = (process.env.LIGHTHOUSE_ONLY ?? '').split(',').filter(Boolean);
  const pages = [...PAGES.filter((p) => p.lighthouse), ...(await decidingPages(ctx.origin))].filter((p) => !only.length || only.includes(p.kind));
  // What the photographs cost (issue 18): a page with photos is audited again with every photograph refused, so the
  // score and LCP a page would have without them stand beside its own.
  const runs = pages.flatMap((page) => [{ page, label: page.kind }, ...(page.photos ? [{ page, label: `${page.kind}, no photographs`, blocked: PHOTOS }] : [])]);
  for (const protocol of PROTOCOLS) {
    const front = protocol === 'h2' ? await startH2Front(ctx.origin) : null;
    try {
      rows.push(...(await auditAll(ctx, runs, front?.origin ?? ctx.origin, `, ${PROTOCOL_NAMES[protocol]}`)));
    } finally {
      await front?.close();
    }
  }
  return rows;
}
