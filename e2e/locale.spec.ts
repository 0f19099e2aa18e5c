// A traveller switches language and currency; the choice shows at once and survives a reload.
import { expect, test } from '@playwright/test';

test('switching to Español translates the page and stays after a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Language and currency/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Language and currency' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Español/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu próximo viaje' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByRole('navigation', { name: 'Productos de viaje' }).getByRole('link', { name: 'Hoteles' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cuenta: Iniciar sesión/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentra tu próximo viaje' })).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Monedero' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inicia sesión para continuar' })).toBeVisible();
});

test('the dialog closes with Escape and returns focus to its button', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: /Language and currency/ });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Language and currency' });
  await expect(dialog.getByRole('button', { name: /English/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('switching currency converts the shown prices and stays after a reload', async ({ page }) => {
  await page.goto('/');
  const lisbon = page.locator('[data-dest-price="Lisbon"]');
  await expect(lisbon).toHaveText(/^\$[\d,]+\.\d\d$/);
  await page.getByRole('button', { name: /Language and currency/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^EUR/ }).click();
  await expect(lisbon).toHaveText(/^€[\d,]+\.\d\d$/);
  await expect(page.getByRole('button', { name: /^EN · EUR, Language and currency: English/ })).toBeVisible();
  await page.reload();
  await expect(lisbon).toHaveText(/^€[\d,]+\.\d\d$/);
});

test('a link with ?lang=fr-FR opens the page in French and remembers it', async ({ page }) => {
  await page.goto('/terms-of-use?lang=fr-FR');
  await expect(page.getByRole('heading', { level: 1, name: "Conditions d'utilisation" })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Trouvez votre prochain voyage' })).toBeVisible();
});

test('a signed-in user changes language from the account menu and the profile keeps it', async ({ page }) => {
  await page.request.post('/api/signIn', {
    data: {
      jsonSign: {
        usr_type: 2, email_id: 'demo@example.com', password: 'Demo1!pass', googletoken: '', fbtoken: '', site_url: '', accesscode: '',
        isPasswordAttempt: 1, promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'playwright',
    },
  });
  await page.goto('/');
  await page.getByRole('button', { name: /^Account: Demo/ }).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Français/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trouvez votre prochain voyage' })).toBeVisible();
  const profile = await (await page.request.get('/api/profile')).json();
  expect(profile.data.basicprofile[0].language).toBe('fr-FR');
});
