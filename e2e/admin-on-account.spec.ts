// The console's leftovers of issue 33 (decision 0072), as an org's admin meets them: an agent's booking on account
// cancelled from the bookings list, the dialog's quote naming the credit given back to the agent (French), and a hotel's
// check-in and check-out times changed on the product form (English). 1280 and 390 px, axe on the dialog and the form.
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { day } from './booking-helpers';
import { openPage, uniqueEmail } from './auth-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const signInBody = (email: string, password: string) => ({ jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'e2e' });

async function signInAs(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  expect((await page.request.post('/api/signIn', { data: signInBody(email, password) })).status()).toBe(200);
}

/** The seeded agent's booking on account for a new client, through the API (booking it has its own specs). */
async function onAccountBooking(page: Page): Promise<string> {
  await signInAs(page, 'agent@example.com', 'Agent1!pass');
  const client = await page.request.post('/api/agent/clients', {
    data: { title: 'Mrs', first_name: 'Lise', last_name: 'Meitner', email: uniqueEmail('account'), nationality: 1, country_code: 'FR', phone_country_code: '+33', mobile_no: '612345678', notes: '' },
  });
  expect(client.status()).toBe(201);
  const search = await (await page.request.get('/api/products/search?type=HLT&currency=USD&per_page=5')).json();
  const quote = await page.request.post('/api/agent/quotes', {
    data: { client_id: (await client.json()).data.client_id, product_id: search.data[0].product_id, check_in: day(80), check_out: day(81), guests: 1, currency: 'USD' },
  });
  expect(quote.status()).toBe(201);
  const booked = await page.request.post(`/api/agent/quotes/${(await quote.json()).data.quote_id}/book`, { data: {} });
  expect(booked.status(), await booked.text()).toBe(200);
  return (await booked.json()).data.booking_id as string;
}

async function atBothSizes(page: Page, name: string, shown?: Locator) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await shown?.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${viewport.width} px`).toBe(true);
    await keepScreen(page, `${name}-${size}`);
  }
  await page.setViewportSize(SIZES.desktop);
}

test('an admin cancels an agent’s booking on account (the credit given back) and sets a hotel’s check-in and check-out times', async ({ page }) => {
  await page.setViewportSize(SIZES.desktop);
  const ref = await onAccountBooking(page);
  await signInAs(page, 'admin@example.com', 'Admin1!pass');

  await openPage(page, '/admin/bookings?lang=fr-FR');
  const row = page.locator(`[data-testid="booking-row"][data-ref="${ref}"]`);
  await row.getByRole('button', { name: `Annuler et rembourser ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Annuler et rembourser la réservation ${ref}\u202f?` });
  await expect(dialog.getByTestId('quote-credit-back')).toHaveText(/^[\d\u202f\u00a0]+,\d{2}\s\$US$/);
  await expect(dialog).toContainText('Rendu au crédit de l’agent');
  await expect(dialog.getByTestId('quote-refund-card')).toHaveCount(0);
  await expect(dialog).not.toContainText(/credit|Refunded|Kept/);
  await expectClean(page, 'admin cancel on account fr');
  await atBothSizes(page, 'admin-cancel-on-account-fr');
  await dialog.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('booking-status')).toHaveText('Annulée');
  await expect(page.getByText(`La réservation ${ref} est annulée\u202f; le crédit de l’agent est rendu.`)).toBeVisible();

  // A new hotel: 15:00 and 11:00 until the admin sets its own times.
  const created = await page.request.post('/api/admin/products', {
    data: { type: 'HLT', name: `Hôtel des Horaires ${crypto.randomUUID().slice(0, 6)}`, city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.83, time_zone: 'Europe/Paris' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).data.product_id as number;
  await openPage(page, `/admin/products/edit?id=${productId}&lang=en-US`);
  const form = page.getByTestId('product-form');
  const checkIn = form.getByLabel('Check-in from');
  await expect(checkIn).toHaveValue('15:00');
  await expect(form.getByLabel('Check-out until')).toHaveValue('11:00');
  await checkIn.fill('25:00');
  await form.getByRole('button', { name: 'Save' }).first().click();
  await expect(form.getByText('Enter the check-in time as HH:MM, such as 15:00')).toBeVisible();
  await checkIn.fill('14:30');
  await form.getByLabel('Check-out until').fill('10:00');
  await expectClean(page, 'admin product form en');
  await atBothSizes(page, 'admin-product-times-en', checkIn);
  await form.getByRole('button', { name: 'Save' }).first().click();
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/products/${productId}`)).json()).data)
    .toMatchObject({ check_in_time: '14:30', check_out_time: '10:00' });
  await openPage(page, `/admin/products/edit?id=${productId}&lang=fr-FR`);
  await expect(form.getByLabel('Arrivée à partir de')).toHaveValue('14:30');
  await atBothSizes(page, 'admin-product-times-fr', form.getByLabel('Arrivée à partir de'));
});
