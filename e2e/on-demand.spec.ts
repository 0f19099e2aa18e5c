// Code and styles on demand: pages carry only their own stylesheets (the account dialogs' CSS arrives with the dialog,
// applied before it shows), the calendar's code arrives when a calendar is wanted, and /wallet loads no zod.
import { expect, test, type Page } from '@playwright/test';
import { dialog, openPage, openSignInFromMenu } from './auth-helpers';
import { signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

/** Every /_astro/ file the page fetches, with its body. */
function recordAssets(page: Page) {
  const seen: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_astro/')) seen.push({ url: url.pathname, body: response.text().catch(() => '') });
  });
  return seen;
}

const AUTH_CSS = /\/_astro\/auth\.[\w-]+\.css$/;

test('the home page has no dialog stylesheet; the sign-in dialog shows already styled, and nothing moves', async ({ page }) => {
  const assets = recordAssets(page);
  await openPage(page, '/');
  await page.waitForLoadState('networkidle');
  const stylesheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(stylesheets.filter((href) => AUTH_CSS.test(href))).toEqual([]);
  expect(stylesheets.some((href) => /^\/api\/general\/getCss\/theme\?v=[0-9a-f]{16}$/.test(href)), 'versioned theme').toBe(true);
  expect(assets.filter((a) => AUTH_CSS.test(a.url))).toEqual([]);

  // What the dialog's first frame looks like: read when its rows enter the page, before the browser paints them.
  await page.evaluate(() => {
    const w = window as unknown as { firstRowDisplay?: string; shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
    new MutationObserver((_, observer) => {
      const row = document.querySelector('.auth-row');
      if (!row) return;
      w.firstRowDisplay = getComputedStyle(row).display;
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const header = await page.locator('header').first().boundingBox();
  const main = await page.locator('#main').boundingBox();

  await openSignInFromMenu(page);
  const signIn = dialog(page, 'Sign in');
  await expect(signIn.getByLabel('Email address')).toBeVisible();
  expect(assets.some((a) => AUTH_CSS.test(a.url)), 'auth.css arrives with the dialog').toBe(true);
  expect(await page.evaluate(() => (window as unknown as { firstRowDisplay?: string }).firstRowDisplay)).toBe('flex');
  expect(await page.locator('header').first().boundingBox()).toEqual(header);
  expect(await page.locator('#main').boundingBox()).toEqual(main);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  await keepScreen(page, 'sign-in-dialog');
});

test('the calendar’s code is requested only when a calendar is wanted', async ({ page }) => {
  const assets = recordAssets(page);
  await openPage(page, '/');
  const checkIn = page.getByRole('search').getByTestId('dates-button');
  await expect(checkIn).toBeVisible();
  await page.waitForLoadState('networkidle');
  const calendarCode = () => assets.filter((a) => /\/_astro\/DateRangeCalendar\.[\w-]+\.js$/.test(a.url));
  expect(calendarCode()).toEqual([]);

  await checkIn.click();
  await expect(page.getByTestId('calendar').getByTestId('weekday')).toHaveCount(7);
  expect(calendarCode()).toHaveLength(1);
});

test('the wallet page loads no zod: the wallet answer is checked by hand', async ({ page }) => {
  await signInDemo(page);
  const assets = recordAssets(page);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true', { timeout: 15_000 });
  const scripts = assets.filter((a) => a.url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(await script.body, script.url).not.toContain('$ZodType');
});
