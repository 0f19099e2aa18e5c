// A traveller trusts it: on a phone the results come first, the history shows what each booking cost, checkout
// explains every amount and the cancellation terms, and the success page is a record worth keeping (issue 18).
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { amountOf, day, expectPhotoLoaded, issueCard, payIfAsked, photosOf, productOf, signInDemo } from './booking-helpers';
import { openPage } from './auth-helpers';
import { keepScreen } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const toMinor = (n: number) => Math.round(n * 100);

async function expectAxeClean(page: Page) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

for (const lang of ['fr-FR', 'es-ES']) {
  // Spanish has the longest filter labels: on a phone the prices share a row so the first result still comes first.
  test(`results on a phone: the search is one line that opens, the first result is on the first screen (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openPage(page, `/search-detail?type=HLT&city=Paris&check_in=${day(20)}&check_out=${day(22)}&guests=2&lang=${lang}`);
    const summary = page.getByTestId('search-summary');
    await expect(summary).toBeVisible();
    // The city named in the page's language (docs/decisions/0049-city-names.md).
    await expect(summary).toContainText(lang === 'es-ES' ? 'París' : 'Paris');
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('search-box').getByTestId('dates')).toBeHidden();
    const first = page.getByTestId('result').first();
    await expect(first).toBeVisible();
    // Measured again if the first screen's card is being replaced by React's at that moment (decision 0048).
    await expect.poll(async () => (await first.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.height);
    await summary.click();
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('search').getByRole('button', { name: lang === 'fr-FR' ? 'Rechercher' : 'Buscar' })).toBeVisible();
    await expectAxeClean(page);
  });
}

test('results on a desktop keep the whole search form and no summary line', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openPage(page, `/search-detail?type=HLT&city=Paris&check_in=${day(20)}&check_out=${day(22)}&guests=2`);
  await expect(page.getByTestId('result').first()).toBeVisible();
  await expect(page.getByTestId('search-summary')).toBeHidden();
  await expect(page.getByRole('search').getByRole('button', { name: 'Search' })).toBeVisible();
});

test('booking history on a phone shows the amount and status of every booking (fr-FR)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInDemo(page);
  await openPage(page, '/user/booking-history?lang=fr-FR');
  const rows = page.getByTestId('booking-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    for (const part of [row.getByTestId('booking-total'), row.locator('.badge').last()]) {
      await expect(part).toBeVisible();
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  }
});

for (const { lang, size, words } of [
  { lang: 'en-US', size: DESKTOP, words: { confirm: /Confirm and pay/, free: 'Free cancellation until', manage: 'Manage this booking', rule: /10% of the price, up to what the card holds \(\$[\d,]+\.\d\d\)/ } },
  { lang: 'fr-FR', size: PHONE, words: { confirm: /Confirmer et payer|Confirmer/, free: 'Annulation gratuite jusqu’au', manage: 'Gérer cette réservation', rule: /10\s%\sdu prix, dans la limite du solde de la carte \([\d\s ]+,\d\d\s\$US\)/ } },
]) {
  test(`checkout explains every amount and the terms, and the success page keeps them (${lang}, ${size.width} wide)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await signInDemo(page);
    // A certificate of this test's own (a booking spends it) and a hotel.
    const certificate = await issueCard(page.request, { kind: 'certificate', services: ['HLT'], amount: 150 });
    const hotel = await productOf(page.request, 'HLT', 'Paris');
    await openPage(page, `/hotel-checkout?id=${hotel.product_id}&check_in=${day(30)}&check_out=${day(32)}&guests=2&lang=${lang}`);
    await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
    const terms = page.getByTestId('checkout').getByTestId('cancellation-policy');
    await expect(terms).toContainText(words.free);
    // The deadline is on the hotel's clock (docs/decisions/0033-date-range-and-hotel-time.md).
    await expect(terms).toContainText(lang === 'fr-FR' ? 'heure de l’hôtel' : 'hotel time');

    // A discount card says what it took and why.
    // The card's name is translated content (seed/parts/11-translations.mjs).
    await page.getByTestId('wallet-discount').filter({ hasText: lang === 'fr-FR' ? 'Réduction hôtel membre' : 'Member Hotel Discount' }).click();
    await expect(page.getByTestId('discount-rule')).toHaveText(words.rule);
    // The stay line is the nightly price times the nights, and the total is the price less the wallet parts.
    await page.getByTestId('wallet-certificate').filter({ hasText: certificate.card_code }).click();
    await expect(page.getByTestId('sum-certificate')).toBeVisible();
    expect(toMinor(await amountOf(page, 'sum-price'))).toBe(toMinor(await amountOf(page, 'sum-unit')) * 2);
    const price = await amountOf(page, 'sum-price');
    const certificatePart = await amountOf(page, 'sum-certificate');
    expect(toMinor(await amountOf(page, 'sum-total'))).toBe(toMinor(price) - toMinor(certificatePart));
    if (lang === 'fr-FR') await keepScreen(page, 'checkout-fr-390', { fullPage: true });

    await page.getByTestId('book').click();
    await payIfAsked(page);
    await expect(page).toHaveURL(/\/checkout-success\?booking=/, { timeout: 20_000 });
    const ok = page.getByTestId('confirmation');
    await expect(ok).toBeVisible({ timeout: 30_000 });
    const ref = await ok.getByTestId('booking-id').textContent();
    await expect(ok.getByTestId('success-guests')).toContainText('2');
    await expect(ok.getByTestId('success-dates')).not.toBeEmpty();
    expect(await amountOf(page, 'success-price')).toBe(price);
    expect(await amountOf(page, 'success-certificate')).toBe(certificatePart);
    const card = await amountOf(page, 'paid-by-card');
    expect(toMinor(card)).toBe(toMinor(price) - toMinor(certificatePart));
    expect(await amountOf(page, 'paid-total')).toBe(card);
    await expect(ok.getByTestId('cancellation-policy')).toContainText(words.free);
    await expect(ok.getByTestId('manage-link')).toHaveText(words.manage);
    await expect(ok.getByTestId('manage-link')).toHaveAttribute('href', `/manage-booking?booking=${ref}`);
    // The booked hotel's first photo beside the summary (above it on a phone), described in the page's language, at
    // this width and the other one (docs/decisions/0032-photographs.md).
    const [first] = await photosOf(page.request, hotel.product_id);
    const photo = ok.locator('img.bk-success__photo');
    await expect(photo).toHaveAttribute('src', first!.src);
    for (const width of [size.width, size === PHONE ? DESKTOP.width : PHONE.width]) {
      await page.setViewportSize(width === PHONE.width ? PHONE : DESKTOP);
      await expectPhotoLoaded(photo, first!.alt[lang]!);
      const [img, summary] = [(await photo.boundingBox())!, (await ok.locator('dl.bk-amounts').boundingBox())!];
      if (width === PHONE.width) expect(img.y + img.height).toBeLessThanOrEqual(summary.y);
      else expect(img.x + img.width).toBeLessThanOrEqual(summary.x);
    }
    await page.setViewportSize(size);
    await expectAxeClean(page);
    if (lang === 'fr-FR') await keepScreen(page, 'success-fr-390', { fullPage: true });

    // The mail carries the same record and the org's name.
    const mails = (await (await page.request.get('/api/dev/outbox')).json()).data.filter((m: { subject: string }) => m.subject.includes(ref!));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Travel Club');
    // In the language of the page the booking was made on (docs/decisions/0034-translated-content.md).
    // Read with French typography's narrow spaces as plain ones (the branded mail's text part, decision 0064).
    const text = String(mails[0].text).replace(/[\u00a0\u202f]/g, ' ');
    const lines = lang === 'fr-FR'
      ? ['Voyageurs : 2', 'Certificat : ', 'Payé par carte : ', 'Total : ', 'Annulation : Annulation gratuite jusqu’au']
      : ['Guests: 2', 'Certificate: ', 'Paid by card: ', 'Total: ', 'Cancellation: Free cancellation until'];
    for (const line of [...lines, `/manage-booking?booking=${ref}`]) expect(text).toContain(line);

    await ok.getByTestId('manage-link').click();
    await expect(page).toHaveURL(new RegExp(`/manage-booking\\?booking=${ref}`));
  });
}

// The screens the issue's report shows (docs/screens, written when SCREENS_DIR is set): home (the whole page, its
// destination photographs loaded), results and details (the first screen) on a phone in French; checkout and the
// success page are written by the booking test above.
test('phone screens in French: home, results and details, photographs loaded', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await openPage(page, '/?lang=fr-FR');
  for (const img of await page.locator('img[data-dest-photo]').all()) await expectPhotoLoaded(img, (await img.getAttribute('alt')) || 'a French alt text');
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreen(page, 'home-fr-390', { fullPage: true });

  await openPage(page, `/search-detail?type=HLT&city=Paris&check_in=${day(20)}&check_out=${day(22)}&guests=2&lang=fr-FR`);
  const first = page.getByTestId('result').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.locator('img').evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  // Once React has taken over from the first screen (its search line is drawn): what a person then sees.
  await expect(page.getByTestId('search-summary')).toBeVisible();
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  await expect.poll(() => first.locator('img').evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  await keepScreen(page, 'results-fr-390');

  const hotel = await productOf(page.request, 'HLT', 'Paris');
  await openPage(page, `/hotel-details?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(22)}&guests=2&lang=fr-FR`);
  const photo = page.locator('.gallery img').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  await keepScreen(page, 'details-fr-390');
});
