// A phone is a first-class screen: at 390 × 844 no page of the sweep scrolls sideways, and every control a thumb
// must hit is at least 24 × 24 CSS pixels (WCAG 2.2, 2.5.8; links inside running text are the rule's own exception).
import { expect } from '@playwright/test';
import { CONTENT_PAGES, open, realPath, SWEEP, test } from './worker-pages';

test.describe.configure({ mode: 'parallel', timeout: 60_000 });
test.use({ viewport: { width: 390, height: 844 }, trace: 'on-first-retry' });

// The agent of an org in B2B mode also sees net and sell prices on results and product pages.
const PHONE_SWEEP = [
  ...SWEEP,
  { visitor: 'agent' as const, paths: CONTENT_PAGES.filter((p) => /search-detail|hotel-details/.test(p)) },
];

for (const { visitor, paths } of PHONE_SWEEP) {
  test.describe(visitor, () => {
    test.use({ visitor: visitor === 'acme' ? 'signed out' : visitor });
    for (const path of paths) {
      test(`${path} fits a 390-pixel phone`, async ({ page, baseURL }) => {
        const real = await realPath(page, path);
        await open(page, visitor === 'acme' ? baseURL!.replace('localhost', 'acme.localhost') + real : real);
        const report = await page.evaluate(() => {
          const root = document.documentElement;
          const width = root.clientWidth;
          const shown = (el: Element) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], [inert], dialog:not([open]), .visually-hidden');
          };
          const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
          // A row that scrolls on its own inside a nav (the product menu) is a deliberate strip; a table or a box that
          // hides its right part behind a scroll bar is not.
          const inStrip = (el: Element) => {
            for (let a = el.parentElement; a; a = a.parentElement) {
              if (/auto|scroll|hidden|clip/.test(getComputedStyle(a).overflowX)) return a.closest('nav') !== null;
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
          return { scrollWidth: root.scrollWidth, clientWidth: width, wide, small };
        });
        expect.soft(report.scrollWidth, `${path}: scrolls sideways`).toBeLessThanOrEqual(report.clientWidth);
        expect.soft(report.wide, `${path}: wider than the screen`).toEqual([]);
        expect.soft(report.small, `${path}: tap targets under 24 × 24`).toEqual([]);
      });
    }
  });
}
