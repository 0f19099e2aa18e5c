// An unpaid booking as a traveller meets it (docs/contract.md#unpaid-bookings): a declined card, then leaving the
// payment page; the checkout and the history offer to complete or give it up; Manage booking offers "Complete payment"
// and "Cancel booking"; the cancel dialog (in the page, named, Escape closes it, focus kept inside and given back)
// shows what cancelling gives back and keeps before it is confirmed; then the wallet has its card back.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { day, fillTraveler, issueCard, payOnHostedPage, productOf, settledTotal, signInDemo, TEST_CARD } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Row { booking_id: string; status: string; product_id: number; check_in: string; discount_amount: number; total: number }
async function unpaidOf(request: APIRequestContext, productId: number, checkIn: string): Promise<Row> {
  const list = (await (await request.post('/api/reservations', { data: { json: { token: '' } } })).json()).data as Row[];
  return list.find((b) => b.status === 'PENDING_PAYMENT' && b.product_id === productId && b.check_in === checkIn)!;
}
async function discountLeft(request: APIRequestContext, cardId: number): Promise<number> {
  const wallet = await (await request.post('/api/booking/get-paymentcard-by-user', { data: { currency: 'USD' } })).json();
  return wallet.data[0].discountcarddata.find((c: { payment_card_id: number }) => c.payment_card_id === cardId).card_amount;
}

/** Opens the cancel dialog from Manage booking and checks it as a keyboard user would: named, focus inside, Escape closes it. */
async function openCancelDialog(page: Page, names: { cancel: string; dialog: string }) {
  const opener = page.getByTestId('manage-booking').getByRole('button', { name: names.cancel });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await expect(dialog.getByTestId('quote-fee')).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), 'focus stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener, 'focus goes back to the button that opened it').toBeFocused();
  await opener.click();
  await expect(dialog.getByTestId('quote-fee')).toBeVisible();
  return dialog;
}

test('a declined card, then leaving: Manage booking completes or cancels it, the dialog shows the amounts, and the wallet comes back', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 15 });
  const hotel = await productOf(page.request, 'HLT', 'Lisbon');
  const checkIn = day(90);
  await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${checkIn}&check_out=${day(92)}&guests=2`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  await page.getByTestId('wallet').getByRole('radio', { name: new RegExp(card.card_code) }).check();
  await expect(page.getByTestId('sum-discount')).toBeVisible();
  await fillTraveler(page);
  const total = await settledTotal(page);
  await page.getByTestId('book').click();

  // Declined on the payment page, and then the traveller goes elsewhere without paying or cancelling.
  await payOnHostedPage(page, TEST_CARD.declined);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
  const booking = await unpaidOf(page.request, hotel.product_id, checkIn);
  expect(booking.discount_amount).toBeGreaterThan(0);
  expect(await discountLeft(page.request, card.payment_card_id), 'the discount is held for it').toBeCloseTo(15 - booking.discount_amount, 2);

  // A checkout meanwhile offers to complete the unpaid booking or to start again.
  await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${day(94)}&check_out=${day(96)}&guests=2`);
  const offer = page.getByTestId('unpaid-booking');
  await expect(offer.getByRole('heading', { name: 'A booking is waiting for its payment' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Complete payment' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Start again' })).toBeVisible();
  await offer.scrollIntoViewIfNeeded();
  await keepScreen(page, 'unpaid-checkout-offer-en-1280');

  // The history counts only money received, as Manage booking does, and offers the same two ways out.
  await page.goto('/user/booking-history');
  const row = page.locator(`[data-booking-id="${booking.booking_id}"]`);
  await expect(row.getByTestId('booking-total')).toHaveAttribute('data-amount', '0');
  await expect(row.locator('.badge')).toHaveText('Awaiting payment');
  await expect(row.getByRole('button', { name: `Complete payment ${booking.booking_id}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel ${booking.booking_id}` })).toBeVisible();
  await keepScreen(page, 'unpaid-history-en-1280');
  await row.getByRole('link', { name: `Manage ${booking.booking_id}` }).click();

  const manage = page.getByTestId('manage-booking');
  await expect(manage.getByTestId('manage-status')).toHaveText('Awaiting payment');
  await expect(page.getByTestId('manage-paid')).toHaveAttribute('data-amount', '0');
  await expect(page.getByTestId('manage-to-pay')).toHaveAttribute('data-amount', String(total));
  await expect(manage.getByTestId('manage-pay-by')).toContainText('Complete the payment by');
  await keepScreen(page, 'unpaid-manage-en-1280');
  await page.setViewportSize(PHONE);
  await keepScreen(page, 'unpaid-manage-en-390');
  await page.setViewportSize(DESKTOP);

  // "Complete payment" opens the same payment again; back from it, the booking still waits.
  await manage.getByRole('button', { name: 'Complete payment' }).click();
  await expect(page).toHaveURL(/\/_sim\/stripe\/checkout\/cs_test_/);
  await page.goBack();
  await expect(manage.getByTestId('manage-status')).toHaveText('Awaiting payment');

  const dialog = await openCancelDialog(page, { cancel: 'Cancel booking', dialog: 'Cancel this booking?' });
  await expect(dialog.getByTestId('quote-discount')).toHaveAttribute('data-amount', String(booking.discount_amount));
  await expect(dialog.getByTestId('quote-discount')).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(booking.discount_amount));
  await expect(dialog.getByTestId('quote-fee')).toHaveText('$0.00');
  await expect(dialog).toContainText('Nothing has been charged to your card.');
  await expectClean(page, 'cancel dialog (en-US)');
  await keepScreen(page, 'unpaid-cancel-dialog-en-1280');
  await page.setViewportSize(PHONE);
  await keepScreen(page, 'unpaid-cancel-dialog-en-390');
  await page.setViewportSize(DESKTOP);

  await dialog.getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('manage-message')).toHaveText('Your booking is cancelled. Nothing was charged, and the wallet parts are back in your wallet.');
  await expect(manage.getByTestId('manage-status')).toHaveText('Cancelled');
  await expect(manage.getByRole('button', { name: 'Complete payment' })).toHaveCount(0);
  expect(await discountLeft(page.request, card.payment_card_id), 'the discount is back').toBe(15);
});

