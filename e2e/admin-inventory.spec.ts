// An org admin stocks the shelves as a person would: creates a hotel, adds a room type and a rate plan in their
// dialogs, selects two weeks of nights in the calendar from the keyboard, prices the Fridays and Saturdays in one
// change and sees them in the grid; the hotel then appears in the public search for those dates. axe on every new page
// and dialog; the calendar fits a phone (the grid scrolls in its own box); screenshots in English and French.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dialog, openPage, signIn } from './auth-helpers';
import { expectNoSeriousAxeViolation, PORT } from './admin-helpers';
import { keepScreen } from './screens';

const SITE = `http://localhost:${PORT}`;
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

async function noSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** Both sizes of a page for people to look at (only when SCREENS_DIR is set), `part` of it in view; never sideways. */
async function screens(page: Page, name: string, part?: Locator) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await noSidewaysScroll(page);
    await part?.scrollIntoViewIfNeeded();
    await keepScreen(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an admin creates a hotel, its room type and rate plan, prices weekend nights in the calendar, and the hotel is found for them', async ({ page }) => {
  // Eleven pages and dialogs through axe, and the French pages: minutes on a loaded machine.
  test.setTimeout(360_000);
  const city = `Calendria${tag()}`;
  const name = `Hôtel du Calendrier ${tag()}`;
  await page.setViewportSize({ width: 1280, height: 800 });

  await openPage(page, `${SITE}/admin/products?lang=en-US`);
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await signIn(page, 'admin@example.com', 'Admin1!pass');
  await expect(dialog(page, 'Sign in')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'admin-products-en');

  // The product: its details, then created (a hotel is sold night by night, so it is not for sale yet).
  await page.getByTestId('add-product').click();
  await expect(page).toHaveURL(/\/admin\/products\/edit$/);
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  const form = page.getByTestId('product-form');
  await form.getByLabel('Type').selectOption('HLT');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('City').fill(city);
  await form.getByLabel('Country code').fill('fr');
  await form.getByLabel('Address').fill('3 quai des Essais');
  await form.getByLabel('Latitude').fill('45.76');
  await form.getByLabel('Longitude').fill('4.83');
  await form.getByLabel('Time zone').fill('Europe/Paris');
  await form.getByLabel('Description in English').fill('A hotel by the river, made for the test.');
  await form.getByLabel('Description in French').fill('Un hôtel au bord de l’eau, fait pour le test.');
  await form.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByTestId('product-created')).toHaveText('Product created. Add its room types and rate plans below.');
  await expect(page).toHaveURL(/\/admin\/products\/edit\?id=\d+$/);
  const productId = new URL(page.url()).searchParams.get('id');
  await expect(page.getByTestId('product-title')).toHaveText(name);
  await expect(page.getByTestId('not-bookable')).toBeVisible();

  // A room type, in its dialog (a wrong number is named beside its field).
  await page.getByRole('button', { name: 'Add a room type' }).click();
  const roomDialog = dialog(page, 'Add a room type');
  await expect(roomDialog).toBeVisible();
  await expect(roomDialog.getByLabel('Code')).toBeFocused();
  await expectNoSeriousAxeViolation(page);
  await roomDialog.getByLabel('Code').fill('DBL');
  await roomDialog.getByLabel('Name in English').fill('Double room');
  await roomDialog.getByLabel('Name in French').fill('Chambre double');
  await roomDialog.getByLabel('Adults at most').fill('2');
  await roomDialog.getByLabel('Guests at most').fill('5');
  await roomDialog.getByLabel('Rooms of this type').fill('4');
  await roomDialog.getByRole('button', { name: 'Add a room type' }).click();
  await expect(roomDialog.getByTestId('error-room-max_occupancy')).toHaveText('The most guests is at least the adults and at most the adults and children together');
  await roomDialog.getByLabel('Guests at most').fill('2');
  await roomDialog.getByRole('button', { name: 'Add a room type' }).click();
  await expect(roomDialog).toBeHidden();
  await expect(page.getByTestId('inventory-status')).toHaveText('Room type saved.');
  await expect(page.getByTestId('room-row')).toHaveCount(1);
  await expect(page.getByTestId('room-row')).toContainText('Double room');

  // A rate plan selling it (the room type is chosen already), breakfast included.
  await page.getByRole('button', { name: 'Add a rate plan' }).click();
  const planDialog = dialog(page, 'Add a rate plan');
  await expect(planDialog).toBeVisible();
  await planDialog.getByLabel('Code').fill('BAR');
  await planDialog.getByLabel('Name in English').fill('Best rate');
  await planDialog.getByLabel('Meals included').selectOption('BB');
  await expect(planDialog.getByLabel('Double room')).toBeChecked();
  await expectNoSeriousAxeViolation(page);
  await planDialog.getByRole('button', { name: 'Add a rate plan' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByTestId('plan-row')).toContainText('Breakfast');
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'admin-product-edit-en', page.getByTestId('room-types'));

  // The calendar: two weeks ahead, the first and last nights chosen from the keyboard, Fridays and Saturdays priced.
  await page.getByTestId('calendar-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/calendar\\?id=${productId}$`));
  await expect(page.getByTestId('ari-grid')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('button', { name: 'Next weeks' }).click();
  const first = day(14);
  const last = day(27);
  const planRow = page.locator('[data-testid^="ari-plan-"]');
  await expect(planRow.locator(`button[data-night="${first}"]`)).toBeVisible();
  await expect(planRow.locator(`button[data-night="${first}"]`)).toContainText('not for sale');
  await planRow.locator(`button[data-night="${first}"]`).focus();
  await page.keyboard.press('Enter');
  await planRow.locator(`button[data-night="${last}"]`).focus();
  await page.keyboard.press('Enter');
  const nightsForm = page.getByTestId('ari-form');
  await expect(nightsForm.getByLabel('First night')).toHaveValue(first);
  await expect(nightsForm.getByLabel('Last night')).toHaveValue(last);
  await expect(nightsForm.getByLabel('Rate plan')).toHaveValue(/\d+/);
  for (const weekday of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Sunday']) await nightsForm.getByLabel(weekday, { exact: true }).uncheck();
  await nightsForm.getByLabel('Price per night (USD)').fill('180');
  await nightsForm.getByLabel('Shortest stay (nights)').fill('2');
  await nightsForm.getByRole('button', { name: 'Apply to 4 nights' }).click();
  await expect(page.getByTestId('ari-status')).toHaveText('4 nights changed.');

  // The grid shows them: the four weekend nights priced, the others not for sale, the rooms left on every night.
  const priced = planRow.locator('button[data-price="18000"]');
  await expect(priced).toHaveCount(4);
  const pricedNights = await priced.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-night')!));
  expect(pricedNights.map(isoWeekday).sort()).toEqual([5, 5, 6, 6]);
  await expect(priced.first()).toContainText('$180');
  await expect(priced.first()).toContainText('min 2');
  await expect(page.locator('[data-testid^="ari-room-"] .ari-rooms').first()).toHaveText('4/4');
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'admin-calendar-en', page.getByTestId('ari-grid'));

  // The same pages in French: labels, dates and prices in French, nothing sideways on a phone.
  await page.goto(`${SITE}/admin/products/calendar?id=${productId}&lang=fr-FR`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs et disponibilités' })).toBeVisible();
  await expect(page.getByTestId('ari-grid')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'admin-calendar-fr', page.getByTestId('ari-grid'));
  await page.goto(`${SITE}/admin/products/edit?id=${productId}&lang=fr-FR`);
  await expect(page.getByRole('button', { name: 'Ajouter un type de chambre' })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await screens(page, 'admin-product-edit-fr', page.getByTestId('room-types'));
  await page.goto(`${SITE}/admin/products?lang=fr-FR`);
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await screens(page, 'admin-products-fr');

  // A traveller searching that city for a Friday-to-Sunday stay finds the hotel.
  const friday = pricedNights.filter((d) => isoWeekday(d) === 5).sort()[0]!;
  const sunday = new Date(Date.parse(`${friday}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${SITE}/search-detail?type=HLT&city=${city}&check_in=${friday}&check_out=${sunday}&guests=2&lang=en-US`);
  await expect(page.getByTestId('result').filter({ hasText: name })).toBeVisible({ timeout: 20_000 });
});
