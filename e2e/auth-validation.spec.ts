// Every validation message of sign-in, sign-up step 1 and step 2, exactly as the spec words them.
import { expect, test } from '@playwright/test';
import { dialog, DEMO, fillDetails, openPage, uniqueEmail } from './auth-helpers';

const RULE =
  'PASSWORD MUST BE BETWEEN 8-13 CHARACTERS IN LENGTH AND MUST COMPRISE OF AT LEAST 1 LOWERCASE ALPHABET (A-Z), 1 UPPERCASE ALPHABET (A-Z), 1 NUMBER (0-9) AND 1 SPECIAL CHARACTER';

test.describe('sign-in', () => {
  test('empty fields, a wrong password, and the 13-character limit', async ({ page }) => {
    await openPage(page, '/?action=login');
    const d = dialog(page, 'Sign in');
    await d.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('error-signin-email')).toHaveText('Please Enter Email Address');
    await expect(page.getByTestId('error-signin-password')).toHaveText('Please Enter Password');
    await expect(d.getByLabel('Email address')).toBeFocused();

    await d.getByLabel('Email address').fill(' demo@exa mple.com ');
    await expect(d.getByLabel('Email address')).toHaveValue(DEMO.email);
    await d.getByLabel('Password', { exact: true }).fill('Wrong-password-that-is-long');
    await expect(d.getByLabel('Password', { exact: true })).toHaveValue('Wrong-passwor');
    await d.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('signin-error')).toHaveText('INVALID EMAIL ADDRESS OR PASSWORD');
    await expect(page.getByTestId('error-signin-email')).toHaveCount(0);
    await expect(d.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('signin-spinner')).toHaveCount(0);
  });

  test('the show/hide toggle reveals and hides the password', async ({ page }) => {
    await openPage(page, '/?action=login');
    const d = dialog(page, 'Sign in');
    const pw = d.getByLabel('Password', { exact: true });
    await pw.fill('Secret1!');
    await expect(pw).toHaveAttribute('type', 'password');
    await d.getByRole('button', { name: 'Show password' }).click();
    await expect(pw).toHaveAttribute('type', 'text');
    await d.getByRole('button', { name: 'Hide password' }).click();
    await expect(pw).toHaveAttribute('type', 'password');
  });

  test('the server message is translated and upper-cased in Spanish', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lan_code', value: 'es-ES', url: baseURL! }]);
    await openPage(page, '/?action=login');
    const d = page.getByRole('dialog');
    await d.getByRole('button', { name: 'Iniciar sesión' }).last().click();
    await expect(page.getByTestId('error-signin-email')).toHaveText('Introduce tu correo electrónico');
    await d.getByLabel('Correo electrónico').fill('nobody@example.com');
    await d.getByLabel('Contraseña', { exact: true }).fill('Nobody1!pass');
    await d.getByRole('button', { name: 'Iniciar sesión' }).last().click();
    await expect(page.getByTestId('signin-error')).toHaveText('CORREO ELECTRÓNICO O CONTRASEÑA NO VÁLIDOS');
  });
});

