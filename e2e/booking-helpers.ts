// Steps shared by the booking and wallet end-to-end tests: signing in, issuing wallet cards, dates, checkout form, and
// the server's D1 for what a spec must set up as the console or time would.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { holdsSeveralStatements } from './sql-statements';

/** Runs SQL on the e2e server's local D1 (the file scripts/serve-e2e.mjs names for this port). */
export function d1Run(sql: string): void {
  d1Rows(sql);
}

/**
 * Runs SQL on the e2e server's local D1 and answers the rows it returns (none for a write). SQL of several statements
 * is run whole, every statement in turn, and answers none.
 */
export function d1Rows<T = Record<string, unknown>>(sql: string): T[] {
  const port = Number(process.env.E2E_PORT ?? 8792);
  const { persistTo } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '.wrangler', `e2e-${port}.json`), 'utf8')) as { persistTo: string };
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const db = new DatabaseSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    if (holdsSeveralStatements(sql)) return (db.exec(sql), []);
    const statement = db.prepare(sql);
    return statement.columns().length ? (statement.all() as T[]) : (statement.run(), []);
  } finally {
    db.close();
  }
}

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function signInDemo(page: Page, email = 'demo@example.com', password = 'Demo1!pass') {
  const r = await page.request.post('/api/signIn', {
    data: {
      jsonSign: {
        usr_type: 2, email_id: email, password, googletoken: '', fbtoken: '', site_url: '', accesscode: '', isPasswordAttempt: 1,
        promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'playwright',
    },
  });
  expect(r.status()).toBe(200);
}

export async function issueCard(request: APIRequestContext, body: Record<string, unknown>): Promise<{ payment_card_id: number; card_code: string }> {
  const r = await request.post('/api/dev/wallet/issue', { data: { email: 'demo@example.com', currency: 'USD', ...body } });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).data;
}

export async function productOf(request: APIRequestContext, type: string, city: string) {
  const r = await request.get(`/api/products/search?type=${type}&city=${encodeURIComponent(city)}&per_page=1`);
  expect(r.status()).toBe(200);
  return (await r.json()).data[0] as { product_id: number; name: string; price: number };
}

export async function fillTraveler(page: Page, t = { first: 'Dana', last: 'Demo', email: 'dana@example.com', phone: '+1 415 555 0134' }) {
  const form = page.getByTestId('checkout');
  await form.getByLabel('First name').fill(t.first);
  await form.getByLabel('Last name').fill(t.last);
  await form.getByLabel('Email').fill(t.email);
  await form.getByLabel('Phone').fill(t.phone);
}

/** The amount a Money element shows, from its data attribute. */
export async function amountOf(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-amount'));
}

/**
 * The total the checkout shows once its price is settled (no preview on its way): the demo wallet is shared by the
 * suite's workers, so the card the checkout picks by itself, and the total with it, depend on what it holds now.
 */
export async function settledTotal(page: Page): Promise<number> {
  await expect(page.locator('.bk-summary')).toHaveAttribute('aria-busy', 'false');
  return amountOf(page, 'sum-total');
}

export function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export const TEST_CARD = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDSecure: '4000 0025 0000 3155' };

/** On the payment provider's hosted page (the simulator's locally): types a card as a person does and pays. */
export async function payOnHostedPage(page: Page, card = TEST_CARD.ok) {
  await expect(page).toHaveURL(/\/_sim\/stripe\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** After "Confirm and pay": pays on the hosted page when a card part is left (a checkout the wallet covers goes straight on). */
export async function payIfAsked(page: Page) {
  await page.waitForURL(/\/checkout-success|\/_sim\/stripe\/checkout\//, { timeout: 20_000 });
  if (/\/_sim\/stripe\/checkout\//.test(page.url())) await payOnHostedPage(page);
}

/**
 * A stored photograph on the page: offered in every width (srcset), its size stated (no layout shift), scrolled to (a
 * lazy one loads only then) and actually loaded, with this alt text (docs/decisions/0032-photographs.md).
 */
export async function expectPhotoLoaded(img: Locator, alt: string) {
  await expect(img).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{64}\/\d+$/);
  await expect(img).toHaveAttribute('srcset', / 480w, .* 1600w$/);
  await expect(img).toHaveAttribute('sizes', /\S/);
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  await expect(img).toHaveAttribute('alt', alt);
  await img.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/api\/images\/[0-9a-f]{64}\/(480|800|1200|1600)$/);
}

/** A product's gallery as a traveller's page reads it (every language's alt text resolved). */
export async function photosOf(request: APIRequestContext, productId: number): Promise<{ src: string; alt: Record<string, string> }[]> {
  const r = await request.get(`/api/products/${productId}`);
  expect(r.status()).toBe(200);
  return (await r.json()).data.photos;
}

/**
 * The trip's panel says the cancellation terms of the rate whose total it shows (its plan's own, or the supplier's, as
 * that rate's line and the checkout say them), not the product type's rule.
 */
export async function termsOfTheTotal(page: Page) {
  await expect(page.getByTestId('room-rates')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('stay-total')).toBeVisible();
  const total = (await page.getByTestId('stay-total').textContent())!.trim();
  const rates = page.getByTestId('room-rates').getByTestId('rate');
  const deadlines = await rates.evaluateAll(
    (els, shown) =>
      els
        .filter((el) => el.querySelector('[data-testid="rate-total"]')?.textContent?.trim() === shown)
        .map((el) => el.querySelector('[data-testid="rate-cancellation"]')?.getAttribute('data-deadline') ?? ''),
    total,
  );
  expect(deadlines.length, `a rate of ${total}`).toBeGreaterThan(0);
  const policy = page.getByTestId('product-details').getByTestId('cancellation-policy');
  await expect.poll(async () => deadlines.includes((await policy.getAttribute('data-deadline')) ?? '')).toBe(true);
}
