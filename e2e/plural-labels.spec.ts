// Counted labels take the language's plural form: a one-night stay reads "1 night", not "1 nights" (src/shared/i18n/translate.ts).
import { expect as baseExpect, test } from '@playwright/test';
import { day, productOf, signInDemo } from './booking-helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

test('the stay total on a hotel page says "1 night" for one night and "2 nights" once the check-out moves a day', async ({ page }) => {
  await signInDemo(page);
  const hotel = await productOf(page.request, 'HLT', 'Lisbon');
  await page.goto(`/hotel-details?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(21)}&guests=1`);
  const total = page.locator('.bk-book__total p');
  await expect(total).toHaveText(/^Total for 1 night\s/);

  await page.getByTestId('dates-button').click();
  const calendar = page.getByRole('dialog', { name: 'Choose your dates' });
  await calendar.getByTestId('phase-check-out').click();
  await calendar.locator(`[data-day="${day(22)}"]`).click();
  await expect(total).toHaveText(/^Total for 2 nights\s/);
});

test('in French and Spanish the one-night total is singular too', async ({ page }) => {
  await signInDemo(page);
  const hotel = await productOf(page.request, 'HLT', 'Lisbon');
  const stay = (lang: string, nights: number) => `/hotel-details?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(20 + nights)}&guests=1&lang=${lang}`;
  const total = page.locator('.bk-book__total p');
  await page.goto(stay('fr-FR', 1));
  await expect(total).toHaveText(/^Total pour 1 nuit\s/);
  await page.goto(stay('fr-FR', 2));
  await expect(total).toHaveText(/^Total pour 2 nuits\s/);
  await page.goto(stay('es-ES', 1));
  await expect(total).toHaveText(/^Total por 1 noche\s/);
});