test.describe('sign-up step 1', () => {
  test('every required field and the email pattern', async ({ page }) => {
    await openPage(page, '/?signup=1');
    const d = dialog(page, 'Create your account');
    await d.getByRole('button', { name: 'Sign up with email' }).click();
    await expect(page.getByTestId('error-signup-email')).toHaveText('Please Enter Email ID');
    await expect(page.getByTestId('error-signup-title')).toHaveText('Please Select Title');
    await expect(page.getByTestId('error-signup-first')).toHaveText('Please Enter First Name');
    await expect(page.getByTestId('error-signup-last')).toHaveText('Please Enter Last Name');
    await expect(d.getByLabel('Email address')).toBeFocused();

    await fillDetails(page, { email: 'not-an-email', title: 'Mr', first: 'A', last: 'B' });
    await d.getByRole('button', { name: 'Sign up with email' }).click();
    await expect(page.getByTestId('error-signup-email')).toHaveText('Invalid Mail');
    await expect(page.getByTestId('error-signup-title')).toHaveCount(0);
  });

  test('names drop characters outside the filter; the phone keeps at most 15 digits', async ({ page }) => {
    await openPage(page, '/?signup=1');
    const d = dialog(page, 'Create your account');
    await d.getByLabel('First name').fill('J0hn<script>');
    await expect(d.getByLabel('First name')).toHaveValue('Jhnscript');
    await d.getByLabel('Last name').fill("D'Arcy-Smith 3rd");
    await expect(d.getByLabel('Last name')).toHaveValue("D'Arcy-Smith rd");
    await d.getByLabel('Phone number').fill('+1 (555) 123-4567-8901-2345');
    await expect(d.getByLabel('Phone number')).toHaveValue('155512345678901');
  });

  test('the nationality list holds names starting with the text; the country list names, codes and dialling codes containing it', async ({ page }) => {
    await openPage(page, '/?signup=1');
    const d = dialog(page, 'Create your account');
    const nationality = d.getByRole('combobox', { name: /^Nationality/ });
    await nationality.fill('ger');
    await expect(d.getByRole('listbox', { name: 'Nationality' }).getByRole('option')).toHaveText(['Germany']);
    await nationality.fill('land');
    await expect(d.getByRole('listbox', { name: 'Nationality' }).getByText('No matches')).toBeVisible();
    await nationality.press('Escape');
    await expect(d).toBeVisible();

    await d.getByTestId('country-code-button').click();
    const search = d.getByRole('combobox', { name: 'Search country or code' });
    await search.fill('land');
    const names = await d.getByRole('listbox', { name: 'Countries' }).getByRole('option').allTextContents();
    expect(names.length).toBeGreaterThan(5);
    expect(names.some((n) => n.startsWith('Finland'))).toBe(true);
    await search.fill('868');
    await expect(d.getByRole('listbox', { name: 'Countries' }).getByRole('option')).toHaveText([/Trinidad and Tobago\s*\+1-868/]);
    await search.press('Enter');
    await expect(d.getByTestId('country-code-button')).toHaveAccessibleName(/Trinidad and Tobago \+1-868/);
    // The list closes 200 ms after a choice.
    await expect(search).toHaveCount(0);
  });
});

test.describe('sign-up step 2', () => {
  test('terms, matching passwords and the whole password rule', async ({ page }) => {
    test.slow();
    await openPage(page, '/?signup=1');
    await fillDetails(page, { email: uniqueEmail('rules'), title: 'Mrs', first: 'Kim', last: 'Lee' });
    await dialog(page, 'Create your account').getByRole('button', { name: 'Sign up with email' }).click();
    const d = dialog(page, 'Choose your password');
    await expect(d).toBeVisible();
    await expect(d.getByLabel('Password', { exact: true })).toBeFocused();

    await d.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('error-signup-terms')).toHaveText('PLEASE ACCEPT THE TERMS & CONDITIONS TO PROCEED');
    await expect(page.getByTestId('error-signup-password')).toHaveText(RULE);

    await d.getByLabel('Password', { exact: true }).fill('alllowercase1!');
    await d.getByLabel('Confirm password').fill('different');
    await d.getByRole('checkbox').check();
    await d.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('error-signup-confirm')).toHaveText('Passwords Do Not Match');
    await expect(page.getByTestId('error-signup-password')).toHaveText(RULE);
    await expect(page.getByTestId('error-signup-terms')).toHaveCount(0);

    for (const weak of ['Sh0rt!', 'NoDigits!!', 'nouppercase1!', 'NOLOWER1!', 'NoSpecial12']) {
      await d.getByLabel('Password', { exact: true }).fill(weak);
      await d.getByLabel('Confirm password').fill(weak);
      await d.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByTestId('error-signup-password'), weak).toHaveText(RULE);
    }
    await expect(d.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(d.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
  });
});
