// Every word in the visitor's language (issue 18, docs/decisions/0034-translated-content.md): every page of the sweep
// (e2e/worker-pages.ts) signed out (the console's pages as its one signed-out shell, /admin) shows no English text from
// the en-US label tables, the seeded content or the catalogue's names (e2e/english-needles.ts): in Spanish every page,
// in French the pages the member's French sweep does not read (see walkedIn). The signed-in visitors' pages are checked
// by the page sweep itself (e2e/sweep.spec.ts), each visitor in one language, in the same page load as its other checks.
import { expect as baseExpect } from '@playwright/test';
import type { Language } from '../src/shared/i18n';
import { countryTexts, currencyTexts, englishOn, needlesFor } from './english-needles';
import { isConsoleSubpage, open, PAGES, realPath, SIGNED_IN_ONLY, SWEEP, test } from './worker-pages';

const expect = baseExpect.configure({ timeout: 20_000 });
const WALKED: Language[] = ['fr-FR', 'es-ES'];
const SIGNED_OUT = SWEEP.find((s) => s.visitor === 'signed out')!.paths;

test.describe.configure({ mode: 'parallel', timeout: 60_000 });
test.use({ trace: 'on-first-retry' });

test('the needles are the tables’ and the seed’s English, without what both languages share', () => {
  for (const language of WALKED) {
    const needles = needlesFor(language).map((n) => n.needle);
    expect(needles.length, language).toBeGreaterThan(500);
    expect(needles).toContain('Search hotels');
    expect(needles).toContain('Central Park Bike Tour');
    expect(needles).toContain('Free Wi-Fi');
    expect(needles).not.toContain('Spa');
    expect(needles).not.toContain('The Hudson Row Hotel');
    // The catalogue's country names, as a profile or a traveller form shows them; not those the language shares.
    expect(needles).toContain('United States');
    expect(needles).toContain('Germany');
    expect(needles).not.toContain('Angola');
    expect(needles).toContain('United States Dollar');
  }
  expect(countryTexts().length).toBeGreaterThanOrEqual(240);
  expect(currencyTexts().length).toBeGreaterThanOrEqual(8);
});

/**
 * The member's sweep (e2e/sweep.spec.ts) reads every public page in French already, signed in: signed out, French adds
 * only what a signed-out visitor alone sees (the sign-in prompts, the agent's and the console's pages, the header on
 * them). Spanish is walked on every page.
 */
const MEMBER_IN_FRENCH = new Set(SWEEP.find((s) => s.visitor === 'demo' && s.language === 'fr-FR')!.paths);
const walkedIn = (language: Language) => (language === 'fr-FR' ? SIGNED_OUT.filter((p) => !MEMBER_IN_FRENCH.has(p) || SIGNED_IN_ONLY.includes(p)) : SIGNED_OUT);

for (const language of WALKED) {
  test.describe(`${language} signed out`, () => {
    test.use({ visitor: 'signed out', language });
    for (const path of walkedIn(language)) {
      test(`${path} shows no English`, async ({ page }) => {
        const response = await open(page, await realPath(page, path));
        expect(response?.status(), path).toBeLessThan(path === '/no-such-page' ? 500 : 400);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect(await englishOn(page, language), `${language} signed out ${page.url()}`).toEqual([]);
      });
    }
  });
}

test('every page is walked signed out in Spanish and read in French signed out or by the member, and each signed-in visitor is swept in another language', () => {
  for (const path of PAGES.filter((p) => !isConsoleSubpage(p))) {
    expect(walkedIn('es-ES'), path).toContain(path);
    // In French a page is walked signed out or read by the member's French sweep (and then a public page).
    if (!walkedIn('fr-FR').includes(path)) expect(MEMBER_IN_FRENCH.has(path) && !SIGNED_IN_ONLY.includes(path), path).toBe(true);
  }
  // The console's pages in another language, signed in (signed out they are all the one shell /admin shows).
  const admin = SWEEP.find((s) => s.visitor === 'admin')!;
  for (const path of PAGES.filter(isConsoleSubpage)) expect(admin.paths, path).toContain(path);
  for (const visitor of ['demo', 'agent', 'admin']) {
    const entry = SWEEP.find((s) => s.visitor === visitor)!;
    expect(entry.language, visitor).toMatch(/^(fr-FR|es-ES)$/);
  }
  expect(new Set(SWEEP.map((s) => s.language).filter(Boolean))).toEqual(new Set(WALKED));
});
