// The launch of a white-label site: the admin command creates the org, its admin sets a password from the mail and
// signs in on the org's own address, adds a custom domain, the test publishes the TXT record in the Cloudflare
// simulator, "Check now" turns it active, and the site answers on that domain with the org's name.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { dialog, linkFromOutbox, openPage, signIn } from './auth-helpers';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 8792);

function createOrg(slug: string, email: string) {
  const { persistTo } = JSON.parse(readFileSync(join(ROOT, '.wrangler', `e2e-${PORT}.json`), 'utf8')) as { persistTo: string };
  const r = spawnSync(process.execPath, ['scripts/admin.mjs', 'create-org', '--name', 'Blue Sky Travel', '--slug', slug, '--admin-email', email, '--persist-to', persistTo], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PORT: String(PORT), CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
  });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
}

async function expectNoSeriousAxeViolation(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

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
  const link = await linkFromOutbox(page.request, email, '/change-password');
  await openPage(page, `${site}${link}`);
  const form = page.getByTestId('reset-password-form');
  await form.getByLabel('New password').fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('change-password-done')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await signIn(page, email, password);
  await expect(dialog(page, 'Sign in')).toBeHidden();

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
  await expectNoSeriousAxeViolation(page);

  // Not published yet: still pending, and the domain does not serve the org.
  await added.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('domain-message')).toHaveText('Not verified yet: the record may take a few minutes to appear.');
  await expect(added.getByTestId('domain-status')).toHaveText('Pending');

  // The owner publishes the record at their DNS provider (here: the simulator's DNS).
  const published = await page.request.post('/_sim/cloudflare/dns', { data: { name, type: 'TXT', value } });
  expect(published.status()).toBe(200);
  await added.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('domain-message')).toHaveText(`${domain} now serves your site.`);
  await expect(added.getByTestId('domain-status')).toHaveText('Active');

  // The site answers on the custom domain with the org's name.
  await page.goto(`http://${domain}:${PORT}/`);
  await expect(page).toHaveTitle(/Blue Sky Travel/);
  await expect(page.locator('[data-org-name]').first()).toHaveText('Blue Sky Travel');
});
