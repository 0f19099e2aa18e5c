// The second factor as staff meet it (docs/decisions/0067-second-factor.md): an admin sets up an authenticator app in
// the account's security section (the QR code, the key, a code, the recovery codes once), signs out, signs in with the
// password and then a code (in French) or a recovery code (in English); the org then requires a second factor and an
// agent without one is sent to set it up. Axe on the section and the dialog's second step; screenshots in en and fr.
import { createHmac } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedAccount, openPage, signedIn, uniqueEmail } from './auth-helpers';
import { expectNoSeriousAxeViolation, PORT } from './admin-helpers';
import { d1Run } from './booking-helpers';
import { keepScreen } from './screens';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

async function screens(page: Page, name: string, shown?: Locator) {
  await page.setViewportSize(WIDE);
  await shown?.scrollIntoViewIfNeeded();
  await keepScreen(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await shown?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await keepScreen(page, `${name}-390`);
  // Nothing scrolls sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(WIDE);
}

/** RFC 6238 (HMAC-SHA-1, 30 s, 6 digits) from the base32 key the page shows, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(Array.from({ length: Math.floor(bits.length / 8) }, (_, i) => parseInt(bits.slice(i * 8, i * 8 + 8), 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** An API call from the page itself (its cookies, its org's host). */
const inPage = (page: Page, path: string, method: 'GET' | 'POST') =>
  page.evaluate(
    ([p, m]) => fetch(p, { method: m, headers: { 'content-type': 'application/json' }, body: m === 'POST' ? '{}' : undefined }).then((r) => r.json()),
    [path, method] as const,
  ) as Promise<Record<string, unknown>>;

/** The sign-in dialog opened by the address, filled and sent (by the fields' ids: the page may be in French). */
async function passwordStep(page: Page, site: string, lang: string, email: string, password: string) {
  await openPage(page, `${site}/?lang=${lang}&action=login`);
  const dialog = page.getByRole('dialog');
  await dialog.locator('#signin-email').fill(email);
  await dialog.locator('#signin-password').fill(password);
  await dialog.locator('button[type=submit]').click();
  return dialog;
}


test('an admin enrols an authenticator app and signs in with it; the org then sends an agent without one to enrol', async ({ page, browser }, testInfo) => {
  test.slow();
  const slug = `twofa${testInfo.retry || ''}${crypto.randomUUID().slice(0, 6)}`;
  const site = `http://${slug}.localhost:${PORT}`;
  d1Run(`INSERT INTO orgs (name, eligible_products) VALUES ('Secure ${slug}', 'hotel')`);
  d1Run(`INSERT INTO org_domains (host, org_id) SELECT '${slug}.localhost', id FROM orgs WHERE name = 'Secure ${slug}'`);
  // Accounts made on the default site, then moved to this org (the test's own requests cannot resolve *.localhost).
  const admin = await createVerifiedAccount(page.request, { email: uniqueEmail('admin') });
  const agent = await createVerifiedAccount(page.request, { email: uniqueEmail('agent') });
  const org = `(SELECT id FROM orgs WHERE name = 'Secure ${slug}')`;
  d1Run(`UPDATE users SET role = 'admin', org_id = ${org} WHERE email = '${admin.email}'`);
  d1Run(`UPDATE users SET role = 'agent', org_id = ${org} WHERE email = '${agent.email}'`);

  // Signed in with the password alone, the admin sets up the app in the account's security section.
  await passwordStep(page, site, 'en-US', admin.email, admin.password);
  await signedIn(page);
  await openPage(page, `${site}/user-details?lang=en-US#security`);
  const section = page.getByTestId('section-security');
  await expect(section.getByRole('heading', { name: 'Security' })).toBeVisible();
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Code from the app').fill('123');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Enter the 6-digit code')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'security-setup-en', section.getByRole('heading', { name: 'Authenticator app' }));
  await section.getByLabel('Code from the app').fill(totp(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recovery = (await codes.getByRole('listitem').first().textContent())!.trim();
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'security-codes-en', codes);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('totp-on')).toBeVisible();

  await openPage(page, `${site}/user-details?lang=fr-FR#security`);
  await expect(section.getByRole('heading', { name: 'Sécurité' })).toBeVisible();
  await expect(section.getByTestId('totp-on')).toHaveText('Activée\u202f: la connexion demande un code de votre application.');
  await expect(section).not.toContainText(/Authenticator app|Passkeys|Recovery codes left|Add a passkey/);
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'security-on-fr', section);

  // Signed out, the password alone no longer signs in: the dialog asks for the code (in French here).
  expect(await inPage(page, '/api/iqps/logout', 'POST')).toMatchObject({ status: 'success' });
  await page.context().clearCookies();
  const frDialog = await passwordStep(page, site, 'fr-FR', admin.email, admin.password);
  await expect(page.getByRole('dialog', { name: 'Validation en deux étapes' })).toBeVisible();
  const code = frDialog.getByLabel('Code de vérification');
  await expect(code).toBeFocused();
  await expect(frDialog).not.toContainText(/Verification code|Verify|recovery code/);
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'signin-second-step-fr');
  await code.fill(totp(secret, Date.now() + 30_000));
  await frDialog.getByRole('button', { name: 'Valider' }).click();
  await signedIn(page);
  expect(await inPage(page, '/api/auth/checkLogin', 'POST')).toMatchObject({ status: 'success', result: { email: admin.email } });

  // Again in English, with a recovery code instead.
  await inPage(page, '/api/iqps/logout', 'POST');
  await page.context().clearCookies();
  const enDialog = await passwordStep(page, site, 'en-US', admin.email, admin.password);
  await expect(page.getByRole('dialog', { name: 'Two-step verification' })).toBeVisible();
  await enDialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await enDialog.getByLabel('Recovery code').fill(recovery);
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'signin-second-step-en');
  await enDialog.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // The org now requires a second factor of its staff (the console's settings).
  await openPage(page, `${site}/admin/settings?lang=en-US`);
  const required = page.getByLabel('Admins and agents must set up a second factor (an authenticator app or a passkey)');
  await required.check();
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(async () => ((await inPage(page, '/api/admin/org', 'GET')) as { data: { require_2fa_for_staff: number } }).data.require_2fa_for_staff).toBe(1);

  // An agent without one signs in with the password, opens the desk and is sent to set one up.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const desk = await context.newPage();
  await desk.setViewportSize(WIDE);
  await passwordStep(desk, site, 'en-US', agent.email, agent.password);
  await signedIn(desk);
  await openPage(desk, `${site}/agent?lang=en-US`);
  // The desk sends it on by itself: the address is polled, not a page load waited for (the desk's own load is cut
  // short by that redirect, which a wait for a load can see as an aborted navigation).
  await expect(desk).toHaveURL((u) => u.pathname === '/user-details' && u.hash === '#security', { timeout: 15_000 });
  await expect(desk.getByTestId('security-required')).toContainText('Your organisation requires a second factor');
  await expectNoSeriousAxeViolation(desk);
  await context.close();
});
