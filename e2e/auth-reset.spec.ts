// Forgot password: the dialog sends a link, the link's page sets a new password, the new one signs in, the old one not.
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, dialog, linkFromOutbox, openPage, signIn } from './auth-helpers';

test('forgot password, outbox link, change password, sign in with the new one', async ({ page }) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(page.request, { first: 'Noor' });
  const fresh = 'Fresh9?pass';
  await openPage(page, '/?action=login');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Reset your password');
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('error-forgot-email')).toHaveText('Please Enter Email ID');
  await forgot.getByLabel('Email address').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toHaveText('IF AN ACCOUNT EXISTS FOR THIS EMAIL ADDRESS, A PASSWORD RESET LINK HAS BEEN SENT TO IT');
  await expect(forgot.getByRole('button', { name: 'Back to sign in' })).toBeFocused();

  const link = await linkFromOutbox(page.request, email, '/change-password');
  await openPage(page, link);
  const form = page.getByTestId('reset-password-form');
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('error-reset-new')).toHaveText(
    'PASSWORD MUST BE BETWEEN 8-13 CHARACTERS IN LENGTH AND MUST COMPRISE OF AT LEAST 1 LOWERCASE ALPHABET (A-Z), 1 UPPERCASE ALPHABET (A-Z), 1 NUMBER (0-9) AND 1 SPECIAL CHARACTER',
  );
  await form.getByLabel('New password').fill(fresh);
  await form.getByLabel('Confirm password').fill('Fresh9?pasS');
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('error-reset-confirm')).toHaveText('Passwords Do Not Match');
  await form.getByLabel('Confirm password').fill(fresh);
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('change-password-done')).toHaveText('YOUR PASSWORD HAS BEEN CHANGED. PLEASE SIGN IN');

  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await signIn(page, email, password);
  await expect(page.getByTestId('signin-error')).toHaveText('INVALID EMAIL ADDRESS OR PASSWORD');
  await signIn(page, email, fresh);
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('account-menu-button')).toContainText('Noor');

  // The link is single-use.
  await openPage(page, link);
  await page.getByTestId('reset-password-form').getByLabel('New password').fill('Other7!pass');
  await page.getByTestId('reset-password-form').getByLabel('Confirm password').fill('Other7!pass');
  await page.getByTestId('reset-password-form').getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('THIS LINK IS INVALID, HAS EXPIRED OR HAS ALREADY BEEN USED');
  await expect(page.getByRole('button', { name: 'Request a new link' })).toBeVisible();
});

test('a change-password page without a token says the link is invalid', async ({ page }) => {
  await openPage(page, '/change-password');
  await expect(page.getByTestId('change-password-error')).toHaveText('THIS LINK IS INVALID, HAS EXPIRED OR HAS ALREADY BEEN USED');
});
