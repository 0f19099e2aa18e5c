// An agent books a quote for a client who pays by card (docs/decisions/0029): the choice in the booking dialog, the
// provider's hosted page (the local Stripe simulator) with 4242…, the confirmation, and the booking shown confirmed and
// paid by the client's card in the agent's history, with the credit untouched. Axe on the new dialog state and page.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { collectErrors, day, payOnHostedPage, TEST_CARD } from './booking-helpers';
import { uniqueEmail } from './auth-helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const AGENT = { email: 'agent@example.com', password: 'Agent1!pass' };
const SHOTS = process.env.SCREENS_DIR;

async function signInAgent(page: Page) {
  const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: AGENT.email, password: AGENT.password }, navAgent: 'playwright' } });
  expect(r.status()).toBe(200);
}

/** A client and a quote for them, made through the API (the quote builder has its own test in agent.spec.ts). */
async function quoteForNewClient(page: Page, offset: number) {
  const email = uniqueEmail('cardclient');
  const client = await page.request.post('/api/agent/clients', {
    data: { title: 'Mr', first_name: 'Louis', last_name: 'Pasteur', email, nationality: 1, country_code: 'FR', phone_country_code: '+33', mobile_no: '612345678', notes: '' },
  });
  expect(client.status()).toBe(201);
  const search = await (await page.request.get('/api/products/search?type=HLT&currency=USD&per_page=5')).json();
  const quote = await page.request.post('/api/agent/quotes', {
    data: { client_id: (await client.json()).data.client_id, product_id: search.data[0].product_id, check_in: day(offset), check_out: day(offset + 2), guests: 2, currency: 'USD', markup_percent: 10 },
  });
  expect(quote.status()).toBe(201);
  return { email, quote: (await quote.json()).data as { quote_id: number; total: number; product: { name: string } } };
}

