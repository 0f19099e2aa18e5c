// A page's own read that fails (the network drops it) is said as such, with "Try again", never as "not found" or "none"
// (decision 0081): a hotel's page, its reviews and their next page, its checkout and the checkout's saved travellers, a
// booking's page, and the saved travellers. Each read is
// dropped once by the browser's network; "Try again" then shows what the page is for. English on a laptop, French on
// a phone; axe on each failed state; nothing scrolls sideways.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { openPage } from './auth-helpers';
import { d1Rows, d1Run, day, productOf, signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });

const TEXTS = {
  'en-US': {
    failed: 'This page could not be loaded. Check your connection and try again.', retry: 'Try again', reviews: 'The reviews could not be loaded.',
    travelers: 'Your saved travellers could not be loaded.', saved: 'Saved travellers', more: 'More reviews', moreFailed: 'More reviews could not be loaded.',
  },
  'fr-FR': {
    failed: 'Cette page n’a pas pu être chargée. Vérifiez votre connexion et réessayez.', retry: 'Réessayer', reviews: 'Les avis n’ont pas pu être chargés.',
    travelers: 'Vos voyageurs enregistrés n’ont pas pu être chargés.', saved: 'Voyageurs enregistrés', more: 'Plus d’avis', moreFailed: 'La suite des avis n’a pas pu être chargée.',
  },
} as const;
const SETS = [
  { language: 'en-US', width: 1280, height: 800 },
  { language: 'fr-FR', width: 390, height: 844 },
] as const;

/** The browser's network fails once for the next request matching `pattern`; later ones go through. */
async function dropOnce(page: Page, pattern: RegExp) {
  let dropped = false;
  await page.route(pattern, (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort('internetdisconnected');
  });
}

const noSideways = async (page: Page, what: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), what).toBeLessThanOrEqual(0);

/** The failed read is said in the page's language, passes axe, and "Try again" brings the page. */
async function saidThenRetried(page: Page, text: string, retry: string, where: string, shown: () => Promise<void>) {
  const failed = page.getByTestId('load-failed').filter({ hasText: text });
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('role', 'alert');
  await noSideways(page, where);
  await expectClean(page, where);
  await failed.scrollIntoViewIfNeeded();
  await keepScreen(page, `load-failed-${where.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
  await failed.getByRole('button', { name: retry }).click();
  await shown();
  await expect(page.getByTestId('load-failed')).toHaveCount(0);
}

/**
 * A hotel of its own (named in Portuguese: other specs' French pages, the console's lists, may show it and must find
 * no English there) with `count` reviews, "Avaliação número {i} de {tag}", the newest last.
 */
function hotelWithReviews(count: number) {
  const tag = crypto.randomUUID().slice(0, 6).toUpperCase();
  const name = `Casa Avaliações ${tag}`;
  d1Run(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, rating, time_zone)
       VALUES (1, 'HLT', '${name}', 'Porto', 'PT', 41.15, -8.61, 9000, 'night', 2, 4, 'Europe/Lisbon')`,
  );
  const id = d1Rows<{ id: number }>(`SELECT id FROM products WHERE name = '${name}'`)[0]!.id;
  addReviews(id, tag, 0, count);
  return { id, tag };
}

/** Reviews number `from` to `to` − 1 of the hotel, each of a stay booked there, in that order (the last the newest). */
function addReviews(id: number, tag: string, from: number, to: number) {
  const traveler = JSON.stringify({ title: 'Mrs', first_name: 'Dana', last_name: 'Demo', email: 'dana@example.com', phone: '+1 415 555 0134' });
  const refs = Array.from({ length: to - from }, (_, i) => `BK-REV-${tag}-${from + i}`);
  d1Run(
    `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor,
       paid_minor, status, idempotency_key, request_hash, traveler)
     SELECT r.ref, 1, NULL, p.id, 'HLT', p.name, 'Porto', '${day(-40)}', '${day(-38)}', 2, 'USD', 24000, 24000, 24000, 'CONFIRMED', 'k-' || r.ref, 'h', '${traveler}'
     FROM products p, (${refs.map((r) => `SELECT '${r}' AS ref`).join(' UNION ALL ')}) r WHERE p.id = ${id}`,
  );
  d1Run(
    `INSERT INTO reviews (org_id, booking_id, product_id, score, text, first_name, country, stayed)
     SELECT 1, b.id, b.product_id, 8, 'Avaliação número ' || substr(b.booking_ref, ${`BK-REV-${tag}-`.length + 1}) || ' de ${tag}', 'Dana', 'PT', '${day(-40).slice(0, 7)}'
     FROM bookings b WHERE b.booking_ref IN (${refs.map((r) => `'${r}'`).join(', ')}) ORDER BY b.id`,
  );
}

