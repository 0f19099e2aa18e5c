// Page weight: the shell's first load carries no dialog code and no zod; each dialog's code arrives when it opens.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, dialog, openPage, openSignInFromMenu } from './auth-helpers';

const REACT_CHUNK = /\/_astro\/react\.[\w-]+\.js$/;
const ACCOUNT_DIALOGS = /\/_astro\/(SignInDialog|SignUpDialog|ForgotPasswordDialog)\.[\w-]+\.js$/;
const LOCALE_DIALOG = /\/_astro\/LocaleDialog\.[\w-]+\.js$/;

/** Every /_astro/*.js the page fetches, in order, with its body. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js')) scripts.push({ url: url.pathname, body: response.text().catch(() => '') });
  });
  return scripts;
}

/** Loads a page and waits for its islands to settle (the account menu has answered, the network is quiet). */
async function loadShell(page: Page, path: string) {
  await openPage(page, path);
  await expect(page.getByRole('button', { name: /^Account: Sign in/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the home page requests no dialog code until the sign-in dialog is opened', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/');
  const firstLoad = scripts.map((s) => s.url);
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(firstLoad.filter((url) => ACCOUNT_DIALOGS.test(url))).toEqual([]);

  await openSignInFromMenu(page);
  await expect(dialog(page, 'Sign in').getByLabel('Email address')).toBeVisible();
  const opened = scripts.slice(firstLoad.length).map((s) => s.url);
  expect(opened.some((url) => /\/_astro\/SignInDialog\./.test(url))).toBe(true);
  expect(opened.some((url) => /\/_astro\/SignUpDialog\./.test(url))).toBe(false);
});

test('the language dialog code is requested only when the dialog opens', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/privacy-policy');
  const firstLoad = scripts.length;
  expect(scripts.filter((s) => LOCALE_DIALOG.test(s.url))).toEqual([]);

  await page.getByRole('button', { name: /Language and currency/ }).click();
  await expect(page.getByRole('dialog', { name: 'Language and currency' }).getByRole('button', { name: /English/ })).toBeFocused();
  expect(scripts.slice(firstLoad).some((s) => LOCALE_DIALOG.test(s.url))).toBe(true);
});

test('the page shell loads no zod: its stores and header islands check data by hand', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/privacy-policy');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(await script.body, script.url).not.toContain('$ZodType');
});

test('the home page with its search box loads no zod either', async ({ page }) => {
  const scripts = recordScripts(page);
  await loadShell(page, '/');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(await script.body, script.url).not.toContain('$ZodType');
});

const BOOT_LIMIT = 8 * 1024;
const WEIGHED_PAGES = ['/', '/resorts', '/search-detail', '/wallet', '/hotel-checkout', '/user-details', '/help', '/privacy-policy', '/your-rewards'];

test('every page’s boot block is at most 8 KB in each language: the shell’s labels, and on results pages their first screen’s', async ({ request }) => {
  for (const lang of ['en-US', 'fr-FR', 'es-ES']) {
    for (const path of WEIGHED_PAGES) {
      const html = await (await request.get(`${path}?lang=${lang}`)).text();
      const block = /<script type="application\/json" id="tc-boot">.*?<\/script>/s.exec(html)?.[0] ?? '';
      expect(block, `${path} in ${lang}`).not.toBe('');
      expect(new TextEncoder().encode(block).byteLength, `${path} in ${lang}`).toBeLessThanOrEqual(BOOT_LIMIT);
    }
  }
});

test('the search box’s labels arrive with its code: a French home page shows them in French', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/?lang=fr-FR');
  await expect(page.getByRole('button', { name: 'Rechercher' }).first()).toBeVisible();
  // The button is the stand-in's, in the page from the start: the labels come with the box's directive, just after.
  await expect.poll(() => scripts.some((s) => /\/_astro\/booking\.[\w-]+\.js$/.test(s.url))).toBe(true);
  expect(scripts.some((s) => /\/_astro\/auth\.[\w-]+\.js$/.test(s.url))).toBe(false);
});

