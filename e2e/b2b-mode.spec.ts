// B2B mode (docs/decisions/0011-b2b-mode.md) in Chromium: Travel Club's agent signs in, searches hotels and sees "Net"
// and "Your price" on the results and the product page; a consumer, and Acme's agent (no B2B mode), see neither.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { E2E_ORIGIN } from '../playwright.config';
import { openPage, openSignInFromMenu, signIn } from './auth-helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const amount = async (page: Page, locator: ReturnType<Page['getByTestId']>) => Number(await locator.getAttribute('data-amount'));
const withMarkup = (net: number, percent: number) => (Math.round(net * 100) + Math.round((Math.round(net * 100) * percent) / 100)) / 100;

async function signInAndSearchLisbon(page: Page, email: string, password: string, origin = '') {
  await openPage(page, `${origin}/`);
  await openSignInFromMenu(page);
  await signIn(page, email, password);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeHidden();
  const box = page.getByTestId('search-box');
  await box.getByRole('combobox', { name: 'Destination' }).fill(origin ? 'Lon' : 'Lis');
  await box.getByRole('option', { name: origin ? /London/ : /Lisbon/ }).click();
  await box.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search-detail\?/);
  await expect(page.getByTestId('result').first()).toBeVisible();
}

test('an agent of Travel Club sees net and own price on hotel results and on the hotel page', async ({ page }) => {
  await signInAndSearchLisbon(page, 'agent@example.com', 'Agent1!pass');
  const first = page.getByTestId('result').first();
  const trade = first.getByTestId('agent-pricing');
  await expect(trade).toBeVisible();
  await expect(trade.getByText('Net', { exact: true })).toBeVisible();
  await expect(trade.getByText('Your price (+10 %)')).toBeVisible();
  // Net is the stay's price (a hotel's card shows the whole stay's); the agent's price adds the default 10 % markup.
  const net = await amount(page, trade.getByTestId('agent-net'));
  expect(net).toBe(await amount(page, first.getByTestId('price')));
  expect(await amount(page, trade.getByTestId('agent-sell'))).toBe(withMarkup(net, 10));
  await expect(trade.getByTestId('agent-sell')).toContainText('$');
  expect(await page.getByTestId('agent-pricing').count()).toBe(await page.getByTestId('result').count());

  const axe = await axeOn(page).include('[data-testid="results"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await first.getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(/\/hotel-details\?id=\d+/);
  const details = page.getByTestId('product-details').getByTestId('agent-pricing');
  await expect(details).toBeVisible();
  await expect(details.getByText('Net', { exact: true })).toBeVisible();
  await expect(details.getByText('Your price (+10 %)')).toBeVisible();
  const unit = await amount(page, page.getByTestId('unit-price'));
  expect(await amount(page, details.getByTestId('agent-net'))).toBe(unit);
  expect(await amount(page, details.getByTestId('agent-sell'))).toBe(withMarkup(unit, 10));
});

test('a consumer sees the public prices only, on results and on the hotel page', async ({ page }) => {
  const trade: string[] = [];
  // Every product answer's body is read before the verdict (a body still being read when the test ends is an error).
  const reads: Promise<void>[] = [];
  page.on('response', (r) => {
    if (!r.url().includes('/api/products/') || !r.ok()) return;
    // A body the browser no longer holds (the page moved on, the test ended) shows no price either.
    reads.push(r.text().then((text) => void trade.push(...(text.match(/agent_pricing|net_price|markup/g) ?? [])), () => undefined));
  });
  await signInAndSearchLisbon(page, 'demo@example.com', 'Demo1!pass');
  await expect(page.getByTestId('result').first().getByTestId('price')).toBeVisible();
  await expect(page.getByTestId('agent-pricing')).toHaveCount(0);
  await expect(page.getByText('Your price', { exact: false })).toHaveCount(0);
  await page.getByTestId('result').first().getByRole('link', { name: /^View/ }).click();
  await expect(page.getByTestId('unit-price')).toBeVisible();
  await expect(page.getByTestId('agent-pricing')).toHaveCount(0);
  await Promise.all(reads);
  expect(trade).toEqual([]);
});

test('an agent of Acme, a consumer storefront, sees the public prices only', async ({ page }) => {
  const acme = E2E_ORIGIN.replace('//localhost', '//acme.localhost');
  await signInAndSearchLisbon(page, 'agent@acme.example.com', 'Agent1!pass', acme);
  await expect(page.getByTestId('result').first().getByTestId('price')).toBeVisible();
  await expect(page.getByTestId('agent-pricing')).toHaveCount(0);
});