for (const { language, width, height } of SETS) {
  const t = TEXTS[language];
  const lang = language.slice(0, 2);

  test(`a hotel's page, its reviews and its checkout say a failed read and try again (${lang}, ${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const hotel = await productOf(page.request, 'HLT', 'Lisbon');
    await dropOnce(page, new RegExp(`/api/products/${hotel.product_id}\\?`));
    await openPage(page, `/hotel-details?id=${hotel.product_id}&lang=${language}`);
    await saidThenRetried(page, t.failed, t.retry, `details ${lang} ${width}`, async () => {
      await expect(page.getByRole('heading', { name: hotel.name })).toBeVisible();
      // Its reviews read too: a read of this page still to come would meet the drop set up for the next page's.
      await expect(page.getByTestId('product-reviews')).toBeVisible();
    });

    await dropOnce(page, new RegExp(`/api/products/${hotel.product_id}/reviews`));
    await openPage(page, `/hotel-details?id=${hotel.product_id}&lang=${language}`);
    await expect(page.getByRole('heading', { name: hotel.name })).toBeVisible();
    await saidThenRetried(page, t.reviews, t.retry, `reviews ${lang} ${width}`, async () => {
      await expect(page.getByTestId('product-reviews')).toBeVisible();
    });

    await page.unrouteAll();
    await dropOnce(page, new RegExp(`/api/products/${hotel.product_id}\\?`));
    await openPage(page, `/hotel-checkout?id=${hotel.product_id}&check_in=${day(60)}&check_out=${day(62)}&guests=2&lang=${language}`);
    await saidThenRetried(page, t.failed, t.retry, `checkout ${lang} ${width}`, async () => {
      await expect(page.getByTestId('checkout')).toBeVisible();
    });
  });

  test(`a booking's page and the saved travellers say a failed read and try again (${lang}, ${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInDemo(page);
    const ref = `BK-LOADF-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const traveler = JSON.stringify({ title: 'Mrs', first_name: 'Dana', last_name: 'Demo', email: 'dana@example.com', phone: '+1 415 555 0134' });
    d1Run(
      `INSERT INTO bookings (booking_ref, org_id, user_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor,
         paid_minor, status, idempotency_key, request_hash, traveler)
       SELECT '${ref}', u.org_id, u.id, p.id, p.type, p.name, p.city, '${day(70)}', '${day(72)}', 2, 'USD', 24000, 24000, 24000, 'CONFIRMED', 'k-${ref}', 'h', '${traveler}'
       FROM users u JOIN products p ON p.org_id = u.org_id AND p.type = 'HLT' WHERE u.email = 'demo@example.com' LIMIT 1`,
    );
    await dropOnce(page, new RegExp(`/api/bookings/${ref}$`));
    await openPage(page, `/manage-booking?booking=${ref}&lang=${language}`);
    await saidThenRetried(page, t.failed, t.retry, `manage booking ${lang} ${width}`, async () => {
      await expect(page.getByText(ref).first()).toBeVisible();
    });

    await dropOnce(page, /\/api\/user\/travelers$/);
    await openPage(page, `/user/travelers?lang=${language}`);
    await saidThenRetried(page, t.travelers, t.retry, `travellers ${lang} ${width}`, async () => {
      await expect(page.getByTestId('travelers').getByRole('status')).toHaveCount(0);
    });

    // The checkout's "Saved travellers" picker: its failed read is said beside the details (still typed by hand), and
    // "Try again" brings the picker with the traveller saved.
    const last = `Loadfail${crypto.randomUUID().slice(0, 6)}`;
    d1Run(`INSERT INTO travelers (org_id, user_id, title, first_name, last_name, email) SELECT org_id, id, 'Mrs', 'Ada', '${last}', 'ada@example.com' FROM users WHERE email = 'demo@example.com'`);
    const hotel = await productOf(page.request, 'HLT', 'Lisbon');
    await dropOnce(page, /\/api\/user\/travelers$/);
    await openPage(page, `/hotel-checkout?id=${hotel.product_id}&check_in=${day(64)}&check_out=${day(66)}&guests=2&lang=${language}`);
    await expect(page.getByTestId('checkout')).toBeVisible();
    await expect(page.getByTestId('checkout').getByLabel(t.saved)).toHaveCount(0);
    await saidThenRetried(page, t.travelers, t.retry, `checkout travellers ${lang} ${width}`, async () => {
      const picker = page.getByTestId('checkout').getByLabel(t.saved);
      await expect(picker.locator('option', { hasText: last })).toHaveCount(1);
      await picker.selectOption({ label: `${language === 'fr-FR' ? 'Mme' : 'Mrs'} Ada ${last}` });
      await expect(page.getByTestId('checkout').getByLabel(language === 'fr-FR' ? 'Prénom' : 'First name')).toHaveValue('Ada');
    });
  });

  test(`a hotel's next page of reviews says a failed read and tries again, adding each review once (${lang}, ${width})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // A hotel of its own with twelve reviews: the page shows ten, "More reviews" the last two.
    const { id, tag } = hotelWithReviews(12);
    await openPage(page, `/hotel-details?id=${id}&lang=${language}`);
    const reviews = page.getByTestId('product-reviews');
    await expect(reviews.getByTestId('review')).toHaveCount(10);
    await dropOnce(page, new RegExp(`/api/products/${id}/reviews\\?page=2`));
    await reviews.getByRole('button', { name: t.more }).click();
    await saidThenRetried(page, t.moreFailed, t.retry, `more reviews ${lang} ${width}`, async () => {
      await expect(reviews.getByTestId('review')).toHaveCount(12);
    });
    // Every review once, and nothing more to ask for.
    for (let i = 0; i < 12; i++) await expect(reviews.getByTestId('review').filter({ hasText: `Avaliação número ${i} de ${tag}` })).toHaveCount(1);
    await expect(reviews.getByRole('button', { name: t.more })).toHaveCount(0);
  });
}

