// Lighthouse 13 mobile performance score (default mobile emulation and simulated throttling) for three page types.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PAGES } from './10-page-js.mjs';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export async function run(ctx) {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const page of PAGES) {
      const result = await lighthouse(`${ctx.origin}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result?.lhr;
      const score = lhr?.categories?.performance?.score;
      const audit = (id) => lhr?.audits?.[id]?.numericValue;
      const note = lhr?.runtimeError
        ? lhr.runtimeError.message
        : `FCP ${Math.round(audit('first-contentful-paint') ?? 0)} ms, LCP ${Math.round(audit('largest-contentful-paint') ?? 0)} ms, TBT ${Math.round(audit('total-blocking-time') ?? 0)} ms, CLS ${(audit('cumulative-layout-shift') ?? 0).toFixed(3)}`;
      rows.push({ metric: `Lighthouse mobile performance, ${page.kind} (${page.path})`, value: typeof score === 'number' ? Math.round(score * 100) : null, unit: '/100', note });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
