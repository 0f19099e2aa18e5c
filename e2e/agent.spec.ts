// The agent portal end to end in Chromium: an agent signs in, adds a client, builds a quote from a product search,
// sends it (the mailed link opens the read-only quote), books it on account and sees it in the booking history with
// the balance changed (then, in an org connected to a bed bank, quotes and books a supplier hotel on account: decision
// 0073); consumers and signed-out visitors do not get in.
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { linkFromOutbox, openPage, openSignInFromMenu, signIn, uniqueEmail } from './auth-helpers';
import { createOrg, PORT, signInAsNewAdmin } from './admin-helpers';
import { d1Rows, day } from './booking-helpers';
import { inPage } from './in-page';
import { keepScreen } from './screens';
import { hotelbedsClient } from '../functions/outside/hotelbeds';

const AGENT = { email: 'agent@example.com', password: 'Agent1!pass' };
const AGENT_PAGES = ['/agent', '/agent/profile', '/agent/client-list', '/agent/my-quotes', '/agent/booking-history'];

/** "$1,234.50" → 1234.5 */
const amount = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function signInByApi(page: Page, email: string, password: string) {
  const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'playwright' } });
  expect(r.status()).toBe(200);
}

test('an agent adds a client, quotes a product, sends and books it, and sees the booking and the new balance', async ({ page, request }) => {
  test.setTimeout(120_000);
  const client = { first: 'Camille', last: 'Durand', email: uniqueEmail('client') };

  // Signs in from the account menu on an agent page.
  await openPage(page, '/agent/client-list');
  await expect(page.getByTestId('signin-prompt')).toBeVisible();
  await openSignInFromMenu(page);
  await signIn(page, AGENT.email, AGENT.password);
  await expect(page.getByTestId('client-list')).toBeVisible({ timeout: 15_000 });

  // Adds a client with the sign-up form's nationality type-ahead and country-code selector.
  await page.getByTestId('client-add').click();
  const form = page.getByRole('dialog', { name: 'New client' });
  await form.getByLabel('Title').selectOption('Mrs');
  await form.getByLabel('First name').fill(client.first);
  await form.getByLabel('Last name').fill(client.last);
  await form.getByLabel('Email address').fill(client.email);
  await form.getByTestId('country-code-button').click();
  await form.getByRole('combobox', { name: 'Search country or code' }).fill('france');
  await form.getByRole('option', { name: /France/ }).first().click();
  await expect(form.getByTestId('country-code-button')).toContainText('+33');
  await form.getByLabel(/^Phone number/).fill('612345678');
  await form.getByRole('combobox', { name: /Nationality/ }).fill('Fra');
  await form.getByRole('option', { name: 'France', exact: true }).click();
  await form.getByTestId('client-save').click();
  await expect(page.getByTestId('client-status')).toHaveText('Client saved.');
  await page.getByLabel('Search clients').fill(client.last);
  const row = page.getByTestId('client-row').filter({ hasText: client.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+33 612345678');
  await expect(row).toContainText('France');

  // Builds a quote from a product search.
  await page.goto('/agent/my-quotes');
  await page.getByTestId('quote-new').click();
  const builder = page.getByRole('dialog', { name: 'New quote' });
  await builder.getByLabel('Product type').selectOption('HLT');
  await builder.getByLabel('City').fill('Lisbon');
  await builder.getByRole('button', { name: 'Search' }).click();
  const firstResult = builder.getByTestId('quote-result').first();
  await expect(firstResult).toBeVisible();
  const productName = (await firstResult.locator('.agent-result__name').textContent())!.trim();
  await firstResult.getByRole('button', { name: /Choose/ }).click();
  await expect(builder.getByTestId('quote-product')).toContainText(productName);
  await builder.getByLabel('Client', { exact: true }).selectOption({ label: `${client.first} ${client.last} · ${client.email}` });
  await builder.getByLabel('Markup (%)').fill('15');
  await expect(builder.getByTestId('quote-estimate')).toBeVisible();
  await builder.getByTestId('quote-create').click();
  await expect(page.getByTestId('quote-status')).toHaveText('Quote created.');
  const quoteRow = page.getByTestId('quote-row').filter({ hasText: client.email });
  await expect(quoteRow).toHaveCount(1);
  await expect(quoteRow).toContainText(productName);
  await expect(quoteRow.getByTestId('quote-state')).toHaveText('Draft');
  const total = (await quoteRow.getByTestId('quote-total').textContent())!.trim();

  // Sends it: the client's mail links to the read-only quote, which shows the price but not the net or the markup.
  await quoteRow.getByTestId('quote-send').click();
  await expect(page.getByTestId('quote-status')).toHaveText(`Quote sent to ${client.email}`);
  await expect(quoteRow.getByTestId('quote-state')).toHaveText('Sent');
  const link = await linkFromOutbox(request, client.email, '/quote');
  const clientView = await page.context().browser()!.newPage();
  await clientView.goto(new URL(link, page.url()).toString());
  const shared = clientView.getByTestId('shared-quote');
  await expect(shared).toBeVisible();
  await expect(shared).toContainText(productName);
  await expect(shared).toContainText(`Mrs ${client.first} ${client.last}`);
  await expect(clientView.getByTestId('shared-quote-total')).toHaveText(total);
  await expect(shared).not.toContainText(/net price|markup/i);
  await clientView.close();

  // The balance before booking, then books on account.
  await page.goto('/agent/booking-history');
  const before = amount(await page.getByTestId('credit-outstanding').textContent());
  await page.goto('/agent/my-quotes');
  await page.getByTestId('quote-row').filter({ hasText: client.email }).getByTestId('quote-book').click();
  const confirm = page.getByRole('dialog', { name: 'Book this quote' });
  const charge = amount(await confirm.getByTestId('book-charge').textContent());
  expect(charge).toBeGreaterThan(0);
  await confirm.getByTestId('book-confirm').click();
  await expect(page.getByTestId('quote-status')).toContainText('Booked on account. Reference BK-');
  const reference = (await page.getByTestId('quote-status').textContent())!.split('Reference ')[1]!.trim();
  await expect(page.getByTestId('quote-row').filter({ hasText: client.email }).getByTestId('quote-state')).toHaveText('Booked');

  // The booking history lists it and the outstanding balance grew by the charge.
  await page.goto('/agent/booking-history');
  const booking = page.getByTestId('agent-booking-row').filter({ hasText: reference });
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText(productName);
  await expect(booking).toContainText(`${client.first} ${client.last}`);
  await expect(booking).toContainText(total);
  await expect(page.getByTestId('credit-outstanding')).not.toHaveText('');
  expect(amount(await page.getByTestId('credit-outstanding').textContent())).toBeCloseTo(before + charge, 2);
  const limit = amount(await page.getByTestId('credit-limit').textContent());
  expect(amount(await page.getByTestId('credit-available').textContent())).toBeCloseTo(limit - before - charge, 2);

  // A bed bank's hotel (decision 0073): in an org connected to the supplier's simulator, the agent quotes a supplier
  // hotel from the same builder and books it on account: it is booked at the supplier with our reference.
  const slug = `agentbank${crypto.randomUUID().slice(0, 6)}`;
  const site = `http://${slug}.localhost:${PORT}`;
  const owner = `owner-${slug}@agentbank.example`;
  createOrg(slug, owner, 'Agent Bank Travel');
  await signInAsNewAdmin(page, site, owner, 'Agent7!bank');
  const orgOf = `(SELECT org_id FROM org_domains WHERE host = '${slug}.localhost')`;
  // The org opens at once (its launch is another spec's): a settings change makes its pages read it again.
  d1Rows(`UPDATE orgs SET closed = 0 WHERE id = ${orgOf}`);
  expect((await inPage(page, '/api/admin/org', 'PATCH', { default_currency: 'EUR' })).status).toBe(200);
  const sim = { api_key: 'sim-small-key', secret: 'sim-secret' };
  expect((await inPage(page, '/api/admin/suppliers/hotelbeds', 'PUT', { ...sim, markup_percent: 10, enabled: true })).status).toBe(200);
  // Some of the supplier's Lisbon hotels, written as the import writes them (the import itself is another spec's).
  const bank = hotelbedsClient({ baseUrl: `http://localhost:${PORT}/_sim/hotelbeds`, apiKey: sim.api_key, secret: sim.secret });
  const found = await bank.availability({ checkIn: day(20), checkOut: day(22), rooms: [{ adults: 2, children: [] }], place: { destination: 'LIS' } });
  expect(found.ok, found.ok ? "" : found.failure.message).toBe(true);
  const codes = found.ok ? found.value.hotels.map((h) => h.code).filter((c) => Number(c) % 2 === 0).slice(0, 6) : [];
  d1Rows(
    codes
      .map((code) => `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
        VALUES (${orgOf}, 'HLT', 'Bed bank hotel ${code}', 'Lisbon', 'PT', 38.72, -9.14, 0, 'night', 4, 'Europe/Lisbon', 'hotelbeds', '${code}');`)
      .join('\n'),
  );
  d1Rows(`UPDATE users SET role = 'agent', credit_limit_minor = 5000000 WHERE email = '${owner}';
    INSERT INTO agent_details (user_id, org_id) SELECT id, org_id FROM users WHERE email = '${owner}';`);
  // Every statement of both writes landed (the helper runs SQL of several statements whole).
  expect(d1Rows(`SELECT COUNT(*) AS n FROM products WHERE org_id = ${orgOf} AND source = 'hotelbeds'`)).toEqual([{ n: codes.length }]);
  expect(d1Rows(`SELECT COUNT(*) AS n FROM agent_details WHERE user_id = (SELECT id FROM users WHERE email = '${owner}')`)).toEqual([{ n: 1 }]);
  const supplierClient = await inPage(page, '/api/agent/clients', 'POST', { title: 'Mr', first_name: 'Rui', last_name: 'Costa', email: uniqueEmail('client'), nationality: 1 });
  expect(supplierClient.status, JSON.stringify(supplierClient.json)).toBe(201);
  await page.goto(`${site}/agent/my-quotes`);
  await page.getByTestId('quote-new').click();
  const bankBuilder = page.getByRole('dialog', { name: 'New quote' });
  await bankBuilder.getByLabel('Product type').selectOption('HLT');
  await bankBuilder.getByLabel('City').fill('Lisbon');
  await bankBuilder.getByRole('button', { name: 'Search' }).click();
  const bankResult = bankBuilder.getByTestId('quote-result').first();
  await expect(bankResult).toContainText('Bed bank hotel', { timeout: 15_000 });
  await bankResult.getByRole('button', { name: /Choose/ }).click();
  await bankBuilder.getByLabel('Client', { exact: true }).selectOption({ label: `Rui Costa · ${supplierClient.json.data.email}` });
  await bankBuilder.getByTestId('quote-create').click();
  await expect(page.getByTestId('quote-status')).toHaveText('Quote created.');
  await page.getByTestId('quote-row').filter({ hasText: supplierClient.json.data.email }).getByTestId('quote-book').click();
  await page.getByRole('dialog', { name: 'Book this quote' }).getByTestId('book-confirm').click();
  await expect(page.getByTestId('quote-status')).toContainText('Booked on account. Reference BK-', { timeout: 20_000 });
  const bankRef = /Reference (BK-[A-Z0-9-]+)/.exec((await page.getByTestId('quote-status').textContent())!)![1]!;
  const [booked] = d1Rows<{ supplier_state: string; supplier_reference: string | null }>(`SELECT supplier_state, supplier_reference FROM agent_bookings WHERE booking_ref = '${bankRef}'`);
  expect(booked).toMatchObject({ supplier_state: 'confirmed' });
  expect(booked!.supplier_reference).toBeTruthy();
  // The confirmation and the booking history name the supplier's reference beside ours.
  await expect(page.getByTestId('quote-status')).toContainText(`Hotel reference: ${booked!.supplier_reference}`);
  await page.goto(`${site}/agent/booking-history`);
  const bankRow = page.getByTestId('agent-booking-row').filter({ hasText: bankRef });
  await expect(bankRow.getByTestId('agent-booking-status')).toHaveText('Confirmed');
  await expect(bankRow.getByTestId('supplier-reference')).toHaveText(`Hotel reference: ${booked!.supplier_reference}`);
  // While the supplier's booking is still being made (as the credit batch writes it, before the supplier answers),
  // the same booking reads as awaiting the hotel, not confirmed, and has no hotel reference yet.
  d1Rows(`UPDATE agent_bookings SET supplier_state = 'booking', supplier_reference = NULL, supplier_claimed_at = ${Date.now()} WHERE booking_ref = '${bankRef}'`);
  await page.reload();
  await expect(bankRow.getByTestId('agent-booking-status')).toHaveText('Awaiting the hotel’s confirmation');
  await expect(bankRow.getByTestId('supplier-reference')).toHaveCount(0);
  await keepScreen(page, 'agent-history-awaiting-en-1280');
  await page.goto(`${site}/agent?lang=fr-FR`);
  await expect(page.getByTestId('desk-today')).toContainText('En attente de confirmation de l’hôtel');
  // On a phone, in French: the badge reads in French and the history does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site}/agent/booking-history?lang=fr-FR`);
  await expect(bankRow.getByTestId('agent-booking-status')).toHaveText('En attente de confirmation de l’hôtel');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await keepScreen(page, 'agent-history-awaiting-fr-390', { fullPage: true });

  // The travel company cancels it from its console (decision 0079): at the supplier first, the agent's credit given back
  // less what the supplier keeps (a rate it keeps whole only with the fee waived). The owner is the org's admin again.
  d1Rows(`UPDATE agent_bookings SET supplier_state = 'confirmed', supplier_reference = '${booked!.supplier_reference}', supplier_claimed_at = NULL WHERE booking_ref = '${bankRef}'`);
  d1Rows(`UPDATE users SET role = 'admin' WHERE email = '${owner}'`);
  const [{ rate }] = d1Rows<{ rate: string }>(`SELECT rate FROM agent_bookings WHERE booking_ref = '${bankRef}'`);
  const keptWhole = !JSON.parse(rate).refundable;
  const consoleRow = page.locator(`[data-testid="booking-row"][data-ref="${bankRef}"]`);
  await page.goto(`${site}/admin/bookings?lang=fr-FR`);
  await consoleRow.getByRole('button', { name: `Annuler et rembourser ${bankRef}` }).click();
  const asked = page.getByRole('dialog', { name: `Annuler et rembourser la réservation ${bankRef}\u202f?` });
  if (keptWhole) await asked.getByTestId('waive-fee').check();
  await expect(asked.getByTestId('admin-cancel-quote')).toContainText('Rendu au crédit de l’agent');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await keepScreen(page, 'admin-cancel-on-account-bank-fr-390');
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site}/admin/bookings?lang=en-US`);
  await consoleRow.getByRole('button', { name: `Cancel and refund ${bankRef}` }).click();
  const cancelDialog = page.getByRole('dialog', { name: `Cancel and refund booking ${bankRef}?` });
  if (keptWhole) await cancelDialog.getByTestId('waive-fee').check();
  await expect(cancelDialog.getByTestId('admin-cancel-quote')).toContainText('Given back to the agent’s credit');
  const dialogScan = await axeOn(page).include('[role="dialog"]').analyze();
  expect(dialogScan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), 'the cancel dialog').toEqual([]);
  await keepScreen(page, 'admin-cancel-on-account-bank-en-1280');
  await cancelDialog.getByTestId('admin-cancel-confirm').click();
  await expect(page.getByTestId('bookings-message')).toHaveText(`Booking ${bankRef} is cancelled; the agent’s credit is given back.`, { timeout: 20_000 });
  await expect(consoleRow.getByTestId('booking-status')).toHaveText('Cancelled');
  const atSupplier = await bank.booking(booked!.supplier_reference!);
  expect(atSupplier.ok && atSupplier.value.status).toBe('CANCELLED');
  expect(d1Rows(`SELECT supplier_state FROM agent_bookings WHERE booking_ref = '${bankRef}'`)).toEqual([{ supplier_state: 'cancelled' }]);
  expect(d1Rows(`SELECT COUNT(*) AS n FROM credit_ledger WHERE note = 'cancel:${bankRef}'`)).toEqual([{ n: 1 }]);
});

test('"Add to quote" links open the quote builder with the product, stay and client chosen', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInByApi(page, AGENT.email, AGENT.password);
  const product = (await (await request.get('/api/products/search?type=ACT&city=Paris&per_page=1')).json()).data[0] as { product_id: number; name: string };
  const clients = await page.request.get('/api/agent/clients?q=grace');
  const grace = (await clients.json()).data[0] as { client_id: number };
  const checkIn = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/agent/my-quotes?new=1&product_id=${product.product_id}&check_in=${checkIn}&guests=3&client_id=${grace.client_id}`);
  const builder = page.getByRole('dialog', { name: 'New quote' });
  await expect(builder.getByTestId('quote-product')).toContainText(product.name, { timeout: 20_000 });
  await expect(builder.getByTestId('check-in-value')).toHaveAttribute('data-day', checkIn);
  await expect(builder.getByLabel('Guests')).toHaveValue('3');
  await expect(builder.getByLabel('Client', { exact: true })).toHaveValue(String(grace.client_id));
  await builder.getByTestId('quote-create').click();
  const row = page.getByTestId('quote-row').filter({ hasText: product.name }).first();
  await expect(row).toContainText('grace.hopper@example.com');
  await expect(row).toContainText('3 guests');
  expect(new URL(page.url()).search).toBe('');
});

