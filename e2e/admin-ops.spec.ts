// The console's daily work as an admin would do it: translate a label and see it on the site, import wallet cards
// from a CSV file (a bad file is refused row by row, nothing issued), void a card, and find, open and export bookings.
import { expect, test } from '@playwright/test';
import { openPage } from './auth-helpers';
import { createOrg, PORT, signInAsNewAdmin } from './admin-helpers';

test('a new org translates a label and imports, lists and voids wallet cards', async ({ page }, testInfo) => {
  test.slow();
  const slug = `opsdesk${testInfo.retry || ''}${crypto.randomUUID().slice(0, 4)}`;
  const email = `ops-${crypto.randomUUID().slice(0, 6)}@opsdesk.example`;
  const site = `http://${slug}.localhost:${PORT}`;
  createOrg(slug, email, 'Ops Desk Travel');
  await signInAsNewAdmin(page, site, email, 'Desk7!ops');

  await openPage(page, `${site}/admin/translations`);
  await page.locator('#labels-lang').selectOption('es-ES');
  await page.getByLabel('Search labels').fill('home_title');
  // Grouped by the part of the site, each label by its text first (the key second, for whoever looks it up).
  await expect(page.getByTestId('labels-group').first()).toHaveText('Everywhere (header, menus, footer)');
  await page.getByLabel('Part of the site').selectOption({ label: 'Travel agents' });
  await expect(page.getByTestId('labels-group')).toHaveCount(0);
  await page.getByLabel('Part of the site').selectOption({ label: 'Everywhere (header, menus, footer)' });
  const title = page.getByLabel('Your text: home_title');
  await title.fill('Viaja con Ops Desk');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: the site shows it on the next page view.')).toBeVisible();
  await openPage(page, `${site}/?lang=es-ES`);
  await expect(page.getByText('Viaja con Ops Desk').first()).toBeVisible();

  await openPage(page, `${site}/admin/cards?lang=en-US`);
  const file = (rows: string[]) => ({ name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,kind,amount,currency,services,pro_code', ...rows].join('\n')) });
  await page.getByLabel('CSV file').setInputFiles(file([`${email},cash,25,USD,,`, 'nobody@opsdesk.example,cash,10,USD,,', `${email},certificate,10,USD,,`]));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = page.getByTestId('import-problems');
  await expect(problems).toContainText('row 3: email: No member of this site has this email');
  await expect(problems).toContainText('row 4: services: A certificate pays for at least one of HLT, ACT, RST, STY');
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
  // In French each row, its column and its reason are French, with the French colon.
  await openPage(page, `${site}/admin/cards?lang=fr-FR`);
  await page.locator('#card-file').setInputFiles(file(['nobody@opsdesk.example,cash,10,USD,,']));
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(problems).toHaveText(/^ligne 2\s: email\s: Aucun membre de ce site n'a cet e-mail$/);
  await openPage(page, `${site}/admin/cards?lang=en-US`);

  await page.getByLabel('CSV file').setInputFiles(file([`${email},cash,25,USD,,`, `"${email}",certificate,80,USD,"HLT,ACT",`]));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('2 cards issued.')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('table')).toContainText('80 USD');
  const cashRow = page.getByRole('row').filter({ hasText: /CASH-/ });
  await cashRow.getByRole('button', { name: /^Void CASH-/ }).click();
  await expect(cashRow.getByRole('button', { name: /^Void CASH-/ })).toHaveCount(0);
  await expect(cashRow).toContainText('Void');
});

test("org 1's admin filters bookings, opens one and exports the list as CSV", async ({ page }) => {
  const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'admin@example.com', password: 'Admin1!pass' }, navAgent: 'e2e' } });
  expect(r.status()).toBe(200);
  await openPage(page, '/admin/bookings');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Status').selectOption('CONFIRMED');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(table).toContainText('Confirmed');
  await expect(table).not.toContainText('Cancelled');
  // A member's booking (an agent's client paying by card has none): the one the demo traveller made.
  const first = table.getByRole('row').filter({ hasText: 'demo@example.com' }).first();
  const ref = (await first.locator('code').textContent())!;
  await first.getByRole('button', { name: /^Open / }).click();
  await expect(page.getByTestId('booking-detail')).toContainText(`Booking ${ref}`);
  await expect(page.getByTestId('booking-detail')).toContainText('demo@example.com');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('bookings-1-start-today-confirmed.csv');
  // Read as a stream: it works whether the browser runs here or is reached over a connection.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(/^booking_id,status,created_at,member,agent,traveler/);
  expect(text).toContain(ref);
  expect(text).not.toContain(',CANCELLED,');
});
