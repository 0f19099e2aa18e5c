// A traveller opens the home page.
import { expect, test } from '@playwright/test';
import { expectPhotoLoaded, photosOf } from './booking-helpers';

test('the home page renders with no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

// Each destination card shows a photograph of the place: the first photo of the city's cheapest hotel (the one its
// "from" price is), set at the edge with the page (docs/decisions/0032-photographs.md), its alt text in the page's language.
for (const lang of ['en-US', 'fr-FR'] as const) {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`destination cards show a photograph of the place, loaded, described in the page's language (${lang}, ${size.width} wide)`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`/?lang=${lang}`);
      const cards = page.locator('li.dest-card');
      await expect(cards).toHaveCount(6);
      for (const card of await cards.all()) {
        const href = (await card.locator('a.dest-link').getAttribute('href'))!;
        const query = new URL(href, 'http://localhost').searchParams;
        query.set('sort', 'price');
        query.set('per_page', '1');
        const cheapest = (await (await page.request.get(`/api/products/search?${query}`)).json()).data[0] as { product_id: number };
        const [first] = await photosOf(page.request, cheapest.product_id);
        const img = card.locator('img[data-dest-photo]');
        await expect(img).toHaveAttribute('src', first!.src);
        await expect(img).toHaveAttribute('loading', 'lazy');
        await expectPhotoLoaded(img, first!.alt[lang]!);
      }
      // The same photo is described in each language: the French page never carries the English text.
      if (lang === 'fr-FR') {
        const english = await page.request.get('/?lang=en-US').then((r) => r.text());
        const alt = (await cards.first().locator('img[data-dest-photo]').getAttribute('alt'))!;
        expect(english).not.toContain(`alt="${alt}"`);
      }
      // Nothing moves when the photographs arrive (their frame and size are stated).
      const shift = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => done(total), 300);
          }),
      );
      expect(shift).toBeLessThan(0.1);
    });
  }
}

// The destination's suggestions refresh under a person typing: the city they highlighted stays highlighted, and a city
// that no longer matches the text is never offered (src/islands/booking/SearchBox.tsx, Destination).
test('a highlighted destination stays highlighted while the suggestions refresh, and Enter chooses it', async ({ page }) => {
  await page.goto('/');
  const box = page.getByTestId('search-box');
  const destination = box.getByRole('combobox', { name: 'Destination' });
  await destination.click();
  const answerFor = (q: string) => page.waitForResponse((r) => r.url().includes('/api/products/cities') && new URL(r.url()).searchParams.get('q') === q);
  const forL = answerFor('L');
  await page.keyboard.type('L');
  await forL;
  await expect(box.getByRole('option', { name: /London/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const lisbon = box.getByRole('option', { name: /Lisbon/ });
  await expect(lisbon).toHaveAttribute('aria-selected', 'true');

  const forLi = answerFor('Li');
  await page.keyboard.type('i');
  await expect(box.getByRole('option', { name: /London/ })).toHaveCount(0);
  await forLi;
  await expect(lisbon).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(destination).toHaveValue('Lisbon');
});
