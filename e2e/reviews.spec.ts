// Verified reviews as people meet them (docs/contract.md#after-booking): the traveller of a stay that checked out
// yesterday gets the hourly job's mail, opens its link signed out, writes the review in the form and finds it on the
// hotel's page; then the admin hides it in the console with a reason. Screenshots in English and French, axe on the new
// pages and the dialog.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { englishOn } from './english-needles';
import { createVerifiedAccount } from './auth-helpers';
import { d1Run, day, productOf, signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function bothSizes(page: Page, name: string, target?: () => Promise<void>) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await target?.();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${size.width}: nothing scrolls sideways`).toBe(true);
    await keepScreen(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

test('a traveller reviews a stay from the mailed link, reads it on the hotel’s page, and the admin hides it with a reason', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // A member's confirmed stay at a Lisbon hotel, its check-out moved to yesterday.
  const member = await createVerifiedAccount(page.request, { first: 'Rosa', last: 'Secretsurname' });
  await signInDemo(page, member.email, member.password);
  const hotel = await productOf(page.request, 'HLT', 'Lisbon');
  const traveler = { title: 'Mrs', first_name: 'Rosa', last_name: 'Secretsurname', email: member.email, phone: '+34 612 345 678' };
  const booked = await page.request.post('/api/booking/checkout', {
    data: { product_id: hotel.product_id, check_in: day(60), check_out: day(62), guests: 2, currency: 'USD', traveler, idempotency_key: crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const { booking_id: ref, payment_url } = (await booked.json()).data as { booking_id: string; payment_url: string };
  const paid = await page.request.post(`/_sim/stripe/checkout/${payment_url.split('/').pop()}/pay`, { data: { card: '4242424242424242' } });
  expect(paid.status()).toBe(200);
  await expect.poll(async () => (await (await page.request.get(`/api/bookings/${ref}`)).json()).data.status).toBe('CONFIRMED');
  d1Run(`UPDATE bookings SET check_in = '${day(-3)}', check_out = '${day(-1)}' WHERE booking_ref = '${ref}'`);

  // The hourly job mails the invitation; the traveller opens its link on another device, signed out.
  expect((await page.request.get('/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).status()).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).json()).data as { text: string }[];
      link = mails.map((m) => /(https?:\/\/\S+\/review\?booking=\S+)/.exec(m.text)?.[1]).find(Boolean) ?? '';
      return link;
    })
    .toContain(`booking=${ref}`);
  const path = new URL(link).pathname + new URL(link).search;
  await page.context().clearCookies();

  // The form in French first (the traveller's language), as a person reads it; then in English, where it is sent.
  await page.goto(`${path}&lang=fr-FR`);
  const form = page.getByTestId('review-form');
  await expect(page.getByRole('heading', { name: 'Évaluez votre séjour' })).toBeVisible();
  await expect(form.getByText('Votre note, de 1 (mauvais) à 10 (exceptionnel)')).toBeVisible();
  await expectClean(page, 'review form fr');
  await bothSizes(page, 'review-form-fr');

  await page.goto(`${path}&lang=en-US`);
  await form.getByRole('button', { name: 'Send my review' }).click();
  await expect(form.getByText('Choose a score from 1 to 10')).toBeVisible();
  await form.getByRole('radio', { name: '9', exact: true }).check();
  await form.getByLabel('Title (optional)').fill('Quiet rooms by the river');
  await form.getByLabel('Your review').fill('Kind staff, a short walk to the tram, and breakfast on the terrace.');
  await form.getByLabel('Cleanliness').selectOption('10');
  await form.getByLabel('Staff').selectOption('9');
  await expectClean(page, 'review form en');
  await bothSizes(page, 'review-form-en');
  await form.getByRole('button', { name: 'Send my review' }).click();
  const outcome = page.getByTestId('review-outcome');
  await expect(outcome).toContainText('Thank you');
  await outcome.getByRole('link', { name: 'See it on the page' }).click();

  // On the hotel's page: the score and count, and the review with the first name only.
  const reviews = page.getByTestId('product-reviews');
  const mine = reviews.getByTestId('review').filter({ hasText: 'Quiet rooms by the river' });
  await expect(mine).toContainText('Rosa');
  await expect(mine).toContainText('Cleanliness 10');
  await expect(reviews).not.toContainText('Secretsurname');
  await expect(page.getByTestId('details-reviews')).toBeVisible();
  await expectClean(page, 'product reviews en');
  await bothSizes(page, 'product-reviews-en', () => mine.scrollIntoViewIfNeeded());
  await page.goto(`/hotel-details?id=${hotel.product_id}&lang=fr-FR`);
  await expect(reviews.getByRole('heading', { name: 'Avis des voyageurs' })).toBeVisible();
  // On the French page the review keeps the language it was written in, and says so (WCAG 3.1.2).
  await expect(mine.getByText('Kind staff, a short walk to the tram, and breakfast on the terrace.')).toHaveAttribute('lang', 'en-US');
  await expect(mine.getByText('Quiet rooms by the river')).toHaveAttribute('lang', 'en-US');
  expect(await englishOn(page, 'fr-FR'), 'English on the French hotel page, besides the review').toEqual([]);
  await bothSizes(page, 'product-reviews-fr', () => mine.scrollIntoViewIfNeeded());

  // The result cards show the score and count beside the stars, in each language.
  for (const [lang, word] of [['fr-FR', 'avis'], ['en-US', 'review']]) {
    await page.goto(`/search-detail?type=HLT&city=Lisbon&lang=${lang}`);
    const card = page.locator(`[data-testid="result"][data-product-id="${hotel.product_id}"]`);
    await expect(card.getByTestId('result-reviews')).toContainText(word);
    // The card drawn before React is replaced by the island's own: scroll to whichever is there once it has settled.
    await page.waitForLoadState('networkidle');
    const scroll = () => expect(async () => card.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
    await bothSizes(page, `results-reviews-${lang.slice(0, 2)}`, scroll);
  }

  // The admin hides it with a reason; the console keeps it, hidden, and the hotel's page no longer shows it.
  await signInDemo(page, 'admin@example.com', 'Admin1!pass');
  await page.goto('/admin/reviews?lang=fr-FR');
  const rowFr = page.getByTestId('console-review').filter({ hasText: 'Quiet rooms by the river' });
  await expect(rowFr.getByRole('button', { name: /^Masquer\s: / })).toBeVisible();
  await expect(rowFr.locator('[lang="en-US"]')).toContainText('Kind staff');
  expect(await englishOn(page, 'fr-FR'), 'English on the French reviews list, besides the review').toEqual([]);
  await bothSizes(page, 'admin-reviews-fr');
  await page.goto('/admin/reviews?lang=en-US');
  const row = page.getByTestId('console-review').filter({ hasText: 'Quiet rooms by the river' });
  await expectClean(page, 'admin reviews');
  await bothSizes(page, 'admin-reviews-en');
  await row.getByRole('button', { name: /^Hide/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review' });
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog.getByText('Say why (at most 300 characters)')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Names a member of staff');
  await expectClean(page, 'hide review dialog');
  await keepScreen(page, 'admin-reviews-hide-dialog-en-1280');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveAttribute('data-hidden', 'true');
  await expect(row).toContainText('Hidden: Names a member of staff');
  const shown = (await (await page.request.get(`/api/products/${hotel.product_id}/reviews`)).json()).data as { title: string }[];
  expect(shown.map((r) => r.title)).not.toContain('Quiet rooms by the river');

  // The audit log in French: each field and its colon as French writes them, the reason as the admin typed it.
  await page.goto('/admin/audit?lang=fr-FR');
  const hidden = page.getByTestId('audit-row').filter({ hasText: 'Names a member of staff' }).first();
  await expect(hidden).toContainText('Masqué\u00a0: Non → Oui');
  await expect(hidden).toContainText('Motif\u00a0: ');
  await expect(hidden.getByText('Names a member of staff', { exact: true })).toHaveAttribute('translate', 'no');
  expect(await englishOn(page, 'fr-FR'), 'English on the French audit log, besides the reason typed').toEqual([]);
});
