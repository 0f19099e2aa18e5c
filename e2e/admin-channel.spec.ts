// The console's channel manager page as an admin uses it: the address to give the channel manager, credentials made
// with the password shown once (copy buttons), used by a push (last used), revoked in a named dialog so the next push
// is refused. Axe on the page, the new credentials and the dialog; English and French at 1280x800 and 390x844.
import { expect, test, type Page } from '@playwright/test';
import { openPage } from './auth-helpers';
import { expectNoSeriousAxeViolation } from './admin-helpers';
import { keepScreen } from './screens';

async function signInAsAdmin(page: Page) {
  const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'admin@example.com', password: 'Admin1!pass' }, navAgent: 'e2e' } });
  expect(r.status()).toBe(200);
}

/** What a channel manager's server sends: an OpenTravel message with HTTP Basic credentials (no cookie, no Origin). */
async function push(page: Page, username: string, password: string) {
  const xml = `<OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="e2e" Version="1.0"><AvailStatusMessages HotelCode="NO-SUCH-HOTEL"><AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="2030-01-01" End="2030-01-02" InvTypeCode="STD"/></AvailStatusMessage></AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
  const r = await page.context().request.fetch('/api/channel/ota', {
    method: 'POST',
    data: xml,
    headers: { 'content-type': 'application/xml', authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  return { status: r.status(), text: await r.text() };
}

test('an admin creates channel manager credentials, sees the password once, and revokes them', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  await openPage(page, '/admin/channel?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Channel manager' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Channel manager' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('channel-endpoint')).toHaveText(new URL('/api/channel/ota', page.url()).href);
  await expect(page.getByRole('button', { name: 'Copy the address' })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await keepScreen(page, 'admin-channel-en-1280');

  await page.getByRole('button', { name: 'Create credentials' }).click();
  const made = page.getByTestId('channel-created');
  await expect(made).toBeVisible();
  await expect(made.getByRole('heading', { name: 'New credentials' })).toBeFocused();
  await expect(made).toContainText('it is shown this once and cannot be shown again');
  const username = (await page.getByTestId('channel-username').textContent())!;
  const password = (await page.getByTestId('channel-password').textContent())!;
  expect(username).toMatch(/^cm-[a-z2-7]{16}$/);
  expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(made.getByRole('button', { name: 'Copy the username' })).toBeVisible();
  await expect(made.getByRole('button', { name: 'Copy the password' })).toBeVisible();
  const row = page.getByTestId('channel-credential').filter({ hasText: username });
  await expect(row).toContainText('Never');
  await expectNoSeriousAxeViolation(page);
  await made.scrollIntoViewIfNeeded();
  await keepScreen(page, 'admin-channel-created-en-1280');

  // The channel manager uses them: the list says when.
  expect((await push(page, username, password)).status).toBe(400);
  await made.getByRole('button', { name: 'I have copied it' }).click();
  await expect(made).toBeHidden();
  await page.reload();
  await expect(row).not.toContainText('Never');
  // The password is shown that once: not in the page, nor in the list's answer.
  await expect(page.getByText(password)).toHaveCount(0);
  const list = await page.request.get('/api/admin/channel-credentials');
  expect(await list.text()).not.toContain(password);

  await row.getByRole('button', { name: `Revoke ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${username}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Revoke', exact: true })).toBeFocused();
  await expectNoSeriousAxeViolation(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: `Revoke ${username}` }).click();
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('channel-message')).toHaveText(`${username} is revoked.`);
  await expect(row).toHaveCount(0);
  const refused = await push(page, username, password);
  expect(refused.status).toBe(401);
  expect(refused.text).toContain('<Error Type="4" Code="497"');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Channel manager' })).toBeVisible();
  await keepScreen(page, 'admin-channel-en-390');
});

test('the channel manager page in French, on a desktop and a phone', async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await openPage(page, '/admin/channel?lang=fr-FR');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestionnaire de canaux' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Adresse à donner au gestionnaire de canaux' })).toBeVisible();
    await page.getByRole('button', { name: 'Créer des identifiants' }).click();
    const made = page.getByTestId('channel-created');
    await expect(made.getByRole('heading', { name: 'Nouveaux identifiants' })).toBeVisible();
    await expect(made).toContainText('Copiez le mot de passe maintenant\u202f: il n’est montré que cette fois');
    const username = (await page.getByTestId('channel-username').textContent())!;
    const row = page.getByTestId('channel-credential').filter({ hasText: username });
    await expect(row).toContainText('Jamais');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `${width}px`).toBeLessThanOrEqual(0);
    if (width === 1280) await expectNoSeriousAxeViolation(page);
    await made.scrollIntoViewIfNeeded();
    await keepScreen(page, `admin-channel-created-fr-${width}`);
    await row.getByRole('button', { name: `Révoquer ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Révoquer ${username}\u202f?` });
    await dialog.getByRole('button', { name: 'Révoquer', exact: true }).click();
    await expect(page.getByTestId('channel-message')).toHaveText(`${username} est révoqué.`);
    await expect(row).toHaveCount(0);
  }
});
