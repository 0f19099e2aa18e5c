// Passkeys in a real browser (docs/decisions/0067 and 0072): Chromium's virtual authenticator (CDP WebAuthn) stands in
// for the device. A member adds a passkey in the security section on localhost (a secure context; the relying party is
// the org's host, `localhost`), signs out, signs in with the password and then the passkey (the second step), and
// removes the passkey after confirming with it (the fresh-proof dialog). Axe on the dialog; screenshots in en and fr.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, openPage, signedIn } from './auth-helpers';
import { expectClean } from './axe';
import { keepScreen } from './screens';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

async function screens(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await keepScreen(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await keepScreen(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(WIDE);
}

/** An API call from the page itself (its cookies). */
const inPage = (page: Page, path: string) =>
  page.evaluate((p) => fetch(p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json()), path) as Promise<Record<string, unknown>>;

async function passwordStep(page: Page, lang: string, email: string, password: string) {
  await openPage(page, `/?lang=${lang}&action=login`);
  const dialog = page.getByRole('dialog');
  await dialog.locator('#signin-email').fill(email);
  await dialog.locator('#signin-password').fill(password);
  await dialog.locator('button[type=submit]').click();
  return dialog;
}

test('a member adds a passkey, signs in with it, and removes it after confirming with it', async ({ page }) => {
  test.slow();
  const account = await createVerifiedAccount(page.request);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await passwordStep(page, 'en-US', account.email, account.password);
  await signedIn(page);
  await openPage(page, '/user-details?lang=en-US#security');
  const section = page.getByTestId('section-security');
  await expect(section.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await section.getByLabel('Name of the new passkey').fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByTestId('passkey-list')).toContainText('Work laptop');
  await expect.poll(async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length).toBe(1);

  // Signed out, the password alone stops at the second step; the passkey completes it.
  await inPage(page, '/api/iqps/logout');
  await page.context().clearCookies();
  const dialog = await passwordStep(page, 'en-US', account.email, account.password);
  await expect(page.getByRole('dialog', { name: 'Two-step verification' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(async () => ((await inPage(page, '/api/auth/checkLogin')) as { result?: { email?: string } }).result?.email).toBe(account.email);

  // Removing it asks for a fresh proof: with passkeys only, the passkey itself (in French here).
  await openPage(page, '/user-details?lang=fr-FR#security');
  await section.getByRole('button', { name: 'Supprimer Work laptop' }).click();
  const proof = page.getByRole('dialog', { name: 'Supprimer Work laptop' });
  await expect(proof.getByRole('button', { name: 'Confirmer avec une clé d’accès' })).toBeFocused();
  await expect(proof).not.toContainText(/passkey|confirm it is you|Cancel/);
  await expectClean(page, 'fresh proof dialog (fr)');
  await screens(page, 'security-fresh-proof-fr');
  await proof.getByRole('button', { name: 'Annuler' }).last().click();
  await expect(proof).toBeHidden();

  await openPage(page, '/user-details?lang=en-US#security');
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  const proofEn = page.getByRole('dialog', { name: 'Remove Work laptop' });
  await expect(proofEn).toContainText('To confirm it is you, use one of your passkeys.');
  await expectClean(page, 'fresh proof dialog (en)');
  await screens(page, 'security-fresh-proof-en');
  await proofEn.getByRole('button', { name: 'Confirm with a passkey' }).click();
  await expect(proofEn).toBeHidden();
  await expect(section.getByText('The passkey is removed.')).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
});
