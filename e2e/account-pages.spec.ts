// The account pages: signed out they ask to sign in; signed in they read and write the profile.
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { createVerifiedAccount, dialog, openPage, signIn } from './auth-helpers';

async function signInAt(page: Page, path: string, first: string) {
  test.slow();
  const account = await createVerifiedAccount(page.request, { first });
  await openPage(page, path);
  await page.getByTestId('signin-prompt').getByRole('button', { name: 'Sign in' }).click();
  await signIn(page, account.email, account.password);
  await expect(page.getByTestId('account-menu-button')).toContainText(first, { timeout: 10_000 });
  return account;
}

test('signed out, /user/profile and /user-details show the sign-in prompt', async ({ page }) => {
  for (const path of ['/user/profile', '/user-details']) {
    await openPage(page, path);
    await expect(page.getByTestId('signin-prompt')).toBeVisible();
    await expect(page.getByTestId('profile-form')).toHaveCount(0);
    await expect(page.getByTestId('account-overview')).toHaveCount(0);
  }
});

test('My account: edit details with the sign-up rules, save, and find them after a reload', async ({ page }) => {
  const account = await signInAt(page, '/user/profile', 'Pia');
  const form = page.getByTestId('profile-form');
  await expect(form.getByLabel('Email address')).toHaveValue(account.email);
  await expect(form.getByLabel('First name')).toHaveValue('Pia');

  await form.getByLabel('First name').fill('');
  await form.getByLabel('Title').selectOption('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('error-profile-first')).toHaveText('Please Enter First Name');
  await expect(page.getByTestId('error-profile-title')).toHaveText('Please Select Title');
  await expect(form.getByLabel('Title')).toBeFocused();

  await form.getByLabel('Title').selectOption('Mrs');
  await form.getByLabel('First name').fill('Pía-Maria');
  await form.getByRole('combobox', { name: /^Nationality/ }).fill('Portugal');
  await form.getByRole('combobox', { name: /^Nationality/ }).press('Tab');
  await form.getByTestId('country-code-button').click();
  await form.getByRole('combobox', { name: 'Search country or code' }).fill('+351');
  await form.getByRole('combobox', { name: 'Search country or code' }).press('Enter');
  await form.getByLabel('Phone number').fill('912 345 678');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('profile-status')).toHaveText('Your changes have been saved.');

  await page.reload();
  await expect(form.getByLabel('First name')).toHaveValue('Pía-Maria');
  await expect(form.getByLabel('Title')).toHaveValue('Mrs');
  await expect(form.getByRole('combobox', { name: /^Nationality/ })).toHaveValue('Portugal');
  await expect(form.getByLabel('Phone number')).toHaveValue('912345678');
  await expect(form.getByTestId('country-code-button')).toHaveAccessibleName(/Portugal \+351/);

  const results = await axeOn(page).include('#page-content').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('My account: the preferred language applies to the site once saved', async ({ page }) => {
  await signInAt(page, '/user/profile', 'Lu');
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Preferred language').selectOption('fr-FR');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('profile-form').getByLabel('Langue préférée')).toHaveValue('fr-FR', { timeout: 10_000 });
});

test('My account: change password with the current one', async ({ page }) => {
  const account = await signInAt(page, '/user/profile', 'Cy');
  const form = page.getByTestId('profile-password-form');
  await form.getByLabel('Current password').fill('Wrong1!pass');
  await form.getByLabel('New password').fill('Brand9#new');
  await form.getByLabel('Confirm password').fill('Brand9#new');
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('error-profile-current')).toHaveText('THE CURRENT PASSWORD IS NOT CORRECT');
  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('change-password-done')).toHaveText('YOUR PASSWORD HAS BEEN CHANGED. PLEASE SIGN IN');
  const ok = await page.request.post('/api/signIn', { data: { jsonSign: { email_id: account.email, password: 'Brand9#new' } } });
  expect(ok.status()).toBe(200);
});

test('travel profile: age band and preferences are saved', async ({ page }) => {
  await signInAt(page, '/user-details', 'Tove');
  const overview = page.getByTestId('account-overview');
  // The page's links lead to its own sections (docs/decisions/0015-account-details.md).
  await expect(overview.getByRole('link', { name: /My trips/ })).toHaveAttribute('href', '#my-trips');
  await expect(overview.getByRole('link', { name: /Booking history/ })).toHaveAttribute('href', '#booking-history');
  const travel = page.getByTestId('travel-profile-form');
  for (const band of ['18 to 25', '26 to 30', '31 to 40', '41 to 50', '51 to 60', 'above 60']) await expect(travel.getByRole('radio', { name: band })).toBeVisible();
  await travel.getByRole('radio', { name: '31 to 40' }).check();
  await travel.getByRole('checkbox', { name: 'Beach' }).check();
  await travel.getByRole('checkbox', { name: 'Culture' }).check();
  await travel.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('travel-profile-status')).toHaveText('Your changes have been saved.');
  await openPage(page, '/');
  await openPage(page, '/user-details#travel-profile');
  await expect(page.getByTestId('travel-profile-form').getByRole('radio', { name: '31 to 40' })).toBeChecked();
  await expect(page.getByTestId('travel-profile-form').getByRole('checkbox', { name: 'Beach' })).toBeChecked();
  await expect(page.getByTestId('travel-profile-form').getByRole('checkbox', { name: 'Culture' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Travel profile' })).toBeFocused();
});
