// The launch of a white-label site: the admin command creates the org, its admin sets a password from the mail and
// signs in on the org's own address, adds a custom domain, the test publishes the TXT record in the Cloudflare
// simulator, "Check now" turns it active, and the site answers on that domain with the org's name.
import { expect, test } from '@playwright/test';
import { openPage } from './auth-helpers';
import { createOrg, expectNoSeriousAxeViolation, PORT, signInAsNewAdmin } from './admin-helpers';

test('from the admin command to the org on its own domain', async ({ page }, testInfo) => {
  test.slow();
  // A retry runs against the same database: it launches another org rather than meeting the first one's.
  const suffix = testInfo.retry ? String(testInfo.retry) : '';
  const slug = `bluesky${suffix}`;
  const email = `owner${suffix}-${crypto.randomUUID().slice(0, 6)}@bluesky.example`;
  const site = `http://${slug}.localhost:${PORT}`;
  const domain = `www.bluesky${suffix}.example`;
  const password = 'Launch7!sky';
  createOrg(slug, email);
  // The invitation: choose a password on the org's own address, then sign in there.
  await signInAsNewAdmin(page, site, email, password);

  // The domains page: add the domain, read the TXT record it asks for.
  await openPage(page, `${site}/admin/domains`);
  await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
  await expect(page.locator(`[data-testid="domain"][data-host="${slug}.localhost"]`)).toContainText('Active');
  await page.getByLabel('Domain name').fill('not a domain');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByLabel('Domain name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Domain name').fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const added = page.locator(`[data-testid="domain"][data-host="${domain}"]`);
  await expect(added.getByTestId('domain-status')).toHaveText('Pending');
  const name = (await added.getByTestId('txt-name').textContent())!;
  const value = (await added.getByTestId('txt-value').textContent())!;
  expect(name).toBe(`_cf-custom-hostname.${domain}`);
  // The CNAME that brings the certificate, beside the TXT that proves ownership, each with what it has verified.
  await expect(added.getByTestId('cname-record')).toContainText(domain);
  await expect(added.getByTestId('cname-target')).toHaveText('customers.localhost');
  await expect(added.getByTestId('ssl-status')).toHaveText('Waiting');
  await expect(added.getByTestId('domain-lapses')).toContainText('lapses on');
  await expectNoSeriousAxeViolation(page);

  // Not published yet: still pending, and the domain does not serve the org.
  await added.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('domain-message')).toHaveText('Not verified yet: the record may take a few minutes to appear.');
  await expect(added.getByTestId('domain-status')).toHaveText('Pending');

  // The owner publishes the record at their DNS provider (here: the simulator's DNS).
  const published = await page.request.post('/_sim/cloudflare/dns', { data: { name, type: 'TXT', value } });
  expect(published.status()).toBe(200);
  // Ownership alone does not serve the site: the certificate waits for the CNAME.
  await added.getByRole('button', { name: 'Check now' }).click();
  await expect(added.getByTestId('ownership-status')).toHaveText('Verified');
  await expect(added.getByTestId('ssl-status')).toHaveText('Waiting');
  await expect(added.getByTestId('domain-status')).toHaveText('Pending');
  const pointed = await page.request.post('/_sim/cloudflare/dns', { data: { name: domain, type: 'CNAME', value: 'customers.localhost' } });
  expect(pointed.status()).toBe(200);
  await added.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('domain-message')).toHaveText(`${domain} now serves your site.`);
  await expect(added.getByTestId('domain-status')).toHaveText('Active');

  // The site answers on the custom domain with the org's name.
  await page.goto(`http://${domain}:${PORT}/`);
  await expect(page).toHaveTitle(/Blue Sky Travel/);
  await expect(page.locator('[data-org-name]').first()).toHaveText('Blue Sky Travel');
});
