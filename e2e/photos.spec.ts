// Product photographs as people use them: an org admin uploads a photo, moves it first from the keyboard (and drags
// another), writes its alt text in two languages; a traveller then sees it first on the product page and steps
// through the gallery by keyboard, buttons and thumbnails; axe on the new pages and states; the phone layout.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { openPage, signIn, dialog } from './auth-helpers';
import { expectNoSeriousAxeViolation, PORT } from './admin-helpers';
import { keepScreen } from './screens';

const SITE = `http://acme.localhost:${PORT}`;
const PRODUCT = 'Gràcia Courtyard Flat';
const PRODUCT_FR = 'Appartement sur cour à Gràcia';

async function noSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('an admin adds, orders and describes a photo; a traveller sees it first and steps through the gallery', async ({ page, browser }, testInfo) => {
  test.slow();
  // A photo of its own each run, so the upload is new even on a retry.
  const bytes = await sharp({ create: { width: 1000, height: 625, channels: 3, background: { r: 200, g: 40 + testInfo.retry * 20, b: (Date.now() % 200) + 20 } } }).jpeg().toBuffer();

  await openPage(page, `${SITE}/admin/products?lang=en-US`);
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await signIn(page, 'admin@acme.example.com', 'Admin1!pass');
  await expect(dialog(page, 'Sign in')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('link', { name: `Photos of ${PRODUCT}` }).click();
  await expect(page).toHaveURL(/\/admin\/products\/photos\?id=\d+/);
  const productId = new URL(page.url()).searchParams.get('id');
  const items = page.getByTestId('photo-item');
  await expect(items.first()).toBeVisible();
  const before = await items.count();
  await expectNoSeriousAxeViolation(page);

  await page.getByLabel(/Add a photo/).setInputFiles({ name: 'holiday.txt', mimeType: 'text/plain', buffer: bytes });
  await page.getByRole('button', { name: 'Upload' }).click();
  // Every width and format is made before the answer: seconds, more on a loaded machine.
  await expect(page.getByTestId('photo-status')).toHaveText('Photo added', { timeout: 90_000 });
  await expect(items).toHaveCount(before + 1);
  const newId = await items.last().getAttribute('data-photo-id');

  // A file that is not a photo is refused with the server's message, in the page's language.
  await page.getByLabel(/Add a photo/).setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('photo-error')).toHaveText('The file is not a JPEG, PNG, WebP or AVIF image');
  await expectNoSeriousAxeViolation(page);

  // Keyboard: the move-up button keeps the focus, so Enter moves the photo step by step to the top.
  const up = page.getByRole('button', { name: `Move photo ${before + 1} up` });
  await up.focus();
  for (let step = before + 1; step > 1; step--) {
    await expect(page.getByRole('button', { name: `Move photo ${step} up` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('photo-status')).toHaveText(`Photo moved to position ${step - 1}`);
  }
  await expect(items.first()).toHaveAttribute('data-photo-id', newId!);
  await expect(items.first().getByRole('heading')).toContainText('Shown first');

  // Mouse: drag the third photo onto the second.
  const third = await items.nth(2).getAttribute('data-photo-id');
  await items.nth(2).dragTo(items.nth(1));
  await expect(items.nth(1)).toHaveAttribute('data-photo-id', third!);
  await expect(items.first()).toHaveAttribute('data-photo-id', newId!);

  const alt = page.getByRole('group', { name: /Alt text of photo 1/ });
  await alt.getByLabel('English').fill('A red courtyard wall in the afternoon sun');
  await alt.getByLabel('French').fill('Un mur rouge de la cour au soleil de l’après-midi');
  await alt.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByTestId('photo-status')).toHaveText('Saved');

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);

  // The traveller, signed out, on the next request.
  const travellerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const traveller = await travellerContext.newPage();
  await openPage(traveller, `${SITE}/hotel-details?id=${productId}&lang=en-US`);
  const gallery = traveller.getByRole('region', { name: `Photos of ${PRODUCT}` });
  const first = gallery.locator('img[data-current="true"]');
  await expect(first).toHaveAttribute('alt', 'A red courtyard wall in the afternoon sun');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('srcset', /480w.*1600w/);
  const count = gallery.getByTestId('gallery-count');
  const total = before + 1;
  await expect(count).toContainText(`1 / ${total}`);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await keepScreen(traveller, 'photos-details-en-1280');
  await expectNoSeriousAxeViolation(traveller);

  // Keyboard on the focused photo: → next, End last, Home first; the buttons wrap; a thumbnail jumps.
  await gallery.getByTestId('gallery-track').focus();
  await traveller.keyboard.press('ArrowRight');
  await expect(count).toContainText(`2 / ${total}`);
  await traveller.keyboard.press('End');
  await expect(count).toContainText(`${total} / ${total}`);
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(count).toContainText(`1 / ${total}`);
  await gallery.getByRole('button', { name: 'Previous photo' }).click();
  await expect(count).toContainText(`${total} / ${total}`);
  await gallery.getByRole('button', { name: 'Photo 3' }).click();
  await expect(count).toContainText(`3 / ${total}`);
  await traveller.keyboard.press('Home');
  await expect(count).toContainText(`3 / ${total}`);
  await gallery.getByTestId('gallery-track').focus();
  await traveller.keyboard.press('Home');
  await expect(count).toContainText(`1 / ${total}`);

  // In French, on a phone: the French alt text, nothing sideways.
  await traveller.setViewportSize({ width: 390, height: 844 });
  await openPage(traveller, `${SITE}/hotel-details?id=${productId}&lang=fr-FR`);
  // The product's name is translated content: the French page names it in French (seed/parts/11-translations.mjs).
  const fr = traveller.getByRole('region', { name: `Photos\u202f: ${PRODUCT_FR}` });
  await expect(fr.locator('img[data-current="true"]')).toHaveAttribute('alt', 'Un mur rouge de la cour au soleil de l’après-midi');
  await expect(fr.getByRole('button', { name: 'Photo suivante' })).toBeVisible();
  await noSidewaysScroll(traveller);
  await expect.poll(() => fr.locator('img[data-current="true"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await keepScreen(traveller, 'photos-details-fr-390');
  await expectNoSeriousAxeViolation(traveller);

  // The results page shows the photo first on the product's card, with every width offered.
  await openPage(traveller, `${SITE}/stays?type=STY&city=Barcelona&check_in=2026-12-20&check_out=2026-12-22&guests=2&lang=fr-FR`);
  const card = traveller.getByTestId('result').filter({ hasText: PRODUCT_FR });
  await expect(card.locator('img')).toHaveAttribute('srcset', /800w/);
  await travellerContext.close();
});