async function axeClean(page: Page, include: string) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(include).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('an agent books a quote on the client’s card: the hosted page takes 4242…, and the booking shows confirmed and paid by card', async ({ page }) => {
  const errors = collectErrors(page);
  await signInAgent(page);
  const before = (await (await page.request.get('/api/agent/profile')).json()).data.credit;
  const { email, quote } = await quoteForNewClient(page, 70);

  await page.goto('/agent/my-quotes');
  const row = page.getByTestId('quote-row').filter({ hasText: email });
  await row.getByRole('button', { name: new RegExp(`^Book: `) }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this quote' });
  await expect(dialog.getByRole('radio', { name: 'On account' })).toBeChecked();
  // The choice is made from the keyboard, as a radio group is.
  await dialog.getByRole('radio', { name: 'On account' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Client pays by card' })).toBeChecked();
  await expect(dialog.getByText('The client’s card pays the total on the secure payment page; your credit is not used.')).toBeVisible();
  await expect(dialog.getByTestId('book-charge')).toHaveText('$0.00');
  await axeClean(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Continue to card payment' }).click();

  await expect(page.getByRole('heading', { name: /^Pay / })).toContainText(quote.total.toFixed(2));
  await payOnHostedPage(page, TEST_CARD.ok);
  await expect(page).toHaveURL(/\/checkout-success\?booking=BK-/);
  await expect(page.getByRole('heading', { name: 'Payment received, booking confirmed' })).toBeVisible();
  const ref = (await page.getByTestId('booking-id').textContent())!.trim();

  // The success page sends the agent to the agency's history, not a traveller's.
  await expect(page.getByTestId('history-link')).toHaveAttribute('href', '/agent/booking-history');
  await page.getByTestId('history-link').click();
  await expect(page).toHaveURL(/\/agent\/booking-history$/);
  const booked = page.getByTestId('agent-booking-row').filter({ hasText: ref });
  await expect(booked).toContainText('Confirmed');
  await expect(booked).toContainText('Client’s card');
  await expect(booked).toContainText(email);
  await axeClean(page, '[data-testid="agent-bookings"]');
  const after = (await (await page.request.get('/api/agent/profile')).json()).data.credit;
  expect(after).toEqual(before);
  const paid = (await (await page.request.get('/api/agent/bookings')).json()).data.find((b: { booking_id: string }) => b.booking_id === ref);
  expect(paid).toMatchObject({ status: 'CONFIRMED', pay_by: 'card', paid_amount: quote.total, refunded_amount: 0, charged_usd: 0 });
  expect(errors).toEqual([]);
});

test('a card payment given up on the hosted page comes back to the quotes, and the quote can be booked again', async ({ page }) => {
  await signInAgent(page);
  const { email } = await quoteForNewClient(page, 72);
  await page.goto('/agent/my-quotes');
  const row = page.getByTestId('quote-row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Book: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this quote' });
  await dialog.getByRole('radio', { name: 'Client pays by card' }).check();
  await dialog.getByRole('button', { name: 'Continue to card payment' }).click();
  await expect(page).toHaveURL(/\/_sim\/stripe\/checkout\/cs_test_/);
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/agent\/my-quotes/);
  await expect(page.getByTestId('quote-status')).toHaveText('The card payment was cancelled; the quote can be booked again.');
  await expect(page.getByTestId('quote-row').filter({ hasText: email }).getByTestId('quote-state')).toHaveText('Draft');
});

const CANCEL_FAILED = {
  'en-US': 'The booking waits for its payment in the booking history, where you can pay for it or cancel it.',
  'fr-FR': 'La réservation attend son paiement dans l’historique des réservations, où vous pouvez la payer ou l’annuler.',
} as const;
for (const [lang, width, height] of [['en-US', 1280, 800], ['fr-FR', 390, 844]] as const) {
  test(`a card payment given up while the cancel cannot reach the server says so, and the booking waits in the history (${lang}, ${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInAgent(page);
    const { email } = await quoteForNewClient(page, lang === 'en-US' ? 73 : 75);
    await page.goto(`/agent/my-quotes?lang=${lang}`);
    await page.getByTestId('quote-row').filter({ hasText: email }).getByTestId('quote-book').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[value="card"]').check();
    await dialog.getByTestId('book-confirm').click();
    await expect(page).toHaveURL(/\/_sim\/stripe\/checkout\/cs_test_/);
    // The browser's network drops the page's cancel: the booking is not let go, so "can be booked again" is not said.
    await page.route(/\/api\/agent\/bookings\/[^/]+\/cancel$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(/\/agent\/my-quotes/);
    await expect(page.getByTestId('quote-error')).toContainText(CANCEL_FAILED[lang]);
    await expect(page.getByTestId('quote-status')).toHaveCount(0);
    await expect(page.getByTestId('quote-row').filter({ hasText: email }).getByTestId('quote-state')).not.toHaveText(lang === 'en-US' ? 'Draft' : 'Brouillon');
    await noSidewaysScroll(page);
    await axeClean(page, 'main');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-card-cancel-failed-${lang.slice(0, 2)}-${width}.png` });
    await page.unrouteAll();
    await page.goto(`/agent/booking-history?lang=${lang}`);
    await expect(page.getByTestId('agent-booking-row').filter({ hasText: email })).toBeVisible();
  });
}

for (const lang of ['en-US', 'fr-FR'] as const) {
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    test(`the card choice and the booking history at ${width} × ${height} in ${lang}: nothing sideways, no English on the French page`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await signInAgent(page);
      const { email } = await quoteForNewClient(page, 74);
      await page.goto(`/agent/my-quotes?lang=${lang}`);
      await page.getByTestId('quote-row').filter({ hasText: email }).getByTestId('quote-book').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[value="card"]').check();
      await expect(dialog.getByTestId('book-confirm')).toContainText(lang === 'fr-FR' ? 'Continuer vers le paiement par carte' : 'Continue to card payment');
      if (lang === 'fr-FR') {
        await expect(dialog).toContainText('Le client paie par carte');
        await expect(dialog).not.toContainText('Client pays by card');
      }
      await noSidewaysScroll(page);
      const tag = `${lang.slice(0, 2)}-${width}`;
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-card-choice-${tag}.png` });
      await page.keyboard.press('Escape');
      await page.goto(`/agent/booking-history?lang=${lang}`);
      await expect(page.getByTestId('agent-bookings')).toBeVisible();
      if (lang === 'fr-FR') await expect(page.getByTestId('agent-bookings')).not.toContainText('Paid by');
      await noSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-card-history-${tag}.png`, fullPage: false });
    });
  }
}
