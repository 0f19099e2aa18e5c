// A results page draws its first screen before React (src/islands/booking/results-first-screen.ts, decision 0048): the
// cards, their photographs and prices are on screen while React's code is held back; React is asked for only once the
// first photograph is shown; when React takes over, the words are the same and nothing moves.
import { expect, test, type Page } from '@playwright/test';
import { expectClean } from './axe';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const LISBON = `/search-detail?type=HLT&city=Lisbon&check_in=${day(30)}&check_out=${day(33)}&guests=2`;
const REACT = /\/_astro\/react\.[\w-]+\.js$/;

/** Holds React's code until `release()`, and notes when it was asked for (ms since the page's start). */
async function holdReact(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  const asked: number[] = [];
  await page.route(REACT, async (route) => {
    asked.push(await page.evaluate(() => performance.now()).catch(() => -1));
    await released;
    await route.continue();
  });
  return { release, asked };
}

/**
 * Waits until `address` comes drawn with its answer for a visitor asking through `request`. A miss has the first visitor
 * ask the search again: the answer is kept once the page's own search has been answered and written at the edge (later
 * on a loaded machine), and kept under the org's version, which another spec's settings change may move meanwhile.
 */
async function drawnAfter(first: Page, request: { get: (url: string) => Promise<{ text: () => Promise<string> }> }, address: string) {
  await expect
    .poll(
      async () => {
        const html = await (await request.get(address)).text();
        if (!html.includes('data-first-screen')) {
          await first.reload();
          await expect(first.getByTestId('result').first()).toBeVisible();
        }
        return html;
      },
      { timeout: 20_000 },
    )
    .toContain('data-first-screen');
}

/** Where the title, the first card, its photo and its price sit, and the pages' bar. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null;
    };
    return {
      title: box('[data-testid="results-title"]'),
      card: box('[data-testid="result"]'),
      photo: box('[data-testid="result"] img'),
      price: box('[data-testid="result"] [data-testid="price"]'),
      pages: box('.bk-pages'),
    };
  });

/** The search box's text, and where it and its fields sit (a phone shows its one-line summary, a wider screen the form). */
const searchBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('[data-testid="search-box"]')!;
    const at = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r && r.width ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null;
    };
    return { text: box.innerText, box: at(box), fields: [...box.querySelectorAll('input, button')].map(at).filter(Boolean) };
  });

/** The layout shifts so far of anything in the results (the search box's own are its business, and measured elsewhere). */
const shifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
        const inResults = (node: Node | null) => (node instanceof Element ? node : node?.parentElement)?.closest('.bk-results') != null;
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) if (!e.hadRecentInput && e.sources.some((s) => inResults(s.node))) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(sum), 100);
      }),
  );

for (const { width, height, lang, perNight, view, place, guests, destination, nights } of [
  { width: 1280, height: 800, lang: 'en-US', perNight: 'per night', view: 'View', place: 'Lisbon', guests: '2 adults · 1 room', destination: 'Destination', nights: '3 nights' },
  { width: 390, height: 844, lang: 'fr-FR', perNight: 'par nuit', view: 'Voir', place: 'Lisbonne', guests: '2 adultes · 1 chambre', destination: 'Destination', nights: '3 nuits' },
]) {
  test(`at ${width} px in ${lang}, the results, photographs and prices show before React, which then takes over without a change in sight`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const react = await holdReact(page);
    await page.goto(`${LISBON}&lang=${lang}`);
    const first = page.locator('[data-first-screen]');
    await expect(first.getByTestId('result').first()).toBeVisible();
    await expect(first.getByTestId('result').first().locator('img')).toHaveJSProperty('complete', true);
    await expect(first.getByTestId('result').first()).toContainText(perNight);
    await expect(first.getByTestId('result').first().getByRole('link', { name: new RegExp(`^${view}\\W`) })).toBeVisible();
    // The filters wait for the island's own: disabled, and React not yet here.
    await expect(first.getByRole('combobox')).toBeDisabled();
    expect(await page.evaluate(() => document.querySelector('astro-island[client="only"]'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectClean(page, `results before React (${lang}, ${width} px)`);
    // React was asked for once the first photograph was shown (the request is held here).
    await expect.poll(() => react.asked.length).toBeGreaterThan(0);
    const before = { text: await first.innerText(), at: await boxes(page), search: await searchBox(page) };
    // The search box is drawn too, from the address and the answer's place, rather than an empty card.
    const standIn = page.locator('astro-island[client="interaction"]').getByTestId('search-box');
    if (width < 768) await expect(standIn.getByTestId('search-summary')).toHaveText(new RegExp(`^${place} · .+ · ${guests}`));
    else {
      await expect(standIn.getByRole('combobox', { name: destination })).toHaveValue(place);
      await expect(standIn.getByTestId('nights')).toHaveText(nights);
      await expect(standIn.getByTestId('occupancy-summary')).toHaveText(guests);
    }

    react.release();
    await expect(first).toHaveCount(0);
    const island = page.getByTestId('results');
    await expect(page.locator('.bk-results').getByRole('combobox')).toBeEnabled();
    await expect(island.getByTestId('result').first().locator('img')).toHaveJSProperty('complete', true);
    expect(await page.locator('.bk-results').innerText()).toBe(before.text);
    expect(await boxes(page)).toEqual(before.at);
    expect(await shifts(page)).toBe(0);
    // The real search box says the same, where its stand-in was.
    await expect(page.locator('astro-island[client="only"]').getByTestId('search-box')).toBeVisible();
    expect(await searchBox(page)).toEqual(before.search);
  });
}

test('a card followed before React has loaded opens the product, as a link does', async ({ page }) => {
  const react = await holdReact(page);
  await page.goto(LISBON);
  const card = page.locator('[data-first-screen]').getByTestId('result').first();
  const name = (await card.locator('h3').innerText()).trim();
  await card.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/hotel-details\?id=\d+/);
  react.release();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
});

test('a filter chosen right after React takes over applies; before that it is disabled, so nothing is lost', async ({ page }) => {
  const react = await holdReact(page);
  await page.goto(LISBON);
  const first = page.locator('[data-first-screen]');
  await expect(first.getByTestId('result').first()).toBeVisible();
  await expect(first.getByRole('combobox', { name: 'Sort by' })).toBeDisabled();
  // Playwright waits for an enabled control: the island's, once React is released.
  setTimeout(() => react.release(), 300);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  // The address changes at once; the sorted answer follows it (the list is the old one until then).
  const prices = () => page.getByTestId('result').getByTestId('price').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-amount'))));
  await expect.poll(async () => {
    const now = await prices();
    return now.length > 1 && now.every((p, i) => i === 0 || now[i - 1]! <= p);
  }).toBe(true);
});

test('a card link focused by keyboard before React keeps the focus when the island takes over, and Enter opens it', async ({ page }) => {
  const react = await holdReact(page);
  await page.goto(LISBON);
  const view = page.locator('[data-first-screen]').getByTestId('result').first().getByRole('link', { name: /^View\W/ });
  await expect(view).toBeVisible();
  const name = await view.getAttribute('aria-label');
  await view.focus();
  await expect(view).toBeFocused();
  react.release();
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  const real = page.getByTestId('result').first().getByRole('link', { name: name! });
  await expect(real).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hotel-details\?id=\d+/);
});

