// Issue #14: a keyboard-only walk through the launch checklist. Org 1's admin reaches every step's control with Tab
// (and back with Shift+Tab), each focused control is the expected one and shows keyboard focus, a setting is changed
// and saved through a step's link with Enter and typing, and "Go live" is reached and pressed with the keyboard.
// No mouse click on the page. The changed setting (org 1's "Trips site") is put back afterwards.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { inPage } from './in-page';

const ADMIN = { email: 'admin@example.com', password: 'Admin1!pass' };
/** The checklist's steps before "Go live", in the order the page lists them. */
const STEPS = ['Brand: name, logo and colours', 'Products offered', 'Sign-in options', 'Wallet options', 'Your own domain'];
const TRIPS_FROM_KEYBOARD = 'https://trips.example.com/?from=keyboard';


const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses `key` until `target` has focus (at most `max` times), then checks it has it and shows keyboard focus. */
async function keyTo(page: Page, target: Locator, key = 'Tab', max = 80) {
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(key);
  await expectKeyboardFocus(target);
}

/** The element has focus, and the browser treats it as keyboard focus (it matches :focus-visible, so the ring shows). */
async function expectKeyboardFocus(target: Locator) {
  await expect(target).toBeFocused();
  expect(await target.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
}

const stepLink = (page: Page, label: string) =>
  page.getByRole('list').getByRole('link', { name: new RegExp(`^(Start|Review) ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

test('keyboard only: the launch checklist is walked with Tab, a setting saved from a step, and "Go live" pressed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/privacy-policy');
  const signedIn = await inPage(page, '/api/signIn', 'POST', { jsonSign: { usr_type: 2, email_id: ADMIN.email, password: ADMIN.password }, navAgent: 'playwright' });
  expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
  const before = await inPage(page, '/api/admin/org', 'GET');
  expect(before.status, JSON.stringify(before.json)).toBe(200);
  const tripsBefore = (before.json as { data: { trips_site_url: string } }).data.trips_site_url;

  try {
    // The checklist, reached from the top of the page with Tab alone: every step's link in order, then "Go live".
    await page.goto('/admin');
    const live = page.getByTestId('launch-live');
    await expect(page.getByRole('heading', { name: /^\d of 6 steps done$/, level: 2 })).toBeVisible({ timeout: 15_000 });
    const wasLive = (await live.getAttribute('data-done')) === 'true';
    await keyTo(page, stepLink(page, STEPS[0]));
    for (const label of STEPS.slice(1)) {
      await page.keyboard.press('Tab');
      await expectKeyboardFocus(stepLink(page, label));
    }
    const goLive = page.getByRole('button', { name: 'Go live', exact: true });
    if (!wasLive) {
      await page.keyboard.press('Tab');
      await expectKeyboardFocus(goLive);
      await page.keyboard.press('Shift+Tab');
      await expectKeyboardFocus(stepLink(page, STEPS[4]));
    }
    // Shift+Tab walks back up the list.
    await page.keyboard.press('Shift+Tab');
    await expectKeyboardFocus(stepLink(page, 'Wallet options'));
    await page.keyboard.press('Shift+Tab');
    await expectKeyboardFocus(stepLink(page, 'Sign-in options'));

    // Enter follows the step's link to the settings; Tab to a field, type, Tab to "Save", Enter.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings#sign-in$/);
    const trips = page.getByRole('textbox', { name: 'Trips site', exact: true });
    await expect(trips).toHaveValue(tripsBefore, { timeout: 15_000 });
    await keyTo(page, trips);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(TRIPS_FROM_KEYBOARD);
    await expect(trips).toHaveValue(TRIPS_FROM_KEYBOARD);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await keyTo(page, save, 'Tab', 20);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('console-status')).toHaveText('Saved.');
    const after = await inPage(page, '/api/admin/org', 'GET');
    expect((after.json as { data: { trips_site_url: string } }).data.trips_site_url).toBe(TRIPS_FROM_KEYBOARD);

    // Back on the checklist: "Go live" is the last action; Tab reaches it and Space presses it.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: /^\d of 6 steps done$/, level: 2 })).toBeVisible({ timeout: 15_000 });
    if (!wasLive) {
      await expect(live).toHaveAttribute('data-done', 'false');
      await expect(live).toContainText('Not done yet');
      await keyTo(page, goLive);
      await page.keyboard.press('Space');
      await expect(page.getByRole('status').filter({ hasText: 'Your site is live.' })).toBeVisible();
    }
    // What the admin sees now: the step done, its button reads "Live" and cannot be pressed again, and Tab passes it.
    await expect(live).toHaveAttribute('data-done', 'true');
    await expect(live).toContainText('Done');
    const isLive = live.getByRole('button', { name: 'Live', exact: true });
    await expect(isLive).toBeDisabled();
    await keyTo(page, stepLink(page, STEPS[4]), 'Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(isLive).not.toBeFocused();
    await expect(stepLink(page, STEPS[4])).not.toBeFocused();
  } finally {
    const restore = await inPage(page, '/api/admin/org', 'PATCH', { trips_site_url: tripsBefore });
    expect(restore.status, JSON.stringify(restore.json)).toBe(200);
  }
});
