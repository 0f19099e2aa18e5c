// The sign-up phone's country-code list closes 200 ms after a choice and 2 s after focus leaves it by the keyboard
// (spec: sign-up step 1), and at once on Escape or a click outside it.
import { expect, test } from '@playwright/test';
import { dialog, openPage } from './auth-helpers';

test('the country-code list stays open for a moment after focus leaves it, then closes by itself', async ({ page }) => {
  await openPage(page, '/?signup=1');
  const d = dialog(page, 'Create your account');
  await d.getByTestId('country-code-button').click();
  const search = d.getByRole('combobox', { name: 'Search country or code' });
  await search.fill('spa');
  const list = d.getByRole('listbox', { name: 'Countries' });
  await expect(list).toBeVisible();

  // Leaving by the keyboard: Shift+Tab from the search goes back to the button, Tab again past it.
  await search.press('Tab');
  const left = Date.now();
  await page.waitForTimeout(1000);
  await expect(list).toBeVisible();
  await expect(list).toHaveCount(0, { timeout: 5000 });
  const closedAfter = Date.now() - left;
  expect(closedAfter).toBeGreaterThanOrEqual(1900);
  expect(closedAfter).toBeLessThan(4500);

  // A choice closes it within a moment and keeps the chosen code.
  await d.getByTestId('country-code-button').click();
  await d.getByRole('combobox', { name: 'Search country or code' }).fill('+34');
  await d.getByRole('option', { name: /Spain/ }).first().click();
  await expect(d.getByRole('listbox', { name: 'Countries' })).toHaveCount(0, { timeout: 1000 });
  await expect(d.getByTestId('country-code-button')).toContainText('+34');
});

test('the country-code list closes at once on a click outside it and on Escape', async ({ page }) => {
  await openPage(page, '/?signup=1');
  const d = dialog(page, 'Create your account');
  const list = d.getByRole('listbox', { name: 'Countries' });
  await d.getByTestId('country-code-button').click();
  await expect(list).toBeVisible();
  await d.getByLabel('Last name').click();
  await expect(list).toHaveCount(0, { timeout: 500 });
  await expect(d.getByLabel('Last name')).toBeFocused();

  await d.getByTestId('country-code-button').click();
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0, { timeout: 500 });
  await expect(d.getByTestId('country-code-button')).toBeFocused();
  await expect(d).toBeVisible();
});
