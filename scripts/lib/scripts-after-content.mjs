// A build step: the inline scripts Astro writes before a page's first island (the client directives, the
// `<astro-island>` element), which sits in the header, run after the page is parsed: they become module scripts.
//
// An inline classic script waits for every stylesheet above it, and the parser waits for the script. Written in the
// header, they stopped the parser there until the stylesheets had come: the browser painted the header alone, then ran
// them, the header's islands started, and the parser went on with island code (React) running in between. Lighthouse
// saw the page's lede, the largest thing on a phone's first screen of /wallet and /resorts, 80 ms after the first
// paint (330 ms with a four-times slower CPU). As module scripts they never stop the parser and run in document order
// once it is done, so the whole page is parsed while the stylesheets come and painted at once.
//
// Nothing needs them sooner: an island that connects before its directive is defined waits for Astro's own
// `astro:<directive>` event, `<astro-island>` elements are upgraded when the element is defined, and the page's own
// module scripts ran after the parse already. Their CSP hashes cover their text, not their type or place.
// (docs/decisions/0051-heading-in-the-first-paint.md)
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './module-preloads.mjs';

const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script>/g;
/** An inline classic script (it blocks the parser): no src, and no type or a JavaScript one (not a module, not data). */
const blocksParser = (attrs) => !/\ssrc=/.test(attrs) && /^(text\/javascript)?$/i.test(/\stype="([^"]*)"/.exec(attrs)?.[1] ?? '');

/** The page with the inline classic scripts between `<body>` and `<main` made module scripts (run after the parse). */
export function scriptsAfterContent(html) {
  const body = html.indexOf('<body');
  const main = html.indexOf('<main', body);
  if (body < 0 || main < 0) return html;
  const header = html.slice(body, main).replace(SCRIPT, (script, attrs) => (blocksParser(attrs) ? `<script type="module"${attrs.replace(/\stype="[^"]*"/, '')}>${script.slice(script.indexOf('>') + 1)}` : script));
  return header === html.slice(body, main) ? html : html.slice(0, body) + header + html.slice(main);
}

export async function headerScriptsAfterParse(root) {
  let pages = 0;
  for await (const file of htmlFiles(root)) {
    const html = await readFile(file, 'utf8');
    const changed = scriptsAfterContent(html);
    if (changed === html) continue;
    await writeFile(file, changed);
    pages++;
  }
  return pages;
}

export const scriptsAfterContentStep = {
  name: 'travel-club:scripts-after-content',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const pages = await headerScriptsAfterParse(fileURLToPath(dir));
      logger.info(`header scripts run after the parse in ${pages} pages`);
    },
  },
};
