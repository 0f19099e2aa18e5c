// Checking out a room chosen on the product page (docs/contract.md#rooms-rates-and-availability): the checkout sends the
// address's rate_id and shows the room and rate; a price that moved meanwhile is shown, in the traveller's language and
// currency, with a button that accepts it and books at it; a room gone says so and leads back to the hotel's rooms.
// Prices and rooms are changed in the server's D1 directly, on nights far ahead that no other spec books.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { DEFAULT_INVENTORY_SQL } from '../seed/parts/12-rooms-rates.mjs';
import { amountOf, collectErrors, day, fillTraveler, payOnHostedPage, productOf, signInDemo, termsOfTheTotal } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 8792);

/** Runs SQL on the e2e server's local D1 (the file scripts/serve-e2e.mjs names for this port), as the console or a channel would change it. */
function d1(sql: string): Record<string, unknown>[] {
  const { persistTo } = JSON.parse(readFileSync(join(ROOT, '.wrangler', `e2e-${PORT}.json`), 'utf8')) as { persistTo: string };
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
  const db = new DatabaseSync(join(dir, file));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const statement = db.prepare(sql);
    return statement.columns().length ? (statement.all() as Record<string, unknown>[]) : (statement.run(), []);
  } finally {
    db.close();
  }
}

interface Stay {
  hotel: { product_id: number; name: string };
  checkIn: string;
  checkOut: string;
  rateId: string;
  total: number;
}

/** A Lisbon hotel's cheapest rate for two adults, `from` days ahead for two nights, as its rooms list signs it. */
async function chosenRate(request: APIRequestContext, from: number): Promise<Stay> {
  const hotel = await productOf(request, 'HLT', 'Lisbon');
  const stay = { product_id: hotel.product_id, check_in: day(from), check_out: day(from + 2), occupancy: ['2'], currency: 'USD' };
  const r = await request.post('/api/booking/preview', { data: stay });
  expect(r.status(), await r.text()).toBe(200);
  const data = (await r.json()).data;
  return { hotel, checkIn: stay.check_in, checkOut: stay.check_out, rateId: data.rate_id, total: data.total };
}

const checkoutOf = (s: Stay, lang?: string) =>
  `/hotel-checkout?${new URLSearchParams({ id: String(s.hotel.product_id), check_in: s.checkIn, check_out: s.checkOut, guests: '2', occupancy: '2', rate_id: s.rateId, ...(lang ? { lang } : {}) })}`;

/** The night's price of the hotel's rates goes up by `usd` (a channel's update: a range of that night over the others). */
const raisePrice = (s: Stay, night: string, usd: number) =>
  d1(`INSERT INTO rate_ranges (product_id, room_id, rate_plan_id, from_night, to_night, price_usd_minor)
        SELECT product_id, room_id, rate_plan_id, '${night}', '${night}', price + ${usd * 100} FROM (
          SELECT DISTINCT r.product_id, r.room_id, r.rate_plan_id, (SELECT x.price_usd_minor FROM rate_ranges x
              WHERE x.room_id = r.room_id AND x.rate_plan_id = r.rate_plan_id AND x.from_night <= '${night}' AND x.to_night >= '${night}' AND x.price_usd_minor IS NOT NULL
                AND (x.weekdays >> ((CAST(strftime('%w', '${night}') AS INTEGER) + 6) % 7)) & 1 ORDER BY x.id DESC LIMIT 1) AS price
          FROM rate_ranges r WHERE r.product_id = ${s.hotel.product_id})
        WHERE price >= 0`);

async function openCheckout(page: Page, s: Stay, lang?: string) {
  await page.goto(checkoutOf(s, lang));
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
}

