// One date-range picker for every stay: check-in then check-out in one dialog, the nights counted, by mouse, by
// keyboard only (WAI-ARIA APG date picker dialog), on a phone, in en-US and fr-FR (French names; the week starts on the
// org's calendar day, its calendarType: Sunday for the default org, Monday for Acme, whatever the page's language);
// and the free-cancellation filter through to a result whose terms are on the hotel's clock.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { day } from './booking-helpers';
import { openPage } from './auth-helpers';
import { keepScreen } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
test.describe.configure({ timeout: 90_000 });

async function expectAxeClean(page: Page) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

/** Shows the month holding `d` with the next-month button, as a person would. */
async function showMonthOf(calendar: Locator, d: string) {
  const cell = calendar.locator(`[data-day="${d}"]`);
  for (let i = 0; i < 14 && !(await cell.isVisible()); i++) await calendar.getByRole('button', { name: /Next month|Mois suivant/ }).click();
  return cell;
}

test.describe('desktop, en-US', () => {
  test.use({ viewport: DESKTOP });

  test('by mouse: check-in then check-out in one dialog, the nights shown, past days refused, the search keeps the dates', async ({ page }) => {
    await openPage(page, '/');
    const picker = page.getByRole('search').getByTestId('dates');
    const button = picker.getByRole('button', { name: /^Check-in/ });
    await button.click();
    const calendar = page.getByRole('dialog', { name: 'Choose your dates' });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByTestId('weekday').first()).toHaveAttribute('title', 'Sunday');
    await expect(calendar.locator(`[data-day="${day(0)}"]`)).toHaveAttribute('aria-disabled', 'true');
    await expect(calendar.getByTestId('range-status')).toHaveText('Choose the check-in day');
    await expectAxeClean(page);
    await keepScreen(page, 'date-range-picker-desktop-en');

    await (await showMonthOf(calendar, day(30))).click();
    await expect(calendar.getByTestId('range-status')).toContainText('Choose the check-out day');
    await expect(calendar.locator(`[data-day="${day(29)}"]`)).toHaveAttribute('aria-disabled', 'true');
    await expect(calendar.getByTestId('phase-check-out')).toHaveAttribute('aria-pressed', 'true');
    await (await showMonthOf(calendar, day(33))).click();
    await expect(calendar).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(picker.getByTestId('nights')).toHaveText('3 nights');
    await expect(picker.getByTestId('check-in-value')).toHaveAttribute('data-day', day(30));
    await expect(picker.getByTestId('check-out-value')).toHaveAttribute('data-day', day(33));

    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`check_in=${day(30)}&check_out=${day(33)}`));
  });

  test('on a product page the picker changes the stay and the total counts the nights', async ({ page, request }) => {
    const hotel = (await (await request.get('/api/products/search?type=HLT&city=Lisbon&per_page=1')).json()).data[0] as { product_id: number };
    await openPage(page, `/hotel-details?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(21)}&guests=1`);
    await page.getByTestId('product-details').getByRole('button', { name: /^Check-in/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose your dates' });
    await calendar.getByTestId('phase-check-out').click();
    await calendar.locator(`[data-day="${day(24)}"]`).click();
    await expect(calendar).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`check_out=${day(24)}`));
    await expect(page.locator('.bk-book__total p')).toHaveText(/^Total for 4 nights\s/);
    await expect(page.getByTestId('cancellation-policy')).toContainText('18:00 (hotel time)');
  });
});

test.describe('keyboard only, fr-FR', () => {
  test.use({ viewport: DESKTOP });

  test('grid, arrows, Page Down, Home/End, Enter to choose, Escape closes and gives the focus back; French names, the org’s Sunday first', async ({ page }) => {
    await openPage(page, '/?lang=fr-FR');
    const button = page.getByRole('search').getByRole('button', { name: /^Arrivée/ });
    await button.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choisissez vos dates' });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByTestId('weekday').first()).toHaveAttribute('title', 'dimanche');
    await expect(calendar.getByTestId('range-status')).toHaveText('Choisissez le jour d’arrivée');
    const months = /janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre/;
    await expect(calendar.getByRole('heading', { level: 3 })).toHaveText(months);
    await expectAxeClean(page);

    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    const focused = calendar.locator('[data-day]:focus');
    await expect(focused).toHaveCount(1);
    const start = (await focused.getAttribute('data-day'))!;
    await page.keyboard.press('PageDown');
    await expect(focused).not.toHaveAttribute('data-day', start);
    await page.keyboard.press('Home');
    await expect(focused).toHaveAttribute('aria-label', /^dimanche/);
    await page.keyboard.press('End');
    await expect(focused).toHaveAttribute('aria-label', /^samedi/);
    await page.keyboard.press('ArrowDown');
    const checkIn = (await focused.getAttribute('data-day'))!;
    await page.keyboard.press('Enter');
    await expect(calendar.getByTestId('range-status')).toContainText('Choisissez le jour de départ');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(calendar.getByTestId('range-status')).toContainText('2 nuits');
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toContainText('2 nuits');
    await expect(page.getByRole('search').getByTestId('check-in-value')).toHaveAttribute('data-day', checkIn);
  });
});

