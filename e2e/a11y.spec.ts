// The accessibility gate on every dialog (axe, WCAG 2.0/2.1 A and AA; no serious or critical violation may remain).
// Every page of src/pages is checked by the page sweep (e2e/sweep.spec.ts), with the same expectClean.
import { expect as baseExpect, type Page } from '@playwright/test';
import { day, open, PAGES, test } from './worker-pages';
import { expectClean } from './axe';

const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'parallel', timeout: 90_000 });
// A trace per test of a sweep costs more than the test (each is zipped); a failure is traced on its retry.
test.use({ trace: 'on-first-retry' });

test('the sweep reaches every page of src/pages', () => {
  expect(PAGES.length).toBeGreaterThan(20);
  expect(PAGES).toContain('/');
  expect(PAGES.filter((p) => p.startsWith('/agent/')).length).toBeGreaterThan(0);
});

// ---- dialogs ------------------------------------------------------------------------------------------------------

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function expectDialogClean(page: Page, what: string) {
  await expect(page.getByRole('dialog')).toHaveCount(1);
  // The whole page with the dialog open: the dialog itself, and what a screen reader may still reach behind it.
  await expectClean(page, what);
}

test('the sign-in and forgot-password dialogs pass axe in each step', async ({ page }) => {
  await open(page, '/');
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign in' }).click();
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await expectDialogClean(page, 'sign-in');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Log in' }).click();
  await expectDialogClean(page, 'sign-in with its messages');

  await dialog(page, 'Sign in').getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog(page, 'Reset your password')).toBeVisible();
  await expectDialogClean(page, 'forgot password');
});

test('the sign-up dialog passes axe in each step', async ({ page }) => {
  await open(page, '/?signup=1');
  const details = dialog(page, 'Create your account');
  await expect(details).toBeVisible();
  await expectDialogClean(page, 'sign-up details');
  await details.getByLabel('Email address').fill(`a11y-${crypto.randomUUID().slice(0, 8)}@example.com`);
  await details.getByLabel('Title').selectOption('Mrs');
  await details.getByLabel('First name').fill('Alma');
  await details.getByLabel('Last name').fill('Axe');
  await details.getByRole('button', { name: 'Sign up with email' }).click();
  await expect(dialog(page, 'Choose your password')).toBeVisible();
  await expectDialogClean(page, 'sign-up password step');
});

test('the language and currency dialog passes axe', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('button', { name: /Language and currency/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectDialogClean(page, 'locale');
});

test.describe('demo', () => {
  test.use({ visitor: 'demo' });
  test('the certificate modal passes axe', async ({ page }) => {
    const resort = (await (await page.request.get('/api/products/search?type=RST&per_page=1')).json()).data[0];
    await open(page, `/hotel-checkout?id=${resort.product_id}&check_in=${day(30)}&check_out=${day(33)}&guests=2`);
    await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
    const form = page.getByTestId('checkout');
    await form.getByLabel('First name').fill('Cora');
    await form.getByLabel('Last name').fill('Cert');
    await form.getByLabel('Email').fill('cora@example.com');
    await form.getByLabel('Phone').fill('+1 415 555 0199');
    await page.getByTestId('book').click();
    await expect(dialog(page, 'Use a certificate for this booking')).toBeVisible();
    await expectDialogClean(page, 'certificate modal');
  });
});