test('a review written while the page is open does not show one already shown twice when "More reviews" reads on', async ({ page }) => {
  const { id, tag } = hotelWithReviews(12);
  await openPage(page, `/hotel-details?id=${id}&lang=en-US`);
  const reviews = page.getByTestId('product-reviews');
  await expect(reviews.getByTestId('review')).toHaveCount(10);
  // A newer review moves every one down a place: the next page now starts with the last one this page shows.
  addReviews(id, tag, 12, 13);
  await reviews.getByRole('button', { name: 'More reviews' }).click();
  await expect(reviews.getByTestId('review').filter({ hasText: `Avaliação número 0 de ${tag}` })).toHaveCount(1);
  for (let i = 0; i < 12; i++) await expect(reviews.getByTestId('review').filter({ hasText: `Avaliação número ${i} de ${tag}` })).toHaveCount(1);
  await expect(reviews.getByTestId('review')).toHaveCount(12);
  // Both pages are read: nothing more to offer.
  await expect(reviews.getByRole('button', { name: 'More reviews' })).toHaveCount(0);
});

test('a review hidden while the page is open skips none of the others and leaves no "More reviews" that reads nothing', async ({ page }) => {
  const { id, tag } = hotelWithReviews(12);
  await openPage(page, `/hotel-details?id=${id}&lang=en-US`);
  const reviews = page.getByTestId('product-reviews');
  await expect(reviews.getByTestId('review')).toHaveCount(10);
  // The newest review, shown first, is hidden by the org (its count goes down with it): the next page moves up a place.
  d1Run(`UPDATE reviews SET hidden = 1, hidden_reason = 'Ofensiva' WHERE text = 'Avaliação número 11 de ${tag}'`);
  await reviews.getByRole('button', { name: 'More reviews' }).click();
  // The second page was the last: eleven reviews are left, all read. Before, the button stayed (11 shown of 12 counted)
  // and every press read an empty third page.
  await expect(reviews.getByTestId('review').filter({ hasText: `Avaliação número 0 de ${tag}` })).toHaveCount(1);
  await expect(reviews.getByRole('button', { name: 'More reviews' })).toHaveCount(0);
  // The review that moved up onto the first page's end is not skipped: every review left is shown once, in order.
  for (let i = 0; i < 11; i++) await expect(reviews.getByTestId('review').filter({ hasText: `Avaliação número ${i} de ${tag}` })).toHaveCount(1);
  const order = await reviews.getByTestId('review').allTextContents();
  const numbers = order.map((text) => Number(/Avaliação número (\d+)/.exec(text)?.[1]));
  expect(numbers, 'newest first').toEqual([...numbers].sort((a, b) => b - a));
});