test("a search asked before comes written in the page: the next visitor, even without JavaScript, reads the results, photographs and prices (fr-FR, 390 px)", async ({ page, browser }) => {
  const address = `/search-detail?type=HLT&city=Paris&check_in=${day(44)}&check_out=${day(46)}&guests=2&lang=fr-FR`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(address);
  await expect(page.getByTestId('result').first()).toBeVisible();
  const names = await page.getByTestId('results').getByTestId('result').locator('h3').allInnerTexts();
  const summary = (await page.getByTestId('search-summary').textContent()) ?? '';

  // The next visitor: no session, and no script at all.
  const origin = new URL(page.url()).origin;
  const next = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    // Drawn for this visitor: the page they load has the results (asked again by the first visitor on a miss, as
    // `drawnAfter` does, but judged on the very page read below).
    const second = await next.newPage();
    const cards = second.getByTestId('result');
    await expect
      .poll(
        async () => {
          await second.goto(origin + address);
          const drawn = await cards.count();
          if (!drawn) {
            await page.reload();
            await expect(page.getByTestId('result').first()).toBeVisible();
          }
          return drawn;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expect(cards.first()).toBeVisible();
    expect(await cards.locator('h3').allInnerTexts()).toEqual(names);
    await expect(cards.first().locator('img')).toHaveJSProperty('complete', true);
    await expect(cards.first().getByTestId('price')).toHaveText(/\d,\d\d/);
    await expect(cards.first()).toContainText('par nuit');
    await expect(second.getByTestId('search-summary')).toHaveText(summary);
    // A card's link works as a link.
    await cards.first().getByRole('link', { name: names[0]!, exact: true }).click();
    await expect(second).toHaveURL(/\/hotel-details\?id=\d+/);
  } finally {
    await next.close();
  }
});

test("a page without dates comes drawn for today's default stay, and a visitor whose clock says another day gets their own", async ({ page, browser }) => {
  // A first visitor of /resorts: its default stay's answer is kept at the edge.
  await page.goto('/resorts');
  await expect(page.getByTestId('result').first()).toBeVisible();
  await drawnAfter(page, page.request, '/resorts');

  // The next visitor's clock is ten days ahead: the page's own search is another, so the drawn screen is not kept.
  const origin = new URL(page.url()).origin;
  const next = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const second = await next.newPage();
    await second.clock.setFixedTime(new Date(Date.now() + 10 * 86_400_000));
    await second.goto(`${origin}/resorts`);
    const minDays = await second.evaluate(() => JSON.parse(document.getElementById('tc-boot')!.textContent!).org.orgBySite.minCheckinDays as number);
    const expected = new Date(Date.now() + (10 + minDays) * 86_400_000).toISOString().slice(0, 10);
    await expect(second.getByTestId('search-box').getByTestId('check-in-value')).toHaveAttribute('data-day', expected);
    await expect(second.getByTestId('result').first()).toBeVisible();
    // And it stays so once React has taken over.
    await expect(second.locator('astro-island[client="only"]').getByTestId('search-box').getByTestId('check-in-value')).toHaveAttribute('data-day', expected);
  } finally {
    await next.close();
  }
});
