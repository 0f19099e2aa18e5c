// Lighthouse 13 mobile performance score (default mobile emulation and simulated throttling) for each page type of
// 10-page-js, and for the pages where a traveller decides (issue 18): a results page, a product's details and its checkout.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PAGES } from './10-page-js.mjs';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** One Lighthouse run in a Chrome of its own (a second run in the same Chrome sometimes records no navigation). */
async function audit(url) {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    return (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr;
  } finally {
    await chrome.kill();
  }
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A results page for a real query, and the details and checkout of its first hotel (found through the API, so any seed). */
async function decidingPages(origin) {
  const stay = `check_in=${day(30)}&check_out=${day(33)}&guests=2`;
  const found = await fetch(`${origin}/api/products/search?type=HLT&city=Lisbon&per_page=1`).then((r) => r.json());
  const id = found?.data?.[0]?.product_id;
  if (!id) throw new Error('no Lisbon hotel to audit');
  return [
    { kind: 'results', path: `/search-detail?type=HLT&city=Lisbon&${stay}` },
    { kind: 'product details', path: `/hotel-details?id=${id}&${stay}` },
    { kind: 'checkout', path: `/hotel-checkout?id=${id}&${stay}` },
  ];
}

export async function run(ctx) {
  const rows = [];
  const only = (process.env.LIGHTHOUSE_ONLY ?? '').split(',').filter(Boolean);
  const pages = [...PAGES.filter((p) => p.lighthouse), ...(await decidingPages(ctx.origin))].filter((p) => !only.length || only.includes(p.kind));
  for (const page of pages) {
    let lhr = await audit(`${ctx.origin}${page.path}`);
    // Lighthouse's own trace failures (NO_NAVSTART, NO_FCP) say nothing about the page: try once more.
    if (lhr?.runtimeError) lhr = await audit(`${ctx.origin}${page.path}`);
    const score = lhr?.categories?.performance?.score;
    const value = (id) => lhr?.audits?.[id]?.numericValue;
    const note = lhr?.runtimeError
      ? lhr.runtimeError.message
      : `FCP ${Math.round(value('first-contentful-paint') ?? 0)} ms, LCP ${Math.round(value('largest-contentful-paint') ?? 0)} ms, TBT ${Math.round(value('total-blocking-time') ?? 0)} ms, CLS ${(value('cumulative-layout-shift') ?? 0).toFixed(3)}`;
    rows.push({ metric: `Lighthouse mobile performance, ${page.kind} (${page.path})`, value: typeof score === 'number' ? Math.round(score * 100) : null, unit: '/100', note });
  }
  return rows;
}