/** After "Confirm and pay": the hosted payment page (paid there), or the confirmation when the wallet covered it all. */
async function throughPayment(page: Page) {
  await page.waitForURL(/\/checkout-success|\/_sim\/stripe\/checkout\//, { timeout: 30_000 });
  if (/\/_sim\/stripe\/checkout\//.test(page.url())) await payOnHostedPage(page);
  await expect(page).toHaveURL(/\/checkout-success\?booking=BK-/);
  return new URL(page.url()).searchParams.get('booking')!;
}

test('a rate chosen on the product page is booked as chosen: its room and rate shown, through the payment', async ({ page }) => {
  const errors = collectErrors(page);
  await signInDemo(page);
  const stay = await chosenRate(page.request, 210);
  await openCheckout(page, stay);
  await expect(page.getByTestId('chosen-room')).toHaveText('Standard room');
  await expect(page.getByTestId('chosen-rate')).toHaveText('Standard rate · Room only · Refundable');
  await expect(page.getByTestId('sum-price')).toBeVisible();
  await expectClean(page, 'rooms checkout');
  await fillTraveler(page);
  await page.getByTestId('book').click();
  const ref = await throughPayment(page);
  const booking = (await (await page.request.get(`/api/bookings/${ref}`)).json()).data;
  expect(booking).toMatchObject({ status: 'CONFIRMED', check_in: stay.checkIn, check_out: stay.checkOut, occupancy: ['2'], room: { name: 'Standard room' }, rate: { name: 'Standard rate' } });
  expect(booking.nights.map((n: { date: string }) => n.date)).toEqual([stay.checkIn, day(211)]);
  expect(errors).toEqual([]);
});

test('an own hotel’s page says the terms of the rate whose total its trip panel shows (the plan’s, not the type’s rule)', async ({ page }) => {
  // A hotel of its own whose one rate plan is non-refundable: its trip panel must not promise a free cancellation.
  const name = `Casa Sem Reembolso ${crypto.randomUUID().slice(0, 6)}`;
  d1(`INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, rating, time_zone)
        VALUES (1, 'HLT', '${name}', 'Porto', 'PT', 41.15, -8.61, 9000, 'night', 2, 4, 'Europe/Lisbon')`);
  for (const statement of DEFAULT_INVENTORY_SQL.split(/;\s*\n/)) if (/\b(INSERT|UPDATE)\b/.test(statement)) d1(statement);
  const id = Number(d1(`SELECT id FROM products WHERE name = '${name}'`)[0]!.id);
  d1(`UPDATE rate_plans SET refundable = 0 WHERE product_id = ${id}`);
  const texts = { 'en-US': 'Non-refundable', 'fr-FR': 'Non remboursable' } as const;
  for (const [lang, width, height] of [['en-US', 1280, 800], ['fr-FR', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/hotel-details?${new URLSearchParams({ id: String(id), check_in: day(214), check_out: day(216), guests: '2', lang })}`);
    await termsOfTheTotal(page);
    const policy = page.getByTestId('product-details').getByTestId('cancellation-policy');
    await expect(policy).not.toHaveAttribute('data-deadline');
    await expect(policy).toContainText(texts[lang]);
  }
  // The seed's hotel, whose plan follows the type's rule: the same terms as its cheapest rate's.
  const hotel = await productOf(page.request, 'HLT', 'Lisbon');
  await page.goto(`/hotel-details?${new URLSearchParams({ id: String(hotel.product_id), check_in: day(214), check_out: day(216), guests: '2' })}`);
  await termsOfTheTotal(page);
});

test('a price that moved while the traveller filled the form is shown with a button that accepts it and books at it', async ({ page }) => {
  await signInDemo(page);
  const stay = await chosenRate(page.request, 215);
  await openCheckout(page, stay);
  await expect(page.getByTestId('sum-price')).toBeVisible();
  const before = await amountOf(page, 'sum-price');
  await fillTraveler(page);
  raisePrice(stay, day(216), 25);
  await page.getByTestId('book').click();

  // The new total in the page's currency (the checkout's, whatever it is), higher than the one shown before.
  const notice = page.getByTestId('price-changed');
  await expect(notice).toContainText('The price for these dates has changed');
  const newTotal = await amountOf(page, 'new-total');
  expect(newTotal).toBeGreaterThan(before);
  await expect(page.getByTestId('book')).toBeDisabled();
  await expectClean(page, 'rooms checkout, price changed');
  await notice.getByRole('button', { name: 'Accept the new price' }).click();
  const ref = await throughPayment(page);
  const booking = (await (await page.request.get(`/api/bookings/${ref}`)).json()).data;
  expect(booking).toMatchObject({ status: 'CONFIRMED', price: newTotal });
});

test('a room gone since it was chosen says so and leads back to the hotel’s rooms', async ({ page }) => {
  await signInDemo(page);
  const stay = await chosenRate(page.request, 220);
  d1(`INSERT INTO room_ranges (product_id, room_id, from_night, to_night, stop_sell)
        SELECT product_id, id, '${day(221)}', '${day(221)}', 1 FROM room_types WHERE product_id = ${stay.hotel.product_id}`);
  await openCheckout(page, stay);
  const notice = page.getByTestId('sold-out');
  await expect(notice).toContainText('This room is no longer available for these dates.');
  await expect(page.getByTestId('book')).toBeDisabled();
  await expectClean(page, 'rooms checkout, sold out');
  const back = notice.getByRole('link', { name: 'See the other rooms' });
  await expect(back).toHaveAttribute('href', new RegExp(`^/hotel-details\\?id=${stay.hotel.product_id}&check_in=${stay.checkIn}.*#rooms$`));
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/hotel-details\\?id=${stay.hotel.product_id}`));
});

test('the checkout of a chosen room, and its price-changed notice, in English and French on a laptop and a phone', async ({ page }) => {
  await signInDemo(page);
  for (const [lang, texts] of [
    ['en-US', { room: 'Standard room', changed: 'The price for these dates has changed', accept: 'Accept the new price' }],
    ['fr-FR', { room: 'Chambre standard', changed: 'Le prix pour ces dates a changé', accept: 'Accepter le nouveau prix' }],
  ] as const) {
    for (const [width, height] of [[1280, 800], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      const stay = await chosenRate(page.request, 230 + (lang === 'en-US' ? 0 : 10) + (width === 1280 ? 0 : 4));
      await openCheckout(page, stay, lang);
      await expect(page.getByTestId('chosen-room')).toHaveText(texts.room);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreen(page, `rooms-checkout-${lang.slice(0, 2)}-${width}`, { fullPage: true });

      await expect(page.getByTestId('sum-price')).toBeVisible();
      const before = await amountOf(page, 'sum-price');
      raisePrice(stay, stay.checkIn, 10);
      await page.reload();
      const notice = page.getByTestId('price-changed');
      await expect(notice).toContainText(texts.changed);
      const newTotal = await amountOf(page, 'new-total');
      expect(newTotal).toBeGreaterThan(before);
      await expect(notice.getByRole('button', { name: texts.accept })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectClean(page, `rooms checkout, price changed, ${lang} ${width}`);
      await keepScreen(page, `rooms-checkout-price-changed-${lang.slice(0, 2)}-${width}`, { fullPage: true });
      await notice.getByRole('button', { name: texts.accept }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByTestId('sum-price')).toHaveAttribute('data-amount', String(newTotal));
      await expect(page.getByTestId('book')).toBeEnabled();
    }
  }
});
