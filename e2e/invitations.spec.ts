// Invitations as people use them (docs/contract.md#invitations): the admin invites a marketer from the console; the
// invitee opens the mailed link in their own browser, sets a name and a password, and lands signed in on the marketing
// pages. Axe on the console page and the invitation page; screenshots in English and French at 1280x800 and 390x844.
import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox, openPage, uniqueEmail } from './auth-helpers';
import { expectNoSeriousAxeViolation } from './admin-helpers';
import { keepScreen } from './screens';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

async function screens(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(WIDE);
  await keepScreen(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await keepScreen(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize(WIDE);
}

test('an admin invites a marketer, who follows the mailed link, chooses a name and password and lands on the marketing pages', async ({ page, browser }, testInfo) => {
  test.slow();
  const signedIn = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'admin@example.com', password: 'Admin1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.status()).toBe(200);
  await page.setViewportSize(WIDE);
  await openPage(page, '/admin/invitations?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Invitations' })).toHaveAttribute('aria-current', 'page');

  const form = page.getByRole('form', { name: 'Invite someone' });
  const email = uniqueEmail('marketer');
  await form.getByLabel('E-mail address').fill(email);
  await expect(form.getByLabel('Credit limit (USD)')).toBeVisible();
  await form.getByLabel('Role').selectOption('marketer');
  await expect(form.getByLabel('Credit limit (USD)')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByTestId('invite-status')).toHaveText(`Invitation sent to ${email}.`);
  const row = page.getByTestId('invitation').filter({ hasText: email });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Marketer');
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'admin-invitations-en');

  await openPage(page, '/admin/invitations?lang=fr-FR');
  await expect(page.getByTestId('invitation').filter({ hasText: email })).toContainText('En attente');
  await expect(page.getByRole('main')).not.toContainText(/Invite someone|Pending|Send the invitation|Expires/);
  await screens(page, 'admin-invitations-fr');

  // The invitee, in a browser of their own, opens the link the mail carries.
  const link = await linkFromOutbox(page.request, email, '/invitation');
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const invitee = await context.newPage();
  await invitee.setViewportSize(WIDE);
  await openPage(invitee, `${link}&lang=fr-FR`);
  const frForm = invitee.getByTestId('invitation-form');
  await expect(frForm).toContainText('en tant que responsable marketing');
  await expectNoSeriousAxeViolation(invitee);
  await screens(invitee, 'invitation-fr');

  await openPage(invitee, `${link}&lang=en-US`);
  const accept = invitee.getByTestId('invitation-form');
  await expect(accept).toContainText(`invites ${email} to join as a marketer`);
  await accept.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(accept.getByLabel('First name')).toBeFocused();
  await expectNoSeriousAxeViolation(invitee);
  await accept.getByLabel('First name').fill('Mia');
  await accept.getByLabel('Last name').fill('Marketer');
  await accept.getByLabel('Password', { exact: true }).fill('Harbor8!lamp');
  await accept.getByLabel('Confirm password').fill('Harbor8!lamp');
  await screens(invitee, 'invitation-en');
  await accept.getByRole('button', { name: 'Accept and sign in' }).click();
  await invitee.waitForURL((u) => u.pathname === '/admin/links');
  await expect(invitee.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  const nav = invitee.getByRole('navigation', { name: 'Console pages' });
  await expect(nav.getByRole('link', { name: 'Links' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Invitations' })).toHaveCount(0);
  await context.close();

  await page.reload();
  await expect(page.getByTestId('invitation').filter({ hasText: email })).toContainText('Acceptée');
});
