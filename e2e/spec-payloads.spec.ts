// What the existing client relies on, as a person meets it (docs/decisions/0014): a package landing's flag reaches the
// booking and its history, the readable cookies every page writes, and an SSO sign-in following the promotion rule.
import { expect as baseExpect, test } from '@playwright/test';
import { axeOn } from './axe';
import { collectErrors, fillTraveler, issueCard, payIfAsked, signInDemo } from './booking-helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('a package landing’s flag is carried into the booking and shown on it in the confirmation and the booking history', async ({ page }) => {
  const errors = collectErrors(page);
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 15 });

  // The landing: the home page reached with is_package=1 (a partner's package link).
  await page.goto('/?is_package=1');
  const box = page.getByTestId('search-box');
  await box.getByRole('combobox', { name: 'Destination' }).fill('Lis');
  await box.getByRole('option', { name: /Lisbon/ }).click();
  await box.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search-detail\?.*city=Lisbon/);
  await page.getByTestId('result').first().getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(/\/hotel-details\?id=\d+/);
  await page.getByTestId('book-now').click();
  await expect(page).toHaveURL(/\/hotel-checkout\?id=\d+/);

  const wallet = page.getByTestId('wallet');
  await expect(wallet).toHaveAttribute('data-loaded', 'true');
  await wallet.getByRole('radio', { name: new RegExp(card.card_code) }).check();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  await fillTraveler(page);
  await page.getByTestId('book').click();
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success\?booking=/);
  const bookingId = (await page.getByTestId('booking-id').textContent())!;
  await expect(page.getByTestId('confirmation').getByTestId('package-badge')).toHaveText('Package');
  // The flag was used by this booking: the tab's next one is not a package unless a landing says so again.
  expect(await page.evaluate(() => sessionStorage.getItem('tc-is-package'))).toBeNull();

  await page.getByRole('link', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/user\/booking-history/);
  const row = page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
  await expect(row.getByTestId('package-badge')).toHaveText('Package');
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="bookings"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  for (const [lang, text] of [['es-ES', 'Paquete'], ['fr-FR', 'Forfait']]) {
    await page.goto(`/user/booking-history?lang=${lang}`);
    await expect(page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`).getByTestId('package-badge')).toHaveText(text);
  }
  await page.goto('/user/my-trips?lang=en-US');
  await expect(page.getByTestId('trip').filter({ hasText: bookingId }).getByTestId('package-badge')).toHaveText('Package');
  expect(errors).toEqual([]);
});

test('every page leaves the org and country cookies the existing client reads; searches and green deals add theirs', async ({ page, context, request }) => {
  const cookies = async () => Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  const geo = (await (await request.post('/api/general/getGeolocationByIp', { data: {} })).json()).data as { countryCode: string };

  await page.goto('/promotions');
  let jar = await cookies();
  expect(Object.fromEntries(['orgid', 'wlOrg', 'orgName', 'logo', 'orgCountryCode', 'userCountryCode'].map((n) => [n, jar[n] && decodeURIComponent(jar[n].value)]))).toEqual({
    orgid: '1',
    wlOrg: '1',
    orgName: 'Travel Club',
    logo: '/images/logo-travel-club.svg',
    orgCountryCode: 'US',
    userCountryCode: geo.countryCode,
  });
  for (const name of ['orgid', 'orgName', 'userCountryCode']) {
    expect(jar[name]).toMatchObject({ httpOnly: false, sameSite: 'Lax', path: '/' });
    // Readable by the page's own scripts, as the existing client reads them.
    expect(await page.evaluate((n) => document.cookie.split('; ').some((c) => c.startsWith(`${n}=`)), name)).toBe(true);
  }
  expect(jar.session_key).toBeUndefined();
  expect(jar['true-client-ip']).toBeUndefined();

  // Green deals: the product menu's entry goes to the hotel page and marks it; the hotel entry unmarks it.
  await page.getByRole('navigation', { name: 'Travel products' }).getByRole('link', { name: 'Green deals' }).click();
  await expect(page).toHaveURL(/\/\?htlgd=1$/);
  expect((await cookies()).htlgd?.value).toBe('1');
  await page.getByRole('navigation', { name: 'Travel products' }).getByRole('link', { name: 'Hotels', exact: true }).click();
  await expect.poll(async () => (await cookies()).htlgd).toBeUndefined();

  // A search by coordinates keeps them for the client.
  await page.goto('/search-detail?type=HLT&latitude=40.7128&longitude=-74.006');
  await expect(page.getByTestId('result').first()).toBeVisible();
  jar = await cookies();
  expect([jar.searchLatitude?.value, jar.searchLongitude?.value]).toEqual(['40.7128', '-74.006']);
});

test('an SSO sign-in of a member flagged for a promotion lands on /promotions, as the sign-in dialog does', async ({ page }) => {
  const r = await page.request.post('/api/dev/sso-key', { data: { email: 'promo@example.com', first_name: 'Paula', last_name: 'Promo' } });
  const { url } = (await r.json()).data as { url: string };
  await page.goto(url);
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByTestId('promotions').getByRole('heading', { name: 'Spring escape' })).toBeVisible();
  await expect(page.getByTestId('account-menu-button')).toContainText('Paula');
});
