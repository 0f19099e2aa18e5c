// An agent edits, finds and deletes a client from /agent/client-list, as a person would (issue: agents, client list).
import { expect as baseExpect, test } from '@playwright/test';
import { signInThroughDialog } from './loyalty-helpers';

const expect = baseExpect.configure({ timeout: 15_000 });

test('an agent edits a client, finds it by the new name, then deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `e2e-client-${crypto.randomUUID()}@example.com`;
  await page.goto('/agent/client-list');
  await signInThroughDialog(page, 'agent@example.com', 'Agent1!pass');
  await expect(page.getByTestId('client-list')).toBeVisible();

  await page.getByTestId('client-add').click();
  const add = page.getByRole('dialog', { name: 'New client' });
  await add.getByLabel('Title').selectOption('Mr');
  await add.getByLabel('First name').fill('Hugo');
  await add.getByLabel('Last name').fill('Before');
  await add.getByLabel('Email address').fill(email);
  await add.getByTestId('client-save').click();
  await expect(page.getByTestId('client-status')).toHaveText('Client saved.');

  const search = page.getByLabel('Search clients');
  await search.fill(email);
  const row = page.getByTestId('client-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit: Hugo Before' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit client' });
  await expect(edit.getByLabel('Last name')).toHaveValue('Before');
  await edit.getByLabel('Last name').fill('Renamed');
  await edit.getByTestId('country-code-button').click();
  await edit.getByRole('combobox', { name: 'Search country or code' }).fill('+34');
  await edit.getByRole('option', { name: /Spain/ }).first().click();
  await edit.getByLabel(/^Phone number/).fill('612345678');
  await edit.getByTestId('client-save').click();
  await expect(page.getByTestId('client-status')).toHaveText('Client saved.');

  await search.fill('Renamed');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Hugo Renamed');
  await expect(row).toContainText('+34 612345678');
  await search.fill('Before');
  await expect(page.getByTestId('client-row').filter({ hasText: email })).toHaveCount(0);

  await search.fill(email);
  await row.getByRole('button', { name: 'Delete: Hugo Renamed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this client?' });
  await expect(confirm).toContainText(email);
  await confirm.getByTestId('client-delete-confirm').click();
  await expect(page.getByTestId('client-status')).toHaveText('Client deleted.');
  await expect(page.getByTestId('client-row').filter({ hasText: email })).toHaveCount(0);
  await page.reload();
  await page.getByLabel('Search clients').fill(email);
  await expect(page.getByText('No client matches your search.')).toBeVisible();
});

test('in French, a client whose address the agent already has is refused beside the address, in French', async ({ page }) => {
  test.setTimeout(90_000);
  const signedIn = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'agent@example.com', password: 'Agent1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.ok()).toBe(true);
  const email = `e2e-twice-${crypto.randomUUID()}@example.com`;
  await page.goto('/agent/client-list?lang=fr-FR');
  await expect(page.getByTestId('client-list')).toBeVisible();

  const add = async (last: string) => {
    await page.getByTestId('client-add').click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
    await dialog.locator('#client-title').selectOption('Mrs');
    await dialog.locator('#client-first').fill('Inès');
    await dialog.locator('#client-last').fill(last);
    await dialog.locator('#client-email').fill(email);
    await dialog.getByTestId('client-save').click();
    return dialog;
  };
  await add('Première');
  await expect(page.getByTestId('client-status')).toHaveText('Client enregistré.');

  const again = await add('Seconde');
  const address = again.locator('#client-email');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription('Vous avez déjà un client avec cette adresse e-mail');
  await expect(again).not.toContainText('You already have');
  await address.fill(`other-${email}`);
  await again.getByTestId('client-save').click();
  await expect(page.getByTestId('client-status')).toHaveText('Client enregistré.');
});
