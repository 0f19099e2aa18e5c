// A traveller follows a destination card to its results, asks for a cruise or a flight, and finds help: at desktop and
// phone sizes, in English, French and Spanish.
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';

const PHONE = { width: 390, height: 844 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function noAxeViolations(page: Page) {
  const { violations } = await axeOn(page).withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const [size, viewport, lang, heading] of [
  ['desktop', { width: 1280, height: 900 }, 'en-US', 'Lisbon'],
  ['phone', PHONE, 'fr-FR', 'Lisbonne'],
] as const) {
  test.describe(`${size}, ${lang}`, () => {
    test.use({ viewport });

    test('a destination card opens its results, whose lowest total is the card’s "from" price', async ({ page }) => {
      await page.goto(`/?lang=${lang}`);
      const card = page.locator('li.dest-card', { has: page.getByRole('link', { name: heading }) });
      const from = card.locator('[data-dest-price]');
      const shown = (await from.textContent())!.trim();
      expect(shown).toMatch(/\d/);
      await card.getByRole('link', { name: heading }).click();
      await expect(page).toHaveURL(/\/search-detail\?.*city=Lisbon/);
      // A hotel's card shows the whole stay's total as its price (docs/contract.md#rooms-rates-and-availability).
      const totals = page.getByTestId('results').getByTestId('price');
      await expect(totals.first()).toBeVisible();
      const amounts = await totals.evaluateAll((els) => els.map((e) => ({ amount: Number(e.getAttribute('data-amount')), text: e.textContent!.trim() })));
      const lowest = amounts.reduce((a, b) => (b.amount < a.amount ? b : a));
      expect(lowest.text).toBe(shown);
    });
  });
}

test.describe('phone, es-ES', () => {
  test.use({ viewport: PHONE });

  test('a cruise enquiry: errors clear once fixed, the message is sent and reaches the org by mail', async ({ page }) => {
    await page.goto('/cruises?lang=es-ES');
    const form = page.getByRole('form', { name: 'Solicite un crucero' });
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText('Introduzca su nombre')).toBeVisible();
    await expect(form.getByLabel('Su nombre')).toBeFocused();
    await noAxeViolations(page);
    const message = `Siete noches por el Caribe ${Date.now()}`;
    await form.getByLabel('Su nombre').fill('Lucía Pérez');
    await expect(form.getByText('Introduzca su nombre')).toBeHidden();
    await form.getByLabel('Correo electrónico').fill('lucia@example.com');
    await form.getByLabel('Fecha de salida').fill('2027-03-01');
    await form.getByLabel('Fecha de regreso').fill('2027-03-08');
    await form.getByLabel('Viajeros').fill('2');
    await form.getByLabel('Mensaje').fill(message);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('enquiry-sent')).toContainText('Gracias');
    const outbox = await (await page.request.get('/api/dev/outbox?to=help@travelclub.example')).json();
    expect(outbox.data.some((m: { text: string }) => m.text.includes(message))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test('Help is one tap away: the footer and the account menu lead to it; it shows the org’s phone and e-mail (fr-FR, phone)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/flight?lang=fr-FR');
  await expect(page.getByRole('form', { name: 'Demandez un vol' })).toBeVisible();
  await page.getByTestId('footer-help').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aide et contact' })).toBeVisible();
  await expect(page.getByTestId('org-phone')).toHaveText('+1 415 555 0100');
  await expect(page.getByTestId('org-email')).toHaveAttribute('href', 'mailto:help@travelclub.example');
  await page.getByText('Puis-je annuler ma réservation\u202f?').click();
  await expect(page.getByText(/Ouvrez votre réservation/)).toBeVisible();
  await noAxeViolations(page);
  await page.goto('/');
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Aide' }).click();
  await expect(page).toHaveURL(/\/help$/);
  const form = page.getByRole('form', { name: 'Écrivez-nous' });
  await form.getByLabel('Votre nom').fill('Camille Martin');
  await form.getByLabel('E-mail').fill('camille@example.com');
  await form.getByLabel('Message').fill('Une question sur ma réservation');
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByTestId('enquiry-sent')).toContainText('Merci');
});
