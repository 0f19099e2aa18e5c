// A marketer creates a short link in the console; a visitor arrives through it, signs up, confirms the address and
// books; the marketer then reads 1 click, 1 sign-up, 1 first booking and its revenue on the link's page.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { dialog, fillDetails, GOOD_PASSWORD, linkFromOutbox, openPage, openSignInFromMenu, signIn, uniqueEmail } from './auth-helpers';
import { day, fillTraveler, payIfAsked, productOf } from './booking-helpers';
import { keepScreen, SCREENS_DIR } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PERSON_BRANDS = '"Chromium";v="130", "Google Chrome";v="130", "Not?A_Brand";v="99"';
test.describe.configure({ timeout: 180_000 });

test('a link brings a visitor who signs up, confirms and books; the marketer sees the click, the sign-up, the booking and its revenue', async ({ browser, baseURL }) => {
  const marketerContext = await browser.newContext({ baseURL });
  const signedIn = await marketerContext.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'marketer@example.com', password: 'Market1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.status()).toBe(200);
  const console = await marketerContext.newPage();
  await openPage(console, '/admin/links');
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  await console.getByLabel('Destination').fill('/');
  await console.getByLabel(/^Short link name/).fill(slug);
  await console.getByLabel(/^Campaign/).fill('e2e');
  await console.getByLabel(/^UTM source/).fill('e2e');
  await console.getByRole('button', { name: 'Create short link' }).click();
  await expect(console.getByRole('status').filter({ hasText: 'Short link created' })).toContainText(`/r/${slug}`);
  const row = console.locator(`[data-slug="${slug}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('img', { name: /QR code of/ })).toBeVisible();

  // The visitor, in a browser of their own, follows the short link. A headless browser is not counted as a visitor
  // (docs/decisions/0061-link-destinations-and-qr-files.md): this one stands in for a person's Chrome, user agent and client hints.
  const visitorContext = await browser.newContext({ baseURL, userAgent: PERSON_UA, extraHTTPHeaders: { 'sec-ch-ua': PERSON_BRANDS } });
  const page = await visitorContext.newPage();
  await page.goto(`/r/${slug}`);
  await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('utm_source') === 'e2e');
  await expect(page.locator('html[data-dialog-host="ready"]')).toHaveCount(1);

  const email = uniqueEmail('linked');
  await openSignInFromMenu(page);
  await dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }).click();
  await fillDetails(page, { email, title: 'Mrs', first: 'Lina', last: 'Link' });
  const signUp = dialog(page, 'Create your account');
  const nationality = signUp.getByRole('combobox', { name: /^Nationality/ });
  await nationality.pressSequentially('Spa');
  await signUp.getByRole('option', { name: 'Spain' }).click();
  await signUp.getByRole('button', { name: 'Sign up with email' }).click();
  const step2 = dialog(page, 'Choose your password');
  await step2.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await step2.getByLabel('Confirm password').fill(GOOD_PASSWORD);
  await step2.getByRole('checkbox').check();
  await step2.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signup-done')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await openPage(page, await linkFromOutbox(page.request, email, '/verify-account'));
  await expect(page.getByTestId('verify-result')).toHaveText('YOUR EMAIL ADDRESS HAS BEEN VERIFIED. PLEASE SIGN IN');
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await signIn(page, email, GOOD_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('account-menu-button')).toContainText('Lina');

  // An activity (the org offers no certificate for one, so no certificate step); the rest paid on the provider's page.
  const activity = await productOf(page.request, 'ACT', 'Paris');
  await page.goto(`/hotel-checkout?id=${activity.product_id}&check_in=${day(30)}&guests=2`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  await fillTraveler(page);
  await page.getByTestId('book').click();
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success\?booking/);
  const paid = Number(await page.getByTestId('paid-total').getAttribute('data-amount'));
  expect(paid).toBeGreaterThan(0);

  // The marketer opens the link's figures.
  await console.getByRole('link', { name: `Figures of ${slug}` }).click();
  await console.waitForURL(`**/admin/links/${slug}`);
  await expect(async () => {
    await console.reload();
    await expect(console.getByTestId('total-clicks')).toContainText('1', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(console.getByTestId('total-clicks').locator('dd')).toHaveText('1');
  await expect(console.getByTestId('total-unique').locator('dd')).toHaveText('1');
  await expect(console.getByTestId('total-signups').locator('dd')).toHaveText('1');
  await expect(console.getByTestId('total-bookings').locator('dd')).toHaveText('1');
  await expect(console.getByTestId('total-revenue').locator('dd')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(paid),
  );
  await expect(console.getByTestId('link-chart')).toBeVisible();
  await expect(console.getByText(/^1 click from /)).toBeVisible();
  await expect(console.getByTestId('link-summary')).toContainText('utm_source=e2e');
  await expect(console.getByTestId('link-funnel')).toContainText('Conversion 100.0%: sign-ups (1) divided by unique visitors (1)');
  await expect(console.getByTestId('by-device')).toContainText('Computer');
  await expect(console.getByRole('table', { name: 'Clicks by day' })).toBeAttached();
  const csv = console.getByRole('link', { name: 'Download CSV' });
  await expect(csv).toHaveAttribute('href', new RegExp(`/api/admin/links/${slug}/stats\\?from=.*&format=csv`));

  await marketerContext.close();
  await visitorContext.close();
});

test('a member finds their own short link with a copy button and its QR code on the referral page', async ({ page }) => {
  await openPage(page, '/referral/programs');
  await openSignInFromMenu(page);
  await signIn(page, 'demo@example.com', 'Demo1!pass');
  const mine = page.getByTestId('my-short-link');
  await expect(mine.getByRole('heading', { name: 'Your short link' })).toBeVisible();
  const url = (await mine.getByTestId('my-short-url').textContent())!;
  expect(url).toMatch(/\/r\/[a-z0-9]{7}$/);
  await expect(mine.getByRole('button', { name: `Copy ${url}` })).toBeVisible();
  await expect(mine.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();
  const r = await page.request.get(new URL(url).pathname, { maxRedirects: 0 });
  expect(r.status()).toBe(302);
  expect(r.headers().location).toContain('referral_code=');
});

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
async function expectNoAxeViolations(page: Page, where: string) {
  const scan = await axeOn(page).withTags(AXE_TAGS).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test("a campaign's page from the links list, a date range picked in its form, and the CSV of that range; axe on the link and campaign pages", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const signedIn = await context.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'marketer@example.com', password: 'Market1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  await openPage(page, '/admin/links');
  await page.getByRole('link', { name: 'Figures of the campaign launch' }).first().click();
  await page.waitForURL('**/admin/campaigns/launch');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign figures' })).toBeVisible();
  await expect(page.getByTestId('total-clicks')).toBeVisible();
  await expectNoAxeViolations(page, '/admin/campaigns/launch');

  const from = day(-6);
  const to = day(-2);
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Show', exact: true }).press('Enter');
  const csv = page.getByRole('link', { name: 'Download CSV' });
  await expect(csv).toHaveAttribute('href', `/api/admin/campaigns/launch/stats?from=${from}&to=${to}&format=csv`);
  // The table behind the chart holds one row per day of the range.
  await expect(page.getByRole('table', { name: 'Clicks by day' }).locator('tbody tr')).toHaveCount(5);
  const download = await context.request.get(`/api/admin/campaigns/launch/stats?from=${from}&to=${to}&format=csv`);
  expect(download.status()).toBe(200);
  expect((await download.text()).trim().split('\r\n')).toHaveLength(6);

  await openPage(page, '/admin/links/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Link figures' })).toBeVisible();
  await expect(page.getByTestId('link-chart')).toBeVisible();
  await expectNoAxeViolations(page, '/admin/links/welcome');
  await context.close();
});

test('in French, the console says why a link is refused in French: a name already taken, a destination off the site', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'lan_code', value: 'fr-FR', url: baseURL! }]);
  const signedIn = await context.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'marketer@example.com', password: 'Market1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  await openPage(page, '/admin/links');
  const create = page.getByRole('button', { name: 'Créer le lien court' });
  // "welcome" is a seeded link of this org: the API refuses it (409) and names the label of its message.
  await page.getByLabel('Destination').fill('/');
  await page.getByLabel(/^Nom du lien court/).fill('welcome');
  await create.click();
  await expect(page.getByText('Ce nom de lien court est déjà pris. Veuillez en choisir un autre.')).toBeVisible();
  await expect(page.getByText('That short link name is already taken', { exact: false })).toHaveCount(0);
  // A destination on another site: the API's 400 names the field, and the field says why in French.
  await page.getByLabel(/^Nom du lien court/).fill(`e2e-${crypto.randomUUID().slice(0, 8)}`);
  await page.getByLabel('Destination').fill('https://elsewhere.example/');
  await create.click();
  const destination = page.getByLabel('Destination');
  await expect(destination).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/La destination doit être une page de ce site/).first()).toBeVisible();
  await expect(page.getByText(/The destination must be/)).toHaveCount(0);
  await context.close();
});

test("a marketer picks a page of the site, downloads the QR code as PNG at a chosen size, changes the link's destination and archives it", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const signedIn = await context.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'marketer@example.com', password: 'Market1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  await openPage(page, '/admin/links');
  // The form's pages are the site's: /stays is offered, the old example /hotel is refused as a page the site lacks.
  await expect(page.locator('#link-site-pages option[value="/stays"]')).toHaveCount(1);
  const slug = `e2e-edit-${crypto.randomUUID().slice(0, 6)}`;
  await page.getByLabel('Destination').fill('/hotel');
  await page.getByLabel(/^Short link name/).fill(slug);
  await page.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByText('This page does not exist on your site').first()).toBeVisible();
  await page.getByLabel('Destination').fill('/stays');
  await page.getByRole('button', { name: 'Create short link' }).click();
  const row = page.locator(`[data-slug="${slug}"]`);
  await expect(row).toBeVisible();

  await page.getByTestId('qr-size').selectOption('2048');
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `Download the QR code of ${slug} as PNG, 2,048 px` }).click()]);
  expect(file.suggestedFilename()).toBe(`qr-${slug}-2048.png`);

  await row.getByRole('button', { name: `Edit ${slug}` }).click();
  const editor = page.getByTestId('link-editor');
  await editor.getByLabel('Destination').fill('/activities');
  await editor.getByLabel(/^UTM medium/).fill('poster');
  await keepScreen(page, 'admin-links-edit-en-1280');
  await expectNoAxeViolations(page, '/admin/links (editing)');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${slug} saved`)).toBeVisible();
  await expect(row).toContainText('/activities');
  const r = await context.request.get(`/r/${slug}`, { maxRedirects: 0 });
  expect(r.headers().location).toBe('/activities?utm_medium=poster');

  await row.getByRole('button', { name: `Archive ${slug}` }).click();
  await expect(page.getByText(`${slug} archived`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel(/^Show the archived link/).check();
  await expect(row).toContainText('archived');
  await context.close();
});

test('the links pages in English and French, on a computer and a phone: no sideways scroll, axe clean', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const signedIn = await context.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: 'marketer@example.com', password: 'Market1!pass' }, navAgent: 'e2e' } });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  for (const lang of SCREENS_DIR ? ['en-US', 'fr-FR'] : ['fr-FR']) {
    for (const [width, height] of [[1280, 800], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      for (const [path, name] of [['/admin/links', 'links'], ['/admin/links/welcome', 'link-figures']] as const) {
        await openPage(page, `${path}?lang=${lang}`);
        await expect(page.locator('.console-main [role="status"].console-loading')).toHaveCount(0, { timeout: 15_000 });
        await expect(page.getByTestId(name === 'links' ? 'links-table' : 'link-funnel')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} ${lang} ${width}`).toBeLessThanOrEqual(0);
        if (width === 390) await expectNoAxeViolations(page, `${path} ${lang} ${width}`);
        await keepScreen(page, `admin-${name}-${lang.slice(0, 2)}-${width}`, { fullPage: true });
      }
    }
  }
  await context.close();
});

test('an unknown short link is the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/r/no-such-link-e2e');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page, '/r/no-such-link-e2e');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await page.waitForURL((u) => u.pathname === '/');
});
