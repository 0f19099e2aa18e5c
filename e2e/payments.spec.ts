// Paying the rest by card on the provider's hosted page (the local Stripe simulator): a wallet part and a card, a declined
// card and then a good one, the 3-D Secure step, and a payment cancelled on the page that comes back with the choices kept.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { amountOf, collectErrors, d1Run, day, fillTraveler, issueCard, payOnHostedPage, productOf, settledTotal, signInDemo, TEST_CARD } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

async function toCheckout(page: Page, city: string, offset: number) {
  const hotel = await productOf(page.request, 'HLT', city);
  await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${day(offset)}&check_out=${day(offset + 2)}&guests=2`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  return hotel;
}

async function expectConfirmedAfterPayment(page: Page, cardPart: number) {
  await expect(page).toHaveURL(/\/checkout-success\?booking=BK-/);
  const confirmation = page.getByTestId('confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Payment received, booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('paid-by-card')).toHaveAttribute('data-amount', String(cardPart));
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="confirmation"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  return (await page.getByTestId('booking-id').textContent())!;
}

test('a discount card pays a part and a card the rest; the booking is confirmed once the payment is received', async ({ page }) => {
  const errors = collectErrors(page);
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 20 });
  await toCheckout(page, 'Lisbon', 60);
  await page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) }).check();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  const price = await amountOf(page, 'sum-price');
  const discount = await amountOf(page, 'sum-discount');
  const cardPart = Math.round((price - discount) * 100) / 100;
  await expect.poll(() => amountOf(page, 'sum-total')).toBeCloseTo(cardPart, 2);
  await fillTraveler(page);
  await page.getByTestId('book').click();

  await expect(page.getByRole('heading', { name: /^Pay / })).toContainText(cardPart.toFixed(2));
  await payOnHostedPage(page, TEST_CARD.ok);
  const ref = await expectConfirmedAfterPayment(page, cardPart);

  const booking = await (await page.request.get(`/api/bookings/${ref}`)).json();
  expect(booking.data).toMatchObject({ status: 'CONFIRMED', paid_amount: cardPart, discount_amount: discount, price });
  expect(Math.round((booking.data.discount_amount + booking.data.paid_amount - booking.data.refunded_amount) * 100) / 100).toBe(price);
  expect(errors).toEqual([]);
});

test('a declined card says so on the payment page; another card then pays', async ({ page }) => {
  await signInDemo(page);
  await toCheckout(page, 'Rome', 62);
  await fillTraveler(page);
  const total = await settledTotal(page);
  await page.getByTestId('book').click();

  await payOnHostedPage(page, TEST_CARD.declined);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await payOnHostedPage(page, TEST_CARD.ok);
  await expectConfirmedAfterPayment(page, total);
});

test('a card that asks for 3-D Secure: the bank step, then confirmed', async ({ page }) => {
  await signInDemo(page);
  await toCheckout(page, 'Paris', 64);
  await fillTraveler(page);
  const total = await settledTotal(page);
  await page.getByTestId('book').click();

  await payOnHostedPage(page, TEST_CARD.threeDSecure);
  await expect(page.getByRole('heading', { name: 'Authenticate this payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expectConfirmedAfterPayment(page, total);
});

/**
 * The demo member books a Barcelona hotel with a new discount card from the wallet and the rest by card, and reaches the
 * hosted payment page: the booking then waits for its payment, holding the card. Answers the card.
 */
async function atHostedPageWithDiscount(page: Page, offset: number, traveler: Parameters<typeof fillTraveler>[1]) {
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 15 });
  await toCheckout(page, 'Barcelona', offset);
  await page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) }).check();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  await fillTraveler(page, traveler);
  await settledTotal(page);
  await page.getByTestId('book').click();
  await expect(page).toHaveURL(/\/_sim\/stripe\/checkout\//);
  return card;
}

test('a payment cancelled on the page comes back to the checkout with the choices kept, and can be paid again', async ({ page }) => {
  const card = await atHostedPageWithDiscount(page, 66, { first: 'Cleo', last: 'Cancel', email: 'cleo@example.com', phone: '+1 415 555 0177' });
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/hotel-checkout\?.*payment=cancelled/);
  // The unpaid booking still holds the discount card: the page offers to complete its payment or to start again.
  const unpaid = page.getByTestId('unpaid-booking');
  await expect(unpaid.getByRole('heading', { name: 'A booking is waiting for its payment' })).toBeVisible();
  await expect(unpaid.getByRole('button', { name: 'Complete payment' })).toBeVisible();
  await unpaid.getByRole('button', { name: 'Start again' }).click();
  await expect(unpaid).toHaveCount(0);
  await expect(page.getByTestId('payment-cancelled')).toHaveText('The unpaid booking is cancelled and its wallet parts are back in your wallet.');
  const form = page.getByTestId('checkout');
  await expect(form.getByLabel('First name')).toHaveValue('Cleo');
  await expect(form.getByLabel('Last name')).toHaveValue('Cancel');
  await expect(page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) })).toBeChecked();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="checkout"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The total shown now is the one paid (the demo wallet is shared by the suite's workers: its cash may have moved).
  const total = await settledTotal(page);
  await page.getByTestId('book').click();
  await payOnHostedPage(page, TEST_CARD.ok);
  await expectConfirmedAfterPayment(page, total);
});

test('back from a cancelled payment while the booking’s own read fails: the bookings list still finds it waiting, and the page offers it', async ({ page }) => {
  const card = await atHostedPageWithDiscount(page, 68, { first: 'Remy', last: 'Retry', email: 'remy@example.com', phone: '+1 415 555 0178' });
  // The browser's network drops the page's read of the booking it comes back with (once).
  let dropped = false;
  await page.route(/\/api\/bookings\/BK-[^/?]+$/, (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort('internetdisconnected');
  });
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/hotel-checkout\?.*payment=cancelled/);
  const unpaid = page.getByTestId('unpaid-booking');
  await expect(unpaid.getByRole('heading', { name: 'A booking is waiting for its payment' })).toBeVisible();
  expect(dropped).toBe(true);
  await expect(page.getByTestId('payment-cancelled')).toHaveCount(0);
  await unpaid.getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByTestId('payment-cancelled')).toHaveText('The unpaid booking is cancelled and its wallet parts are back in your wallet.');
  await expect(page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) })).toBeChecked();
});

test('manage a booking from the history: the policy; past it, what cancelling costs; cancel at that fee and see the refund', async ({ page }) => {
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 10 });
  await toCheckout(page, 'Lisbon', 70);
  await expect(page.getByTestId('checkout').getByTestId('cancellation-policy')).toContainText('Free cancellation until');
  await page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) }).check();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  await fillTraveler(page);
  const total = await settledTotal(page);
  await page.getByTestId('book').click();
  await payOnHostedPage(page, TEST_CARD.ok);
  const ref = await expectConfirmedAfterPayment(page, total);

  await page.goto('/user/booking-history');
  await page.getByRole('link', { name: `Manage ${ref}` }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-booking\\?booking=${ref}`));
  const manage = page.getByTestId('manage-booking');
  await expect(manage.getByTestId('manage-status')).toHaveText('Confirmed');
  await expect(manage.getByTestId('cancellation-policy')).toContainText('Free cancellation until');
  await expect(page.getByTestId('manage-paid')).toHaveAttribute('data-amount', String(total));
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="manage-booking"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Its rate's terms moved past their free days with a 25 % fee (as a rate plan with its own terms has them): the page no
  // longer promises free cancellation, it says what cancelling costs now, and still offers it.
  d1Run(`UPDATE bookings SET rate = json_set(COALESCE(rate, '{}'), '$.refundable', json('true'), '$.free_cancellation_days', 200, '$.cancellation_fee_percent', 25) WHERE booking_ref = '${ref}'`);
  const quote = (await (await page.request.get(`/api/bookings/${ref}/cancel-quote`)).json()).data as { fee: number; refund_card: number };
  expect(quote.fee).toBeGreaterThan(0);
  await page.reload();
  await expect(manage.getByTestId('cancellation-fee')).toContainText('Free cancellation has ended. Cancelling now costs');
  await expect(manage.getByTestId('cancellation-policy')).toHaveCount(0);
  await keepScreen(page, 'manage-booking-fee-en-1280');
  await manage.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByTestId('quote-fee')).toHaveAttribute('data-amount', String(quote.fee));
  await expect(dialog.getByTestId('quote-refund-card')).toHaveAttribute('data-amount', String(quote.refund_card));
  await dialog.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(page.getByTestId('manage-message')).toHaveText('Your booking is cancelled. The card part is refunded and the wallet parts are back in your wallet.');
  await expect(manage.getByTestId('manage-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('manage-refunded')).toHaveAttribute('data-amount', String(quote.refund_card));
  await expect(manage.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  const wallet = await (await page.request.post('/api/booking/get-paymentcard-by-user', { data: { currency: 'USD' } })).json();
  expect(wallet.data[0].discountcarddata.find((c: { payment_card_id: number }) => c.payment_card_id === card.payment_card_id).card_amount).toBe(10);
});
