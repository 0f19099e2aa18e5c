// A traveller searches, opens a product, checks out with the wallet (certificate modal, discount card, cash card, in EUR)
// and finds the booking in the history; a guest sees prices; the checkout works from the keyboard.
import { expect as baseExpect, test } from '@playwright/test';

// These flows cross several pages and islands; on a busy machine the default 7 s per expectation is too tight.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
import { amountOf, collectErrors, day, fillTraveler, issueCard, payIfAsked, productOf, signInDemo } from './booking-helpers';

test('search from the home page, open a hotel, pay with a discount card, see it in the booking history', async ({ page }) => {
  const errors = collectErrors(page);
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 25 });

  await page.goto('/');
  const box = page.getByTestId('search-box');
  await box.getByRole('combobox', { name: 'Destination' }).fill('Lis');
  await box.getByRole('option', { name: /Lisbon/ }).click();
  await box.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search-detail\?.*city=Lisbon/);
  const results = page.getByTestId('result');
  await expect(results.first()).toBeVisible();
  await expect(page.getByTestId('results-title')).toContainText('Lisbon');
  for (const city of await results.getByTestId('result-place').allTextContents()) expect(city).toContain('Lisbon');

  await results.first().getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(/\/hotel-details\?id=\d+/);
  await expect(page.getByTestId('stay-total')).toBeVisible();
  await page.getByTestId('book-now').click();
  await expect(page).toHaveURL(/\/hotel-checkout\?id=\d+/);

  const wallet = page.getByTestId('wallet');
  await expect(wallet).toHaveAttribute('data-loaded', 'true');
  await wallet.getByRole('radio', { name: new RegExp(card.card_code) }).check();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  const price = await amountOf(page, 'sum-price');
  const discount = await amountOf(page, 'sum-discount');
  expect(discount).toBeCloseTo(Math.min(25, Math.floor(price * 10) / 100), 2);
  await expect.poll(() => amountOf(page, 'sum-total')).toBeCloseTo(price - discount, 2);

  await fillTraveler(page);
  await page.getByTestId('book').click();
  // The rest after the discount is paid by card on the provider's page, which comes back to ?booking=.
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success\?booking=/);
  const bookingId = (await page.getByTestId('booking-id').textContent())!;
  await expect(page.getByTestId('paid-total')).toHaveAttribute('data-amount', String(Math.round((price - discount) * 100) / 100));

  await page.getByRole('link', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/user\/booking-history/);
  await expect(page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the certificate modal opens before booking a resort, and a redeemed certificate pays', async ({ page }) => {
  await signInDemo(page);
  const gift = await issueCard(page.request, { kind: 'certificate', services: ['RST'], amount: 120, to: 'unassigned' });
  const resort = await productOf(page.request, 'RST', 'Cancún');

  await page.goto(`/hotel-checkout?id=${resort.product_id}&check_in=${day(30)}&check_out=${day(33)}&guests=2`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  await fillTraveler(page);
  await page.getByTestId('book').click();

  const modal = page.getByRole('dialog', { name: 'Use a certificate for this booking' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('certificate-modal')).toContainText('Travel Club Resort Week Certificate');
  // Booking is blocked while the modal is open: still on the checkout page.
  await expect(page).toHaveURL(/\/hotel-checkout/);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);

  await page.getByTestId('book').click();
  await expect(modal).toBeVisible();
  await modal.getByLabel('Card code').fill(gift.card_code);
  await modal.getByRole('button', { name: 'Add to wallet' }).click();
  await expect(modal.getByText(/is applied to this booking/)).toBeVisible();
  await modal.getByRole('button', { name: 'Book with this certificate' }).click();

  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByTestId('confirmation')).toContainText(resort.name);
  await expect(page.getByTestId('confirmation')).toContainText('Certificate');
});

test('pay with the cash card in EUR', async ({ page, context, baseURL }) => {
  await signInDemo(page);
  await context.addCookies([{ name: 'currency_code', value: 'EUR', url: baseURL! }]);
  const activity = await productOf(page.request, 'ACT', 'Paris');

  await page.goto(`/hotel-checkout?id=${activity.product_id}&check_in=${day(15)}&guests=2`);
  const wallet = page.getByTestId('wallet');
  await expect(wallet).toHaveAttribute('data-loaded', 'true');
  await wallet.getByRole('radio', { name: 'No certificate or discount card' }).check();
  await wallet.getByRole('checkbox', { name: /Use my cash card/ }).check();
  await expect(page.getByTestId('sum-cash')).toBeVisible();
  await expect(page.getByTestId('sum-total')).toHaveAttribute('data-currency', 'EUR');
  await expect(page.getByTestId('sum-price')).toContainText('€');
  const price = await amountOf(page, 'sum-price');
  const cash = await amountOf(page, 'sum-cash');
  expect(cash).toBeGreaterThan(0);
  expect(await amountOf(page, 'sum-total')).toBeCloseTo(Math.max(0, price - cash), 2);

  await fillTraveler(page);
  await page.getByTestId('book').click();
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  const bookingId = (await page.getByTestId('booking-id').textContent())!;
  await page.goto('/user/booking-history');
  const row = page.locator(`[data-booking-id="${bookingId}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('booking-total')).toHaveAttribute('data-currency', 'EUR');
  await expect(row).toContainText('Cash card');
});

test('a guest sees prices; Travel Club asks a guest to sign in to book, Acme lets a guest book', async ({ page, baseURL }) => {
  await page.goto('/search-detail?type=HLT&city=Paris');
  await expect(page.getByTestId('price').first()).toBeVisible();
  await expect(page.getByTestId('price').first()).toContainText('$');
  const hotel = await productOf(page.request, 'HLT', 'Paris');
  await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${day(10)}&check_out=${day(12)}&guests=1`);
  await expect(page.getByTestId('checkout').getByText('Please sign in to book.')).toBeVisible();
  await expect(page.getByTestId('sum-total')).toBeVisible();

  const acme = baseURL!.replace('localhost', 'acme.localhost');
  await page.goto(`${acme}/search-detail?type=HLT&city=London`);
  await expect(page.getByTestId('price').first()).toBeVisible();
  await page.getByTestId('result').first().getByRole('link', { name: /^View/ }).click();
  await page.getByTestId('book-now').click();
  await expect(page.getByText('You are booking as a guest.')).toBeVisible();
  // A long (valid) address is taken whole, not cut at 50 characters.
  const email = `guest.with.a.rather.long.address.${'x'.repeat(24)}@example-travel-agency.com`;
  await fillTraveler(page, { first: 'Gus', last: 'Guest', email, phone: '+1 415 555 0199' });
  await expect(page.getByTestId('checkout').getByLabel('Email')).toHaveValue(email);
  await page.getByTestId('book').click();
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByTestId('booking-id')).toHaveText(/^BK-/);
});

