// The certificate modal's way forward (docs/contract.md#after-booking): a new member who owns no certificate is offered
// the org's default one with "Use this certificate", which issues it to them for this booking and applies it; booking
// with it goes on, and the step stays blocked until a certificate is chosen. Screenshots in English and French, axe on
// the dialog.
import { expect as baseExpect, test } from '@playwright/test';
import { expectClean } from './axe';
import { createVerifiedAccount } from './auth-helpers';
import { day, fillTraveler, payIfAsked, productOf, signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

test('“Use this certificate” issues the org’s certificate to a new member, applies it, and the booking goes on with it', async ({ page }) => {
  const member = await createVerifiedAccount(page.request, { first: 'Nova' });
  await signInDemo(page, member.email, member.password);
  const resort = await productOf(page.request, 'RST', 'Cancún');

  // In French first: the modal offers the org's certificate in the member's language.
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.goto(`/hotel-checkout?id=${resort.product_id}&check_in=${day(50)}&check_out=${day(52)}&guests=2&lang=fr-FR`);
    await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
    const form = page.getByTestId('checkout');
    for (const [field, value] of [['given-name', 'Nova'], ['family-name', 'Test'], ['email', member.email], ['tel', '+33 6 12 34 56 78']]) {
      await form.locator(`input[autocomplete="${field}"]`).fill(value);
    }
    await page.getByTestId('book').click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('button', { name: 'Utiliser ce certificat' })).toBeVisible();
    await keepScreen(page, `certificate-default-fr-${size.width}`);
    await page.keyboard.press('Escape');
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/hotel-checkout?id=${resort.product_id}&check_in=${day(50)}&check_out=${day(52)}&guests=2&lang=en-US`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  await fillTraveler(page);
  await page.getByTestId('book').click();
  const modal = page.getByRole('dialog', { name: 'Use a certificate for this booking' });
  await expect(modal.getByRole('button', { name: 'Book with this certificate' }), 'blocked until a certificate is chosen').toHaveCount(0);
  await expectClean(page, 'certificate modal, offer');
  await keepScreen(page, 'certificate-default-en-1280');
  await modal.getByRole('button', { name: 'Use this certificate' }).click();

  // Issued to the member and applied: the modal says so, and booking with it is the next step (focused).
  await expect(modal.getByText(/is applied to this booking/)).toBeVisible();
  const book = modal.getByRole('button', { name: 'Book with this certificate' });
  await expect(book).toBeFocused();
  await expect(modal.getByTestId('certificate-choices').getByRole('radio')).toHaveCount(1);
  await expectClean(page, 'certificate modal, applied');
  await keepScreen(page, 'certificate-default-applied-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreen(page, 'certificate-default-applied-en-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await book.click();
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  const reservations = await (await page.request.post('/api/reservations', { data: { json: { token: '' } } })).json();
  expect(reservations.data).toHaveLength(1);
  expect(reservations.data[0].certificate_amount).toBeGreaterThan(0);
});
