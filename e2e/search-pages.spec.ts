// The product listings other than hotels, and result pages, as a visitor uses them (docs/contract.md#booking): resorts search
// to /resorts/search-details, stays and activities listings, paging through every hotel, and a search by coordinates.
import { expect as baseExpect, test } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

test('a resort search from /resorts lists resorts of the chosen city on /resorts/search-details and opens one', async ({ page }) => {
  await page.goto('/resorts');
  const box = page.getByTestId('search-box');
  await box.getByRole('combobox', { name: 'Destination' }).fill('Canc');
  await box.getByRole('option', { name: /Cancún/ }).click();
  await box.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/resorts\/search-details\?.*city=Canc/);
  const results = page.getByTestId('result');
  await expect(results.first()).toBeVisible();
  for (const place of await results.getByTestId('result-place').allTextContents()) expect(place).toContain('Cancún');
  await results.first().getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(/-details\?id=\d+/);
  await expect(page.getByTestId('book-now')).toBeVisible();
});

test('the stays and activities pages list their products with prices', async ({ page }) => {
  for (const path of ['/stays', '/activities']) {
    await page.goto(path);
    const results = page.getByTestId('result');
    await expect(results.first(), path).toBeVisible();
    await expect(results.first().getByTestId('price'), path).toContainText('$');
  }
});

test('every hotel is listed over several pages; Next and a page number move between them', async ({ page }) => {
  await page.goto('/search-detail?type=HLT');
  const results = page.getByTestId('result');
  await expect(results.first()).toBeVisible();
  const firstPage = await results.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-product-id')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => results.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-product-id')))).not.toEqual(firstPage);
  const secondPage = await results.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-product-id')));
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect.poll(() => results.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-product-id')))).toEqual(firstPage);
});

test('a search by coordinates lists the nearest products first, each with its distance', async ({ page }) => {
  await page.goto('/search-detail?type=ACT&latitude=48.8584&longitude=2.2945');
  await expect(page.getByTestId('results-title')).toContainText('near the chosen place');
  const places = page.getByTestId('result-place');
  await expect(places.first()).toContainText('Paris');
  const km = (await places.allTextContents()).map((text) => Number(/([\d.]+) km away/.exec(text)?.[1]));
  expect(km.length).toBeGreaterThan(0);
  expect(km.every((d) => Number.isFinite(d))).toBe(true);
  expect(km).toEqual([...km].sort((a, b) => a - b));
});
