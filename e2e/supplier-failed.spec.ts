// A bed bank's refusal after payment as the org's admin meets it in the console (decision 0070): the booking listed as
// not booked and refunded, the refund shown, no "Cancel and refund" left to press. English and French, 1280 and 390
// px, axe on the list. The row is written as the webhook leaves it (the flow itself is proven over HTTP in
// tests/integration/supplier-bookings.test.ts); no supplier is connected for the org.
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { openPage } from './auth-helpers';
import { createOrg, expectNoSeriousAxeViolation, PORT, signInAsNewAdmin } from './admin-helpers';
import { d1Rows, d1Run, day } from './booking-helpers';
import { keepScreen } from './screens';

const expect = baseExpect.configure({ timeout: 20_000 });
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function atBothSizes(page: Page, name: string, shown: Locator) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await shown.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${viewport.width} px`).toBe(true);
    await keepScreen(page, `${name}-${size}`);
  }
  await page.setViewportSize(SIZES.desktop);
}

test('the console lists a booking its bed bank refused as not booked and refunded (en, fr)', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize(SIZES.desktop);
  const slug = `failedstays${testInfo.retry || ''}${crypto.randomUUID().slice(0, 4)}`;
  const email = `desk-${crypto.randomUUID().slice(0, 6)}@failedstays.example`;
  const site = `http://${slug}.localhost:${PORT}`;
  createOrg(slug, email, 'Failed Stays Travel');
  await signInAsNewAdmin(page, site, email, 'Desk7!failed');

  const [{ org_id: orgId }] = d1Rows<{ org_id: number }>(`SELECT org_id FROM org_domains WHERE host = '${slug}.localhost'`);
  d1Run(
    `INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit, max_guests, time_zone, source, supplier_code)
     VALUES (${orgId}, 'HLT', 'Hotel Alfama Garden', 'Lisbon', 'PT', 38.71, -9.13, 0, 'night', 4, 'Europe/Lisbon', 'hotelbeds', '42')`,
  );
  const ref = `BK-FAIL${crypto.randomUUID().slice(0, 1).toUpperCase()}-${crypto.randomUUID().slice(0, 5).toUpperCase()}`;
  const traveler = JSON.stringify({ title: 'Mrs', first_name: 'Inês', last_name: 'Costa', email: 'ines@example.com', phone: '+351 912 345 678' });
  d1Run(
    `INSERT INTO bookings (booking_ref, org_id, product_id, product_type, product_name, city, check_in, check_out, guests, currency, price_minor, total_minor, status,
       idempotency_key, request_hash, traveler, paid_minor, refunded_minor, occupancy, supplier, supplier_rate_key, supplier_net_minor, supplier_currency, supplier_state, supplier_error)
     SELECT '${ref}', ${orgId}, id, 'HLT', name, city, '${day(40)}', '${day(42)}', 2, 'EUR', 31460, 31460, 'FAILED', 'k-${ref}', 'h', '${traveler}', 31460, 31460, '["2"]',
       'hotelbeds', 'key', 28600, 'EUR', 'failed', 'sold_out: Insufficient allotment' FROM products WHERE org_id = ${orgId} AND supplier_code = '42'`,
  );

  for (const [language, status, refunded] of [['en-US', 'Not booked: refunded', /€314\.60/], ['fr-FR', /^Non réservée\s: remboursée$/, /314,60\s€/]] as const) {
    await openPage(page, `${site}/admin/bookings?lang=${language}`);
    const row = page.locator(`[data-testid="booking-row"][data-ref="${ref}"]`);
    await expect(row.getByTestId('booking-status')).toHaveText(status);
    await expect(row.getByTestId('booking-refunded')).toHaveText(refunded);
    await expect(row.getByRole('button', { name: new RegExp(`${ref}$`) })).toHaveCount(1); // "Open" only: nothing left to cancel
    await expectNoSeriousAxeViolation(page);
    await atBothSizes(page, `admin-bookings-failed-${language.slice(0, 2)}`, row);
  }
});
