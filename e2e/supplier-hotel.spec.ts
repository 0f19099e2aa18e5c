// A bed bank's hotel sold like an own hotel (CONTRACT §18, decision 0069): in a new org connected to the Hotelbeds
// simulator's test account and imported, a traveller opens a supplier hotel in Lisbon for two adults and a child of 7,
// chooses a room among the supplier's, goes through the checkout to the card payment and sees the confirmation (laptop,
// English); on a phone in French the same hotel's rooms, the checkout, the payment and the confirmation read in French. Axe on each page; screenshots.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createOrg, PORT, signInAsNewAdmin } from './admin-helpers';
import { expectClean } from './axe';
import { englishOn } from './english-needles';
import { d1Rows, day, fillTraveler, payOnHostedPage, termsOfTheTotal } from './booking-helpers';
import { inPage } from './in-page';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 30_000 });

const noSideways = async (page: Page, what: string) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: what }).toBeLessThanOrEqual(0);


test('a traveller books a supplier hotel in Lisbon with a child, through the card payment to the confirmation', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const slug = `bedbank${testInfo.retry || ''}${crypto.randomUUID().slice(0, 6)}`;
  const site = `http://${slug}.localhost:${PORT}`;
  const email = `owner-${slug}@bedbank.example`;
  createOrg(slug, email, 'Bed Bank Travel');
  await signInAsNewAdmin(page, site, email, 'Bed7!bank');
  // The org opens at once (its launch is another spec's); the supplier is connected and its hotels imported.
  d1Rows(`UPDATE orgs SET closed = 0 WHERE id = (SELECT org_id FROM org_domains WHERE host = '${slug}.localhost')`);
  const saved = await inPage(page, '/api/admin/suppliers/hotelbeds', 'PUT', { api_key: 'sim-small-key', secret: 'sim-secret', markup_percent: 10, enabled: true });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await inPage(page, '/api/admin/suppliers/hotelbeds/import', 'POST')).status).toBe(202);
  await expect.poll(async () => (await inPage(page, '/api/admin/suppliers/hotelbeds/import', 'GET')).json?.data?.status, { timeout: 180_000, intervals: [1_000] }).toBe('done');

  // An even-coded (bookable at once) Lisbon hotel of the supplier that sells the stay.
  const stay = { check_in: day(60), check_out: day(62), occupancy: '2-7' };
  const hotels = d1Rows<{ id: number }>(
    `SELECT p.id FROM products p JOIN org_domains d ON d.org_id = p.org_id WHERE d.host = '${slug}.localhost' AND p.source = 'hotelbeds' AND p.city = 'Lisbon'
       AND CAST(p.supplier_code AS INTEGER) % 2 = 0 ORDER BY CAST(p.supplier_code AS INTEGER) LIMIT 8`,
  );
  let hotel = 0;
  for (const { id } of hotels) {
    const r = await inPage(page, `/api/products/${id}/rates?${new URLSearchParams({ ...stay, currency: 'EUR' })}`, 'GET');
    if (r.status === 200 && r.json.data.rooms.length) {
      hotel = id;
      break;
    }
  }
  expect(hotel, 'a supplier hotel selling the stay').toBeGreaterThan(0);
  const details = (lang: string) => `${site}/hotel-details?${new URLSearchParams({ id: String(hotel), ...stay, guests: '3', lang })}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(details('en-US'));
  const rooms = page.getByTestId('room-rates');
  await expect(rooms).toHaveAttribute('aria-busy', 'false');
  const room = rooms.getByTestId('room').first();
  const roomName = (await room.locator('h4').textContent())!.trim();
  await expect(room.getByTestId('rate-board').first()).toHaveText(/Room only|Breakfast included|Half board|Full board|All inclusive/);
  // The trip's total is the supplier's stay for the party, priced live (a supplier hotel has no unit price of its own).
  await expect(page.getByTestId('stay-total')).toBeVisible();
  await expect(page.getByTestId('unit-price')).toHaveCount(0);
  await termsOfTheTotal(page);
  // Its facilities, imported from the supplier's content, are what is included.
  await expect(page.getByRole('heading', { name: 'What is included' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^24-hour reception$/ })).toBeVisible();
  await expectClean(page, 'supplier hotel page, en');
  await keepScreen(page, 'supplier-hotel-en-1280');
  await room.getByTestId('choose-rate').first().click();

  await expect(page).toHaveURL(/\/hotel-checkout\?.*rate_id=/);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('chosen-room')).toHaveText(roomName);
  await expect(page.getByTestId('sum-price')).toBeVisible();
  await expectClean(page, 'supplier hotel checkout, en');
  await keepScreen(page, 'supplier-checkout-en-1280');
  await fillTraveler(page);
  await page.getByTestId('book').click();
  await page.waitForURL(/\/_sim\/stripe\/checkout\//, { timeout: 60_000 });
  await payOnHostedPage(page);
  await expect(page).toHaveURL(/\/checkout-success\?booking=BK-/, { timeout: 60_000 });
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 60_000 });
  const ref = new URL(page.url()).searchParams.get('booking')!;
  await expect(page.getByTestId('booking-id')).toHaveText(ref);
  await expectClean(page, 'supplier hotel confirmation, en');
  await keepScreen(page, 'supplier-confirmation-en-1280');
  const [row] = d1Rows<{ supplier: string; room_id: number | null; occupancy: string; supplier_reference: string }>(
    `SELECT supplier, room_id, occupancy, supplier_reference FROM bookings WHERE booking_ref = '${ref}'`,
  );
  expect(row).toMatchObject({ supplier: 'hotelbeds', room_id: null, occupancy: '["2-7"]' });
  // The confirmation names the hotel's own reference beside ours, and so does the booking history.
  await expect(page.getByTestId('supplier-reference')).toHaveText(`Hotel reference: ${row!.supplier_reference}`);
  await page.goto(`${site}/user/booking-history?lang=en-US`);
  const historyRow = page.getByRole('row').filter({ hasText: ref });
  await expect(historyRow.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(historyRow.getByTestId('supplier-reference')).toHaveText(`Hotel reference: ${row!.supplier_reference}`);
  await keepScreen(page, 'supplier-history-en-1280');
  // While the hotel is still confirming it (as the booking stands between the payment and the supplier's answer), Manage
  // booking says so, offers no cancelling and says when it can be; the console lists it as awaiting, with no cancel.
  d1Rows(`UPDATE bookings SET supplier_state = 'booking', supplier_reference = NULL WHERE booking_ref = '${ref}'`);
  await page.goto(`${site}/manage-booking?booking=${ref}&lang=en-US`);
  await expect(page.getByTestId('manage-status')).toHaveText('Awaiting the hotel’s confirmation');
  await expect(page.getByTestId('cancellation-policy')).toHaveText('The hotel is still confirming this booking: it can be cancelled once it has.');
  await expect(page.getByTestId('cancel-booking')).toHaveCount(0);
  await expectClean(page, 'manage booking awaiting the hotel, en');
  await page.goto(`${site}/admin/bookings?lang=en-US`);
  const consoleRow = page.getByRole('row').filter({ hasText: ref });
  await expect(consoleRow.getByTestId('booking-status')).toHaveText('Awaiting the hotel’s confirmation');
  await expect(consoleRow.getByRole('button', { name: `Cancel and refund ${ref}` })).toHaveCount(0);
  d1Rows(`UPDATE bookings SET supplier_state = 'confirmed', supplier_reference = '${row!.supplier_reference}' WHERE booking_ref = '${ref}'`);

  // Two rooms of different parties (a couple; two adults with children of 5 and 9): the supplier's rooms are listed,
  // each rate one per party combined (decision 0076), and one leads to the checkout.
  const twoRooms = { check_in: day(64), check_out: day(66) };
  let family = 0;
  for (const { id } of hotels) {
    const r = await inPage(page, `/api/products/${id}/rates?${new URLSearchParams([...Object.entries(twoRooms), ['occupancy', '2'], ['occupancy', '2-5,9'], ['currency', 'EUR']])}`, 'GET');
    if (r.status === 200 && r.json.data.rooms.length) {
      family = id;
      break;
    }
  }
  expect(family, 'a supplier hotel selling two rooms of different parties').toBeGreaterThan(0);
  await page.goto(`${site}/hotel-details?${new URLSearchParams([['id', String(family)], ...Object.entries(twoRooms), ['occupancy', '2'], ['occupancy', '2-5,9'], ['lang', 'en-US']])}`);
  await expect(rooms).toHaveAttribute('aria-busy', 'false');
  await expect(rooms.getByTestId('room').first().getByTestId('choose-rate').first()).toBeVisible();
  await rooms.getByTestId('choose-rate').first().click();
  await expect(page).toHaveURL(/\/hotel-checkout\?.*rate_id=/);
  await expect(page.getByTestId('sum-price')).toBeVisible();

  // A phone, in French: the rooms and the checkout read in French, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(details('fr-FR'));
  await expect(rooms).toHaveAttribute('aria-busy', 'false');
  await expect(rooms.getByTestId('rate-board').first()).toHaveText(/Chambre seule|Petit-déjeuner inclus|Demi-pension|Pension complète|Tout compris/);
  await expect(rooms.getByTestId('choose-rate').first()).toHaveText('Choisir');
  await termsOfTheTotal(page);
  await expect(page.getByRole('heading', { name: 'Ce qui est inclus' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Réception 24 h\/24$/ })).toBeVisible();
  // The hotel's description, city and rooms were imported in French too.
  expect(await englishOn(page, 'fr-FR'), 'English on the French hotel page').toEqual([]);
  await noSideways(page, 'fr 390 hotel');
  await expectClean(page, 'supplier hotel page, fr');
  await keepScreen(page, 'supplier-hotel-fr-390', { fullPage: true });
  await rooms.getByTestId('choose-rate').first().click();
  await expect(page).toHaveURL(/\/hotel-checkout\?.*rate_id=/);
  await expect(page.getByTestId('chosen-rate')).toContainText(/Tarif (flexible|non remboursable)/);
  await noSideways(page, 'fr 390 checkout');
  await expectClean(page, 'supplier hotel checkout, fr');
  await keepScreen(page, 'supplier-checkout-fr-390', { fullPage: true });
  // …and the French traveller pays and reads the confirmation in French.
  const form = page.getByTestId('checkout');
  for (const [field, value] of [['Prénom', 'Inès'], ['Nom', 'Moreau'], ['E-mail', 'ines@example.com'], ['Téléphone', '+33 6 12 34 56 78']] as const)
    await form.getByRole('textbox', { name: field, exact: true }).fill(value);
  await page.getByTestId('book').click();
  await page.waitForURL(/\/_sim\/stripe\/checkout\//, { timeout: 60_000 });
  await payOnHostedPage(page);
  await expect(page).toHaveURL(/\/checkout-success\?booking=BK-/, { timeout: 60_000 });
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 60_000 });
  const refFr = new URL(page.url()).searchParams.get('booking')!;
  await expect(page.getByTestId('booking-id')).toHaveText(refFr);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  expect(await englishOn(page, 'fr-FR'), 'English on the French confirmation').toEqual([]);
  await noSideways(page, 'fr 390 confirmation');
  await expectClean(page, 'supplier hotel confirmation, fr');
  await keepScreen(page, 'supplier-confirmation-fr-390', { fullPage: true });
  const [rowFr] = d1Rows<{ supplier: string; language: string; supplier_reference: string }>(`SELECT supplier, language, supplier_reference FROM bookings WHERE booking_ref = '${refFr}'`);
  expect(rowFr).toMatchObject({ supplier: 'hotelbeds', language: 'fr-FR' });
  await expect(page.getByTestId('supplier-reference')).toHaveText(`Référence de l’hôtel\u202f: ${rowFr!.supplier_reference}`);
});
