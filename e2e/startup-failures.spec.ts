// Startup helpers that fail (the login check, the org configuration, the country and nationality lists) are logged once
// each in the browser console, saying what failed; the page goes on with the fallbacks.
import { expect, test, type Page } from '@playwright/test';
import { dialog, openPage, openSignInFromMenu } from './auth-helpers';

/** The console lines the startup logic writes about failed helpers. */
function startupLog(page: Page) {
  const lines: string[] = [];
  page.on('console', (m) => m.text().startsWith('Startup:') && lines.push(`${m.type()} ${m.text()}`));
  return lines;
}

const count = (lines: string[], helper: string) => lines.filter((l) => l.includes(`Startup: ${helper} failed`)).length;

/** Lets the page settle so that a second report, if any, would have arrived. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

test('a failed login check is logged once, and the visitor is treated as signed out', async ({ page }) => {
  const lines = startupLog(page);
  await page.route('**/api/auth/checkLogin', (route) => route.abort('failed'));
  await openPage(page, '/');
  await expect(page.getByRole('button', { name: /^Account: Sign in/ })).toBeVisible();
  await settle(page);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error Startup: login check failed \(\/api\/auth\/checkLogin: .+\)$/);

  // An answer that is not a login check's counts as a failure too (it used to throw and leave the menu waiting).
  lines.length = 0;
  await page.unroute('**/api/auth/checkLogin');
  await page.route('**/api/auth/checkLogin', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>maintenance</html>' }));
  await openPage(page, '/privacy-policy');
  await expect(page.getByRole('button', { name: /^Account: Sign in/ })).toBeVisible();
  await settle(page);
  expect(lines).toEqual(['error Startup: login check failed (/api/auth/checkLogin: unreadable answer)']);
});

test('a failed organisation configuration is logged once when the page has to fetch it; the menus keep working', async ({ page }) => {
  const lines = startupLog(page);
  // The edge normally puts the config in the page's boot block; without it the page asks /api/org/config.
  await page.route('**/privacy-policy', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<script type="application\/json" id="tc-boot">)(.*?)(<\/script>)/s, (_, open: string, json: string, close: string) => {
      const boot = JSON.parse(json) as Record<string, unknown>;
      delete boot.org;
      return open + JSON.stringify(boot).replace(/</g, '\\u003c') + close;
    });
    await route.fulfill({ response, body: html });
  });
  let asked = 0;
  await page.route('**/api/org/config', (route) => {
    asked++;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'failed', error: { code: 'UNAVAILABLE', message: 'Service unavailable' } }) });
  });
  await openPage(page, '/privacy-policy');
  await expect(page.getByRole('button', { name: /^Account: Sign in/ })).toBeVisible();
  await settle(page);
  expect(asked).toBe(1);
  expect(lines).toEqual(['error Startup: org config failed (/api/org/config: Service unavailable)']);
  await openSignInFromMenu(page);
});

test('failed country and nationality lists are logged once each; the sign-up form goes on with empty lists', async ({ page }) => {
  const lines = startupLog(page);
  // The lists are asked for in the page's language (`?lang=`): the routes match with or without a query.
  await page.route(/\/api\/general\/getCountry(\?|$)/, (route) => route.abort('failed'));
  await page.route(/\/api\/general\/getNationalities(\?|$)/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"failed"}' }));
  await openPage(page, '/');
  await settle(page);
  expect(lines, 'the home page does not load the lists').toEqual([]);

  await openSignInFromMenu(page);
  await dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }).click();
  const signUp = dialog(page, 'Create your account');
  const nationality = signUp.getByRole('combobox', { name: /^Nationality/ });
  await expect(nationality).toBeVisible();
  await expect.poll(() => lines.length).toBe(2);
  await nationality.pressSequentially('Spa');
  await expect(signUp.getByRole('option', { name: 'Spain' })).toHaveCount(0);

  // Another form that shows the lists asks no more and logs no more.
  await signUp.getByRole('button', { name: 'Close' }).click();
  await openSignInFromMenu(page);
  await dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }).click();
  await expect(dialog(page, 'Create your account').getByRole('combobox', { name: /^Nationality/ })).toBeVisible();
  await settle(page);
  expect(count(lines, 'country list')).toBe(1);
  expect(count(lines, 'nationality list')).toBe(1);
  expect(lines.find((l) => l.includes('country list'))).toMatch(/^error Startup: country list failed \(\/api\/general\/getCountry\?lang=en-US: .+\)$/);
  expect(lines.find((l) => l.includes('nationality list'))).toBe('error Startup: nationality list failed (/api/general/getNationalities?lang=en-US: Request failed (500))');
});

test('one failed list does not empty the other: with the nationalities down, the country codes are still offered', async ({ page }) => {
  const lines = startupLog(page);
  await page.route(/\/api\/general\/getNationalities(\?|$)/, (route) => route.abort('failed'));
  await openPage(page, '/');
  await openSignInFromMenu(page);
  await dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }).click();
  const signUp = dialog(page, 'Create your account');
  await signUp.getByTestId('country-code-button').click();
  await signUp.getByRole('combobox', { name: 'Search country or code' }).fill('+351');
  await expect(signUp.getByRole('option', { name: /Portugal/ })).toBeVisible();
  expect(count(lines, 'nationality list')).toBe(1);
  expect(count(lines, 'country list')).toBe(0);
});