test('the sign-in dialog brings the auth labels with its code, in the page’s language', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/privacy-policy?lang=fr-FR');
  await expect(page.locator('html[data-dialog-host="ready"]')).toHaveCount(1, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const firstLoad = scripts.length;
  expect(scripts.some((s) => /\/_astro\/auth\.[\w-]+\.js$/.test(s.url))).toBe(false);
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Se connecter' }).click();
  const signIn = page.getByRole('dialog', { name: 'Connexion' });
  await expect(signIn.getByLabel('Adresse e-mail')).toBeVisible();
  expect(scripts.slice(firstLoad).some((s) => /\/_astro\/auth\.[\w-]+\.js$/.test(s.url))).toBe(true);
});

// docs/decisions/0039-page-weight-by-interaction.md: the home page's islands wait for a person (client:interaction).
test('the home page fetches no React until a person acts; the account menu then opens with its items', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Account: Sign in/ })).toBeVisible();
  await expect(page.getByTestId('search-box').getByLabel('Destination')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const firstLoad = scripts.length;
  expect(firstLoad).toBeGreaterThan(0);
  expect(scripts.filter((s) => REACT_CHUNK.test(s.url)).map((s) => s.url)).toEqual([]);

  await page.getByTestId('account-menu-button').click();
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toBeFocused();
  expect(scripts.slice(firstLoad).some((s) => REACT_CHUNK.test(s.url))).toBe(true);
});

// The enquiry form waits for a person too (src/components/EnquiryFormStandIn.astro): help, cruises and flights load no
// React until someone touches the form or the header; what they type before React is in the real form, which has the
// stand-in's size.
test('the help page fetches no React until a person acts; its form keeps its size and what was typed into it (fr-FR)', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/help?lang=fr-FR');
  const form = page.getByRole('form', { name: 'Écrivez-nous' });
  await expect(form.getByLabel('Message')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => REACT_CHUNK.test(s.url)).map((s) => s.url)).toEqual([]);
  // Where the form is on the page (typing may scroll it).
  const place = () => form.evaluate((f) => { const r = f.getBoundingClientRect(); return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; });
  const before = await place();

  await form.getByLabel('Message').click();
  await page.keyboard.type('Une question sur ma réservation');
  await expect.poll(() => scripts.some((s) => REACT_CHUNK.test(s.url))).toBe(true);
  await expect(form.locator('[id^="enquiry-stand-in-"]')).toHaveCount(0);
  await expect(form.getByLabel('Message')).toHaveValue('Une question sur ma réservation');
  await expect(form.getByLabel('Message')).toBeFocused();
  expect(await place()).toEqual(before);
  // The real form checks it: no name, no e-mail.
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(form.getByLabel('Votre nom')).toBeFocused();
});

test('the home search box shows the default stay’s nights before React, in the page’s language, and keeps them after', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/?lang=fr-FR');
  const box = page.getByTestId('search-box');
  await expect(box.getByTestId('nights')).toHaveText('2 nuits');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => REACT_CHUNK.test(s.url))).toEqual([]);
  const before = await box.getByTestId('nights').boundingBox();
  // The real box takes over on a touch of the destination: the same words, in the same place.
  await box.getByRole('combobox', { name: 'Destination' }).click();
  await expect.poll(() => scripts.some((s) => REACT_CHUNK.test(s.url))).toBe(true);
  await expect(box.locator('[data-stand-in-nights]')).toHaveCount(0);
  await expect(box.getByTestId('nights')).toHaveText('2 nuits');
  expect(await box.getByTestId('nights').boundingBox()).toEqual(before);
});

test('signed in, the home page shows the account menu with the name before React, then the menu opens by keyboard', async ({ page }) => {
  const signedIn = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: DEMO.email, password: DEMO.password }, navAgent: 'e2e' } });
  expect(signedIn.ok()).toBe(true);
  const scripts = recordScripts(page);
  await page.goto('/');
  const button = page.getByTestId('account-menu-button');
  await expect(button).toHaveAttribute('aria-label', /^Account: (?!Sign in)\S/);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => REACT_CHUNK.test(s.url)).map((s) => s.url)).toEqual([]);

  // Focus reaches the button, Enter opens the menu once React has come, and focus is on its first item.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
});