test('Acme, whose calendar starts on Monday, shows Monday first on its English pages', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openPage(page, `http://acme.localhost:${Number(process.env.E2E_PORT ?? 8792)}/?lang=en-US`);
  await page.getByRole('search').getByRole('button', { name: /^Check-in/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose your dates' });
  await expect(calendar.getByTestId('weekday').first()).toHaveAttribute('title', 'Monday');
  await expect(calendar.getByTestId('weekday').last()).toHaveAttribute('title', 'Sunday');
});

for (const lang of ['en-US', 'fr-FR'] as const) {
  test(`on a phone the dialog is a full-screen sheet with large days and nothing sideways (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openPage(page, `/?lang=${lang}`);
    await page.getByRole('search').getByRole('button', { name: lang === 'fr-FR' ? /^Arrivée/ : /^Check-in/ }).click();
    const calendar = page.getByRole('dialog', { name: lang === 'fr-FR' ? 'Choisissez vos dates' : 'Choose your dates' });
    await expect(calendar).toBeVisible();
    const box = (await calendar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const target of await calendar.getByRole('button').all()) {
      const b = (await target.boundingBox())!;
      expect(Math.min(b.width, b.height), await target.getAttribute('aria-label') ?? '').toBeGreaterThanOrEqual(24);
    }
    await expectAxeClean(page);
    await keepScreen(page, `date-range-picker-phone-${lang.slice(0, 2)}`);
    // Its top (title, the ends, Close) is above the page's header, so a tap there reaches it.
    await calendar.getByTestId('phase-check-in').click();
    await expect(calendar.getByRole('heading', { level: 2 })).toBeInViewport();
    await calendar.locator(`[data-day="${day(2)}"]`).click();
    await calendar.locator(`[data-day="${day(4)}"]`).click();
    await expect(calendar).toHaveCount(0);
    await expect(page.getByRole('search').getByTestId('nights')).toHaveText(lang === 'fr-FR' ? '2 nuits' : '2 nights');
  });
}

test('the free-cancellation filter, with its count, through to a result whose terms are on the hotel clock', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openPage(page, `/search-detail?type=HLT&city=Paris&check_in=${day(20)}&check_out=${day(22)}&guests=2`);
  const results = page.getByTestId('result');
  await expect(results.first()).toBeVisible();
  const filter = page.getByRole('checkbox', { name: /^Free cancellation \((\d+)\)$/ });
  const promised = Number(/\((\d+)\)/.exec((await filter.evaluate((el) => el.closest('label')!.textContent!)) ?? '')![1]);
  await filter.check();
  await expect(page).toHaveURL(/free_cancellation=1/);
  await expect(results).toHaveCount(promised);
  await expect(results.first().getByTestId('result-free-cancellation')).toHaveText('Free cancellation');
  await expectAxeClean(page);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Free cancellation/ })).toBeChecked();
  await results.first().getByRole('link', { name: /^View/ }).click();
  await expect(page.getByTestId('cancellation-policy')).toContainText(/Free cancellation until .+, 18:00 \(hotel time\)/);
});

test('resorts never cancel free: the filter empties the list and the empty result offers any terms', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openPage(page, `/resorts/search-details?type=RST&check_in=${day(20)}&check_out=${day(22)}&guests=2&free_cancellation=1`);
  const relax = page.getByTestId('relax').getByRole('button', { name: /^Any cancellation terms \((\d+) results?\)$/ });
  await expect(relax).toBeVisible();
  await relax.click();
  await expect(page).not.toHaveURL(/free_cancellation/);
  await expect(page.getByTestId('result').first()).toBeVisible();
});