test('the cancel dialog in French, on a phone and a desktop: its texts and amounts in the page’s language', async ({ page }) => {
  await signInDemo(page);
  const card = await issueCard(page.request, { kind: 'discount', pro_code: 'HLT', amount: 12 });
  const hotel = await productOf(page.request, 'HLT', 'Paris');
  const checkIn = day(100);
  const r = await page.request.post('/api/booking/checkout', {
    data: {
      product_id: hotel.product_id, check_in: checkIn, check_out: day(102), guests: 2, currency: 'USD', discount_card_id: card.payment_card_id,
      idempotency_key: `e2e-${crypto.randomUUID()}`, traveler: { title: 'Mrs', first_name: 'Inès', last_name: 'Martin', email: 'ines@example.com', phone: '+33 6 12 34 56 78' },
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  const booking = (await r.json()).data as Row;
  expect(booking.status).toBe('PENDING_PAYMENT');

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // The checkout offers to complete it or start again, and the history offers it too, in French.
    await page.goto(`/hotel-checkout?id=${hotel.product_id}&check_in=${day(104)}&check_out=${day(106)}&guests=2&lang=fr-FR`);
    await expect(page.getByTestId('unpaid-booking').getByRole('heading', { name: 'Une réservation attend son paiement' })).toBeVisible();
    await page.getByTestId('unpaid-booking').scrollIntoViewIfNeeded();
    await keepScreen(page, `unpaid-checkout-offer-fr-${size.width}`);
    await page.goto('/user/booking-history?lang=fr-FR');
    const row = page.locator(`[data-booking-id="${booking.booking_id}"]`);
    await expect(row.getByRole('button', { name: `Finaliser le paiement ${booking.booking_id}` })).toBeVisible();
    await keepScreen(page, `unpaid-history-fr-${size.width}`);
    await page.goto(`/manage-booking?booking=${booking.booking_id}&lang=fr-FR`);
    const manage = page.getByTestId('manage-booking');
    await expect(manage.getByTestId('manage-status')).toHaveText('En attente de paiement');
    await expect(manage.getByRole('button', { name: 'Finaliser le paiement' })).toBeVisible();
    await keepScreen(page, `unpaid-manage-fr-${size.width}`);
    const dialog = await openCancelDialog(page, { cancel: 'Annuler la réservation', dialog: 'Annuler cette réservation\u202f?' });
    await expect(dialog.getByTestId('quote-discount')).toHaveText(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(booking.discount_amount));
    await expect(dialog).toContainText('Carte de réduction rendue à votre portefeuille');
    await expect(dialog).toContainText('Frais d’annulation');
    await expectClean(page, `cancel dialog (fr-FR, ${size.width} px)`);
    await keepScreen(page, `unpaid-cancel-dialog-fr-${size.width}`);
    if (size === PHONE) {
      await dialog.getByRole('button', { name: 'Garder la réservation' }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      await dialog.getByRole('button', { name: 'Oui, annuler la réservation' }).click();
      await expect(page.getByTestId('manage-message')).toHaveText('Votre réservation est annulée. Rien n’a été débité et les parts du portefeuille y sont revenues.');
      await expect(manage.getByTestId('manage-status')).toHaveText('Annulée');
    }
  }
  expect(await discountLeft(page.request, card.payment_card_id)).toBe(12);
});
