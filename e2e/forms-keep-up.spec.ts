// Forms that keep up: a field's error goes as soon as its value is valid (not at the next submit), and checkout fills
// in every traveller field the account holds. At desktop and phone sizes, in English and French.
import { expect, test, type Page } from '@playwright/test';
import { dialog, openPage } from './auth-helpers';
import { DEMO } from './auth-helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const invalid = (page: Page, id: string) => page.locator(`#${id}`);

for (const { lang, size, dialogName, submit } of [
  { lang: 'en-US', size: { width: 1280, height: 800 }, dialogName: 'Create your account', submit: 'Sign up with email' },
  { lang: 'fr-FR', size: { width: 390, height: 844 }, dialogName: /Créer votre compte|Créez votre compte|compte/i, submit: "S'inscrire par e-mail" },
]) {
  test(`sign-up: each field's error clears as soon as its value is valid (${lang}, ${size.width} wide)`, async ({ page }) => {
    await page.setViewportSize(size);
    // The language link is remembered; the sign-up link then opens the dialog in it.
    await openPage(page, `/?lang=${lang}`);
    await openPage(page, '/?signup=1');
    const d = dialog(page, dialogName);
    await expect(d).toBeVisible();
    await d.getByRole('button', { name: submit }).click();
    for (const id of ['signup-email', 'signup-first', 'signup-last']) await expect(invalid(page, id)).toHaveAttribute('aria-invalid', 'true');

    await page.locator('#signup-first').fill('Alma');
    await expect(invalid(page, 'signup-first')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('error-signup-first')).toHaveCount(0);
    // Only the field that became valid lets go of its message.
    await expect(invalid(page, 'signup-last')).toHaveAttribute('aria-invalid', 'true');

    await page.locator('#signup-email').fill('alma@');
    await expect(invalid(page, 'signup-email')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('#signup-email').fill('alma@example.com');
    await expect(invalid(page, 'signup-email')).not.toHaveAttribute('aria-invalid', 'true');
    await page.locator('#signup-last').fill('Keepup');
    await expect(invalid(page, 'signup-last')).not.toHaveAttribute('aria-invalid', 'true');
  });
}

test('sign-in: the email error clears once an address is typed (fr-FR, phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/?lang=fr-FR');
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Se connecter' }).click();
  await page.locator('#signin-password').fill('Whatever1!');
  await page.locator('#signin-password').press('Enter');
  await expect(page.locator('#signin-email')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('#signin-email').fill('x@example.com');
  await expect(page.locator('#signin-email')).not.toHaveAttribute('aria-invalid', 'true');
});

for (const { lang, size } of [
  { lang: 'en-US', size: { width: 1280, height: 800 } },
  { lang: 'fr-FR', size: { width: 390, height: 844 } },
]) {
  test(`checkout fills in every traveller field the account holds (${lang}, ${size.width} wide)`, async ({ page }) => {
    await page.setViewportSize(size);
    const r = await page.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: DEMO.email, password: DEMO.password }, navAgent: 'e2e' } });
    expect(r.status()).toBe(200);
    const hotel = (await (await page.request.get('/api/products/search?type=HLT&per_page=1')).json()).data[0];
    await openPage(page, `/hotel-checkout?id=${hotel.product_id}&check_in=${day(20)}&check_out=${day(22)}&guests=2&lang=${lang}`);
    const form = page.getByTestId('checkout');
    const first = lang === 'fr-FR' ? 'Prénom' : 'First name';
    const last = lang === 'fr-FR' ? 'Nom' : 'Last name';
    const phone = lang === 'fr-FR' ? 'Téléphone' : 'Phone';
    // By their accessible names: a required field's star is shown beside its label, hidden from assistive technology.
    const field = (name: string) => form.getByRole('textbox', { name, exact: true });
    await expect(field(first)).toHaveValue('Demo');
    await expect(field(last)).toHaveValue('Traveller');
    await expect(field(lang === 'fr-FR' ? 'E-mail' : 'Email')).toHaveValue(DEMO.email);
    await expect(field(phone)).toHaveValue('+1 2025550100');
  });
}
