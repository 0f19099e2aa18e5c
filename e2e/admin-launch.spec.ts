// The launch of a white-label site: the admin command creates the org, its admin sets a password from the mail and
// signs in on the org's own address, adds a custom domain, the test publishes the TXT record in the Cloudflare
// simulator, "Check now" turns it active, and the site answers on that domain with the org's name: "coming soon" while
// the org is closed, its admin seeing it under a preview bar, until a logo, colours, a sign-in option and a priced
// hotel let "Go live" open it (decision 0066).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keepScreen } from './screens';
import { DEFAULT_THEME } from '../src/shared/rules/theme';
import { openPage } from './auth-helpers';
import { createOrg, expectNoSeriousAxeViolation, PORT, signInAsNewAdmin } from './admin-helpers';

test('from the admin command to the org on its own domain', async ({ page }, testInfo) => {
  // The whole launch, from the command to the open site, in one person's session.
  test.setTimeout(180_000);
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

  // The site answers on the custom domain with the org's name: closed so far, "coming soon" (decision 0066).
  await page.goto(`http://${domain}:${PORT}/`);
  await expect(page).toHaveTitle(/Blue Sky Travel/);
  await expect(page.locator('[data-org-name]').first()).toHaveText('Blue Sky Travel');
  await expect(page.getByRole('heading', { name: 'Coming soon', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await atBothSizes(page, 'coming-soon-en');
  await page.goto(`http://${domain}:${PORT}/?lang=fr-FR`);
  await expect(page.getByRole('heading', { name: 'Bientôt disponible', level: 1 })).toBeVisible();
  await atBothSizes(page, 'coming-soon-fr');

  // Its admin sees the site under a preview bar; "Go live" names what is missing.
  await openPage(page, `${site}/`);
  await expect(page.getByTestId('preview-bar')).toContainText('your site is not live yet');
  await expectNoSeriousAxeViolation(page);
  await atBothSizes(page, 'preview-bar-en');
  await openPage(page, `${site}/admin?lang=fr-FR`);
  await page.getByRole('button', { name: 'Mettre en ligne', exact: true }).click();
  await expect(page.getByTestId('launch-message')).toHaveText(
    'Terminez ces étapes avant la mise en ligne\u202f: Marque\u202f: nom, logo et couleurs, Options de connexion, Produits proposés',
  );
  await openPage(page, `${site}/?lang=fr-FR`);
  await expect(page.getByTestId('preview-bar')).toContainText('votre site n’est pas encore en ligne');
  await atBothSizes(page, 'preview-bar-fr');

  // A logo from the brand page, then the colours, a sign-in option and a hotel with a priced night (through the API).
  await openPage(page, `${site}/admin/brand?lang=en-US`);
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo uploaded: it is your site’s logo now.')).toBeVisible();
  await expect(page.getByLabel('Logo address')).toHaveValue(/^\/api\/logos\/[0-9a-f]{64}\.png$/);
  await expectNoSeriousAxeViolation(page);
  await atBothSizes(page, 'brand-logo-en', page.getByLabel('Upload a logo'));
  await openPage(page, `${site}/admin/brand?lang=fr-FR`);
  await expect(page.getByLabel('Téléverser un logo')).toBeVisible();
  await atBothSizes(page, 'brand-logo-fr', page.getByLabel('Téléverser un logo'));
  await madeBookable(page);
  await openPage(page, `${site}/admin?lang=en-US`);
  await page.getByRole('button', { name: 'Go live', exact: true }).click();
  await expect(page.getByTestId('launch-message')).toHaveText('Your site is live.');
  await expect(page.getByTestId('launch-live')).toHaveAttribute('data-done', 'true');

  // Open: the next visitor of the custom domain gets the site itself, with the uploaded logo.
  await page.goto(`http://${domain}:${PORT}/?lang=en-US`);
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toHaveCount(0);
  await expect(page.locator('header img[data-org-logo]')).toHaveAttribute('src', /^\/api\/logos\//);
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Both sizes: nothing scrolls sideways, and a screenshot of each when SCREENS_DIR is set. */
async function atBothSizes(page: Page, name: string, shown?: Locator) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await shown?.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${viewport.width} px`).toBe(true);
    await keepScreen(page, `${name}-${size}`);
  }
  await page.setViewportSize(SIZES.desktop);
}

/**
 * The brand's colours, an access code to sign in with, and a hotel priced for a night to come, through the console's
 * API from the org's own page (its host resolves in the browser only).
 */
async function madeBookable(page: Page) {
  const ok = async (method: string, path: string, body: unknown) => {
    const res = await page.evaluate(
      async ({ method, path, body }) => {
        const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: r.status, text: await r.text() };
      },
      { method, path, body },
    );
    expect(res.status, res.text).toBeLessThan(300);
    return JSON.parse(res.text).data;
  };
  await ok('PUT', '/api/admin/theme', DEFAULT_THEME);
  await ok('PATCH', '/api/admin/org', { access_code_required: 1 });
  const hotel = await ok('POST', '/api/admin/products', { type: 'HLT', name: 'Blue Sky Inn', city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.83, time_zone: 'Europe/Paris' });
  const room = await ok('POST', `/api/admin/products/${hotel.product_id}/rooms`, { code: 'DBL', name: { 'en-US': 'Double' }, max_adults: 2, max_occupancy: 2, units: 2 });
  const plan = await ok('POST', `/api/admin/products/${hotel.product_id}/rate-plans`, { code: 'BAR', name: { 'en-US': 'Best rate' }, room_ids: [room.room_id] });
  const night = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await ok('POST', `/api/admin/products/${hotel.product_id}/ari`, { updates: [{ room_id: room.room_id, rate_plan_id: plan.rate_plan_id, from: night, to: night, price_usd_minor: 9900 }] });
}
