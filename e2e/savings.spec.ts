// Daily deals from the product menu: signed out it asks to sign in; signed in it opens the savings director in a new tab.
import { expect, test } from '@playwright/test';
import { memberHash } from '../src/shared/rules/savings-hash';
import { dailyDealsReady, signInThroughDialog } from './loyalty-helpers';

test('daily deals signed out opens the sign-in dialog and no new tab', async ({ page, context }) => {
  await page.goto('/');
  await dailyDealsReady(page);
  let opened = false;
  context.on('page', () => (opened = true));
  await page.locator('[data-method="dailydeals"]').click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(opened).toBe(false);
});

test('daily deals signed in lands on the director page with the member’s cvt', async ({ page, context }) => {
  await page.goto('/');
  await signInThroughDialog(page, 'demo@example.com', 'Demo1!pass');
  const login = await (await page.request.post('/api/auth/checkLogin')).json();
  const cvt = await memberHash('SAVPROG-1', `TRV-${login.result.userId}`);
  await dailyDealsReady(page);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('[data-method="dailydeals"]').click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/_sim/savings/director');
  expect(new URL(tab.url()).searchParams.get('cvt')).toBe(cvt);
  await expect(tab.getByRole('heading', { name: 'Daily savings' })).toBeVisible();
  await expect(tab.getByTestId('cvt')).toHaveText(cvt);
  await expect(page).toHaveURL(/\/$/);
});
