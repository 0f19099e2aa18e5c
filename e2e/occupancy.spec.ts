// Who is travelling (issue 31, CONTRACT section 17, the Occupancy bullet): the search box's party picker, by keyboard,
// its party kept in the address as `occupancy` once per room, sent with the search, carried by a result to the product
// and on to checkout, kept on reload; an old `guests=N` address read as one room of N adults; axe on the open picker;
// a phone's width; English and French.
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { openPage } from './auth-helpers';
import { day } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Presses Tab (or Shift+Tab) until `target` has focus, as a person would; fails if it is not reachable. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reachable with Tab within ${max} presses: ${target}`);
}

/** Every search the page asks the API for, as its query. */
function searches(page: Page) {
  const seen: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/products/search') seen.push(url.searchParams);
  });
  return seen;
}

const partyButton = (page: Page) => page.getByRole('search').getByTestId('occupancy-button');

async function expectAxeClean(page: Page) {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test.describe('desktop, en-US', () => {
  test.use({ viewport: DESKTOP });

  test('by keyboard: a room added, a child of 5, Done; the address, the search, the result’s link and a reload keep the party', async ({ page }) => {
    const seen = searches(page);
    await openPage(page, '/');
    const button = partyButton(page);
    await expect(button).toHaveAccessibleName('Guests 2 adults · 1 room');

    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Who is travelling?' });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Fewer adults in room 1' })).toBeFocused();
    await expect(picker.getByRole('group', { name: 'Adults in room 1' })).toContainText('2');

    await tabTo(page, picker.getByRole('button', { name: 'More children in room 1' }));
    await page.keyboard.press('Enter');
    const age = picker.getByRole('combobox', { name: 'Age of child 1 in room 1' });
    await expect(age).toHaveValue('');
    await tabTo(page, picker.getByRole('button', { name: 'Add a room' }));
    await page.keyboard.press('Enter');
    await expect(picker.getByRole('group', { name: 'Room 2', exact: true })).toBeVisible();
    await expect(picker.getByRole('group', { name: 'Adults in room 2' })).toContainText('1');
    await expect(picker.getByTestId('occupancy-status')).toHaveText('3 adults · 1 child · 2 rooms');

    // Done before the child's age is chosen says so and goes to it.
    await tabTo(page, picker.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await expect(age).toBeFocused();
    await expect(age).toHaveAttribute('aria-invalid', 'true');
    await expect(picker.getByText("Choose this child's age")).toBeVisible();
    await page.keyboard.type('5');
    await expect(age).toHaveValue('5');

    // Tab stays in the dialog: from Done, Tab goes round to its first control.
    await tabTo(page, picker.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Tab');
    await expect(picker.getByRole('button', { name: 'Close' })).toBeFocused();
    await tabTo(page, picker.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName('Guests 3 adults · 1 child · 2 rooms');

    // Escape closes without a change and gives the focus back.
    await page.keyboard.press('Enter');
    await tabTo(page, picker.getByRole('button', { name: 'More adults in room 2' }));
    await page.keyboard.press('Enter');
    await expect(picker.getByTestId('occupancy-status')).toHaveText('4 adults · 1 child · 2 rooms');
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName('Guests 3 adults · 1 child · 2 rooms');

    await page.getByRole('search').getByRole('combobox', { name: 'Destination' }).fill('Lisbon');
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search-detail\?/);
    const address = new URL(page.url()).searchParams;
    expect(address.getAll('occupancy')).toEqual(['2-5', '1']);
    expect(address.get('guests')).toBe('4');
    await expect(page.getByTestId('result').first()).toBeVisible();
    await expect.poll(() => seen.at(-1)?.getAll('occupancy')).toEqual(['2-5', '1']);
    expect(seen.at(-1)!.get('guests')).toBe('4');
    await expect(page.getByRole('search').getByTestId('occupancy-summary')).toHaveText('3 adults · 1 child · 2 rooms');

    // A result's link carries the party to the product, whose own picker shows it, and on to checkout.
    const link = page.getByTestId('result').first().getByRole('link').first();
    expect(new URL((await link.getAttribute('href'))!, page.url()).searchParams.getAll('occupancy')).toEqual(['2-5', '1']);

    // Reloading keeps it: the first screen (before React) and the box say the same.
    const before = seen.length;
    await page.reload();
    await expect(page.getByRole('search').getByTestId('occupancy-summary')).toHaveText('3 adults · 1 child · 2 rooms');
    await expect(page.getByTestId('result').first()).toBeVisible();
    await expect.poll(() => seen.slice(before).map((q) => q.getAll('occupancy').join('&'))).toContain('2-5&1');
    await partyButton(page).click();
    await expect(picker.getByRole('combobox', { name: 'Age of child 1 in room 1' })).toHaveValue('5');
    await picker.getByRole('button', { name: 'Close' }).click();

    await link.click();
    await page.waitForURL(/\/hotel-details\?/);
    expect(new URL(page.url()).searchParams.getAll('occupancy')).toEqual(['2-5', '1']);
    const details = page.getByTestId('product-details');
    await expect(details.getByTestId('occupancy-summary')).toHaveText('3 adults · 1 child · 2 rooms');
    const book = details.getByTestId('book-now');
    await expect(book).toHaveAttribute('href', /occupancy=2-5&occupancy=1/);
  });

  test('an old address with guests=3 is three adults in one room, and is searched as such', async ({ page }) => {
    const seen = searches(page);
    await openPage(page, `/search-detail?type=HLT&city=Lisbon&check_in=${day(40)}&check_out=${day(42)}&guests=3`);
    await expect(page.getByRole('search').getByTestId('occupancy-summary')).toHaveText('3 adults · 1 room');
    await expect.poll(() => seen[0]?.getAll('occupancy')).toEqual(['3']);
    await partyButton(page).click();
    const picker = page.getByRole('dialog', { name: 'Who is travelling?' });
    await expect(picker.getByRole('group', { name: 'Adults in room 1' })).toContainText('3');
    await expect(picker.getByRole('group', { name: /^Room \d/ })).toHaveCount(1);
  });

  test('a product page’s party picker changes the address and the checkout link', async ({ page, request }) => {
    const hotel = (await (await request.get('/api/products/search?type=HLT&city=Lisbon&per_page=1')).json()).data[0] as { product_id: number };
    await openPage(page, `/hotel-details?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(22)}&guests=2`);
    const details = page.getByTestId('product-details');
    await details.getByTestId('occupancy-button').click();
    const picker = page.getByRole('dialog', { name: 'Who is travelling?' });
    await picker.getByRole('button', { name: 'More children in room 1' }).click();
    await picker.getByRole('combobox', { name: 'Age of child 1 in room 1' }).selectOption('9');
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(details.getByTestId('occupancy-summary')).toHaveText('2 adults · 1 child · 1 room');
    await expect(page).toHaveURL(/occupancy=2-9/);
    await expect(details.getByTestId('book-now')).toHaveAttribute('href', /occupancy=2-9/);
  });
});

for (const { lang, viewport, size } of [
  { lang: 'en', viewport: DESKTOP, size: '1280' },
  { lang: 'fr', viewport: DESKTOP, size: '1280' },
  { lang: 'en', viewport: PHONE, size: '390' },
  { lang: 'fr', viewport: PHONE, size: '390' },
]) {
  test(`the open picker at ${size} px in ${lang}: axe, nothing sideways, the page’s language only`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openPage(page, lang === 'fr' ? '/?lang=fr-FR' : '/');
    const button = partyButton(page);
    await expect(button).toHaveAccessibleName(lang === 'fr' ? 'Voyageurs 2 adultes · 1 chambre' : 'Guests 2 adults · 1 room');
    await button.click();
    const picker = page.getByRole('dialog', { name: lang === 'fr' ? 'Qui voyage\u202f?' : 'Who is travelling?' });
    await expect(picker).toBeVisible();
    const more = lang === 'fr' ? 'Plus d’enfants dans la chambre 1' : 'More children in room 1';
    await picker.getByRole('button', { name: more }).click();
    await picker.getByRole('combobox', { name: lang === 'fr' ? 'Âge de l’enfant 1 dans la chambre 1' : 'Age of child 1 in room 1' }).selectOption('5');
    await picker.getByRole('button', { name: lang === 'fr' ? 'Ajouter une chambre' : 'Add a room' }).click();
    await expect(picker.getByTestId('occupancy-status')).toHaveText(lang === 'fr' ? '3 adultes · 1 enfant · 2 chambres' : '3 adults · 1 child · 2 rooms');
    if (lang === 'fr') {
      const text = await picker.innerText();
      for (const english of ['Room', 'Adults', 'Children', 'Done', 'Add a room', 'years old', 'Age of']) expect(text, english).not.toContain(english);
    }
    await expectAxeClean(page);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    const box = await picker.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    // The search box at the top of the window, under the header, with its picker open below it.
    await page.getByRole('search').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 130));
    await keepScreen(page, `occupancy-picker-${lang}-${size}`);
    await picker.getByRole('button', { name: lang === 'fr' ? 'Valider' : 'Done' }).click();
    await expect(picker).toHaveCount(0);
    await expect(button).toHaveAccessibleName(lang === 'fr' ? 'Voyageurs 3 adultes · 1 enfant · 2 chambres' : 'Guests 3 adults · 1 child · 2 rooms');
  });
}
