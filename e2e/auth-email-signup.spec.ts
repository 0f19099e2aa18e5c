// A traveller signs up with email, confirms the address from the email, signs in, keeps the session on reload, logs out.
import { expect, test } from '@playwright/test';
import { dialog, fillDetails, GOOD_PASSWORD, linkFromOutbox, openPage, openSignInFromMenu, signIn, uniqueEmail } from './auth-helpers';

test('email sign-up, verification link, sign-in, reload keeps the session, log out', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('signup');
  await openPage(page, '/');
  await openSignInFromMenu(page);
  await dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }).click();
  const signUp = dialog(page, 'Create your account');
  await expect(signUp).toBeVisible();
  await expect(dialog(page, 'Sign in')).toHaveCount(0);

  await fillDetails(page, { email, title: 'Mrs', first: 'Ana', last: 'Lopez' });
  const nationality = signUp.getByRole('combobox', { name: /^Nationality/ });
  await nationality.pressSequentially('Spa');
  await expect(signUp.getByRole('option', { name: 'Spain' })).toBeVisible();
  await nationality.press('ArrowDown');
  await nationality.press('Enter');
  await expect(nationality).toHaveValue('Spain');
  await signUp.getByTestId('country-code-button').click();
  await signUp.getByRole('combobox', { name: 'Search country or code' }).fill('spain');
  await signUp.getByRole('option', { name: /Spain/ }).click();
  await expect(signUp.getByTestId('country-code-button')).toHaveAccessibleName(/Spain \+34/);
  await signUp.getByLabel('Phone number').fill('61a2-34 5678');
  await expect(signUp.getByLabel('Phone number')).toHaveValue('612345678');
  await signUp.getByRole('button', { name: 'Sign up with email' }).click();

  const step2 = dialog(page, 'Choose your password');
  await expect(step2).toBeVisible();
  await step2.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await step2.getByLabel('Confirm password').fill(GOOD_PASSWORD);
  await step2.getByRole('checkbox').check();
  await step2.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signup-done')).toHaveText(
    'AN EMAIL CONFIRMATION HAS BEEN SENT TO YOUR ACCOUNT. PLEASE ACCEPT TO CONTINUE YOUR REGISTRATION PROCESS',
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Before the address is confirmed, sign-in refuses (and says why).
  await openSignInFromMenu(page);
  await signIn(page, email, GOOD_PASSWORD);
  await expect(page.getByTestId('signin-error')).toHaveText('PLEASE VERIFY YOUR EMAIL ADDRESS BEFORE SIGNING IN');
  await dialog(page, 'Sign in').getByRole('button', { name: 'Close' }).click();

  const link = await linkFromOutbox(page.request, email, '/verify-account');
  await openPage(page, link);
  await expect(page.getByTestId('verify-result')).toHaveText('YOUR EMAIL ADDRESS HAS BEEN VERIFIED. PLEASE SIGN IN');
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await signIn(page, email, GOOD_PASSWORD);
  // Signing in from the spent link's page goes home.
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('account-menu-button')).toContainText('Ana');

  await page.reload();
  await expect(page.getByTestId('account-menu-button')).toContainText('Ana');
  expect(await page.evaluate(() => localStorage.getItem('action'))).toBe('login');

  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByTestId('account-menu-button')).toContainText('Sign in', { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('account-menu-button')).toContainText('Sign in');

  // The verification link works once.
  await openPage(page, link);
  await expect(page.getByTestId('verify-result')).toHaveText('THIS LINK IS INVALID, HAS EXPIRED OR HAS ALREADY BEEN USED');
});

test('the account-exists check shows the server message inline', async ({ page }) => {
  await openPage(page, '/?signup=1');
  await fillDetails(page, { email: 'demo@example.com', title: 'Mr', first: 'Dee', last: 'Mo' });
  await dialog(page, 'Create your account').getByRole('button', { name: 'Sign up with email' }).click();
  await expect(page.getByTestId('error-signup-email')).toHaveText('User Already Exists. Please login with Email');
  await expect(page.getByLabel('Email address')).toBeFocused();
});

test('an invitation link prefills the form and the back arrow keeps what was typed', async ({ page }) => {
  const email = uniqueEmail('invite');
  await openPage(page, `/?signup=1&email=${encodeURIComponent(email)}&firstname=Zo%C3%AB&lastname=O'Neil9&title=2&phonenumber=868-555-0101&countrycode=TT`);
  const d = dialog(page, 'Create your account');
  await expect(d.getByLabel('Email address')).toHaveValue(email);
  await expect(d.getByLabel('Title')).toHaveValue('Mr');
  await expect(d.getByLabel('First name')).toHaveValue('Zoë');
  await expect(d.getByLabel('Last name')).toHaveValue("O'Neil");
  await expect(d.getByLabel('Phone number')).toHaveValue('8685550101');
  await expect(d.getByTestId('country-code-button')).toHaveAccessibleName(/Trinidad and Tobago \+1-868/);
  await d.getByRole('button', { name: 'Sign up with email' }).click();
  const step2 = dialog(page, 'Choose your password');
  await step2.getByRole('button', { name: 'Back' }).click();
  await expect(dialog(page, 'Create your account').getByLabel('First name')).toHaveValue('Zoë');
});
