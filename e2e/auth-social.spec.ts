// Google sign-up and sign-in through the development simulator's popup; the buttons follow the org's configuration.
import { expect, test } from '@playwright/test';
import { dialog, openPage, uniqueEmail } from './auth-helpers';

test('Google sign-up: the popup prefills the form, the account is created and signed in', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('google');
  await openPage(page, '/?signup=1');
  const signUp = dialog(page, 'Create your account');
  const popupOpened = page.waitForEvent('popup');
  await signUp.getByRole('button', { name: 'Sign up with Google' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Full name').fill('Lena Berg');
  // The site closes the popup as soon as the provider sends it back, which on a busy machine can happen before the
  // click returns: the wait starts before the click, or the close would be missed.
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popupClosed;

  const complete = dialog(page, 'COMPLETE YOUR INFORMATION');
  await expect(complete).toBeVisible();
  await expect(complete.getByText('PLEASE REVIEW AND COMPLETE ANY MISSING INFORMATION')).toBeVisible();
  await expect(complete.getByLabel('Email address')).toHaveValue(email);
  await expect(complete.getByLabel('First name')).toHaveValue('Lena');
  await expect(complete.getByLabel('Last name')).toHaveValue('Berg');
  // The title is still missing: the form says so and stays on this step.
  await complete.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('error-signup-title')).toHaveText('Please Select Title');
  await complete.getByLabel('Title').selectOption('Miss');
  await complete.getByRole('button', { name: 'Continue' }).click();

  // No password step for social sign-ups: straight to the welcome text.
  await expect(page.getByTestId('signup-done')).toHaveText('WELCOME! YOUR ACCOUNT HAS BEEN CREATED AND YOU ARE NOW SIGNED IN');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('account-menu-button')).toContainText('Lena');
  await page.reload();
  await expect(page.getByTestId('account-menu-button')).toContainText('Lena');
});

test('Google sign-in from the sign-in dialog', async ({ page }) => {
  const email = uniqueEmail('google-in');
  await openPage(page, '/?action=login');
  const popupOpened = page.waitForEvent('popup');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Full name').fill('Omar Haddad');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('account-menu-button')).toContainText('Omar', { timeout: 10_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('closing the provider popup leaves the dialog usable with a message', async ({ page }) => {
  await openPage(page, '/?action=login');
  const popupOpened = page.waitForEvent('popup');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Facebook' }).click();
  const popup = await popupOpened;
  await popup.close();
  await expect(page.getByTestId('signin-error')).toHaveText('THE SIGN-IN WITH THE PROVIDER WAS CANCELLED.');
  await expect(dialog(page, 'Sign in').getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test('an org with social sign-in off shows no Google or Facebook button', async ({ page, baseURL }) => {
  const acme = new URL(baseURL!);
  acme.hostname = 'acme.localhost';
  await openPage(page, new URL('/?action=login', acme).toString());
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await expect(page.getByRole('button', { name: /Google|Facebook/ })).toHaveCount(0);
});

test('Facebook sign-up prefills from the provider and skips the password step', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('facebook');
  await openPage(page, '/?signup=1');
  const popupOpened = page.waitForEvent('popup');
  await dialog(page, 'Create your account').getByRole('button', { name: 'Sign up with Facebook' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Full name').fill('Aiko Tanaka');
  await popup.getByRole('button', { name: 'Continue' }).click();
  const complete = dialog(page, 'COMPLETE YOUR INFORMATION');
  await expect(complete.getByLabel('First name')).toHaveValue('Aiko');
  await expect(complete.getByLabel('Last name')).toHaveValue('Tanaka');
  await complete.getByLabel('Title').selectOption('Mrs');
  await complete.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('signup-done')).toHaveText('WELCOME! YOUR ACCOUNT HAS BEEN CREATED AND YOU ARE NOW SIGNED IN');
  await expect(dialog(page, 'Choose your password')).toHaveCount(0);
});
