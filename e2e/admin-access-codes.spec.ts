// The console's access codes as an admin uses them: a wrong code or a past date is flagged beside its field and
// nothing is created; a code with an expiry and a use limit is listed by its hint; a sign-up with it shows who used it
// and when; revoking asks for the code in a named dialog. Axe on the page, the flagged form and the dialog; French.
import { expect, test, type Page } from '@playwright/test';
import { openPage, uniqueEmail } from './auth-helpers';
import { expectNoSeriousAxeViolation } from './admin-helpers';

async function signInAsAdmin(page: Page) {
  const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'admin@example.com', password: 'Admin1!pass' }, navAgent: 'e2e' } });
  expect(r.status()).toBe(200);
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('an admin creates an access code, sees who signed up with it, and revokes it', async ({ page, request }) => {
  test.slow();
  await signInAsAdmin(page);
  await openPage(page, '/admin/access-codes?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Access codes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Access codes' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolation(page);

  const form = page.getByRole('form', { name: 'Create an access code' });
  await form.getByLabel('Code', { exact: true }).fill('ab');
  await form.getByLabel('Expires on (optional)').fill('2020-01-01');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('A code is 4 to 32 letters, digits or dashes')).toBeVisible();
  await expect(form.getByText('Give a future date (YYYY-MM-DD) or date and time (ISO 8601)')).toBeVisible();
  await expect(form.getByLabel('Code', { exact: true })).toBeFocused();
  await expectNoSeriousAxeViolation(page);

  const code = `E2E-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const hint = `${code.slice(0, 2)}…${code.slice(-2)}`;
  const label = `Partners ${code.slice(-4)}`;
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Label (optional)').fill(label);
  await form.getByLabel('Expires on (optional)').fill(inDays(30));
  await form.getByLabel('Use limit (optional)').fill('5');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByRole('status')).toHaveText(`Code ${hint} created.`);
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue('');
  const row = page.getByTestId('access-code').filter({ hasText: label });
  await expect(row).toContainText('0 of 5');
  await expect(row).not.toContainText(code);

  // Someone signs up with the code (from their own browser: another request context).
  const email = uniqueEmail('coded');
  const signUp = await request.post('/api/signUp', {
    data: { jsonRegister: { email_id: email, password: 'Voyage7!sun', confirm_password: 'Voyage7!sun', terms_accepted: true, title: 'Mr', accesscode: code.toLowerCase(), userdetails: { first_name: 'Cody', last_name: 'Used' } } },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.reload();
  await expect(row).toContainText('1 of 5');
  const uses = row.getByRole('button', { name: `Who used ${hint}` });
  await uses.click();
  await expect(uses).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('list', { name: 'Used by' })).toContainText(email);

  await row.getByRole('button', { name: `Revoke ${hint}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the code ${hint}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Code')).toBeFocused();
  await dialog.getByLabel('Code').fill('E2E-WRONG1');
  await dialog.getByRole('button', { name: 'Revoke code' }).click();
  await expect(dialog.getByText(`This is not the code ${hint}: type it as you created it`)).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: `Revoke ${hint}` })).toBeFocused();

  await row.getByRole('button', { name: `Revoke ${hint}` }).click();
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('codes-message')).toHaveText(`Code ${hint} revoked.`);
  await expect(row).toHaveCount(0);

  const audit = await page.request.get('/api/admin/audit?page=1');
  const actions = ((await audit.json()).data as { action: string; target: string }[]).filter((a) => a.target === `access_code:${hint}`).map((a) => a.action);
  expect(actions.slice(0, 2)).toEqual(['access_code.delete', 'access_code.create']);
});

test('the access codes page in French: labels, messages and the empty state of a new list are French', async ({ page }) => {
  await signInAsAdmin(page);
  await openPage(page, '/admin/access-codes?lang=fr-FR');
  await expect(page.getByRole('heading', { level: 1, name: "Codes d'accès" })).toBeVisible();
  const form = page.getByRole('form', { name: "Créer un code d'accès" });
  await form.getByLabel('Code', { exact: true }).fill('x');
  await form.getByLabel("Nombre d'utilisations maximum (facultatif)").fill('0');
  await form.getByRole('button', { name: 'Créer le code' }).click();
  await expect(form.getByText('Un code compte de 4 à 32 lettres, chiffres ou tirets')).toBeVisible();
  await expect(form.getByText("Saisissez un nombre entier d'utilisations de 1 à 1 000 000")).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/Create|Expires|Label|Uses|Revoke|Who used/);
  await expectNoSeriousAxeViolation(page);
});
