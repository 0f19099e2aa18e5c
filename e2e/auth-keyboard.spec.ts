// The sign-in dialog used with the keyboard alone, and its modal rules: focus stays inside, Escape and the backdrop do not close it.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, dialog, openPage } from './auth-helpers';

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? '');

test('keyboard-only sign-in with Tab and Enter', async ({ page }) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(page.request, { first: 'Kai' });
  await openPage(page, '/');
  await expect(page.getByTestId('account-menu-button')).toContainText('Sign in');
  let tabs = 0;
  while ((await focusedTestId(page)) !== 'account-menu-button') {
    await page.keyboard.press('Tab');
    expect(++tabs, 'the account menu is reachable with Tab').toBeLessThan(30);
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');

  const d = dialog(page, 'Sign in');
  await expect(d.getByLabel('Email address')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(d.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-menu-button')).toContainText('Kai', { timeout: 10_000 });
});

test('the sign-in dialog keeps focus inside and closes only with its close button', async ({ page }) => {
  await openPage(page, '/');
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign in' }).click();
  const d = dialog(page, 'Sign in');
  await expect(d).toBeVisible();
  await expect(d).toHaveAttribute('aria-modal', 'true');

  // Tab and Shift+Tab cycle through the dialog's controls only.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await d.getByLabel('Email address').focus();
  await page.keyboard.press('Shift+Tab');
  expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(d).toBeVisible();
  await page.mouse.click(8, 8);
  await page.mouse.click(1000, 880);
  await expect(d).toBeVisible();

  await d.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus returns to what opened it.
  await expect(page.getByTestId('account-menu-button')).toBeFocused();
});

test('the forgot-password and sign-up links replace the sign-in dialog', async ({ page }) => {
  await openPage(page, '/?action=login');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog(page, 'Reset your password')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await dialog(page, 'Reset your password').getByRole('button', { name: 'Back to sign in' }).click();
  await dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }).click();
  await expect(dialog(page, 'Create your account')).toBeVisible();
  await dialog(page, 'Create your account').getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('remember me keeps the email on this device for the next sign-in', async ({ page }) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(page.request, { first: 'Rem' });
  await openPage(page, '/?action=login');
  const d = dialog(page, 'Sign in');
  await d.getByLabel('Email address').fill(email);
  await d.getByLabel('Password', { exact: true }).fill(password);
  await d.getByRole('checkbox', { name: 'Remember me on this device' }).check();
  await d.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-menu-button')).toContainText('Rem', { timeout: 10_000 });
  // The session cookie lives 30 days instead of the browser session.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'userToken');
  expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);

  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByTestId('account-menu-button')).toContainText('Sign in', { timeout: 10_000 });
  await openPage(page, '/?action=login');
  await expect(dialog(page, 'Sign in').getByLabel('Email address')).toHaveValue(email);
  await expect(dialog(page, 'Sign in').getByRole('checkbox', { name: 'Remember me on this device' })).toBeChecked();
});
