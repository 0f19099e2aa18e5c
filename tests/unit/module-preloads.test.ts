// The build step that names a page's load-time modules (scripts/lib/module-preloads.mjs, decision 0047).
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addModulePreloads, staticImports } from '../../scripts/lib/module-preloads.mjs';

function site(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'preloads-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const island = (client: string, component: string) =>
  `<astro-island uid="x" component-url="/_astro/${component}" renderer-url="/_astro/client.js" ssr client="${client}" before-hydration-url="/_astro/bh.js"></astro-island>`;
const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

describe('module preloads', () => {
  it('reads static imports and re-exports, not import()', () => {
    const code = 'import{a as b}from"./core.js";import"./side.js";export*from"./more.js";export{c}from"../up.js";const l=()=>import("./later.js");';
    expect(staticImports(code)).toEqual(['./core.js', './side.js', './more.js', '../up.js']);
  });

  it('names the whole static closure of the islands that start at load, and nothing of those that wait', async () => {
    const root = site({
      'page/index.html': `<html><head><title>t</title><script type="module" src="/_astro/page.js"></script></head><body>${island('only', 'Details.js')}${island('idle', 'Host.js')}${island('interaction', 'Menu.js')}</body></html>`,
      '_astro/page.js': 'export const p=1;',
      '_astro/client.js': 'import{r}from"./react.js";export default r;',
      '_astro/react.js': 'export const r=1;',
      '_astro/bh.js': 'const l=()=>import("./labels.js");',
      '_astro/Details.js': 'import{a}from"./agent-access.js";import"./gallery.js";const d=()=>import("./Dialog.js");',
      '_astro/agent-access.js': 'import{s}from"./store.js";export const a=s;',
      '_astro/store.js': 'export const s=1;',
      '_astro/gallery.js': 'export{}',
      '_astro/Host.js': 'import"./host-only.js";',
      '_astro/host-only.js': '',
      '_astro/Menu.js': 'import"./menu-only.js";',
      '_astro/menu-only.js': '',
      'plain/index.html': '<html><head></head><body><p>No islands</p></body></html>',
    });
    expect(await addModulePreloads(root)).toBe(1);
    const names = preloaded(readFileSync(join(root, 'page/index.html'), 'utf8'));
    expect(names.sort()).toEqual(['/_astro/Details.js', '/_astro/agent-access.js', '/_astro/bh.js', '/_astro/client.js', '/_astro/gallery.js', '/_astro/react.js', '/_astro/store.js']);
    // A module the page's head already loads by its own tag is not named twice; a page without islands is left as it was.
    expect(names).not.toContain('/_astro/page.js');
    expect(readFileSync(join(root, 'plain/index.html'), 'utf8')).toBe('<html><head></head><body><p>No islands</p></body></html>');
  });

  it("names a page's own script at the end of the body and its imports, and the before-hydration script, when its islands all wait (a results page's first screen, decision 0048)", async () => {
    const root = site({
      'results/index.html': `<html><head></head><body>${island('interaction', 'Results.js')}<script type="module" src="/_astro/start.js"></script></body></html>`,
      // The script's static imports, one deep and two deep; what it imports later, and the waiting island's code, are left.
      '_astro/start.js': 'import{s}from"./search.js";import"./view.js";const l=()=>import("./labels.js");',
      '_astro/search.js': 'import{c}from"./core.js";export const s=c;',
      ...Object.fromEntries(['core', 'view', 'labels', 'react'].map((name) => [`_astro/${name}.js`, ''])),
      '_astro/Results.js': 'import"./react.js";',
      '_astro/bh.js': 'const l=()=>import("./labels.js");',
    });
    expect(await addModulePreloads(root)).toBe(1);
    const names = preloaded(readFileSync(join(root, 'results/index.html'), 'utf8'));
    expect(names.sort()).toEqual(['/_astro/bh.js', '/_astro/core.js', '/_astro/search.js', '/_astro/start.js', '/_astro/view.js']);
  });
});
