// The sign-in button shows a spinner while the sign-in is under way and stops it when the answer arrives (docs/product.md#states).
import { expect, test } from '@playwright/test';
import { dialog, DEMO, openPage } from './auth-helpers';

test('the log-in button spins while the sign-in is under way, then the dialog closes signed in', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/signIn', async (route) => {
    await held;
    await route.continue();
  });
  await openPage(page, '/?action=login');
  const d = dialog(page, 'Sign in');
  await d.getByLabel('Email address').fill(DEMO.email);
  await d.getByLabel('Password', { exact: true }).fill(DEMO.password);
  const button = d.getByRole('button', { name: 'Log in' });
  await button.click();
  const busy = d.locator('button[type="submit"]');
  await expect(busy.getByTestId('signin-spinner')).toBeVisible();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(busy).toHaveAccessibleName('Signing in…');
  release();
  await expect(d).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('account-menu-button')).toHaveAccessibleName(/^Account: (?!Sign in$)/, { timeout: 15_000 });
});
