// An Astro integration: each built page names, in its <head>, its own scripts and every module they and its islands
// import statically when they start at load (`client:only` / `client:load`), as `<link rel="modulepreload">`. Without it the browser finds a
// module's imports only once that module has arrived and been parsed, so an island's code came down in a chain five or
// six requests deep (ProductDetails → agent-ui → signup-logic → person …), a round trip each; with it, it all comes at
// once (docs/decisions/0047-pages-name-their-first-call.md). Islands that wait (idle, visible, interaction) and
// modules reached only through import() are left out: what a page loads, and when, is unchanged.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ISLAND = /<astro-island\b[^>]*>/g;
const ATTR = (name) => new RegExp(`\\s${name}="([^"]*)"`);
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/g;
/**
 * The static imports and re-exports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`),
 * as written; dynamic import() is left out (loaded on demand). The page-weight bench reads chunks the same way.
 */
export function staticImports(source) {
  const specs = new Set();
  for (const m of source.matchAll(/(?:^|[;\s})])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)) specs.add(m[1]);
  return [...specs];
}
const STARTS_AT_LOAD = new Set(['only', 'load']);

/** Every built page under `dir`. */
export async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** The modules `url` imports statically, itself excluded, in the order first met. */
async function closure(root, url, known) {
  const seen = new Set();
  const visit = async (u) => {
    if (seen.has(u) || !u.startsWith('/_astro/')) return;
    seen.add(u);
    let code = known.get(u);
    if (code === undefined) {
      code = await readFile(join(root, u), 'utf8').catch(() => '');
      known.set(u, code);
    }
    for (const spec of staticImports(code)) await visit(spec.startsWith('/') ? spec : posix.join(posix.dirname(u), spec));
  };
  await visit(url);
  seen.delete(url);
  return seen;
}

export async function addModulePreloads(root) {
  const known = new Map();
  let pages = 0;
  for await (const file of htmlFiles(root)) {
    const html = await readFile(file, 'utf8');
    const starts = new Set();
    for (const [tag] of html.matchAll(ISLAND)) {
      // An island's before-hydration script loads when the island connects, whatever its directive.
      const beforeHydration = ATTR('before-hydration-url').exec(tag)?.[1];
      if (beforeHydration) starts.add(beforeHydration);
      if (!STARTS_AT_LOAD.has(ATTR('client').exec(tag)?.[1] ?? '')) continue;
      for (const name of ['component-url', 'renderer-url']) {
        const url = ATTR(name).exec(tag)?.[1];
        if (url) starts.add(url);
      }
    }
    // The page's own scripts run at load too (a results page's first screen, drawn before React: decision 0048). One
    // at the end of the body is named in the head as well: the browser otherwise asks for it only when its parser gets
    // there, after the stylesheets have come (Lighthouse's network log showed it 170 ms after the head's modules).
    const headEnd = html.indexOf('</head>');
    const inHead = new Set();
    for (const m of html.matchAll(MODULE_SCRIPT)) {
      starts.add(m[1]);
      if (m.index < headEnd) inHead.add(m[1]);
    }
    if (!starts.size) continue;
    const wanted = new Set(starts);
    for (const url of starts) for (const dep of await closure(root, url, known)) wanted.add(dep);
    const named = (u) => inHead.has(u) || html.includes(`href="${u}"`);
    const links = [...wanted].filter((u) => u.startsWith('/_astro/') && !named(u)).map((u) => `<link rel="modulepreload" href="${u}">`);
    if (!links.length || !html.includes('</head>')) continue;
    await writeFile(file, html.replace('</head>', `${links.join('')}</head>`));
    pages++;
  }
  return pages;
}

export const modulePreloads = {
  name: 'travel-club:module-preloads',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const pages = await addModulePreloads(fileURLToPath(dir));
      logger.info(`module preloads named in ${pages} pages`);
    },
  },
};