test('a press on the home page’s account button held while React takes over still opens the menu on release', async ({ page }) => {
  await openPage(page, '/');
  const button = page.getByTestId('account-menu-button');
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The real menu replaces the stand-in under the pointer: the browser sends no click for a press it did not see begin.
  await expect(page.locator('[data-stand-in-root="account"]')).toHaveCount(0);
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toBeFocused();
});

test('typing into the home search box before React keeps the text once the real box takes over', async ({ page }) => {
  await page.goto('/');
  const destination = page.getByTestId('search-box').getByLabel('Destination');
  await destination.fill('Lis');
  await expect(page.getByTestId('search-box').getByRole('combobox')).toHaveValue('Lis');
  await expect(page.getByTestId('search-box').getByRole('combobox')).toBeFocused();
  await expect(page.locator('[data-search-stand-in]')).toHaveCount(0);
  // The box searches for what was typed: the text is the box's own, not only the field's.
  await page.getByTestId('search-box').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search-detail\?.*city=Lis\b/);
});

/** The requests to one API path with the moment each started, and when the page's first script was asked for. */
function recordCalls(page: Page, path: string) {
  const record = { calls: [] as { query: string; at: number }[], firstScript: Number.POSITIVE_INFINITY };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === path) record.calls.push({ query: url.search, at: performance.now() });
    if (url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js')) record.firstScript = Math.min(record.firstScript, performance.now());
  });
  return record;
}

test('a product page asks for its product once, and that call starts with the page, before the scripts', async ({ page }) => {
  const found = await (await page.request.get('/api/products/search?type=HLT&city=Lisbon&per_page=1')).json();
  const product = found.data[0] as { product_id: number; name: string };
  const seen = recordCalls(page, `/api/products/${product.product_id}`);
  await openPage(page, `/hotel-details?id=${product.product_id}`);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // One request: the island's own call was answered by the one the page named (a mismatch would ask again).
  expect(seen.calls.map((c) => c.query)).toEqual(['?currency=USD']);
  expect(seen.calls[0]!.at).toBeLessThanOrEqual(seen.firstScript);
});

test('a results page asks for its search once, and that call starts with the page, before the scripts', async ({ page }) => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const seen = recordCalls(page, '/api/products/search');
  await openPage(page, `/search-detail?type=HLT&city=Lisbon&check_in=${day(30)}&check_out=${day(33)}&guests=2`);
  await expect(page.getByTestId('results-title')).toHaveText(/Lisbon/);
  await page.waitForLoadState('networkidle');
  // The old address's guests=2 is one room of two adults: the search names its rooms too (`occupancy`, decision 0057).
  expect(seen.calls.map((c) => c.query)).toEqual([`?type=HLT&city=Lisbon&check_in=${day(30)}&check_out=${day(33)}&guests=2&occupancy=2&currency=USD`]);
  expect(seen.calls[0]!.at).toBeLessThanOrEqual(seen.firstScript);
});

test("a results page the edge has answered before comes with its first card's photo in its HTML, asked for once", async ({ page }) => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = `check_in=${day(41)}&check_out=${day(43)}&guests=2&occupancy=2`;
  // An earlier visitor's search (its island's own request): the edge keeps the answer and draws the page from it.
  const before = await (await page.request.get(`/api/products/search?type=HLT&city=Paris&${stay}&currency=USD`)).json();
  const key = /^\/api\/images\/([0-9a-f]{64})\//.exec(before.data[0].image)![1]!;
  const address = `/search-detail?type=HLT&city=Paris&${stay}`;
  // The edge writes after its answer has gone.
  await expect.poll(async () => (await page.request.get(address)).text()).toContain(`/api/images/${key}/`);
  const photos: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith(`/api/images/${key}/`)) photos.push(url.pathname);
  });
  const response = await page.goto(address);
  expect(await response!.text()).toContain('data-first-screen');
  const first = page.getByTestId('result').first().locator('img');
  await expect(first).toHaveJSProperty('complete', true);
  await page.waitForLoadState('networkidle');
  // One request: the card React draws later chose the same width as the one in the HTML (same srcset and sizes).
  expect(photos).toHaveLength(1);
  expect(new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe(photos[0]);
});
