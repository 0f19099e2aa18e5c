// Single sign-on: a portal's signed key at /login/sso signs the member in and goes home; a spent or forged key is refused.
import { expect, test } from '@playwright/test';
import { openPage, uniqueEmail } from './auth-helpers';

test('an SSO key signs in once and lands on the home page', async ({ page }) => {
  const email = uniqueEmail('sso');
  const r = await page.request.post('/api/dev/sso-key', { data: { email, first_name: 'Ines', last_name: 'Costa' } });
  const { url } = (await r.json()).data as { url: string };
  await page.goto(url);
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('account-menu-button')).toContainText('Ines', { timeout: 10_000 });

  await openPage(page, url);
  await expect(page.getByTestId('sso-error')).toHaveText('THE SINGLE SIGN-ON LINK IS INVALID OR HAS EXPIRED');
});

test('a forged SSO key is refused', async ({ page }) => {
  await openPage(page, '/login/sso?key=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InhAeS56In0.forged');
  await expect(page.getByTestId('sso-error')).toHaveText('THE SINGLE SIGN-ON LINK IS INVALID OR HAS EXPIRED');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});
