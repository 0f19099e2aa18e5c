// The certificate gate at checkout: while it applies nothing is booked; the modal lets the member choose or add a
// certificate and book with it, or close it and stay on checkout. There is no way to book past it.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { createVerifiedAccount } from './auth-helpers';
import { day, fillTraveler, issueCard, payIfAsked, productOf, signInDemo } from './booking-helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const MODAL = 'Use a certificate for this booking';

/** A member of their own (no other spec spends or fills this wallet), at the checkout of a resort the org offers a certificate for. */
async function memberAtResortCheckout(page: Page) {
  const member = await createVerifiedAccount(page.request, { first: 'Cert' });
  await signInDemo(page, member.email, member.password);
  const resort = await productOf(page.request, 'RST', 'Cancún');
  await page.goto(`/hotel-checkout?id=${resort.product_id}&check_in=${day(40)}&check_out=${day(42)}&guests=2`);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  await fillTraveler(page);
  const checkouts: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).pathname === '/api/booking/checkout' && checkouts.push(r.url())));
  return { member, resort, checkouts };
}

test('the gate blocks booking: the modal offers no way past it, and closing it stays on checkout with nothing booked', async ({ page }) => {
  const { checkouts } = await memberAtResortCheckout(page);
  const modal = page.getByRole('dialog', { name: MODAL });

  await page.getByTestId('book').click();
  await expect(modal).toBeVisible();
  await expect(modal.getByText('You have no certificate for this product yet: enter its code below.')).toBeVisible();
  await expect(modal.getByRole('button', { name: /without a certificate/i })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Book with this certificate' })).toHaveCount(0);

  await modal.getByRole('button', { name: 'Back to checkout' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/hotel-checkout\?/);
  await expect(page.getByTestId('book')).toBeFocused();

  // Asked again, the gate still applies; the close button and Escape close it the same way.
  await page.getByTestId('book').click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  await page.getByTestId('book').click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  await expect(page).toHaveURL(/\/hotel-checkout\?/);
  expect(checkouts).toEqual([]);
  const reservations = await (await page.request.post('/api/reservations', { data: { json: { token: '' } } })).json();
  expect(reservations.data).toEqual([]);
});

test('in the modal the member adds two certificates, chooses one of them and books with it', async ({ page }) => {
  const { member, resort } = await memberAtResortCheckout(page);
  const first = await issueCard(page.request, { email: member.email, kind: 'certificate', services: ['RST'], amount: 60, to: 'unassigned' });
  const second = await issueCard(page.request, { email: member.email, kind: 'certificate', services: ['RST'], amount: 90, to: 'unassigned' });
  const modal = page.getByRole('dialog', { name: MODAL });

  await page.getByTestId('book').click();
  await expect(modal).toBeVisible();
  for (const card of [first, second]) {
    await modal.getByLabel('Card code').fill(card.card_code);
    await modal.getByRole('button', { name: 'Add to wallet' }).click();
    await expect(modal.getByRole('radio', { name: new RegExp(card.card_code) })).toBeChecked();
  }
  const choices = modal.getByTestId('certificate-choices');
  await expect(choices.getByRole('radio')).toHaveCount(2);
  await choices.getByRole('radio', { name: new RegExp(first.card_code) }).check();
  await expect(modal.getByText(/is applied to this booking/)).toBeVisible();
  // The checkout's own wallet follows the choice made in the modal.
  await expect(page.getByTestId('wallet').getByRole('radio', { name: new RegExp(first.card_code) })).toBeChecked();

  const results = await axeOn(page).include('[role="dialog"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);

  await modal.getByRole('button', { name: 'Book with this certificate' }).click();
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByTestId('confirmation')).toContainText(resort.name);
  const reservations = await (await page.request.post('/api/reservations', { data: { json: { token: '' } } })).json();
  expect(reservations.data).toHaveLength(1);
  expect(reservations.data[0].cards.map((c: { card_code: string }) => c.card_code)).toEqual([first.card_code]);
  expect(reservations.data[0].certificate_amount).toBe(60);
});
