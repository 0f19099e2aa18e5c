// A page's own read that fails (the network drops it) is said as such, with "Try again", never as "not found" or "none"
// (decision 0081): a hotel's page and its reviews, its checkout, a booking's page, and the saved travellers. Each read is
// dropped once by the browser's network; "Try again" then shows what the page is for. English on a laptop, French on
// a phone; axe on each failed state; nothing scrolls sideways.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { openPage } from './auth-helpers';
import { d1Run, day, productOf, signInDemo } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });

const TEXTS = {
  'en-US': { failed: 'This page could not be loaded. Check your connection and try again.', retry: 'Try again', reviews: 'The reviews could not be loaded.', travelers: 'Your saved travellers could not be loaded.' },
  'fr-FR': { failed: 'Cette page n’a pas pu être chargée. Vérifiez votre connexion et réessayez.', retry: 'Réessayer', reviews: 'Les avis n’ont pas pu être chargés.', travelers: 'Vos voyageurs enregistrés n’ont pas pu être chargés.' },
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
  });
}
