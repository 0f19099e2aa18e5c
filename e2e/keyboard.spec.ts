// The keyboard gate: sign-in, sign-up and a whole booking (search, results, details, checkout, confirmation) done with
// Tab, arrows, Space and Enter alone, with a visible focus indicator on every control reached.
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { payIfAsked } from './booking-helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

/** Presses Tab until `target` has focus (a person tabbing through the page); fails if it is not reachable. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with Tab within ${max} presses: ${target}`);
}

/** The focused control shows it: an outline or a focus ring (box-shadow), not the browser's default removed. */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const cs = getComputedStyle(el);
    return { tag: el.tagName, name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40), outline: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0, ring: cs.boxShadow !== 'none' };
  });
  expect(style, 'something has focus').not.toBeNull();
  expect(style!.outline || style!.ring, `visible focus on ${style!.tag} "${style!.name}"`).toBe(true);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-dialog-host="ready"]')).toHaveCount(1);
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const menuButton = (page: Page) => page.getByTestId('account-menu-button');

test('sign in and out with the keyboard alone', async ({ page }) => {
  await open(page, '/');
  await tabTo(page, menuButton(page));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  const d = dialog(page, 'Sign in');
  await expect(d.getByLabel('Email address')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('demo@example.com');
  await tabTo(page, d.getByLabel('Password', { exact: true }));
  await page.keyboard.type('Demo1!pass');
  await page.keyboard.press('Enter');
  await expect(menuButton(page)).toContainText('Demo');

  // Log out from the menu: open it from the keyboard, the last entry is Log out.
  await tabTo(page, menuButton(page));
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menuButton(page)).toContainText('Sign in');
});

test('sign up with the keyboard alone, from the sign-in dialog to the confirmation panel', async ({ page }) => {
  await open(page, '/');
  await tabTo(page, menuButton(page));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await tabTo(page, dialog(page, 'Sign in').getByRole('button', { name: 'Create an account' }));
  await page.keyboard.press('Enter');

  const details = dialog(page, 'Create your account');
  await expect(details).toBeVisible();
  await tabTo(page, details.getByLabel('Email address'));
  await page.keyboard.type(`keys-${crypto.randomUUID().slice(0, 8)}@example.com`);
  await tabTo(page, details.getByLabel('Title'));
  // A closed select takes arrow keys: the first one picks the first title.
  await page.keyboard.press('ArrowDown');
  await expect(details.getByLabel('Title')).not.toHaveValue('');
  await tabTo(page, details.getByLabel('First name'));
  await page.keyboard.type('Kit');
  await tabTo(page, details.getByLabel('Last name'));
  await page.keyboard.type('Keyboard');
  await tabTo(page, details.getByRole('button', { name: 'Sign up with email' }));
  await page.keyboard.press('Enter');

  const password = dialog(page, 'Choose your password');
  await expect(password).toBeVisible();
  await tabTo(page, password.getByLabel('Password', { exact: true }));
  await page.keyboard.type('Keys4!door');
  await tabTo(page, password.getByLabel('Confirm password'));
  await page.keyboard.type('Keys4!door');
  await tabTo(page, password.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await expect(password.getByRole('checkbox')).toBeChecked();
  await tabTo(page, password.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('signup-done')).toBeVisible();
  await expect(page.getByTestId('signup-done')).toContainText(/EMAIL CONFIRMATION HAS BEEN SENT/i);
  await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('book a hotel with the keyboard alone: search, results, details, checkout, confirmation', async ({ page }) => {
  // A member of its own (single sign-on from the development portal): no other spec spends its wallet meanwhile.
  const email = `keys-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const key = await page.request.post('/api/dev/sso-key', { data: { email, first_name: 'Kay', last_name: 'Keys' } });
  const signIn = await page.request.post('/api/auth/sso', { data: { key: (await key.json()).data.key } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  // A hotel certificate's code, as a gift card the member holds on paper: the certificate modal will ask for one.
  const issued = await page.request.post('/api/dev/wallet/issue', { data: { email, kind: 'certificate', services: ['HLT'], amount: 40, currency: 'USD', to: 'unassigned' } });
  expect(issued.status(), await issued.text()).toBe(200);
  const gift = (await issued.json()).data as { card_code: string };
  await open(page, '/');

  const box = page.getByTestId('search-box');
  const destination = box.getByRole('combobox', { name: 'Destination' });
  await tabTo(page, destination);
  await page.keyboard.type('Lis');
  const lisbon = box.getByRole('option', { name: /Lisbon/ });
  await expect(lisbon).toBeVisible();
  // A refresh of the suggestions keeps the highlighted city (decision 0039): no need to wait for the last one.
  await page.keyboard.press('ArrowDown');
  await expect(lisbon).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(destination).toHaveValue(/Lisbon/);
  await tabTo(page, box.getByRole('button', { name: 'Search' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search-detail\?.*city=Lisbon/);

  const first = page.getByTestId('result').first();
  await expect(first).toBeVisible();
  await tabTo(page, first.getByRole('link', { name: /^View/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hotel-details\?id=\d+/);
  await expect(page.getByTestId('stay-total')).toBeVisible();
  await tabTo(page, page.getByTestId('book-now'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hotel-checkout\?id=\d+/);
  await expect(page.getByTestId('wallet')).toHaveAttribute('data-loaded', 'true');

  const form = page.getByTestId('checkout');
  for (const [label, text] of [['First name', 'Kay'], ['Last name', 'Keys'], ['Email', 'kay@example.com'], ['Phone', '+1 415 555 0166']] as const) {
    // By its accessible name: a required field's star beside its label is hidden from assistive technology.
    await tabTo(page, form.getByRole('textbox', { name: label, exact: true }));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByTestId('book'));
  // The button waits for the wallet and the price preview to settle after each change, as a person would.
  await expect(page.getByTestId('book')).toBeEnabled();
  await expect(page.getByRole('complementary', { name: 'Price summary' })).not.toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Enter');

  // The org offers a certificate for hotels and this member has none: the modal blocks booking until one is added
  // with its code and chosen. It is answered from the keyboard too.
  const modal = dialog(page, 'Use a certificate for this booking');
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByLabel('Card code'));
  await page.keyboard.type(gift.card_code);
  await page.keyboard.press('Enter');
  await expect(modal.getByText(/is applied to this booking/)).toBeVisible();
  await tabTo(page, modal.getByRole('button', { name: 'Book with this certificate' }));
  await page.keyboard.press('Enter');
  // Then the card part on the payment provider's page (not ours), if the certificate leaves one.
  await payIfAsked(page);
  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByTestId('booking-id')).toHaveText(/^BK-/);
});
