// The account dialogs pass axe (no serious or critical violations) in each of their states.
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { dialog, fillDetails, openPage, uniqueEmail } from './auth-helpers';

// Each test runs axe three or four times: a busy machine needs more than the default 30 s for that.
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await axeOn(page).include('[role="dialog"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, what).toEqual([]);
}

test('sign-in dialog, empty and with its messages', async ({ page }) => {
  await openPage(page, '/?action=login');
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('error-signin-email')).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in with field errors');
  await dialog(page, 'Sign in').getByLabel('Email address').fill('nobody@example.com');
  await dialog(page, 'Sign in').getByLabel('Password', { exact: true }).fill('Nobody1!pass');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signin-error')).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in with the server message');
  const input = dialog(page, 'Sign in').getByLabel('Email address');
  await expect(input).toHaveAccessibleName('Email address');
});

test('sign-up dialog: details with errors, open lists, password step and final panel', async ({ page }) => {
  test.slow();
  await openPage(page, '/?signup=1');
  const d = dialog(page, 'Create your account');
  await expect(d).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-up details');
  await d.getByRole('button', { name: 'Sign up with email' }).click();
  await expect(page.getByTestId('error-signup-email')).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-up details with errors');
  // The error is tied to its field.
  await expect(d.getByLabel('Email address')).toHaveAccessibleDescription('Please Enter Email ID');

  await d.getByRole('combobox', { name: /^Nationality/ }).fill('Fr');
  await expect(d.getByRole('listbox', { name: 'Nationality' })).toBeVisible();
  await expectNoSeriousViolations(page, 'nationality list open');
  await d.getByRole('combobox', { name: /^Nationality/ }).press('Escape');
  await d.getByTestId('country-code-button').click();
  await expect(d.getByRole('listbox', { name: 'Countries' })).toBeVisible();
  await expectNoSeriousViolations(page, 'country list open');
  await d.getByRole('combobox', { name: 'Search country or code' }).press('Escape');

  await fillDetails(page, { email: uniqueEmail('a11y'), title: 'Miss', first: 'Ada', last: 'Byron' });
  await d.getByRole('button', { name: 'Sign up with email' }).click();
  const step2 = dialog(page, 'Choose your password');
  await expect(step2).toBeVisible();
  await step2.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('error-signup-terms')).toBeVisible();
  await expectNoSeriousViolations(page, 'password step with errors');
  await step2.getByLabel('Password', { exact: true }).fill('Voyage7!sun');
  await step2.getByLabel('Confirm password').fill('Voyage7!sun');
  await step2.getByRole('checkbox').check();
  await step2.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signup-done')).toBeVisible();
  await expectNoSeriousViolations(page, 'final panel');
});

test('forgot-password dialog before and after sending', async ({ page }) => {
  await openPage(page, '/?action=login');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Forgot password?' }).click();
  const d = dialog(page, 'Reset your password');
  await expectNoSeriousViolations(page, 'forgot');
  await d.getByLabel('Email address').fill('nobody@example.com');
  await d.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();
  await expectNoSeriousViolations(page, 'forgot sent');
  // Escape closes this one (it holds nothing to lose).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
