// The pages a marketing link may lead to are the pages the site builds (src/pages/), and a link's visits are people's:
// the list the console offers and checks stays true to the build, and headless or automated browsers never count.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPerson } from '../../functions/flows/links';
import { isSitePage, NOT_LINKABLE, pagePath, SITE_PAGES } from '../../src/shared/rules/site-pages';

const PAGES_DIR = join(import.meta.dirname, '../../src/pages');

/** Every page the build makes at a fixed address (dynamic [param] pages are the console's own). */
function builtPages(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return builtPages(full);
    if (!entry.name.endsWith('.astro') || entry.name.includes('[')) return [];
    const route = `/${relative(PAGES_DIR, full).replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
    return [route.length > 1 ? route.replace(/\/$/, '') : route];
  });
}

describe('the pages a marketing link may lead to', () => {
  it('every page offered is a page the site builds', () => {
    const built = new Set(builtPages());
    for (const p of SITE_PAGES) expect(built, p.path).toContain(p.path);
  });

  it('every page the site builds is offered, or named as one a link never leads to', () => {
    const offered = new Set(SITE_PAGES.map((p) => p.path));
    const unlinkable = (path: string) => NOT_LINKABLE.some((n) => path === n || path.startsWith(`${n}/`));
    expect(builtPages().filter((path) => !offered.has(path) && !unlinkable(path))).toEqual([]);
  });

  it("a page's query and fragment are its own; a trailing slash is the same page; a path the site lacks is not a page", () => {
    expect(isSitePage('/stays?city=Paris#top')).toBe(true);
    expect(isSitePage('/stays/')).toBe(true);
    expect(isSitePage('/')).toBe(true);
    expect(isSitePage('/hotel')).toBe(false);
    expect(isSitePage('/admin/links')).toBe(false);
    expect(pagePath('/resorts/search-details?x=1')).toBe('/resorts/search-details');
  });
});

describe('who counts as a visitor', () => {
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
  it('a browser a person holds counts; headless Chrome, Lighthouse and automation tools do not, even under a changed user agent', () => {
    expect(isPerson({ method: 'GET', userAgent: CHROME, purpose: '', brands: '"Chromium";v="130", "Google Chrome";v="130"' })).toBe(true);
    for (const userAgent of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 PTST/240101 (compatible; PageSpeed)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
    ]) expect(isPerson({ method: 'GET', userAgent, purpose: '' }), userAgent).toBe(false);
    expect(isPerson({ method: 'GET', userAgent: CHROME, purpose: '', brands: '"HeadlessChrome";v="130", "Chromium";v="130"' })).toBe(false);
  });
});
