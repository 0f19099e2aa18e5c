// French pages as a French visitor reads them: an activity is an activity (its heading and its clock), and the checkout
// starts from the member's own title, with the phone marked required before any submit.
import { expect, test } from '@playwright/test';
import { createVerifiedAccount } from './auth-helpers';
import { day, productOf, signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

test.describe.configure({ timeout: 60_000 });

test('an activity’s page says “Détails de l’activité” and gives its deadline in local time, not the hotel’s', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const activity = await productOf(page.request, 'ACT', 'Paris');
  await page.goto(`/hotel-details?id=${activity.product_id}&check_in=${day(20)}&guests=2&lang=fr-FR`);
  await expect(page.getByTestId('product-details')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Détails de l’activité');
  const policy = page.getByTestId('cancellation-policy');
  await expect(policy).toContainText('heure locale');
  await expect(page.getByTestId('product-details')).not.toContainText('hôtel');
  await keepScreen(page, 'activity-details-desktop-fr');
});

test('the checkout preselects the title the member signed up with (Mme) and marks the phone required up front', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createVerifiedAccount(page.request, { title: 'Mrs', first: 'Claire', last: 'Martin' });
  await signInDemo(page, member.email, member.password);
  const hotel = await productOf(page.request, 'HLT', 'Paris');
  await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(22)}&guests=1&lang=fr-FR`);
  const form = page.getByTestId('checkout');
  await expect(form.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Martin');
  await expect(form.getByLabel('Civilité')).toHaveValue('Mrs');
  await expect(form.getByLabel('Civilité').locator('option:checked')).toHaveText('Mme');
  for (const field of ['Prénom', 'Nom', 'E-mail', 'Téléphone']) await expect(form.getByRole('textbox', { name: field, exact: true })).toHaveAttribute('required', '');
  await expect(form.getByTestId('required-note')).toHaveText('* Obligatoire');
  await keepScreen(form, 'checkout-traveller-phone-fr');
});
