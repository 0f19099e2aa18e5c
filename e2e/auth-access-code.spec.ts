// Sign-up on Acme (access code required): a wrong code is refused with the server's message, WELCOME2026 lets it through.
import { expect, test } from '@playwright/test';
import { dialog, fillDetails, GOOD_PASSWORD, openPage, uniqueEmail } from './auth-helpers';

const acme = (baseURL: string | undefined, path: string) => {
  const u = new URL(path, baseURL);
  u.hostname = 'acme.localhost';
  return u.toString();
};

test('Acme sign-up needs an access code: empty, wrong, then WELCOME2026', async ({ page, baseURL }) => {
  test.slow();
  const email = uniqueEmail('acme');
  await openPage(page, acme(baseURL, '/?signup=1'));
  const signUp = dialog(page, 'Create your account');
  await expect(signUp.getByLabel('Access code')).toBeVisible();

  await fillDetails(page, { email, title: 'Mr', first: 'Ravi', last: 'Patel' });
  await signUp.getByRole('button', { name: 'Sign up with email' }).click();
  await expect(page.getByTestId('error-signup-accesscode')).toHaveText('Please Enter The Access Code');

  await signUp.getByLabel('Access code').fill('NOT-A-CODE');
  await signUp.getByRole('button', { name: 'Sign up with email' }).click();
  await expect(page.getByTestId('error-signup-accesscode')).toHaveText('INVALID ACCESS CODE');
  await expect(dialog(page, 'Choose your password')).toHaveCount(0);

  await signUp.getByLabel('Access code').fill('WELCOME2026');
  await signUp.getByRole('button', { name: 'Sign up with email' }).click();
  const step2 = dialog(page, 'Choose your password');
  await step2.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await step2.getByLabel('Confirm password').fill(GOOD_PASSWORD);
  await step2.getByRole('checkbox').check();
  await step2.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signup-done')).toHaveText(
    'AN EMAIL CONFIRMATION HAS BEEN SENT TO YOUR ACCOUNT. PLEASE ACCEPT TO CONTINUE YOUR REGISTRATION PROCESS',
  );

  // The account belongs to Acme only: Travel Club does not know the address.
  const check = await page.request.post('/api/signUp/checkAccountForExists', { data: { jsonSigUp: { email_id: email } } });
  expect((await check.json()).data.code).toBe(404);
});

test('an invitation master code prefills the access code field', async ({ page, baseURL }) => {
  await openPage(page, acme(baseURL, '/?signup=1&mastercode=WELCOME2026'));
  await expect(dialog(page, 'Create your account').getByLabel('Access code')).toHaveValue('WELCOME2026');
});

test('Travel Club (no access code) shows no access code field', async ({ page }) => {
  await openPage(page, '/?signup=1');
  await expect(dialog(page, 'Create your account')).toBeVisible();
  await expect(page.getByLabel('Access code')).toHaveCount(0);
});