test('an agent sees "Add to quote" on a product page and it opens the builder with that product; a consumer does not see it', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const product = (await (await request.get('/api/products/search?type=HLT&per_page=1')).json()).data[0] as { product_id: number; name: string };
  await signInByApi(page, AGENT.email, AGENT.password);
  await page.goto(`/hotel-details?id=${product.product_id}`);
  await expect(page.getByTestId('book-now')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('add-to-quote').click();
  await expect(page.getByRole('dialog', { name: 'New quote' }).getByTestId('quote-product')).toContainText(product.name, { timeout: 20_000 });

  const consumer = await browser.newContext();
  const other = await consumer.newPage();
  await signInByApi(other, 'demo@example.com', 'Demo1!pass');
  await other.goto(`/hotel-details?id=${product.product_id}`);
  await expect(other.getByTestId('book-now')).toBeVisible({ timeout: 20_000 });
  await expect(other.getByTestId('add-to-quote')).toHaveCount(0);
  await consumer.close();
});

test('a consumer is sent away from every /agent page with a message', async ({ page }) => {
  test.setTimeout(60_000);
  await signInByApi(page, 'demo@example.com', 'Demo1!pass');
  for (const path of AGENT_PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('agent-away')).toHaveText('This page is for travel agents only. Taking you to the home page…');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  }
  await page.goto('/agent/client-list');
  await expect(page.getByTestId('client-row')).toHaveCount(0);
});

test('a signed-out visitor sees the sign-in prompt on agent pages, not agent data', async ({ page }) => {
  for (const path of AGENT_PAGES) {
    await openPage(page, path);
    await expect(page.getByTestId('signin-prompt')).toBeVisible();
    await expect(page.getByTestId('agent-away')).toHaveCount(0);
  }
});

test('the agent pages and the quote dialog pass an accessibility check', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page, AGENT.email, AGENT.password);
  for (const [path, ready] of [
    ['/agent/profile', 'agent-profile'],
    ['/agent/client-list', 'client-list'],
    ['/agent/booking-history', 'agent-bookings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible({ timeout: 20_000 });
    const scan = await axeOn(page).include('#page-content').analyze();
    expect(scan.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
  await page.goto('/agent/my-quotes');
  await page.getByTestId('quote-new').click();
  await expect(page.getByRole('dialog', { name: 'New quote' })).toBeVisible();
  const scan = await axeOn(page).include('[role="dialog"]').analyze();
  expect(scan.violations.map((v) => v.id)).toEqual([]);
});
