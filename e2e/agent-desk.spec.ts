// /agent, the agent's desk, as an agent lands on it: what to do next (search, quotes, clients, bookings), the credit
// left, today's bookings and the quotes waiting, in English and French, on a desktop and a phone, with axe.
import { expect, test } from '@playwright/test';
import { signInDemo } from './booking-helpers';
import { expectClean } from './axe';
import { keepScreen } from './screens';

test.describe.configure({ timeout: 90_000 });

const TEXT = {
  'en-US': { title: 'Agent desk', next: 'What next', quote: 'New quote', credit: 'Credit on account', today: 'Booked today', bookings: 'All bookings' },
  'fr-FR': { title: 'Espace agent', next: 'Que faire maintenant', quote: 'Nouveau devis', credit: 'Crédit en compte', today: 'Réservé aujourd’hui', bookings: 'Toutes les réservations' },
} as const;

for (const [language, text] of Object.entries(TEXT)) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`an agent lands on /agent and sees what to do next (${language}, ${viewport.width}×${viewport.height})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInDemo(page, 'agent@example.com', 'Agent1!pass');
      const answer = await page.goto(`/agent?lang=${language}`);
      expect(answer?.status()).toBe(200);
      const desk = page.getByTestId('agent-home');
      await expect(desk).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
      await expect(desk.getByRole('heading', { name: text.next })).toBeVisible();
      await expect(desk.getByRole('link', { name: text.quote })).toHaveAttribute('href', '/agent/my-quotes?new=1');
      await expect(desk.getByRole('link', { name: text.bookings })).toHaveAttribute('href', '/agent/booking-history');
      await expect(desk.getByTestId('desk-search')).toHaveAttribute('href', '/');
      await expect(desk.getByRole('heading', { name: text.credit })).toBeVisible();
      await expect(desk.getByTestId('credit-available')).toContainText(/\d/);
      await expect(desk.getByRole('heading', { name: text.today })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectClean(page, `agent /agent ${language}`);
      await keepScreen(page, `agent-desk-${viewport.width < 500 ? 'phone' : 'desktop'}-${language.slice(0, 2)}`, { fullPage: true });
    });
  }
}
