// Gzip bytes of the JavaScript each page type loads: the /_astro/*.js its HTML references plus their static imports.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticImports } from '../../scripts/lib/module-preloads.mjs';

/**
 * The pages weighed; `lighthouse` marks the ones 20-lighthouse audits (issue 16: home, a product page, /resorts, /wallet);
 * `deferred` the ones whose islands wait: for a person (home, help, the static pages), or for the first screen the page draws
 * before React (`'first screen'`, the results pages: docs/decisions/0048-results-first-screen.md).
 */
export const PAGES = [
  { kind: 'home', path: '/', lighthouse: true, deferred: true },
  { kind: 'product page', path: '/search-detail', lighthouse: true, deferred: 'first screen' },
  { kind: 'resorts', path: '/resorts', lighthouse: true, deferred: 'first screen' },
  { kind: 'page with islands', path: '/wallet', lighthouse: true },
  { kind: 'static page', path: '/privacy-policy', lighthouse: true, deferred: true },
  { kind: 'product details', path: '/hotel-details' },
  { kind: 'checkout', path: '/hotel-checkout' },
  { kind: 'account', path: '/user-details' },
  { kind: 'help', path: '/help', deferred: true },
  { kind: 'rewards', path: '/your-rewards' },
  { kind: 'agent', path: '/agent/my-quotes' },
  { kind: 'console', path: '/admin' },
];

/** Bytes of the boot block (<script id="tc-boot">) in a page's HTML. */
export const bootBytes = (html) => Buffer.byteLength(/<script type="application\/json" id="tc-boot">.*?<\/script>/s.exec(html)?.[0] ?? '');

/** Every /_astro/*.js the HTML names: module scripts, modulepreload links and the islands' component/renderer URLs. */
export function referencedScripts(html) {
  const found = new Set();
  for (const m of html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+?\.js)"/g)) found.add(m[1]);
  // Astro may inline the island loader with the URLs in a JSON-ish string.
  for (const m of html.matchAll(/["'](\/_astro\/[^"'\s]+?\.js)["']/g)) found.add(m[1]);
  return [...found];
}

/**
 * What a page fetches and runs before a person acts: its inline scripts (Astro's island loader and directives), its module
 * scripts, and each island's code unless the island waits for a person (`client="interaction"`, src/directives/interaction.ts).
 * An island's before-hydration script loads when the island connects, whatever its directive, so it always counts.
 */
export function beforeInteraction(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="(\/_astro\/[^"]+?\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="(\/_astro\/[^"]+?\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attr = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1];
    const hydration = attr('before-hydration-url');
    if (hydration) urls.add(hydration);
    if (attr('client') === 'interaction') continue;
    for (const name of ['component-url', 'renderer-url']) if (attr(name)) urls.add(attr(name));
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((code) => code.trim());
  return { urls: [...urls], inline };
}

function closure(entries, clientDir) {
  const seen = new Set();
  const stack = [...entries];
  while (stack.length) {
    const url = stack.pop();
    if (seen.has(url)) continue;
    const file = join(clientDir, url);
    if (!existsSync(file)) continue;
    seen.add(url);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/')) {
        stack.push(spec.startsWith('/') ? spec : posix.normalize(posix.join(posix.dirname(url), spec)));
      }
    }
  }
  return [...seen];
}

const gzipKB = (bytes) => Math.round(bytes / 102.4) / 10;

/**
 * Issue 16's home target: at most 15 KB of JavaScript before the first interaction; the pages that wait for a person
 * (`<Base deferred>`: home, the static pages) are measured so (docs/decisions/0039-page-weight-by-interaction.md), and
 * the results pages up to their first screen, after which React comes without waiting for a person.
 */
async function beforeInteractionRow(ctx, page) {
  const html = await (await fetch(ctx.origin + page.path)).text();
  const { urls, inline } = beforeInteraction(html);
  const modules = closure(urls, ctx.clientDir);
  const bytes =
    modules.reduce((sum, url) => sum + gzipSync(readFileSync(join(ctx.clientDir, url)), { level: 9 }).byteLength, 0) +
    inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).byteLength, 0);
  const react = modules.some((url) => /\/react\.[\w-]+\.js$/.test(url));
  const until = page.deferred === 'first screen' ? 'before React (its first screen)' : 'before interaction';
  return { metric: `JS gzip, ${page.kind} ${until} (${page.path})`, value: gzipKB(bytes), unit: 'KB', note: `${modules.length} modules + ${inline.length} inline scripts${react ? ', React included' : ', no React'}` };
}

export async function run(ctx) {
  const rows = [];
  for (const page of PAGES.filter((p) => p.deferred)) rows.push(await beforeInteractionRow(ctx, page));
  for (const page of PAGES) {
    const res = await fetch(ctx.origin + page.path, { redirect: 'manual' });
    if (res.status !== 200) {
      rows.push({ metric: `JS gzip, ${page.kind} (${page.path})`, value: null, unit: 'KB', note: `page answered ${res.status}` });
      continue;
    }
    const html = await res.text();
    const modules = closure(referencedScripts(html), ctx.clientDir);
    const bytes = modules.reduce((sum, url) => sum + gzipSync(readFileSync(join(ctx.clientDir, url)), { level: 9 }).byteLength, 0);
    rows.push({ metric: `JS gzip, ${page.kind} (${page.path})`, value: Math.round(bytes / 102.4) / 10, unit: 'KB', note: `${modules.length} modules` });
    const french = await (await fetch(`${ctx.origin}${page.path}?lang=fr-FR`, { redirect: 'manual' })).text();
    rows.push({ metric: `Boot block, ${page.kind} (${page.path})`, value: Math.round(Math.max(bootBytes(html), bootBytes(french)) / 102.4) / 10, unit: 'KB', note: 'larger of en-US and fr-FR, raw' });
  }
  return rows;
}