test('the checkout works from the keyboard alone', async ({ page }) => {
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 15 });
  const hotel = await productOf(page.request, 'HLT', 'Rome');
  await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${day(40)}&check_out=${day(41)}&guests=1`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');

  await page.getByTestId('checkout').getByLabel('Title').focus();
  await page.keyboard.press('ArrowDown'); // Mr -> Mrs
  await page.keyboard.press('Tab');
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('kim@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+44 20 7946 0958');
  // Into the wallet's radio group: arrows move the choice, and the one for our card gets it.
  // Tab enters the group on its checked radio, whichever the wallet has chosen by then.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('wallet').locator('input[type="radio"]:focus')).toHaveCount(1);
  const target = page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) });
  for (let i = 0; i < 20 && !(await target.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(target).toBeChecked();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  // On to the cash checkbox, the code field and its button, then the confirm button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /Use my cash card/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('book')).toBeFocused();
  await page.keyboard.press('Enter');
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByTestId('confirmation')).toContainText('Discount card');
});

test('the calendar starts weeks on the visitor’s locale’s day and refuses days before the org’s minimum check-in', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByRole('search').getByTestId('dates-button').click();
  const calendar = page.getByTestId('calendar');
  await expect(calendar.getByTestId('weekday').first()).toHaveAttribute('title', 'Sunday');
  const today = calendar.locator(`[data-day="${day(0)}"]`);
  await expect(today).toHaveAttribute('aria-disabled', 'true');
  await expect(calendar.locator(`[data-day="${day(1)}"]`)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(page.getByRole('search').getByTestId('check-in-value')).toHaveAttribute('data-day', day(2));
  await expect(page.getByRole('search').getByTestId('check-out-value')).toHaveAttribute('data-day', day(3));

  const acme = baseURL!.replace('localhost', 'acme.localhost');
  await page.goto(acme);
  await page.getByRole('search').getByTestId('dates-button').click();
  await expect(page.getByTestId('calendar').locator(`[data-day="${day(2)}"]`)).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('calendar').locator(`[data-day="${day(3)}"]`)).toBeFocused();
});

test('a card spent elsewhere meanwhile: the refusal stays on screen with the refreshed price until the person acts again', async ({ page }) => {
  await signInDemo(page);
  const certificate = await issueCard(page.request, { kind: 'certificate', services: ['HLT'], amount: 40 });
  const hotel = await productOf(page.request, 'HLT', 'Barcelona');
  const trip = { product_id: hotel.product_id, check_in: day(50), check_out: day(52), guests: 2, currency: 'USD' };
  await page.goto(`/hotel-checkout?id=${trip.product_id}&check_in=${trip.check_in}&check_out=${trip.check_out}&guests=2`);
  const wallet = page.getByTestId('wallet');
  await expect(wallet).toHaveAttribute('data-loaded', 'true');
  const ours = wallet.getByRole('radio', { name: new RegExp(certificate.card_code) });
  await ours.check();
  await expect(page.getByTestId('sum-certificate')).toBeVisible();
  await fillTraveler(page);

  // Meanwhile another booking (another tab of the same account) spends the certificate.
  const elsewhere = await page.request.post('/api/booking/checkout', {
    data: { ...trip, certificate_id: certificate.payment_card_id, idempotency_key: crypto.randomUUID(), traveler: { title: 'Mrs', first_name: 'Other', last_name: 'Tab', email: 'other@example.com', phone: '+1 415 555 0100' } },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await page.getByTestId('book').click();
  // The refusal reloads the wallet (the spent certificate is gone) and the price is asked for again ...
  await expect(ours).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Price summary' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('sum-total')).toBeVisible();
  // ... and the message is still there to read, on the same page.
  const message = page.getByTestId('checkout-error');
  await expect(message).toHaveText('One of your cards was just used by another booking. Nothing was charged; your wallet has been refreshed.');
  await expect(page).toHaveURL(/\/hotel-checkout/);
  await page.waitForTimeout(1_000);
  await expect(message).toBeVisible();

  // The person acts again (edits a field): the old message goes.
  await page.getByTestId('checkout').getByLabel('First name').fill('Dora');
  await expect(message).toHaveCount(0);
});
