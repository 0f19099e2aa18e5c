// The page sweep: every page of src/pages (SWEEP in e2e/worker-pages.ts), as each kind of visitor sees it, opened once
// per test and checked four ways: at 390 × 844 nothing scrolls sideways, every control a thumb must hit is at
// least 24 × 24 CSS pixels (WCAG 2.2, 2.5.8; links inside running text are the rule's own exception) and no part of a
// stacked table cell's value sits under its label; then at
// 1280 × 720 axe finds no serious or critical violation (e2e/axe.ts); signed out, every page answers with its
// heading and main region, the signed-in pages with the sign-in prompt (axe once per page and look: see axeHere); and a visitor swept in French or Spanish
// sees no English (e2e/english-needles.ts). One page load serves all four (the suite's wall time is mostly page
// loads); each worker keeps one page per visitor and language, signed in once.
import { expect } from '@playwright/test';
import { expectClean } from './axe';
import { englishOn } from './english-needles';
import { CONTENT_PAGES, open, realPath, SIGNED_IN_ONLY, SWEEP, test, type Visitor } from './worker-pages';

test.describe.configure({ mode: 'parallel', timeout: 90_000 });
// A trace per test of a sweep costs more than the test (each is zipped); a failure is traced on its retry.
test.use({ trace: 'on-first-retry' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** Public pages: each answers a signed-out visitor with its heading and main region. */
const PUBLIC = [
  '/', '/home', '/promotions', '/login/sso', '/verify-account', '/change-password', '/resorts', '/resorts/search-details',
  '/search-detail', '/hotel-details', '/hotel-checkout', '/checkout-success', '/privacy-policy', '/terms-of-use',
  '/activities', '/stays', '/condo', '/packages', '/cruises', '/flight', '/cars', '/transfers', '/dreamtrips', '/holidaystays',
];

/**
 * axe runs on every page each visitor sees, except a public page the member sees: the signed-out sweep runs it on every
 * public page, and signed in only the header differs, which axe reads on each signed-in page and product page. The
 * member's public pages keep their phone and language checks (French runs longest). axe is most of a sweep test's time.
 */
const axeHere = (visitor: string, path: string) => visitor !== 'demo' || !PUBLIC.includes(path);

/** What a phone must not show: the page wider than the screen, boxes past its right edge, tap targets under 24 px. */
async function phoneReport(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], [inert], dialog:not([open]), .visually-hidden');
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    // A row that scrolls on its own inside a nav (the product menu) is a deliberate strip, and so is a carousel that
    // snaps one item at a time (the product gallery); a table or a box that hides its right part behind a scroll bar
    // is not.
    const inStrip = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (/auto|scroll|hidden|clip/.test(style.overflowX)) return a.closest('nav') !== null || style.scrollSnapType.startsWith('x');
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => shown(el) && el.getBoundingClientRect().right > width + 0.5 && !inStrip(el))
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5)
      .map((el) => `${name(el)} (right edge ${Math.round(el.getBoundingClientRect().right)})`);
    const small = [...document.querySelectorAll('button, select, input:not([type=hidden]), textarea, [role=button], [role=menuitem], [role=tab], a[href]')]
      .filter(shown)
      .filter((el) => !(el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement?.closest('p, li, dd, td, span, label')))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width < 24 || r.height < 24;
      })
      .map((el) => `${name(el)} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
    // A stacked table's cell is its label, then its value: no part of the value may sit under the label.
    const underLabel = [...document.querySelectorAll('.table-stack td[data-label]')].filter(shown).flatMap((td) => {
      const style = getComputedStyle(td);
      if (style.display !== 'grid') return [];
      const valueLeft = td.getBoundingClientRect().left + parseFloat(style.paddingLeft) + parseFloat(style.gridTemplateColumns) + parseFloat(style.columnGap || '0');
      return [...td.childNodes].flatMap((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = node.nodeType === Node.TEXT_NODE ? range.getBoundingClientRect() : (node as Element).getBoundingClientRect();
        const text = (node.textContent ?? '').trim();
        return text && r.width > 0 && r.left < valueLeft - 1 ? [`${(td as HTMLElement).dataset.label}: "${text.slice(0, 30)}"`] : [];
      });
    });
    return { scrollWidth: root.scrollWidth, clientWidth: width, wide, small, underLabel };
  });
}

for (const { visitor, paths, phone = true, language = 'en-US' } of SWEEP) {
  test.describe(language === 'en-US' ? visitor : `${visitor} ${language}`, () => {
    test.use({ visitor: (visitor === 'acme' ? 'signed out' : visitor) as Visitor, language });
    for (const path of paths) {
      test(`${path}: fits a phone${axeHere(visitor, path) ? ', passes axe' : ''}${visitor === 'signed out' ? ', answers' : ''}${language === 'en-US' ? '' : ', shows no English'}`, async ({ page, baseURL }) => {
        const real = await realPath(page, path);
        const address = visitor === 'acme' ? baseURL!.replace('localhost', 'acme.localhost') + real : real;
        await page.setViewportSize(phone ? PHONE : DESKTOP);
        const response = await open(page, address);
        expect(response?.status(), path).toBeLessThan(path === '/no-such-page' ? 500 : 400);

        if (phone) {
          const report = await phoneReport(page);
          expect.soft(report.scrollWidth, `${path}: scrolls sideways`).toBeLessThanOrEqual(report.clientWidth);
          expect.soft(report.wide, `${path}: wider than the screen`).toEqual([]);
          expect.soft(report.small, `${path}: tap targets under 24 × 24`).toEqual([]);
          expect.soft(report.underLabel, `${path}: a table cell's value under its label`).toEqual([]);
          await page.setViewportSize(DESKTOP);
        }

        if (axeHere(visitor, path)) await expectClean(page, `${visitor} ${path}`);

        if (language !== 'en-US') {
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          expect(await englishOn(page, language), `${language} ${visitor} ${page.url()}`).toEqual([]);
        }

        if (visitor === 'signed out' && (PUBLIC.includes(path) || SIGNED_IN_ONLY.includes(path))) {
          await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
          await expect(page.getByRole('main'), path).toBeVisible();
          if (SIGNED_IN_ONLY.includes(path)) {
            const prompt = page.getByTestId('signin-prompt');
            await expect(prompt.getByRole('heading', { name: 'Sign in to continue' }), path).toBeVisible();
            await expect(prompt.getByRole('button', { name: 'Sign in' }), path).toBeVisible();
          }
        }
      });
    }
  });
}

test('the sweep opens every public and signed-in page signed out, and the agent sees net and sell prices on a phone', () => {
  const signedOut = SWEEP.find((s) => s.visitor === 'signed out')!.paths;
  for (const path of [...PUBLIC, ...SIGNED_IN_ONLY]) expect(signedOut, path).toContain(path);
  const agent = SWEEP.filter((s) => s.visitor === 'agent').flatMap((s) => s.paths);
  for (const path of CONTENT_PAGES.filter((p) => /search-detail|hotel-details/.test(p))) expect(agent).toContain(path);
});
