// Shared by the savings and referral specs: signing in through the dialog, and a fresh verified member made through the API.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Tq7!xRw2pz';

export async function signInThroughDialog(page: Page, email: string, password: string) {
  await openSignIn(page);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('account-menu-button')).toHaveAccessibleName(/^Account: (?!Sign in$)/, { timeout: 15_000 });
}

/** Opens the sign-in dialog from the account menu, as a visitor does. */
export async function openSignIn(page: Page) {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign in' }).click();
}

/** A new verified member of org 1 (sign-up, the confirmation email's token, verification) made through the API. */
export async function verifiedMember(request: APIRequestContext, firstName: string) {
  const email = `e2e-loyalty-${crypto.randomUUID()}@example.com`;
  // Each made-up member signs up from an address of its own: the suite's many sign-ups from this machine would
  // otherwise meet the per-address sign-up limit, which is not what these tests are about.
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const signUp = await request.post('/api/signUp', {
    headers: { 'cf-connecting-ip': ip },
    data: {
      jsonRegister: {
        email_id: email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        terms_accepted: true,
        title: 'Mr',
        language: 'en-US',
        userdetails: { email_id: email, first_name: firstName, last_name: 'Referrer' },
      },
    },
  });
  expect(signUp.status()).toBe(200);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { data: { to: string; text: string; html: string }[] };
  const mail = [...outbox.data].reverse().find((m) => m.to === email);
  const token = /verify-account\?token=([A-Za-z0-9_-]+)/.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`)?.[1];
  expect(token, `confirmation email for ${email}`).toBeTruthy();
  expect((await request.post('/api/auth/verifyAccount', { data: { token } })).status()).toBe(200);
  return { email, password: PASSWORD, firstName };
}

export const dailyDealsReady = (page: Page) => expect(page.locator('html[data-daily-deals="ready"]')).toHaveCount(1);
