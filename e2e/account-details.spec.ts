// The account menu and /user-details: the four account entries open their section of one page (heading focused and
// in view), the /user/* pages still answer, and Language and Currencies are offered to signed-out visitors too.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { openPage } from './auth-helpers';
import { signInDemo } from './booking-helpers';

const expect = baseExpect.configure({ timeout: 15_000 });

const SECTIONS = [
  { entry: 'Booking history', id: 'booking-history', content: 'bookings' },
  { entry: 'My account', id: 'my-account', content: 'profile-form' },
  { entry: 'Travel profile', id: 'travel-profile', content: 'travel-profile-form' },
  { entry: 'My trips', id: 'my-trips', content: 'trips' },
] as const;

const sectionHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function chooseFromMenu(page: Page, entry: string) {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: entry, exact: true }).click();
}

async function expectSectionShown(page: Page, s: (typeof SECTIONS)[number]) {
  await expect(page).toHaveURL(new RegExp(`/user-details#${s.id}$`));
  await expect(page.getByTestId(`section-${s.id}`).getByTestId(s.content)).toBeVisible();
  const heading = sectionHeading(page, s.entry);
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // Not hidden under the sticky header either.
  const [top, headerBottom] = await Promise.all([
    heading.evaluate((el) => el.getBoundingClientRect().top),
    page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom),
  ]);
  expect(top, `${s.entry} below the header`).toBeGreaterThanOrEqual(headerBottom - 1);
}

test('each account entry of the menu opens its own section of /user-details, heading focused and in view', async ({ page }) => {
  test.slow();
  await signInDemo(page);
  // From another page: a new document, whose sections appear only once the island has rendered.
  for (const s of SECTIONS) {
    await openPage(page, '/');
    await chooseFromMenu(page, s.entry);
    await expectSectionShown(page, s);
  }
  // On /user-details itself: the address's fragment changes without a new document.
  for (const s of SECTIONS) {
    await chooseFromMenu(page, s.entry);
    await expectSectionShown(page, s);
  }
  // The entry of the section already in the address, after scrolling away from it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { level: 1 }).click();
  await chooseFromMenu(page, 'My trips');
  await expectSectionShown(page, SECTIONS[3]);
});

test('/user-details holds the four sections with the page’s own links to them; the /user/* pages still answer', async ({ page }) => {
  test.slow();
  await signInDemo(page);
  await openPage(page, '/user-details');
  const overview = page.getByTestId('account-overview');
  for (const s of SECTIONS) {
    await expect(overview.getByRole('navigation').getByRole('link', { name: new RegExp(`^${s.entry}`) })).toHaveAttribute('href', `#${s.id}`);
    await expect(page.getByTestId(`section-${s.id}`).getByTestId(s.content)).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: /^My trips/ }).click();
  await expect(sectionHeading(page, 'My trips')).toBeFocused();
  await expect(sectionHeading(page, 'My trips')).toBeInViewport();

  const results = await axeOn(page).include('#page-content').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);

  for (const [path, testId] of [['/user/booking-history', 'bookings'], ['/user/my-trips', 'trips'], ['/user/profile', 'profile-form']] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId(testId), path).toBeVisible();
  }
});

test('/user-details asks for one list of reservations however many sections show it', async ({ page }) => {
  await signInDemo(page);
  let calls = 0;
  page.on('request', (r) => void (new URL(r.url()).pathname === '/api/reservations' && calls++));
  await openPage(page, '/user-details#my-trips');
  await expect(page.getByTestId('trips')).toBeVisible();
  await expect(page.getByTestId('bookings')).toBeVisible();
  expect(calls).toBe(1);
});

test('signed out, the account menu offers Language and Currencies beside Sign in, and they work', async ({ page, context, baseURL }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: /^Account: Sign in/ }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Sign in', 'Language', 'Currencies', 'Help']);
  await menu.getByRole('menuitem', { name: 'Currencies' }).click();
  const locale = page.getByRole('dialog', { name: 'Language and currency' });
  await expect(locale.getByRole('button', { name: /USD/ })).toBeFocused();
  await locale.getByRole('button', { name: /^EUR/ }).click();
  await expect.poll(async () => (await context.cookies(baseURL)).find((c) => c.name === 'currency_code')?.value).toBe('EUR');

  await openPage(page, '/');
  await page.getByRole('button', { name: /^Account: Sign in/ }).click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Language' }).click();
  await expect(page.getByRole('dialog', { name: 'Language and currency' }).getByRole('button', { name: /English/ })).toBeFocused();
});
