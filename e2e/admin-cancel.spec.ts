// The console's bookings as an org's admin meets them (decision 0066): the whole price and what the card paid, in the
// page's language ("642,60 $US" on a French page), and "Cancel and refund" asking first in an in-page dialog with the
// server's quote; confirmed, the row says Cancelled and the refund is told. English and French, 1280 and 390 px, axe
// on the list and on the dialog.
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { day, productOf } from './booking-helpers';
import { openPage } from './auth-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const signInBody = (email: string, password: string) => ({ jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'e2e' });

/** The demo traveller's confirmed, card-paid stay (booking it has its own specs), made through the API. */
async function confirmedBooking(page: Page): Promise<string> {
  expect((await page.request.post('/api/signIn', { data: signInBody('demo@example.com', 'Demo1!pass') })).status()).toBe(200);
  const hotel = await productOf(page.request, 'HLT', 'Lisbon');
  const traveler = { title: 'Mrs', first_name: 'Inês', last_name: 'Costa', email: 'ines@example.com', phone: '+351 912 345 678' };
  const booked = await page.request.post('/api/booking/checkout', {
    data: { product_id: hotel.product_id, check_in: day(70), check_out: day(72), guests: 2, currency: 'USD', traveler, idempotency_key: crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const { booking_id: ref, payment_url } = (await booked.json()).data as { booking_id: string; payment_url: string };
  expect((await page.request.post(`/_sim/stripe/checkout/${payment_url.split('/').pop()}/pay`, { data: { card: '4242424242424242' } })).status()).toBe(200);
  await expect.poll(async () => (await (await page.request.get(`/api/bookings/${ref}`)).json()).data.status).toBe('CONFIRMED');
  await page.context().clearCookies();
  return ref;
}

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

test('an org admin cancels and refunds a booking from the console, the quote shown first (en, fr)', async ({ page }) => {
  await page.setViewportSize(SIZES.desktop);
  const kept = await confirmedBooking(page);
  const cancelled = await confirmedBooking(page);
  expect((await page.request.post('/api/signIn', { data: signInBody('admin@example.com', 'Admin1!pass') })).status()).toBe(200);

  // English: the row's whole price and card part as money; the dialog with the quote; kept.
  await openPage(page, '/admin/bookings?lang=en-US');
  const row = page.locator(`[data-testid="booking-row"][data-ref="${kept}"]`);
  await expect(row.getByTestId('booking-total')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(row).toContainText('demo@example.com');
  await atBothSizes(page, 'admin-bookings-en', row);
  await expectClean(page, 'admin bookings en');
  await row.getByRole('button', { name: `Cancel and refund ${kept}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel and refund booking ${kept}?` });
  await expect(dialog.getByTestId('admin-cancel-quote')).toBeVisible();
  await expect(dialog.getByTestId('quote-refund-card')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(dialog.getByTestId('quote-fee')).toHaveText('$0.00');
  await atBothSizes(page, 'admin-cancel-dialog-en');
  await expectClean(page, 'admin cancel dialog en');
  await dialog.getByRole('button', { name: 'Keep the booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('booking-status')).toHaveText('Confirmed');

  // French: amounts as a French reader writes them; cancel with the fee waived; the row says Annulée.
  await openPage(page, '/admin/bookings?lang=fr-FR');
  const other = page.locator(`[data-testid="booking-row"][data-ref="${cancelled}"]`);
  await expect(other.getByTestId('booking-total')).toHaveText(/^[\d\u202f\u00a0]+,\d{2}\s\$US$/);
  await atBothSizes(page, 'admin-bookings-fr', other);
  await other.getByRole('button', { name: `Annuler et rembourser ${cancelled}` }).click();
  const dialogFr = page.getByRole('dialog', { name: `Annuler et rembourser la réservation ${cancelled}\u202f?` });
  await expect(dialogFr.getByTestId('quote-refund-card')).toHaveText(/,\d{2}\s\$US$/);
  await dialogFr.getByLabel('Annuler les frais d’annulation\u202f: tout rembourser').check();
  await expect(dialogFr.getByTestId('quote-fee')).toHaveText(/^0,00\s\$US$/);
  await atBothSizes(page, 'admin-cancel-dialog-fr');
  await expectClean(page, 'admin cancel dialog fr');
  const refund = (await dialogFr.getByTestId('quote-refund-card').textContent())!;
  await dialogFr.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expect(dialogFr).toBeHidden();
  await expect(other.getByTestId('booking-status')).toHaveText('Annulée');
  await expect(other.getByTestId('booking-refunded')).toHaveText(refund);
  await expect(page.getByTestId('bookings-message')).toHaveText(`La réservation ${cancelled} est annulée\u202f; ${refund} remboursés sur la carte.`);
  await expect(other.getByRole('button', { name: /^Annuler et rembourser/ })).toHaveCount(0);
});
