// A results page starts its search before React, and the first card's photo is asked for as soon as the answer comes
// (src/islands/booking/results-start.ts; docs/decisions/0047-pages-name-their-first-call.md): one search, one photo.
import { expect, test, type Page } from '@playwright/test';
import { openPage } from './auth-helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Every request to the search and to the photographs, by path and query. */
function recordRequests(page: Page) {
  const searches: string[] = [];
  const photos: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/products/search') searches.push(url.search);
    if (url.pathname.startsWith('/api/images/')) photos.push(url.pathname);
  });
  return { searches, photos };
}

/** How the browser came to fetch the first card's photo: `link` when the preload asked for it, `img` when the card did. */
async function firstPhotoFetch(page: Page) {
  const first = page.getByTestId('result').first().locator('img');
  await expect(first).toHaveJSProperty('complete', true);
  return first.evaluate((img: HTMLImageElement) => {
    const entries = performance.getEntriesByName(img.currentSrc) as PerformanceResourceTiming[];
    const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"][data-first-result-photo]');
    return { src: new URL(img.currentSrc).pathname, initiators: entries.map((e) => e.initiatorType), preloaded: preload?.href ?? null };
  });
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px, a results page asks for its search once and its first photo once, from the preload`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const seen = recordRequests(page);
    // A search nobody has asked yet (a price ceiling of its own, above every price): the page's script draws it, as
    // the edge draws only searches it has answered before (docs/decisions/0050-first-photo-with-the-page.md).
    const ceiling = 1_000_000 + Math.floor(Math.random() * 9_000_000);
    await openPage(page, `/search-detail?type=HLT&city=Lisbon&check_in=${day(30)}&check_out=${day(33)}&guests=2&max_price=${ceiling}`);
    await expect(page.getByTestId('results-title')).toHaveText(/Lisbon/);
    const photo = await firstPhotoFetch(page);
    await page.waitForLoadState('networkidle');
    expect(seen.searches).toHaveLength(1);
    expect(seen.searches[0]).toContain(`check_in=${day(30)}&check_out=${day(33)}&guests=2`);
    expect(seen.searches[0]).toContain(`max_price=${ceiling}`);
    // The card chose the width the preload chose: the photo came once, and the preload is what asked for it.
    expect(photo.initiators).toEqual(['link']);
    expect(seen.photos.filter((p) => p === photo.src)).toHaveLength(1);
    expect(photo.preloaded).not.toBeNull();
  });
}

test('in French, with no dates in the address, the page starts the search for its default stay once and the island shows it', async ({ page }) => {
  const seen = recordRequests(page);
  await openPage(page, '/resorts?lang=fr-FR');
  await expect(page.getByTestId('result').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.searches).toHaveLength(1);
  const query = new URLSearchParams(seen.searches[0]);
  expect(query.get('type')).toBe('RST');
  expect(query.get('check_in')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // Changing a criterion is a new search, asked for once more (the island's own).
  await page.getByRole('combobox', { name: 'Trier par' }).selectOption({ index: 1 });
  await expect.poll(() => seen.searches.length).toBe(2);
  expect(new URLSearchParams(seen.searches[1]).get('sort')).not.toBeNull();
});

test('a search the API refuses is asked for once, its message shown by the island, and no photo preloaded', async ({ page }) => {
  const seen = recordRequests(page);
  // A check-out before the check-in: the API refuses the search with a 400 and its message.
  await openPage(page, `/search-detail?type=HLT&city=Lisbon&check_in=${day(33)}&check_out=${day(30)}&guests=2`);
  await expect(page.getByRole('alert')).toHaveText('Invalid check_out: Check-out must not be before check-in');
  // Nothing to draw before React: the island shows the refusal, and no results.
  await expect(page.getByTestId('result')).toHaveCount(0);
  expect(seen.searches).toHaveLength(1);
  expect(await page.locator('link[data-first-result-photo]').count()).toBe(0);
});
